"""Toy Reels: a tiny but complete game for testing the math toolchain.

3 reels x 3 rows, 3 horizontal lines; three of a kind on a line pays (no wild).
Three STAR scatters anywhere start the coin bonus: COINS draws from COIN_TABLE, the
sum pays; a bonus that draws the top coin lists "top_coin". Mode "buy_bonus" (20x)
pays BUY_COINS coin draws directly.

The book builder forces two rare categories, each drawn from exactly the natural
distribution given the category:
- "jackpot" (three CROWNs on a line, 1,000x) picks uniformly among the stop
  combinations that show it: direct, no search;
- "top_coin" (a top coin in a base bonus, no jackpot) searches as the template for
  every game's forcing (cabinet/core/forcing.py): a search for a bonus board without
  a jackpot, then a search for coin draws holding the top coin. Each attempt draws
  from its own sub-stream, so a book replays its two kept attempts directly.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import product

import numpy as np

from cabinet.core.forcing import search
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
FEATURES = ("bonus", "jackpot", "top_coin")
FORCE_LABELS = {"jackpot": "Three crowns on a line", "top_coin": "Coin bonus with the top coin"}
MAX_TRIES = 10_000


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


TOP_COIN = max(v for v, _ in COIN_TABLE)


def draw_coins(rng: Rng, count: int) -> list[int]:
    return [COIN_TABLE[rng.weighted_cum(COIN_CUM)][0] for _ in range(count)]


def coin_bonus(coins: list[int], events: list) -> int:
    """The coin events of drawn coins; returns their sum (x100)."""
    for value in coins:
        events.append(event("coin", value_x100=value))
    return sum(coins)


def _forced_top_coin(rng: Rng) -> tuple[tuple[int, ...], list[int]]:
    """Stops of a bonus board without a jackpot, and coins holding the top coin."""
    def board(sub: Rng):
        stops = tuple(sub.below(len(s)) for s in STRIPS)
        b = window(stops)
        return stops if stars(b) >= 3 and not is_jackpot(b) else None

    def coins(sub: Rng):
        drawn = draw_coins(sub, COINS)
        return drawn if TOP_COIN in drawn else None
    return search(rng, board, MAX_TRIES, "a bonus board"), search(rng, coins, MAX_TRIES, "a top coin")


def play(rng: Rng, mode: str, force: str | None = None) -> Round:
    """One round of Toy Reels."""
    events: list = []
    if mode == "buy_bonus":
        events.append(event("bonus_start", coins=BUY_COINS))
        coins = draw_coins(rng, BUY_COINS)
        pay = coin_bonus(coins, events)
        events.append(E.round_end(payout_x100=pay))
        return Round(mode, pay, events, ("bonus",) + (("top_coin",) if TOP_COIN in coins else ()))
    if mode != "base":
        raise KeyError(mode)
    forced_coins = None
    if force == "jackpot":
        stops = JACKPOT_STOPS[rng.below(len(JACKPOT_STOPS))]
    elif force == "top_coin":
        stops, forced_coins = _forced_top_coin(rng)
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
        coins = forced_coins or draw_coins(rng, COINS)
        pay += coin_bonus(coins, events)
        if TOP_COIN in coins:
            feats.append("top_coin")
    events.append(E.round_end(payout_x100=pay))
    return Round(mode, pay, events, tuple(feats))


@lru_cache(maxsize=1)
def _bonus_odds() -> tuple[Fraction, Fraction, Fraction]:
    """(P(bonus), P(bonus without a jackpot), P(a coin is the top coin)), exact."""
    boards = [window(st) for st in product(*(range(len(s)) for s in STRIPS))]
    bonus = sum(stars(b) >= 3 for b in boards)
    clean = sum(stars(b) >= 3 and not is_jackpot(b) for b in boards)
    w = [w for _, w in COIN_TABLE]
    top = Fraction(w[[v for v, _ in COIN_TABLE].index(TOP_COIN)], sum(w))
    return Fraction(bonus, TOTAL_STOPS), Fraction(clean, TOTAL_STOPS), top


def exact_rates(mode: str) -> dict[str, Fraction]:
    """The exact rate of every feature of a mode (every stop combination enumerated)."""
    bonus, _, top = _bonus_odds()
    if mode == "buy_bonus":
        return {"bonus": Fraction(1), "jackpot": Fraction(0), "top_coin": 1 - (1 - top) ** BUY_COINS}
    return {"bonus": bonus, "jackpot": Fraction(len(JACKPOT_STOPS), TOTAL_STOPS),
            "top_coin": bonus * (1 - (1 - top) ** COINS)}


def top_coin_stratum_rate() -> float:
    """The top_coin category's share: a top coin in a bonus without a jackpot."""
    _, clean, top = _bonus_odds()
    return float(clean * (1 - (1 - top) ** COINS))


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
