"""play_batch (math/batch.py), the book builder's fast path, gives exactly what play
gives for every seed in every mode: payout, features and the jackpot (pot award) part,
bonus rounds of every combination, pots and full boards included."""
from functools import partial

import pytest

from games.happy_money_hens import GAME
from games.happy_money_hens.math import batch, rules
from tests.batch_compare import mismatches, seeds

MODES = [m.id for m in GAME.modes]


compare = partial(mismatches, rules.play, batch.play_batch)   # (disagreeing books, play's rounds)


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES)
def test_play_batch_is_play_seed_for_seed(mode):
    assert GAME.math.play_batch is batch.play_batch
    spin = GAME.mode(mode).kind == "spin"
    bad, rounds = compare(mode, seeds(4_000 if spin else 1_000, MODES.index(mode)))
    assert not bad, bad[:3]
    bonuses = [r for r in rounds if "bonus" in r.features]
    assert len(bonuses) >= (25 if spin else 1_000)


@pytest.mark.slow
def test_pots_jackpots_and_full_boards_are_equal_too():
    """Bonus-rich modes over more seeds: pot awards (the jackpot part) and full boards."""
    s = seeds(2_000, 77)
    bad, rounds = compare("bonus_dc_pf_hb", s)
    assert not bad, bad[:3]
    assert sum(r.jackpot_x100 > 0 for r in rounds) > 100
    assert any("pot_grand" in r.features for r in rounds) and any("full_board" in r.features for r in rounds)


def test_forced_books_come_from_play():
    bad, rounds = compare("base", seeds(3, 5), "combo_DC+HB")
    assert not bad and all("combo_DC+HB" in r.features for r in rounds)


def test_unknown_mode_is_refused():
    with pytest.raises(KeyError):
        batch.play_batch(seeds(2, 1), "nope")
