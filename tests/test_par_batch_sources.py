"""GameSpec.math.batch_sources: the RTP by source of many natural books at once, from the
games' lockstep engines (play_batch's), must give every book the very split
payout_sources gives the Round that Library.round regenerates; the PAR sheet's RTP by
source (cabinet/math/par.py rtp_sources) plays natural books through it and forced
ones one at a time, with the same figures as playing every book one at a time."""
from dataclasses import replace

import numpy as np
import pytest

from cabinet.core import books as B
from cabinet.core.mode_books import ModeBooks
from cabinet.math import par

GAMES = ("happy_money_hens", "piggy_farm", "grinning_harvest")
PER_MODE = 25


def _sample(mb: ModeBooks) -> np.ndarray:
    """Natural paying books of a mode: spread over those with a feature, its top payouts
    (capped rounds, if any are natural), and a few with no feature."""
    natural = mb.force < 0
    feat = np.flatnonzero(natural & (mb.payout_x100 != 0) & (mb.features != 0))
    plain = np.flatnonzero(natural & (mb.payout_x100 != 0) & (mb.features == 0))
    top = np.flatnonzero(natural)[np.argsort(mb.payout_x100[natural])[-5:]]
    ids = np.concatenate([feat[::max(1, len(feat) // PER_MODE)][:PER_MODE], top, plain[:5]])
    return np.unique(ids)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_batch_sources_split_every_sampled_book_as_payout_sources(game):
    lib = B.load_library(game)
    spec = lib.spec
    assert spec.math.batch_sources is not None
    checked = 0
    for mode, mb in lib.modes.items():
        ids = _sample(mb)
        got = spec.math.batch_sources(mb.seeds(0, int(ids[-1]) + 1)[ids], mode)
        for j, book in enumerate(ids.tolist()):
            rnd = lib.round(mode, book)
            want = {k: v for k, v in spec.math.payout_sources(rnd).items() if v}
            have = {k: int(v[j]) for k, v in got.items() if v[j]}
            assert have == want, (mode, book)
            assert sum(have.values()) == rnd.payout_x100 == mb.payout_x100[book]
            checked += 1
    assert checked > 25 * len(lib.modes)


# small modes with forced books: rtp_sources batched (natural books) and one at a time
# (forced books) against every book one at a time
SMALL = [("happy_money_hens", "buy_triple"), ("piggy_farm", "egg_hunt"), ("piggy_farm", "risk_the_farm"),
         ("grinning_harvest", "base")]


@pytest.mark.slow
@pytest.mark.parametrize("game,mode", SMALL)
def test_rtp_by_source_is_the_same_batched_as_one_book_at_a_time(game, mode):
    lib = B.load_library(game, modes=[mode])
    mb = lib.books(mode)
    paying = (mb.payout_x100 != 0) & (mb.features != 0)
    assert (paying & (mb.force >= 0)).any() and (paying & (mb.force < 0)).any()   # both routes are taken
    batched = par.rtp_sources(lib, workers=1)[mode]
    lib.spec = replace(lib.spec, math=replace(lib.spec.math, batch_sources=None))
    one_by_one = par.rtp_sources(lib, workers=1)[mode]
    assert batched["sources"] == one_by_one["sources"]
    assert "batch_sources" in batched["method"] and "batch_sources" not in one_by_one["method"]


def test_a_batched_split_that_does_not_sum_to_the_stored_payout_is_refused(monkeypatch):
    lib = B.load_library("piggy_farm", modes=["risk_the_farm"])
    mb = lib.books("risk_the_farm")
    ids = np.flatnonzero((mb.payout_x100 != 0) & (mb.force < 0))[:50]
    task = (B.game_ref(lib.spec), lib.path, "risk_the_farm", ids)
    assert set(par._batch_chunk(task)) == {"risk prize"}
    from games.piggy_farm.math import batch
    real = batch.play_batch
    monkeypatch.setattr(batch, "play_batch", lambda seeds, mode, force=None:
                        (real(seeds, mode, force)[0] + (np.arange(len(seeds)) == 7), None))
    with pytest.raises(RuntimeError, match=f"book {int(ids[7])}: batch_sources gives"):
        par._batch_chunk(task)
