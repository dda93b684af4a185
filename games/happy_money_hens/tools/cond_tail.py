"""Happy Money Hens' payout tail by conditional Monte Carlo with multiple importance
sampling of the pot letters, for `python -m cabinet.math tails` (cabinet/math/tails.py's
`cond_tail` hook; tools/tail_bounds.py lists the modes).

Why: the plain and forced strata need ~5x10^7 draws a mode to bound P(X > top) at 1e-7.
A round's win is L (the line pays of its base spin or bought board, 0 in a gamble bonus
library) + its bonus's win, and the bonus's win given its skeleton (where and when the
coins land, which are double, the rows, the spins: math/tails.py) and which counted
coins complete a pot is

    L + W (the pots) + the other counted coins' cash values (x2 when double) + the boosts

with the cash values and the boosts independent of everything else (tools/cond_law.py:
their exact law). So each drawn bonus gives P(X > t | skeleton, pot letters) exactly for
every t, a number in [0, 1]: its average over bonuses drawn from the rules is an unbiased
P(X > t) (Rao-Blackwell: the rare big cash values and boosts are never sampled).

What is still sampled: the base part (the rules' vectorised engine, math/sim.py HensSim;
in a spin mode the rounds with a bonus, by rejection, times the exact chance of one,
pots.combo_odds: a round without a bonus pays at most the 20 lines' 400x, so the
estimate is read from the hook's floor up), the skeleton and what each counted coin is
(cash or a pot-fill coin of a pot). A bonus above the tops here needs several GRANDs,
1e-6 to 1e-8 events under the rules, so those are drawn by multiple importance sampling:
every root draws one bonus under each of COMPONENTS, the rules' own contents (a GRAND
letter with chance r = pot_fill x GRAND's share, 0.075) and contents with a GRAND letter
more likely (r_k; the other kinds scaled down in proportion), the skeleton the rules'
in all of them (no skeleton draw reads a coin's contents). A bonus drawn under component
j adds omega x P(X > t | ...) with the balance heuristic omega = q(x) / sum_k q_k(x) (x:
the kinds of its counted coins; q_k / q is a product over them), so omega <= 1, and the
root's sum over components is unbiased for P(X > t) (E = sum_j int f q q_j / sum_k q_k).
The components' draws are independent, so the root's variance is the sum of theirs, each
read from its own draws; the tool's 99% interval is normal over the roots. The tilts
(COMPONENTS) are fixed for every pot-fill mode (0.25, 0.5: one to three GRANDs typical
on a mid-size board), not fitted to any result; a bonus without POT FILL draws the same
under every component (omega = 1 / components, the components then plain repeats).

A POT FILL bonus without DOUBLE COINS needs no sampling of its coins' kinds: its pots'
completions are each pot's coin count over its name's length, whatever the order, so the
law given the counted coins alone is exact (cond_law.py pots_and_coins), and its draws
weigh 1 / components in every component (bonus_pf, bonus_pf_hb, the buys' and fortune
bets' PF and PF+HB bonuses). Only DOUBLE COINS with POT FILL (whose completing coin, single
or double, depends on the order) reads the drawn kinds with the weights above.

The skeletons are BonusLockstep's (math/batch_bonus.py, the engine the books' forced
searches run, draw for draw bonus.py) with the kind of every coin and which coins complete
a pot recorded (`TailLockstep`); a test checks it pays what BonusLockstep pays.
"""
from __future__ import annotations

import zlib
from dataclasses import replace

import numpy as np

from cabinet.core.rng_batch import BookStreams
from games.happy_money_hens.math.batch_bonus import BonusLockstep, _by_rank
from games.happy_money_hens.math.pots import combo_odds
from games.happy_money_hens.math.rules import BONUS_MODES, BUY_MODES, SPIN_MODES
from games.happy_money_hens.math.sim import HensSim
from games.happy_money_hens.math.tables import DOUBLE_COINS, HAPPY_BOOST, POT_FILL, POT_NAMES, HensMath, load

from .cond_law import ContentLaw, unit_of

COMPONENTS = (None, 0.25, 0.5)      # None: the rules' contents; else a GRAND letter's chance per coin
CASH = len(POT_NAMES)               # a coin's kind: 0..3 a pot-fill coin of that pot, CASH a cash coin
GRAND = POT_NAMES.index("GRAND")
KEY = 0xC0D7                        # spawn-key word: apart from the tails tool's other draws
BLOCK = 512                         # (skeleton, offset) groups evaluated at once


def kind_chances(m: HensMath) -> np.ndarray:
    """Chance of each kind of a coin (pots 0..3, then cash) in a POT FILL bonus."""
    pf = m.pot_fill[0] / m.pot_fill[1]
    w = np.asarray(m.pot_weights, dtype=np.float64)
    return np.r_[pf * w / w.sum(), 1.0 - pf]


