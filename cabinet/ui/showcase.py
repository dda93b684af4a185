"""The showcase: each game's script (showcase_script.py) played in order, a title
card before each round naming the feature it shows, the rounds real books of the
libraries presented in recall mode (no money moves, nothing is recorded) and ending
with their celebrations. A review tool: `app.open("showcase", [game ids])` from the
library viewer's PLAY SHOWCASE; ESC (or < BACK during a round) ends it.

It is also the kiosk attract loop when the review tools are allowed:
`attract_showcase(app)` opens it looping over every offered game (another turn draws
other books of the same kinds) and returns None under real play or with no script;
any touch ends the attract loop and this with it (App._end_attract pops everything
above the attract scene).
"""
from __future__ import annotations

import math
from typing import Any

import pygame

from cabinet.core.book_rounds import book_round

from . import draw as D
from .demo import demo_allowed
from .round_show import show_round
from .scene import Scene, register
from .showcase_script import ShowcaseError, books, load, script_path

CARD_SECONDS = 2.6          # the title card before each round
CLOSE_AFTER = 2.0           # the end of each round stays this long


def queue(app: Any, games: list[str], turn: int = 0) -> tuple[list[tuple[Any, Any, int, str]], list[str]]:
    """[(setup, step, book, '3 / 11')] over the games' scripts in order, and the
    problems (one line each) of the games whose script cannot be played."""
    out: list[tuple[Any, Any, int, str]] = []
    problems: list[str] = []
    for gid in games:
        setup = app.cabinet.games.get(gid)
        if setup is None or setup.library is None:
            problems.append(f"{gid}: no book libraries loaded")
            continue
        try:
            picked = books(load(setup.library), setup.library, turn)
        except ShowcaseError as exc:
            problems.append(str(exc))
            continue
        out += [(setup, step, book, f"{n} / {len(picked)}") for n, (step, book) in enumerate(picked, 1)]
    return out, problems


@register("showcase")
class Showcase(Scene):
    """Title card, round, title card, round... until the scripts end (or for ever, looping)."""

    def __init__(self, app, games: list[str], loop: bool = False):
        super().__init__(app)
        self.games, self.loop = list(games), loop
        self.turn = 0
        self.items, problems = queue(app, self.games) if demo_allowed(app.config) else \
            ([], ["the showcase is a review tool, off on this cabinet"])
        if problems:
            app.toast(problems[0], 6.0)
        self.index = 0
        self.t = 0.0
        self.shown: Any = None           # the game scene of the round on screen
        self.closing = not self.items

    def resume(self) -> None:
        """The round's scene closed: by itself (the next card follows), or by the viewer
        (< BACK / ESC during the round: the showcase ends)."""
        if self.shown is not None and (self.shown.auto_close is None or self.shown.auto_close > 0):
            self.closing = True
        self.shown = None
        self.t = 0.0

    def on_action(self, action: str) -> bool:
        if action in ("close", "select", "spin"):
            self.closing = True
            return True
        return False

    @property
    def upcoming(self) -> tuple[Any, Any, int, str] | None:
        return self.items[self.index] if self.index < len(self.items) else None

    def update(self, dt: float) -> None:
        if self.closing:
            if self.app.stack.top is self:
                self.app.pop(self)
            return
        self.t += dt
        if self.t < CARD_SECONDS or self.app.stack.top is not self:
            return
        if self.upcoming is None:                      # the scripts are done
            if not self.loop:
                self.closing = True
                return
            self.turn += 1
            self.items, _ = queue(self.app, self.games, self.turn)
            self.index, self.t = 0, 0.0
            return
        setup, step, book, number = self.upcoming
        self.index += 1
        played = book_round(setup, step.wanted.mode, book)
        label = (f"SHOWCASE  ·  {setup.spec.name.upper()}", f"{number}  ·  {step.caption}")
        self.shown = show_round(self.app, played, label=label, celebrate=True)
        if self.shown is None:
            self.closing = True
        else:
            self.shown.auto_close = CLOSE_AFTER

    def draw(self, surface: pygame.Surface) -> None:
        lay, A = self.app.layout, self.app.assets
        surface.blit(A.surface(("lobby_bg", lay.size), lambda: D.starfield(lay.size)), (0, 0))

        def showcase_glow() -> pygame.Surface:
            return D.radial_glow(lay.px(560), (255, 170, 60), 0.6)

        glow = A.surface(("showcase_glow", lay.px(560)), showcase_glow)
        cx, cy = lay.pt(960, 470)
        surface.blit(glow, (cx - glow.get_width() // 2, cy - glow.get_height() // 2))
        item = self.upcoming
        if item is None:
            A.blit_text(surface, "SHOWCASE", 96, (960, 470), D.GOLD, anchor="center", bold=True, outline=(90, 40, 0))
            return
        setup, step, _, number = item
        A.blit_text(surface, "SHOWCASE", 40, (960, 250), D.CYAN, anchor="center", bold=True)
        A.blit_text(surface, setup.spec.name.upper(), 104, (960, 360), D.GOLD, anchor="center", bold=True,
                    outline=(90, 40, 0))
        A.blit_text(surface, number, 40, (960, 470), D.MUTED, anchor="center", bold=True)
        size = int(64 * (1 + 0.03 * math.sin(self.t * 3)))
        A.blit_text(surface, step.caption, size, (960, 590), D.CREAM, anchor="center", bold=True)
        hint = "TOUCH TO PLAY" if self.loop else "ESC ends the showcase"
        A.blit_text(surface, hint, 40 if self.loop else 28, (960, 800), D.CYAN if self.loop else D.MUTED,
                    anchor="center", bold=True)


def attract_showcase(app: Any) -> Any:
    """The kiosk attract hook: the showcase of every offered game with books and a
    script, looping; None when the review tools are off (always under real play) or
    no game has both."""
    if not demo_allowed(app.config):
        return None
    games = [gid for gid, setup in app.cabinet.games.items()
             if setup.library is not None and script_path(setup.spec).is_file()]
    return app.open("showcase", games, loop=True) if games else None
