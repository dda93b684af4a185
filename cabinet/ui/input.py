"""Keys become named actions ("spin", "bet_up", "buy_menu") through one table.

The table comes from config (`keys`: action -> list of key specs such as "shift+s",
"space", "escape", "shift+1"). One key can serve several actions (SHIFT+LEFT is
`prev` on the buy confirmation page and fewer rounds in the autoplay menu):
`actions(event)` returns all of them and the scene on top picks the one it knows.

A spec's modifiers must all be held and no other of shift/ctrl/alt may be: "space"
does not fire on SHIFT+SPACE, "shift+enter" does not fire on ENTER. Modifiers are
read from `event.mod` (posted events do not change `key.get_mods()`), masked, so
NUM LOCK or CAPS LOCK do not get in the way.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

import pygame

from cabinet.core.i18n import N_, translate

from cabinet.core.config_keys import DEFAULT_KEYS  # the Grinning Harvest sheet's table, as config.yaml has it

SHIFT, CTRL, ALT = pygame.KMOD_SHIFT, pygame.KMOD_CTRL, pygame.KMOD_ALT
_MODS = {"shift": SHIFT, "ctrl": CTRL, "control": CTRL, "alt": ALT}
# Config names -> pygame key names; "return" also means the keypad's ENTER.
_ALIASES = {"enter": ("return", "enter"), "return": ("return", "enter"), "esc": ("escape",),
            "kp_enter": ("enter",), "kp_plus": ("[+]",), "kp_minus": ("[-]",), "plus": ("+",),
            "minus": ("-",), "equals": ("=",), "pageup": ("page up",), "pagedown": ("page down",)}

# Keys every scene understands for plain navigation, on top of the configured table.
NAV_KEYS: dict[str, list[str]] = {
    "left": ["left"], "right": ["right"], "up": ["up"], "down": ["down"], "select": ["return"],
    "page_up": ["pageup"], "page_down": ["pagedown"],
}


# The review tools' keys (review mode only: cabinet/ui/review.py); F5-F10 are in no
# rules sheet's shortcut list and in no other table here.
REVIEW_KEYS: dict[str, list[str]] = {
    "review_pause": ["f5"], "review_step": ["f6"], "review_slow": ["f7"], "review_math": ["f8"],
    "review_replay": ["f9"], "demo": ["f10"],
}


class KeySpecError(ValueError):
    """A key spec that names no key."""


@dataclass(frozen=True)
class KeyCombo:
    keys: tuple[int, ...]     # any of these key codes
    mods: int                 # required modifier mask (shift/ctrl/alt)

    def matches(self, key: int, mod: int) -> bool:
        held = 0
        for m in (SHIFT, CTRL, ALT):
            if mod & m:
                held |= m
        return key in self.keys and held == self.mods


def parse_spec(spec: str) -> KeyCombo:
    """'shift+1' -> KeyCombo((K_1,), KMOD_SHIFT); raises KeySpecError on an unknown name."""
    parts = [p.strip().lower() for p in spec.split("+")]
    if spec.strip().endswith("++"):          # "shift++" means the plus key
        parts = parts[:-2] + ["+"]
    *mods, name = parts
    mask = 0
    for m in mods:
        if m not in _MODS:
            raise KeySpecError(f"{spec!r}: unknown modifier {m!r} (shift, ctrl, alt)")
        mask |= _MODS[m]
    if not pygame.display.get_init():     # key names resolve through SDL's video subsystem
        pygame.display.init()
    codes = []
    for n in _ALIASES.get(name, (name,)):
        try:
            codes.append(pygame.key.key_code(n))
        except ValueError:
            pass
    if not codes:
        raise KeySpecError(f"{spec!r}: unknown key name {name!r}")
    return KeyCombo(tuple(codes), mask)


class InputMap:
    """Action names for key events, from a table of action -> key specs."""

    def __init__(self, table: Mapping[str, Iterable[str]] | None = None):
        merged = {**NAV_KEYS, **REVIEW_KEYS, **DEFAULT_KEYS, **dict(table or {})}
        self.table = {action: list(specs) for action, specs in merged.items()}
        self._combos = [(action, parse_spec(s)) for action, specs in self.table.items() for s in specs]

    def actions(self, event: pygame.event.Event) -> tuple[str, ...]:
        """Every action bound to this KEYDOWN event (empty for anything else)."""
        if event.type != pygame.KEYDOWN:
            return ()
        key, mod = getattr(event, "key", None), getattr(event, "mod", 0) or 0
        if key is None:
            return ()
        return tuple(a for a, combo in self._combos if combo.matches(key, mod))

    def describe(self, action: str) -> str:
        """The keys of an action as a person reads them: 'SHIFT+S', 'ESC / BACKSPACE'."""
        return " / ".join(s.upper() for s in self.table.get(action, ()))

    def describe_words(self, action: str, first: bool = False) -> str:
        """describe() with the keys' names in the player's language ('LEERTASTE', 'UMSCHALT+1');
        `first`: only the action's first key (a hint's 'ESC close')."""
        specs = self.table.get(action, ())[:1] if first else self.table.get(action, ())
        return " / ".join(spec_words(spec) for spec in specs)

    def describe_group(self, actions: Iterable[str]) -> str:
        """Several actions' keys in the player's language, short: one key each with the
        same modifiers is said once ('SHIFT+UP/DOWN' for bet up / down, 'SHIFT+1/2/3'),
        else each action's keys ('LEFT / RIGHT', 'ESCAPE / BACKSPACE / RETURN')."""
        bound = [self.table[a] for a in actions if self.table.get(a)]
        parts = [_split(specs[0]) for specs in bound]
        if len(bound) > 1 and all(len(specs) == 1 for specs in bound) and all(p[:-1] == parts[0][:-1] for p in parts):
            return "+".join([*(key_word(m) for m in parts[0][:-1]), "/".join(key_word(p[-1]) for p in parts)])
        return " / ".join(" / ".join(spec_words(s) for s in specs) for specs in bound)


