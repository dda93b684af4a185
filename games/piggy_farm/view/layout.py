"""Piggy Farm's screen layout in logical 1920x1080 coordinates."""
from __future__ import annotations

import pygame

ROWS = COLS = 7
RECT = pygame.Rect(582, 136, 756, 756)        # the board window
LEFT = pygame.Rect(232, 136, 326, 756)        # counters panel
RIGHT = pygame.Rect(1362, 136, 540, 756)      # wheel guide and paytable panel
ANTE = pygame.Rect(24, 580, 190, 150)         # FARM WHEEL BOOST card under BUY
