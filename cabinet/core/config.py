"""config.yaml: schema, defaults, validation and the Config object.

`load_config(path)` returns a validated `Config` or raises `ConfigError` with one
line naming the key, the bad value and what is allowed. `main.py --check-config`
prints that line and exits 2.
"""
from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import yaml

from .money import Currency, parse_amount
from .schema import ConfigError, Field, boolean, choice, integer, number, text, validate_section

DEFAULT_PATH = Path(__file__).resolve().parents[2] / "config.yaml"
GAMBLE_SETTINGS = ("on", "on_5x", "off")     # Happy Money Hens' gamble entry setting

KEY_NAMES = ({chr(c) for c in range(ord("a"), ord("z") + 1)} | {str(d) for d in range(10)}
             | {f"f{i}" for i in range(1, 13)}
             | {"space", "escape", "backspace", "return", "enter", "up", "down", "left", "right",
                "tab", "plus", "minus", "equals", "home", "end", "pageup", "pagedown", "delete",
                "insert", "kp_enter", "kp_plus", "kp_minus"})
_KEY_RE = re.compile(r"^((shift|ctrl|alt)\+)*([a-z0-9_]+)$")

# The cabinet-wide keyboard map, from the Grinning Harvest sheet's shortcut list.
DEFAULT_KEYS: dict[str, list[str]] = {
    "spin": ["space"],
    "sound": ["shift+s"],
    "music": ["shift+m"],
    "info": ["shift+i", "shift+g"],
    "paytable": ["shift+p"],
    "bet_up": ["shift+up"],
    "bet_down": ["shift+down"],
    "close": ["escape", "backspace"],
    "turbo": ["shift+t"],
    "buy_menu": ["shift+b", "shift+f"],
    "prev": ["shift+left"],          # buy confirmation page: previous option; autoplay: fewer rounds
    "next": ["shift+right"],         # buy confirmation page: next option; autoplay: more rounds
    "buy_1": ["shift+1"],
    "buy_2": ["shift+2"],
    "buy_3": ["shift+3"],
    "buy_4": ["shift+4"],
    "confirm": ["shift+return"],     # confirm a purchase; start autoplay when its menu is open
    "autoplay": ["shift+a"],
    "fullscreen": ["f11", "alt+return"],
    "screenshot": ["f12"],
    "operator": ["ctrl+shift+o"],
    "history": ["shift+h"],
}


def _key_spec_ok(spec: Any) -> bool:
    m = _KEY_RE.match(spec) if isinstance(spec, str) else None
    return bool(m) and m.group(3) in KEY_NAMES


def _keys(path: str, data: Any) -> dict[str, list[str]]:
    keys = {k: list(v) for k, v in DEFAULT_KEYS.items()}
    if data is None:
        return keys
    if not isinstance(data, dict):
        raise ConfigError(f"{path} = {data!r} has the wrong type; allowed: a section of action: [keys]")
    for action, specs in data.items():
        if action not in DEFAULT_KEYS:
            raise ConfigError(f"{path}.{action} is not a known action; allowed: {', '.join(sorted(DEFAULT_KEYS))}")
        specs = [specs] if isinstance(specs, str) else specs
        if not isinstance(specs, list) or not specs:
            raise ConfigError(f"{path}.{action} = {specs!r} has the wrong type; allowed: a list of keys like [shift+s]")
        for s in specs:
            if not _key_spec_ok(s):
                raise ConfigError(f"{path}.{action} = {s!r} is not a key; allowed: [shift+|ctrl+|alt+]KEY with KEY "
                                  f"a letter, digit, f1-f12, space, escape, backspace, return, up, down, left, right")
        keys[action] = [s.lower() for s in specs]
    return keys


def _amount(allowed: str, lo: int = 1, hi: int = 10**12) -> Field:
    def conv(v: Any) -> int:
        cents = parse_amount(v)
        if not lo <= cents <= hi:
            raise ValueError("out of range")
        return cents
    return Field((str, int, float), None, allowed, None, conv, nullable=True)


GAME_SCHEMA: dict[str, Any] = {
    "enabled": boolean(True),
    "bet_ladder": Field(list, None, "a list of amounts like [\"0.10\", \"0.20\"], ascending", nullable=True),
    "default_bet": _amount("an amount on the bet ladder, like \"1.00\""),
    "modes": Field((list, str), "all", "all, or a list of the game's bet mode ids"),
    "win_limit": _amount("an amount like \"250000.00\", or null for none"),
    "max_buy": _amount("the most one buy may cost, an amount like \"5000.00\", or null for no limit"),
}


