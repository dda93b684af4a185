"""config.yaml's `keys:` section: the cabinet-wide keyboard map (DEFAULT_KEYS, from the
Grinning Harvest sheet's shortcut list) and the check of an operator's bindings
(`check_keys`: action -> [shift+|ctrl+|alt+]KEY, one ConfigError line when one is off).
"""
from __future__ import annotations

import re
from typing import Any

from .schema import ConfigError, key_name, shown

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
    "buy_5": ["shift+5"],            # the sheet names SHIFT+1..4; games with more buys (Piggy Farm's
    "buy_6": ["shift+6"],            # seven) reach the rest the same way
    "buy_7": ["shift+7"],
    "confirm": ["shift+return"],     # confirm a purchase; start autoplay when its menu is open
    "autoplay": ["shift+a"],
    "fullscreen": ["f11", "alt+return"],
    "screenshot": ["f12"],
    "operator": ["ctrl+shift+o"],
    "history": ["shift+h"],
    "gamble": ["shift+d"],           # open the gamble offered on a win (Happy Money Hens: "double up")
}


def _key_spec_ok(spec: Any) -> bool:
    m = _KEY_RE.match(spec) if isinstance(spec, str) else None
    return m is not None and m.group(3) in KEY_NAMES


def check_keys(path: str, data: Any) -> dict[str, list[str]]:
    keys = {k: list(v) for k, v in DEFAULT_KEYS.items()}
    if data is None:
        return keys
    if not isinstance(data, dict):
        raise ConfigError(f"{path} = {shown(data)} has the wrong type; allowed: a section of action: [keys]")
    for action, specs in data.items():
        if action not in DEFAULT_KEYS:
            raise ConfigError(
                f"{path}.{key_name(action)} is not a known action; allowed: {', '.join(sorted(DEFAULT_KEYS))}"
            )
        specs = [specs] if isinstance(specs, str) else specs
        if not isinstance(specs, list) or not specs:
            raise ConfigError(
                f"{path}.{action} = {shown(specs)} has the wrong type; allowed: a list of keys like [shift+s]"
            )
        for s in specs:
            if not _key_spec_ok(s):
                raise ConfigError(
                    f"{path}.{action} = {shown(s)} is not a key; allowed: [shift+|ctrl+|alt+]KEY with KEY "
                    f"a letter, digit, f1-f12, space, escape, backspace, return, up, down, left, right"
                )
        keys[action] = [s.lower() for s in specs]
    return keys
