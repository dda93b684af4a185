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


def _json_paths(a: Any, b: Any, path: str = "") -> list[str]:
    """The paths (dotted keys, [i] indices) where two JSON documents differ."""
    if isinstance(a, dict) and isinstance(b, dict):
        return [p for k in sorted(set(a) | set(b), key=str)
                for p in (_json_paths(a[k], b[k], f"{path}.{k}" if path else str(k)) if k in a and k in b
                          else [f"{path}.{k}" if path else str(k)])]
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [p for i, (x, y) in enumerate(zip(a, b)) for p in _json_paths(x, y, f"{path}[{i}]")]
    return [] if a == b and type(a) is type(b) else [path or "(the document)"]


def _array_difference(name: str, new: np.ndarray | None, old: np.ndarray | None) -> str | None:
    """How one array of a rebuilt mode file differs from the shipped one (None: equal)."""
    if new is None or old is None:
        return f"{name}: only in the {'shipped' if new is None else 'rebuilt'} file"
    if name == "meta":
        paths = _json_paths(json.loads(new.tobytes()), json.loads(old.tobytes()))
        return None if not paths and new.tobytes() == old.tobytes() else \
            f"meta: {len(paths)} field(s) differ ({', '.join(paths[:3])}{', ...' if len(paths) > 3 else ''})"
    if new.dtype != old.dtype or new.shape != old.shape:
        return f"{name}: {new.dtype}{list(new.shape)} rebuilt, {old.dtype}{list(old.shape)} shipped"
    diff = np.flatnonzero(new != old)
    if not len(diff):
        return None
    largest = max(abs(int(a) - int(b)) for a, b in zip(new[diff].tolist(), old[diff].tolist()))
    return f"{name}: {len(diff):,} of {len(new):,} entries differ (largest difference {largest:,})"


def compare_library(
    built: Path, shipped: Path, game: str, modes: list[str], whole: bool = True
) -> list[tuple[bool, str]]:
    """Compare a rebuilt library with a shipped one, array by array: [(identical, line)]
    with one line per mode ("identical", or the first array that differs with how many
    entries differ and the largest difference, then the names of the others) and one
    for the manifest (`whole`: its whole text; else the entries of these modes)."""
    out: list[tuple[bool, str]] = []
    for mode in modes:
        name = f"{mode}.npz"
        new_path, old_path = built / name, shipped / name
        label = f"{game}/{mode}"
        if not old_path.is_file():
            out.append((False, f"{label}: differs: not in {shipped}"))
            continue
        if new_path.read_bytes() == old_path.read_bytes():
            out.append((True, f"{label}: identical"))
            continue
        try:
            with np.load(new_path, allow_pickle=False) as a, np.load(old_path, allow_pickle=False) as b:
                new, old = {k: a[k] for k in a.files}, {k: b[k] for k in b.files}
        except (OSError, ValueError, zipfile.BadZipFile) as exc:
            out.append((False, f"{label}: differs: the shipped file does not read ({type(exc).__name__})"))
            continue
        order = [k for k in [*ARRAYS, *OPTIONAL_ARRAYS, "meta"] if k in new or k in old]
        order += sorted((set(new) | set(old)) - set(order))
        found = [d for d in (_array_difference(k, new.get(k), old.get(k)) for k in order) if d]
        if not found:
            out.append((False, f"{label}: differs: every array is equal but the file's bytes are not"))
            continue
        others = [d.split(":")[0] for d in found[1:]]
        out.append((False, f"{label}: differs: {found[0]}" + (f"; also {', '.join(others)}" if others else "")))
    new_doc = json.loads((built / MANIFEST).read_text())
    try:
        old_text = (shipped / MANIFEST).read_text()
        old_doc = json.loads(old_text)
    except (OSError, ValueError):
        out.append((False, f"{game} {MANIFEST}: differs: missing or unreadable in {shipped}"))
        return out
    if whole:
        same = (built / MANIFEST).read_text() == old_text
        paths = _json_paths(new_doc, old_doc)
    else:
        keep = {f"{m}.npz" for m in modes}
        trim = [{**d, "files": {k: v for k, v in d.get("files", {}).items() if k in keep}} for d in (new_doc, old_doc)]
        paths = _json_paths(trim[0], trim[1])
        same = not paths
    detail = (f"{len(paths)} field(s) ({', '.join(paths[:3])}{', ...' if len(paths) > 3 else ''})" if paths
              else "the same content in other text")
    out.append((same, f"{game} {MANIFEST}: " + ("identical" if same else f"differs: {detail}")))
    return out
