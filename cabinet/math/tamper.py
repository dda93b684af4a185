"""`python -m cabinet.math tamper [GAME ...]`: alter every book file the way a tester
would, and show that each altered library is refused.

For every mode file of every game (a copy in a temporary directory; the shipped
files are only read), each case below is applied and the mode is loaded as the
cabinet loads it (`load_mode`): it must raise LibraryError naming the file.

- payouts x10, metadata and manifest untouched (the lab's first try);
- weight moved onto the top book; the force column changed; the metadata edited;
- a byte of the zip flipped;
- another mode's file, and another game's file, copied over it;
- payouts x10 with the manifest rewritten to match (a tamperer who knows the format):
  refused because the arrays' exact RTP is no longer the stated one;
- weight moved with the exact RTP kept and the manifest rewritten: this one loads, so
  the case checks that program verification (`python main.py --verify`) names the
  books' manifest as differing from manifest.sha256.
"""
from __future__ import annotations

import io
import json
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable

import numpy as np

from cabinet.core import books as B
from cabinet.core import program

from .books import mode_file_bytes


def _arrays(path: Path) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    with np.load(io.BytesIO(path.read_bytes()), allow_pickle=False) as z:
        data = {k: z[k] for k in z.files}
    return data, json.loads(bytes(data.pop("meta")).decode())


def _rewrite(path: Path, data: dict[str, np.ndarray], meta: dict[str, Any], manifest: bool) -> None:
    raw, entry = mode_file_bytes(data, meta)
    path.write_bytes(raw)
    if manifest:
        man_path = path.parent / B.MANIFEST
        doc = json.loads(man_path.read_text())
        doc["files"][path.name] = entry
        man_path.write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n")


def _payouts(path, data, meta, manifest=False):
    data["payout_x100"] = data["payout_x100"] * 10
    _rewrite(path, data, meta, manifest)


def _weights(path, data, meta):
    w = data["weight"].copy()
    top = int(np.argmax(data["payout_x100"]))
    give = int(np.argmax(w)) if int(np.argmax(w)) != top else int(np.argsort(w)[-2])
    moved = int(w[give]) // 2
    w[give] -= moved
    w[top] += moved
    data["weight"] = w
    _rewrite(path, data, meta, False)


def _rtp_kept(path, data, meta):
    """Move weight between two books of the same payout: the RTP stays exact."""
    pay, w = data["payout_x100"], data["weight"].copy()
    values, counts = np.unique(pay, return_counts=True)
    twice = values[counts >= 2][0]
    a, b = np.flatnonzero(pay == twice)[:2]
    moved = int(w[a]) - 1
    w[a] -= moved
    w[b] += moved
    data["weight"] = w
    _rewrite(path, data, meta, True)


def _force(path, data, meta):
    f = data["force"].copy()
    f[-1] = -1 if f[-1] >= 0 else (0 if meta["categories"] else 1)
    data["force"] = f
    _rewrite(path, data, meta, False)


def _metadata(path, data, meta):
    meta["version"] = str(meta["version"]) + "-edited"
    _rewrite(path, data, meta, False)


def _flip(path, data, meta):
    raw = bytearray(path.read_bytes())
    raw[len(raw) // 2] ^= 0xFF
    path.write_bytes(bytes(raw))


def cases(other_mode: Path | None, other_game: Path | None) -> dict[str, Callable[[Path], None]]:
    """{case: function altering the file at a path}, in the module docstring's order."""
    def on_arrays(fn: Callable, **kw):
        return lambda path: fn(path, *_arrays(path), **kw)
    out = {"payouts x10": on_arrays(_payouts), "weight onto the top book": on_arrays(_weights),
           "force column": on_arrays(_force), "metadata": on_arrays(_metadata), "byte flipped": on_arrays(_flip)}
    if other_mode is not None:
        out["swapped with another mode's file"] = lambda path: shutil.copyfile(other_mode, path)
    if other_game is not None:
        out["swapped with another game's file"] = lambda path: shutil.copyfile(other_game, path)
    out["payouts x10, manifest rewritten"] = on_arrays(_payouts, manifest=True)
    return out


def tamper_game(spec_ref: Any, other_game_dir: Path | None, src: Path | None = None,
                modes: list[str] | None = None) -> list[dict[str, Any]]:
    """Every case on every mode file of one game (its books in `src`, default the
    shipped ones; `modes`: only those modes' files): [{file, case, refused, message}]."""
    spec = B.resolve_game(spec_ref)
    src = src or B.default_books_dir(spec)
    fp = B.fingerprint(spec)
    rows = []
    names = [f"{m.id}.npz" for m in spec.modes]
    other = sorted(other_game_dir.glob("*.npz")) if other_game_dir else []
    for k, name in enumerate(names):
        if modes is not None and name[:-4] not in modes:
            continue
        for case, alter in cases(src / names[(k + 1) % len(names)] if len(names) > 1 else None,
                                 other[k % len(other)] if other else None).items():
            with tempfile.TemporaryDirectory() as tmp:
                where = Path(tmp)
                shutil.copyfile(src / B.MANIFEST, where / B.MANIFEST)
                shutil.copyfile(src / name, where / name)
                alter(where / name)
                mode = name[:-4]
                try:
                    B.load_mode(spec, mode, where, fp)
                    rows.append({"file": f"{spec.id}/{name}", "case": case, "refused": False, "message": "loaded"})
                except B.LibraryError as exc:
                    rows.append({"file": f"{spec.id}/{name}", "case": case, "refused": name in str(exc),
                                 "message": str(exc).replace(tmp, "<copy>")})
    return rows


def rtp_kept_is_caught_by_verify(spec_ref: str) -> dict[str, Any]:
    """The one alteration loading cannot see (the manifest rewritten, the exact RTP
    kept): a copy of the tree's critical files with it, checked by program.verify."""
    spec = B.resolve_game(spec_ref)
    src = B.default_books_dir(spec)
    mode = spec.modes[0].id
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        listed = program.read_manifest() or {}
        for rel in listed:
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(program.TREE.path(rel), root / rel)
        shutil.copyfile(program.TREE.path(program.MANIFEST_NAME), root / program.MANIFEST_NAME)
        books = root / src.resolve().relative_to(program.TREE.code)
        path = books / f"{mode}.npz"
        _rtp_kept(path, *_arrays(path))
        loaded = True
        try:
            B.load_mode(spec, mode, books, B.fingerprint(spec))
        except B.LibraryError:
            loaded = False
        _, diff = program.verify(root)
    return {"file": f"{spec.id}/{mode}.npz", "loads": loaded, "verify": diff}


def tamper_command(games: list[str]) -> int:
    from cabinet.core.game import discover
    names = games or list(discover())
    bad = 0
    for k, g in enumerate(names):
        other = B.default_books_dir(B.resolve_game(names[(k + 1) % len(names)])) if len(names) > 1 else None
        for row in tamper_game(g, other):
            bad += not row["refused"]
            print(f"{row['file']:<40} {row['case']:<36} {'refused' if row['refused'] else 'NOT REFUSED'}: "
                  f"{row['message']}")
    for g in names:
        res = rtp_kept_is_caught_by_verify(g)
        caught = any("books/manifest.json" in line for line in res["verify"])
        bad += not caught
        print(f"{res['file']:<40} {'RTP kept, manifest rewritten':<36} loads={res['loads']}, "
              f"main.py --verify: {'names ' + res['verify'][0] if caught else 'NOT CAUGHT'}")
    print(f"{'every alteration refused' if not bad else f'{bad} alteration(s) NOT refused'}", file=sys.stderr)
    return 1 if bad else 0
