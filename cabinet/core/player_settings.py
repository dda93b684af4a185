"""What the player chooses on the sound panel and the turbo key, kept across restarts.

They live in `<data_dir>/player.json` beside the ledger: sound effects and music on
or off, their volumes (0 to 1, a share of the operator's volume), turbo and the
language ("" for the cabinet's default; one the cabinet no longer offers is passed
over by the app, cabinet/ui/player_prefs.py). A file
that cannot be read, or a value that is not allowed, is named in one line saying
what is allowed; the values that are fine are used, the rest keep their defaults,
and the file is left as it is until the player changes a setting.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from .ledger.files import write_plain

FILE = "player.json"
MAX_BYTES = 4096


@dataclass
class PlayerSettings:
    sound: bool = True
    music: bool = True
    effects_volume: float = 1.0
    music_volume: float = 1.0
    turbo: bool = False
    language: str = ""


ALLOWED = {"sound": "true or false", "music": "true or false", "effects_volume": "a number from 0 to 1",
           "music_volume": "a number from 0 to 1", "turbo": "true or false",
           "language": "a language tag like \"de-DE\", or \"\" for the cabinet's default"}


def _valid(name: str, value: object) -> bool:
    if ALLOWED[name] == "true or false":
        return isinstance(value, bool)
    if name == "language":
        return (
            isinstance(value, str)
            and len(value) <= 16
            and all(c.isascii() and (c.isalnum() or c == "-") for c in value)
        )
    return isinstance(value, (int, float)) and not isinstance(value, bool) and 0.0 <= float(value) <= 1.0


def load(data_dir: Path | str, defaults: PlayerSettings | None = None) -> tuple[PlayerSettings, list[str]]:
    """The saved settings over `defaults`, and the problems found (one line each)."""
    settings = PlayerSettings(**asdict(defaults or PlayerSettings()))
    path = Path(data_dir) / FILE
    if not path.is_file():
        return settings, []
    try:
        if path.stat().st_size > MAX_BYTES:
            raise ValueError(f"larger than {MAX_BYTES} bytes")
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        return settings, [f"{path}: cannot be read ({exc}); the default sound and turbo settings are used"]
    problems = []
    known = {f.name for f in fields(PlayerSettings)}
    for name, value in data.items():
        if name not in known:
            problems.append(f"{path}: {name} is not a player setting; allowed: {', '.join(sorted(known))}; ignored")
        elif not _valid(name, value):
            problems.append(f"{path}: {name} = {value!r} is not allowed ({ALLOWED[name]}); ignored")
        else:
            setattr(settings, name, float(value) if "volume" in name else value)
    return settings, problems


def save(data_dir: Path | str, settings: PlayerSettings) -> None:
    """Write the settings atomically (a crash leaves the old file or the new)."""
    path = Path(data_dir) / FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    data = asdict(settings)
    data["effects_volume"] = round(float(data["effects_volume"]), 3)
    data["music_volume"] = round(float(data["music_volume"]), 3)
    write_plain(path, json.dumps(data, indent=2).encode("utf-8"))     # never through a planted link


def language(cfg: Any) -> str:
    """The language a start speaks before the app is up (the splash): the player's
    choice in player.json when the config still offers it, else the config's default."""
    lang = cfg.language
    offered = tuple(lang.offered or (lang.default,))
    chosen = load(cfg.data_path)[0].language
    return chosen if chosen in offered else lang.default