def _games(path: str, data: Any) -> dict[str, SimpleNamespace]:
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ConfigError(f"{path} = {data!r} has the wrong type; allowed: a section per game id")
    out = {}
    for gid, section in data.items():
        g = validate_section(GAME_SCHEMA, section, f"{path}.{gid}")
        if g["bet_ladder"] is not None:
            ladder = []
            for i, v in enumerate(g["bet_ladder"]):
                try:
                    ladder.append(parse_amount(v))
                except ValueError:
                    raise ConfigError(f"{path}.{gid}.bet_ladder[{i}] = {v!r} is not an amount; allowed: amounts like \"0.10\"") from None
            if not ladder or any(b <= 0 for b in ladder) or ladder != sorted(set(ladder)):
                raise ConfigError(f"{path}.{gid}.bet_ladder = {g['bet_ladder']!r} is not allowed; allowed: positive amounts, ascending, no repeats")
            g["bet_ladder"] = tuple(ladder)
        if g["default_bet"] is not None and g["bet_ladder"] is not None and g["default_bet"] not in g["bet_ladder"]:
            raise ConfigError(f"{path}.{gid}.default_bet = {section.get('default_bet')!r} is not on the bet ladder; allowed: one of {section.get('bet_ladder')}")
        if isinstance(g["modes"], str) and g["modes"] != "all":
            raise ConfigError(f"{path}.{gid}.modes = {g['modes']!r} is not allowed; allowed: all, or a list of mode ids")
        out[gid] = SimpleNamespace(**g)
    return out


SCHEMA: dict[str, Any] = {
    "display": {
        "width": integer(320, 7680, 1600),
        "height": integer(240, 4320, 900),
        "fullscreen": boolean(False),
        "kiosk": boolean(False),
        "fps": integer(20, 240, 60),
    },
    "currency": {
        "symbol": text("$", "up to 4 characters", lambda v: 0 < len(v) <= 4),
        "minor_units": Field(int, 100, "1, 10, 100 or 1000", lambda v: v in (1, 10, 100, 1000)),
        "thousands": text(",", "one character or empty", lambda v: len(v) <= 1),
        "decimal": text(".", "one character", lambda v: len(v) == 1),
    },
    "demo_credit": _amount("an amount from 0.01 to 10000000.00, like \"1000.00\"", 1, 10**9),
    "data_dir": text("data", "a folder path"),
    "rng_seed": integer(0, 2**63 - 1, None, nullable=True),
    "real_play": boolean(False),
    "demo_tools": boolean(True),
    "math_source": choice(("books", "live"), "books"),
    "gamble": choice(GAMBLE_SETTINGS, "on_5x"),
    "turbo_allowed": boolean(True),
    "skip_allowed": boolean(True),
    "min_round_seconds": number(0.0, 10.0, 0.0),
    "operator_pin": text("1234", "4 to 8 digits", lambda v: v.isdigit() and 4 <= len(v) <= 8),
    "attract_idle_seconds": integer(10, 3600, 90),
    "big_win": {
        "big": integer(2, 10000, 15),
        "mega": integer(2, 10000, 30),
        "epic": integer(2, 10000, 60),
    },
    "sound": {
        "enabled": boolean(True),
        "music": boolean(True),
        "volume": number(0.0, 1.0, 0.7),
        "music_volume": number(0.0, 1.0, 0.35),
    },
    "protection": {
        "enabled": boolean(False),
        "session_clock": boolean(True),
        "reality_check_minutes": integer(1, 240, 30),
    },
    "keys": _keys,
    "games": _games,
}


def _namespace(d: Any) -> Any:
    if isinstance(d, dict) and all(isinstance(k, str) for k in d):
        return SimpleNamespace(**{k: _namespace(v) if k not in ("keys", "games") else v for k, v in d.items()})
    return d


class Config(SimpleNamespace):
    """Validated settings. Sections are attributes: cfg.display.width, cfg.games['x']."""

    source: Path
    currency: Currency


def load_config(path: str | Path | None = None) -> Config:
    """Read and validate a config file; raise ConfigError (one line) if anything is off."""
    p = Path(path) if path else DEFAULT_PATH
    try:
        raw = yaml.safe_load(p.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"{p}: file not found; allowed: a readable YAML config file (see config.yaml)") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{p}: cannot be read ({exc}); allowed: a readable UTF-8 YAML file") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        raise ConfigError(f"{p}: not valid YAML{where}; allowed: a YAML mapping of the keys in config.yaml") from None
    values = validate_section(SCHEMA, raw)
    big = values["big_win"]
    if not big["big"] < big["mega"] < big["epic"]:
        raise ConfigError(f"big_win = {big!r} is not allowed; allowed: big < mega < epic")
    if values["real_play"] and values["demo_tools"]:
        raise ConfigError("demo_tools = true is not allowed with real_play = true; allowed: demo_tools: false in real play")
    if values["demo_credit"] is None:
        values["demo_credit"] = 100000
    ns = _namespace(values)
    cfg = Config(**vars(ns))
    cfg.currency = Currency(**values["currency"])
    cfg.source = p
    cfg.data_path = (p.parent / values["data_dir"]).resolve() if not Path(values["data_dir"]).is_absolute() else Path(values["data_dir"])
    return cfg
