"""The cabinet's writable folders (data_dir, report_dir, the ledger witness): a folder
is refused before anything is written if it could not be created or written, with one
line naming the config key, what is wrong and what is allowed (`check_data_dir`,
creating nothing, for a start and `main.py --check-config` alike); `make_data_dir`
then creates it."""
from __future__ import annotations

import os
import stat
from pathlib import Path

from .schema import ConfigError

PATH_MAX = 4096
DATA_DIR_ALLOWED = "a folder the cabinet can create and write"


def _refuse_dir(path: Path, why: str, key: str = "data_dir") -> ConfigError:
    text = str(path) if len(str(path)) <= 100 else f"{str(path)[:60]}...{str(path)[-30:]}"
    return ConfigError(f"{key} {text}: {why}; allowed: {DATA_DIR_ALLOWED}")


def _name_max(folder: Path) -> int:
    try:
        return os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError):
        return 255


def check_data_dir(path: Path, key: str = "data_dir") -> None:
    """Refuse a folder that could not be created or written (ConfigError, one line
    starting with `key`: data_dir, report_dir, a command line's option). Creates
    nothing: walks the path from the root, and the first part that does not exist yet
    must sit in a folder this process may write."""
    def refuse(why: str) -> ConfigError:
        return _refuse_dir(path, why, key)
    text = str(path)
    if "\x00" in text:
        raise refuse("contains a NUL character")
    try:
        size = len(os.fsencode(text))
    except UnicodeEncodeError:
        raise refuse("is not a valid file name") from None
    if size >= PATH_MAX:
        raise refuse(f"is {size} bytes long (the limit is {PATH_MAX - 1})")
    parts = Path(os.path.abspath(text)).parts
    current = Path(parts[0])
    for i, part in enumerate(parts[1:], start=1):
        limit = _name_max(current)
        if len(os.fsencode(part)) > limit:
            raise refuse(f"the name {part[:20]}... is longer than {limit} bytes")
        nxt = current / part
        try:
            st = os.stat(nxt)
        except FileNotFoundError:
            if os.path.lexists(nxt):
                raise refuse(f"{nxt} is a link to nothing") from None
            for rest in parts[i + 1:]:          # the folders still to be made
                if len(os.fsencode(rest)) > limit:
                    raise refuse(f"the name {rest[:20]}... is longer than {limit} bytes") from None
            if not os.access(current, os.W_OK | os.X_OK):
                raise refuse(f"cannot be created: {current} is not writable") from None
            return
        except OSError as exc:
            raise refuse(f"{nxt} cannot be reached ({exc.strerror})") from None
        if not stat.S_ISDIR(st.st_mode):
            raise refuse(f"{nxt} is a file, not a folder")
        current = nxt
    if not os.access(current, os.W_OK | os.X_OK):
        raise refuse("is not writable")


def make_data_dir(path: Path, key: str = "data_dir") -> None:
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as exc:
        raise _refuse_dir(path, f"cannot be created ({exc.strerror})", key) from None
