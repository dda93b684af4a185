"""Settings the operator changes in the operator menu, kept across restarts.

They live in `<data_dir>/operator.json` beside the ledger (config.yaml stays the
operator's hand-written file) and, at start, override config.yaml's values of the
same settings: the gamble (`on`, `on_5x`, `off`), the sound volume (0 to 1) and the
review tools (never with real play). A file that cannot be read, or a value that is
not allowed, is reported in one line naming it and what is allowed, and ignored:
the file is left as it is, nothing else changes.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from .config import SCHEMA
from .schema import ConfigError, Field

FILE = "operator.json"
# each saved key -> its config.yaml key: a saved value passes config.yaml's own check
KEYS = {"gamble": "gamble", "volume": "sound.volume", "demo_tools": "demo_tools"}


def settings_path(cfg: Any) -> Path:
    return Path(cfg.data_path) / FILE


def _field(config_key: str) -> Field:
    section = SCHEMA
    for part in config_key.split("."):
        section = section[part]
    return section


def apply_saved(cfg: Any) -> list[str]:
    """Apply the saved operator settings to `cfg`; returns the problems found (each a
    line for the operator). Missing file: nothing to do."""
    path = settings_path(cfg)
    if not path.is_file():
        return []
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        return [f"{path}: cannot be read ({exc}); config.yaml's settings are used"]
    problems = []
    for key, value in data.items():
        if key not in KEYS:
            problems.append(f"{path}: {key} is not a saved setting; allowed: {', '.join(KEYS)}; ignored")
            continue
        try:
            value = _field(KEYS[key]).validate(key, value)
        except ConfigError as exc:
            problems.append(f"{path}: {exc}; ignored")
            continue
        if key == "gamble":
            cfg.gamble = value
        elif key == "volume":
            cfg.sound.volume = value
        elif value and getattr(cfg, "real_play", False):
            problems.append(f"{path}: demo_tools = true is ignored: config.yaml sets real_play: true")
        else:
            cfg.demo_tools = value
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
