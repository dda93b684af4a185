"""The release signature (cabinet/core/release.py, docs/signing.md): manifest.sha256 is
signed with Ed25519 and every start checks the signature and every critical file.
Each attack a test lab tries on a copy of the tree is refused, naming what is wrong:
a line appended to money.py, the manifest rewritten to match (the signature not), a
re-signature with a development key under real play, a book, an asset, an extra
module. The copy's manifest is rewritten and signed with keys made here, so the tests
never use the studio's release key."""
from __future__ import annotations

import base64
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from cabinet.core import program, release, signing
from cabinet.math import cli

ROOT = Path(__file__).resolve().parents[1]
STUDIO_FP = release.fingerprint(bytes.fromhex(release.RELEASE_KEYS[0]))     # the built-in release key's
SKIP_TOP = {".venv", ".git", "data", "shots", "par", "build", ".pytest_cache", ".ruff_cache"}


class Key:
    """A key pair in files: `pem` (PKCS8, as the release key is kept) and `pub` (hex)."""

    def __init__(self, folder: Path, name: str):
        self.private = Ed25519PrivateKey.generate()
        self.raw = release.raw_public(self.private)
        self.pem, self.pub = folder / f"{name}.pem", folder / f"{name}.pub"
        self.pem.write_bytes(self.private.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                                        serialization.NoEncryption()))
        self.pub.write_text(self.raw.hex() + "\n")
        self.fp = release.fingerprint(self.raw)


def _ignore(folder: str, names: list[str]) -> list[str]:
    top = Path(folder) == ROOT
    return [n for n in names if n == "__pycache__" or (top and (n in SKIP_TOP or n.endswith(".egg-info")))]


def _sign(root: Path, key: Key) -> None:
    """The copy's manifest written from its files and signed with `key`."""
    program.write_manifest(program.current(root), root)
    (root / release.SIG_NAME).write_text(release.sign((root / program.MANIFEST_NAME).read_bytes(), key.pem))


@pytest.fixture
def keys(tmp_path):
    folder = tmp_path / "keys"
    folder.mkdir()
    return Key(folder, "release"), Key(folder, "dev")


@pytest.fixture
def tree(tmp_path, keys, monkeypatch):
    """A copy of the tree signed with a stand-in release key (the built-in keys swapped for it)."""
    root = tmp_path / "tree"
    shutil.copytree(ROOT, root, ignore=_ignore)
    monkeypatch.setattr(release, "RELEASE_KEYS", (keys[0].raw.hex(),))
    _sign(root, keys[0])
    assert release.verify_program(root, real_play=True, dev_keys=[]) == []
    return root


def _append(path: Path, text: bytes) -> None:
    with path.open("ab") as f:
        f.write(text)


def test_the_signature_file_is_the_documented_format(tmp_path, keys):
    data = b"abc  main.py\n"
    text = release.sign(data, keys[0].pem)
    comment, sig_line, key_line = text.splitlines()
    assert comment.startswith("# manifest.sha256.sig: Ed25519") and key_line == f"key: {keys[0].fp}"
    Ed25519PublicKey.from_public_bytes(keys[0].raw).verify(base64.b64decode(sig_line.removeprefix("signature: ")), data)
    assert signing.read_signature(text.encode()) == (base64.b64decode(sig_line[11:]), keys[0].fp)
    fp = release.fingerprint(keys[0].raw)
    assert len(fp) == 19 and fp.replace("-", "") == __import__("hashlib").sha256(keys[0].raw).hexdigest()[:16]
    with pytest.raises(signing.ReleaseError, match="not 'signature: <base64>'"):
        signing.read_signature(text.encode() + b"signature: again\n")
    with pytest.raises(signing.ReleaseError, match="needs a 64-byte signature"):
        signing.read_signature(b"signature: AAAA\nkey: x\n")
    (tmp_path / "rsa.pem").write_text("-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n")
    with pytest.raises(signing.ReleaseError, match="not a key this tool can use; allowed: an unencrypted PKCS8"):
        release.sign(data, tmp_path / "rsa.pem")


