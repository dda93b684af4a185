"""Program verification: the sha256 of every critical file, against `manifest.sha256`.

The critical files are what decides an outcome, a payment or what the player sees:
`main.py` and any other importable file at the top of the tree (a `yaml.py` dropped
beside main.py would shadow the installed package), the `__init__.py` of any other
top-level package (`tests/` excepted), every Python file under `cabinet/` and `games/`
(a game's design-only `tools/` excepted; compiled extensions and sourceless `.pyc`
count as Python files, `__pycache__` does not), each game's `math.yaml`, `rates.json`,
`found.json` and `view/asset_ids.yaml`, `cabinet/core/asset_ids.yaml`, every file of
each game's `books/` (the libraries and their own manifest) and every file under
`assets/` (pictures, sounds, fonts; dotfiles and `__pycache__` skipped). `config.yaml`
is the operator's file and is not listed. `manifest.sha256`, at the top of the tree,
lists them in `sha256sum` format (one "<sha256>  <path>" line per file, sorted by
path), so a lab can also check it with `sha256sum -c manifest.sha256`.

Installed from the wheel, the same names map onto site-packages (cabinet.core.resources,
docs/packaging.md): `cabinet/` and `games/` are the packages, main.py, the manifest and
`assets/` sit in `slot_cabinet/`; the top-level files are those of `slot_cabinet/`.
`setup.py`, the wheel's build step, is not critical (BUILD_ONLY).

`manifest.sha256.sig` is its Ed25519 signature (`cabinet.core.release`, docs/signing.md):
every start checks the signature and every digest (main.py). It is written by
`python -m cabinet.math manifest`, which signs it; `build` updates the lines of the
libraries it installs and signs again. A developer who edits any critical file runs
`python -m cabinet.math manifest` and commits the result: `tests/test_program_manifest.py`
fails while the manifest differs from the tree, so it cannot silently go stale. After
a merge conflict in it, run the command again. `python main.py --verify` prints every
hash and the signer and exits 2 naming each file that differs from the manifest (or
from its books' manifest), or a signature that does not verify; 0 when none does.
"""
from __future__ import annotations

import hashlib
import importlib.machinery
import json
import os
import sys
from functools import partial
from pathlib import Path

from .resources import ProgramTree, program_tree

TREE = program_tree()              # the running program's files (cabinet.core.resources)
ROOT = TREE.top                    # main.py, manifest.sha256 and assets/ (a checkout's root)
Root = Path | ProgramTree          # a checkout-shaped folder (a test's copy), or a tree
MANIFEST_NAME = "manifest.sha256"
BUILD_ONLY = ("setup.py",)         # the wheel's build step: run by pip, never imported by the program, not in a wheel
CODE_SUFFIXES = tuple(importlib.machinery.all_suffixes())   # .py, .pyc, .so, .cpython-311-x86_64-linux-gnu.so, ...


def _code(path: Path) -> bool:
    """Whether Python would import this file as a module (source, sourceless or extension)."""
    return path.name.endswith(CODE_SUFFIXES)


def _walk(folder: Path):
    """Every file under `folder`, `__pycache__` and dotfiles (and dot folders) skipped."""
    for top, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if d != "__pycache__" and not d.startswith(".")]
        yield from (Path(top, f) for f in files if not f.startswith("."))


def critical_files(root: Root = TREE) -> list[str]:
    """The critical files' names as the manifest lists them (posix, from the top), sorted.
    In an installed tree the top is the `slot_cabinet` folder (main.py and assets/), and
    `cabinet/` and `games/` are the packages beside it (cabinet.core.resources)."""
    tree = ProgramTree.of(root)
    top, code = tree.top, tree.code
    found = [(top, p) for p in top.iterdir()
             if p.is_file() and (_code(p) or p.name == "main.py") and p.name not in BUILD_ONLY]
    found += [(top, d / "__init__.py") for d in top.iterdir()
              if d.is_dir() and d.name not in ("cabinet", "games", "tests") and not d.name.startswith(".")]
    found += [(code, p) for p in _walk(code / "cabinet") if _code(p)]
    found.append((code, code / "cabinet/core/asset_ids.yaml"))
    games = code / "games"
    found += [(code, p) for p in _walk(games) if _code(p) and p.relative_to(games).parts[1:2] != ("tools",)]
    for game in sorted(p for p in games.iterdir() if p.is_dir() and (p / "__init__.py").is_file()):
        found += [(code, p) for p in (game / "math.yaml", game / "rates.json", game / "found.json",
                                      game / "view/asset_ids.yaml") if p.is_file()]
        if (game / "books").is_dir():
            found += [(code, p) for p in (game / "books").iterdir() if p.is_file()]
    found += [(top, p) for p in _walk(top / "assets")]
    rel = {p.relative_to(base).as_posix() for base, p in found if p.is_file() and "__pycache__" not in p.parts}
    return sorted(rel)


def version() -> str:
    """The cabinet's version (the installed distribution's), or "source checkout"."""
    try:
        from importlib.metadata import version as dist_version
        return dist_version("slot-cabinet")
    except Exception:            # not installed as a distribution (a source checkout)
        return "source checkout"


