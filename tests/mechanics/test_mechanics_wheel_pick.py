"""The shared tiered wheel (upgrade chain, exact odds) and the pick game."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from cabinet.core.rng import Rng
from cabinet.mechanics.pick import PickCondition, PickGame, assign_nests, chance_of, draw_given
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


def _enumerated(game: PickGame, keep) -> tuple[Fraction, Counter]:
    """P(keep) and the law of (count, prizes in order) given keep, by enumerating every
    reveal sequence of a small pick game."""
    from itertools import product
    kt, lt = sum(game.prize_counts.values()), sum(game.ladder.values())
    law: Counter = Counter()
    for k, wk in game.prize_counts.items():
        for prizes in product(game.ladder, repeat=k):
            p = Fraction(wk, kt)
            for v in prizes:
                p *= Fraction(game.ladder[v], lt)
            if keep(prizes):
                law[prizes] += p
    total = sum(law.values())
    return total, law


CONDITIONS = [PickCondition(lo=1_500), PickCondition(hi=1_000, top=500), PickCondition(lo=600, hi=1_200),
              PickCondition(top=500)]


def _keeps(c: PickCondition):
    return lambda prizes: (sum(prizes) >= c.lo and (c.hi is None or sum(prizes) < c.hi)
                           and (c.top is None or max(prizes) >= c.top))


@pytest.mark.parametrize("cond", CONDITIONS)
def test_chance_of_a_condition_equals_enumeration(cond):
    game = PickGame(nests=6, prize_counts={2: 5, 3: 3, 5: 1}, ladder={100: 6, 200: 3, 500: 1}, min_prizes=2)
    total, _ = _enumerated(game, _keeps(cond))
    assert chance_of(game, cond) == pytest.approx(float(total), rel=1e-12)
    if cond == PickCondition(top=500):
        assert chance_of(game, cond) == pytest.approx(float(game.chance_of_prize_at_least(500)), rel=1e-12)


@pytest.mark.slow
@pytest.mark.parametrize("cond", CONDITIONS[:3])
def test_draws_given_a_condition_follow_the_conditional_law(cond):
    """Chi-square of 20,000 conditional draws against the enumerated law given the
    condition (every reveal sequence with expected count >= 5 its own cell)."""
    from scipy.stats import chisquare
    game = PickGame(nests=6, prize_counts={2: 5, 3: 3, 5: 1}, ladder={100: 6, 200: 3, 500: 1}, min_prizes=2)
    total, law = _enumerated(game, _keeps(cond))
    n = 20_000
    seen: Counter = Counter()
    for seed in range(n):
        reveals = draw_given(game, Rng(seed), cond)
        prizes = tuple(p for p in reveals if p is not None)
        assert _keeps(cond)(prizes) and (reveals[-1] is None) == (len(prizes) < 6)
        seen[prizes] += 1
    big = [s for s, p in law.items() if p / total * n >= 5]
    obs = [seen[s] for s in big] + [n - sum(seen[s] for s in big)]
    exp = [float(law[s] / total) * n for s in big]
    exp.append(n - sum(exp))
    assert set(seen) <= set(law)
    assert chisquare(obs, exp).pvalue > 1e-3
