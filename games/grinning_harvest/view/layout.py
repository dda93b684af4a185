"""Grinning Harvest's screen layout in logical 1920x1080 coordinates."""
from __future__ import annotations

REELS_RECT = (672, 372, 576, 534)       # the 3x3 reels (and the bonus board on them)
ROW_Y, ROW_H = 254, 80                  # the bonus row above the reels
