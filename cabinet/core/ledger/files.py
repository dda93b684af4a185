"""The ledger's files in the data directory: the database, its key, the RAM CLEAR
backups, and events waiting for a trusted ledger.

    ledger.sqlite        the database (WAL: also ledger.sqlite-wal / -shm while open)
    cabinet.key          the HMAC key, 64 hex digits, mode 0600, never inside the database
    ramclear-<time>/     the old files of each RAM CLEAR, moved there untouched
    pending_events.jsonl events that could not be written to the ledger (a lock is
                         exactly when the ledger is not written); the next trusted start
                         or RAM CLEAR moves them into the event log

A fresh cabinet is made only when neither the database (nor its WAL) nor the key
exists; any other combination is "ledger missing or replaced".
"""
from __future__ import annotations

import json
import os
import secrets
import time
from pathlib import Path
from typing import Any

from .errors import LedgerError

KEY_NAME = "cabinet.key"
PENDING_NAME = "pending_events.jsonl"
SIDECARS = ("-wal", "-shm")


def sidecar(path: Path, suffix: str) -> Path:
    return path.with_name(path.name + suffix)


def state(path: Path, key_path: Path) -> str:
    """'fresh' (nothing exists), 'resume' (a creation interrupted after the key was
    written), 'present' (both exist), or raise 'ledger missing or replaced'."""
    wal = sidecar(path, "-wal")
    db_there, key_there = path.exists() or wal.exists(), key_path.exists()
    if not db_there and not key_there:
        return "fresh"
    if key_there and not db_there and sidecar(path, ".new").exists():
        return "resume"
    if not key_there:
        there = path if path.exists() else wal
        raise LedgerError(f"ledger missing or replaced: the key {key_path} is missing but {there} exists")
    if not path.exists():
        raise LedgerError(f"ledger missing or replaced: {path} is missing but the key {key_path} exists")
    if path.stat().st_size == 0:
        raise LedgerError(f"ledger missing or replaced: {path} is empty but the key {key_path} exists")
    return "present"


def new_key() -> bytes:
    return secrets.token_bytes(32)


def read_key(key_path: Path) -> bytes:
    try:
        text = key_path.read_text(encoding="ascii").strip()
        key = bytes.fromhex(text)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise LedgerError(f"ledger key {key_path} cannot be read ({exc}); it must be 64 hex digits") from None
    if len(key) != 32:
        raise LedgerError(f"ledger key {key_path} holds {len(key)} bytes; it must be 64 hex digits (32 bytes)")
    return key


def write_key(key_path: Path, key: bytes) -> None:
    """Create the key file, mode 0600, durably (temporary file, fsync, rename)."""
    tmp = sidecar(key_path, ".new")
    tmp.unlink(missing_ok=True)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        os.write(fd, key.hex().encode("ascii") + b"\n")
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(tmp, key_path)
    sync_dir(key_path.parent)


def sync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def back_up(path: Path, key_path: Path) -> Path:
    """RAM CLEAR: move the database, its WAL files and the key, untouched, into a new
    ramclear-<time> folder beside them. Returns the folder."""
    stamp = time.strftime("ramclear-%Y%m%d-%H%M%S")
    folder = path.parent / stamp
    n = 1
    while folder.exists():
        n += 1
        folder = path.parent / f"{stamp}-{n}"
    folder.mkdir(parents=True)
    for f in (path, *(sidecar(path, s) for s in SIDECARS), sidecar(path, ".new"), key_path):
        if f.exists():
            os.replace(f, folder / f.name)
    sync_dir(folder)
    sync_dir(path.parent)
    return folder


def add_pending(data_dir: Path, kind: str, detail: dict[str, Any]) -> None:
    """Keep an event for the next trusted ledger; never raises (a full disk is one of
    the reasons the ledger could not take it)."""
    line = json.dumps({"id": secrets.token_hex(8), "kind": kind, "detail": detail, "at": time.time()},
                      sort_keys=True, default=str)
    try:
        with open(data_dir / PENDING_NAME, "a", encoding="utf-8") as f:
            f.write(line + "\n")
            f.flush()
            os.fsync(f.fileno())
    except OSError:
        pass


def pending(data_dir: Path) -> list[dict[str, Any]]:
    """The waiting events; a line that cannot be read becomes a 'pending_unreadable' event."""
    try:
        text = (data_dir / PENDING_NAME).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        try:
            item = json.loads(line)
            if not (isinstance(item, dict) and isinstance(item.get("kind"), str)
                    and isinstance(item.get("detail"), dict)):
                raise ValueError("not an event")
        except ValueError:
            item = {"kind": "pending_unreadable", "detail": {"line": n, "text": line[:200]}}
        out.append(item)
    return out


def clear_pending(data_dir: Path) -> None:
    try:
        (data_dir / PENDING_NAME).unlink(missing_ok=True)
    except OSError:
        pass
