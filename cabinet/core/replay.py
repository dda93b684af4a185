"""Replays for the review tools (no pygame; never with real play): a past round by
its id, or any book of a game's library, as a PlayedRound a game scene presents in
its RECALL frame (cabinet/ui: `App.present_recall`). Nothing is debited or paid.

    played, record = round_by_id(cabinet, 42)                 # from the ledger
    played = book_round(cabinet, "piggy_farm", "base", 1234)  # from a library

A bad id is a ReplayError: one line naming what is wrong and what is allowed.
"""
from __future__ import annotations

from typing import Any

from . import book_rounds
from .cabinet import Cabinet, PlayedRound
from .ledger import LedgerError, RoundRecord


class ReplayError(ValueError):
    """A round or book that cannot be replayed: one line for the user."""


def _whole(text: Any, what: str, allowed: str) -> int:
    try:
        value = int(str(text).strip())
    except ValueError:
        raise ReplayError(f"{what} {str(text)[:30]!r} is not a whole number; allowed: {allowed}") from None
    if not 0 <= value < 2**63:                  # what SQLite and the libraries can index
        raise ReplayError(f"{what} {value} is out of range; allowed: {allowed}")
    return value


def round_ids(cabinet: Cabinet) -> str:
    """What round ids there are, in words ("1 to 57", or "none: no round played yet")."""
    rounds = cabinet.history(1)
    return f"a round id from 1 to {rounds[0].id}" if rounds else "none (no round has been played yet)"


def round_by_id(cabinet: Cabinet, round_id: Any) -> tuple[PlayedRound, RoundRecord | None]:
    """The settled round with this id, regenerated from its outcome, and its ledger row."""
    if cabinet.locked:
        raise ReplayError(f"the ledger is locked ({cabinet.locked}); no round can be replayed")
    rid = _whole(round_id, "round", round_ids(cabinet))
    try:
        record = cabinet.ledger.round(rid) if cabinet.ledger is not None else None
        if record is None or record.state != "settled":
            raise KeyError(rid)
        played = cabinet.replay(rid)
    except (KeyError, LookupError):
        raise ReplayError(
            f"round {rid} is not a settled round of this cabinet; allowed: {round_ids(cabinet)}"
        ) from None
    except LedgerError as exc:
        raise ReplayError(f"round {rid} cannot be replayed: {exc}") from None
    if played.game not in cabinet.games:
        raise ReplayError(f"round {rid} is a round of {played.game}, which this cabinet no longer offers")
    return played, record


def book_round(cabinet: Cabinet, game: str, mode: str, book: Any, bet_cents: int | None = None) -> PlayedRound:
    """A book of a game's library as a round at `bet_cents` (the game's default bet),
    paid as the cabinet's limits would pay it (cabinet/core/book_rounds.py). Round id 0:
    it is not in the ledger. The game, mode and book come as typed: each is checked."""
    setup = cabinet.games.get(game)
    if setup is None:
        raise ReplayError(f"game {game!r:.40} is not offered here; allowed: {', '.join(cabinet.games) or 'none'}")
    library = setup.library
    if library is None:
        raise ReplayError(f"{setup.spec.name} plays live math (math_source: live): it has no books to replay")
    if mode not in library.modes:
        raise ReplayError(f"mode {mode!r:.40} has no library in {setup.spec.name}; allowed: {', '.join(library.modes)}")
    n = len(library.books(mode))
    allowed = f"a book number from 0 to {n - 1}"
    number = _whole(book, "book", allowed)
    if not 0 <= number < n:
        raise ReplayError(f"book {number} is not in {game}/{mode}; allowed: {allowed}")
    try:
        return book_rounds.book_round(setup, mode, number, bet_cents)
    except book_rounds.BookRoundError as exc:
        raise ReplayError(str(exc)) from None
