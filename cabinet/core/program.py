"""Program verification: the sha256 of every critical file, against `manifest.sha256`.

The critical files are what decides an outcome or a payment: `main.py`, every Python
file under `cabinet/` and `games/` (a game's design-only `tools/` excepted), each game's
`math.yaml` and `rates.json`, and every file of each game's `books/` (the libraries
and their own manifest). `manifest.sha256`, at the top of the tree, lists them in
`sha256sum` format (one "<sha256>  <path>" line per file, sorted by path), so a lab
can also check it with `sha256sum -c manifest.sha256`.

It is written by `python -m cabinet.math manifest`; `build` updates the lines of the
libraries it installs. A developer who edits any critical file runs
`python -m cabinet.math manifest` and commits the result: `tests/test_program_manifest.py`
fails while the manifest differs from the tree, so it cannot silently go stale. After
a merge conflict in it, run the command again. `python main.py --verify` prints every
hash and exits 2 naming each file that differs from the manifest (or from its books'
manifest), 0 when none does.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MANIFEST_NAME = "manifest.sha256"


def critical_files(root: Path = ROOT) -> list[str]:
    """The critical files' paths relative to `root`, sorted (posix separators)."""
    found = [root / "main.py"]
    found += (root / "cabinet").rglob("*.py")
    found.append(root / "cabinet/core/asset_ids.yaml")
    for game in sorted(p for p in (root / "games").iterdir() if p.is_dir() and (p / "__init__.py").is_file()):
        found += [p for p in game.rglob("*.py") if "tools" not in p.relative_to(game).parts[:1]]
        found += [p for p in (game / "math.yaml", game / "rates.json", game / "found.json", game / "view/asset_ids.yaml")
                  if p.is_file()]
        if (game / "books").is_dir():
            found += [p for p in (game / "books").iterdir() if p.is_file()]
    rel = {p.relative_to(root).as_posix() for p in found if p.is_file() and "__pycache__" not in p.parts}
    return sorted(rel)


def version() -> str:
    """The cabinet's version (the installed distribution's), or "source checkout"."""
    try:
        from importlib.metadata import version as dist_version
        return dist_version("slot-cabinet")
    except Exception:            # not installed as a distribution (a source checkout)
        return "source checkout"


def manifest_digest(root: Path = ROOT) -> str:
    """The sha256 of manifest.sha256 itself ("none" without one): what --verify prints last."""
    listing = root / MANIFEST_NAME
    return digest(listing) if listing.is_file() else "none"


def digest(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def current(root: Path = ROOT) -> dict[str, str]:
    """{path: sha256} of every critical file as it is on disk."""
    return {p: digest(root / p) for p in critical_files(root)}


def read_manifest(root: Path = ROOT) -> dict[str, str] | None:
    """{path: sha256} as the manifest lists them; None if there is no manifest.
    ValueError names a line that is not "<64 hex>  <path>"."""
    path = root / MANIFEST_NAME
    if not path.is_file():
        return None
    out = {}
    for n, line in enumerate(path.read_text().splitlines(), start=1):
        sha, sep, name = line.partition("  ")
        if not sep or len(sha) != 64 or any(c not in "0123456789abcdef" for c in sha) or not name:
            raise ValueError(f"{path}:{n}: not a '<sha256>  <path>' line")
        out[name] = sha
    return out


def write_manifest(hashes: dict[str, str], root: Path = ROOT) -> Path:
    path = root / MANIFEST_NAME
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


def book_differences(found: dict[str, str], root: Path = ROOT) -> list[str]:
    """Each library file whose sha256 differs from its own books' manifest.json."""
    out = []
    for man in sorted(name for name in found if name.endswith("/books/manifest.json")):
        try:
            files = json.loads((root / man).read_text())["files"]
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


def update_entries(books_dir: Path, root: Path = ROOT) -> bool:
    """After `build` installs a library in the tree: the manifest's lines for that
    books directory follow its new files (nothing else changes). False when the
    directory is outside the tree or there is no manifest."""
    try:
        prefix = books_dir.resolve().relative_to(root).as_posix() + "/"
    except ValueError:
        return False
    listed = read_manifest(root)
    if listed is None:
        return False
    kept = {k: v for k, v in listed.items() if not k.startswith(prefix)}
    kept.update({p: digest(root / p) for p in critical_files(root) if p.startswith(prefix)})
    write_manifest(kept, root)
    return True


def verify(root: Path = ROOT) -> tuple[dict[str, str], list[str]]:
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
