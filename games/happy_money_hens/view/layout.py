"""Happy Money Hens' screen layout in logical 1920x1080 coordinates, and the names the
screens give the feature combinations: shared by the scene, the boards and the gamble."""
from __future__ import annotations

import pygame

# base game
REELS = pygame.Rect(420, 262, 1080, 606)
POT_X = {"BLUE": 600, "RED": 980, "GOLD": 1360}
FORTUNE = (("base", "OFF"), ("fortune_1_2", "1.2x"), ("fortune_1_5", "1.5x"), ("fortune_2", "2x"))
FORTUNE_X = 1545

# gamble wheels
CASH_C, BONUS_C, RADIUS = (540, 535), (1380, 535), 250
GREEN, RED, GREY = (60, 185, 95), (205, 55, 55), (90, 90, 104)
NAMES = {"DC": "DOUBLE COINS", "PF": "POT FILL", "HB": "HAPPY BOOST"}


def entry_name(code: str, sep: str = " + ") -> str:
    """'DC+HB' -> 'DOUBLE COINS + HAPPY BOOST'."""
    return sep.join(NAMES[c] for c in code.split("+"))
