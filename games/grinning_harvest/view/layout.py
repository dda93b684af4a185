"""Grinning Harvest's screen layout in logical 1920x1080 coordinates."""
from __future__ import annotations

from cabinet.ui.idle import Layer

REELS_RECT = (672, 372, 576, 534)       # the 3x3 reels (and the bonus board on them)
ROW_Y, ROW_H = 254, 80                  # the bonus row above the reels

# the backdrop's idle animation (cabinet/ui/idle.py): bats flitting across the sky, mist
# drifting over the moon, stars twinkling
IDLE = (Layer("idle.mist", (1500, 215), (420, 130), drift=-6.0),
        Layer("idle.mist", (420, 160), (320, 100), drift=-4.0),
        Layer("idle.bat", (1200, 150), (64, 36), drift=-38.0, bob=14, period=1.6),
        Layer("idle.bat", (400, 230), (50, 28), drift=-30.0, bob=10, period=1.3, phase=0.4),
        Layer("idle.bat", (1800, 110), (40, 22), drift=-24.0, bob=8, period=1.1, phase=0.7),
        *(Layer("idle.star", xy, (26, 26), period=2.6 + i * 0.6, flicker=0.9, phase=i * 0.29)
          for i, xy in enumerate(((120, 140), (560, 110), (1080, 100), (1320, 220), (1760, 300), (80, 330)))))
