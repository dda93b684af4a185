"""Settings the operator changes in the operator menu, kept across restarts.

They live in `<data_dir>/operator.json` beside the ledger (config.yaml stays the
operator's hand-written file) and, at start, override config.yaml's values of the
same settings: the gamble (`on`, `on_5x`, `off`), the sound volume (0 to 1) and the
review tools (never with real play). A saved value passes the same rules as
config.yaml's: its key's own check, then the rules between keys (`check_rules`, e.g.
no review tools with real play). A file that cannot be read, or a value that is not
allowed, is reported in one line naming it and what is allowed, and ignored: the file
is left as it is, nothing else changes.
"""
from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any

from .config import SCHEMA, check_rules
from .schema import ConfigError, Field

MAX_BYTES = 64 * 1024           # the menu writes ~60 bytes

FILE = "operator.json"
# each saved key -> its config.yaml key: a saved value passes config.yaml's own check
KEYS = {"gamble": "gamble", "volume": "sound.volume", "demo_tools": "demo_tools"}


def settings_path(cfg: Any) -> Path:
    return Path(cfg.data_path) / FILE


def _field(config_key: str) -> Field:
    section: Any = SCHEMA
    for part in config_key.split("."):
        section = section[part]
    assert isinstance(section, Field), config_key
    return section


def _set(cfg: Any, config_key: str, value: Any) -> None:
    *sections, name = config_key.split(".")
    for part in sections:
        cfg = getattr(cfg, part)
    setattr(cfg, name, value)


def _with(cfg: Any, config_key: str, value: Any) -> Any:
    """A copy of `cfg` with one setting changed (the sections on its path copied too)."""
    trial = copy.copy(cfg)
    obj = trial
    *sections, name = config_key.split(".")
    for part in sections:
        section = copy.copy(getattr(obj, part))
        setattr(obj, part, section)
        obj = section
    setattr(obj, name, value)
    return trial


def apply_saved(cfg: Any) -> list[str]:
    """Apply the saved operator settings to `cfg`; returns the problems found (each a
    line for the operator). Missing file: nothing to do. Reads only, writes nothing."""
    path = settings_path(cfg)
    if not path.is_file():
        return []
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
        if len(raw) > MAX_BYTES:
            raise ValueError(f"larger than {MAX_BYTES // 1024} KB")
        data = json.loads(raw.decode("utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
    except (OSError, ValueError, RecursionError) as exc:   # UnicodeDecodeError is a ValueError
        why = " ".join(str(exc).split())[:80]
        return [f"{path}: cannot be read ({why}); config.yaml's settings are used"]
    problems = []
    for key, value in data.items():
        if key not in KEYS:
            problems.append(f"{path}: {key[:40]} is not a saved setting; allowed: {', '.join(KEYS)}; ignored")
            continue
        try:
            value = _field(KEYS[key]).validate(key, value)
            check_rules(_with(cfg, KEYS[key], value))
        except ConfigError as exc:
            problems.append(f"{path}: {exc}; ignored")
            continue
        _set(cfg, KEYS[key], value)
    return problems


def save(cfg: Any, volume: float) -> None:
    """Write the current settings atomically (a crash leaves the old file or the new)."""
    path = settings_path(cfg)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {"gamble": cfg.gamble, "volume": round(float(volume), 3), "demo_tools": bool(cfg.demo_tools)}
    tmp = path.with_suffix(".json.tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=2)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
