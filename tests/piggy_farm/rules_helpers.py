"""Hand-built Piggy Farm boards and math variants for the rules tests."""
from __future__ import annotations

import copy

import yaml

from cabinet.core.rng import Rng
from games.piggy_farm.math.rules import Spin
from games.piggy_farm.math.tables import MATH_FILE, PiggyMath, parse

RAW = yaml.safe_load(MATH_FILE.read_text())


def board_of(text: str) -> list[list[str]]:
    """Seven lines of seven symbol ids; '.' is filler cycling EG/CN/CR/HN so that no
    two neighbouring filler cells match (the tests' own symbols are GP, PP, WD, WM)."""
    rows = [line.split() for line in text.strip().splitlines()]
    assert len(rows) == 7 and all(len(r) == 7 for r in rows), rows
    filler = ["EG", "CN", "CR", "HN"]
    return [[(filler[(r * 3 + c) % 4] if s == "." else s) for c, s in enumerate(row)] for r, row in enumerate(rows)]


def math_with(strips: dict[str, list[str]] | None = None, **changes) -> PiggyMath:
    """The shipped math with some strip sets (7 reels as id strings) or keys replaced."""
    raw = copy.deepcopy(RAW)
    for name, reels in (strips or {}).items():
        raw["strips"][name] = reels
    for k, v in changes.items():
        raw[k] = v
    return parse(raw)


def spin_state(pm: PiggyMath, mode: str = "base", seed: int = 1) -> Spin:
    return Spin(pm, Rng(seed), mode)


def ints(pm: PiggyMath, board: list[list[str]]) -> list[list[int]]:
    return [[pm.sym(s) for s in row] for row in board]


# A strip that refills with symbols that cannot cluster by themselves (a cycle of 7
# distinct symbols, so a column never gets two equal neighbours from it).
CYCLE = "AP CN CR EG HN PP GP"
QUIET = {name: [CYCLE] * 7 for name in ("base", "free_spins", "growing_season", "hog_wild", "ante")}
