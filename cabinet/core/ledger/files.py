"""The ledger's files: the database, its key, its witnesses, the RAM CLEAR backups, and
events waiting for a trusted ledger.

    <data_dir>/ledger.sqlite        the database (WAL: also ledger.sqlite-wal / -shm while open)
    <key>                           the HMAC key, 64 hex digits: config `ledger_key` (outside
                                    the data folder, provisioned by the operator, readable
                                    but not writable by the cabinet), or <data_dir>/cabinet.key
                                    (demo play: made 0600 with the database)
    <data_dir>/ledger.head          the witness of the chain head (witness.py), and a copy in
    <ledger_witness>/ledger.head    config `ledger_witness` (another disk) when configured
    <data_dir>/ramclear-<time>/     the old files of each RAM CLEAR, moved there untouched
    <data_dir>/pending_events.jsonl events that could not be written to the ledger (a lock is
                                    exactly when the ledger is not written), each MAC'd with
                                    the key; the next trusted start or RAM CLEAR moves them
                                    into the event log
    <data_dir>/vouchers/            the tickets printed (cabinet/core/cash_desk.py)

A fresh ledger is made only when there is no database (nor its WAL), no key of its own
in the data folder, and no trace of an earlier ledger (a witness, a printed ticket); an
operator's key outside the data folder is used as it is (and made, 0600, if missing).
Any other combination is "ledger missing or replaced". RAM CLEAR folders are not traces.
"""
from __future__ import annotations

import errno
import hashlib
import hmac
import json
import os
import secrets
import stat
import time
from pathlib import Path
from typing import Any, Iterable

from .errors import LedgerError

KEY_NAME = "cabinet.key"
PENDING_NAME = "pending_events.jsonl"
VOUCHER_DIR = "vouchers"
SIDECARS = ("-wal", "-shm")
KEY_RULE = ("it must be owned by another user than the cabinet's (root) with mode 0644 or 0640, in a folder "
            "only that user can write")

# The key and witness a data folder's ledger was opened with in this process (Ledger
# registers them): the checkpoint writer's second connection (Ledger.attach) and the
# pending events written while the ledger is locked use the same key.
_TRUST: dict[str, tuple[Path, Path | None]] = {}


def _folder_id(folder: Path) -> str:
    return os.path.realpath(folder)


def remember(data_dir: Path, key_path: Path, witness: Path | None) -> None:
    _TRUST[_folder_id(data_dir)] = (Path(key_path), Path(witness) if witness else None)


def trust_of(data_dir: Path) -> tuple[Path | None, Path | None]:
    """(key path, witness folder) registered for the data folder, else (None, None)."""
    return _TRUST.get(_folder_id(data_dir), (None, None))


PENDING_MAX_BYTES = 1 << 20       # a larger pending file is read up to here (the rest is named, not imported)
PENDING_MAX_LINES = 1000


def open_plain(path: Path, flags: int, mode: int = 0o644) -> int:
    """Open a file of the data folder or the witness as the cabinet does: never through
    a symbolic link (O_NOFOLLOW), never a FIFO, device or folder (checked with fstat
    before a byte is read or written). FileNotFoundError as os.open raises it; any other
    refusal is a LedgerError naming the file and what is allowed."""
    try:
        fd = os.open(path, flags | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0), mode)
    except FileNotFoundError:
        raise
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise LedgerError(f"{path} is a symbolic link; allowed: the plain file the cabinet writes there "
                              "(remove the link)") from None
        raise LedgerError(f"{path} cannot be opened ({exc.strerror or exc}); allowed: a plain file the cabinet "
                          "can read and write") from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise LedgerError(f"{path} is not a plain file (a FIFO, a device or a folder); allowed: the plain file the "
                          "cabinet writes there (remove it)")
    return fd


def write_plain(path: Path, data: bytes) -> None:
    """Write a data-folder file atomically and never through a planted link: the
    temporary file is removed first and made new (O_EXCL, no link followed), synced,
    then renamed over `path`."""
    tmp = sidecar(path, ".tmp")
    try:
        os.unlink(tmp)
    except FileNotFoundError:
        pass
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
    try:
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(tmp, path)


def sidecar(path: Path, suffix: str) -> Path:
    return path.with_name(path.name + suffix)


def own_key(path: Path, key_path: Path) -> bool:
    """Whether the key lives in the ledger's own folder (demo play): it is then made,
    moved and checked with the database."""
    return _folder_id(key_path.parent) == _folder_id(path.parent)


