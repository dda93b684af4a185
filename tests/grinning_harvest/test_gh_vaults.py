"""'If there are multiple Vaults on the second reel, each one collects independently'
(in all game modes): the base strip shows 2 and 3 Vaults together, and every Vault in
view collects on its own, in the base game and when it carries them into the bonus."""
import pytest
from fractions import Fraction

import numpy as np

from cabinet.core.rng import Rng
from games.grinning_harvest.math.bonus import BonusSetup, run_bonus
from games.grinning_harvest.math.rules import settle_base, window
from games.grinning_harvest.math.sim import simulate
from games.grinning_harvest.math.tables import vaults_in_view

from .helpers import WEBS, bonus, m, pumpkin, quiet_setup, row_table, vault
from .test_gh_base_rules import board_with


def vaults_in_view_odds() -> dict[int, Fraction]:
    return vaults_in_view(m())


def test_the_base_strip_shows_one_two_and_three_vaults_in_view():
    odds = vaults_in_view_odds()
    strip = [m().symbols[i] for i in m().strips[1]]          # counted by hand from the strip
    views = [[strip[(s + r) % len(strip)] for r in range(3)].count("vault") for s in range(len(strip))]
    assert {k: Fraction(views.count(k), len(strip)) for k in range(4)} == odds
    assert odds[1] == Fraction(1, 12) and odds[2] == Fraction(1, 30) and odds[3] == Fraction(1, 120)
    strip = m().strips[1]
    three = next(s for s in range(len(strip)) if all(int(strip[(s + r) % len(strip)]) == m().sym["vault"]
                                                     for r in range(3)))
    board = window(m(), [0, three, 0])
    assert [board[r][1] for r in range(3)] == ["vault"] * 3


def test_three_vaults_in_view_each_collect_the_pumpkins():
    board = board_with(r0c0="pumpkin", r0c1="vault", r1c1="vault", r2c1="vault")
    pay, events, feats, _ = settle_base(Rng(1), m(), board, {(0, 0): pumpkin(6)}, quiet_setup())
    collects = [e for e in events if e["type"] == "collect"]
    assert [c["vault"] for c in collects] == [[0, 1], [1, 1], [2, 1]]
    assert all(c["amount_x100"] == 600 and c["vault_value_x100"] == 600 for c in collects)
    assert pay == 3 * 600 and "vaults_in_view_3" in feats and "collect" in feats


def test_two_vaults_in_view_are_reported_without_pumpkins_too():
    board = board_with(r1c1="vault", r2c1="vault")
    pay, events, feats, _ = settle_base(Rng(1), m(), board, {}, quiet_setup())
    assert pay == 0 and feats == {"vaults_in_view_2"}
    assert not [e for e in events if e["type"] == "collect"]


def test_two_vaults_carried_into_the_bonus_each_collect_the_trigger_pumpkins_and_later_ones():
    board = board_with(r1c0="pumpkin", r0c1="vault", r2c1="vault", r2c2="pumpkin")
    pay, events, feats, _ = settle_base(Rng(1), m(), board, {(1, 0): pumpkin(4), (2, 2): pumpkin(6)},
                                        quiet_setup())
    start = [e for e in events if e["type"] == "collect" and e["phase"] == "bonus_start"]
    assert [c["vault"] for c in start] == [[0, 1], [2, 1]] and all(c["amount_x100"] == 1000 for c in start)
    assert "bonus" in feats and "vaults_in_view_2" in feats and pay == 2 * 1000
    # in the bonus a landing pumpkin is added to both vaults
    b = bonus({(0, 1): vault(), (2, 1): vault()})
    b.spin({(1, 0): pumpkin(5)}, WEBS, None)
    assert [b.board.cells[r][1]["value_x100"] for r in (0, 2)] == [500, 500] and b.total() == 1000


def test_a_bonus_started_with_three_vaults_lands_no_more_and_each_collects():
    rich = BonusSetup(m().values_bonus, row_table([1, 0, 0, 0, 0, 0]), 10_000, 10_000)
    start = {(0, 1): vault(), (1, 1): vault(), (2, 1): vault(), (0, 0): pumpkin(2)}
    res = run_bonus(Rng(3), m(), rich, start, m().max_win_x100)
    spin = [e for e in res.events if e["type"] == "bonus_spin"][0]
    assert all(cell["kind"] == "pumpkin" for cell in spin["landed"])         # reel 2 is full of vaults
    ends = [e for e in res.events if e["type"] == "bonus_end"]
    assert ends[0]["vaults"] == 3 and "vaults_3" in res.features
    # every pumpkin is collected three times: 3 x (the start pumpkin + the 5 landing on spin 1)
    landed = sum(cell["value_x100"] for cell in spin["landed"])
    assert res.total_x100 == 3 * (200 + landed)


@pytest.mark.slow
def test_the_rules_reach_two_and_three_vaults_at_the_strips_rates():
    """The vectorised engine over 400,000 base rounds: the rates of 2 and 3 Vaults in
    view lie within 4 standard deviations of the exact 1/30 and 1/120."""
    n = 400_000
    out = simulate(np.random.SeedSequence(15), "base", n)
    odds = vaults_in_view_odds()
    for k in (2, 3):
        p = float(odds[k])
        rate = out["features"][f"vaults_in_view_{k}"].mean()
        assert abs(rate - p) < 4 * (p * (1 - p) / n) ** 0.5, (k, rate, p)
