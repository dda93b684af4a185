"""The cabinet service: config + ledger + RNG + games, with no pygame.

The UI drives a round through three calls:
    played = cabinet.start_round(game_id, mode_id, bet_cents)   # outcome drawn, bet debited, round recorded
    cabinet.checkpoint(played.round_id, step)                   # as the presentation advances
    cabinet.settle(played.round_id)                             # win credited once
start_round is cabinet/core/round_commit.py's plan_round then record_round (the app runs
the two apart, the record on its ledger writer's thread). On start, `open_round()`
returns a round a crash interrupted, with its checkpoint, so the scene resumes it;
nothing is paid twice and no bet is lost.

Locking: the ledger is verified in full when the cabinet starts (cabinet/core/ledger)
and incrementally inside every money movement. Any LedgerError (altered, missing or
replaced data, a row that does not decode, a storage error) goes through `lock()`:
`locked` names the reason, play stops (CabinetLocked), a read that fails returns
nothing instead of raising, and nothing more is written. The operator's RAM CLEAR
(`ram_clear`) is the only way to a fresh ledger; a storage error clears at the next
start.
"""
from __future__ import annotations

import functools
import logging
import time
from pathlib import Path
from typing import Any, Callable

import numpy as np

from .config_types import Config
from .game import GameSpec
from .i18n import N_, Message
from .ledger import RESULT_SHOWN, Ledger, LedgerError, RoundRecord
from .ledger import cashier, closing
from .ledger import meters as ledger_meters
from .ledger import files as ledger_files
from . import pin_guard, reports
from .rng import Rng
from .system_rng import SystemRng
from . import round_commit
from .round_commit import PendingCommits, PlayedRound, RoundPlan, logs_refusals, plan_round
from .game_setup import GameSetup
from . import round_recall
from .round_recall import ShownMismatch
from .startup import Plan, prepare_config


class CabinetLocked(RuntimeError):
    """The audit failed or the ledger is unreadable; play stops, data stays untouched."""


LEDGER_NAME = "ledger.sqlite"
SHOW_STREAM = 0x5348   # the display stream's spawn key under a seed ("SH")
_RAISE = object()
log = logging.getLogger("cabinet.play")      # the operator's log (cabinet/core/logs.py)


