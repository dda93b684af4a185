"""What a game's scene overrides (GameHooks): the hooks GameScene (game_scene.py) calls
while it runs a round, each with what it does by default. A game's scene subclasses
GameScene and overrides the hooks it needs: `build` its pictures, `start_reels` for its
start board, `present_<event type>` or `round_steps` for its timeline, `draw_board`
for its picture, and the rest as its rules need.
"""
from __future__ import annotations

import logging
from typing import Any, Iterator

import pygame

from cabinet.core.game import GameSpec

from . import draw as D
from .presentation import Step
from .start_board import RestBoard, StartReels
from .timeline import Timeline

_log = logging.getLogger("cabinet.ui")          # the operator's log (cabinet/core/logs.py)


class GameHooks:
    """The hooks of a game's scene and their defaults (GameScene's `app` and `timeline`)."""

    app: Any
    spec: GameSpec
    mode_id: str
    timeline: Timeline | None

    def build(self) -> None:
        """Pre-render what does not change (symbols, reel strips); also on resize."""

    def prepare_slices(self, scratch: pygame.Surface) -> Iterator[str | None]:
        """What the game builds lazily in play (a gamble's pictures, a banner per style),
        built ahead by preparations.py behind the splash, one slice a `yield` (a line
        saying what, or None); `scratch` is an off-screen surface the window's size to
        draw into. Nothing by default."""
        return iter(())

    def start_reels(self) -> StartReels:
        """How the game's start board is drawn (start_board.py): the strips of the mode on
        screen, the rows in view, what a board pays and the feature symbols allowed at rest."""
        raise NotImplementedError(f"{type(self).__name__} has no start_reels()")

    def start_board(self) -> RestBoard:
        """A start board from the cabinet's display stream: a new one each time the game opens."""
        return self.start_reels().draw(self.app.cabinet.show_rng)

    def round_steps(self, played) -> list[Step]:
        """The timeline of a round: `timeline_start`, then `present_<type>(event)` per
        event (the shared `self.timeline` carries running totals), then `timeline_end`."""
        tl = self.timeline = Timeline(played, self.app.cabinet.currency)
        steps = self.timeline_start(tl)
        for tl.index, event in enumerate(played.round.events):
            handler = getattr(self, f"present_{event['type']}", None)
            if handler is None:                    # tests/ui/test_event_handlers.py: never for a catalogue type
                _log.error("%s: event %r has no present_ handler; it is not shown", self.spec.id, event["type"])
            else:
                made = handler(event)
                for step in made:                  # which event each step shows (review: single step)
                    step.event = tl.index
                steps.extend(made)
        end = self.timeline_end(tl)
        for step in end:
            step.event = len(played.round.events)
        return steps + end

    def timeline_start(self, tl: Timeline) -> list[Step]:
        """Steps before the round's events (and the game's own build state)."""
        return []

    def timeline_end(self, tl: Timeline) -> list[Step]:
        """Steps after the round's events (a closing beat)."""
        return []

    def round_started(self, played) -> None:
        """Called when a round (new, resumed or recalled) starts presenting."""

    def round_finished(self, played) -> None:
        """Called after the win is credited (or after a recall ends)."""

    def draw_background(self, surface: pygame.Surface) -> None:
        """The backdrop; games override with their theme."""
        lay = self.app.layout
        surface.blit(self.app.assets.surface(("game_bg", lay.size), lambda: D.starfield(lay.size)), (0, 0))

    def draw_board(self, surface: pygame.Surface) -> None:
        """The game's own picture inside `board_rect`."""

    def is_bonus(self, played) -> bool:
        """Whether a round counts as a bonus for autoplay's stop-on-bonus."""
        return bool(played.round.features)

    def spin_mode(self) -> str:
        """The mode SPIN plays (a game's ante / fortune-bet toggle changes mode_id)."""
        return self.mode_id

    def game_state(self) -> dict[str, Any] | None:
        """Persistent state saved with the settlement (e.g. pot levels); None = unchanged."""
        return None

    def pay_icon(self, symbol: str, size_px: int) -> pygame.Surface | None:
        """The symbol's picture for its paytable row (None: the name only)."""
        return None

    def symbol_name(self, symbol: str) -> str:
        """How the info pages name a symbol id."""
        return symbol

    @classmethod
    def tile_art(cls, size: tuple[int, int]) -> pygame.Surface | None:
        """The lobby tile's picture for this game (None: a generic one)."""
        return None
