"""Signed book libraries: every file is checked against the books' manifest and its
arrays' exact RTP against the stated one on load. Every alteration a tester tries
(payouts, weights, force column, metadata, a flipped byte, a file swapped between
modes or between games, payouts with the manifest rewritten) is refused with one
line naming the file, for the toy game and for every shipped game; the cabinet then
refuses that game and plays the others."""
from __future__ import annotations

import dataclasses
import shutil

import pytest

from cabinet.core import books as B
from cabinet.core.cabinet import Cabinet
from cabinet.core.config import load_config
from cabinet.core.game import discover
from cabinet.math.build import build
from cabinet.math.tamper import tamper_game
from tests.toygame import GAME

TWIN = dataclasses.replace(GAME, id="toytwin", name="Toy Twin")
CASES = {"payouts x10", "weight onto the top book", "force column", "metadata", "byte flipped",
         "swapped with another mode's file", "swapped with another game's file", "payouts x10, manifest rewritten"}


@pytest.fixture(scope="module")
def toy_books(tmp_path_factory):
    one, two = tmp_path_factory.mktemp("toy"), tmp_path_factory.mktemp("twin")
    build(GAME, books=4000, out=one)
    build(TWIN, books=4000, out=two, seed=3)
    return one, two


@pytest.mark.slow
def test_every_alteration_of_a_toy_file_is_refused_naming_it(toy_books):
    one, two = toy_books
    rows = tamper_game(GAME, two, one)
    assert {r["case"] for r in rows} == CASES and len(rows) == 2 * len(CASES)
    bad = [r for r in rows if not r["refused"]]
    assert not bad, bad
    msg = {r["case"]: r["message"] for r in rows if r["file"].endswith("base.npz")}
    assert "payout_x100 differs from the manifest" in msg["payouts x10"]
    assert "weight differs" in msg["weight onto the top book"]
    assert "force differs" in msg["force column"]
    assert "metadata differs" in msg["metadata"]
    assert "RTP" in msg["payouts x10, manifest rewritten"]
    assert all("\n" not in m for m in msg.values())


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(discover()))
def test_every_alteration_of_a_shipped_file_is_refused(game_id):
    """Every case on the game's smallest and median-sized shipped files (the format is one
    for all files, which the toy test above alters one by one; `python -m cabinet.math
    tamper` runs every case on every shipped file)."""
    spec = discover()[game_id]
    where = B.default_books_dir(spec)
    if not (where / B.MANIFEST).is_file():
        pytest.skip(f"{game_id} ships no format-{B.FORMAT} library")
    others = [g for g in sorted(discover()) if g != game_id]
    sizes = sorted((where / f"{m.id}.npz").stat().st_size for m in spec.modes)
    picked = [m.id for m in spec.modes if (where / f"{m.id}.npz").stat().st_size in (sizes[0], sizes[len(sizes) // 2])][
        :2
    ]
    rows = tamper_game(game_id, B.default_books_dir(discover()[others[0]]), modes=picked)
    assert len(rows) == len(picked) * len(CASES) and len(picked) == 2
    bad = [r for r in rows if not r["refused"]]
    assert not bad, bad[:3]


@pytest.mark.slow
def test_missing_manifest_or_unlisted_file_is_refused(toy_books, tmp_path):
    import json
    shutil.copytree(toy_books[0], tmp_path / "lib")
    doc = json.loads((tmp_path / "lib" / "manifest.json").read_text())
    del doc["files"]["buy_bonus.npz"]
    (tmp_path / "lib" / "manifest.json").write_text(json.dumps(doc))
    with pytest.raises(B.LibraryError, match=r"buy_bonus\.npz: not listed"):
        B.load_library(GAME, tmp_path / "lib")
    (tmp_path / "lib" / "manifest.json").unlink()
    with pytest.raises(B.LibraryError, match="book manifest missing"):
        B.load_library(GAME, tmp_path / "lib")
    shutil.copyfile(toy_books[1] / "manifest.json", tmp_path / "lib" / "manifest.json")
    with pytest.raises(B.LibraryError, match="the manifest of 'toytwin'"):
        B.load_library(GAME, tmp_path / "lib")


def test_the_cabinet_refuses_the_altered_game_and_plays_the_other(toy_books, tmp_path):
    one, two = toy_books
    shutil.copytree(one, tmp_path / "bad")
    path = tmp_path / "bad" / "buy_bonus.npz"
    raw = bytearray(path.read_bytes())
    raw[len(raw) // 2] ^= 1
    path.write_bytes(bytes(raw))
    (tmp_path / "config.yaml").write_text("data_dir: .\nmath_source: books\ndemo_credit: '100.00'\n")
    games = {"toygame": dataclasses.replace(GAME, books_dir=str(tmp_path / "bad")),
             "toytwin": dataclasses.replace(TWIN, books_dir=str(two))}
    cab = Cabinet(load_config(tmp_path / "config.yaml"), games=games, seed=1)
    assert "toygame" not in cab.games and "buy_bonus.npz" in cab.refused["toygame"]
    assert "\n" not in cab.refused["toygame"]
    played = cab.start_round("toytwin", "base", 100)
    assert played.cost_cents == 100


@pytest.mark.slow
def test_a_consistent_rewrite_loads_but_program_verification_names_it():
    """Weight moved between two books of one payout (the exact RTP kept) and the books'
    manifest rewritten to match: loading cannot tell, `python main.py --verify` can:
    the books' manifest differs from manifest.sha256."""
    from cabinet.core import program
    from cabinet.math.tamper import rtp_kept_is_caught_by_verify
    if program.read_manifest() is None or not (B.default_books_dir(discover()["piggy_farm"]) / B.MANIFEST).is_file():
        pytest.skip("no program manifest or no shipped library")
    res = rtp_kept_is_caught_by_verify("piggy_farm")
    assert res["loads"]
    assert any(line.startswith("games/piggy_farm/books/manifest.json: sha256") for line in res["verify"]), res
