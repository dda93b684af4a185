"""A bet becoming a recorded round, before anything is shown (Cabinet.start_round):

    plan = plan_round(cabinet, game_id, mode_id, bet_cents)   # refusals, outcome drawn, round regenerated, win capped
    played = cabinet.record_round(plan)                        # or record_round(plan, ledger) on the writer's thread

`plan_round` runs in the SPIN frame and touches no ledger; `record_round` debits and
records the round in one ledger transaction. The app hands that commit (and a
settlement) to its ledger writer thread (cabinet/ui/checkpoints.py); `PendingCommits`
keeps the Futures so the cabinet's own connection reads and writes after them, and a
win being credited counts in the balance meanwhile.
"""
from __future__ import annotations

import functools
import logging
from fractions import Fraction
from concurrent import futures
from dataclasses import dataclass
from typing import Any, Callable, Protocol

from .config_types import Config
from .i18n import N_, Message, Said, formats
from .ledger import InsufficientCredit, Ledger
from .money import Currency, win_cents
from .rng import Rng
from .round import Round
from .game_setup import GameSetup
from . import game_words, review_draws


class BetRefused(Said, ValueError):
    """A bet that cannot be placed; the message is for the player (a Message: English in
    the log, the player's language where it is drawn)."""


class GameLocked(BetRefused):
    """A game taken off offer while the cabinet runs (a book whose round does not pay
    what its library says); the message names the game and the book."""


log = logging.getLogger("cabinet.play")      # the operator's log (cabinet/core/logs.py)


def logs_refusals(fn: Callable) -> Callable:
    """A play refused (BetRefused, GameLocked) is logged with its reason, then raised."""
    @functools.wraps(fn)
    def wrapper(self: Any, game_id: str, mode_id: str, bet_cents: int, *a: Any, **kw: Any) -> Any:
        try:
            return fn(self, game_id, mode_id, bet_cents, *a, **kw)
        except BetRefused as exc:
            log.info("play refused: %s %s at %s: %s", game_id, mode_id, bet_cents, exc)
            raise
    return wrapper


@dataclass
class PlayedRound:
    round_id: int
    game: str
    mode: str
    bet_cents: int
    cost_cents: int
    round: Round
    win_cents: int
    capped: bool
    checkpoint: int = 0
    outcome: dict[str, Any] | None = None
    settled: bool = False          # a settled round shown again (its result display was cut short)


@dataclass
class RoundPlan:
    """A round drawn, regenerated and checked, not yet recorded (plan_round)."""
    game: str
    mode: str
    bet_cents: int
    cost_cents: int
    outcome: dict[str, Any]
    payout_x100: int
    win_cents: int
    capped: bool
    round: Round
    funded_by: int | None = None


class RoundHost(Protocol):
    """What `plan_round` reads of the cabinet (cabinet/core/cabinet.py's Cabinet)."""
    config: Config
    currency: Currency
    rng: Rng
    handpay: dict[str, Any] | None
    games: dict[str, GameSetup]
    game_locks: dict[str, str]
    refused: dict[str, str]

    @property
    def balance(self) -> int: ...

    def require_unlocked(self) -> None: ...

    def lock_game(self, game_id: str, reason: str) -> None: ...