def _split(spec: str) -> list[str]:
    """A key spec's parts: 'shift+up' -> ['shift', 'up']; 'shift++' -> ['shift', '+']."""
    if spec.strip().endswith("++"):
        return [*spec.strip()[:-2].split("+"), "+"] if spec.strip()[:-2] else ["+"]
    return spec.split("+")


def spec_words(spec: str) -> str:
    """One key spec as the player reads it: 'shift+1' -> 'SHIFT+1' ('UMSCHALT+1' in de-DE)."""
    return "+".join(key_word(k) for k in _split(spec))


# A key's name as the player reads it; the message carries "key" so that it is not
# confused with the same word elsewhere (en shows the name as it is). Letters, digits,
# F1-F12, ALT and the symbol keys are written the same in every language.
KEY_WORDS = {"LEFT": N_("key LEFT"), "RIGHT": N_("key RIGHT"), "UP": N_("key UP"), "DOWN": N_("key DOWN"),
             "SPACE": N_("key SPACE"), "RETURN": N_("key RETURN"), "ENTER": N_("key ENTER"),
             "BACKSPACE": N_("key BACKSPACE"), "SHIFT": N_("key SHIFT"), "CTRL": N_("key CTRL"),
             "ESCAPE": N_("key ESCAPE"), "ESC": N_("key ESC"), "TAB": N_("key TAB"), "HOME": N_("key HOME"),
             "END": N_("key END"), "PAGEUP": N_("key PAGEUP"), "PAGEDOWN": N_("key PAGEDOWN"),
             "DELETE": N_("key DELETE"), "INSERT": N_("key INSERT"), "ARROWS": N_("key ARROWS"),
             "KP_ENTER": N_("key KP_ENTER")}

def key_word(name: str) -> str:
    """One key's name ('space' -> 'SPACE', 'LEERTASTE' in de-DE)."""
    name = name.strip().upper()
    message = KEY_WORDS.get(name)
    if message is None:
        return name
    word = translate(message)
    return name if word == message else word
