"""Grinning Harvest's math file, loaded once into plain data both engines share.

`load()` reads `math.yaml` next to this file and returns a `Maths`: symbols,
strips as index arrays, the compiled payline evaluator, pumpkin value tables,
the bonus settings and one `BuyOption` per buy mode. Nothing here draws random
numbers; `rules.py` (per round) and `sim.py` (vectorised) do.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from cabinet.core.found_searches import FoundSearches
from cabinet.core.math_file import is_whole, read_math_file
from cabinet.mechanics.lines import LineEvaluator

MATH_FILE = Path(__file__).parents[1] / "math.yaml"
# the first accepted attempts of the forced books' batched searches (found_searches.py, forced.play)
FOUND = FoundSearches(MATH_FILE.parent / "found.json")
ROWS = 3
REELS = 3
JACKPOTS = ("mini", "minor", "mega", "grand")


@dataclass(frozen=True)
class ValueTable:
    """Pumpkin values: labels ('2x'.. 'grand'), value_x100 and integer weights."""

    labels: tuple[str, ...]
    value_x100: np.ndarray      # int64
    weights: np.ndarray         # int64
    cum: np.ndarray             # cumulative weights for exact draws

    @property
    def probabilities(self) -> np.ndarray:
        return self.weights / self.weights.sum()

    def mean_x100(self) -> float:
        return float((self.value_x100 * self.weights).sum() / self.weights.sum())


@dataclass(frozen=True)
class RowTable:
    """The bonus row above the reels: per reel, weights over row_items."""

    items: tuple[str, ...]          # web, x2, x3, x4, x5, skull
    multipliers: np.ndarray         # int64 per item (web and skull: 1)
    weights: np.ndarray             # int64 (REELS, items)
    cum: np.ndarray                 # (REELS, items)
    skull: int                      # index of the skull item


@dataclass(frozen=True)
class BuyOption:
    id: str
    key: int
    label: str
    cost_x100: int
    start_vaults: int
    start_pumpkins_per_reel: int
    row: RowTable
    values: ValueTable          # pumpkin values in this option's bonus
    help: str


@dataclass(frozen=True)
class Maths:
    raw: dict[str, Any]
    symbols: tuple[str, ...]
    names: dict[str, str]
    sym: dict[str, int]                  # id -> index
    strips: tuple[np.ndarray, ...]       # per reel, int16 symbol indices
    lines: LineEvaluator
    pumpkin_reels: tuple[int, ...]
    vault_reels: tuple[int, ...]
    values_base: ValueTable
    values_bonus: ValueTable
    jackpots: dict[str, int]
    lives: int
    max_vaults: int
    chance_den: int
    pumpkin_chance: int
    vault_chance: int
    row: RowTable
    great_skull_mult: np.ndarray
    great_skull_weights: np.ndarray
    great_skull_cum: np.ndarray
    buys: tuple[BuyOption, ...]
    max_win_x100: int
    rtp: dict[str, float]

    def buy(self, mode: str) -> BuyOption:
        for b in self.buys:
            if b.id == mode:
                return b
        raise KeyError(mode)

    def row_for(self, mode: str) -> RowTable:
        """The row table a mode's bonus uses (a buy may override it)."""
        return self.row if mode == "base" else self.buy(mode).row

    def values_for(self, mode: str) -> ValueTable:
        """The pumpkin values a mode's bonus draws (a buy may override them)."""
        return self.values_bonus if mode == "base" else self.buy(mode).values


def _values(rows: list[list[Any]]) -> ValueTable:
    w = np.array([int(r[2]) for r in rows], dtype=np.int64)
    return ValueTable(tuple(str(r[0]) for r in rows), np.array([int(r[1]) for r in rows], dtype=np.int64),
                      w, np.cumsum(w))


def _row(items: list[str], mults: list[int], weights: list[list[int]]) -> RowTable:
    w = np.array(weights, dtype=np.int64)
    if w.shape != (REELS, len(items)):
        raise ValueError("row_weights needs one row of weights per reel")
    return RowTable(tuple(items), np.array(mults, dtype=np.int64), w, np.cumsum(w, axis=1),
                    items.index("skull"))