class Cabinet:
    """`plan` is what `startup.prepare` checked and loaded (a start, `main.py`); without
    one, the same game checks run here on `config` (ConfigError: a config mistake) and
    `games` (None: every game under games/) replaces discovery."""

    def __init__(self, config: Config, games: dict[str, GameSpec] | None = None, seed: int | None = None,
                 plan: Plan | None = None, clock: Callable[[], float] = time.time):
        plan = plan or prepare_config(config, create=True, games=games, saved=False)
        self.config = config
        self.clock = clock                      # wall time (the one-day rule); tests inject one
        self.handpay: dict[str, Any] | None = None   # a cash-out waiting for the attendant
        self.currency = config.currency
        # real play: outcome selection from the OS's cryptographic source (config refuses a seed there)
        self.rng: Rng = SystemRng() if config.real_play else Rng(seed if seed is not None else config.rng_seed)
        # the display stream: pictures only (a game's start board), never an outcome. Apart from
        # self.rng, so drawing a picture never moves the next round; a seeded cabinet's is a
        # child of its seed (the same pictures each run), else it comes from OS entropy.
        shown_seed = seed if seed is not None else config.rng_seed
        self.show_rng = Rng(None if config.real_play or shown_seed is None
                            else np.random.SeedSequence(shown_seed, spawn_key=(SHOW_STREAM,)))
        self.game_locks: dict[str, str] = {}    # games taken off offer at run time (lock_game), kept until restart
        self.refused: dict[str, str] = {}
        self.games: dict[str, GameSetup] = {}
        self.locked: str | None = None
        self.ledger: Ledger | None = None
        self._recovered: set[int] = set()       # open rounds whose recovery is logged
        self.commits = PendingCommits(self._forget_balance)   # commits on another connection (round_commit)
        self.offer = plan.offer
        self.games.update(plan.offer.games)     # the checks and limits: cabinet.core.startup
        self.refused.update(plan.offer.refused)
        try:
            self.ledger = Ledger(self.ledger_path, config.ledger_key_path,
                                 witness=config.ledger_witness_path, protect_key=config.real_play, exclusive=True)
        except LedgerError as exc:
            self.lock(str(exc))
        if self.ledger is not None:
            self._call(self._power_up, default=None)
        for game_id, why in self.refused.items():
            log.warning("game refused: %s: %s", game_id, why)
        log.info("started: %s offered%s", ", ".join(self.games) or "no game",
                 f"; LOCKED: {self.locked}" if self.locked else "")

    @property
    def ledger_path(self) -> Path:
        return self.config.data_path / LEDGER_NAME

    def _power_up(self, led: Ledger) -> None:
        """A verified ledger: demo credit if it is new (demo play only: under real_play
        money enters only by a credit-in), the events kept while it was
        locked, every open round decoded now (one that cannot be regenerated locks before
        anything is shown), the rounds left unfinished too long closed, the power-up with
        the start's audit, and a handpay still waiting."""
        for rec in led.open_rounds():          # before anything is written
            if rec.game in self.games:
                try:
                    round_recall.regenerated(self, rec)
                except ShownMismatch:          # its game is locked (lock_game), the round stays open
                    pass
        if led.created and self.config.demo_credit and not self.config.real_play:
            led.deposit(self.config.demo_credit)
        led.import_pending(self.config.data_path)
        closed = self._close_stale(led)
        report = led.report
        led.log_event("power_up", {"audit": "ok", "checked": report.summary(), "head": report.head,
                                   "balance": led.balance, "closed_rounds": closed})
        self.handpay = cashier.pending_handpay(led, self.currency.format)

    def _close_stale(self, led: Ledger) -> list[int]:
        """The sheets' one-day rule: an open round not resumed within config
        `unfinished_round_hours` is closed: its recorded win credited when the player
        can no longer change its outcome (every round whose game draws it before it is
        shown), otherwise cancelled and its cost refunded (GameSpec.player_decides)."""
        hours = self.config.unfinished_round_hours
        closed = []
        now = self.clock()
        for rec in closing.stale_rounds(led, now - hours * 3600):
            setup = self.games.get(rec.game)
            action = "refund" if setup is not None and setup.spec.player_decides else "credit"
            closing.close_round(led, rec.id, action, {"why": f"not resumed within {hours} hours"}, now)
            closed.append(rec.id)
        return closed

    def lock(self, reason: str) -> None:
        """Stop play for `reason` (the first one is kept) and keep it for the event log."""
        if self.locked:
            return
        self.locked = reason
        log.error("cabinet locked: %s", reason)
        if self.ledger is not None:
            self.ledger.broken = self.ledger.broken or reason
        ledger_files.add_pending(self.config.data_path, "lock", {"reason": reason})

    def _call(self, fn: Callable[[Ledger], Any], default: Any = _RAISE, in_order: bool = True) -> Any:
        """Run a ledger operation `fn(ledger)`; a LedgerError locks the cabinet, then a
        write raises CabinetLocked and a read returns `default`. `in_order`: the commits
        handed to another connection (`commits.track`) finish first, so this connection reads
        and writes after them, as if they had run here (one ledger, one order)."""
        if in_order and self.commits:
            self.commits.drain()
        try:
            if self.ledger is None:
                raise LedgerError(self.locked or "no ledger")
            return fn(self.ledger)
        except LedgerError as exc:
            self.lock(str(exc))
            if default is _RAISE:
                raise CabinetLocked(self.locked) from None
            return default

    # -- state ----------------------------------------------------------------------
    @property
    def balance(self) -> int:
        """The credit: the ledger's balance meter (read once after each commit, not at
        every frame), with a win whose settlement is on the app's writer (`commits.track`)."""
        for _ in range(3):
            pending = self.commits.reap()
            shown = self._call(lambda led: led.balance, default=0, in_order=False)
            if not self.commits.landing():
                if self.commits and self.ledger is not None:
                    self.ledger.forget_balance()     # read again next frame while a commit is in flight
                return shown + pending
        return self._call(lambda led: led.balance, default=0)   # commits landing while read: wait for them

    def audit(self, by: str = "operator") -> tuple[bool, str]:
        """The full audit now (RUN AUDIT): (ok, what was checked / the first bad row).
        A pass is logged; a failure locks. A ledger that could not be opened is
        opened again, read-only, to say what is wrong with it now."""
        if self.ledger is None:
            try:
                Ledger(self.ledger_path, self.config.ledger_key_path,
                       witness=self.config.ledger_witness_path, create=False, read_only=True).close()
                return False, f"{self.locked} (the ledger now opens; restart the cabinet)"
            except LedgerError as exc:
                return False, str(exc)
        ok, message = self._call(lambda led: led.audit())    # after what the app's writer still holds
        if not ok:
            self.lock(message)
            return ok, message
        self._call(lambda led: led.log_event("audit", {"result": "ok", "by": by, "checked": message,
                                                      "head": led.report.head}), default=None)
        return (False, self.locked) if self.locked else (ok, message)

    def audit_status(self) -> tuple[bool, str]:
        """The last verdict, without re-reading the ledger (a Message when it passed: the
        AUDIT page may draw it in the player's language; a lock's reason is English)."""
        if self.locked:
            return False, self.locked
        report = self.ledger.report if self.ledger else None
        if report is None:
            return True, Message(N_("ok"))
        return True, Message(N_("start check: {summary}") if report.sealed is not None else
                             N_("last full audit: {summary}"), summary=report.summary())

    def meters(self) -> dict[str, Any]:
        return self._call(lambda led: led.meters(), default={})

    def period_meters(self) -> dict[str, Any]:
        """Every meter since the last period reset (`since`: its time, None before one)."""
        return self._call(ledger_meters.period, default={})

    def reset_period(self, by: str) -> None:
        """Start a new meter period (an event carrying the closed period's figures)."""
        self._call(lambda led: ledger_meters.reset_period(led, by))

    def export_report(self, by: str = "operator") -> list[reports.Written]:
        """The report set into config report_dir (reports.py): ExportFailed names the
        folder's problem; an audit that fails locks (CabinetLocked)."""
        specs = reports.Specs(self.offer.specs, self.games)        # the theoretical RTP at the bets played
        return self._call(lambda led: reports.export(led, self.config.report_path, self.currency, specs, by))

    def totals(self) -> dict[str, int]:
        """The audited meters table alone (cheap: no sums over the rows)."""
        return self._call(lambda led: led.meter_table(), default={})

    def deposit(self, cents: int) -> None:
        self.require_unlocked()
        self._call(lambda led: led.deposit(cents))
        log.info("credit in %s", self.currency.format(cents))

    def log(self, kind: str, detail: dict[str, Any] | None = None) -> None:
        """Log an event; while the ledger cannot take it, it waits in the pending file
        for the next trusted start (so a PIN failure is never lost to a lock). Wrong
        PINs and logins are counted in the witness folder too (pin_guard)."""
        pin_guard.note(self.config, kind, self.clock())
        log.info("event %s %s", kind, detail or {})
        if not self.locked and self.ledger is not None:
            try:
                self.ledger.log_event(kind, detail)
                return
            except LedgerError as exc:
                self.lock(str(exc))
        ledger_files.add_pending(self.config.data_path, kind, detail or {})

    def close(self) -> None:
        """A graceful stop: the ledger's connection closed (every write is committed)."""
        if self.ledger is not None:
            self.ledger.close()

    def game_state(self, game_id: str) -> dict[str, Any]:
        return self._call(lambda led: led.game_state(game_id), default={})

    def adopt_offer(self, offer: Any) -> None:
        """The games as an operator's settings change offers them (startup.reoffer);
        a game locked at run time stays locked."""
        self.offer = offer
        self.games, self.refused = dict(offer.games), dict(offer.refused)
        for game_id, why in self.game_locks.items():
            self.games.pop(game_id, None)
            self.refused[game_id] = why

    def lock_game(self, game_id: str, reason: str) -> None:
        """Take one game off offer until the next start (the cabinet and the other
        games play on), and log why."""
        self.game_locks.setdefault(game_id, reason)
        self.games.pop(game_id, None)
        self.refused[game_id] = self.game_locks[game_id]
        log.error("game locked: %s: %s", game_id, reason)
        self.log("game_locked", {"game": game_id, "reason": reason})

    def require_unlocked(self) -> None:
        if self.locked:
            raise CabinetLocked(self.locked)

    # -- rounds ---------------------------------------------------------------------
    def price(self, game_id: str, mode_id: str, bet_cents: int) -> int:
        return self.games[game_id].spec.mode(mode_id).cost_cents(bet_cents)

    @logs_refusals
    def start_round(self, game_id: str, mode_id: str, bet_cents: int, force: str | None = None,
                    funded_by: int | None = None) -> PlayedRound:
        """Draw the outcome, debit the cost and record the round, before anything is shown.

        `funded_by` names a side draw (a gamble's bonus entry) that already paid for it:
        the round then costs nothing."""
        return self.record_round(plan_round(self, game_id, mode_id, bet_cents, force, funded_by))

    def record_round(self, plan: RoundPlan) -> PlayedRound:
        """Debit and record a planned round (round_commit.plan_round) in one transaction
        on the cabinet's ledger: a LedgerError locks the cabinet (CabinetLocked);
        BetRefused when the credit no longer covers it."""
        return self._call(functools.partial(round_commit.record_round, plan))

    @property
    def pending_credit(self) -> int:
        """The wins whose settlement another connection is still committing (`commits`)."""
        return self.commits.reap()

    def _forget_balance(self) -> None:
        """A commit on another connection finished: read the balance again."""
        if self.ledger is not None:
            self.ledger.forget_balance()

    def settle_with(self, call: Callable[[Callable[[Ledger], Any]], Any], round_id: int, win_cents: int,
                    game_state: dict[str, Any] | None = None) -> Any:
        """`settle` on another connection: `call(fn)` runs fn(ledger) there (the app's
        writer thread) and returns a Future. The win counts in the balance meanwhile;
        the writer runs its commits in order, so a later round's is recorded after it."""
        self.require_unlocked()
        return self.commits.track(call(lambda led: led.settle_round(round_id, game_state)), win_cents)

    def checkpoint(self, round_id: int, step: int) -> None:
        self._call(lambda led: led.checkpoint(round_id, step))

    def settle(self, round_id: int, game_state: dict[str, Any] | None = None) -> int:
        """Credit the round's win (once). Returns what was paid by this call."""
        self.require_unlocked()
        return self._call(lambda led: led.settle_round(round_id, game_state))

    def open_round(self) -> PlayedRound | None:
        """The round a crash interrupted, if any (round_recall.open_round)."""
        return round_recall.open_round(self)

    def unshown_result(self, game_id: str | None = None) -> PlayedRound | None:
        """A settled win whose display a stop cut short (round_recall.unshown_result)."""
        return round_recall.unshown_result(self, game_id)

    def result_shown(self, round_id: int) -> None:
        """The round's result was shown in full (celebration included)."""
        self._call(lambda led: led.checkpoint(round_id, RESULT_SHOWN), default=None)

    def history(self, limit: int = 100, game: str | None = None, since_seq: int = 0,
                before_id: int | None = None, closed: tuple[str, ...] = ("settled",)) -> list[RoundRecord]:
        return self._call(lambda led: led.history(limit, game, since_seq, before_id, closed), default=[])

    def side_draws_of(self, round_id: int) -> list[dict[str, Any]]:
        """The gamble and spin-chance draws recorded against a round."""
        return self._call(lambda led: led.side_draws_of(round_id), default=[])

    def events(self, limit: int = 100, kinds: tuple[str, ...] | None = None,
               before_id: int | None = None) -> list[tuple[int, str, dict[str, Any], float]]:
        return self._call(lambda led: led.events(limit, kinds, before_id), default=[])

    def replay(self, round_id: int) -> PlayedRound:
        """A past round, regenerated exactly as it played (for recall)."""
        return self._call(lambda led: round_recall.regenerated(self, led.round(round_id)))

    def side_draw(self, kind: str, stake_cents: int, prize_cents: int, won: bool, detail: dict[str, Any],
                  round_id: int | None = None) -> int:
        """Record and apply a gamble / spin-chance draw before it is shown."""
        self.require_unlocked()
        return self._call(lambda led: led.side_draw(kind, stake_cents, prize_cents, won, detail, round_id))

    def unfunded_side_draws(self, kind: str) -> list[tuple[int, dict[str, Any]]]:
        """Won side draws of `kind` that no round names as `funded_by` yet: (id, detail).
        A gamble's won bonus entry interrupted before its round started is one of these;
        the game starts that round on its next start (recovery), so no entry is lost."""
        if self.locked:
            return []
        return self._call(lambda led: led.unfunded_side_draws(kind), default=[])

    def recent_side_draws(self, kinds: tuple[str, ...], limit: int = 10) -> list[dict[str, Any]]:
        """The last `limit` side draws of these kinds, newest first (a game's record of
        its gamble results): id, kind, stake_cents, prize_cents, won, detail."""
        if self.locked:
            return []
        return self._call(lambda led: led.recent_side_draws(kinds, limit), default=[])

    # -- RAM CLEAR ------------------------------------------------------------------
    def ram_clear(self) -> Path:
        """The operator's RAM CLEAR (behind the PIN and a confirmation): the old ledger
        and key are moved, untouched, into <data_dir>/ramclear-<time>/, a fresh ledger
        starts with the demo credit (at 0.00 under real_play), and the clear (with the lock it ends) is logged in
        it. Returns the backup folder. CabinetLocked if the files cannot be moved."""
        detail: dict[str, Any] = {"reason": self.locked or "operator"}
        if self.ledger is not None:
            if not self.locked:
                detail.update(balance=self.balance, head=self.ledger.report.head)
            self.ledger.close()
            self.ledger = None
        try:
            fresh, folder = Ledger.ram_clear(self.ledger_path, self.config.ledger_key_path, detail,
                                             witness=self.config.ledger_witness_path,
                                             protect_key=self.config.real_play, exclusive=True)
        except (LedgerError, OSError) as exc:
            self.locked = self.locked or f"RAM CLEAR failed: {exc}"
            log.error("RAM CLEAR failed: %s", exc)
            raise CabinetLocked(f"RAM CLEAR failed: {exc}") from None
        log.warning("RAM CLEAR (%s): the old ledger moved to %s", detail["reason"], folder)
        self.ledger, self.locked = fresh, None
        self._recovered.clear()
        self._call(self._power_up)
        self._call(lambda led: led.verify())
        return folder
