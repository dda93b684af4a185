"""Book libraries of the toy game: build, exact RTP, identical bytes for any worker
count, refusal of corrupt or mismatched files, unbiased draws, faithful replay."""
from __future__ import annotations

import dataclasses
import shutil
from fractions import Fraction

import numpy as np
import pytest
from scipy.stats import chisquare

from cabinet.core.rng import Rng
from cabinet.core import books as B
from cabinet.math.build import BuildError, build
from tests.toygame import GAME, rules

TOY = "tests.toygame"


@pytest.fixture(scope="module")
def lib_dirs(tmp_path_factory):
    """The same library built with 1 and with 2 workers (20,000 natural books a mode)."""
    one = tmp_path_factory.mktemp("books1")
    two = tmp_path_factory.mktemp("books2")
    build(TOY, books=20_000, workers=1, out=one)
    build(TOY, books=20_000, workers=2, out=two)
    return one, two


@pytest.fixture(scope="module")
def lib(lib_dirs):
    return B.load_library(GAME, lib_dirs[0])


@pytest.mark.slow
def test_every_mode_within_1e6_of_its_stated_rtp(lib):
    for mode in GAME.modes:
        rtp = lib.books(mode.id).rtp()
        assert abs(rtp - Fraction(str(GAME.rtp[mode.id]))) < Fraction(1, 10**6), (mode.id, float(rtp))


@pytest.mark.slow
def test_same_bytes_with_one_and_two_workers(lib_dirs):
    one, two = lib_dirs
    for mode in GAME.modes:
        assert (one / f"{mode.id}.npz").read_bytes() == (two / f"{mode.id}.npz").read_bytes()


def test_forced_category_keeps_its_target_frequency(lib):
    mb = lib.books("base")
    bit = np.uint64(lib.feature_bit("base", "jackpot"))
    in_cat = (mb.features & bit) != 0
    share = Fraction(sum(mb.weight[in_cat].tolist()), sum(mb.weight.tolist()))
    assert abs(float(share) - rules.JACKPOT_RATE) < 1e-12
    assert (mb.force == 0).sum() == 200          # 1% of 20,000 forced books
    assert (mb.payout_x100[mb.force == 0] >= 100_000).all()


def test_base_mode_default_size_is_300k_and_buy_10k():
    from cabinet.math.build import default_books
    assert default_books(GAME, "base") == 300_000
    assert default_books(GAME, "buy_bonus") == 10_000


def test_fingerprint_mismatch_is_refused_with_the_file_named(lib_dirs):
    changed = dataclasses.replace(GAME, version="toy-2")
    with pytest.raises(B.LibraryError, match=r"base\.npz: built from other math"):
        B.load_library(changed, lib_dirs[0])


