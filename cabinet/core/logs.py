"""The operator's log: Python's standard `logging`, written to a rotating file in the
data folder (`<data_dir>/logs/cabinet.log`, 1 MiB a file, the last 5 kept), at the
level the config names (`log_level`). main.py says what a person must read on
stderr itself; the log adds nothing to it (a refusal stays one line).

Every lock, every game refused or locked, every refused start and every money
movement of the operator's side is logged with its reason (`log` below is the
cabinet's logger; modules take children of it: `logging.getLogger("cabinet.x")`).
The log is for people: the ledger stays the record of money, and nothing in the log
is trusted by the cabinet.

The data folder may be written by anyone (docs/threat_model.md): the log file is
opened never through a symbolic link and only if it is a plain file; one the cabinet
cannot open is reported on stderr and play goes on (a log never stops a cabinet).
"""
from __future__ import annotations

import logging
import logging.handlers
import os
import stat
import sys
from pathlib import Path

LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
LOG_DIR = "logs"
LOG_NAME = "cabinet.log"
MAX_BYTES = 1 << 20
BACKUPS = 5
FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"

log = logging.getLogger("cabinet")
log.addHandler(logging.NullHandler())        # a cabinet built without setup() (tests, tools) logs nowhere


class _PlainRotatingFile(logging.handlers.RotatingFileHandler):
    """A RotatingFileHandler that opens its file without following a link and only
    when it is a plain file (a FIFO planted there would block the cabinet)."""

    def _open(self):
        fd = os.open(self.baseFilename, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK,
                     0o644)
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            raise OSError(f"{self.baseFilename} is not a plain file")
        os.set_blocking(fd, True)
        return os.fdopen(fd, "a", encoding="utf-8", errors="backslashreplace")


def log_path(data_path: Path) -> Path:
    return data_path / LOG_DIR / LOG_NAME


def setup(data_path: Path, level: str = "INFO") -> Path | None:
    """Send the cabinet's log to `<data_path>/logs/cabinet.log` at `level`: the file's
    path, or None when it cannot be written (said on stderr once). Called again (a
    second start in one process), it replaces the file handler it set before."""
    close()
    log.setLevel(level)
    log.propagate = False
    path = log_path(data_path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = _PlainRotatingFile(path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8", delay=False)
    except OSError as exc:
        print(f"the log file {path} cannot be written ({exc.strerror or exc}); play goes on without a log file",
              file=sys.stderr)
        return None
    handler.setFormatter(logging.Formatter(FORMAT))
    handler._cabinet = True                  # type: ignore[attr-defined]
    log.addHandler(handler)
    return path


def close() -> None:
    """Remove and close the file handler `setup` added (the log file is let go)."""
    for h in list(log.handlers):
        if getattr(h, "_cabinet", False):
            log.removeHandler(h)
            h.close()
