"""The round life cycle of a game scene (GameScene's share of it, cabinet/ui/game_scene.py):
SPIN -> `play` (plan_round, then the commit on the ledger's writer thread or here) ->
`begin` a Presentation of the round's steps (`skip` to the next held step, each
finished step checkpointed) -> `finish`: the win settled once, the celebration by
tier, then autoplay or the review tools' showcase plays the next round.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from cabinet.core import i18n
from cabinet.core.cabinet import CabinetLocked
from cabinet.core.game import BetMode
from cabinet.core.i18n import _, translate
from cabinet.core.round_commit import BetRefused, GameLocked, PlayedRound, plan_round, record_round

from . import celebration
from .autoplay import Autoplay
from .bet_choices import BetHost
from .celebration import celebrate
from .presentation import Presentation, Step
from .review_words import force_refusal

if TYPE_CHECKING:                     # types only, from a module below this one
    from .moments import Moments


class RoundScene(BetHost, Protocol):
    """What the round life cycle reads and sets of its scene (GameScene): the bet
    choices' members (BetHost: app, spec, the bet and its ladder, message) and these."""

    modes: list[BetMode]
    played: PlayedRound | None
    last_played: PlayedRound | None
    presentation: Presentation | None
    committing: Any
    settling: Any
    round_clock: float
    shown_win: int
    last_win: int
    recall_celebrates: bool
    autoplay: Autoplay | None
    _autoplay_wait: float
    _held_for: float
    result_pending: int | None
    force_next: str | None
    force_mode: str | None
    showcase: list[str]
    moments: Moments
    AUTOPLAY_GAP: float

    @property
    def presenting(self) -> bool: ...
    def mode_cost(self, mode_id: str | None = None) -> int: ...
    def spin_mode(self) -> str: ...
    def is_bonus(self, played: Any) -> bool: ...
    def game_state(self) -> dict[str, Any] | None: ...
    def round_steps(self, played: Any) -> list[Step]: ...
    def round_started(self, played: Any) -> None: ...
    def round_finished(self, played: Any) -> None: ...
    def play(self, mode_id: str | None = None, force: str | None = None, wait: bool = True) -> bool: ...
    def begin(self, played: Any, from_step: int = 0, recall: bool = False) -> None: ...
    def stop_autoplay(self, reason: str | None = None) -> None: ...
    def _checkpoint(self, step: int) -> None: ...
    def _after_round(self, played: Any) -> None: ...


