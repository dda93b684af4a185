"""Stored rounds (book_format: stored_book / stored_end / stored_rounds): the forced
books of the strata a game lists in `spec.math.stored_rounds` keep their whole Round, so
showing one is a decode, not a re-run of its forced draw; they must be the rounds the
rules play from the books' seeds, and anything else about them is refused by name."""
from __future__ import annotations

import dataclasses
import io
import json
import shutil
import zlib

import numpy as np
import pytest

from cabinet.core import books as B
from cabinet.core.book_format import pack_round, unpack_round
from cabinet.math.books import mode_file_bytes
from cabinet.math.build import BuildError, build
from cabinet.math.verify import verify_library
from tests.toygame import GAME

STORED_REF = "tests.toygame_stored"          # importable by name for the math tools
STORED = B.resolve_game(STORED_REF)


@pytest.fixture(scope="module")
def stored_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("stored")
    build(STORED, books=4000, out=out)
    return out


def _rewrite(path, change) -> None:
    """Rewrite a mode file with `change(data, meta)` applied, and its manifest entry
    with it (a consistent rewrite: only the content checks can tell)."""
    with np.load(io.BytesIO(path.read_bytes()), allow_pickle=False) as z:
        data = {k: z[k] for k in z.files}
    meta = json.loads(bytes(data.pop("meta")).decode())
    change(data, meta)
    raw, entry = mode_file_bytes(data, meta)
    path.write_bytes(raw)
    man = path.parent / B.MANIFEST
    doc = json.loads(man.read_text())
    doc["files"][path.name] = entry
    man.write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n")


def _copy(stored_dir, tmp_path):
    shutil.copytree(stored_dir, tmp_path / "lib")
    return tmp_path / "lib"


def _replace_round(data, k: int, rnd) -> None:
    """Put `rnd` in place of the k-th stored round."""
    end = data["stored_end"]
    start = int(end[k - 1]) if k else 0
    blob = data["stored_rounds"].tobytes()
    new = pack_round(rnd)
    data["stored_rounds"] = np.frombuffer(blob[:start] + new + blob[int(end[k]):], dtype=np.uint8)
    data["stored_end"] = np.concatenate([end[:k], end[k:] + len(new) - (int(end[k]) - start)])


@pytest.mark.slow
def test_the_listed_stratum_keeps_every_round_and_no_other_book_does(stored_dir):
    lib = B.load_library(STORED, stored_dir)
    mb = lib.books("base")
    top = mb.meta["categories"].index("top_coin")
    assert mb.stored_book.tolist() == np.flatnonzero(mb.force == top).tolist() and len(mb.stored_book) == 50
    assert lib.books("buy_bonus").stored_book is None


def test_a_stored_round_is_the_rules_round_and_is_shown_without_playing(stored_dir, monkeypatch):
    lib = B.load_library(STORED, stored_dir)
    mb = lib.books("base")
    regenerated = {b: lib.regenerate("base", b).to_json() for b in mb.stored_book.tolist()}
    monkeypatch.setattr(B.Library, "regenerate", lambda *a: pytest.fail("a stored book was regenerated"))
    for book, want in regenerated.items():
        rnd = lib.round("base", book)
        assert rnd.to_json() == want and "top_coin" in rnd.features
        assert rnd.payout_x100 == lib.payout_x100("base", book)


@pytest.mark.slow
def test_the_same_bytes_as_a_library_without_stored_rounds_but_for_them(stored_dir, tmp_path):
    build(GAME, books=4000, out=tmp_path)
    with np.load(stored_dir / "base.npz") as a, np.load(tmp_path / "base.npz") as b:
        assert set(a.files) - set(b.files) == {"stored_book", "stored_end", "stored_rounds"}
        assert all(np.array_equal(a[k], b[k]) for k in b.files if k != "meta")


