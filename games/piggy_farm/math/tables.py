"""Piggy Farm's numbers, read once from math.yaml into integer tables.

Everything the round generator, the vectorised simulator, the help text and the
paytable screen use comes from here, so what a player reads is what the math does.
Symbols become small ints (their order in the math file); pays become an
(symbols x 50) table of hundredths of the bet indexed by cluster size.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from cabinet.core.found_searches import FoundSearches
from cabinet.core.math_file import is_whole, read_math_file
from cabinet.mechanics.clusters import BoardShape
from cabinet.mechanics.pick import PickGame
from cabinet.mechanics.tumble import StripSet
from cabinet.mechanics.wheel import Wheel, wheel_from_data

MATH_FILE = Path(__file__).parents[1] / "math.yaml"
# the first accepted attempts of the forced books' batched searches (found_searches.py): the wheel
# triggers, the max wins' triggers and capped free spins, the buys' win levels
FOUND = FoundSearches(MATH_FILE.parent / "found.json")
WIN_LEVELS = ("big_win", "huge_win")    # a round's win against math.yaml big_win_x / huge_win_x

BANDS = ("5", "6-7", "8-9", "10-11", "12+")
BAND_LOW = (5, 6, 8, 10, 12)


def band_of(size: int) -> int:
    """Index of the pay band of a cluster of `size` cells (size >= 5)."""
    b = 0
    for i, lo in enumerate(BAND_LOW):
        if size >= lo:
            b = i
    return b


@dataclass(frozen=True)
class PiggyMath:
    raw: dict[str, Any]
    shape: BoardShape
    min_cluster: int
    symbols: tuple[str, ...]            # ids in math-file order
    pay_ids: tuple[int, ...]            # symbol indices that pay in clusters
    wild: int
    scatter: int
    pay_by_size: np.ndarray             # (n_symbols, cells + 1) int64, x100
    strips: dict[str, list[list[int]]]  # strip set -> reels of symbol indices
    strip_sets: dict[str, StripSet]
    wheel: Wheel
    tier_by_scatters: dict[int, str]
    cap_x100: int

    def sym(self, sid: str) -> int:
        return self.symbols.index(sid)

    def tier_for(self, scatters: int) -> str | None:
        """Wheel tier for a scatter count (None below the lowest trigger)."""
        hits = [n for n in self.tier_by_scatters if scatters >= n]
        return self.tier_by_scatters[max(hits)] if hits else None

    def mode(self, mode_id: str) -> dict[str, Any]:
        return self.raw["modes"][mode_id]

    def win_level_x100(self, feature: str, mode_id: str) -> int | None:
        """The win (x100 of the bet) from which a round of `mode_id` has the win-level
        feature `feature` (WIN_LEVELS: math.yaml big_win_x / huge_win_x, in multiples of
        the mode's cost), or None."""
        x = self.raw.get(f"{feature}_x", {}).get(mode_id)
        return None if x is None else int(x) * int(self.mode(mode_id)["cost_x100"])

    def big_win_x100(self, mode_id: str) -> int | None:
        return self.win_level_x100("big_win", mode_id)

    def win_levels(self, mode_id: str) -> dict[str, int]:
        """{feature: win x100} of the win levels `mode_id` has."""
        got = {f: self.win_level_x100(f, mode_id) for f in WIN_LEVELS}
        return {f: x for f, x in got.items() if x is not None}

    def hunt(self, mode_id: str) -> PickGame:
        m = self.mode(mode_id)
        return PickGame(nests=int(m["nests"]), prize_counts={int(k): int(v) for k, v in m["prize_counts"].items()},
                        ladder={int(k): int(v) for k, v in m["ladder_x100"].items()}, min_prizes=int(m["min_prizes"]))


def parse(raw: dict[str, Any]) -> PiggyMath:
    """Turn the math file's dict into integer tables (validating as it goes)."""
    board = raw["board"]
    for key in ("rows", "cols", "min_cluster"):
        if not is_whole(board.get(key)):
            raise ValueError(f"board {key} is {board.get(key)!r}; allowed: a whole number")
    shape = BoardShape(board["rows"], board["cols"])
    if not (1 <= shape.rows <= 8 and 1 <= shape.cols <= 8):
        raise ValueError(f"board is {shape.rows} x {shape.cols} cells; allowed: 1 to 8 rows and 1 to 8 columns "
                         "(the engines hold a reel's window in 8 bytes and a board in 64 bits)")
    if not 2 <= board["min_cluster"] <= shape.cells:
        raise ValueError(f"board min_cluster is {board['min_cluster']}; allowed: 2 to the board's {shape.cells} cells")
    symbols = tuple(s["id"] for s in raw["symbols"])
    kinds = {s["id"]: s["kind"] for s in raw["symbols"]}
    wild = symbols.index(next(s for s in symbols if kinds[s] == "wild"))
    scatter = symbols.index(next(s for s in symbols if kinds[s] == "scatter"))
    pay_ids = tuple(i for i, s in enumerate(symbols) if kinds[s] == "pay")
    pay = np.zeros((len(symbols), shape.cells + 1), dtype=np.int64)
    for sid, row in raw["pays_x100"].items():
        if len(row) != len(BANDS):
            raise ValueError(f"{sid} needs one pay per band {BANDS}")
        i = symbols.index(sid)
        for size in range(int(board["min_cluster"]), shape.cells + 1):
            pay[i, size] = int(row[band_of(size)])
    strips: dict[str, list[list[int]]] = {}
    for name, reels in raw["strips"].items():
        if len(reels) != shape.cols:
            raise ValueError(f"strip set {name} needs {shape.cols} reels")
        strips[name] = [[symbols.index(t) for t in reel.split()] for reel in reels]
    w = raw["wheel"]
    return PiggyMath(raw=raw, shape=shape, min_cluster=int(board["min_cluster"]), symbols=symbols,
                     pay_ids=pay_ids, wild=wild, scatter=scatter, pay_by_size=pay, strips=strips,
                     strip_sets={k: StripSet(v) for k, v in strips.items()},
                     wheel=wheel_from_data(w["slices"]),
                     tier_by_scatters={int(k): v for k, v in w["tier_by_scatters"].items()},
                     cap_x100=int(raw["cap_x100"]))


@lru_cache(maxsize=1)
def load() -> PiggyMath:
    """The shipped math file, parsed once."""
    return read_math_file(MATH_FILE, parse, "Piggy Farm")
