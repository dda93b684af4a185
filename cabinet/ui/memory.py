"""The C allocator's setting that keeps a cabinet's memory flat over weeks.

glibc serves a large block (a picture's pixels) with its own mmap and gives it back
to the system when it is freed, but it raises that threshold each time such a block
is freed, up to 32 MB: after a while every rebuilt picture comes from the heap, whose
freed holes the system never gets back. The asset caches (layout.SurfaceCache) drop
and rebuild pictures all the time, so a 10^5-event random-input soak grew from 270 to
430+ MiB that way, with the Python heap unchanged (tracemalloc: +1 MB). Fixing the
threshold at 256 KB (which also stops its growth) holds the same run at 305-339 MiB
from event 20,000 to 100,000, 327 MiB at the end instead of 470 (`python -m
cabinet.ui.soak input`; the same as MALLOC_MMAP_THRESHOLD_=262144), with frame times
unchanged (`python -m cabinet.ui.bench`).
Elsewhere than glibc this does nothing.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import sys

M_MMAP_THRESHOLD = -3            # glibc's mallopt parameter
THRESHOLD = 256 * 1024
_done = False


def keep_large_blocks_returnable() -> bool:
    """Fix glibc's mmap threshold (once per process). True when it was set."""
    global _done
    if _done or not sys.platform.startswith("linux"):
        return _done
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        _done = bool(libc.mallopt(M_MMAP_THRESHOLD, THRESHOLD))
    except (OSError, AttributeError):          # not glibc (musl has no mallopt): nothing to set
        _done = False
    return _done