def tilted(m: HensMath, grand: float) -> HensMath:
    """The math with a coin a GRAND pot-fill coin with chance `grand`, the other kinds
    scaled in proportion (integer tables: kind_chances of the result is the proposal)."""
    q = kind_chances(m)
    k = q * (1.0 - grand) / (1.0 - q[GRAND])
    k[GRAND] = grand
    den = 10**9                      # the cabinet's batch draws take tables up to 2**32
    pf = int(round((1.0 - k[CASH]) * den))
    return replace(m, pot_fill=(pf, den), pot_weights=np.array([int(round(x * den)) for x in k[:CASH]],
                                                               dtype=np.int64))


class TailLockstep(BonusLockstep):
    """BonusLockstep recording, per bonus, the kinds of its counted coins (`kinds`, (k, 5)
    counts) and its counted single and double coins that do not complete a pot
    (`open_single`, `open_double`): the rest of what tails reads (spins, pot_x100) it
    reports already."""

    _ROWS = BonusLockstep._ROWS + ("kind", "won")      # type: ignore[assignment]  # two more row arrays

    def __init__(self, m: HensMath, st: BookStreams, rows: np.ndarray, combos: np.ndarray):
        super().__init__(m, st, rows, combos)
        k, cells = len(rows), m.rows * m.reels
        self.kind = np.full((k, cells), CASH, np.int8)
        self.won = np.zeros((k, cells), bool)
        self.out.update(kinds=np.zeros((k, CASH + 1), np.int64), open_single=np.zeros(k, np.int64),
                        open_double=np.zeros(k, np.int64))

    def _coins(self, where: np.ndarray) -> None:
        super()._coins(where)
        self.kind[where] = np.where(self.pf[where], self.pot[where], CASH)

    def _process(self, where: np.ndarray) -> None:
        """BonusLockstep._process one rank of cells at a time (its own order), marking the
        coins whose processing awarded a pot."""
        for b, cell in _by_rank(where & self.pf):
            one = np.zeros_like(where)
            one[b, cell] = True
            before = self.awards[b].sum(axis=1)
            super()._process(one)
            done = self.awards[b].sum(axis=1) > before
            self.won[b[done], cell[done]] = True

    def _finish(self, done: np.ndarray) -> None:
        d = np.flatnonzero(done)
        book = self.book[d]
        paying = self.held[d] & self.active[d][:, self.row_of]
        for kind in range(CASH + 1):
            self.out["kinds"][book, kind] = (paying & (self.kind[d] == kind)).sum(axis=1)
        open_ = paying & ~self.won[d]
        self.out["open_double"][book] = (open_ & self.dbl[d]).sum(axis=1)
        self.out["open_single"][book] = (open_ & ~self.dbl[d]).sum(axis=1)
        super()._finish(done)


def base_parts(sim: HensSim, mode: str, gen: np.random.Generator, n: int) -> tuple[np.ndarray, np.ndarray, float]:
    """(line pays x100, combinations, the chance of a bonus) of n rounds with a bonus."""
    if mode in BONUS_MODES:
        return np.zeros(n, np.int64), np.full(n, BONUS_MODES[mode], np.int64), 1.0
    if mode in BUY_MODES:
        boards, combos = sim.buy_boards(gen, mode, n)
        return sim.line_pays_boards(boards).astype(np.int64), np.asarray(combos, np.int64), 1.0
    odds = combo_odds(mode)
    p = float(1 - odds[0])
    pays: list[np.ndarray] = []
    kept: list[np.ndarray] = []
    got = 0
    while got < n:
        k = int((n - got) / p * 1.2) + 100
        stops = np.stack([gen.integers(0, len(q) - 2, k) for q in sim.pad], axis=1)
        c = sim.spin_combos(gen, mode, stops)
        keep = c > 0
        pays.append(sim.line_pays_stops(stops[keep]))
        kept.append(c[keep])
        got += int(keep.sum())
    return np.concatenate(pays)[:n].astype(np.int64), np.concatenate(kept)[:n].astype(np.int64), p


def floor_x100(mode: str) -> int:
    """The least t the estimate covers: in a spin mode the rounds without a bonus are left
    out, and they pay at most every line's largest pay."""
    if mode not in SPIN_MODES:
        return 0
    m = load()
    return len(m.lines) * max(max(p.values()) for p in m.pays.values())


_SIM: dict = {}
_LAW: dict = {}


