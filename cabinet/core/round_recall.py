"""A recorded round becoming a Round again (the Cabinet's recovery after a crash, the
re-shown result a stop cut short, a recall): `regenerated` is the one place a ledger row is
regenerated, and a round that now pays otherwise than recorded locks its game
(`ShownMismatch`).
"""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any, Callable, Protocol

from .game_setup import GameSetup
from .i18n import N_, Message, formats
from .ledger import RESULT_SHOWN, Ledger, LedgerError, RoundRecord
from . import round_commit
from .round_commit import PlayedRound, outcome_name


class ShownMismatch(LookupError):
    """A recorded round whose regenerated events pay otherwise than its ledger row
    (its game's library changed since): the game is locked; the message names it."""


class RecallHost(Protocol):
    """What the recall reads of the cabinet (cabinet/core/cabinet.py's Cabinet)."""
    games: dict[str, GameSetup]
    locked: str | None
    _recovered: set[int]                # open rounds whose recovery is logged

    def _call(self, fn: Callable[[Ledger], Any], default: Any = ..., in_order: bool = True) -> Any: ...

    def lock_game(self, game_id: str, reason: str) -> None: ...


def regenerated(cab: RecallHost, rec: RoundRecord) -> PlayedRound:
    """The one place a stored round becomes a Round again: a game, mode, book or
    seed this cabinet cannot regenerate is a LedgerError naming the row."""
    setup = cab.games.get(rec.game)
    try:
        if setup is None:
            raise KeyError(f"game {rec.game!r} is not offered here")
        if rec.mode not in {m.id for m in setup.spec.modes}:
            raise KeyError(f"mode {rec.mode!r} is not a mode of {setup.spec.name}")
        if rec.outcome["source"] == "books" and setup.library is None:
            raise KeyError(f"it was drawn from {setup.spec.name}'s books, which this cabinet has not loaded")
        rnd = round_commit.regenerate(setup, rec.mode, rec.outcome)
    except (KeyError, ValueError, IndexError, TypeError) as exc:
        why = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc     # a KeyError's str() quotes
        raise LedgerError(f"ledger damaged: rounds row {rec.id} cannot be regenerated: {why}") from None
    if rnd.payout_x100 != rec.payout_x100:
        now_x, then_x = Fraction(rnd.payout_x100, 100), Fraction(rec.payout_x100, 100)
        reason = Message(N_("{game} locked: round {id} ({mode}, {outcome}) now plays a round paying {now} the "
                            "bet, but it was recorded paying {then} (the game's library changed since; verify "
                            "the books)"), game=setup.spec.name, id=rec.id, mode=rec.mode,
                         outcome=outcome_name(rec.outcome), now=lambda: formats.times(now_x),
                         then=lambda: formats.times(then_x))
        cab.lock_game(rec.game, reason)
        raise ShownMismatch(reason)
    return PlayedRound(rec.id, rec.game, rec.mode, rec.bet_cents, rec.cost_cents, rnd, rec.win_cents,
                       rec.capped, rec.checkpoint, rec.outcome, rec.state == "settled")


def open_round(cab: RecallHost) -> PlayedRound | None:
    """The round a crash interrupted, if any (the oldest open one); its recovery
    is logged once."""
    if cab.locked:
        return None
    for rec in cab._call(lambda led: led.open_rounds(), default=[]):
        if rec.game in cab.games:
            try:
                played = cab._call(lambda led: regenerated(cab, rec), default=None)
            except ShownMismatch:          # that game is locked now; its round waits
                continue
            if played is not None and rec.id not in cab._recovered:
                cab._recovered.add(rec.id)
                cab._call(lambda led: led.log_event("recovery", {
                    "round": rec.id, "game": rec.game, "mode": rec.mode, "checkpoint": rec.checkpoint}),
                    default=None)
            return None if cab.locked else played
    return None


def unshown_result(cab: RecallHost, game_id: str | None = None) -> PlayedRound | None:
    """The newest round, when it is a settled win whose result display a stop cut
    short (its checkpoint never reached RESULT_SHOWN) and nothing was played on it
    since (no gamble): the sheets' GAME INTERRUPTED rule shows it again."""
    if cab.locked:
        return None
    rec = cab._call(lambda led: led.last_round(), default=None)
    if rec is None or rec.state != "settled" or rec.win_cents <= 0 or rec.checkpoint >= RESULT_SHOWN:
        return None
    if rec.game not in cab.games or (game_id is not None and rec.game != game_id):
        return None
    if cab._call(lambda led: led.side_draws_of(rec.id), default=[True]):
        return None
    try:
        played = cab._call(lambda led: regenerated(cab, rec), default=None)
    except ShownMismatch:
        return None
    return None if played is None else replace(played, checkpoint=RESULT_SHOWN)   # shown from its end