def test_corrupt_and_missing_files_are_refused(lib_dirs, tmp_path):
    shutil.copytree(lib_dirs[0], tmp_path / "lib")
    path = tmp_path / "lib" / "buy_bonus.npz"
    data = bytearray(path.read_bytes())
    data[len(data) // 2: len(data) // 2 + 64] = bytes(64)
    path.write_bytes(bytes(data))
    with pytest.raises(B.LibraryError, match=r"buy_bonus\.npz: corrupt book library"):
        B.load_library(GAME, tmp_path / "lib")
    path.write_bytes(b"not a zip at all")
    with pytest.raises(B.LibraryError, match="corrupt"):
        B.load_library(GAME, tmp_path / "lib")
    path.unlink()
    with pytest.raises(B.LibraryError, match=r"buy_bonus\.npz: book library missing"):
        B.load_library(GAME, tmp_path / "lib")


def test_draw_is_unbiased_against_the_weights(lib):
    """Chi-square of 60,000 draws grouped by payout against the weight shares."""
    mb = lib.books("buy_bonus")
    values, group = np.unique(mb.payout_x100, return_inverse=True)
    expected_share = np.bincount(group, weights=mb.weight.astype(float)) / float(mb.weight.sum())
    rng = Rng(2024)
    n = 60_000
    drawn = np.bincount(group[[lib.draw(rng, "buy_bonus") for _ in range(n)]], minlength=len(values))
    keep = expected_share * n >= 5
    obs = np.append(drawn[keep], drawn[~keep].sum())
    exp = np.append(expected_share[keep] * n, expected_share[~keep].sum() * n)
    assert chisquare(obs, exp).pvalue > 1e-3


def test_draw_in_a_category_stays_in_it_and_follows_weights(lib):
    rng = Rng(7)
    picks = [lib.draw(rng, "base", "jackpot") for _ in range(3000)]
    assert all("jackpot" in lib.features("base", b) for b in picks)
    mb = lib.books("base")
    forced = np.flatnonzero(mb.force == 0)
    share = np.isin(picks, forced).mean()
    want = mb.weight[forced].sum() / mb.weight[(mb.features & np.uint64(2)) != 0].sum()
    assert abs(share - want) < 0.03


def test_regenerated_books_pay_what_the_library_says(lib):
    rng = np.random.default_rng(5)
    for mode in GAME.modes:
        mb = lib.books(mode.id)
        for book in rng.choice(len(mb), 300, replace=False):
            r = lib.round(mode.id, int(book))
            assert r.payout_x100 == lib.payout_x100(mode.id, int(book))
            assert set(r.features) == set(lib.features(mode.id, int(book)))


def test_book_above_the_cap_is_a_build_error(tmp_path):
    low_cap = dataclasses.replace(GAME, max_win_x=500)
    with pytest.raises(BuildError, match="above the cap of 500.00x"):
        build(low_cap, modes=["base"], books=2000, out=tmp_path)


def test_unreachable_rtp_is_a_build_error(tmp_path):
    greedy = dataclasses.replace(GAME, rtp={**GAME.rtp, "buy_bonus": 20.0})   # 400x > 5 coins of 50x
    with pytest.raises(BuildError, match="out of reach"):
        build(greedy, modes=["buy_bonus"], books=2000, out=tmp_path)


@pytest.mark.slow
def test_a_games_batch_fast_path_gives_the_same_library(tmp_path):
    def play_batch(seeds, mode, force):
        rounds = [rules.play(Rng.for_book(int(s)), mode, force) for s in seeds]
        return [r.payout_x100 for r in rounds], [r.features for r in rounds]

    fast = dataclasses.replace(GAME, math=dataclasses.replace(GAME.math, play_batch=play_batch))
    build(GAME, modes=["base"], books=3000, out=tmp_path / "plain")
    build(fast, modes=["base"], books=3000, out=tmp_path / "fast")
    assert (tmp_path / "plain" / "base.npz").read_bytes() == (tmp_path / "fast" / "base.npz").read_bytes()


def test_forced_books_store_hints_that_replay_only_their_kept_attempts(lib, monkeypatch):
    from cabinet.core import forcing
    mb = lib.books("base")
    top = mb.meta["categories"].index("top_coin")
    forced = np.flatnonzero(mb.force == top)
    assert len(forced) == 50 and (mb.hint_count[forced] == 2).all()       # a board search, a coin search
    assert not mb.hint_count[mb.force != top].any()                          # natural and jackpot books: none
    made = []
    real = forcing._sub
    monkeypatch.setattr(forcing, "_sub", lambda key, k, trace: made.append(k) or real(key, k, trace))
    for book in forced[:10].tolist():
        made.clear()
        r = lib.round("base", book)
        assert made == mb.book_hints(book) and "top_coin" in r.features
        assert r.payout_x100 == lib.payout_x100("base", book)


def test_seeds_are_derived_not_stored(lib):
    from cabinet.math.build import book_seeds
    mb = lib.books("base")
    assert "seed" not in B.ARRAYS
    first_forced = int(np.flatnonzero(mb.force == 0)[0])
    assert mb.seed(5) == int(book_seeds(mb.meta["seeds"]["seed"], "base", -1, 5, 1)[0])
    assert mb.seed(first_forced + 3) == int(book_seeds(mb.meta["seeds"]["seed"], "base", 0, 3, 1)[0])
    assert (mb.seeds(0, 1500) == book_seeds(mb.meta["seeds"]["seed"], "base", -1, 0, 1500)).all()


@pytest.mark.slow
def test_same_bytes_on_a_dask_local_cluster(lib_dirs, tmp_path):
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                                  dashboard_address=None) as cluster:
        build(TOY, books=20_000, out=tmp_path, scheduler=cluster.scheduler_address)
    for name in ("base.npz", "buy_bonus.npz", "manifest.json"):
        assert (tmp_path / name).read_bytes() == (lib_dirs[0] / name).read_bytes(), name


