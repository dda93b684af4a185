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
