"""Toy Reels' math file (math.yaml), loaded once into plain tables."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import yaml

from cabinet.core.game import BetMode

MATH_FILE = Path(__file__).parents[1] / "math.yaml"
ROWS, REELS = 3, 3


@dataclass(frozen=True)
class ToyMath:
    raw: dict[str, Any]
    strips: tuple[str, ...]
    names: dict[str, str]
    pays_x100: dict[str, int]
    lines: tuple[tuple[int, ...], ...]
    coin_values: np.ndarray       # int64 value_x100 per coin kind
    coin_cum: np.ndarray          # cumulative integer weights (exact draws)
    coins: int
    buy_coins: int


@lru_cache(maxsize=1)
def load() -> ToyMath:
    raw = yaml.safe_load(MATH_FILE.read_text())
    table = raw["coin_table"]
    return ToyMath(raw, tuple(raw["strips"]), dict(raw["names"]), {k: int(v) for k, v in raw["pays_x100"].items()},
                   tuple(tuple(line) for line in raw["lines"]), np.array([v for v, _ in table], dtype=np.int64),
                   np.cumsum([w for _, w in table]), int(raw["coins"]), int(raw["buy_coins"]))


def bet_modes() -> tuple[BetMode, ...]:
    return tuple(BetMode(mid, m["label"], int(m["cost_x100"]), m["kind"], m.get("description", ""))
                 for mid, m in load().raw["modes"].items())
