"""Toy Reels' vectorised engine: the same rules as `rules.play`, for n rounds at once."""
from __future__ import annotations

import numpy as np

from cabinet.core.rng import weighted_batch

from .rules import COIN_CUM, BUY_COINS, COIN_TABLE, COINS, PAYS_X100, REELS, ROWS, STRIPS

_STRIP_CODES = [np.array([ord(ch) for ch in s], dtype=np.uint8) for s in STRIPS]
_PAY_LUT = np.zeros(256, dtype=np.int64)
for _s, _p in PAYS_X100.items():
    _PAY_LUT[ord(_s)] = _p


def simulate(seed_sequence: np.random.SeedSequence, mode: str, n: int) -> dict:
    """The same rules as `play`, for n rounds at once (used by `sim`)."""
    gen = np.random.Generator(np.random.PCG64DXSM(seed_sequence))
    values = np.array([v for v, _ in COIN_TABLE], dtype=np.int64)

    top = values.max()

    def coins(count: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        k = int(count.max()) if len(count) else 0
        draws = weighted_batch(gen, COIN_CUM, (len(count), k))
        drawn = values[draws] * (np.arange(k) < count[:, None])
        return drawn.sum(axis=1), (drawn == top).any(axis=1)

    if mode == "buy_bonus":
        pay, top_coin = coins(np.full(n, BUY_COINS))
        return {"payout_x100": pay,
                "features": {"bonus": np.ones(n, bool), "jackpot": np.zeros(n, bool), "top_coin": top_coin}}
    board = np.empty((n, ROWS, REELS), dtype=np.uint8)
    for c, strip in enumerate(_STRIP_CODES):
        stop = gen.integers(0, len(strip), n)
        for r in range(ROWS):
            board[:, r, c] = strip[(stop + r) % len(strip)]
    same = (board[:, :, 0] == board[:, :, 1]) & (board[:, :, 1] == board[:, :, 2])
    line_pay = np.where(same, _PAY_LUT[board[:, :, 0]], 0)
    bonus = (board == ord("S")).sum(axis=(1, 2)) >= 3
    coin_pay, top_coin = coins(np.where(bonus, COINS, 0))
    pay = line_pay.sum(axis=1) + coin_pay
    jackpot = (same & (board[:, :, 0] == ord("C"))).any(axis=1)
    return {"payout_x100": pay, "features": {"bonus": bonus, "jackpot": jackpot, "top_coin": top_coin}}
