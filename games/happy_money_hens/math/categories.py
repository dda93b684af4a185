"""Happy Money Hens' bonus categories: the features a round's bonus reports, the same
for a bonus played one at a time (HensBonus) and a batch's results (BonusLockstep,
simulate_bonuses), which the forced searches and the book builder classify by.

- pot_<name>: the bonus won that pot;
- pot_grand_2 / pot_grand_3: GRAND won exactly twice / three times or more, reported
  only in the modes that list them among their book categories (math.yaml book_forces);
- full_board: all 35 mini reels filled with every row active;
- big_bonus: a bonus winning at least the mode's math.yaml big_bonus_x times its cost;
- big_grand: a bonus winning a GRAND and at least the mode's math.yaml big_grand_x times
  the base bet in all, reported only in the modes that list it among their book
  categories (bonus_pf_hb: its tail, drawn contents last by grand_boost_tail.py).
"""
from __future__ import annotations

import numpy as np

from .bonus import HensBonus
from .tables import COMBOS, POT_NAMES, HensMath, combo_code

# GRAND won several times in one bonus: category -> (times, exactly that many)
MULTI_GRAND = {"pot_grand_2": (2, True), "pot_grand_3": (3, False)}
FEATURE_NAMES = (("bonus",) + tuple(f"combo_{combo_code(c)}" for c in COMBOS)
                 + tuple(f"pot_{p.lower()}" for p in POT_NAMES) + tuple(MULTI_GRAND)
                 + ("full_board", "big_bonus", "big_grand"))


def is_big(m: HensMath, mode: str, bonus_x100):
    """Whether a bonus winning `bonus_x100` (a number or an array) is a big_bonus of
    `mode` (math.yaml big_bonus_x; never in a mode without one)."""
    low = m.big_bonus_x100.get(mode)
    return np.asarray(bonus_x100) >= low if low is not None else np.zeros(np.shape(bonus_x100), dtype=bool)


def multi_grand(m: HensMath, mode: str, cat: str) -> bool:
    """Whether `mode` reports `cat` (a MULTI_GRAND category, or big_grand): the modes
    that list it among their book categories (math.yaml book_forces)."""
    return cat in m.raw["book_forces"].get(mode, {})


def is_big_grand(m: HensMath, mode: str, grands, bonus_x100):
    """Whether a bonus of `grands` GRANDs winning `bonus_x100` (numbers or arrays) is a
    big_grand of `mode`: a GRAND and at least big_grand_x times the base bet, in a mode
    that lists big_grand (math.yaml book_forces) and has a threshold (big_grand_x)."""
    low = m.big_grand_x100.get(mode)
    if low is None or not multi_grand(m, mode, "big_grand"):
        return np.zeros(np.shape(bonus_x100), dtype=bool)
    return (np.asarray(grands) > 0) & (np.asarray(bonus_x100) >= low)


def _grands_in(cat: str, grands):
    """Whether `grands` GRANDs (a number or an array) are in MULTI_GRAND category `cat`."""
    times, exactly = MULTI_GRAND[cat]
    return grands == times if exactly else grands >= times


def bonus_feats(m: HensMath, mode: str, bonus: HensBonus) -> set:
    """The categories of a bonus played by HensBonus."""
    out = {f"pot_{p.lower()}" for p in bonus.awards}
    out |= {"full_board"} if bonus.full_board() else set()
    grands = bonus.awards.count("GRAND")
    out |= {cat for cat in MULTI_GRAND if multi_grand(m, mode, cat) and _grands_in(cat, grands)}
    out |= {"big_grand"} if is_big_grand(m, mode, grands, bonus.total_x100()) else set()
    return out | ({"big_bonus"} if is_big(m, mode, bonus.total_x100()) else set())


def batch_flags(m: HensMath, mode: str, res: dict) -> dict[str, np.ndarray]:
    """The same categories of BonusLockstep's (or simulate_bonuses') results, one bool
    per bonus."""
    flags = {f"pot_{p.lower()}": res["awards"][:, i] > 0 for i, p in enumerate(POT_NAMES)}
    flags["full_board"] = np.asarray(res["full_board"], dtype=bool)
    flags["big_bonus"] = is_big(m, mode, res["total_x100"])
    grands = res["awards"][:, POT_NAMES.index("GRAND")]
    for cat in MULTI_GRAND:
        flags[cat] = _grands_in(cat, grands) & multi_grand(m, mode, cat)
    flags["big_grand"] = is_big_grand(m, mode, grands, res["total_x100"])
    return flags
