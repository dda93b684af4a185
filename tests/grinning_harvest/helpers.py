"""Hand-built states for the Grinning Harvest rules tests."""
from __future__ import annotations

import numpy as np

from games.grinning_harvest.math.bonus import BonusSetup, HarvestBonus
from games.grinning_harvest.math.tables import RowTable, load


def m():
    return load()


def row_table(weights_per_reel: list[int]) -> RowTable:
    """A row table with the same weights over (web, x2, x3, x4, x5, skull) on every reel."""
    mm = load()
    w = np.array([weights_per_reel] * 3, dtype=np.int64)
    return RowTable(mm.row.items, mm.row.multipliers, w, np.cumsum(w, axis=1), mm.row.skull)


def quiet_setup(pumpkin_chance: int = 0, vault_chance: int = 0) -> BonusSetup:
    """A bonus in which the row shows only webs and nothing lands unless asked."""
    mm = load()
    return BonusSetup(mm.values_bonus, row_table([1, 0, 0, 0, 0, 0]), pumpkin_chance, vault_chance)


def pumpkin(value_x: int, label: str | None = None) -> dict:
    return {"kind": "pumpkin", "label": label or f"{value_x}x", "value_x100": value_x * 100}


def vault() -> dict:
    return {"kind": "vault", "value_x100": 0}


def bonus(start: dict, cap_left_x100: int | None = None) -> HarvestBonus:
    mm = load()
    return HarvestBonus(mm, start, mm.max_win_x100 if cap_left_x100 is None else cap_left_x100)


WEBS = ["web", "web", "web"]