def plan_round(cab: RoundHost, game_id: str, mode_id: str, bet_cents: int, force: str | None = None,
               funded_by: int | None = None) -> RoundPlan:
    """`Cabinet.start_round` up to the ledger: the refusals, the outcome drawn, the round
    regenerated and checked, the win capped. Nothing is debited or recorded yet:
    `record_round` does that (the app on its ledger writer's thread)."""
    cab.require_unlocked()
    if cab.handpay is not None:
        raise BetRefused(Message(N_("A handpay is waiting: call the attendant")))
    setup = cab.games.get(game_id)
    if setup is None:
        raise (GameLocked if game_id in cab.game_locks else BetRefused)(
            cab.refused.get(game_id) or Message(N_("{game} is not available"), game=game_id))
    if funded_by is None and (mode_id not in setup.modes or setup.spec.mode(mode_id).kind not in ("spin", "buy")):
        raise BetRefused(Message(N_("{mode} is not a bet mode of {game}"), mode=mode_id, game=setup.spec.name))
    if bet_cents not in setup.bet_ladder:
        raise BetRefused(Message(N_("{amount} is not on the bet ladder"),
                                 amount=lambda: cab.currency.format(bet_cents)))
    if funded_by is None and not setup.offers(mode_id, bet_cents):
        raise BetRefused(option_refusal(cab.currency, setup, mode_id, bet_cents))
    if force is not None and (not cab.config.demo_tools or cab.config.real_play):
        raise BetRefused(Message(N_("Forcing outcomes is a demo tool and is off on this cabinet")))
    cost = 0 if funded_by is not None else setup.spec.mode(mode_id).cost_cents(bet_cents)
    if cost > cab.balance:
        balance, currency = cab.balance, cab.currency
        raise BetRefused(Message(N_("Not enough credit: this play costs {cost}, balance is {balance}"),
                                 cost=lambda: currency.format(cost), balance=lambda: currency.format(balance)))
    outcome, payout = draw(cab, setup, mode_id, force, bet_cents)
    rnd = regenerate(setup, mode_id, outcome)
    check_shown(cab, setup, game_id, mode_id, outcome, payout, rnd)
    win, capped_money = setup.cap.apply(win_cents(bet_cents, payout), bet_cents, mode_id,
                                        jackpot=win_cents(bet_cents, rnd.jackpot_x100))
    return RoundPlan(game_id, mode_id, bet_cents, cost, outcome, payout, win, capped_money or rnd.capped, rnd,
                     funded_by)


def record_round(plan: RoundPlan, led: Ledger) -> PlayedRound:
    """Debit and record a planned round in one transaction on `led`: the cabinet's
    ledger (Cabinet.record_round: a LedgerError locks the cabinet) or another connection
    to it (the app's writer thread: its errors are raised as they are, for the app to
    lock with). BetRefused when the credit no longer covers it."""
    try:   # the incremental audit runs inside this transaction, before the debit
        rid = led.open_round(plan.game, plan.mode, plan.bet_cents, plan.cost_cents, plan.outcome,
                             plan.payout_x100, plan.win_cents, plan.capped, plan.round.features, plan.funded_by)
    except InsufficientCredit as exc:
        raise BetRefused(str(exc)) from None
    return PlayedRound(rid, plan.game, plan.mode, plan.bet_cents, plan.cost_cents, plan.round, plan.win_cents,
                       plan.capped, 0, plan.outcome)


def draw(cab: RoundHost, setup: GameSetup, mode: str, force: str | None, bet_cents: int) -> tuple[dict[str, Any], int]:
    """Pick the outcome: (outcome id, payout in hundredths of the bet). A natural
    round is one weighted draw from the mode's library (or a live seed); a forced
    one (review tools only) is review_draws.forced's."""
    if force is not None:
        return review_draws.forced(setup, cab.rng, mode, force, bet_cents, cab.config)
    if setup.library is not None:
        book = setup.library.draw(cab.rng, mode, None)
        return {"source": "books", "book": int(book), "force": None}, int(setup.library.payout_x100(mode, book))
    seed = cab.rng.seed64()
    rnd = setup.spec.play(Rng.for_book(seed), mode, None)
    return {"source": "live", "seed": seed, "force": None}, rnd.payout_x100


def regenerate(setup: GameSetup, mode: str, outcome: dict[str, Any]) -> Round:
    """The Round an outcome id stands for (books and live seeds both regenerate)."""
    if outcome["source"] == "books":
        assert setup.library is not None, "a books outcome is drawn only from a game's library"
        return setup.library.round(mode, outcome["book"])
    return review_draws.regenerate_live(setup.spec, mode, outcome["seed"], outcome.get("force"))


