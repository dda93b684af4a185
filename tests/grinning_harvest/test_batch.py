"""play_batch (math/batch.py), the book builder's fast path, gives exactly what play
gives for every seed in every mode: payout and features, bonus rounds and rounds at
the 15,000x cap included (the cap lowered to 100x to reach it often)."""
from functools import partial

import pytest

from games.grinning_harvest import GAME
from games.grinning_harvest.math import batch, rules, tables
from tests.batch_compare import mismatches, seeds

MODES = [m.id for m in GAME.modes]


compare = partial(mismatches, rules.play, batch.play_batch)   # (disagreeing books, play's rounds)


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES)
def test_play_batch_is_play_seed_for_seed(mode):
    assert GAME.math.play_batch is batch.play_batch
    n = 10_000 if mode == "base" else 1_000
    bad, rounds = compare(mode, seeds(n, MODES.index(mode)))
    assert not bad, bad[:3]
    assert sum("bonus" in r.features for r in rounds) >= (20 if mode == "base" else n)


@pytest.fixture
def low_cap(monkeypatch):
    """The game with its cap at 100x: capped rounds in every mode."""
    m = tables.parse(dict(tables.load().raw, max_win_x=100))
    monkeypatch.setattr(rules, "load", lambda: m)
    monkeypatch.setattr(batch, "load", lambda: m)
    return m


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["base", "buy_skull_row", "buy_vaults"])
def test_capped_rounds_are_equal_too(low_cap, mode):
    bad, rounds = compare(mode, seeds(10_000 if mode == "base" else 1_000, 40 + MODES.index(mode)))
    assert not bad, bad[:3]
    capped = [r for r in rounds if "max_win" in r.features]
    assert len(capped) >= 3 and all(r.payout_x100 == 10_000 for r in capped)


def test_forced_books_come_from_play():
    s = seeds(4, 99)
    bad, rounds = compare("base", s, "bonus")
    assert not bad and all("bonus" in r.features for r in rounds)


def test_unknown_mode_is_refused():
    with pytest.raises(KeyError):
        batch.play_batch(seeds(2, 1), "nope")
