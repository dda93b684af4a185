"""Vectorised engine for `python -m cabinet.math sim`: many rounds at once (numpy).

The same rules as rules.py, written for batches: stops drawn per reel for the whole
batch, the board gathered from the strips, the 20 lines paid by the shared batch
evaluator, feature symbols read from a per-stop table, one trigger draw per feature
symbol, fortune upgrades, then every triggered bonus of the batch played together
by sim_bonus.py. A test (and `python -m cabinet.math agree happy_money_hens`) shows both engines agree.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from cabinet.core.rng import make_bit_generator, weighted_batch

from .tables import COMBOS, HensMath, combo_code, load
from .categories import batch_flags
from .rules import BONUS_MODES, BUY_MODES, SPIN_MODES, evaluator
from .sim_bonus import simulate_bonuses

BATCH = 50_000
BIG_BONUS_X100 = 10_000     # bonuses paying at least 100x are kept one by one (par_live: top-award odds)
LINE_BINS = 1_000           # line wins by 0.05x up to 49.95x (the last bin holds the rest)


def _padded(strips):
    """Each strip followed by its first two stops, so a window never wraps."""
    return [np.concatenate([s, s[:2]]).astype(np.int16) for s in strips]


def _feature_tables(m: HensMath, strips) -> list[np.ndarray]:
    """Per reel and stop: the feature bit (1, 2, 4) in view there, or 0."""
    out = []
    for s in strips:
        n = len(s)
        t = np.zeros(n, np.int64)
        for stop in range(n):
            for r in range(3):
                sym = int(s[(stop + r) % n])
                if sym in m.feature_index:
                    t[stop] = (1, 2, 4)[m.feature_index.index(sym)]
        out.append(t)
    return out


class HensSim:
    """Compiled tables for the batch engine of one math file."""

    def __init__(self, m: HensMath | None = None):
        self.m = m or load()
        self.ev = evaluator(self.m)
        self.pad = _padded(self.m.strips)
        self.buy_pad = _padded(self.m.buy_strips)
        self.feat = _feature_tables(self.m, self.m.strips)
        # line pays by line-content code (shared evaluator's table) and, per reel,
        # each stop's contribution to the code of the rows it shows
        self.table = self.ev.line_code_table()
        S = len(self.m.symbols)
        self.powers = S ** np.arange(5, dtype=np.int64)
        self.contrib = [np.stack([p[r:len(p) - 2 + r] for r in range(3)], axis=1).astype(np.int64) * S ** reel
                        for reel, p in enumerate(self.pad)]

    def line_pays_stops(self, stops: np.ndarray) -> np.ndarray:
        """Line pay (x100) of the base boards at these stops, int64 (n,)."""
        lines = self.m.lines
        code = self.contrib[0][stops[:, 0:1], lines[None, :, 0]]
        for reel in range(1, 5):
            code += self.contrib[reel][stops[:, reel:reel + 1], lines[None, :, reel]]
        return self.table[code].sum(axis=1)

    def line_pays_boards(self, boards: np.ndarray) -> np.ndarray:
        """Line pay (x100) of whole boards (n, 3, 5), int64 (n,)."""
        g = boards[:, self.m.lines, np.arange(5)].astype(np.int64)
        return self.table[g @ self.powers].sum(axis=1)

    def boards(self, gen, pad, n) -> tuple[np.ndarray, np.ndarray]:
        """(boards (n, 3, 5) symbol indices, stops (n, 5))."""
        stops = np.stack([gen.integers(0, len(p) - 2, n) for p in pad], axis=1)
        b = np.empty((n, 3, 5), np.int16)
        for reel, p in enumerate(pad):
            for r in range(3):
                b[:, r, reel] = p[stops[:, reel] + r]
        return b, stops

    def spin_combos(self, gen, mode: str, stops: np.ndarray) -> np.ndarray:
        """Final combination per round (0 = no bonus) of a spin mode."""
        m = self.m
        n = len(stops)
        bits = np.stack([self.feat[reel][stops[:, reel]] for reel in range(5)], axis=1)
        hit = gen.integers(0, m.feature_den, (n, 5)) < m.trigger[mode]
        trig = np.bitwise_or.reduce(np.where(hit, bits, 0), axis=1)
        low = m.min_features[mode]
        if low >= 3:
            trig = np.where(trig > 0, 7, 0)
        elif low == 2:
            single = (trig == 1) | (trig == 2) | (trig == 4)
            pick = gen.integers(0, 2, n)
            other = np.select([trig == 1, trig == 2, trig == 4],
                              [np.where(pick, 4, 2), np.where(pick, 4, 1), np.where(pick, 2, 1)], 0)
            trig = np.where(single, trig | other, trig)
        return trig

    def buy_boards(self, gen, mode: str, n: int) -> tuple[np.ndarray, np.ndarray]:
        """Bought rounds: boards with one BLUE, RED, GOLD on three distinct reels, combos."""
        m = self.m
        b, _ = self.boards(gen, self.buy_pad, n)
        reels = np.argsort(gen.random((n, 5)), axis=1)[:, :3]
        rows = gen.integers(0, 3, (n, 3))
        for k in range(3):
            b[np.arange(n), rows[:, k], reels[:, k]] = m.feature_index[k]
        if mode == "buy_triple":
            combos = np.full(n, 7)
        else:
            cum = np.cumsum(m.mystery_weights)
            combos = weighted_batch(gen, cum, n) + 1
        return b, combos

    def batch(self, gen, mode: str, n: int) -> dict[str, Any]:
        """One batch of n rounds: payout_x100 and feature flags."""
        m = self.m
        if mode in SPIN_MODES:
            stops = np.stack([gen.integers(0, len(p) - 2, n) for p in self.pad], axis=1)
            line = self.line_pays_stops(stops)
            combos = self.spin_combos(gen, mode, stops)
        elif mode in BUY_MODES:
            boards, combos = self.buy_boards(gen, mode, n)
            line = self.line_pays_boards(boards)
        elif mode in BONUS_MODES:
            line = np.zeros(n, np.int64)
            combos = np.full(n, BONUS_MODES[mode])
        else:
            raise KeyError(mode)
        pay = line.astype(np.int64)
        idx = np.nonzero(combos)[0]
        res = simulate_bonuses(gen, m, combos[idx])
        pay[idx] += res["total_x100"]
        feats = {"bonus": combos > 0}
        for c in COMBOS:
            feats[f"combo_{combo_code(c)}"] = combos == c
        for name, on in batch_flags(m, mode, res).items():       # pot_<name>, full_board, big_bonus
            feats[name] = np.zeros(n, bool)
            feats[name][idx] = on
        return {"payout_x100": pay, "features": feats, "sums": self.sums(mode, line, combos, idx, res["total_x100"])}

    def sums(self, mode: str, line: np.ndarray, combos: np.ndarray, idx: np.ndarray,
             bonus: np.ndarray) -> dict[str, Any]:
        """Additive figures for the PAR sheet's variance-reduced RTP and top-award odds
        (math/par_live.py): the bonuses' (bonus_sums) and, in a spin mode, the rounds'
        line wins per combination (counts by line win, LINE_BINS bins of 0.05x)."""
        out = bonus_sums(combos[idx], bonus)
        if mode in SPIN_MODES:
            cell = np.minimum(line // 5, LINE_BINS - 1) + LINE_BINS * combos
            out["line_by_combo"] = np.bincount(cell, minlength=8 * LINE_BINS).tolist()
        return out


def bonus_sums(combos: np.ndarray, bonus: np.ndarray) -> dict[str, Any]:
    """Per combination: the bonuses' count, sum and sum of squares (x100) and the payouts
    of those of at least BIG_BONUS_X100 (one by one)."""
    b = bonus.astype(np.float64)
    out: dict[str, Any] = {"bonus_n": np.bincount(combos, minlength=8).tolist(),
                           "bonus_sum": np.bincount(combos, weights=b, minlength=8).tolist(),
                           "bonus_sq": np.bincount(combos, weights=b * b, minlength=8).tolist()}
    for combo in COMBOS:
        out[f"samples_big_bonus_{combo}"] = bonus[(combos == combo) & (bonus >= BIG_BONUS_X100)].tolist()
    return out


def bonuses_of(seed_sequence, combo: int, n: int) -> dict[str, Any]:
    """bonus_sums of n bonuses of one combination, played from `seed_sequence` (the
    PAR sheet's extra bonuses of the costly combinations: par_live.extra_bonuses)."""
    gen = np.random.Generator(make_bit_generator(seed_sequence))
    m = load()
    parts = [bonus_sums(np.full(k, combo), simulate_bonuses(gen, m, np.full(k, combo))["total_x100"])
             for k in [BATCH] * (n // BATCH) + ([n % BATCH] if n % BATCH else [])]
    from cabinet.math.sim import add_sums
    return add_sums(parts)


_SIM: dict[int, HensSim] = {}


def simulate(seed_sequence, mode: str, n: int) -> dict[str, Any]:
    """n rounds of `mode` from `seed_sequence` (numpy SeedSequence or int):
    {"payout_x100": int64[n], "features": {name: bool[n]}, "sums": HensSim.sums}."""
    m = load()
    if id(m) not in _SIM:                 # built once per process (the line table takes ~30 ms)
        _SIM[id(m)] = HensSim(m)
    sim = _SIM[id(m)]
    ss = seed_sequence if isinstance(seed_sequence, np.random.SeedSequence) else np.random.SeedSequence(seed_sequence)
    gen = np.random.Generator(np.random.PCG64DXSM(ss))
    pays, feats, sums = [], [], []
    left = n
    while left > 0:
        k = min(BATCH, left)
        out = sim.batch(gen, mode, k)
        pays.append(out["payout_x100"])
        feats.append(out["features"])
        sums.append(out["sums"])
        left -= k
    if not pays:
        return {"payout_x100": np.zeros(0, np.int64), "features": {}}
    from cabinet.math.sim import add_sums
    return {"payout_x100": np.concatenate(pays),
            "features": {k: np.concatenate([f[k] for f in feats]) for k in feats[0]}, "sums": add_sums(sums)}
