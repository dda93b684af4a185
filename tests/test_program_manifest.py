"""Program verification: manifest.sha256 lists the sha256 of every critical file (code,
math files, rates, books) and is current; `python main.py --verify` prints every hash
and exits 0, or 2 naming each file that differs (changed, missing, unlisted, or a book
file that differs from its books' manifest)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from cabinet.core import program

ROOT = Path(__file__).resolve().parents[1]


def test_the_committed_manifest_is_current():
    found, diff = program.verify()
    assert not diff, ("manifest.sha256 is stale: run `python -m cabinet.math manifest` after editing code or "
                      f"books and commit it; differences: {diff[:5]}")
    names = set(found)
    assert {"main.py", "cabinet/core/books.py", "cabinet/core/forcing.py", "games/piggy_farm/math.yaml",
            "games/piggy_farm/books/manifest.json", "games/piggy_farm/books/base.npz"} <= names
    assert not any("/tools/" in n or n.startswith("tests/") or "__pycache__" in n for n in names)


def test_main_verify_prints_every_hash_and_exits_0():
    out = subprocess.run([sys.executable, "main.py", "--verify"], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    listed = program.read_manifest()
    assert lines[:-1] == [f"{sha}  {name}" for name, sha in sorted(listed.items())]
    assert lines[-1].startswith(f"{len(listed)} critical files; manifest.sha256 sha256 ")


def _tree(root: Path) -> None:
    (root / "cabinet").mkdir()
    (root / "cabinet" / "a.py").write_text("A = 1\n")
    game = root / "games" / "g"
    (game / "books").mkdir(parents=True)
    (game / "tools").mkdir()
    (game / "__init__.py").write_text("")
    (game / "tools" / "design.py").write_text("never listed\n")
    (game / "math.yaml").write_text("x: 1\n")
    (root / "main.py").write_text("print()\n")
    (game / "books" / "base.npz").write_bytes(b"books")
    entry = {"sha256": program.digest(game / "books" / "base.npz")}
    (game / "books" / "manifest.json").write_text(json.dumps({"files": {"base.npz": entry}}))


def test_each_kind_of_difference_is_named(tmp_path):
    _tree(tmp_path)
    _, diff = program.verify(tmp_path)
    assert diff == ["manifest.sha256 missing (write it with `python -m cabinet.math manifest`)"]
    program.write_manifest(program.current(tmp_path), tmp_path)
    found, diff = program.verify(tmp_path)
    assert diff == [] and sorted(found) == ["cabinet/a.py", "games/g/__init__.py", "games/g/books/base.npz",
                                            "games/g/books/manifest.json", "games/g/math.yaml", "main.py"]
    (tmp_path / "cabinet" / "a.py").write_text("A = 2\n")
    (tmp_path / "cabinet" / "new.py").write_text("")
    (tmp_path / "games" / "g" / "math.yaml").unlink()
    (tmp_path / "games" / "g" / "books" / "base.npz").write_bytes(b"other books")
    _, diff = program.verify(tmp_path)
    assert [d.split(":")[0] for d in diff] == ["cabinet/a.py", "cabinet/new.py", "games/g/books/base.npz",
                                               "games/g/math.yaml", "games/g/books/base.npz"]
    assert "differs from manifest.sha256" in diff[0] and "not in manifest.sha256" in diff[1]
    assert "listed in manifest.sha256 but missing" in diff[3] and "from games/g/books/manifest.json" in diff[4]


def test_build_updates_only_its_books_lines(tmp_path):
    _tree(tmp_path)
    program.write_manifest(program.current(tmp_path), tmp_path)
    (tmp_path / "cabinet" / "a.py").write_text("edited, not blessed\n")
    (tmp_path / "games" / "g" / "books" / "ante.npz").write_bytes(b"new")
    assert program.update_entries(tmp_path / "games" / "g" / "books", tmp_path)
    _, diff = program.verify(tmp_path)
    assert [d.split(":")[0] for d in diff] == ["cabinet/a.py"]      # the new library file is listed now
    assert not program.update_entries(tmp_path.parent, tmp_path)
