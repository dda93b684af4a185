"""The release signature: which keys are trusted, and the program check every start
makes (docs/signing.md; the keys and the signature file: cabinet.core.signing).

Trusted keys: the built-in RELEASE_KEYS (the studio's release key; its private half
stays with the studio, outside the cabinet and the repository) and, outside real play
only, development keys: the public-key file named by the environment variable
SLOT_CABINET_DEV_KEY, else ~/.config/slot-cabinet/dev_ed25519.pub if present (its
private half beside it, `.pem`). Under real play only a release key is accepted.

`check_program(root, real_play, dev_keys)` checks the signature of manifest.sha256
against the trusted keys, every critical file's sha256 against the manifest, and that
no critical file on disk is missing from it; each problem is one line, the signature's
first, then the files in path order. `verify_program` is its list of problems.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from . import program, signing
from .resources import ProgramTree
from .signing import SIG_NAME, ReleaseError, fingerprint, raw_public, read_public_key, read_signature, sign

__all__ = ["RELEASE_KEYS", "SIG_NAME", "ReleaseError", "Verdict", "check_program", "describe", "dev_public_keys",
           "fingerprint", "raw_public", "real_play_refusal", "release_keys", "sign", "sign_manifest", "verify_program"]

RELEASE_KEYS = ("78b9dc973822069266031c0d5ae5caaf0c2be0e16d794cc34526c865afe8a267",)   # raw public keys, hex


def release_keys() -> list[bytes]:
    return [bytes.fromhex(k) for k in RELEASE_KEYS]


def dev_public_keys(dev_keys=None) -> list[bytes]:
    """The development keys trusted outside real play: `dev_keys` (raw keys or public-key
    files) if given, else SLOT_CABINET_DEV_KEY's file, else the default one if present."""
    if dev_keys is None:
        named = os.environ.get(signing.DEV_KEY_ENV)
        default = signing.DEFAULT_DEV_KEY.expanduser().with_suffix(".pub")
        dev_keys = [Path(named)] if named else [default] if default.is_file() else []
    return [k if isinstance(k, bytes) else read_public_key(k) for k in dev_keys]


def describe(raw: bytes) -> str:
    """"the release key 1a2b-..." / "development key 1a2b-..." / "key 1a2b-... (not trusted here)"."""
    if raw in release_keys():
        return f"the release key {fingerprint(raw)}"
    if raw in dev_public_keys():
        return f"development key {fingerprint(raw)} (not for real play)"
    return f"key {fingerprint(raw)}, which this program does not trust (neither its release key nor a development key)"


def sign_manifest(root: program.Root = program.TREE, key_path: str | Path | None = None) -> str:
    """Sign root's manifest.sha256 into manifest.sha256.sig; returns who signed (`describe`)."""
    path = ProgramTree.of(root).path(program.MANIFEST_NAME)
    return describe(raw_public(signing.sign_file(path, key_path)))


@dataclass
class Verdict:
    """What a program check found: every critical file's sha256, the signer (None when
    the signature does not verify) and each problem, the signature's first."""

    found: dict[str, str] = field(default_factory=dict)
    signer: bytes | None = None
    release: bool = False
    problems: list[str] = field(default_factory=list)

    def signer_line(self) -> str:
        if self.signer is None:
            return f"{SIG_NAME}: no trusted signature"
        kind = "the release key" if self.release else "development key"
        return f"signed by {kind} {fingerprint(self.signer)}" + ("" if self.release else ": not for real play")


def check_program(root: program.Root = program.TREE, real_play: bool = False, dev_keys=None) -> Verdict:
    """The signature (release keys; dev keys too unless real_play), then every file's
    digest against the signed manifest, and no critical file missing from it. `root`:
    the running program's tree (a checkout, or the installed files: cabinet.core.resources)."""
    tree = ProgramTree.of(root)
    v = Verdict()
    v.found = program.current(tree)
    try:
        data = tree.path(program.MANIFEST_NAME).read_bytes()
    except OSError:
        v.problems.append(f"{program.MANIFEST_NAME} missing (write it with `python -m cabinet.math manifest`)")
        return v
    try:
        sig, named = read_signature(tree.path(SIG_NAME).read_bytes())
        trusted = release_keys()
        v.signer = next((raw for raw in trusted if _verifies(raw, sig, data)), None)
        if v.signer is None and not real_play:          # development keys are read only when needed
            trusted += dev_public_keys(dev_keys)
            v.signer = next((raw for raw in trusted if _verifies(raw, sig, data)), None)
        if v.signer is None:
            known = {fingerprint(raw): raw for raw in trusted}
            v.problems.append(f"{SIG_NAME}: bad signature: {program.MANIFEST_NAME} is not what key {named} signed"
                              if named in known else _untrusted(named, real_play))
        v.release = v.signer in release_keys()
    except FileNotFoundError:
        v.problems.append(f"{SIG_NAME} missing: the program is not signed (`python -m cabinet.math manifest`)")
    except OSError as exc:
        v.problems.append(f"{SIG_NAME}: cannot be read ({exc.strerror or exc})")
    except ReleaseError as exc:
        v.problems.append(str(exc))
    try:
        listed = program.parse_manifest(data)
    except ValueError as exc:
        v.problems.append(str(exc))
        return v
    v.problems += program.differences(listed, v.found) + program.book_differences(v.found, tree)
    return v


def _verifies(raw: bytes, sig: bytes, data: bytes) -> bool:
    try:
        Ed25519PublicKey.from_public_bytes(raw).verify(sig, data)
        return True
    except InvalidSignature:
        return False


def _untrusted(named: str, real_play: bool) -> str:
    if real_play:
        return (f"{SIG_NAME}: signed by key {named}; real_play: true accepts only the release key "
                f"{', '.join(fingerprint(k) for k in release_keys())}")
    return f"{SIG_NAME}: signed by key {named}, neither the release key nor a development key trusted here"


def verify_program(root: program.Root = program.TREE, real_play: bool = False, dev_keys=None) -> list[str]:
    """Each problem (the first names the first bad file or the signature in one line); [] if none."""
    return check_program(root, real_play, dev_keys).problems


def real_play_refusal(verdict: Verdict) -> str | None:
    """The line refusing, under real play, a signature that verified with a development key."""
    if verdict.signer is None or verdict.release:
        return None
    return _untrusted(fingerprint(verdict.signer), True)