@pytest.mark.slow
def test_a_library_that_fails_verification_is_not_installed(lib_dirs, tmp_path, monkeypatch):
    """Build into an installed library; the new one fails `verify` (a round generator
    that no longer replays its books): the installed files stay byte for byte."""
    import cabinet.math.verify as V
    shutil.copytree(lib_dirs[0], tmp_path / "lib")
    before = {p.name: p.read_bytes() for p in (tmp_path / "lib").iterdir()}
    real = V._check_chunk
    monkeypatch.setattr(V, "_check_chunk", lambda task: real(task) + [{"book": 0, "engine": "test",
                                                                        "library": [], "regenerated": []}])
    with pytest.raises(BuildError, match="fails verification in base, buy_bonus; it is left in"):
        build(TOY, books=3000, out=tmp_path / "lib", seed=9)
    assert {p.name: p.read_bytes() for p in (tmp_path / "lib").iterdir()} == before
    monkeypatch.setattr(V, "_check_chunk", real)
    build(TOY, books=3000, out=tmp_path / "lib", seed=9, modes=["buy_bonus"])
    after = {p.name: p.read_bytes() for p in (tmp_path / "lib").iterdir()}
    assert after["base.npz"] == before["base.npz"] and after["buy_bonus.npz"] != before["buy_bonus.npz"]
    B.load_library(GAME, tmp_path / "lib")           # the kept base file and the new one, one manifest


def test_warm_regenerates_the_first_book_of_every_stratum_once(lib_dirs, monkeypatch):
    """Library.warm (the game scene calls it on opening): one book per stratum of each
    mode asked for (natural and every forced category), the first of it; nothing again."""
    fresh = B.load_library(GAME, lib_dirs[0])
    made: list[tuple[str, int]] = []
    real = B.Library.regenerate
    monkeypatch.setattr(B.Library, "regenerate",
                        lambda self, mode, book: made.append((mode, book)) or real(self, mode, book))
    mb = fresh.books("base")
    strata = [-1] + list(range(len(mb.meta["categories"])))      # natural, then each forced category
    assert fresh.warm(["base"]) == len(strata) >= 2
    assert made == [("base", int(np.flatnonzero(mb.force == f)[0])) for f in strata]
    assert fresh.warm(["base"]) == 0
    others = [m.id for m in GAME.modes if m.id != "base"]
    assert fresh.warm() == sum(len(np.unique(fresh.books(m).force)) for m in others)
    assert fresh.warm(["no_such_mode"]) == 0


def test_seeds_of_many_books_are_each_books_own_seed(lib):
    """ModeBooks.seeds_of (verify's seeds, a seed block generated once) gives every book
    the seed `seed` gives it: unsorted, repeated, across blocks and strata."""
    mb = lib.books("base")
    rng = np.random.default_rng(3)
    ids = np.concatenate([rng.choice(len(mb), 400), [0, 999, 1000, len(mb) - 1, 5, 5],
                          np.flatnonzero(mb.force >= 0)[:7]])
    assert mb.seeds_of(ids).tolist() == [mb.seed(int(b)) for b in ids]
    assert len(mb.seeds_of(np.zeros(0, dtype=np.int64))) == 0


def test_verify_batch_check_marks_exactly_the_books_that_differ(lib):
    """verify's vectorised check of play_batch's results: a changed payout, jackpot,
    missing or extra feature, a name the library does not list or one listed twice is
    marked; books as stored are not."""
    from cabinet.math.verify import _batch_differs
    mb = lib.books("base")
    ids = np.arange(100, 140)
    pays = mb.payout_x100[ids].copy()
    names = mb.meta["feature_names"]
    feats = [[n for i, n in enumerate(names) if int(mb.features[b]) >> i & 1] for b in ids.tolist()]
    jps = np.zeros(len(ids), dtype=np.int64) if mb.jackpot_x100 is None else mb.jackpot_x100[ids].copy()
    assert _batch_differs(mb, ids, pays, feats, jps).tolist() == []
    pays[3] += 1
    jps[7] += 5
    feats[11] = feats[11] + [names[0]] if names[0] not in feats[11] else feats[11][1:]
    feats[19] = feats[19] + ["no such feature"]
    feats[23] = feats[23] + feats[23][:1] if feats[23] else [names[0], names[0]]
    assert _batch_differs(mb, ids, pays, feats, jps).tolist() == [3, 7, 11, 19, 23]
