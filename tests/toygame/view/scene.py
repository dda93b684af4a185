"""Toy Reels on screen: the smallest complete GameScene, and the UI tests' game.

It shows how a game plugs into the shell: pre-rendered faces (art.py), a ReelSet at
the layout's place (layout.py), one `present_<type>` method per event type of the
game's catalogue (math/events.py) reading the shared timeline's running win,
`draw_board` (board.py), its start board (`start_reels`), its cues (sounds.py), its
gallery (shots.py), and an ante toggle button shown only when an ante mode is offered
(the UI tests' variant has one).
"""
from __future__ import annotations

import pygame

from cabinet.ui.game_scene import GameScene
from cabinet.ui.presentation import Step, wait
from cabinet.ui.reels import ReelSet
from cabinet.ui.start_board import StartReels

from ..math import rules
from ..math.paytable import evaluate
from . import board
from .art import COLORS, face
from .layout import REELS
from .shots import SHOTS
from .sounds import add_cues


class ToyScene(GameScene):
    """Toy Reels: 3x3 reels, three lines, a coin bonus."""

    static_background = True        # the starfield never changes: composed with the bars once
    SHOTS = SHOTS

    def build(self) -> None:
        self._faces: dict[int, dict[str, pygame.Surface]] = {}
        rest = self.start_board()
        self.reels = ReelSet(self.app, tuple(REELS), 3, 3, self.faces, self.start_reels().strips,
                             board=rest.board, stops=rest.stops)
        self.win_lines: list[int] = []
        self.coins: list[int] = []
        self.bonus = False
        add_cues(self.app.audio)
        # a control only for a mode the game offers (the UI tests' variant has an ante)
        if any(m.id == "ante" for m in self.spin_modes) and not any(w.action == "ante" for w in self.widgets):
            self.add_button((24, 600, 190, 80), lambda: "ANTE ON" if self.mode_id == "ante" else "ANTE OFF",
                            "ante", lit=lambda: self.mode_id == "ante", enabled=lambda: not self.busy)

    def start_reels(self) -> StartReels:
        """The start board: a window of the strips with no line win and fewer than the
        three STARs that start the coin bonus."""
        return StartReels([list(s) for s in rules.STRIPS], 3, self.evaluate_letters, {"S": 2})

    @staticmethod
    def evaluate_letters(board: list[list[str]]) -> dict:
        """`evaluate` on a board of strip letters (it reads symbol names)."""
        return evaluate([[rules.NAMES[s] for s in row] for row in board])

    def relayout(self) -> None:
        self._faces = {}

    def faces(self, size: int) -> dict[str, pygame.Surface]:
        if size not in self._faces:
            font = self.app.assets.font(110, True)
            self._faces[size] = {k: face(k, size, font).convert_alpha() for k in COLORS}
        return self._faces[size]

    def on_action(self, action: str) -> bool:
        if action == "ante":
            self.select_mode("base" if self.mode_id == "ante" else "ante")
            return True
        return super().on_action(action)

    # -- presentation --------------------------------------------------------------
    def round_started(self, played) -> None:
        self.win_lines, self.coins, self.bonus = [], [], False

    def present_reel_stop(self, event) -> list[Step]:
        """Reel 0's event plans the spin of every reel; each reel's steps begin as it lands."""
        if event["reel"] == 0:
            stops = sorted((e for e in self.timeline.played.round.events if e["type"] == "reel_stop"),
                           key=lambda e: e["reel"])
            self.timeline.state["reels"] = self.reels.spin_steps([list(e["symbols"]) for e in stops],
                                                                 [e.get("stop") for e in stops], spin=0.45)
        return self.timeline.state["reels"][event["reel"]]

    def present_line_win(self, event) -> list[Step]:
        won = self.timeline.win(event["pay_x100"])

        def show() -> None:
            self.win_lines.append(event["line"])
            self.shown_win = self.cents(won)
        return [Step(0.7, start=show, label=f"line {event['line'] + 1} pays", sound="coin")]

    def present_bonus_start(self, event) -> list[Step]:
        return [Step(1.0, start=lambda: setattr(self, "bonus", True), label="coin bonus", sound="bonus")]

    def present_coin(self, event) -> list[Step]:
        won = self.timeline.win(event["value_x100"])

        def show() -> None:
            self.coins.append(event["value_x100"])
            self.shown_win = self.cents(won)
        return [Step(0.5, start=show, label="coin", sound="coin")]

    def present_round_end(self, event) -> list[Step]:
        """The round's win as paid (after the cabinet's limits), which the lines and
        coins counted up to."""
        return [Step(0.0, start=lambda: setattr(self, "shown_win", self.played.win_cents), label="round end")]

    def timeline_end(self, tl) -> list[Step]:
        return [wait(0.3)]

    # -- frame ---------------------------------------------------------------------
    def animate(self, dt: float) -> None:
        self.reels.update(dt)

    def draw_board(self, surface: pygame.Surface) -> None:
        board.draw(self, surface)