def test_a_line_appended_to_money_py_is_refused_naming_it(tree):
    _append(tree / "cabinet/core/money.py", b"\nMAX_BET = 10**9\n")
    problems = release.verify_program(tree, real_play=False, dev_keys=[])
    assert problems[0].startswith("cabinet/core/money.py: sha256 ") and "differs from manifest.sha256" in problems[0]


def test_the_manifest_rewritten_to_match_without_the_signature_is_refused(tree, keys):
    _append(tree / "cabinet/core/money.py", b"\nMAX_BET = 10**9\n")
    program.write_manifest(program.current(tree), tree)                # anyone can rebuild the digests
    assert program.verify(tree)[1] == []
    assert release.verify_program(tree, real_play=False, dev_keys=[keys[1].raw]) == [
        f"manifest.sha256.sig: bad signature: manifest.sha256 is not what key {keys[0].fp} signed"]


@pytest.mark.slow
def test_a_development_signature_plays_only_without_real_play(tree, keys):
    gone = tree.parent / "gone.pub"
    assert release.verify_program(tree, dev_keys=[gone]) == []        # release-signed: no dev key is read
    _append(tree / "cabinet/core/money.py", b"\n# a developer's change\n")
    _sign(tree, keys[1])
    assert release.verify_program(tree, real_play=False, dev_keys=[keys[1].pub]) == []
    verdict = release.check_program(tree, dev_keys=[keys[1].raw])
    assert not verdict.release and verdict.signer_line() == f"signed by development key {keys[1].fp}: not for real play"
    assert release.verify_program(tree, real_play=True, dev_keys=[keys[1].raw]) == [
        f"manifest.sha256.sig: signed by key {keys[1].fp}; real_play: true accepts only the release key {keys[0].fp}"]
    assert release.verify_program(tree, real_play=False, dev_keys=[]) == [
        f"manifest.sha256.sig: signed by key {keys[1].fp}, neither the release key nor a development key trusted here"]
    assert release.verify_program(tree, dev_keys=[gone])[0].startswith(f"public key '{gone}': cannot be read")


@pytest.mark.parametrize("rel", ["games/piggy_farm/books/base.npz", "assets/fonts/*.ttf", "assets/piggy_farm/**/*.png"])
def test_a_changed_book_or_asset_is_refused_naming_it(tree, rel):
    path = next(iter(sorted(tree.glob(rel))))
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x01
    path.write_bytes(bytes(data))
    problems = release.verify_program(tree, real_play=True, dev_keys=[])
    name = path.relative_to(tree).as_posix()
    assert problems and problems[0].startswith(f"{name}: sha256 ") and all(p.startswith(name) for p in problems)


@pytest.mark.parametrize("rel, says", [
    ("cabinet/core/payout_patch.py", "not in manifest.sha256"),
    ("cabinet/core/money.cpython-311-x86_64-linux-gnu.so", "not in manifest.sha256"),
    ("yaml.py", "not in manifest.sha256"),                     # beside main.py it shadows the installed package
    ("games/piggy_farm/math/extra.py", "not in manifest.sha256"),
])
def test_an_extra_module_is_refused(tree, rel, says):
    (tree / rel).write_text("import os\n")
    assert release.verify_program(tree, real_play=True, dev_keys=[]) == [f"{rel}: {says}"]


def test_a_missing_file_or_signature_is_named(tree):
    (tree / "assets/fonts").joinpath(next(p.name for p in (tree / "assets/fonts").iterdir())).unlink()
    assert release.verify_program(tree, dev_keys=[])[0].endswith(": listed in manifest.sha256 but missing")
    (tree / release.SIG_NAME).unlink()
    assert release.verify_program(tree, dev_keys=[])[0].startswith("manifest.sha256.sig missing: the program is not")
    (tree / program.MANIFEST_NAME).unlink()
    assert release.verify_program(tree, dev_keys=[]) == [
        "manifest.sha256 missing (write it with `python -m cabinet.math manifest`)"]


