"""Hand-built boards and bonus states for the Happy Money Hens rules tests."""
from __future__ import annotations

from cabinet.core.rng import Rng
from games.happy_money_hens.math.bonus import HensBonus
from games.happy_money_hens.math.tables import load


class ScriptedRng(Rng):
    """An Rng whose below() answers come from a list (then 0): every chance(num, den)
    with a scripted 0 succeeds, den - 1 fails."""

    def __init__(self, answers=()):
        super().__init__(0)
        self.answers = list(answers)

    def below(self, n):
        return min(self.answers.pop(0), n - 1) if self.answers else 0


class NeverRng(Rng):
    """Every chance fails, every draw is the last option."""

    def below(self, n):
        return n - 1


def cash(value_x100, double=False):
    return {"kind": "cash", "double": double, "cash_x100": value_x100,
            "value_x100": value_x100 * (2 if double else 1), "pot": None}


def pot_fill(pot, hidden_cash=100, double=False):
    return {"kind": "pot_fill", "double": double, "cash_x100": hidden_cash, "value_x100": 0, "pot": pot}


def bonus(combo=7, rng=None, cells=None):
    """A bonus with coins placed by hand: cells {(row, reel): coin}, row 0 at the bottom."""
    b = HensBonus(rng or NeverRng(1), load(), combo, [])
    for (r, c), coin in (cells or {}).items():
        b.board.place(r, c, coin)
    return b


def land(b, landed):
    """Make the next spin land exactly `landed` ({(row, reel): coin})."""
    b.board.draw_landings_at_once = lambda *a, **k: dict(landed)


def types(events):
    return [e["type"] for e in events]


def law(values, weights) -> dict[int, float]:
    """{value: chance} of one draw from `values` with integer `weights`."""
    total = float(sum(int(w) for w in weights))
    return {int(v): int(w) / total for v, w in zip(values, weights)}


def convolve(a: dict[int, float], b: dict[int, float]) -> dict[int, float]:
    """The law of the sum of two independent draws (plain enumeration over dicts)."""
    out: dict[int, float] = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, 0.0) + p * q
    return out


def spin_boost_law(m) -> dict[int, float]:
    """The law of one spin's HAPPY BOOST total (x100): with chance `boost`, K boosts
    (boost_counts by their weights), each a boost value; else nothing."""
    hit = m.boost[0] / m.boost[1]
    one = law(m.boost_values, m.boost_weights)
    spin = {0: 1.0 - hit}
    for k, pk in law(m.boost_counts, m.boost_count_weights).items():
        got = {0: 1.0}
        for _ in range(k):
            got = convolve(got, one)
        for v, p in got.items():
            spin[v] = spin.get(v, 0.0) + hit * pk * p
    return spin
