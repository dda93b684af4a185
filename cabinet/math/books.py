"""The build half of the book libraries: writing a mode's file and the books'
manifest, installing a built directory, and the strata the optimizer keeps. The
format and the runtime half (load, verify, draw) live in cabinet/core/book_format.py
and cabinet/core/books.py, which the cabinet uses without the tools."""
from __future__ import annotations

import hashlib
import io
import json
import os
import shutil
import zipfile
from pathlib import Path
from typing import Any

import numpy as np

from cabinet.core.book_format import ARRAYS, FORMAT, MANIFEST, OPTIONAL_ARRAYS, array_digest

_ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def mode_file_bytes(arrays: dict[str, np.ndarray], meta: dict[str, Any]) -> tuple[bytes, dict[str, Any]]:
    """One mode's file (same content -> same bytes: fixed zip timestamps) and its
    manifest entry."""
    blobs = {k: np.ascontiguousarray(v) for k, v in arrays.items()}
    meta_bytes = json.dumps(meta, sort_keys=True).encode()
    blobs["meta"] = np.frombuffer(meta_bytes, dtype=np.uint8)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name in [*ARRAYS, *(k for k in OPTIONAL_ARRAYS if k in blobs), "meta"]:
            buf = io.BytesIO()
            np.lib.format.write_array(buf, blobs[name], allow_pickle=False)
            info = zipfile.ZipInfo(f"{name}.npy", date_time=_ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, buf.getvalue(), compresslevel=9)
    raw = out.getvalue()
    entry = {"sha256": hashlib.sha256(raw).hexdigest(), "meta": hashlib.sha256(meta_bytes).hexdigest(),
             "arrays": {k: array_digest(v) for k, v in blobs.items() if k != "meta"},
             "rtp": meta["rtp"], "books": len(arrays["force"])}
    return raw, entry


def write_library(out_dir: Path, game: str, fingerprint: str, files: dict[str, tuple[bytes, dict[str, Any]]]) -> None:
    """Write mode files {name.npz: (bytes, entry)} and the manifest listing them."""
    out_dir.mkdir(parents=True, exist_ok=True)
    for name, (raw, _) in files.items():
        (out_dir / name).write_bytes(raw)
    manifest = {"format": FORMAT, "game": game, "fingerprint": fingerprint,
                "files": {name: entry for name, (_, entry) in sorted(files.items())}}
    (out_dir / MANIFEST).write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")


def staging_dir(target: Path) -> Path:
    """A new, empty directory beside `target` (same file system, so installing is a rename)."""
    stage = target.with_name(f".{target.name}.new-{os.getpid()}")
    if stage.exists():
        shutil.rmtree(stage)
    stage.mkdir(parents=True)
    return stage


def install(stage: Path, target: Path) -> None:
    """Replace `target` by the verified `stage` directory: two renames, so `target`
    is at every moment either the whole old library or the whole new one."""
    old = target.with_name(f".{target.name}.old-{os.getpid()}")
    if target.exists():
        target.rename(old)
    stage.rename(target)
    if old.exists():
        shutil.rmtree(old)


_CACHE: dict = {}


def cached_library(ref: Any, books_dir: Path | str, mode: str):
    """One mode's library as a worker process keeps it between tasks (loaded once per
    process, again if the directory's manifest changed)."""
    from cabinet.core import books as B
    stamp = hashlib.sha256((Path(books_dir) / MANIFEST).read_bytes()).hexdigest()
    key = (ref if isinstance(ref, str) else id(ref), str(books_dir), mode, stamp)
    if key not in _CACHE:
        _CACHE.clear()
        _CACHE[key] = B.load_library(ref, books_dir, [mode])
    return _CACHE[key]


def strata(force: np.ndarray, features: np.ndarray, names: list[str], categories: list[str]) -> np.ndarray:
    """Each book's stratum: its forcing category, or for a natural book the FIRST
    listed category it is in (-1: none). The optimizer keeps each category's share."""
    stratum = force.astype(np.int64)
    for c in reversed(range(len(categories))):     # later ones first, earlier ones overwrite
        in_c = (force == -1) & ((features >> np.uint64(names.index(categories[c]))) & np.uint64(1) == 1)
        stratum[in_c] = c
    return stratum
