"""Book replay digests: the shipped books replay, draw for draw, the rounds they were
built with.

tests/data/book_replay_digests.json holds, for every game and every bet mode, about
20 books spread over every stratum (evenly over the natural books, with the best
paying one, and two books of each forced category): the book's seed, force and
hints as the library stores them, and the sha256 of the canonical JSON (sorted keys,
no spaces) of the Round the rules regenerate from them: mode, payout, features,
cap, jackpot part and every event. The file was first written from the rounds numpy's
own `Generator` drew when the libraries were built; replaying it proves that the
project's draws (cabinet/core/rng_stream.py, docs/random.md) give the very same
rounds, whatever numpy's Generator does in a later release. Records written again
after a deliberate library change (Happy Money Hens' buy_triple, 2026-12-07: its
strata reordered) come from the project's own draws, which tests/core/test_rng_stream.py
checks against numpy's Generator draw for draw.

- `test_books_replay_their_recorded_rounds`: the stored seed, force and hints replay
  to the stored digest (needs no library: it holds even while a library is being
  rebuilt);
- `test_the_shipped_libraries_hold_the_recorded_books`: the shipped library (loaded
  and checked as the cabinet loads it) still has those seeds, forces, hints and
  payouts, and `Library.regenerate` gives the digest.

Write the file again (only after a deliberate change of the rules or of a library,
never to make a failing replay pass):

    python -m tests.test_book_replay --write
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from cabinet.core import books as B
from cabinet.core.mode_books import ModeBooks
from cabinet.core.game import discover
from cabinet.core.rng import Rng
from cabinet.core.round import Round

DIGESTS = Path(__file__).parent / "data" / "book_replay_digests.json"
PER_MODE = 20               # books per mode, about
PER_FORCED = 2              # books per forced category


def round_digest(rnd: Round) -> str:
    """sha256 of the Round's canonical JSON (sorted keys, no spaces)."""
    doc = {"mode": rnd.mode, "payout_x100": rnd.payout_x100, "features": list(rnd.features),
           "capped": rnd.capped, "jackpot_x100": rnd.jackpot_x100, "events": rnd.events}
    return hashlib.sha256(json.dumps(doc, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def replay(spec, mode: str, seed: int, force: str | None, hints: list[int]) -> Round:
    """The round the rules play from a book's seed, force and hints (Library.regenerate's
    path, without a library)."""
    rng = Rng.for_book(seed, hints)
    rnd = spec.play(rng, mode, force)
    if rng.trace is not None:
        rng.trace.finish()
    return rnd


def chosen_books(mb: ModeBooks) -> list[int]:
    """About PER_MODE books of one mode: PER_FORCED of each forced category (its first
    and its last), the rest spread evenly over the natural books, with the natural
    book paying most."""
    strata = np.unique(mb.force).tolist()
    picked: set[int] = set()
    for f in strata:
        idx = np.flatnonzero(mb.force == f)
        if f >= 0:
            picked.update(idx[np.linspace(0, len(idx) - 1, PER_FORCED).round().astype(int)].tolist())
    natural = np.flatnonzero(mb.force < 0)
    if len(natural):
        left = max(PER_MODE - len(picked) - 1, 4)
        picked.update(natural[np.linspace(0, len(natural) - 1, left).round().astype(int)].tolist())
        picked.add(int(natural[np.argmax(mb.payout_x100[natural])]))
    return sorted(picked)


def make_digests() -> dict[str, Any]:
    """The records of every game's shipped libraries (loaded as the cabinet loads them)."""
    out: dict[str, Any] = {"numpy": np.__version__, "books": []}
    for gid, spec in discover().items():
        lib = B.load_library(spec)
        for mode, mb in lib.modes.items():
            for book in chosen_books(mb):
                force, hints = lib.force(mode, book), mb.book_hints(book)
                rnd = lib.regenerate(mode, book)
                assert rnd.payout_x100 == int(mb.payout_x100[book]), (gid, mode, book)
                out["books"].append({"game": gid, "mode": mode, "book": book, "seed": mb.seed(book),
                                     "force": force, "hints": hints, "payout_x100": rnd.payout_x100,
                                     "sha256": round_digest(rnd)})
    return out


def _records() -> list[dict[str, Any]]:
    return json.loads(DIGESTS.read_text())["books"]


def _by_mode() -> dict[tuple[str, str], list[dict[str, Any]]]:
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for r in _records():
        groups.setdefault((r["game"], r["mode"]), []).append(r)
    return groups


GROUPS = _by_mode() if DIGESTS.exists() else {}


def test_the_records_cover_every_mode_of_every_game_and_every_stratum():
    games = discover()
    assert {(gid, m.id) for gid, spec in games.items() for m in spec.modes} == set(GROUPS)
    for (gid, mode), recs in GROUPS.items():
        assert len(recs) >= 10, (gid, mode)
        assert len({r["book"] for r in recs}) == len(recs)
    assert sum(bool(r["hints"]) for r in _records()) >= 20         # forced searches replayed from hints


@pytest.mark.parametrize("game,mode", sorted(GROUPS), ids=[f"{g}-{m}" for g, m in sorted(GROUPS)])
def test_books_replay_their_recorded_rounds(game, mode):
    spec = discover()[game]
    for r in GROUPS[(game, mode)]:
        rnd = replay(spec, mode, r["seed"], r["force"], r["hints"])
        assert (rnd.payout_x100, round_digest(rnd)) == (r["payout_x100"], r["sha256"]), (game, mode, r["book"])


@pytest.mark.parametrize("game", sorted({g for g, _ in GROUPS}))
def test_the_shipped_libraries_hold_the_recorded_books(game):
    lib = B.load_library(game)
    for (gid, mode), recs in GROUPS.items():
        if gid != game:
            continue
        mb = lib.books(mode)
        categories = set(mb.meta["categories"])
        assert {r["force"] for r in recs if r["force"]} == categories, (game, mode)   # every forced stratum
        for r in recs:
            b = r["book"]
            assert (mb.seed(b), lib.force(mode, b), mb.book_hints(b), int(mb.payout_x100[b])) == \
                (r["seed"], r["force"], r["hints"], r["payout_x100"]), (game, mode, b)
        for r in recs[::5]:                 # Library.regenerate itself (the others replayed above)
            assert round_digest(lib.regenerate(mode, r["book"])) == r["sha256"], (game, mode, r["book"])


def test_a_different_round_changes_the_digest():
    spec = discover()["grinning_harvest"]
    r = next(r for r in _records() if r["game"] == "grinning_harvest" and r["force"] is None)
    rnd = replay(spec, r["mode"], r["seed"], None, [])
    assert round_digest(rnd) == r["sha256"]
    assert round_digest(replay(spec, r["mode"], r["seed"] + 1, None, [])) != r["sha256"]
    rnd.events = rnd.events[:-1]
    assert round_digest(rnd) != r["sha256"]


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python -m tests.test_book_replay --write   (rewrites " + str(DIGESTS) + ")")
    doc = make_digests()
    DIGESTS.parent.mkdir(exist_ok=True)
    DIGESTS.write_text(json.dumps(doc, indent=1) + "\n")
    print(f"{len(doc['books'])} books of {len({(b['game'], b['mode']) for b in doc['books']})} modes -> {DIGESTS}")
