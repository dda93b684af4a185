"""Piggy Farm's screen layout in logical 1920x1080 coordinates."""
from __future__ import annotations

import pygame

from cabinet.ui.idle import Layer

ROWS = COLS = 7
RECT = pygame.Rect(582, 136, 756, 756)        # the board window
LEFT = pygame.Rect(232, 136, 326, 756)        # counters panel
RIGHT = pygame.Rect(1362, 136, 540, 756)      # wheel guide and paytable panel
ANTE = pygame.Rect(24, 580, 190, 150)         # FARM WHEEL BOOST card under BUY

# the backdrop's idle animation (cabinet/ui/idle.py): clouds drifting along the top, a
# windmill above the buttons on the left turning its sails
IDLE = (Layer("idle.cloud", (260, 112), (260, 94), drift=8.0),
        Layer("idle.cloud", (1200, 104), (220, 80), drift=5.5),
        Layer("idle.cloud", (1750, 118), (300, 108), drift=10.0),
        Layer("idle.tower", (116, 330), (96, 228)),
        Layer("idle.sails", (116, 230), (230, 230), period=9.0, turn=36, symmetry=4))
