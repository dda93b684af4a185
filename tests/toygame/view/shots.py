"""Toy Reels' gallery (`main.py --shots DIR --game <id>`, demo tools only): the idle
game, a spin stopping, a line win, the coin bonus, and the overlays every game has."""
from __future__ import annotations

from cabinet.ui.shots import Shot

SHOTS = [
    Shot("base_board", caption="The idle game on its start board"),
    Shot("reels_spinning", mode="base", at="reel", within=0.3, caption="The reels stopping left to right"),
    Shot("line_win", mode="base", force="jackpot", at="line", within=0.6, caption="Three crowns on a line"),
    Shot("coin_bonus", mode="buy_bonus", at="coin", within=0.6, caption="The coin bonus paying its coins"),
    Shot("buy_menu", action="buy_menu", caption="The buy menu"),
    Shot("info", action="info", caption="The rules, written from math.yaml"),
    Shot("paytable", action="paytable", caption="The paytable"),
]
