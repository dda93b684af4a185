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
from cabinet.core.round import Round, event

STRIPS = (
    "JQKJASQJKQAJCQJKSJQAKJQSJKQJAK",
    "QJKAJSQKJAQJKCJQSKAJQJKSQJAKQJ",
    "KJQAJKSQJCKQJAJSKQJQAKJQSJKAJQ",
)
NAMES = {"J": "J", "Q": "Q", "K": "K", "A": "A", "C": "CROWN", "S": "STAR"}
PAYS_X100 = {"J": 200, "Q": 300, "K": 600, "A": 1500, "C": 100_000}
COIN_TABLE = ((100, 40), (200, 30), (500, 20), (1000, 8), (5000, 2))   # (value_x100, weight)
COINS, BUY_COINS = 3, 5
ROWS, REELS = 3, 3
LINES = ((0, 0, 0), (1, 1, 1), (2, 2, 2))


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
_COIN_CUM = np.cumsum([w for _, w in COIN_TABLE])


def coin_bonus(rng: Rng, count: int, events: list) -> int:
    """Draw `count` coins; returns their sum (x100)."""
    total = 0
    for _ in range(count):
        value = COIN_TABLE[rng.weighted_cum(_COIN_CUM)][0]
        events.append(event("coin", value_x100=value))
        total += value
    return total


def play(rng: Rng, mode: str, force: str | None = None) -> Round:
    """One round of Toy Reels."""
    events: list = []
    if mode == "buy_bonus":
        events.append(event("bonus_start", coins=BUY_COINS))
        pay = coin_bonus(rng, BUY_COINS, events)
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
    events.append(event("reels", stops=list(stops), board=board))
    pay, feats = 0, []
    for li, s, p in line_wins(board):
        events.append(event("line_win", line=li, symbol=NAMES[s], pay_x100=p))
        pay += p
        if s == "C":
            feats.append("jackpot")
    if stars(board) >= 3:
        feats.append("bonus")
        events.append(event("bonus_start", coins=COINS))
        pay += coin_bonus(rng, COINS, events)
    return Round(mode, pay, events, tuple(feats))


def exact_rtp(mode: str) -> Fraction:
    """The exact RTP of a mode by enumerating every stop combination."""
    coin_mean = Fraction(sum(v * w for v, w in COIN_TABLE), int(_COIN_CUM[-1]))
    if mode == "buy_bonus":
        return BUY_COINS * coin_mean / 2000
    total = Fraction(0)
    for st in product(*(range(len(s)) for s in STRIPS)):
        b = window(st)
        total += sum(p for _, _, p in line_wins(b)) + (COINS * coin_mean if stars(b) >= 3 else 0)
    return total / TOTAL_STOPS / 100


# ----------------------------------------------------------------- vectorised engine

_STRIP_CODES = [np.array([ord(ch) for ch in s], dtype=np.uint8) for s in STRIPS]
_PAY_LUT = np.zeros(256, dtype=np.int64)
for _s, _p in PAYS_X100.items():
    _PAY_LUT[ord(_s)] = _p


def simulate(seed_sequence: np.random.SeedSequence, mode: str, n: int) -> dict:
    """The same rules as `play`, for n rounds at once (used by `sim`)."""
    gen = np.random.Generator(np.random.PCG64DXSM(seed_sequence))
    values = np.array([v for v, _ in COIN_TABLE], dtype=np.int64)

    def coins(count: np.ndarray) -> np.ndarray:
        k = int(count.max()) if len(count) else 0
        draws = np.searchsorted(_COIN_CUM, gen.integers(0, int(_COIN_CUM[-1]), (len(count), k)), side="right")
        return (values[draws] * (np.arange(k) < count[:, None])).sum(axis=1)

    if mode == "buy_bonus":
        return {"payout_x100": coins(np.full(n, BUY_COINS)),
                "features": {"bonus": np.ones(n, bool), "jackpot": np.zeros(n, bool)}}
    board = np.empty((n, ROWS, REELS), dtype=np.uint8)
    for c, strip in enumerate(_STRIP_CODES):
        stop = gen.integers(0, len(strip), n)
        for r in range(ROWS):
            board[:, r, c] = strip[(stop + r) % len(strip)]
    same = (board[:, :, 0] == board[:, :, 1]) & (board[:, :, 1] == board[:, :, 2])
    line_pay = np.where(same, _PAY_LUT[board[:, :, 0]], 0)
    bonus = (board == ord("S")).sum(axis=(1, 2)) >= 3
    pay = line_pay.sum(axis=1) + coins(np.where(bonus, COINS, 0))
    jackpot = (same & (board[:, :, 0] == ord("C"))).any(axis=1)
    return {"payout_x100": pay, "features": {"bonus": bonus, "jackpot": jackpot}}


def evaluate(board: list[list[str]]) -> dict:
    """Line evaluation of one board (symbol names), no features."""
    letters = {v: k for k, v in NAMES.items()}
    b = [[letters[s] for s in row] for row in board]
    wins = [{"symbol": NAMES[s], "count": 3, "positions": [[LINES[li][c], c] for c in range(REELS)],
             "line": li, "pay_x": p / 100} for li, s, p in line_wins(b)]
    return {"wins": wins, "total_x": sum(w["pay_x"] for w in wins)}


def paytable() -> dict:
    """The paytable in the shape `python -m cabinet.math evaluate --paytable` prints."""
    return {"symbols": list(NAMES.values()), "wild": None, "not_substituted": [],
            "scatters": ["STAR"], "lines": [list(li) for li in LINES],
            "pays": {NAMES[s]: {"3": p / 100} for s, p in PAYS_X100.items()}}


def par_info() -> dict:
    """Reel strips and notes for the PAR sheet."""
    return {"reel_strips": {"base": [[NAMES[ch] for ch in s] for s in STRIPS]},
            "notes": [f"Jackpot (three crowns on a line): exactly 1 in {TOTAL_STOPS // len(JACKPOT_STOPS):,} spins.",
                      f"Coin bonus: {COINS} coins (base), {BUY_COINS} coins (buy) from "
                      + ", ".join(f"{v / 100:g}x w{w}" for v, w in COIN_TABLE) + "."]}


def payout_sources(rnd: Round) -> dict:
    """A round's payout split into line wins and coin bonus."""
    out = {"line wins": 0, "coin bonus": 0}
    for e in rnd.events:
        if e["type"] == "line_win":
            out["line wins"] += e["pay_x100"]
        elif e["type"] == "coin":
            out["coin bonus"] += e["value_x100"]
    return out
