"""Happy Money Hens' math file (math.yaml), loaded once into plain arrays.

Everything numeric the rules, the simulator and the help text use comes from here.
Feature combinations are bit masks: DOUBLE COINS = 1, POT FILL = 2, HAPPY BOOST = 4
(so the seven combinations are 1..7); `combo_code(7) == "DC+PF+HB"`.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, cast

import numpy as np

from cabinet.core.found_searches import FoundSearches
from cabinet.core.math_file import is_whole, read_math_file


MATH_PATH = Path(__file__).parents[1] / "math.yaml"
# the first accepted attempts of the forced bonus searches (found_searches.py, rules._forced_in_batches)
FOUND = FoundSearches(MATH_PATH.parent / "found.json")

DOUBLE_COINS, POT_FILL, HAPPY_BOOST = 1, 2, 4
FEATURES = {DOUBLE_COINS: "double_coins", POT_FILL: "pot_fill", HAPPY_BOOST: "happy_boost"}
CODES = {DOUBLE_COINS: "DC", POT_FILL: "PF", HAPPY_BOOST: "HB"}
POT_NAMES = ("MINI", "MINOR", "MAJOR", "GRAND")
COMBOS = tuple(range(1, 8))


def combo_code(combo: int) -> str:
    """1 -> 'DC', 6 -> 'PF+HB', 7 -> 'DC+PF+HB'."""
    return "+".join(CODES[b] for b in (1, 2, 4) if combo & b)


def combo_from_code(code: str) -> int:
    """'DC+HB' -> 5."""
    back = {v: k for k, v in CODES.items()}
    return sum(back[c] for c in code.split("+"))


def combo_features(combo: int) -> list[str]:
    """7 -> ['double_coins', 'pot_fill', 'happy_boost']."""
    return [FEATURES[b] for b in (1, 2, 4) if combo & b]


def combo_mode(combo: int) -> str:
    """The gamble bonus-wheel library of a combination: 5 -> 'bonus_dc_hb'."""
    return "bonus_" + combo_code(combo).lower().replace("+", "_")


def n_features(combo: int) -> int:
    return bin(combo).count("1")


@dataclass(frozen=True)
class HensMath:
    raw: dict
    symbols: tuple[str, ...]
    index: dict
    wild: int
    feature_index: tuple[int, int, int]     # symbol index of BLUE, RED, GOLD (bits 1, 2, 4)
    lines: np.ndarray                       # (20, 5) rows
    pays: dict                              # {symbol: {count: x100}}
    strips: tuple[np.ndarray, ...]          # symbol indices per reel
    buy_strips: tuple[np.ndarray, ...]      # the same without feature symbols
    trigger: dict                           # mode -> num (over feature_den)
    feature_den: int
    grow: int
    min_features: dict
    # bonus
    rows: int
    reels: int
    active_rows: int
    row_counts: tuple[int, ...]
    lives: int
    land_active: int
    land_inactive: int
    land_den: int
    start_counts: np.ndarray
    start_weights: np.ndarray
    cash_values: np.ndarray
    cash_weights: np.ndarray
    double: tuple[int, int]
    pot_fill: tuple[int, int]
    pot_letters: tuple[tuple[str, ...], ...]
    pot_values: np.ndarray
    pot_weights: np.ndarray
    boost: tuple[int, int]
    boost_counts: np.ndarray
    boost_count_weights: np.ndarray
    boost_values: np.ndarray
    boost_weights: np.ndarray
    costs: dict
    mystery_weights: np.ndarray             # weight of combination 1..7 (index combo-1)
    max_win_cents: int                      # per game, jackpots excluded (the sheet's $250,000.00)
    big_bonus_x100: dict                    # mode -> a 'big_bonus' is a bonus winning at least this (x100)
    big_grand_x100: dict                    # mode -> a 'big_grand' is a GRAND bonus winning at least this (x100)

    @property
    def pot_lengths(self) -> np.ndarray:
        return np.array([len(p) for p in self.pot_letters], dtype=np.int64)


def _pair(d: dict) -> tuple[int, int]:
    return int(d["num"]), int(d["den"])


@lru_cache(maxsize=None)
def load(path: str | None = None) -> HensMath:
    """Parse math.yaml (or another file of the same shape) into a HensMath."""
    return read_math_file(Path(path or MATH_PATH), _parse, "Happy Money Hens")


def _parse(raw: Any) -> HensMath:
    """The tables of a math file's dict (load)."""
    symbols = tuple(raw["symbols"])
    index = {s: i for i, s in enumerate(symbols)}
    feats = raw["feature_symbols"]
    order = {"double_coins": 0, "pot_fill": 1, "happy_boost": 2}
    fidx = [0, 0, 0]
    for sym, feat in feats.items():
        fidx[order[feat]] = index[sym]
    strips = tuple(np.array([index[s] for s in reel], dtype=np.int8) for reel in raw["reels"])
    buy = tuple(s[~np.isin(s, fidx)] for s in strips)
    b = raw["bonus"]
    pots = b["pots"]
    mw = raw["mystery_weights"]
    return HensMath(
        raw=raw, symbols=symbols, index=index, wild=index[raw["wild"]],
        feature_index=cast("tuple[int, int, int]", tuple(fidx)),
        lines=np.array(raw["lines"], dtype=np.intp),
        pays={s: {int(k): int(v) for k, v in p.items()} for s, p in raw["pays"].items()},
        strips=strips, buy_strips=buy,
        trigger={k: int(v) for k, v in raw["feature_pots"]["trigger"].items()},
        feature_den=int(raw["feature_pots"]["den"]), grow=int(raw["feature_pots"]["grow"]),
        min_features={k: int(v) for k, v in raw["feature_pots"]["min_features"].items()},
        rows=int(b["rows"]), reels=int(b["reels"]), active_rows=int(b["active_rows"]),
        row_counts=tuple(int(c) for c in b["row_counts"]), lives=int(b["lives"]),
        land_active=int(b["land_active"]), land_inactive=int(b["land_inactive"]), land_den=int(b["land_den"]),
        start_counts=np.array(list(b["start_coins"].keys()), dtype=np.int64),
        start_weights=np.array(list(b["start_coins"].values()), dtype=np.int64),
        cash_values=np.array(b["cash_values"], dtype=np.int64),
        cash_weights=np.array(b["cash_weights"], dtype=np.int64),
        double=_pair(b["double"]), pot_fill=_pair(b["pot_fill"]),
        pot_letters=tuple(tuple(pots[n]["letters"]) for n in POT_NAMES),
        pot_values=np.array([pots[n]["value"] for n in POT_NAMES], dtype=np.int64),
        pot_weights=np.array([pots[n]["weight"] for n in POT_NAMES], dtype=np.int64),
        boost=_pair(b["boost"]),
        boost_counts=np.array(list(b["boost_count"].keys()), dtype=np.int64),
        boost_count_weights=np.array(list(b["boost_count"].values()), dtype=np.int64),
        boost_values=np.array(b["boost_values"], dtype=np.int64),
        boost_weights=np.array(b["boost_weights"], dtype=np.int64),
        costs={m: int(v["cost"]) for m, v in raw["modes"].items()},
        mystery_weights=np.array([mw[combo_code(c)] for c in COMBOS], dtype=np.int64),
        max_win_cents=int(raw["max_win_cents"]),
        big_bonus_x100=_big_bonus(raw),
        big_grand_x100=_big_grand(raw),
    )