def test_a_consistently_altered_stored_round_loads_but_verify_and_warm_refuse_it(stored_dir, tmp_path):
    """A stored round whose events were changed (the payout kept), the manifest
    rewritten to match: the library loads, `verify` names the book, and opening the
    game (Library.warm) refuses it when it is the stratum's first."""
    lib_dir = _copy(stored_dir, tmp_path)
    lib = B.load_library(STORED, lib_dir)
    first = int(lib.books("base").stored_book[0])
    rnd = lib.round("base", first)
    rnd.events.insert(0, {"type": "reel_stop", "reel": 0, "stop": 0, "symbols": ["A", "A", "A"]})
    _rewrite(lib_dir / "base.npz", lambda data, meta: _replace_round(data, 0, rnd))
    altered = B.load_library(STORED, lib_dir)
    assert altered.round("base", first).events[0]["symbols"] == ["A", "A", "A"]
    report = verify_library(STORED, lib_dir, sample=50)
    bad = report["modes"]["base"]["mismatches"]
    assert not report["ok"] and [m["book"] for m in bad] == [first]
    assert "stored round differs" in bad[0]["regenerated"][1]
    with pytest.raises(B.LibraryError, match=f"base book {first}: the stored round is not the one the rules play"):
        altered.warm(["base"])


def test_a_stored_round_of_another_payout_or_undecodable_is_refused_naming_the_book(stored_dir, tmp_path):
    lib_dir = _copy(stored_dir, tmp_path)
    lib = B.load_library(STORED, lib_dir)
    mb = lib.books("base")
    a = int(mb.stored_book[0])
    b = next(int(x) for x in mb.stored_book if lib.payout_x100("base", int(x)) != lib.payout_x100("base", a))
    _rewrite(lib_dir / "base.npz", lambda data, meta: _replace_round(data, 0, lib.round("base", b)))
    with pytest.raises(B.LibraryError, match=f"base book {a}: the stored round .* is not the book's"):
        B.load_library(STORED, lib_dir).round("base", a)

    def garble(data, meta):
        end = data["stored_end"]
        blob = bytearray(data["stored_rounds"].tobytes())
        blob[: int(end[0])] = b"\x00" * int(end[0])
        data["stored_rounds"] = np.frombuffer(bytes(blob), dtype=np.uint8)
    _rewrite(lib_dir / "base.npz", garble)
    with pytest.raises(B.LibraryError, match=f"base book {a}: stored round unreadable: not a stored round"):
        B.load_library(STORED, lib_dir).round("base", a)


@pytest.mark.parametrize("case, change, message", [
    ("one array missing", lambda d, m: d.pop("stored_end"), "stored rounds need all of"),
    ("ends past the bytes", lambda d, m: d.update(stored_end=d["stored_end"] + 1), "ends do not match their bytes"),
    ("a natural book", lambda d, m: d.update(stored_book=np.concatenate([[0], d["stored_book"][1:]])),
     "not forced books in increasing order"),
    ("out of order", lambda d, m: d.update(stored_book=d["stored_book"][::-1].copy()),
     "not forced books in increasing order"),
    ("a round of no bytes", lambda d, m: d.update(stored_end=np.concatenate([[0], d["stored_end"][1:]])),
     "a stored round of no bytes"),
])
def test_inconsistent_stored_round_arrays_are_refused_at_load(stored_dir, tmp_path, case, change, message):
    lib_dir = _copy(stored_dir, tmp_path)
    _rewrite(lib_dir / "base.npz", change)
    with pytest.raises(B.LibraryError, match=message) as err:
        B.load_library(STORED, lib_dir)
    assert "base.npz" in str(err.value) and "\n" not in str(err.value)


@pytest.mark.parametrize("stored, message", [
    ({"base": ("top_coin", "nope")}, "stored_rounds lists base/nope, not a forced category of that mode"),
    ({"nope": ("top_coin",)}, "stored_rounds names mode 'nope', which is not a mode of the game"),
    ({"base": "top_coin"}, "stored_rounds\\['base'\\] must be a tuple of distinct category names"),
    ({"base": ("top_coin", "top_coin")}, "must be a tuple of distinct category names"),
])
def test_a_stored_stratum_that_is_not_a_category_is_a_build_error(tmp_path, stored, message):
    with pytest.raises(BuildError, match=message):
        storing = dataclasses.replace(GAME, math=dataclasses.replace(GAME.math, stored_rounds=stored))
        build(storing, books=1000, out=tmp_path)


