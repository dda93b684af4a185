"""The buys, the ante and the cap.

Sheet: GOLDEN EGG HUNT "12 nests, at least 4 prizes guaranteed, from 2x up to 5,000x a
nest, until the rooster crows. Every reveal is decided before the first nest is
opened." EGG HUNT "the same hunt on a heavier ladder: ... 6x up to 5,000x each." RISK
THE FARM "pays 4,000x the total bet or nothing at all, and it lands about 1 time in 8.
It is the one mode exempt from the 50,000x cap". FARM WHEEL BOOST "arms a per-spin
cost ... makes THE FARM WHEEL trigger five times as often". Cap: "50,000x the total
bet per round; the round ends at the cap with the cap paid"."""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from cabinet.core.rng import Rng
from cabinet.mechanics.pick import PickGame
from games.piggy_farm import GAME
from games.piggy_farm.math import events as E
from games.piggy_farm.math.forced import play
from games.piggy_farm.math.rules import tumble_chain
from games.piggy_farm.math.tables import load

from .rules_helpers import QUIET, board_of, ints, math_with, spin_state


@pytest.mark.parametrize("mode,lowest", [("golden_egg_hunt", 200), ("egg_hunt", 600)])
def test_hunt_ladder_nests_and_minimum_prizes(mode, lowest):
    hunt = load().hunt(mode)
    assert hunt.nests == 12 and hunt.min_prizes == 4
    assert min(hunt.prize_counts) == 4 and max(hunt.prize_counts) <= 12
    assert min(hunt.ladder) == lowest and max(hunt.ladder) == 500_000


@pytest.mark.parametrize("mode", ["golden_egg_hunt", "egg_hunt"])
def test_hunt_reveals_are_decided_before_the_first_nest(mode):
    pm = load()
    hunt = pm.hunt(mode)
    for seed in range(200):
        r = play(Rng(seed), mode)
        reveals = [e for e in r.events if e["type"] == E.HUNT_REVEAL]
        # the whole sequence is the pick game's one draw, made before any reveal event
        drawn = hunt.draw(Rng(seed))
        assert [e["prize_x100"] for e in reveals] == drawn[:len(reveals)]
        prizes = [e for e in reveals if not e["rooster"]]
        assert len(prizes) >= 4
        assert all(e["prize_x100"] in hunt.ladder for e in prizes)
        if len(prizes) < 12:
            assert reveals[-1]["rooster"] and sum(e["rooster"] for e in reveals) == 1
        assert len({e["nest"] for e in reveals}) == len(reveals) and all(0 <= e["nest"] < 12 for e in reveals)
        assert r.payout_x100 == min(sum(e["prize_x100"] for e in prizes), pm.cap_x100)
        assert r.event_types().index(E.HUNT_START) < r.event_types().index(E.HUNT_REVEAL)


def test_hunt_natural_rtp_is_exact_from_the_tables():
    for mode in ("golden_egg_hunt", "egg_hunt"):
        hunt = load().hunt(mode)
        rtp = hunt.expected_total() / load().mode(mode)["cost_x100"]
        assert abs(rtp - Fraction(967, 1000)) < Fraction(1, 10_000)


def test_risk_the_farm_pays_4000x_or_nothing_about_1_in_8_and_skips_the_cap():
    pm = load()
    m = pm.mode("risk_the_farm")
    num, den = m["chance"]
    assert Fraction(num, den) * m["prize_x100"] / m["cost_x100"] == Fraction(967, 1000)
    assert 7 <= den / num <= 8.5
    pays = [play(Rng(s), "risk_the_farm").payout_x100 for s in range(2000)]
    assert set(pays) == {0, 400_000}
    assert 0.10 < pays.count(400_000) / len(pays) < 0.17
    assert GAME.cap_exempt_modes == ("risk_the_farm",)


def test_ante_costs_3x_on_its_own_strips_with_more_windmills():
    pm = load()
    assert GAME.mode("ante").cost_x100 == 300 and GAME.mode("ante").kind == "spin"
    ws = lambda s: sum(r.count(pm.scatter) for r in pm.strips[s]) / sum(len(r) for r in pm.strips[s])
    assert ws("ante") > 1.5 * ws("base")
    r = play(Rng(1), "ante")
    assert r.events[0]["strips"] == "ante"


def test_round_ends_at_the_cap_with_the_cap_paid():
    pm = math_with(QUIET)
    sp = spin_state(pm, "base")
    sp.total = pm.cap_x100 - 10            # 0.10x short of the cap
    b = board_of("""
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        GP GP GP GP GP . .
        PP PP PP PP PP . .""")
    tumble_chain(sp, "base", ints(pm, b), [0] * 7)
    assert sp.capped
    types = [e["type"] for e in sp.events]
    assert types[-1] == E.CAP and E.TUMBLE not in types      # the drop that reached the cap ends the round


def test_forced_max_win_is_exactly_the_cap_and_ends_there():
    r = play(Rng(2), "base", force="max_win")
    assert r.payout_x100 == 5_000_000 and r.capped
    assert {"max_win", "capped", "wheel", "free_spins"} <= set(r.features)
    types = r.event_types()
    cap_at = types.index(E.CAP)
    assert E.FREE_SPIN not in types[cap_at:] and E.CLUSTER_WIN not in types[cap_at:]
    assert types[-1] == E.ROUND_END and r.events[-1]["payout_x100"] == 5_000_000


