"""GameScene: the base every game's scene builds on.

It owns the round life cycle so games only present:

    class HensScene(GameScene):
        def build(self): ...                       # pre-render symbols, reels (once)
        def present_reel_stop(self, event): ...    # -> list[Step] for a 'reel_stop' event
        def draw_board(self, surface): ...         # the game's picture between the bars

SPIN (SPACE or the button) -> `cabinet.start_round` (debit + record, outcome drawn)
-> the Round's events become a `Presentation` of timed steps (`present_<type>`
methods, or `round_steps` overridden whole) -> each finished step is checkpointed
-> `cabinet.settle` credits the win -> big-win celebration by tier. An open round
found at start resumes from its checkpoint. SPACE skips to the next step that waits
for the player (`Step(hold=True)`, e.g. each Happy Money Hens bonus round), where
SPACE / START begins it; under autoplay (a recall, the showcase) it begins by itself
after AUTO_CONTINUE s. Turbo runs the clock faster; `min_round_seconds` holds a round.
The life cycle's steps (play, begin, finish, autoplay) are RoundCycle's (round_cycle.py).
"""
from __future__ import annotations

import logging
import traceback
from typing import Any

import pygame

from cabinet.core import i18n
from cabinet.core.round_commit import PlayedRound
from cabinet.core.game import BetMode, GameSpec
from cabinet.core.i18n import _
from cabinet.core.ledger import RESULT_SHOWN
from cabinet.core.money import win_cents

from .autoplay import Autoplay
from .bet_choices import BetChoices
from .game_hooks import GameHooks
from . import game_actions
from .hud import Hud, build_buttons
from .idle import IdleLayers
from .moments import Moments
from .moments import warm as warm_moments
from .presentation import Presentation
from .review_words import category_words
from .round_cycle import RoundCycle
from .scene import Scene, register
from .timeline import Timeline
from .widgets import Button, Widget

_log = logging.getLogger("cabinet.ui")          # the operator's log (cabinet/core/logs.py)


