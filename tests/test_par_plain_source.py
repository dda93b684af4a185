"""GameSpec.math.plain_source: a round that lists no feature pays from that one source only,
so the PAR sheet's RTP by source counts such books without playing them
(cabinet/math/par.py rtp_sources). Checked on natural rounds of every spin mode and
on shipped books, and the check itself refuses a book that breaks the claim."""
import numpy as np
import pytest

from cabinet.core import books as B
from cabinet.core.rng import Rng
from cabinet.math import par

GAMES = ("happy_money_hens", "grinning_harvest", "piggy_farm")


@pytest.mark.parametrize("game", GAMES)
def test_a_round_without_features_pays_only_from_the_plain_source(game):
    spec = B.resolve_game(game)
    assert spec.math.plain_source is not None
    plain_wins = 0
    for mode in (m.id for m in spec.modes if m.kind == "spin"):
        for seed in range(400):
            rnd = spec.play(Rng(seed), mode)
            parts = {k: v for k, v in spec.math.payout_sources(rnd).items() if v}
            assert sum(parts.values()) == rnd.payout_x100
            if not rnd.features and rnd.payout_x100:
                assert set(parts) == {spec.math.plain_source}, (mode, seed, parts)
                plain_wins += 1
    assert plain_wins > 50          # the claim was tested on real wins


@pytest.mark.parametrize("game", GAMES)
def test_the_sources_check_refuses_a_featured_book_said_to_be_plain(game):
    lib = B.load_library(game, modes=["base"])
    mb = lib.books("base")
    plain = np.flatnonzero((mb.payout_x100 != 0) & (mb.features == 0))[:3].tolist()
    assert par._source_chunk((B.game_ref(lib.spec), lib.path, "base", plain, lib.spec.math.plain_source)) == {}
    ref, plain_src = B.game_ref(lib.spec), lib.spec.math.plain_source
    for book in np.flatnonzero((mb.features != 0) & (mb.payout_x100 != 0))[:200].tolist():
        parts = lib.spec.math.payout_sources(lib.round("base", book))
        if {k for k, v in parts.items() if v} - {plain_src}:
            break
    else:
        pytest.fail("no featured book paying from another source among the first 200")
    with pytest.raises(RuntimeError, match="plain_source"):
        par._source_chunk((ref, lib.path, "base", [book], plain_src))