def check_shown(cab: RoundHost, setup: GameSetup, game_id: str, mode_id: str, outcome: dict[str, Any], payout: int,
                rnd: Round) -> None:
    """Pay what is shown: the round the player will see (regenerated by the rules)
    must pay exactly what the library says the outcome pays, or nothing is
    recorded, the game is locked (GameLocked) and the mismatch logged."""
    if rnd.payout_x100 == payout:
        return
    shown_x, paid_x = Fraction(rnd.payout_x100, 100), Fraction(payout, 100)
    reason = Message(N_("{game} locked: {outcome} of {mode} plays a round paying {shown} the bet; its library pays "
                        "{paid} (verify the books)"), game=setup.spec.name, outcome=outcome_name(outcome),
                     mode=mode_id, shown=lambda: formats.times(shown_x), paid=lambda: formats.times(paid_x))
    cab.lock_game(game_id, reason)
    raise GameLocked(reason)


def outcome_name(outcome: dict[str, Any]) -> Message:
    if outcome.get("source") == "books":
        return Message(N_("book {number}"), number=outcome.get("book"))
    return Message(N_("seed {number}"), number=outcome.get("seed"))


def option_refusal(currency: Currency, setup: GameSetup, mode_id: str, bet_cents: int) -> Message:
    """Why a mode is not offered at this bet, for the player: its price is not whole
    minor units there, the win limit (it would bring the mode's return below the
    cabinet's minimum, config rtp_bounds.min) or the cabinet's cap on a buy's price
    (GameSetup.limit_words; one line: a game's bar shows it, the rules and the buy
    cards add that the figure is the cabinet's minimum)."""
    mode = setup.spec.mode(mode_id)
    label = lambda: game_words.mode_label(setup.spec, mode_id)  # noqa: E731  (the mode's name when drawn)
    bet = lambda: currency.format(bet_cents)  # noqa: E731  (an amount in the locale of the moment)
    if setup.not_offered(mode_id, bet_cents) == "price":
        step = mode.exact_bet_step()
        return Message(N_("{mode} is offered at bets in steps of {step}: at {bet} its price would not be whole cents")
                       if currency.minor_units == 100 else
                       N_("{mode} is offered at bets in steps of {step}: at {bet} its price would not be whole "
                          "minor units"), mode=label, step=lambda: currency.format(step), bet=bet)
    top = setup.option_max_bet.get(mode_id, 0)
    why = setup.limit_words(mode_id, currency.format, short=True)
    if not top:
        return Message(N_("{mode} is not offered on this cabinet: {why}"), mode=label, why=why)
    return Message(N_("{mode} is offered at bets up to {amount}: above, {why}"), mode=label,
                   amount=lambda: currency.format(top), why=why)


class PendingCommits:
    """The commits handed to another connection (the app's ledger writer: Futures),
    each with the credit (a win being credited) that counts in the balance until it is
    done. `on_done` runs when one finishes (the cabinet reads its balance again)."""

    def __init__(self, on_done: Callable[[], None]):
        self._pending: list[tuple[Any, int]] = []   # (Future, credit)
        self._on_done = on_done

    def __bool__(self) -> bool:
        return bool(self._pending)

    def track(self, future: Any, credit: int = 0) -> Any:
        """A commit handed to another connection: once it is done the balance is read
        again; until then `credit` counts in the balance. Returns the future."""
        self._pending.append((future, int(credit)))
        return future

    def landing(self) -> bool:
        """Whether one of them has finished since the last `reap`."""
        return any(future.done() for future, _ in self._pending)

    def reap(self) -> int:
        """Forget the finished commits (reading the balance again); the credit still pending."""
        if not self._pending:
            return 0
        done = [item for item in self._pending if item[0].done()]
        if done:
            self._pending = [item for item in self._pending if not item[0].done()]
            self._on_done()
        return sum(credit for _, credit in self._pending)

    def drain(self, timeout: float = 30.0) -> None:
        """Wait for them all (their errors are their owners')."""
        futures.wait([future for future, _ in self._pending], timeout=timeout)
        self.reap()
