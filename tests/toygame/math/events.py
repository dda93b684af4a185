"""Toy Reels' closed event vocabulary: three reel stops, line wins, the coin bonus
(bonus_start, then one coin per coin drawn) and the round's end. reel_stop, line_win
and round_end are the shared records of cabinet/core/events.py."""
from __future__ import annotations

from typing import Literal, TypedDict

from cabinet.core.events import LineWin, ReelStop, RoundEnd, catalogue


class BonusStart(TypedDict):
    coins: int
    type: Literal["bonus_start"]


class Coin(TypedDict):
    value_x100: int
    type: Literal["coin"]


CATALOGUE = catalogue(ReelStop, LineWin, BonusStart, Coin, RoundEnd)