@pytest.mark.slow
def test_a_stored_round_of_a_stratum_the_game_does_not_store_is_refused_at_load(stored_dir, tmp_path):
    """The library names which books keep their rounds, and the game which strata
    may: a library storing the jackpot stratum's rounds too is refused."""
    lib_dir = _copy(stored_dir, tmp_path)
    lib = B.load_library(STORED, lib_dir)
    mb = lib.books("base")
    jackpot = int(np.flatnonzero(mb.force == mb.meta["categories"].index("jackpot"))[0])
    packed = pack_round(lib.regenerate("base", jackpot))

    def add(data, meta):
        at = int(np.searchsorted(data["stored_book"], jackpot))
        blob, end = data["stored_rounds"].tobytes(), data["stored_end"]
        cut = int(end[at - 1]) if at else 0
        data["stored_rounds"] = np.frombuffer(blob[:cut] + packed + blob[cut:], dtype=np.uint8)
        data["stored_end"] = np.concatenate([end[:at], [cut + len(packed)], end[at:] + len(packed)])
        data["stored_book"] = np.insert(data["stored_book"], at, jackpot)
    _rewrite(lib_dir / "base.npz", add)
    with pytest.raises(B.LibraryError, match="stored rounds of a stratum the game does not store"):
        B.load_library(STORED, lib_dir)


def test_show_regenerates_and_names_a_stored_round_that_is_not_the_rules(stored_dir, tmp_path, capsys):
    from cabinet.math.cli import main
    lib_dir = _copy(stored_dir, tmp_path)
    lib = B.load_library(STORED, lib_dir)
    book = int(lib.books("base").stored_book[1])
    assert main(["show", STORED_REF, "--mode", "base", "--book", str(book), "--books-dir", str(lib_dir)]) == 0
    assert "the round the library stores for this book: the same" in capsys.readouterr().out
    rnd = lib.round("base", book)
    rnd.events[0]["stop"] = 99
    _rewrite(lib_dir / "base.npz", lambda data, meta: _replace_round(data, 1, rnd))
    assert main(["show", STORED_REF, "--mode", "base", "--book", str(book), "--books-dir", str(lib_dir)]) == 1
    out, err = capsys.readouterr()
    assert '"stop":99' not in out and "stores for this book: DIFFERENT" in out and "is not the rules' round" in err


def test_a_stored_round_with_other_features_or_extra_bytes_is_refused(stored_dir, tmp_path):
    lib_dir = _copy(stored_dir, tmp_path)
    lib = B.load_library(STORED, lib_dir)
    first = int(lib.books("base").stored_book[0])
    rnd = lib.round("base", first)
    rnd.features = rnd.features + ("jackpot",)
    _rewrite(lib_dir / "base.npz", lambda data, meta: _replace_round(data, 0, rnd))
    with pytest.raises(B.LibraryError, match=f"base book {first}: the stored round's features .* are not the book's"):
        B.load_library(STORED, lib_dir).round("base", first)
    good = pack_round(lib.regenerate("base", first))
    for junk in (good + b"GARBAGE", zlib.compress(lib.regenerate("base", first).to_json().encode(), 1)):
        assert junk != good
        with pytest.raises(ValueError, match="not what pack_round writes for it|Error"):
            unpack_round(junk)


@pytest.mark.parametrize("data, message", [
    (b"not zlib", "not a stored round \\(error"),
    (zlib.compress(b" " * (17 * 2**20)), "more than 16777216 bytes"),
    (zlib.compress(b"{}")[:-3], "cut short"),
    (zlib.compress(b"[" * 200_000 + b"]" * 200_000), "RecursionError"),
    (zlib.compress(json.dumps({"mode": "base", "payout_x100": 5, "features": [], "capped": False,
                               "jackpot_x100": 0, "events": [], "evil": 1}).encode()), "a round is a JSON object of"),
    (zlib.compress(b"[1, 2]"), "a round is a JSON object"),
    (zlib.compress(b"{\"mode\": \"base\"}"), "a round is a JSON object of mode, payout_x100"),
    (zlib.compress(json.dumps({"mode": "base", "payout_x100": True, "features": [], "capped": False,
                               "jackpot_x100": 0, "events": []}).encode()), "'payout_x100' must be a JSON int"),
    (zlib.compress(json.dumps({"mode": "base", "payout_x100": 5, "features": [], "capped": False,
                               "jackpot_x100": 9, "events": []}).encode()), "jackpot_x100 must lie between"),
    (zlib.compress(json.dumps({"mode": "base", "payout_x100": 5, "features": [], "capped": False,
                               "jackpot_x100": 0, "events": [{"no": "type"}]}).encode()), "objects with a 'type'"),
])
def test_bytes_that_are_not_a_round_are_named(data, message):
    with pytest.raises(ValueError, match=message):
        unpack_round(data)
