"""Happy Money Hens' screen layout in logical 1920x1080 coordinates, and the names the
screens give the feature combinations: shared by the scene, the boards and the gamble."""
from __future__ import annotations

import pygame

from cabinet.ui.idle import Layer

# the backdrop's idle animation (cabinet/ui/idle.py): dusk clouds drifting behind the
# pots, stars twinkling where the sky shows
IDLE = (Layer("idle.cloud", (300, 150), (300, 104), drift=7.0),
        Layer("idle.cloud", (1150, 118), (240, 84), drift=4.5),
        Layer("idle.cloud", (1700, 170), (340, 118), drift=9.0),
        *(Layer("idle.star", xy, (30, 30), period=3.0 + i * 0.7, flicker=0.85, phase=i * 0.37)
          for i, xy in enumerate(((60, 120), (330, 98), (800, 200), (1180, 104), (1640, 112), (1880, 205),
                                  (30, 415), (200, 240)))))

# base game
REELS = pygame.Rect(420, 262, 1080, 606)
POT_X = {"BLUE": 600, "RED": 980, "GOLD": 1360}
FORTUNE = (("base", "OFF"), ("fortune_1_2", "1.2x"), ("fortune_1_5", "1.5x"), ("fortune_2", "2x"))
FORTUNE_X = 1545
GAMBLE_RECT = (24, 590, 190, 124)      # the GAMBLE offer on a win: under BUY, over the barn

# gamble wheels
CASH_C, BONUS_C, RADIUS = (540, 535), (1380, 535), 250
GREEN, RED, GREY = (60, 185, 95), (205, 55, 55), (90, 90, 104)
NAMES = {"DC": "DOUBLE COINS", "PF": "POT FILL", "HB": "HAPPY BOOST"}


def entry_name(code: str, sep: str = " + ") -> str:
    """'DC+HB' -> 'DOUBLE COINS + HAPPY BOOST'."""
    return sep.join(NAMES[c] for c in code.split("+"))
