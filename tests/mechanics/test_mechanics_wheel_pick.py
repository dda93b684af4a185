"""The shared tiered wheel (upgrade chain, exact odds) and the pick game."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from cabinet.core.rng import Rng
from cabinet.mechanics.pick import PickGame, assign_nests
from cabinet.mechanics.wheel import Slice, Wheel


def wheel() -> Wheel:
    return Wheel({"low": [Slice("coin", 1, 2), Slice("upgrade", None, 1)],
                  "mid": [Slice("coin", 5, 1), Slice("upgrade", None, 1)],
                  "top": [Slice("coin", 50, 1)]})


def test_upgrade_chain_and_exact_odds():
    w = wheel()
    odds = w.outcome_odds("low")
    assert odds == {("low", 0): Fraction(2, 3), ("mid", 0): Fraction(1, 6), ("top", 0): Fraction(1, 6)}
    assert w.expected("low", lambda s: s.value) == pytest.approx(2 / 3 + 5 / 6 + 50 / 6)
    rng = Rng(3)
    ends = Counter(w.spin(rng, "low")[-1].tier for _ in range(6000))
    assert abs(ends["top"] / 6000 - 1 / 6) < 0.02
    chain = w.spin(Rng(1), "low", force=lambda st: st.slice.kind == "upgrade" or st.tier == "top")
    assert [s.tier for s in chain] == ["low", "mid", "top"]


def test_top_tier_cannot_upgrade():
    with pytest.raises(ValueError):
        Wheel({"a": [Slice("coin", 1, 1)], "b": [Slice("upgrade", None, 1)]})


def test_pick_game_decides_everything_first_and_ends_on_the_terminator():
    game = PickGame(nests=12, prize_counts={4: 1, 6: 1, 12: 1}, ladder={200: 3, 500: 1}, min_prizes=4)
    for seed in range(300):
        reveals = game.draw(Rng(seed))
        prizes = [p for p in reveals if p is not None]
        assert len(prizes) in (4, 6, 12)
        if len(prizes) < 12:
            assert reveals[-1] is None and reveals.count(None) == 1
        nests = assign_nests(Rng(seed), 12, reveals)
        assert len(set(nests)) == len(reveals)
    assert game.expected_total() == Fraction(22, 3) * Fraction(1100, 4)


def test_pick_game_rejects_counts_below_the_minimum():
    with pytest.raises(ValueError):
        PickGame(nests=12, prize_counts={3: 1}, ladder={1: 1}, min_prizes=4)