def test_top_egg_chance_is_exact_against_brute_force():
    """P(at least one 5,000x egg) from the tables equals the enumeration over prize
    counts and eggs: the book stratum's target carries no sampling noise."""
    pm = load()
    for mode in ("golden_egg_hunt", "egg_hunt"):
        hunt = pm.hunt(mode)
        tot = sum(hunt.ladder.values())
        q = Fraction(hunt.ladder[500000], tot)
        ktot = sum(hunt.prize_counts.values())
        miss = sum(Fraction(w, ktot) * (1 - q) ** k for k, w in hunt.prize_counts.items())
        assert hunt.chance_of_prize_at_least(500000) == 1 - miss
        # the strata: a big win first (its exact chance), then a 5,000x egg below it
        total, top_below = hunt_law(hunt, pm.big_win_x100(mode))
        assert GAME.math.book_forces[mode]["big_win"] == pytest.approx(total, rel=1e-9)
        assert GAME.math.book_forces[mode]["hunt_5000x"] == pytest.approx(top_below, rel=1e-9)
        assert top_below < float(1 - miss) <= (top_below + total) * (1 + 1e-12)     # a big win nearly always holds one
    num, den = (int(x) for x in pm.mode("risk_the_farm")["chance"])
    assert GAME.math.book_forces["risk_the_farm"]["risk_win"] == num / den


def hunt_law(hunt, big: int) -> tuple[float, float]:
    """(P(total >= big), P(a 5,000x egg and total < big)) by convolving the ladder's law
    forward over the prize count (float64 on a grid of 100 hundredths), independently of
    the pick game's backward tables."""
    lt, kt = sum(hunt.ladder.values()), sum(hunt.prize_counts.values())
    size = big // 100 + 1                          # sums past `big` pile up in the last cell
    dist = np.zeros((size, 2))
    dist[0, 0] = 1.0
    total = top_below = 0.0
    for k in range(max(hunt.prize_counts) + 1):
        if k in hunt.prize_counts:
            w = hunt.prize_counts[k] / kt
            total += w * dist[-1].sum()
            top_below += w * dist[:-1, 1].sum()
        nxt = np.zeros_like(dist)
        for v, wv in hunt.ladder.items():
            to = np.minimum(np.arange(size) + v // 100, size - 1)
            if v >= 500000:
                np.add.at(nxt[:, 1], to, wv / lt * dist.sum(axis=1))
            else:
                np.add.at(nxt, to, wv / lt * dist)
        dist = nxt
    return total, top_below


@pytest.mark.parametrize("mode", ["golden_egg_hunt", "egg_hunt"])
def test_forced_top_egg_rounds_hold_a_5000x_egg_below_the_big_win(mode):
    big = load().big_win_x100(mode)
    for seed in range(20):
        rnd = play(Rng(seed), mode, "hunt_5000x")
        prizes = [e["prize_x100"] for e in rnd.events if e["type"] == E.HUNT_REVEAL and e["prize_x100"]]
        assert 500000 in prizes and "hunt_5000x" in rnd.features and "big_win" not in rnd.features
        assert rnd.payout_x100 == min(sum(prizes), load().cap_x100) < big


@pytest.mark.parametrize("mode", ["golden_egg_hunt", "egg_hunt"])
def test_forced_big_win_hunts_reach_it_with_the_rules_law_given_it(mode):
    """A big-win book (math.yaml big_win_x: GOLDEN EGG HUNT 100x, EGG HUNT 50x its price)
    is a hunt drawn from its law given the total: every one reaches the threshold, shows
    its reveals in order with the rooster last, and the mean number of prizes matches
    the exact conditional mean (forward convolution per prize count)."""
    pm = load()
    hunt, big = pm.hunt(mode), pm.big_win_x100(mode)
    counts = []
    for seed in range(300):
        rnd = play(Rng(seed), mode, "big_win")
        reveals = [e for e in rnd.events if e["type"] == E.HUNT_REVEAL]
        prizes = [e["prize_x100"] for e in reveals if e["prize_x100"]]
        assert rnd.payout_x100 == sum(prizes) >= big and "big_win" in rnd.features
        assert all(e["rooster"] for e in reveals[len(prizes):]) and len(reveals) <= len(prizes) + 1
        counts.append(len(prizes))
    kt = sum(hunt.prize_counts.values())
    by_k = {k: w / kt * hunt_law(PickGame(hunt.nests, {k: 1}, hunt.ladder, hunt.min_prizes), big)[0]
            for k, w in hunt.prize_counts.items()}
    mean = sum(k * p for k, p in by_k.items()) / sum(by_k.values())
    var = sum((k - mean) ** 2 * p for k, p in by_k.items()) / sum(by_k.values())
    assert abs(np.mean(counts) - mean) < 4 * (var / len(counts)) ** 0.5


def test_forced_risk_win_pays_4000x_and_forces_stay_in_their_modes():
    rnd = play(Rng(3), "risk_the_farm", "risk_win")
    assert rnd.payout_x100 == 400000 and "risk_win" in rnd.features
    with pytest.raises(ValueError, match="applies to"):
        play(Rng(3), "base", "risk_win")
    with pytest.raises(ValueError, match="applies to"):
        play(Rng(3), "risk_the_farm", "max_win")
