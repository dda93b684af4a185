"""Launch timing marks for `python -m cabinet.ui.bench --launch` (bench_launch.py).

With CABINET_LAUNCH_PROBE set in the environment, `mark(name)` prints
`launch-probe NAME WALL_TIME` once per name on stdout; `mark("lobby")` (the first frame
of an interactive, finished lobby) also asks the caller to stop. Without it, nothing.
"""
from __future__ import annotations

import os
import sys
import time

_seen: set[str] = set()


def active() -> bool:
    return bool(os.environ.get("CABINET_LAUNCH_PROBE"))


def mark(name: str) -> bool:
    """Print the mark once; True when the probe wants the program to stop here."""
    if not active() or name in _seen:
        return False
    _seen.add(name)
    sys.stdout.write(f"launch-probe {name} {time.time():.6f}\n")
    sys.stdout.flush()
    return name == "lobby"
