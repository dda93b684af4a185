"""Keys and the signature file of the release signature (docs/signing.md); which
files are listed and which keys are trusted is cabinet.core.release's business.

`manifest.sha256.sig` holds a detached Ed25519 signature over the exact bytes of
`manifest.sha256`, as three lines (UTF-8):

    # manifest.sha256.sig: Ed25519 over the exact bytes of manifest.sha256 (docs/signing.md)
    signature: <the 64-byte signature, base64>
    key: <the signer's fingerprint>

A key's fingerprint is the sha256 of its raw 32-byte public key, the first 16 hex
digits in groups of four: `1a2b-3c4d-5e6f-7a8b`. The `key:` line only names the
signer for a reader; the signature is checked against every trusted key itself.

Which key signs (`signing_key`): the path given (`--key`), else the release key at
SLOT_CABINET_RELEASE_KEY or /root/.slot-cabinet/release_ed25519.pem if present, else
the development key (made on first use: `dev_key_path`, its public half beside it as
`.pub`). Private keys are PKCS8 PEM, unencrypted; a public-key file holds the raw key
in hex (one line) or a PEM public key.
"""
from __future__ import annotations

import base64
import hashlib
import os
from pathlib import Path

from cryptography.exceptions import UnsupportedAlgorithm
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

MANIFEST_NAME = "manifest.sha256"            # as cabinet.core.program names it
SIG_NAME = MANIFEST_NAME + ".sig"
RELEASE_KEY_ENV = "SLOT_CABINET_RELEASE_KEY"
DEV_KEY_ENV = "SLOT_CABINET_DEV_KEY"
DEFAULT_RELEASE_KEY = Path("/root/.slot-cabinet/release_ed25519.pem")
DEFAULT_DEV_KEY = Path("~/.config/slot-cabinet/dev_ed25519.pem")
KEY_ALLOWED = "allowed: an unencrypted PKCS8 PEM Ed25519 private key file"
PUB_ALLOWED = "allowed: a file holding a raw Ed25519 public key in hex (64 digits) or a PEM public key"


class ReleaseError(ValueError):
    """A key or signature file that cannot be used: one line naming it."""


def fingerprint(raw: bytes) -> str:
    digits = hashlib.sha256(raw).hexdigest()[:16]
    return "-".join(digits[i:i + 4] for i in range(0, 16, 4))


def raw_public(key: Ed25519PublicKey | Ed25519PrivateKey) -> bytes:
    if isinstance(key, Ed25519PrivateKey):
        key = key.public_key()
    return key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def load_private_key(path: str | Path) -> Ed25519PrivateKey:
    try:
        key = serialization.load_pem_private_key(Path(path).read_bytes(), password=None)
    except OSError as exc:
        raise ReleaseError(f"key {str(path)!r}: cannot be read ({exc.strerror or exc}); {KEY_ALLOWED}") from None
    except (ValueError, TypeError, UnsupportedAlgorithm):
        raise ReleaseError(f"key {str(path)!r}: not a key this tool can use; {KEY_ALLOWED}") from None
    if not isinstance(key, Ed25519PrivateKey):
        raise ReleaseError(f"key {str(path)!r}: not an Ed25519 key; {KEY_ALLOWED}")
    return key


def read_public_key(path: str | Path) -> bytes:
    """The raw 32-byte public key from a public-key file (hex or PEM)."""
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise ReleaseError(f"public key {str(path)!r}: cannot be read ({exc.strerror or exc}); {PUB_ALLOWED}") from None
    try:
        if data.lstrip().startswith(b"-----BEGIN"):
            key = serialization.load_pem_public_key(data)
            if isinstance(key, Ed25519PublicKey):
                return raw_public(key)
        else:
            raw = bytes.fromhex(data.decode("ascii").strip())
            if len(raw) == 32:
                Ed25519PublicKey.from_public_bytes(raw)
                return raw
    except (ValueError, TypeError, UnicodeDecodeError, UnsupportedAlgorithm):
        pass
    raise ReleaseError(f"public key {str(path)!r}: not an Ed25519 public key; {PUB_ALLOWED}")


def dev_key_path() -> Path:
    """The development private key: beside SLOT_CABINET_DEV_KEY's public key, else the default."""
    named = os.environ.get(DEV_KEY_ENV)
    return Path(named).with_suffix(".pem") if named else DEFAULT_DEV_KEY.expanduser()


def make_dev_key(path: Path) -> Ed25519PrivateKey:
    """A new development key pair: `path` (PEM, owner-only) and its `.pub` beside it (hex)."""
    key = Ed25519PrivateKey.generate()
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                            serialization.NoEncryption())
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(pem)
        path.with_suffix(".pub").write_text(raw_public(key).hex() + "\n")
    except OSError as exc:
        raise ReleaseError(f"development key {str(path)!r}: cannot be written ({exc.strerror or exc})") from None
    return key


def signing_key(path: str | Path | None = None) -> tuple[Ed25519PrivateKey, str]:
    """(the key, where it came from): `path`, else the release key, else the dev key."""
    if path is not None:
        return load_private_key(path), str(path)
    named = os.environ.get(RELEASE_KEY_ENV)
    if named:
        return load_private_key(named), named
    if DEFAULT_RELEASE_KEY.is_file():
        return load_private_key(DEFAULT_RELEASE_KEY), str(DEFAULT_RELEASE_KEY)
    dev = dev_key_path()
    return (load_private_key(dev) if dev.is_file() else make_dev_key(dev)), str(dev)


def sign(manifest_bytes: bytes, private_key_path: str | Path) -> str:
    """The text of manifest.sha256.sig for these manifest bytes."""
    return signature_text(manifest_bytes, load_private_key(private_key_path))


def signature_text(manifest_bytes: bytes, key: Ed25519PrivateKey) -> str:
    sig = base64.b64encode(key.sign(manifest_bytes)).decode("ascii")
    return (f"# {SIG_NAME}: Ed25519 over the exact bytes of {MANIFEST_NAME} (docs/signing.md)\n"
            f"signature: {sig}\nkey: {fingerprint(raw_public(key))}\n")


def read_signature(data: bytes) -> tuple[bytes, str]:
    """(the 64-byte signature, the named fingerprint) from the file's bytes; ReleaseError if malformed."""
    fields: dict[str, str] = {}
    try:
        lines = data.decode("utf-8").splitlines()
    except UnicodeDecodeError:
        lines = ["?"]
    for line in lines:
        name, sep, value = line.partition(": ")
        if line.startswith("#"):
            continue
        if not sep or name not in ("signature", "key") or name in fields:
            raise ReleaseError(f"{SIG_NAME}: not 'signature: <base64>' and 'key: <fingerprint>' lines once each")
        fields[name] = value.strip()
    try:
        sig = base64.b64decode(fields.get("signature", ""), validate=True)
    except ValueError:
        sig = b""
    if len(sig) != 64 or "key" not in fields:
        raise ReleaseError(f"{SIG_NAME}: needs a 64-byte signature in base64 and the key line")
    return sig, fields["key"]


def sign_file(manifest: Path, key_path: str | Path | None = None) -> Ed25519PrivateKey:
    """Sign the manifest file's bytes into the `.sig` beside it, with `signing_key(key_path)`."""
    key, _where = signing_key(key_path)
    data = manifest.read_bytes()
    manifest.with_name(manifest.name + ".sig").write_text(signature_text(data, key))
    return key
