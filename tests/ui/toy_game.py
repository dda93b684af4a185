"""The toolchain's Toy Reels, dressed for the UI tests: an ante spin mode and two buys.

Extra modes reuse Toy Reels' rules (ante plays a base round at 1.25x, the big buy a
coin bonus at 40x) so the shell's mode selection, buy menu and SHIFT+1/2 can be
driven with real rounds. No pygame here: this is the math side of the plug-in.
"""
from __future__ import annotations

from dataclasses import replace

from cabinet.core.game import BetMode
from tests.toygame import GAME as TOY_REELS
from tests.toygame.math import rules

RULE_MODE = {"ante": "base", "buy_big": "buy_bonus"}


def play(rng, mode: str, force: str | None = None):
    """Toy Reels' round for the mode's rule set."""
    return rules.play(rng, RULE_MODE.get(mode, mode), force)


TOY = replace(
    TOY_REELS,
    id="toyui",
    name="Toy Reels",
    modes=(BetMode("base", "Spin", 100),
           BetMode("ante", "Ante Spin", 125, description="Toy Reels at 1.25x"),
           BetMode("buy_bonus", "Coin Bonus", 2000, kind="buy", description="5 coins"),
           BetMode("buy_big", "Big Coin Bonus", 4000, kind="buy", description="5 coins, twice the price")),
    play=play,
    rtp={"base": 0.945, "ante": 0.756, "buy_bonus": 0.952, "buy_big": 0.476},
)
