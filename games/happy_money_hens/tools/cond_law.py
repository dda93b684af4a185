"""The exact law of what a Happy Money Hens bonus's coins and boosts add, given its
skeleton (tools/cond_tail.py reads the tail with it; read that docstring first).

Given a bonus's skeleton and which coins complete a pot, its win is

    W (the pots completed) + sum of mult_i x cash_i over the other counted coins
                          + the sum of HAPPY BOOST's boosts over its S spins,

the cash values (math.yaml cash_values / cash_weights, drawn for every coin, pot-fill or
not) and the boosts (each spin: with chance `boost`, K of boost_count boosts of
boost_values) independent of one another and of the skeleton. `ContentLaw` gives
P(C > y) for C = n1 single and n2 double cash values plus the boosts of s spins, on a
grid of UNIT (the common divisor of the cash and boost values: C is a multiple of it),
up to a ceiling: the last bin holds all the mass at or above it, so no mass is lost and
every P(C > y) below the ceiling is exact up to float rounding. The coins are added
one at a time by exact shifted sums (13 values); the boosts of s spins by exact
convolution with one spin's law; coins and boosts together by FFT, whose float error
(about 1e-16 of the largest chance, clipped at 0) is far below the 1e-7 read here.

Without DOUBLE COINS every counted coin adds one letter, so a pot's completions are its
coins' count over its name's length, whatever their order: given only the counted coins
N, what they hold is a multinomial (cash, or a pot-fill coin of pot p), and `pots_and_coins`
gives the exact law of W + the open coins' cash over every count (`mixed_survival` adds
the boosts): a POT FILL bonus without DOUBLE COINS is then read from its skeleton alone.
"""
from __future__ import annotations

from functools import reduce
from math import gcd, lgamma

import numpy as np

from games.happy_money_hens.math.tables import HensMath


def unit_of(m: HensMath) -> int:
    """The common divisor of every cash and boost value (x100)."""
    return int(reduce(gcd, [int(v) for v in m.cash_values] + [int(v) for v in m.boost_values]))


