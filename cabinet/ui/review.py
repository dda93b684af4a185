"""The review bar (review mode only: demo tools on, never with real play): pause,
single step, slow motion and the math overlay for any presentation, and replay by
round id typed in the bar. The keys (input.REVIEW_KEYS, beside the cabinet's own map):

    F5  pause / resume            F8   math overlay on / off
    F6  single step (one event)   F9   replay a round: type its id, ENTER (ESC cancels)
    F7  speed 1x -> 0.5x -> 0.25x F10  the force menu (outcome categories, boards)

Time reaches the scenes through `scene_dt`: the injectable clock's dt, times the
speed, or 0 while paused. A single step lets the game's presentation run (at the
speed chosen) until its next step shows another round event (Step.event), then
pauses again; with no round on screen (a celebration, a gamble) it runs 0.1 s. The
bar is drawn while any of these is on.
"""
from __future__ import annotations

from typing import Any

import pygame

from cabinet.core.i18n import _, formats
from cabinet.core.replay import ReplayError, round_by_id

from . import draw as D
from .demo import demo_allowed
from .input import REVIEW_KEYS, key_word  # noqa: F401  (REVIEW_KEYS: listed on the keyboard page)
SPEEDS = (1.0, 0.5, 0.25)
STEP_SECONDS = 0.1              # a single step where no round is presented
# Where the bar goes (logical): over the game's name, in the bar that has it (hud_layout.py).
# Over another scene (a gamble, a menu): the bottom left corner, without the key hints.
BARS = {"bottom": pygame.Rect(236, 20, 1236, 56), "top": pygame.Rect(24, 984, 1350, 56),
        "other": pygame.Rect(16, 1012, 780, 56)}
MAX_ID_DIGITS = 12


