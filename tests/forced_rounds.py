"""Forced rounds for tests that need one of every category: the shipped library's
book of that category regenerated, as the cabinet plays a forced round (a live search
of a rare stratum, e.g. Piggy Farm's huge win of a buy at about 1 round in 5.8 million,
would cost minutes; the library's books carry their kept attempts). A game without a
library (the toy) or a category the library does not hold is searched live."""
from __future__ import annotations

from cabinet.core.book_format import LibraryError
from cabinet.core.books import Library, load_library
from cabinet.core.game import GameSpec
from cabinet.core.rng import Rng
from cabinet.core.round import Round


_LIBRARIES: dict[str, Library | None] = {}


def _library(spec: GameSpec) -> Library | None:
    if spec.id not in _LIBRARIES:
        try:
            _LIBRARIES[spec.id] = load_library(spec)
        except LibraryError:
            _LIBRARIES[spec.id] = None
    return _LIBRARIES[spec.id]


def forced_round(spec: GameSpec, mode: str, category: str, seed: int) -> Round:
    """A round of `mode` forced to `category`: the library's `seed`-th book of that
    category (wrapping), else `spec.play` searching live from `Rng(seed)`."""
    lib = _library(spec)
    if lib is not None and mode in lib.modes:
        mb = lib.books(mode)
        names = mb.meta["categories"]
        if category in names:
            ids = (mb.force == names.index(category)).nonzero()[0]
            if len(ids):
                return lib.round(mode, int(ids[seed % len(ids)]))
    return spec.play(Rng(seed), mode, category)