class ContentLaw:
    def __init__(self, m: HensMath, ceiling_x100: int):
        self.unit = unit_of(m)
        self.bins = int(ceiling_x100) // self.unit + 2          # the last bin: at or above (bins - 1) units
        w = np.asarray(m.cash_weights, dtype=np.float64)
        self.cash = (np.asarray(m.cash_values, dtype=np.int64) // self.unit, w / w.sum())
        self.boost_chance = m.boost[0] / m.boost[1]
        kw = np.asarray(m.boost_count_weights, dtype=np.float64)
        self.boost_k = (np.asarray(m.boost_counts, dtype=np.int64), kw / kw.sum())
        bw = np.asarray(m.boost_weights, dtype=np.float64)
        self.boost_v = (np.asarray(m.boost_values, dtype=np.int64) // self.unit, bw / bw.sum())
        self._coins: dict[tuple[int, int], np.ndarray] = {}
        self._spins: list[np.ndarray] = []
        self._mixed: dict[int, np.ndarray] = {}
        self._counts: np.ndarray | None = None
        self.cells = m.rows * m.reels
        self.pots = (np.asarray(m.pot_values, dtype=np.int64) // self.unit, m.pot_lengths)
        pf = m.pot_fill[0] / m.pot_fill[1]
        pw = np.asarray(m.pot_weights, dtype=np.float64)
        self.kind_p = np.r_[pf * pw / pw.sum(), 1.0 - pf]        # pots 0..3, then cash

    def _point(self) -> np.ndarray:
        a = np.zeros(self.bins)
        a[0] = 1.0
        return a

    def step(self, a: np.ndarray, law: tuple[np.ndarray, np.ndarray], mult: int = 1) -> np.ndarray:
        """The law of A + mult x V (V one draw of `law`), the last bin absorbing."""
        n, out = self.bins, np.zeros(self.bins)
        for v, p in zip((law[0] * mult).tolist(), law[1].tolist()):
            if v >= n - 1:
                out[n - 1] += p * a.sum()
                continue
            out[v:n - 1] += p * a[:n - 1 - v]
            out[n - 1] += p * a[n - 1 - v:].sum()
        return out

    def conv(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """The law of A + B (independent), the last bin absorbing (FFT, clipped at 0)."""
        size = 1 << int(2 * self.bins - 1).bit_length()
        full = np.fft.irfft(np.fft.rfft(a, size) * np.fft.rfft(b, size), size)[:2 * self.bins - 1]
        full = np.maximum(full, 0.0)
        out = full[:self.bins].copy()
        out[-1] += full[self.bins:].sum()
        return out

    def coins(self, n1: int, n2: int) -> np.ndarray:
        """The law of n1 single and n2 double cash values (cached)."""
        key = (n1, n2)
        if key not in self._coins:
            if n2:
                self._coins[key] = self.step(self.coins(n1, n2 - 1), self.cash, 2)
            elif n1:
                self._coins[key] = self.step(self.coins(n1 - 1, 0), self.cash)
            else:
                self._coins[key] = self._point()
        return self._coins[key]

    def spins(self, s: int) -> np.ndarray:
        """The law of the boosts of s spins (cached)."""
        if not self._spins:
            one = self._point() * (1.0 - self.boost_chance)
            many = self._point()
            for k in range(1, int(self.boost_k[0].max()) + 1):
                many = self.step(many, self.boost_v)
                one += self.boost_chance * float(self.boost_k[1][self.boost_k[0] == k].sum()) * many
            self._one_spin = one[:int(np.flatnonzero(one).max()) + 1]     # its support (short)
            self._spins.append(self._point())
        while len(self._spins) <= s:
            full = np.convolve(self._spins[-1], self._one_spin)     # exact: a direct sum
            nxt = full[:self.bins].copy()
            nxt[-1] += full[self.bins:].sum()
            self._spins.append(nxt)
        return self._spins[s]

    def survival(self, n1: int, n2: int, s: int) -> np.ndarray:
        """sv[j] = P(C > j x unit) for j = 0 .. bins - 2 (C: the coins and boosts)."""
        law = self.coins(n1, n2)
        if s:
            law = self.conv(law, self.spins(s))
        return np.cumsum(law[::-1])[::-1][1:]

    def pots_and_coins(self, n: int) -> np.ndarray:
        """The law of what n single counted coins of a POT FILL bonus pay (pots W and the
        open coins' cash), over every count of each kind (cached)."""
        if n not in self._mixed:
            if self._counts is None:                   # every count of the 4 pots among up to 35 coins
                c = np.stack(np.meshgrid(*[np.arange(self.cells + 1)] * 4, indexing="ij"), axis=-1).reshape(-1, 4)
                self._counts = c[c.sum(axis=1) <= self.cells]
            c = self._counts[self._counts.sum(axis=1) <= n]
            cash = n - c.sum(axis=1)
            lf = np.array([lgamma(k + 1.0) for k in range(n + 1)])           # log k!
            logp = (lf[n] - lf[c].sum(axis=1) - lf[cash]
                    + c @ np.log(self.kind_p[:4]) + cash * np.log(self.kind_p[4]))
            won = c // self.pots[1]
            w_units, open_ = won @ self.pots[0], n - won.sum(axis=1)
            out = np.zeros(self.bins)
            for k in np.unique(open_).tolist():
                sel = open_ == k
                h = np.bincount(np.minimum(w_units[sel], self.bins - 1), weights=np.exp(logp[sel]),
                                minlength=self.bins)
                out += self.conv(h, self.coins(k, 0))
            self._mixed[n] = out
        return self._mixed[n]

    def mixed_survival(self, n: int, s: int) -> np.ndarray:
        """survival() of n single counted coins of a POT FILL bonus, what they hold unknown."""
        law = self.pots_and_coins(n)
        if s:
            law = self.conv(law, self.spins(s))
        return np.cumsum(law[::-1])[::-1][1:]
