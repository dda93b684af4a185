"""Toy Reels: a tiny but complete game for testing the math toolchain.

3 reels x 3 rows, 3 horizontal lines; three of a kind on a line pays (no wild).
Three STAR scatters anywhere start the coin bonus: COINS draws from COIN_TABLE, the
sum pays. Three CROWNs on a line is the jackpot (1,000x), the rare category the book
builder forces: `play(force="jackpot")` picks uniformly among the stop combinations
that show it, which is exactly the natural distribution given a jackpot.
Mode "buy_bonus" (20x) pays BUY_COINS coin draws directly.
"""
from __future__ import annotations

from fractions import Fraction
from itertools import product

import numpy as np

from cabinet.core.rng import Rng
from cabinet.core import events as E
from cabinet.core.round import Round, event

from .tables import REELS, ROWS, load

T = load()
STRIPS = T.strips
NAMES = T.names
PAYS_X100 = T.pays_x100
COIN_TABLE = tuple((int(v), int(w)) for v, w in T.raw["coin_table"])
COINS, BUY_COINS = T.coins, T.buy_coins
LINES = T.lines
FEATURES = ("bonus", "jackpot")
FORCE_LABELS = {"jackpot": "Three crowns on a line"}


def window(stops: tuple[int, ...]) -> list[list[str]]:
    """Rows top to bottom of strip letters, for reel stops (top row index per reel)."""
    return [[STRIPS[c][(stops[c] + r) % len(STRIPS[c])] for c in range(REELS)] for r in range(ROWS)]


def line_wins(board: list[list[str]]) -> list[tuple[int, str, int]]:
    """(line index, symbol letter, pay_x100) for each line showing three of a kind."""
    wins = []
    for li, rows in enumerate(LINES):
        syms = {board[rows[c]][c] for c in range(REELS)}
        if len(syms) == 1:
            (s,) = syms
            if s in PAYS_X100:
                wins.append((li, s, PAYS_X100[s]))
    return wins


def is_jackpot(board: list[list[str]]) -> bool:
    return any(s == "C" for _, s, _ in line_wins(board))


def stars(board: list[list[str]]) -> int:
    return sum(row.count("S") for row in board)


JACKPOT_STOPS = tuple(st for st in product(*(range(len(s)) for s in STRIPS)) if is_jackpot(window(st)))
TOTAL_STOPS = int(np.prod([len(s) for s in STRIPS]))
JACKPOT_RATE = len(JACKPOT_STOPS) / TOTAL_STOPS
COIN_CUM = T.coin_cum


def coin_bonus(rng: Rng, count: int, events: list) -> int:
    """Draw `count` coins; returns their sum (x100)."""
    total = 0
    for _ in range(count):
        value = COIN_TABLE[rng.weighted_cum(COIN_CUM)][0]
        events.append(event("coin", value_x100=value))
        total += value
    return total


def play(rng: Rng, mode: str, force: str | None = None) -> Round:
    """One round of Toy Reels."""
    events: list = []
    if mode == "buy_bonus":
        events.append(event("bonus_start", coins=BUY_COINS))
        pay = coin_bonus(rng, BUY_COINS, events)
        events.append(E.round_end(payout_x100=pay))
        return Round(mode, pay, events, ("bonus",))
    if mode != "base":
        raise KeyError(mode)
    if force == "jackpot":
        stops = JACKPOT_STOPS[rng.below(len(JACKPOT_STOPS))]
    elif force is None:
        stops = tuple(rng.below(len(s)) for s in STRIPS)
    else:
        raise KeyError(force)
    board = window(stops)
    for c in range(REELS):
        events.append(E.reel_stop(reel=c, stop=int(stops[c]), symbols=[board[r][c] for r in range(ROWS)]))
    pay, feats = 0, []
    for li, s, p in line_wins(board):
        events.append(E.line_win(line=li, symbol=NAMES[s], count=REELS,
                                 positions=[[LINES[li][c], c] for c in range(REELS)], pay_x100=p))
        pay += p
        if s == "C":
            feats.append("jackpot")
    if stars(board) >= 3:
        feats.append("bonus")
        events.append(event("bonus_start", coins=COINS))
        pay += coin_bonus(rng, COINS, events)
    events.append(E.round_end(payout_x100=pay))
    return Round(mode, pay, events, tuple(feats))


def exact_rtp(mode: str) -> Fraction:
    """The exact RTP of a mode by enumerating every stop combination."""
    coin_mean = Fraction(sum(v * w for v, w in COIN_TABLE), int(COIN_CUM[-1]))
    if mode == "buy_bonus":
        return BUY_COINS * coin_mean / 2000
    total = Fraction(0)
    for st in product(*(range(len(s)) for s in STRIPS)):
        b = window(st)
        total += sum(p for _, _, p in line_wins(b)) + (COINS * coin_mean if stars(b) >= 3 else 0)
    return total / TOTAL_STOPS / 100