def _main(root: Path, dev: Key, *argv: str) -> subprocess.CompletedProcess:
    env = {**os.environ, signing.DEV_KEY_ENV: str(dev.pub), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, str(root / "main.py"), *argv], capture_output=True, text=True, cwd=root,
                          env=env, timeout=300)


@pytest.mark.slow
def test_main_refuses_a_changed_tree_and_names_a_development_build(tree, keys, tmp_path):
    """main.py in the copy, where the built-in release key is the studio's: signed with the dev key."""
    dev = keys[1]
    _sign(tree, dev)
    ok = _main(tree, dev, "--check-config")
    assert ok.returncode == 0, ok.stderr
    assert ok.stderr == f"development build signed by key {dev.fp}: not for real play\n"
    out = _main(tree, dev, "--verify")
    assert (
        out.returncode == 0 and out.stdout.splitlines()[-1] == f"signed by development key {dev.fp}: not for real play"
    )
    real = tmp_path / "real.yaml"
    real.write_text(f"data_dir: {tmp_path / 'd'}\nreal_play: true\noperator_pin: \"86420\"\n"
                    f"ledger_key: {tmp_path / 'k.key'}\nledger_witness: {tmp_path / 'w'}\n")
    refused = _main(tree, dev, "--check-config", str(real))
    assert refused.returncode == 2 and refused.stderr == (
        f"program check failed: manifest.sha256.sig: signed by key {dev.fp}; real_play: true accepts only the "
        f"release key {STUDIO_FP}\n")
    assert not (tmp_path / "d").exists()
    _append(tree / "cabinet/core/money.py", b"\nMAX_BET = 10**9\n")
    for argv in (["--check-config"], ["--meters"], ["--config", str(real)]):
        out = _main(tree, dev, *argv)
        assert out.returncode == 2 and out.stderr.count("\n") == 1, (argv, out.stderr)
        assert out.stderr.startswith("program check failed: cabinet/core/money.py: sha256 "), out.stderr
    out = _main(tree, dev, "--verify")
    assert out.returncode == 2 and "verify: cabinet/core/money.py: sha256 " in out.stderr


def test_the_manifest_tool_chooses_its_key(tmp_path, keys, monkeypatch, capsys):
    monkeypatch.setattr(signing, "DEFAULT_RELEASE_KEY", tmp_path / "none.pem")
    monkeypatch.setattr(signing, "DEFAULT_DEV_KEY", tmp_path / "cfg" / "dev_ed25519.pem")
    monkeypatch.delenv(signing.RELEASE_KEY_ENV, raising=False)
    monkeypatch.delenv(signing.DEV_KEY_ENV, raising=False)
    assert signing.signing_key(keys[0].pem)[1] == str(keys[0].pem)
    monkeypatch.setenv(signing.RELEASE_KEY_ENV, str(keys[0].pem))
    assert release.raw_public(signing.signing_key()[0]) == keys[0].raw
    monkeypatch.delenv(signing.RELEASE_KEY_ENV)
    made, where = signing.signing_key()  # no release key: the dev key, made once
    assert (
        where == str(tmp_path / "cfg" / "dev_ed25519.pem")
        and (tmp_path / "cfg/dev_ed25519.pem").stat().st_mode & 0o077 == 0
    )
    assert release.dev_public_keys() == [release.raw_public(made)]
    assert release.raw_public(signing.signing_key()[0]) == release.raw_public(made)
    monkeypatch.setenv(signing.DEV_KEY_ENV, str(keys[1].pub))
    assert signing.signing_key()[1] == str(keys[1].pem) and release.dev_public_keys() == [keys[1].raw]
    before = (ROOT / program.MANIFEST_NAME).read_bytes()
    for argv, says in ((["manifest", "--key", str(tmp_path / "nope.pem")], "error: --key: key '"),
                       (["manifest", "--check", "--key", str(keys[0].pem)], "error: --check does not use --key")):
        assert cli.main(argv) == 2
        err = capsys.readouterr().err
        assert err.startswith(says) and err.count("\n") == 1
    assert (ROOT / program.MANIFEST_NAME).read_bytes() == before