def manifest_digest(root: Root = TREE) -> str:
    """The sha256 of manifest.sha256 itself ("none" without one): what --verify prints last."""
    listing = ProgramTree.of(root).path(MANIFEST_NAME)
    return digest(listing) if listing.is_file() else "none"


def digest(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(partial(f.read, 1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def current(root: Root = TREE) -> dict[str, str]:
    """{path: sha256} of every critical file as it is on disk."""
    tree = ProgramTree.of(root)
    return {p: digest(tree.path(p)) for p in critical_files(tree)}


def read_manifest(root: Root = TREE) -> dict[str, str] | None:
    """{path: sha256} as the manifest lists them; None if there is no manifest.
    ValueError names a line that is not "<64 hex>  <path>"."""
    path = ProgramTree.of(root).path(MANIFEST_NAME)
    if not path.is_file():
        return None
    return parse_manifest(path.read_bytes(), path)


def parse_manifest(data: bytes, path: Path | str = MANIFEST_NAME) -> dict[str, str]:
    """{path: sha256} from the manifest's bytes (read once: what was signed is what is
    parsed). ValueError names a line that is not "<64 hex>  <path>", or a path twice."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{path}: not UTF-8 text") from None
    out: dict[str, str] = {}
    for n, line in enumerate(text.splitlines(), start=1):
        sha, sep, name = line.partition("  ")
        if not sep or len(sha) != 64 or any(c not in "0123456789abcdef" for c in sha) or not name:
            raise ValueError(f"{path}:{n}: not a '<sha256>  <path>' line")
        if name in out:
            raise ValueError(f"{path}:{n}: {name} listed twice")
        out[name] = sha
    return out


def write_manifest(hashes: dict[str, str], root: Root = TREE) -> Path:
    path = ProgramTree.of(root).path(MANIFEST_NAME)
    path.write_text("".join(f"{sha}  {name}\n" for name, sha in sorted(hashes.items())))
    return path


def differences(listed: dict[str, str], found: dict[str, str]) -> list[str]:
    """One line per file that differs: changed, missing, or not in the manifest."""
    out = []
    for name in sorted(set(listed) | set(found)):
        if name not in found:
            out.append(f"{name}: listed in {MANIFEST_NAME} but missing")
        elif name not in listed:
            out.append(f"{name}: not in {MANIFEST_NAME}")
        elif listed[name] != found[name]:
            out.append(f"{name}: sha256 {found[name][:16]}... differs from {MANIFEST_NAME}'s {listed[name][:16]}...")
    return out


def book_differences(found: dict[str, str], root: Root = TREE) -> list[str]:
    """Each library file whose sha256 differs from its own books' manifest.json."""
    tree = ProgramTree.of(root)
    out = []
    for man in sorted(name for name in found if name.endswith("/books/manifest.json")):
        try:
            files = json.loads(tree.path(man).read_text())["files"]
        except (OSError, ValueError, KeyError, TypeError):
            out.append(f"{man}: unreadable")
            continue
        folder = man.rsplit("/", 1)[0]
        for fname, entry in sorted(files.items()):
            name = f"{folder}/{fname}"
            sha = entry.get("sha256") if isinstance(entry, dict) else None
            if found.get(name) != sha:
                out.append(f"{name}: {'missing' if name not in found else 'sha256 differs'} from {man}")
    return out


def update_entries(books_dir: Path, root: Root = TREE, key: str | None = None) -> bool:
    """After `build` installs a library in the tree: the manifest's lines for that
    books directory follow its new files (nothing else changes), and the manifest is
    signed again with the key `python -m cabinet.math manifest` would use (`key`, else
    the release key, else the development key: `signing.signing_key`); a key that
    cannot be used is one line on stderr (the start then refuses the old signature).
    False when the directory is outside the tree or there is no manifest."""
    tree = ProgramTree.of(root)
    try:
        prefix = books_dir.resolve().relative_to(tree.code).as_posix() + "/"
    except ValueError:
        return False
    listed = read_manifest(root)
    if listed is None:
        return False
    kept = {k: v for k, v in listed.items() if not k.startswith(prefix)}
    kept.update({p: digest(tree.path(p)) for p in critical_files(tree) if p.startswith(prefix)})
    write_manifest(kept, root)
    from . import signing
    try:
        signing.sign_file(tree.path(MANIFEST_NAME), key)
    except signing.ReleaseError as exc:
        sys.stderr.write(f"{MANIFEST_NAME} updated but not signed: {exc}\n")
    return True


def verify(root: Root = TREE) -> tuple[dict[str, str], list[str]]:
    """({path: sha256} of every critical file, [what differs]); with no manifest, the
    one difference says so."""
    found = current(root)
    try:
        listed = read_manifest(root)
    except ValueError as exc:
        return found, [str(exc)]
    if listed is None:
        return found, [f"{MANIFEST_NAME} missing (write it with `python -m cabinet.math manifest`)"]
    return found, differences(listed, found) + book_differences(found, root)
