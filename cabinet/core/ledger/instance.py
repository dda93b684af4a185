"""One cabinet per data folder: an exclusive lock (flock) on the data folder itself
(`<data_dir>/cabinet.lock` only names the pid that holds it, written without
following a link: deleting or replacing that file cannot make a second holder).

The Ledger opened for play (`exclusive=True`: the Cabinet's) holds it while it is open;
main.py takes it before the Cabinet too, so that a second process on the same folder
is refused in one line naming the pid that holds it. Read-only tools (--audit,
--export-report) do not take it. The lock is the kernel's: a process that dies, even
by SIGKILL, releases it. Within one process the lock is counted, so a RAM CLEAR, a
restart in a test or main.py's own hold share it.
"""
from __future__ import annotations

import os
from pathlib import Path

import cabinet.core.ledger.files as files
from .errors import LedgerError

try:
    import fcntl
except ImportError:                  # not a POSIX system: no lock (the desktop build targets Linux)
    fcntl = None  # type: ignore[assignment]

LOCK_NAME = "cabinet.lock"

_held: dict[str, list[int]] = {}     # real path of the data folder -> [fd, count]


def acquire(data_dir: Path) -> str:
    """Take (or count once more) the folder's lock; LedgerError if another process
    holds it. Returns the handle for `release`."""
    folder = Path(data_dir)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise LedgerError(f"data folder {folder} cannot be made: {exc.strerror or exc}") from None
    name = os.path.realpath(folder)
    path = Path(name) / LOCK_NAME
    held = _held.get(name)
    if held is not None:
        try:
            same = os.fstat(held[0]).st_ino == os.stat(name).st_ino
        except OSError:
            same = False
        if same:
            held[1] += 1
            return name
        os.close(held[0])            # the folder was replaced under us: lock the new one
        del _held[name]
    if fcntl is None:
        return name
    try:             # the lock is on the folder itself: removing cabinet.lock cannot make a second holder
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise LedgerError(f"the data folder {folder} cannot be opened: {exc.strerror or exc}") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise LedgerError(f"another cabinet is running on {folder} (pid {_pid_of(path)})") from None
    try:             # the pid, for that message only: a plain file, never through a planted link
        files.write_plain(path, f"{os.getpid()}\n".encode("ascii"))
    except (OSError, LedgerError):
        pass
    _held[name] = [fd, 1]
    return name


def _pid_of(path: Path) -> str:
    try:
        fd = files.open_plain(path, os.O_RDONLY)
    except (OSError, LedgerError):
        return "unknown"
    try:
        return os.pread(fd, 32, 0).decode("ascii", "replace").strip() or "unknown"
    except OSError:
        return "unknown"
    finally:
        os.close(fd)


def release(handle: str | None) -> None:
    """Count one hold less; the last one unlocks."""
    held = _held.get(handle) if handle else None
    if held is None:
        return
    held[1] -= 1
    if held[1] <= 0:
        del _held[str(handle)]
        os.close(held[0])           # closing the descriptor releases the flock