def parse(raw: dict[str, Any]) -> Maths:
    """Build `Maths` from the YAML mapping (validated as it goes)."""
    symbols = tuple(s["id"] for s in raw["symbols"])
    sym = {s: i for i, s in enumerate(symbols)}
    strips = tuple(np.array([sym[s] for s in strip], dtype=np.int16) for strip in raw["reels"])
    if len(strips) != REELS:
        raise ValueError("Grinning Harvest has 3 reels")
    big_win = raw.get("big_win")
    if not (isinstance(big_win, dict) and all(is_whole(big_win.get(k), 1) for k in ("base", "buy"))):
        raise ValueError(f"math.yaml big_win: {big_win!r}; allowed: {{base: X, buy: Y}}, whole numbers above 0 "
                         "(x the bet, x a buy's price)")
    pays = {s: {int(k): int(v) for k, v in p.items()} for s, p in raw["pays_x100"].items()}
    evaluator = LineEvaluator(symbols, raw["lines"], pays, wild=raw["wild"],
                              not_substituted=raw["not_substituted"])
    pumpkin_reels = tuple(raw["pumpkin_reels"])
    vault_reels = tuple(raw["vault_reels"])
    for r, strip in enumerate(strips):       # the sheet: pumpkins on 1 and 3, vault on 2
        if r not in pumpkin_reels and (strip == sym["pumpkin"]).any():
            raise ValueError(f"pumpkin on reel {r + 1}")
        if r not in vault_reels and (strip == sym["vault"]).any():
            raise ValueError(f"vault on reel {r + 1}")
    b = raw["bonus"]
    row = _row(b["row_items"], b["row_multipliers"], b["row_weights"])
    gs = np.array(b["great_skull"], dtype=np.int64)
    buys = []
    for o in raw["buys"]:
        buys.append(BuyOption(o["id"], int(o["key"]), o["label"], int(o["cost_x100"]),
                              int(o["start"]["vaults"]), int(o["start"]["pumpkins_per_reel"]),
                              _row(b["row_items"], b["row_multipliers"], o["row_weights"])
                              if "row_weights" in o else row,
                              _values(raw["pumpkin_values"][o.get("pumpkin_values", "bonus")]), o["help"]))
    jackpots = {k: int(v) for k, v in raw["jackpots"].items()}
    for table in raw["pumpkin_values"].values():
        for label, value, _w in table:
            if label in jackpots and jackpots[label] != int(value):
                raise ValueError(f"jackpot {label} value disagrees with jackpots")
    return Maths(raw, symbols, {s["id"]: s["name"] for s in raw["symbols"]}, sym, strips, evaluator,
                 pumpkin_reels, vault_reels, _values(raw["pumpkin_values"]["base"]),
                 _values(raw["pumpkin_values"]["bonus"]), jackpots, int(b["lives"]),
                 int(b["max_vaults"]), int(b["chance_den"]), int(b["pumpkin_chance"]),
                 int(b["vault_chance"]), row, gs[:, 0].copy(), gs[:, 1].copy(), np.cumsum(gs[:, 1]),
                 tuple(buys), int(raw["max_win_x"]) * 100, dict(raw["rtp"]))


def vaults_in_view(m: Maths) -> dict[int, Fraction]:
    """Exact chance of k Vaults in view on reel 2 in a base spin (k = 0..3): the
    share of the strip's stops whose window shows k of them."""
    strip = m.strips[m.vault_reels[0]]
    n = len(strip)
    counts = [sum(int(strip[(s + r) % n]) == m.sym["vault"] for r in range(ROWS)) for s in range(n)]
    return {k: Fraction(counts.count(k), n) for k in range(ROWS + 1)}


@lru_cache(maxsize=1)
def load() -> Maths:
    """The shipped math (math.yaml), parsed once per process."""
    return read_math_file(MATH_FILE, parse, "Grinning Harvest")