def traces(path: Path, witnesses: Iterable[Path]) -> list[Path]:
    """What shows that a ledger existed in this folder: a witness of its head, a
    printed ticket. (RAM CLEAR folders do not count: their ledger was cleared.)"""
    found = [w for w in witnesses if w.exists()]
    vouchers = path.parent / VOUCHER_DIR
    try:
        found += sorted(vouchers.glob("ticket-*.json"))[:1]
    except OSError:
        pass
    return found


def state(path: Path, key_path: Path, witnesses: Iterable[Path] = (), cleared: bool = False) -> str:
    """'fresh' (nothing of a ledger exists: make one), 'resume' (a creation
    interrupted before the database was renamed into place), 'present' (the database
    and its key), or raise 'ledger missing or replaced'. `cleared`: a RAM CLEAR has
    just moved the old files away (the witnesses it overwrites are not traces)."""
    wal = sidecar(path, "-wal")
    db_there, key_there = path.exists() or wal.exists(), key_path.exists()
    mine = own_key(path, key_path)
    if not db_there:
        if key_there and sidecar(path, ".new").exists():
            return "resume"
        if mine and key_there:
            raise LedgerError(f"ledger missing or replaced: {path} is missing but the key {key_path} exists")
        found = [] if cleared else traces(path, witnesses)
        if found:
            raise LedgerError(f"ledger missing or replaced: {path} is missing but {found[0]} shows that a ledger "
                              "existed here (RAM CLEAR in the operator menu starts a new one)")
        return "fresh"
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
    try:
        tmp.unlink(missing_ok=True)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            os.write(fd, key.hex().encode("ascii") + b"\n")
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, key_path)
    except OSError as exc:
        raise LedgerError(f"ledger key {key_path} cannot be created: {exc.strerror or exc}") from None
    sync_dir(key_path.parent)


def key_protection_problem(key_path: Path) -> str | None:
    """What lets someone other than its owner replace the key file (real play): the
    file, or its folder, writable by its group or by everyone; the file not a regular
    file. None: nothing found. (The file should also be owned by another user than the
    cabinet's, root, mode 0644 or 0640: the cabinet reads it and cannot replace it;
    that is the operator's setup, see docs/ledger_trust.md.)"""
    real = Path(os.path.realpath(key_path))
    folder = real.parent
    try:
        st = os.stat(folder)
    except OSError as exc:
        return f"its folder {folder} cannot be read ({exc.strerror or exc})"
    if st.st_mode & 0o022:
        return f"its folder {folder} is writable by its group or by everyone (mode {stat.S_IMODE(st.st_mode):04o})"
    try:
        st = os.stat(real)
    except FileNotFoundError:
        return None                     # made now, 0600, in a folder only its owner writes
    except OSError as exc:
        return f"it cannot be read ({exc.strerror or exc})"
    if not stat.S_ISREG(st.st_mode):
        return "it is not a regular file"
    if st.st_mode & 0o022:
        return f"it is writable by its group or by everyone (mode {stat.S_IMODE(st.st_mode):04o})"
    return None


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


def back_up(path: Path, key_path: Path | None, witnesses: Iterable[Path] = ()) -> Path:
    """RAM CLEAR: move the database, its WAL files, the key of its own (`key_path`;
    None: an operator's key, which stays) and its witness in the data folder, untouched,
    into a new ramclear-<time> folder beside them; a witness elsewhere is copied there
    (the fresh ledger overwrites it). Returns the folder."""
    stamp = time.strftime("ramclear-%Y%m%d-%H%M%S")
    folder = path.parent / stamp
    n = 1
    while folder.exists():
        n += 1
        folder = path.parent / f"{stamp}-{n}"
    folder.mkdir(parents=True)
    moved = [path, *(sidecar(path, s) for s in SIDECARS), sidecar(path, ".new")]
    if key_path is not None:
        moved.append(key_path)
    copied: list[Path] = []
    for w in witnesses:
        (moved if _folder_id(w.parent) == _folder_id(path.parent) else copied).append(w)
    for f in moved:
        if f.exists():
            os.replace(f, folder / f.name)
    for i, w in enumerate(copied):
        if w.exists():
            (folder / f"witness-{i + 1}-{w.name}").write_bytes(w.read_bytes())
    sync_dir(folder)
    sync_dir(path.parent)
    return folder


# -- events kept outside the ledger -------------------------------------------------
def pending_mac(key: bytes, item: dict[str, Any]) -> str:
    body = json.dumps([item.get("id"), item.get("kind"), item.get("detail"), item.get("at")], sort_keys=True,
                      separators=(",", ":"), ensure_ascii=True)
    return hmac.digest(key, b"pending_event|" + body.encode("ascii"), "sha256").hex()


