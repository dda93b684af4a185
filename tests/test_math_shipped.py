"""Every library shipped under games/<id>/books/: it loads (fingerprint matches the
math), each mode's RTP is its stated figure within 1e-6, no book exceeds the cap, a
random sample of books regenerates to the stored payouts and features, base-game modes
hold >= 100,000 books and buys >= 10,000, and the game's libraries take < 10 MB."""
from __future__ import annotations

from fractions import Fraction

import pytest

from cabinet.core.game import discover
from cabinet.core import books as B
from cabinet.math.verify import verify_library

GAMES = discover()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_shipped_library_is_exact_and_regenerates(game_id):
    spec = GAMES[game_id]
    where = B.default_books_dir(spec)
    if not any(where.glob("*.npz")):
        pytest.skip(f"{game_id} ships no book library yet ({where})")
    report = verify_library(spec, sample=40, workers=1, seed=11)
    for mode, m in report["modes"].items():
        assert m["rtp_ok"], (mode, m["rtp"], spec.rtp[mode])
        assert m["cap_ok"], mode
        assert not m["mismatches"], (mode, m["mismatches"][:3])
    lib = B.load_library(spec)
    rtps = [lib.books(m.id).rtp() for m in spec.modes]
    for mode, rtp in zip(spec.modes, rtps):
        assert abs(rtp - B.rtp_fraction(spec.rtp[mode.id])) <= Fraction(1, 10**6)
    assert len(lib.modes) == len(spec.modes)
    for mode in spec.modes:
        # Base-game (spin) modes: >= 100,000 books; buys and bonus-only libraries: >= 10,000.
        assert len(lib.books(mode.id)) >= (100_000 if mode.kind == "spin" else 10_000), mode.id
    assert sum(p.stat().st_size for p in where.glob("*.npz")) < 10 * 2**20
