"""Program verification: manifest.sha256 lists the sha256 of every critical file (code,
math files, rates, books, assets) and is current, and manifest.sha256.sig signs it with
the built-in release key; `python main.py --verify` prints every hash and the signer
and exits 0, or 2 naming each file that differs (changed, missing, unlisted, or a book
file that differs from its books' manifest). The attacks: tests/test_release_signature.py."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from cabinet.core import program, release, signing

ROOT = Path(__file__).resolve().parents[1]


def test_the_committed_manifest_is_current():
    found, diff = program.verify()
    assert not diff, ("manifest.sha256 is stale: run `python -m cabinet.math manifest` after editing code or "
                      f"books and commit it; differences: {diff[:5]}")
    names = set(found)
    assert {"main.py", "cabinet/core/books.py", "cabinet/core/forcing.py", "games/piggy_farm/math.yaml",
            "games/piggy_farm/books/manifest.json", "games/piggy_farm/books/base.npz"} <= names
    assert not any("/tools/" in n or n.startswith("tests/") or "__pycache__" in n for n in names)
    assert {"assets/piggy_farm/manifest.yaml", "cabinet/core/release.py"} <= names and "config.yaml" not in names
    assert any(n.startswith("assets/fonts/") for n in names) and any(n.endswith(".png") for n in names)


def test_the_committed_manifest_is_signed_by_the_built_in_release_key():
    assert release.RELEASE_KEYS == ("78b9dc973822069266031c0d5ae5caaf0c2be0e16d794cc34526c865afe8a267",)
    verdict = release.check_program(real_play=True)       # development keys are not even consulted
    assert verdict.problems == [], ("run `python -m cabinet.math manifest` (with the release key) and commit "
                                    f"manifest.sha256 and manifest.sha256.sig: {verdict.problems[:3]}")
    assert verdict.release and verdict.signer_line() == "signed by the release key 4338-afb4-eb82-715b"
    assert (ROOT / release.SIG_NAME).read_text().splitlines()[-1] == "key: 4338-afb4-eb82-715b"


def test_main_verify_prints_every_hash_and_exits_0():
    out = subprocess.run([sys.executable, "main.py", "--verify"], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    listed = program.read_manifest()
    assert lines[:-2] == [f"{sha}  {name}" for name, sha in sorted(listed.items())]
    assert lines[-2].startswith(f"{len(listed)} critical files; manifest.sha256 sha256 ")
    assert lines[-1] == "signed by the release key 4338-afb4-eb82-715b"


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


def test_build_updates_only_its_books_lines_and_signs_again(tmp_path, monkeypatch, capsys):
    from cryptography.hazmat.primitives import serialization as S
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
    key = Ed25519PrivateKey.generate()
    pem = tmp_path / "studio.pem"
    pem.write_bytes(key.private_bytes(S.Encoding.PEM, S.PrivateFormat.PKCS8, S.NoEncryption()))
    monkeypatch.setenv(signing.RELEASE_KEY_ENV, str(pem))            # the key `manifest` would sign with
    monkeypatch.setattr(release, "RELEASE_KEYS", (release.raw_public(key).hex(),))
    root = tmp_path / "tree"
    root.mkdir()
    _tree(root)
    program.write_manifest(program.current(root), root)
    (root / "cabinet" / "a.py").write_text("edited, not blessed\n")
    (root / "games" / "g" / "books" / "ante.npz").write_bytes(b"new")
    assert program.update_entries(root / "games" / "g" / "books", root)
    _, diff = program.verify(root)
    assert [d.split(":")[0] for d in diff] == ["cabinet/a.py"]      # the new library file is listed now
    assert release.verify_program(root, real_play=True) == [diff[0]]  # signed again: only the edit differs
    assert not program.update_entries(tmp_path, root)
    monkeypatch.setenv(signing.RELEASE_KEY_ENV, str(tmp_path / "gone.pem"))
    (root / "games" / "g" / "books" / "ante.npz").write_bytes(b"newer")
    assert program.update_entries(root / "games" / "g" / "books", root)
    err = capsys.readouterr().err
    assert err.startswith("manifest.sha256 updated but not signed: key '") and err.count("\n") == 1
    assert release.verify_program(root, real_play=True)[0].startswith("manifest.sha256.sig: bad signature")