def add_pending(data_dir: Path, kind: str, detail: dict[str, Any]) -> None:
    """Keep an event for the next trusted ledger, MAC'd with the ledger's key (an id
    makes each line unique); a key that cannot be read leaves the line unMAC'd, saying
    why (it is then imported only as `pending_unverified`). Never raises (a full disk
    is one of the reasons the ledger could not take it)."""
    item: dict[str, Any] = json.loads(json.dumps({"id": secrets.token_hex(8), "kind": kind, "detail": detail,
                                                  "at": time.time()}, default=str))
    key_path = trust_of(Path(data_dir))[0] or Path(data_dir) / KEY_NAME
    try:
        item["mac"] = pending_mac(read_key(key_path), item)
    except LedgerError as exc:
        item["unsigned"] = str(exc)
    line = json.dumps(item, sort_keys=True)
    try:
        fd = open_plain(Path(data_dir) / PENDING_NAME, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    except (OSError, LedgerError):
        return
    try:
        os.write(fd, (line + "\n").encode("utf-8"))
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def pending(data_dir: Path, keys: list[bytes]) -> list[tuple[str, dict[str, Any]]]:
    """The waiting events as (kind, detail) to log, each line judged by its MAC:
    - a line MAC'd with the ledger's key (or, after a RAM CLEAR, the old one): its kind;
    - a line written unMAC'd because the key could not be read: `pending_unverified`,
      its claimed kind and detail inside;
    - a line without a MAC, or whose MAC fails: `pending_forged`, naming the line and
      the kind it claims (never imported as that kind);
    - a line that is not an event: `pending_unreadable`.
    Every detail carries `recorded_outside_ledger_at` and the line's `pending_id`. A
    line that is not the cabinet's is named by its sha256 and length, never copied (it
    may hold anything: a planted link once brought a key file's text here). The file
    is read only if it is a plain file, at most PENDING_MAX_BYTES and
    PENDING_MAX_LINES; a link, a FIFO or the rest of a larger file is one
    `pending_refused` event."""
    path = Path(data_dir) / PENDING_NAME
    try:
        fd = open_plain(path, os.O_RDONLY)
    except FileNotFoundError:
        return []
    except LedgerError as exc:
        return [("pending_refused", {"why": str(exc)[:300]})]
    try:
        size = os.fstat(fd).st_size
        raw = os.pread(fd, PENDING_MAX_BYTES, 0)
    except OSError:
        return []
    finally:
        os.close(fd)
    text = raw.decode("utf-8", errors="replace")
    lines = text.splitlines()
    out: list[tuple[str, dict[str, Any]]] = []
    if size > PENDING_MAX_BYTES or len(lines) > PENDING_MAX_LINES:
        out.append(("pending_refused", {"why": f"{path} holds {size:,} bytes and {len(lines):,}+ lines; the first "
                                               f"{PENDING_MAX_LINES:,} lines within {PENDING_MAX_BYTES:,} bytes "
                                               "are read"}))
        lines = lines[:PENDING_MAX_LINES]
    for n, line in enumerate(lines, 1):
        try:
            item = json.loads(line)
            if not (isinstance(item, dict) and isinstance(item.get("kind"), str)
                    and isinstance(item.get("detail"), dict)):
                raise ValueError("not an event")
        except ValueError:
            out.append(("pending_unreadable", {"line": n, **_named_line(line)}))
            continue
        mark = {"recorded_outside_ledger_at": item.get("at"), "pending_id": item.get("id")}
        mac = item.get("mac")
        if isinstance(mac, str) and any(hmac.compare_digest(mac, pending_mac(k, item)) for k in keys):
            out.append((item["kind"], {**item["detail"], **mark}))
        elif mac is None and isinstance(item.get("unsigned"), str):
            out.append(("pending_unverified", {"claimed_kind": _printable(item["kind"][:40]), "detail": item["detail"],
                                               "why": item["unsigned"][:300], **mark}))
        else:
            why = "no MAC" if mac is None else "its MAC does not match the ledger's key"
            out.append(("pending_forged", {"line": n, "claimed_kind": _printable(item["kind"][:40]), "why": why,
                                           **_named_line(line), **mark}))
    return out


def _named_line(line: str) -> dict[str, Any]:
    """A line that is not the cabinet's, named without copying it."""
    data = line.encode("utf-8", "surrogatepass")
    return {"sha256": hashlib.sha256(data).hexdigest(), "bytes": len(data)}


def _printable(text: str) -> str:
    return "".join(c if c.isprintable() else "?" for c in text)


def clear_pending(data_dir: Path) -> None:
    try:
        (Path(data_dir) / PENDING_NAME).unlink(missing_ok=True)
    except OSError:
        pass