@register("game")
class GameScene(GameHooks, BetChoices, RoundCycle, Scene):
    """Base class of every game scene: HUD, bets, modes, rounds, recovery, autoplay."""

    TURBO_SPEED = 3.0          # presentation clock multiplier in turbo
    AUTOPLAY_GAP = 0.5         # seconds between autoplay rounds
    AUTO_CONTINUE = 0.6        # seconds a step waiting for START waits under autoplay
    board_rect = pygame.Rect(240, 110, 1440, 760)   # the game's own area (logical)
    # Opt in (True) when draw_background depends only on `backdrop_key()`, not on time:
    # it is then composed once per key with the HUD bars into one opaque surface.
    static_background = False
    # Where the HUD shows balance, bet and win: "bottom" (with SPIN) or "top" (hud_layout.py).
    hud_layout = "bottom"
    # Where the music changes in a round: event type -> "feature" (the feature theme from
    # the step showing that event on) or "quiet" (the base theme fades out: a trigger's
    # own moment). After the round, once the game is idle on top again, the base theme.
    music_events: dict[str, str] = {}
    # The backdrop's slow idle animation (idle.py): layers drawn over it, under the board.
    idle_layers: tuple = ()

    def __init__(self, app, setup: Any):
        super().__init__(app)
        self.spec: GameSpec = getattr(setup, "spec", setup)
        self.ladder: tuple[int, ...] = tuple(getattr(setup, "bet_ladder", None) or self.spec.bet_ladder)
        enabled = tuple(getattr(setup, "modes", None) or (m.id for m in self.spec.modes))
        self.modes: list[BetMode] = [m for m in self.spec.modes if m.id in enabled]
        self.spin_modes = [m for m in self.modes if m.kind == "spin"]   # not buys, not gamble-only libraries
        # Buy options in the order of their SHIFT+N keys when the game names them.
        keys = self.spec.view.buy_keys
        self.buy_modes = sorted((m for m in self.modes if m.kind == "buy"), key=lambda m: keys.get(m.id, 99))
        default = getattr(setup, "default_bet", None) or self.spec.default_bet or self.ladder[0]
        self.bet_index = self.ladder.index(default) if default in self.ladder else 0
        self.mode_id = self.spin_modes[0].id if self.spin_modes else self.modes[0].id
        self._recall_choices()                 # the bet and spin option this session left here
        self.played: PlayedRound | None = None   # the round on screen
        self.last_played: PlayedRound | None = None   # the last one shown (the review tools' math overlay)
        self.recall_title: str | None = None     # a recalled book's title (review tools), not a ledger round
        self.presentation: Presentation | None = None
        self.committing: Any = None        # the round's commit on the ledger's writer (a Future)
        self.settling: Any = None          # its settlement's commit there (a Future)
        self.round_clock = 0.0             # unscaled seconds since the round started
        self.shown_win = 0                 # running win during a presentation (cents)
        self.last_win = 0
        self.recall_mode = False
        self.recall_record = None          # the ledger row of a recalled round (balances)
        self.recall_story = None           # history.RoundStory of a recalled round (its gamble and spin chance)
        self.recall_label: tuple[str, str] | None = None   # a showcase's / clip's own two HUD lines
        self.recall_celebrates = False     # a showcase's / clip's round ends with its celebration
        self.autoplay: Autoplay | None = None
        self._autoplay_wait = 0.0
        self._held_for = 0.0               # seconds the presentation has waited for START
        self.auto_close: float | None = None     # attract recalls close themselves after this
        self.own_buttons: list[Button] = []      # the game's own controls (add_button)
        self.result_pending: int | None = None   # a settled round whose result is still on screen
        self.force_next: str | None = None       # review tools: the next round's category
        self.force_mode: str | None = None       # review tools: the mode it plays in (None: the usual)
        self.showcase: list[str] = []            # review tools: categories still to show
        self._message: tuple[str, float] | None = None
        self.time = 0.0                    # scene clock (scaled in turbo), for idle animations
        self.timeline: Timeline | None = None   # the round's timeline while its steps are built
        self.hud = Hud(self)
        self.moments = Moments(self)            # the big moment on screen (moments.py), set by steps
        self.idle = IdleLayers(app, self.spec.id, self.idle_layers)
        self.widgets: list[Widget] = list(build_buttons(self))
        self.build()
        warm_moments(app)                       # the big moments' shared pictures, once per window size

    # == helpers for games ========================================================
    def cents(self, x100: int) -> int:
        """Hundredths of the bet as cents at the bet on screen (the round's, else the
        current one), rounded down as paid."""
        return win_cents(self.played.bet_cents if self.played is not None else self.bet, x100)

    def money(self, x100: int) -> str:
        """Hundredths of the bet as the player's money text."""
        return self.app.cabinet.currency.format(self.cents(x100))

    def add_button(self, rect, label, action: str, **kw) -> Button:
        """A game's own control (ante, fortune bet...); its action reaches on_action.
        It is off while a past round is recalled."""
        enabled = kw.pop("enabled", None) or (lambda: True)

        def enabled_unless_recalled() -> bool:
            return enabled() and not self.recall_mode

        kw["enabled"] = enabled_unless_recalled
        button = Button(rect, label, action, **kw)
        self.widgets.append(button)
        self.own_buttons.append(button)          # the attract loop keeps these in view (all off)
        return button

    def leave(self) -> None:
        self._remember_choices()
        self.result_seen()         # closed in this process: no stop cut its result short

    def result_seen(self) -> None:
        """The settled round's result counts as shown (RESULT_SHOWN): the game is idle on
        top again after it (App._results_shown), or the game closed (its celebration with
        it). Only a stop cuts a result short: reopening the game does not show it again."""
        if self.result_pending is not None:
            self.app.checkpoints.put(self.result_pending, RESULT_SHOWN)
            self.result_pending = None

    def _remember_choices(self) -> None:
        """The bet and spin option for the session; the spin option also across restarts."""
        super()._remember_choices()
        if not self.recall_mode and self.spin_modes and hasattr(self.app, "remember_spin_mode"):
            self.app.remember_spin_mode(self.spec.id, self.mode_id)

    def _recall_choices(self) -> None:
        if self.spec.id not in self.app.game_choices and hasattr(self.app, "remembered_spin_mode"):
            mode = self.app.remembered_spin_mode(self.spec.id)       # a choice kept from before a restart
            if any(m.id == mode for m in self.spin_modes) and self.offered(mode):
                self.mode_id = mode
        super()._recall_choices()

    def message(self, text: str, seconds: float = 3.0) -> None:
        """A clear banner above the HUD (refused bets, autoplay stops)."""
        self._message = (text, self.app.time + seconds)

    def open_buy_menu(self, option: int | None = None) -> None:
        """The buy menu with this game's buy modes; `option` opens its confirmation."""
        if self.buy_modes and not self.busy and not self.recall_mode:
            self.app.open("buy_menu", self, option)

    # == state ====================================================================
    @property
    def bet(self) -> int:
        return self.ladder[self.bet_index]

    @property
    def busy(self) -> bool:
        """A round is on screen (presenting, or finished but not yet settled), or its
        start or its settlement is being committed by the ledger's writer."""
        if self.settling is not None and self.settling.done():
            self.settling = None
        return self.played is not None or self.committing is not None or self.settling is not None

    @property
    def presenting(self) -> bool:
        """A round is on screen, or its start is being committed."""
        return self.played is not None or self.committing is not None

    @property
    def waiting_for_start(self) -> bool:
        """The round on screen waits for the player's START (a held step)."""
        return self.presentation is not None and self.presentation.waiting

    @property
    def message_text(self) -> str | None:
        return i18n.shown(self._message[0]) if self._message and self._message[1] > self.app.time else None

    @property
    def shown_balance(self) -> int:
        rec = self.recall_record
        if self.recall_mode and rec is not None:
            if self.busy or rec.balance_after is None:
                return rec.balance_before - rec.cost_cents
            story = self.recall_story       # after its gamble steps and spin-chance draws: the real balance
            if story is not None and story.draws and story.balance_after is not None:
                return story.balance_after
            return rec.balance_after
        return self.app.cabinet.balance

    def mode_cost(self, mode_id: str | None = None) -> int:
        return self.spec.mode(mode_id or self.spin_mode()).cost_cents(self.bet)

    # == frame ====================================================================
    def enter(self) -> None:
        """Resume this game's interrupted round, if the ledger has one."""
        self.app.audio.preload(f"music.{self.spec.id}.base", f"music.{self.spec.id}.feature")
        if self.recall_mode:
            return
        cab = self.app.cabinet
        self.app.checkpoints.flush()       # a result shown just before counts as shown
        played = cab.open_round() or cab.unshown_result(self.spec.id)   # a win whose display a stop cut short
        if played is None or played.game != self.spec.id:
            return
        try:
            self.begin(played, from_step=played.checkpoint)
        except Exception:                          # never a crash loop at start-up:
            traceback.print_exc()                  # the round is paid as recorded, and said so
            self.played, self.presentation = None, None
            cab.settle(played.round_id)
            self.last_win = played.win_cents
            self.message(_("Round {number} could not be shown again; its win of {amount} was paid").format(
                number=played.round_id, amount=cab.currency.format(played.win_cents)), 8.0)
            return
        if any(m.id == played.mode for m in self.spin_modes):     # its option shows as it was played
            self.mode_id = played.mode
            self._remember_choices()
        self.message(_("Showing the result of the interrupted round") if played.settled else
                     _("Resuming the interrupted round"))

    def update(self, dt: float) -> None:
        if self.committing is not None and self.committing.done():
            self._committed()
        scaled = dt * (self.TURBO_SPEED if self.app.turbo and self.app.turbo_allowed else 1.0)
        self.time += scaled
        self.animate(scaled)
        if self.presentation is not None:
            self.round_clock += dt
            if self.presentation.waiting and (self.autoplay is not None or self.recall_mode or self.showcase):
                self._held_for += scaled                   # no player to press START: go on by itself
                if self._held_for >= self.AUTO_CONTINUE:
                    self.presentation.release()
                    self._held_for = 0.0
            for n in self.presentation.advance(scaled):
                self._checkpoint(n)
            if self.presentation.done and (self.recall_mode or self.round_clock >= self.app.min_round_seconds):
                self.finish()
        elif self.recall_mode and self.auto_close is not None and self.app.stack.top is self:
            self.auto_close -= dt
            if self.auto_close <= 0:
                self.app.pop(self)
        elif (self.autoplay is not None or self.showcase) and self.app.stack.top is self:
            self._autoplay_wait -= scaled
            if self._autoplay_wait <= 0:
                if self.showcase:
                    category = self.showcase.pop(0)
                    self.message(_("Showcase: {name}").format(name=category_words(self.spec, category)))
                    self.play(force=category)
                else:
                    self._autoplay_next()

    def animate(self, dt: float) -> None:
        """Idle and in-round animation that is not a step (reels spinning, glows)."""

    @property
    def music(self) -> str:  # type: ignore[override]  # follows the round: read-only, unlike Scene's
        """The game's base theme, its feature theme in a feature (music_events), or none
        for a trigger's moment; the feature's theme stays through its celebration."""
        pres, played = self.presentation, self.played
        if pres is not None and played is not None:
            step = pres.current
            events = played.round.events
            upto = len(events) if step is None else step.event + 1
            mode = "base"
            for event in events[:upto]:
                mode = self.music_events.get(event["type"], mode)
            self._music_mode = mode
        elif self.app.stack.top is self:
            self._music_mode = "base"
        mode = getattr(self, "_music_mode", "base")
        return "" if mode == "quiet" else f"music.{self.spec.id}.{mode}"

    def draw(self, surface: pygame.Surface) -> None:
        if self.moments.draw_over(surface):     # a full moment: its photograph of the game, and itself
            return
        if self.moments.covers_screen():       # the curtains shut: the game behind them is not drawn
            self.moments.draw(surface)
            return
        if self.static_background:      # one opaque blit instead of backdrop + alpha bars
            lay = self.app.layout
            key = ("game_backdrop", self.spec.id, lay.size, self.backdrop_key(), self.recall_mode)
            surface.blit(self.app.assets.surface(key, self._backdrop), (0, 0))
        else:
            self.draw_background(surface)
            self.hud.draw_bars(surface)
        self.idle.draw(surface, self.time)
        self.draw_board(surface)
        self.hud.draw(surface)
        self.draw_widgets(surface)
        self.draw_top(surface)
        if self.recall_mode and not self.busy:
            self.hud.draw_recall_story(surface)
        self.moments.draw(surface)

    def draw_top(self, surface: pygame.Surface) -> None:
        """What a game draws over its controls (under a big moment)."""

    def backdrop_key(self) -> tuple:
        """The state draw_background depends on (with static_background)."""
        return ()

    def _backdrop(self) -> pygame.Surface:
        surf = pygame.Surface(self.app.layout.size).convert()
        self.draw_background(surf)
        self.hud.draw_bars(surf)
        return surf

    # == input ====================================================================
    def on_action(self, action: str) -> bool:
        """The shared controls (SPIN/skip, bets, menus, lobby); games add theirs first
        and call super().on_action for the rest."""
        return game_actions.handle(self, action)