def draw_component(mode: str, j: int, gen: np.random.Generator, n: int) -> dict[str, np.ndarray]:
    """n rounds with a bonus under component j: the offset L + W, the skeleton key (open
    single, open double, spins that boost), the balance-heuristic weight times the chance
    of a bonus."""
    m = load()
    if id(m) not in _SIM:
        _SIM[id(m)] = HensSim(m)
    line, combos, p_bonus = base_parts(_SIM[id(m)], mode, gen, n)
    g = COMPONENTS[j]
    mj = m if g is None else tilted(m, g)
    seeds = gen.integers(0, 2**63 - 1, n, dtype=np.int64).astype(np.uint64)
    res = TailLockstep(mj, BookStreams(seeds), np.arange(n), combos).run()
    q = kind_chances(m)
    logs = np.array([np.log(kind_chances(m if x is None else tilted(m, x)) / q) for x in COMPONENTS])  # (K, 5)
    rho = np.exp(res["kinds"] @ logs.T)                                 # (n, K): q_k / q of the counted coins
    mixed = ((combos & POT_FILL) > 0) & ((combos & DOUBLE_COINS) == 0)     # kinds read exactly (cond_law.py)
    rho[((combos & POT_FILL) == 0) | mixed] = 1.0                       # no kinds drawn: every component the same
    weight = p_bonus / rho.sum(axis=1)
    spins = np.where(combos & HAPPY_BOOST, res["spins"], 0)
    return {"offset": line + np.where(mixed, 0, res["pot_x100"]), "n1": np.where(mixed, res["paid_single"],
            res["open_single"]), "n2": res["open_double"], "s": spins, "w": weight, "mixed": mixed.astype(np.int64)}


def evaluate(law: ContentLaw, d: dict[str, np.ndarray], t0: int, n_grid: int) -> tuple[np.ndarray, np.ndarray]:
    """(sum of w P(X > t), sum of (w P(X > t))^2) over the draws, t = t0 + i unit."""
    u = law.unit
    b = (t0 - d["offset"]) // u                      # P(X > t0 + i u) = sv[i + b] (1 where i + b < 0)
    code = ((d["mixed"] * 64 + d["n1"]) * 64 + d["n2"]) * 256 + d["s"]
    keys, inv = np.unique(np.stack([code, b], axis=1), axis=0, return_inverse=True)
    inv = inv.ravel()
    w1 = np.bincount(inv, weights=d["w"], minlength=len(keys))
    w2 = np.bincount(inv, weights=d["w"] ** 2, minlength=len(keys))
    s1, s2 = np.zeros(n_grid), np.zeros(n_grid)
    steps = np.arange(n_grid)
    for c in np.unique(keys[:, 0]).tolist():
        sel = np.flatnonzero(keys[:, 0] == c)
        n1, n2, s = (c // (64 * 256)) % 64, (c // 256) % 64, c % 256
        sv = law.mixed_survival(n1, s) if c >= 64 * 64 * 256 else law.survival(n1, n2, s)
        for a in range(0, len(sel), BLOCK):
            g = sel[a:a + BLOCK]
            idx = keys[g, 1][:, None] + steps[None, :]
            vals = np.where(idx < 0, 1.0, sv[np.clip(idx, 0, len(sv) - 1)])
            s1 += w1[g] @ vals
            s2 += w2[g] @ (vals * vals)
    return s1, s2


def run(mode: str, index: int, roots: int, seed: int, t0: int, n_grid: int) -> dict:
    """One task: `roots` roots, each a draw under every component; per component the sums
    over the roots of its term at t = t0 + i unit and of its square."""
    m = load()
    if t0 < floor_x100(mode):
        raise ValueError(f"{mode}: the grid starts at {t0}, below the estimate's floor {floor_x100(mode)}")
    ceiling = t0 + n_grid * unit_of(m)
    if ceiling not in _LAW:
        _LAW.clear()
        _LAW[ceiling] = ContentLaw(m, ceiling)
    law = _LAW[ceiling]
    ss = np.random.SeedSequence(seed, spawn_key=(KEY, zlib.crc32(mode.encode()), index))
    gen = np.random.Generator(np.random.PCG64DXSM(ss))
    s1, s2, top_offset = np.zeros((len(COMPONENTS), n_grid)), np.zeros((len(COMPONENTS), n_grid)), 0
    for j in range(len(COMPONENTS)):
        for a in range(0, roots, 20_000):
            d = draw_component(mode, j, gen, min(20_000, roots - a))
            x1, x2 = evaluate(law, d, t0, n_grid)
            s1[j] += x1
            s2[j] += x2
            top_offset = max(top_offset, int(d["offset"].max()))
    return {"n": roots, "s1": s1, "s2": s2, "max_offset": top_offset}
