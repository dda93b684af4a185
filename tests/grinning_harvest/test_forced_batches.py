"""Grinning Harvest's forced searches decided in batches (forced.play, the game's
play, with batch.forced_accepts): the kept attempt is exactly the one the scalar search over the
same sub-streams keeps (the first whose natural round, on the boards the category
needs, is in the category and in no earlier one), its round is that attempt's round, and a book
replays it from its hint alone."""
from __future__ import annotations

import pytest

from cabinet.core.forcing import first_index
from cabinet.core.rng import ReplayError, Rng
from games.grinning_harvest import GAME
from games.grinning_harvest.math import batch, forced, rules

CASES = [("base", "big_win"), ("base", "jackpot_minor"), ("base", "vaults_3"), ("base", "great_skull"),
         ("buy_vaults", "big_win"), ("buy_harvest", "jackpot_mega"), ("buy_skull_row", "great_skull"),
         ("buy_skull_row", "max_win"), ("base", "jackpot_grand")]


def scalar_play(rng: Rng, mode: str, force: str):
    """The round rules.play keeps, found one attempt at a time."""
    return rules.play(rng, mode, force)


@pytest.mark.parametrize("mode,force", CASES)
def test_the_batched_engine_accepts_the_scalar_searchs_first_attempt(mode, force):
    """forced_accepts on the attempts' streams finds the index the scalar search keeps,
    for every kind of category."""
    m = rules.load()
    accepts = batch.forced_accepts(mode, force, rules.earlier_categories(m, mode, force))
    for seed in (5, 77):
        ref = Rng.recording(seed)
        scalar_play(ref, mode, force)
        key = Rng(seed).seed64()                                   # the search's key: its first draw
        assert [first_index(key, accepts, rules.FORCE_ATTEMPTS, force, streams=True)] == ref.trace.values


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["base", "buy_vaults", "buy_harvest", "buy_skull_row", "buy_patch"])
def test_the_batched_search_keeps_the_scalar_searchs_round(mode):
    force = "big_win"
    assert force in forced.BATCHED and GAME.play is forced.play
    for seed in (3, 1234):
        rec, ref = Rng.recording(seed), Rng.recording(seed)
        got, want = forced.play(rec, mode, force), scalar_play(ref, mode, force)
        assert rec.trace.values == ref.trace.values              # the same attempt index
        assert (got.payout_x100, got.features, got.events) == (want.payout_x100, want.features, want.events)
        assert force in got.features
        again = forced.play(Rng.for_book(seed, rec.trace.values), mode, force)   # replayed from its hint
        assert (again.payout_x100, again.events) == (got.payout_x100, got.events)


def test_the_earlier_categories_are_excluded():
    m = rules.load()
    assert rules.earlier_categories(m, "base", "big_win") == ["max_win", "jackpot_grand"]
    for seed in range(6):
        rnd = forced.play(Rng(seed), "base", "big_win")
        assert "big_win" in rnd.features and not {"max_win", "jackpot_grand"} & set(rnd.features)
        assert rnd.payout_x100 >= rules.big_win_x100(m, "base")


def test_a_hint_outside_the_category_is_refused():
    rec = Rng.recording(8)
    forced.play(rec, "base", "big_win")
    (k,) = rec.trace.values
    assert k > 0                            # the search kept the first accepted: k - 1 is not
    with pytest.raises(ReplayError, match="not an accepted attempt"):
        forced.play(Rng.for_book(8, [k - 1]), "base", "big_win")


def test_an_unknown_category_is_named():
    with pytest.raises(ValueError, match="unknown forcing condition 'jackpot_huge'"):
        forced.play(Rng(1), "base", "jackpot_huge")


@pytest.mark.parametrize("mode", ["base", "buy_harvest", "buy_vaults", "buy_skull_row", "buy_patch"])
def test_forced_rounds_draw_from_the_natural_tables(mode):
    """A forced round is the rules' round given its category: the natural value
    tables, bonus row and landing chances for every category (no boosted proposal)."""
    m = rules.load()
    for force in rules.FORCE_LABELS:
        values, setup, need_trigger, need_pv = rules.proposal(m, mode, force)
        assert values is m.values_base and setup.values is m.values_for(mode) and setup.row is m.row_for(mode)
        assert (setup.pumpkin_chance, setup.vault_chance) == (m.pumpkin_chance, m.vault_chance)
        assert not (need_trigger and need_pv) and (mode == "base" or not (need_trigger or need_pv))


def test_the_forced_boards_hold_every_round_of_their_category():
    """The stops of a forced base round are drawn only among the boards its category
    needs, so that restriction must lose no round of the category: in 200,000
    natural rounds every jackpot or big win came with a collect or the bonus (a
    pumpkin and a vault in view) and every Great Skull, 3 Vaults or max win with the
    bonus (a trigger board)."""
    import numpy as np
    _, feats, _ = batch.play_batch(np.arange(1, 200_001, dtype=np.uint64), "base")
    m = rules.load()
    seen = set()
    for f in feats:
        for force in rules.FORCE_LABELS:
            if force in f:
                seen.add(force)
                _, _, need_trigger, need_pv = rules.proposal(m, "base", force)
                assert "bonus" in f if need_trigger else ("collect" in f or "bonus" in f)
    assert {"jackpot_mini", "jackpot_minor", "big_win", "vaults_3", "bonus"} <= seen
