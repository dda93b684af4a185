"""Issue 36 item 5: the README's first screen (its first 40 lines, before the install)
tells how to play (the keys, the gamble and spin chance included), how to open the
operator menu, the default PIN and why it must change before real play."""
from __future__ import annotations

from pathlib import Path

from cabinet.core.config import DEFAULT_KEYS

README = Path(__file__).resolve().parents[1] / "README.md"


def first_screen() -> str:
    return "".join(README.read_text(encoding="utf-8").splitlines(keepends=True)[:40])


def test_the_first_screen_names_the_keys_the_operator_menu_and_the_pin():
    top = first_screen()
    for words in ("SPACE", "SHIFT+UP", "SHIFT+DOWN", "SHIFT+B", "SHIFT+A", "SHIFT+H", "ESC",
                  "Gamble", "SHIFT+D", "SPIN collects", "Spin chance", "SHIFT+ENTER", "ENTER collects",
                  "Operator menu", "CTRL+SHIFT+O", "`1234`", "before real play", "real_play: true"):
        assert words in top, f"{words!r} is not in the README's first 40 lines"


def test_the_first_screen_comes_before_the_install_and_its_keys_are_the_defaults():
    lines = README.read_text(encoding="utf-8").splitlines()
    glance = next(i for i, line in enumerate(lines) if line.startswith("## At a glance"))
    install = next(i for i, line in enumerate(lines) if line.startswith("## The two commands"))
    assert glance < install < 40
    # the keys the first screen names are the shipped map's
    said = {"spin": "space", "bet_up": "shift+up", "bet_down": "shift+down", "buy_menu": "shift+b",
            "autoplay": "shift+a", "history": "shift+h", "close": "escape", "operator": "ctrl+shift+o",
            "confirm": "shift+return", "buy_1": "shift+1", "buy_3": "shift+3", "gamble": "shift+d"}
    for action, key in said.items():
        assert key in DEFAULT_KEYS[action], (action, key)
