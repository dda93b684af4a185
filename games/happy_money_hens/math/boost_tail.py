"""Big HAPPY BOOST bonuses drawn in two steps, the skeleton then the contents, as
tails.py draws DOUBLE COINS' (read its docstring first).

Without DOUBLE COINS every coin counted at the end (on an active row) is single and
was processed, and every spin ends with HAPPY BOOST's draws: with chance `boost`, K
boosts (`boost_count`), each a value (`boost_values`) added to a distinct coin on an
active row. Those rows always hold the starting coins, at least min(start_coins) >= the
largest K, so K is never cut, and whichever coins get the boosts they pay (an active
row stays active). So given a skeleton's N counted coins and S spins, a bonus wins

    what the N coins hold + the S spins' boosts,

each drawn for itself, independently of the skeleton and of one another:
- HAPPY BOOST alone (bonus_hb): a coin pays its cash value;
- with POT FILL (bonus_pf_hb): a coin is a pot-fill coin of pot p (pot_fill x p's
  weight share) or a cash coin; pot p's k-th coin completes its name when k is a
  multiple of its length and pays the pot's value, every other coin its cash value
  (drawn for it whatever its kind). The category is a big bonus WITHOUT a GRAND (at
  most 4 GRAND coins): pot_grand is listed before it, and a GRAND alone wins more
  than the threshold.

`table()[N, S]` = P(big | N, S) exactly: the pots' coin counts c (a multinomial; their
awards A and the awards' sum W), and the tail of N - A cash values and the S spins'
boosts (M boosts, M of K's S-fold convolution) at the threshold less W. The
rejection's bound is its maximum over every N <= 35 and S <= max_spins (about 0.009
at 10x the cost): a long bonus's boosts stay random in it (were the boosts' count
part of the skeleton, the bound would be about 1 and a book cost a million bonuses).

A kept skeleton's contents (`contents`), from its law given the category: the pot
counts c, their arrangement among the counted coins (uniform), the replayed bonus
naming the completing coins, then the cash values one by one (each weighted by the
chance that the rest still reach what is left, as tails.SumTail.draw), M, its split
among the spins, the boost values one by one and the boosted coins (uniform). The
completing coins and the uncounted ones keep what they drew. A draw needs no table:
its tails are chains of S's boosts and up to N cash values (a book regenerates in a
few ms). Float64 as tails.py; weights of 2**53.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, cast

import numpy as np

from cabinet.core.rng import Rng

from .tables import POT_NAMES, HensMath, load
from .tails import SCALE

GRAND = POT_NAMES.index("GRAND")


def max_spins(m: HensMath) -> int:
    """The most spins a bonus can play: a spin landing a coin on an active row fills a
    cell and restores the lives (at most cells - min(start_coins) of them), and at most
    lives - 1 spins without one come before each, `lives` after the last."""
    return m.lives * (m.rows * m.reels - int(m.start_counts.min()) + 1)


def _step(tail: np.ndarray, values: np.ndarray, probs: np.ndarray) -> np.ndarray:
    """Tail chances with one more variable of law (values, probs) (values > 0):
    out[t] = sum_v p(v) tail[max(0, t - v)], tail[0] = 1."""
    out = np.zeros_like(tail)
    for v, p in zip(values.tolist(), probs.tolist()):
        if v < len(tail):
            out[v:] += p * tail[:len(tail) - v]
        out[:v] += p * tail[0]
    return out


def _weights(w: np.ndarray) -> np.ndarray:
    """Chances as integer weights out of SCALE (Rng.weighted)."""
    return (w / w.sum() * SCALE).astype(np.int64)


class BoostTail:
    """P(a bonus of HAPPY BOOST, without DOUBLE COINS, wins at least `need_x100`; with
    `pot_fill`, and no GRAND) given its N counted coins and S spins. Tails are arrays
    t[x] = P(sum >= x) over x = 0..need units (t[0] = 1)."""

    grand = False                        # whether the category wins a GRAND (grand_boost_tail.py: True)

    def __init__(self, m: HensMath, need_x100: int, pot_fill: bool):
        if int(m.start_counts.min()) < int(m.boost_counts.max()):
            raise ValueError("HAPPY BOOST may find fewer coins than it boosts: its count is not free of the skeleton")
        if pot_fill and not self.grand and int(m.pot_values[GRAND]) < need_x100:
            raise ValueError("a GRAND below the threshold: a big bonus with a GRAND is not pot_grand's")
        self.m, self.pot_fill = m, pot_fill
        self.pots = [p for p in range(len(POT_NAMES)) if p != GRAND] if pot_fill else []
        # the pots whose awards the law counts (the GRAND's too where the category wins one)
        pot_values = [int(m.pot_values[p]) for p in self.pots + ([GRAND] if self.grand else [])]
        # the GRAND coins of _kinds' cells: under its length (no GRAND), or its length and up (grand)
        length = int(m.pot_lengths[GRAND])
        self.grand_counts = np.arange(length, m.rows * m.reels + 1) if self.grand else np.arange(length)
        self.unit = int(np.gcd.reduce(np.array([*m.cash_values, *m.boost_values, *pot_values])))
        self.need = -(-int(need_x100) // self.unit)
        # a pot award sum W is a multiple of `gap` units: the rest must reach left[j] = need - j * gap
        self.gap = int(np.gcd.reduce(np.array(pot_values))) // self.unit if pot_fill else self.need
        self.left = np.maximum(0, self.need - self.gap * np.arange(-(-self.need // self.gap) + 1))
        self.cash_v = m.cash_values // self.unit
        self.cash_p = m.cash_weights / m.cash_weights.sum()
        self.boost_v = m.boost_values // self.unit
        self.boost_p = m.boost_weights / m.boost_weights.sum()
        hit = m.boost[0] / m.boost[1]
        self.k_p = np.zeros(int(m.boost_counts.max()) + 1)          # boosts in one spin
        self.k_p[0] = 1 - hit
        for k, w in zip(m.boost_counts.tolist(), (m.boost_count_weights / m.boost_count_weights.sum()).tolist()):
            self.k_p[k] += hit * w
        self.cells, self.spins = m.rows * m.reels, max_spins(m)
        base = np.zeros(self.need + 1)
        base[0] = 1.0
        self._boosts = [base]          # tails of m boost values, m = 0, 1, ... (grown on demand)
        self._table: np.ndarray | None = None
        self._keep: np.ndarray | None = None
        # the categories that must be listed before this one (rules._forced_in_batches), and
        # those its law leaves out, which may be (big_grand: a part of pot_grand)
        self.excludes = frozenset({"pot_grand"}) if pot_fill else frozenset()
        self.covers = frozenset({"pot_grand", "big_grand"}) if pot_fill else frozenset()

    # ---- laws ------------------------------------------------------------------------
    @lru_cache(maxsize=None)
    def boosts_given_spins(self, s: int) -> np.ndarray:
        """P(M = m boosts in s spins), m = 0..kmax s."""
        if s == 0:
            return np.ones(1)
        prev = self.boosts_given_spins(s - 1)
        out = np.zeros(len(prev) + len(self.k_p) - 1)
        for k, p in enumerate(self.k_p.tolist()):
            out[k:k + len(prev)] += p * prev
        return out

    def _boost_tails(self, top: int) -> list[np.ndarray]:
        """Tails of m boost values, m = 0..top (and more, computed before)."""
        while len(self._boosts) <= top:
            self._boosts.append(_step(self._boosts[-1], self.boost_v, self.boost_p))
        return self._boosts

    def _chain(self, s: int, n: int) -> list[np.ndarray]:
        """Tails of k cash values + the boosts of s spins, k = 0..n."""
        law = self.boosts_given_spins(s)
        tails = self._boost_tails(len(law) - 1)
        spun = np.zeros(self.need + 1)
        for mm, p in enumerate(law.tolist()):
            spun += p * tails[mm]
        chain = [spun]
        for _ in range(n):
            chain.append(_step(chain[-1], self.cash_v, self.cash_p))
        return chain

    def _kinds(self, n: int) -> np.ndarray:
        """P(c) of n coins' kinds over c = (coins of each pot of `pots`, GRAND coins under
        its length; the cash coins: the rest), 0 where c holds more than n coins: the
        multinomial, from log-factorials."""
        fill = self.m.pot_fill[0] / self.m.pot_fill[1]
        logf, held, pots_part = self._log_kinds()
        cash = np.maximum(n - held, 0)
        return np.where(held <= n, np.exp(logf[n] - logf[cash] + cash * np.log(1 - fill) + pots_part), 0.0)

    @lru_cache(maxsize=None)
    def _log_kinds(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """_kinds' parts that do not depend on n: log k! (k = 0..35), the pot-fill coins
        of each cell and their log chance sum_p (c_p log q_p - log c_p!)."""
        m = self.m
        fill = m.pot_fill[0] / m.pot_fill[1]
        logf = np.concatenate([[0.0], np.cumsum(np.log(np.arange(1, self.cells + 1)))])
        grid = self._grid()
        part = np.zeros(grid[0].shape)
        for c, p in zip(grid, self.pots + [GRAND]):
            part += c * np.log(fill * float(m.pot_weights[p]) / float(m.pot_weights.sum())) - logf[c]
        return logf, cast(np.ndarray, sum(grid)), part

    @lru_cache(maxsize=None)
    def _grid(self) -> tuple[np.ndarray, ...]:
        """The coin counts c of every cell of _kinds' law."""
        axes = [np.arange(self.cells + 1)] * len(self.pots) + [self.grand_counts]
        return tuple(np.meshgrid(*axes, indexing="ij"))

    @lru_cache(maxsize=None)
    def _awards(self) -> tuple[np.ndarray, np.ndarray]:
        """(A, j) of every cell of _kinds' law: the pots' awards and the index of their
        sum (W = j * gap units; past the threshold: the last index); the GRAND's counted
        where the category wins one (under its length it makes none)."""
        won = [c // int(self.m.pot_lengths[p]) for c, p in zip(self._grid(), self.pots + [GRAND])]
        if not self.grand:
            won = won[:-1]
        w = sum(x * (int(self.m.pot_values[p]) // self.unit) for x, p in zip(won, self.pots + [GRAND]))
        return cast(np.ndarray, sum(won)), np.minimum(w // self.gap, len(self.left) - 1)

    def table(self) -> np.ndarray:
        """A[N, S] = P(big | N counted coins, S spins)."""
        if self._table is None:
            a = np.zeros((self.cells + 1, self.spins + 1))
            if self.pot_fill:                     # (A, j) of the pots' awards, per n
                won, j = self._awards()
                laws = [np.bincount((won * len(self.left) + j).ravel(), self._kinds(n).ravel(),
                                    (int(won.max()) + 1) * len(self.left)).reshape(-1, len(self.left))
                        for n in range(self.cells + 1)]
            for s in range(self.spins + 1):
                rest = np.array([t[self.left] for t in self._chain(s, self.cells)])    # (n, j)
                if not self.pot_fill:
                    a[:, s] = rest[:, 0]
                    continue
                for n, law in enumerate(laws):
                    got = law[:n + 1]                       # at most n awards
                    a[n, s] = (got * rest[n - np.arange(len(got))]).sum()
            self._table = a
        return self._table

    def ceiling(self) -> float:
        """max A over every N <= 35, S <= max_spins: the rejection's bound."""
        return float(self.table().max())

    def keep_weights(self) -> np.ndarray:
        """A / max A as integers out of SCALE."""
        if self._keep is None:
            self._keep = (self.table() / self.ceiling() * SCALE).astype(np.int64)
        return self._keep

    def chances(self, res: dict[str, np.ndarray]) -> np.ndarray:
        """A of each bonus of BonusLockstep's (or simulate_bonuses') results."""
        if res["paid_double"].any():
            raise ValueError("a bonus with DOUBLE COINS where this tail's mode has none")
        return self.table()[res["paid_single"], res["spins"]]

    def weights_of(self, res: dict[str, np.ndarray]) -> np.ndarray:
        """The keep weight of each bonus of BonusLockstep's results."""
        if res["paid_double"].any():
            raise ValueError("a bonus with DOUBLE COINS where this tail's mode has none")
        return self.keep_weights()[res["paid_single"], res["spins"]]

    # ---- the contents given the category ------------------------------------------
    def contents(self, rng: Rng, skeleton: Any, replay: Callable[[dict], Any]) -> tuple[dict, dict]:
        """(coin contents, boosts) of a kept skeleton (a HensBonus played to its end),
        drawn from `rng` given the category; `replay(contents)` plays the skeleton again
        with those coin contents (it shows which coins complete a pot)."""
        counted = [k for k, _ in skeleton.counted()]
        n, s = len(counted), skeleton.spins
        chain = self._chain(s, n)               # tails of k cash values and the spins' boosts, k <= n
        coins: dict[int, dict[str, Any]] = {}
        j = 0
        if self.pot_fill:
            kinds = self._draw_kinds(rng, n, chain)
            left: dict[str | None, int] = {None: n - sum(kinds.values()), **{POT_NAMES[p]: c for p, c in kinds.items()}}
            for k in counted:                      # a uniform arrangement: each kind as often as it is left
                kind = list(left)[rng.weighted(list(left.values()))]
                left[kind] -= 1
                coins[k] = {"pot": kind}
            played = replay(coins)
            won = sum(int(self.m.pot_values[POT_NAMES.index(p)]) for p in played.awards)
            j = min(won // self.unit // self.gap, len(self.left) - 1)
            paying = [k for k, _ in played.paying_cash()]
            if len(paying) != n - len(played.awards) or ("GRAND" in played.awards) != self.grand:
                raise RuntimeError("the replayed bonus did not process its counted coins as the tail counts them")
        else:
            paying = counted
        k = len(paying)                         # coin i is followed by k - 1 - i cash values and the boosts
        cash, boosts = self._draw_values(rng, [chain[k - 1 - i] for i in range(k)], [1] * k, s, int(self.left[j]),
                                         skeleton.pool_sizes)
        for k, v in zip(paying, cash):
            coins.setdefault(k, {})["cash_x100"] = v
        return coins, boosts

    def _draw_kinds(self, rng: Rng, n: int, chain: list[np.ndarray]) -> dict[int, int]:
        """{pot: its coins among n} given the category, GRAND's among grand_counts (chain:
        _chain of the skeleton's spins, up to n)."""
        law = self._kinds(n)
        won, j = self._awards()
        rest = np.array([t[self.left] for t in chain])
        w = law * rest[np.clip(n - won, 0, n), j]
        cell = np.unravel_index(rng.weighted(_weights(w.ravel())), law.shape)
        counts = [int(g[cell]) for g in self._grid()]
        return {p: c for p, c in zip(self.pots + [GRAND], counts) if c}

    def _draw_values(self, rng: Rng, rests: list[np.ndarray], mults: list[int], s: int, need: int,
                     pool_sizes: list[int]) -> tuple[list[int], dict]:
        """The cash values (x100, as the coins show them) of coins paying `mults` times
        them, and the boosts of s spins ({spin: [(pick, value_x100)]}), given that their
        sum (in units) reaches `need` (rests[i]: the tails of what comes after coin i,
        the later coins and the spins' boosts): the cash values one by one, the boosts'
        count M, its split among the spins, the boost values one by one."""
        got, cash = 0, []
        for rest, mult in zip(rests, mults):
            v = self._pick(rng, mult * self.cash_v, self.cash_p, rest, need - got)
            cash.append(int(self.cash_v[v]) * self.unit)
            got += mult * int(self.cash_v[v])
        law = self.boosts_given_spins(s)
        tails = self._boost_tails(len(law) - 1)
        short = min(max(need - got, 0), self.need)
        total = rng.weighted(_weights(law * np.array([t[short] for t in tails[:len(law)]])))
        per_spin, left = [], total
        for i in range(1, s + 1):                # the M boosts' split among the spins
            after = self.boosts_given_spins(s - i)
            w = np.array([self.k_p[k] * (after[left - k] if 0 <= left - k < len(after) else 0.0)
                          for k in range(len(self.k_p))])
            k = rng.weighted(_weights(w))
            per_spin.append(k)
            left -= k
        values = []
        for i in range(total):
            v = self._pick(rng, self.boost_v, self.boost_p, tails[total - 1 - i], need - got)
            values.append(int(self.boost_v[v]) * self.unit)
            got += int(self.boost_v[v])
        boosts, at = {}, 0
        for spin, k in enumerate(per_spin, start=1):
            boosts[spin] = [(rng.below(pool_sizes[spin - 1] - i), values[at + i]) for i in range(k)]
            at += k
        return cash, boosts

    def _pick(self, rng: Rng, values: np.ndarray, probs: np.ndarray, rest: np.ndarray, short: int) -> int:
        """An index into `values`: p(v) x P(the rest >= short - v)."""
        w = probs * rest[np.clip(short - values, 0, self.need)]
        return rng.weighted(_weights(w))


@lru_cache(maxsize=None)
def boost_tail(need_x100: int, pot_fill: bool) -> BoostTail:
    """The tail of a HAPPY BOOST mode's big bonus (math.yaml big_bonus_x)."""
    return BoostTail(load(), need_x100, pot_fill)
