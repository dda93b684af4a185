"""The board a game rests on when it opens: a window of its real reel strips, new each time.

A game scene says how its start board is drawn with `start_reels()` (game_scene.py), the
same shape for every game: the strips its reels spin on now (one list of symbol ids per
reel, the mode's own), the rows in view, the game's `evaluate` (GameSpec.math.evaluate: what a
board pays) and, per feature symbol, how many may show (`at_most`: a Vault or three
windmills at rest would read as a trigger that never came). `StartReels.draw` picks
each reel's stop uniformly, as a round does, from the cabinet's display stream
(`Cabinet.show_rng`, an `Rng` of the one RNG service kept apart from the outcome stream:
a picture never moves the next round), reads the rows from the stops down, and draws
again while the board pays anything or shows too many of a feature symbol. So the
start board is one a spin could land on, and it never shows a win that was not paid.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from cabinet.core.rng import Rng

# A board that pays nothing and holds few feature symbols is most of the windows of a
# game's strips (the shipped games: at least 1 in 5 draws); this many draws without
# one means the configuration cannot give one.
TRIES = 2000


@dataclass(frozen=True)
class RestBoard:
    """A start board: rows top to bottom of symbol ids, and each reel's stop (the strip
    index of its top row)."""

    board: list[list[str]]
    stops: list[int]


@dataclass(frozen=True)
class StartReels:
    """How a game draws its start board (see the module's docstring)."""

    strips: Sequence[Sequence[str]]
    rows: int
    evaluate: Callable[[list[list[str]]], dict[str, Any]]
    at_most: dict[str, int] = field(default_factory=dict)

    def window(self, stops: Sequence[int]) -> list[list[str]]:
        """The rows in view with each reel at its stop (the top row at the stop)."""
        return [[strip[(stop + r) % len(strip)] for strip, stop in zip(self.strips, stops)]
                for r in range(self.rows)]

    def quiet(self, board: list[list[str]]) -> bool:
        """Whether a board pays nothing and shows no more of each feature symbol than allowed."""
        cells = [s for row in board for s in row]
        if any(cells.count(sym) > most for sym, most in self.at_most.items()):
            return False
        return self.evaluate(board)["total_x"] == 0

    def draw(self, rng: Rng) -> RestBoard:
        for _ in range(TRIES):
            stops = [rng.below(len(strip)) for strip in self.strips]
            board = self.window(stops)
            if self.quiet(board):
                return RestBoard(board, stops)
        raise ValueError(f"no start board in {TRIES} draws of these strips pays nothing with at most "
                         f"{self.at_most or 'any number of'} feature symbols")