class RoundCycle:
    """A game scene's rounds, autoplay and showcase, on a RoundScene (GameScene mixes this in)."""

    # the state its methods set, as GameScene.__init__ types it
    played: PlayedRound | None
    last_played: PlayedRound | None
    presentation: Presentation | None
    autoplay: Autoplay | None
    result_pending: int | None
    force_next: str | None
    force_mode: str | None
    showcase: list[str]

    # == rounds ===================================================================
    def play(self: RoundScene, mode_id: str | None = None, force: str | None = None, wait: bool = True) -> bool:
        """Place a bet and start presenting the round; False (with a message) if refused.
        Without `wait` (a player's SPIN or buy, autoplay) the round's commit goes to the
        ledger's writer thread and its presentation begins in the frame after the commit
        returned (`committing` until then): the frame is not held by the disk's sync.
        The last round's settlement may still be on the writer: it commits first."""
        if self.presenting or self.recall_mode:
            return False
        force = force or self.force_next
        if self.force_next is not None and force == self.force_next:
            mode_id = mode_id or self.force_mode     # a band's or a board's mode (review tools)
        self.force_next, self.force_mode = None, None
        # a category that lives in other modes (e.g. a buy's top prize) is played there
        homes = self.spec.review.force_modes.get(force) if force else None
        if homes and mode_id is None and self.spin_mode() not in homes:
            mode_id = next((m for m in homes if any(x.id == m for x in self.modes)), None)
        try:
            cabinet = self.app.cabinet
            plan = plan_round(cabinet, self.spec.id, mode_id or self.spin_mode(), self.bet, force)
            writer = self.app.checkpoints
            if not wait and getattr(writer, "threaded", False):
                self.committing = cabinet.commits.track(writer.call(lambda led: record_round(plan, led)))
                return True
            played = cabinet.record_round(plan)
        except CabinetLocked:                         # altered data or a storage error: nothing was
            self.stop_autoplay()                      # debited; the lock notice says why
            self.app.show_lock()
            return False
        except GameLocked as exc:                     # this game's library does not pay what it shows:
            self.stop_autoplay()                      # nothing was debited; back to the lobby, which
            self.app.audio.play("refuse")             # no longer offers it, with the reason
            self.app.pop(self)  # type: ignore[arg-type]  # the GameScene itself
            self.app.toast(i18n.said(exc), 8.0)
            return False
        except BetRefused as exc:
            self.message(i18n.said(exc))
            self.app.audio.play("refuse")
            self.stop_autoplay()
            return False
        except (LookupError, ValueError) as exc:     # a category this mode cannot produce
            if force is None:
                raise
            self.message(force_refusal(self, force, mode_id or self.spin_mode(), exc))
            self.showcase = []
            return False
        self.begin(played)
        return True

    def _committed(self: RoundScene) -> None:
        """The writer returned the round's commit: present it, or say why it was refused."""
        future, self.committing = self.committing, None
        try:
            played = future.result()
        except CabinetLocked:                         # a storage error: the lock notice says why
            self.stop_autoplay()
            self.app.show_lock()
            return
        except BetRefused as exc:                     # the credit moved meanwhile (nothing was debited)
            self.message(i18n.said(exc))
            self.app.audio.play("refuse")
            self.stop_autoplay()
            return
        self.begin(played)

    def begin(self: RoundScene, played, from_step: int = 0, recall: bool = False) -> None:
        """Present a round: new (0), resumed from its checkpoint, or recalled."""
        self.played = played
        self.recall_mode = recall
        self.shown_win = 0
        self.round_clock = 0.0
        if played.bet_cents in self.ladder:
            self.bet_index = self.ladder.index(played.bet_cents)
        self.round_started(played)
        self.presentation = Presentation(self.round_steps(played), self.app.audio.play,
                                         quiet=celebration.quiet(self.app, played))   # no cues for a win <= the stake
        if from_step:
            self.presentation.fast_forward(from_step)

    def skip(self: RoundScene) -> None:
        """SPACE during a presentation: START a step waiting for the player, else jump
        to the next such step or the end (if skipping is allowed)."""
        pres = self.presentation
        if pres is None or pres.done:
            return
        if pres.release():
            self._held_for = 0.0
        elif self.app.skip_allowed:
            pres.skip()
            self._checkpoint(pres.index)

    def _checkpoint(self: RoundScene, step: int) -> None:
        if self.played is not None and not self.recall_mode:
            self.app.checkpoints.put(self.played.round_id, step)

    def finish(self: RoundScene) -> None:
        """Credit the win (once: on the ledger's writer thread, the balance shown holding
        the win until it returns: Cabinet.settle_with), celebrate by tier, continue autoplay."""
        played = self.played
        assert played is not None, "a round ends only while one is presented"
        if not self.recall_mode:
            cabinet, state = self.app.cabinet, self.game_state()
            writer = self.app.checkpoints
            if getattr(writer, "threaded", False):
                self.settling = cabinet.settle_with(writer.call, played.round_id, played.win_cents, state)
            else:
                cabinet.settle(played.round_id, state)
        self.last_win = played.win_cents
        self.shown_win = played.win_cents
        self.played, self.presentation, self.last_played = None, None, played
        self.moments.clear()
        self.round_finished(played)
        if self.recall_mode:            # the recall stays on screen, marked, until closed
            if self.recall_celebrates:
                celebrate(self, played)
            return
        self.result_pending = played.round_id     # shown once this scene is idle on top again (app.py)
        if not celebrate(self, played) and played.win_cents:    # max win, big win or feature total
            self.app.audio.play("win")
        self._after_round(played)

    # == autoplay =================================================================
    def start_autoplay(self: RoundScene, rounds: int, loss_limit: int | None = None,
                       single_win_limit: int | None = None, stop_on_bonus: bool = True) -> None:
        self.autoplay = Autoplay(rounds, loss_limit, single_win_limit, stop_on_bonus, self.app.cabinet.balance)
        self._autoplay_wait = 0.0

    def stop_autoplay(self: RoundScene, reason: str | None = None) -> None:
        if self.autoplay is not None:
            self.autoplay = None
            if reason:
                self.message(_("Autoplay stopped: {reason}").format(reason=translate(reason)))

    def start_showcase(self: RoundScene, categories: list[str]) -> None:
        """Play a forced round of every category in turn (review tools)."""
        self.showcase = list(categories)
        self._autoplay_wait = 0.0

    def _after_round(self: RoundScene, played) -> None:
        if self.showcase:
            self._autoplay_wait = self.AUTOPLAY_GAP * 2
        auto = self.autoplay
        if auto is None:
            return
        reason = auto.after_round(played.win_cents, self.is_bonus(played))
        if reason:
            self.stop_autoplay(reason)
        self._autoplay_wait = self.AUTOPLAY_GAP

    def _autoplay_next(self: RoundScene) -> None:
        assert self.autoplay is not None, "the next autoplay round only while autoplay runs"
        reason = self.autoplay.refuses_next(self.app.cabinet.balance, self.mode_cost())
        if reason:
            self.stop_autoplay(reason)
            return
        self.play(wait=False)
