"""Review tools' math (no pygame): payout bands chosen by payout, hand-built boards'
scripted draws, and what each event adds (it sums to the payout, event by event as
the game's own records say, for natural and forced rounds of every mode)."""
from __future__ import annotations

import numpy as np
import pytest

from cabinet.core.config import BigWin
from cabinet.core.game import discover
from cabinet.core.hand_board import BoardError, ScriptedRng, board_draws_of, board_name
from cabinet.core.review_draws import PayoutBand, bands, mask, regenerate_live
from cabinet.core.review_math import event_adds
from cabinet.core.rng import Rng
from tests.forced_rounds import forced_round

SPECS = discover()


class Cfg:
    big_win = BigWin(big=15, mega=30, epic=60)
    gamble = "on_5x"


def test_bands_split_payouts_by_the_configured_tiers_and_limits():
    b = bands(SPECS["happy_money_hens"], Cfg)
    p = np.array([0, 100, 499, 500, 1499, 1500, 2999, 3000, 5999, 6000, 250000])
    got = {k: p[mask(v, p, 100, 100, 200000)].tolist() for k, v in b.items()}
    assert got["win:none"] == [0]
    assert got["win:big"] == [1500, 2999]
    assert got["win:mega"] == [3000, 5999]
    assert got["win:epic"] == [6000]                      # 250000 at $1 is at the $2,000 limit: the max win
    assert got["win:max"] == [250000]
    assert got["win:gamble"] == [500, 1499]               # on_5x: 5x up to the big-win tier


def test_a_tier_must_win_more_than_the_price_of_a_buy_and_max_falls_back_to_the_top_book():
    big = PayoutBand("big", 1500, 3000, above_stake=True)
    assert mask(big, np.array([2000]), 100, 5000, None).tolist() == [False]
    top = PayoutBand("max", at_limit=True)
    assert mask(top, np.array([10, 900, 300]), 100, 100, 10**9).tolist() == [False, True, False]


def test_the_gamble_band_follows_the_gamble_setting():
    class On(Cfg):
        gamble = "on"

    class Off(Cfg):
        gamble = "off"
    assert bands(SPECS["happy_money_hens"], On)["win:gamble"].lo_x100 == 1
    assert "win:gamble" not in bands(SPECS["happy_money_hens"], Off)
    assert "win:gamble" not in bands(SPECS["piggy_farm"], Cfg)


def test_scripted_draws_are_checked_against_the_range_the_rules_ask_for():
    rng = ScriptedRng([3, 70], seed=1)
    assert rng.below(5) == 3
    with pytest.raises(BoardError, match="the rules asked for one of 0-9"):
        rng.below(10)
    assert board_draws_of("board:two: pumpkins:1,2,3") == [1, 2, 3]
    assert board_name("board:two: pumpkins:1,2,3") == "two: pumpkins"
    with pytest.raises(BoardError):
        board_draws_of("board:name:x")


def test_a_board_outcome_regenerates_the_same_round():
    spec = SPECS["grinning_harvest"]
    a = regenerate_live(spec, "base", 5, "board:b:43,31,59")
    b = regenerate_live(spec, "base", 5, "board:b:43,31,59")
    assert a.events == b.events
    assert [e["stop"] for e in a.events if e["type"] == "reel_stop"] == [43, 31, 59]


@pytest.mark.parametrize("game", sorted(SPECS))
def test_event_adds_sum_to_the_payout_in_every_mode_and_forced_category(game):
    spec = SPECS[game]
    rounds = [spec.play(Rng.for_book(s), m.id) for m in spec.modes for s in range(25)]
    for cat in spec.review.force_categories:
        modes = spec.review.force_modes.get(cat) or [next(m.id for m in spec.modes if m.kind == "spin")]
        for mode in modes[:1]:
            try:
                rounds.append(forced_round(spec, mode, cat, 3))
            except (KeyError, ValueError):
                continue
    assert any(r.capped for r in rounds) or game == "happy_money_hens"
    for r in rounds:
        adds = event_adds(spec, r)
        assert sum(adds) == r.payout_x100
        raw = [spec.review.event_adds(e) for e in r.events]
        if not r.capped:
            assert raw == adds                          # the game's own records account for all of it
        assert all(a >= 0 for a, e in zip(adds, r.events) if e["type"] not in ("cap", "win_cap"))