class ReviewDesk:
    """The review tools' state for one app, and the bar that shows it."""

    def __init__(self, app: Any):
        self.app = app
        self.paused = False
        self.speed = 1.0
        self.math = False
        self.typing: str | None = None     # the round id being typed (None: not typing)
        self._step_from: tuple[Any, int] | None = None   # (presentation, event) a single step leaves
        self._step_left = 0.0

    @property
    def allowed(self) -> bool:
        return demo_allowed(self.app.config)

    @property
    def active(self) -> bool:
        """Whether the bar is up (any tool on)."""
        return self.allowed and (self.paused or self.speed != 1.0 or self.math or self.typing is not None)

    # -- keys -------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event, actions: tuple[str, ...]) -> bool:
        """A key for the review tools (True: used). Off outside review mode."""
        if not self.allowed:
            return False
        if self.typing is not None and event.type == pygame.KEYDOWN:
            self._type(event)
            return True
        if "review_pause" in actions:
            self.toggle_pause()
        elif "review_step" in actions:
            self.single_step()
        elif "review_slow" in actions:
            self.speed = SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)]
        elif "review_math" in actions:
            self.math = not self.math
        elif "review_replay" in actions:
            self.typing = ""
        else:
            return False
        return True

    def toggle_pause(self) -> None:
        self.paused = not self.paused
        self._step_from = None

    def _type(self, event: pygame.event.Event) -> None:
        key = event.key
        text = self.typing or ""
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.typing = None
            if text:
                self.replay(text)
        elif key == pygame.K_ESCAPE:
            self.typing = None
        elif key == pygame.K_BACKSPACE:
            self.typing = text[:-1]
        elif getattr(event, "unicode", "").isdigit() and len(text) < MAX_ID_DIGITS:
            self.typing = text + event.unicode

    def replay(self, round_id: str) -> Any:
        """Recall the round with this id (a toast names a bad one and the ids there are)."""
        game = self.app.stack.find("game")
        if game is not None and (game.busy and not game.recall_mode):
            self.app.toast(_("Finish the round first"), 3.0)
            return None
        try:
            played, record = round_by_id(self.app.cabinet, round_id)
        except ReplayError as exc:
            self.app.toast(str(exc)[:110], 5.0)
            return None
        return self.app.present_recall(played, record)

    # -- time ---------------------------------------------------------------------------
    def game(self) -> Any:
        """The game scene presenting a round, if it is on top (None otherwise)."""
        top = self.app.stack.top
        return top if getattr(top, "presentation", None) is not None and hasattr(top, "spec") else None

    def single_step(self) -> None:
        """Run on to the next round event (or 0.1 s), then pause again."""
        self.paused = True
        game = self.game()
        pres = game.presentation if game is not None else None
        if pres is not None and pres.waiting:       # a step waiting for START: START it
            pres.release()
        if pres is not None and not pres.done:
            self._step_from = (pres, pres.current.event)
        else:
            self._step_from = (None, 0)
            self._step_left = STEP_SECONDS

    def scene_dt(self, dt: float) -> float:
        """The seconds the scenes move on this frame."""
        if not self.allowed:
            return dt
        if not self.paused:
            return dt * self.speed
        if self._step_from is None:
            return 0.0
        pres, _ = self._step_from
        if pres is None:
            used = min(dt * self.speed, self._step_left)
            self._step_left -= used
            if self._step_left <= 0:
                self._step_from = None
            return used
        return dt * self.speed

    def after_update(self) -> None:
        """A single step ends when the presentation shows another event (or ends)."""
        if self._step_from is None or self._step_from[0] is None:
            return
        pres, event = self._step_from
        game = self.game()
        if game is None or game.presentation is not pres or pres.done or pres.waiting \
                or pres.current.event != event:
            self._step_from = None

    # -- the bar --------------------------------------------------------------------------
    def status(self) -> str:
        """What the bar says."""
        if self.typing is not None:
            return _("REPLAY ROUND #{typed}_   {enter} replay   {escape} cancel").format(
                typed=self.typing, enter=key_word("ENTER"), escape=key_word("ESC"))
        parts = [_("PAUSED") if self.paused else _("PLAYING"),
                 _("SPEED {speed}x").format(speed=formats.number(self.speed, len(f"{self.speed:g}".partition(".")[2])))]
        game = self.game()
        pres = game.presentation if game is not None else None
        under = self.app.stack.find("game")
        if under is not None and under.recall_mode:
            rec = under.recall_record
            parts.insert(0, _("RECALL #{number}").format(number=rec.id) if rec is not None else _("RECALL"))
        if pres is not None:
            events = len(game.played.round.events)
            at = pres.current.event if not pres.done else events
            parts.append(_("EVENT {number} / {count}").format(number=min(max(at, 0), events), count=events))
        if self.math:
            parts.append(_("MATH"))
        return "   ·   ".join(parts)

    def draw(self, surface: pygame.Surface) -> None:
        """The bar (and the math overlay, when on) over everything but the toast."""
        if not self.active:
            return
        if self.math:
            from .math_overlay import draw_math_overlay
            draw_math_overlay(self.app, surface)
        lay, A = self.app.layout, self.app.assets
        game = self.app.stack.top
        where = getattr(game, "hud_layout", "bottom") if hasattr(game, "spec") and hasattr(game, "hud") else "other"
        bar = BARS.get(where, BARS["bottom"])
        real = lay.rect(bar)

        def review_bar() -> pygame.Surface:
            return D.rounded_panel(real.size, (20, 60, 70), (8, 30, 36), radius=real.h // 2, border=D.CYAN,
                                   border_width=lay.px(3), alpha=255)

        panel = A.surface(("review_bar", real.size), review_bar)
        surface.blit(panel, real.topleft)
        D.text_layer(real)
        title = _("REVIEW")
        A.blit_text(surface, title, A.fit(title, 24, 104, True), (bar.x + 26, bar.centery), D.CYAN, anchor="midleft",
                    bold=True)
        status = self.status()
        room = bar.w - 166 - (150 if where != "other" else 0)
        A.blit_text(surface, status, A.fit(status, 24, room, True), (bar.x + 140, bar.centery), D.CREAM,
                    anchor="midleft", bold=True)
        if where != "other":
            A.blit_text(surface, "F5 F6 F7 F8 F9", 20, (bar.right - 26, bar.centery), D.MUTED, anchor="midright")
