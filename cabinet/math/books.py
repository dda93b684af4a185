"""The build half of the book libraries: writing a mode's file and the strata the
optimizer keeps. The format and the runtime half (load, verify, draw) live in
cabinet/core/books.py, which the cabinet uses without the tools."""
from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from typing import Any

import numpy as np

from cabinet.core.books import ARRAYS, OPTIONAL_ARRAYS

_ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def write_mode_file(path: Path, arrays: dict[str, np.ndarray], meta: dict[str, Any]) -> None:
    """Write one mode's library; same content -> same bytes (fixed zip timestamps)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".npz.tmp")
    blobs = dict(arrays)
    blobs["meta"] = np.frombuffer(json.dumps(meta, sort_keys=True).encode(), dtype=np.uint8)
    with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        names = [*ARRAYS, *(k for k in OPTIONAL_ARRAYS if k in blobs), "meta"]
        for name in names:
            buf = io.BytesIO()
            np.lib.format.write_array(buf, np.ascontiguousarray(blobs[name]), allow_pickle=False)
            info = zipfile.ZipInfo(f"{name}.npy", date_time=_ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, buf.getvalue(), compresslevel=9)
    tmp.replace(path)


def strata(force: np.ndarray, features: np.ndarray, names: list[str], categories: list[str]) -> np.ndarray:
    """Each book's stratum: its forcing category, or for a natural book the FIRST
    listed category it is in (-1: none). The optimizer keeps each category's share."""
    stratum = force.astype(np.int64)
    for c in reversed(range(len(categories))):     # later ones first, earlier ones overwrite
        in_c = (force == -1) & ((features >> np.uint64(names.index(categories[c]))) & np.uint64(1) == 1)
        stratum[in_c] = c
    return stratum