def _big_bonus(raw: dict) -> dict[str, int]:
    """math.yaml `big_bonus_x` ({mode: X}, X a whole multiple of the mode's cost) as
    the bonus win (x100 of the base bet) from which a bonus of that mode is a big_bonus."""
    out = {}
    for mode, x in _per_mode(raw, "big_bonus_x").items():
        if mode not in raw["modes"] or not is_whole(x, 1):
            raise ValueError(f"math.yaml big_bonus_x: {mode}: {x!r}; allowed: a mode of `modes` and a whole "
                             f"multiple of its cost above 0")
        out[mode] = x * int(raw["modes"][mode]["cost"])
    return out


def _big_grand(raw: dict) -> dict[str, int]:
    """math.yaml `big_grand_x` ({mode: X}, X times the BASE BET, not the mode's cost: a
    gamble library's cost is no round multiple of the bet) as the bonus win (x100 of the
    base bet) from which a bonus of that mode winning a GRAND is a big_grand."""
    out = {}
    for mode, x in _per_mode(raw, "big_grand_x").items():
        if mode not in raw["modes"] or not is_whole(x, 1):
            raise ValueError(f"math.yaml big_grand_x: {mode}: {x!r}; allowed: a mode of `modes` and a whole "
                             f"multiple of the base bet above 0")
        out[mode] = 100 * x
    return out


def _per_mode(raw: dict, key: str) -> dict:
    """math.yaml's `key`, a {mode: X} mapping (absent or empty: none)."""
    got = raw.get(key) or {}
    if not isinstance(got, dict):
        raise ValueError(f"math.yaml {key}: {got!r}; allowed: a mapping {{mode: X, ...}}")
    return got
