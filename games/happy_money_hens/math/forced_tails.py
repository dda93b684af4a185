"""The tail laws the forced searches draw a category's contents last with (moved out of
rules.py, which re-exports them; rules._forced_in_batches runs the searches):

- big_bonus of DOUBLE COINS alone (bonus_dc): its paying coins' cash values (tails.py);
- big_bonus of HAPPY BOOST without DOUBLE COINS (bonus_hb, bonus_pf_hb: without a
  GRAND): its coins' contents and its spins' boosts (boost_tail.py), and of DOUBLE
  COINS with HAPPY BOOST (bonus_dc_hb: double_boost_tail.py);
- big_grand (bonus_pf_hb: a GRAND and at least big_grand_x times the bet): its coins'
  contents, GRAND's at least its length, and the boosts (grand_boost_tail.py);
- GRAND won several times (pot_grand_2, pot_grand_3): the GRAND letters (tails.py).
"""
from __future__ import annotations

from cabinet.core.rng import Rng

from .bonus import HensBonus
from .boost_tail import BoostTail, boost_tail
from .categories import MULTI_GRAND
from .double_boost_tail import double_boost_tail
from .grand_boost_tail import grand_boost_tail
from .modes import BONUS_MODES, natural_combo_weights
from .tables import COMBOS, DOUBLE_COINS, HAPPY_BOOST, POT_FILL, HensMath, load
from .tails import SumTail, cash_tail, contents_given, grand_tail


def tail_of(mode: str, wanted: str) -> SumTail | BoostTail | None:
    """The tail law a category is drawn contents last with (tails.py): a big bonus of
    DOUBLE COINS alone (its cash), of HAPPY BOOST without DOUBLE COINS (its coins and
    boosts: boost_tail.py), a big GRAND bonus of POT FILL and HAPPY BOOST
    (grand_boost_tail.py), two GRANDs (the GRAND letters); None otherwise."""
    if wanted == "big_bonus" and cash_last(mode):
        return cash_tail(mode)
    if wanted == "big_bonus" and boost_last(mode):
        return big_boost_tail(mode)
    if wanted == "big_grand":
        return big_grand_tail(mode)
    if wanted in MULTI_GRAND:
        times, exactly = MULTI_GRAND[wanted]
        doubles = any(c & DOUBLE_COINS for c, w in zip(COMBOS, natural_combo_weights(mode)) if w)
        return grand_tail(times, exactly, doubles)
    return None


def cash_last(mode: str) -> bool:
    """Whether a big bonus of `mode` is drawn cash values last (tails.py): every
    combination the mode can play has neither POT FILL nor HAPPY BOOST."""
    return all(not c & (POT_FILL | HAPPY_BOOST) for c, w in zip(COMBOS, natural_combo_weights(mode)) if w)


def boost_last(mode: str) -> bool:
    """Whether a big bonus of `mode` is drawn coins and boosts last: a gamble bonus
    library of HAPPY BOOST without DOUBLE COINS (bonus_hb, bonus_pf_hb: boost_tail.py)
    or with DOUBLE COINS alone (bonus_dc_hb: double_boost_tail.py)."""
    if mode not in BONUS_MODES or not BONUS_MODES[mode] & HAPPY_BOOST:
        return False
    return not BONUS_MODES[mode] & DOUBLE_COINS or not BONUS_MODES[mode] & POT_FILL


def big_boost_tail(mode: str) -> BoostTail:
    """The tail law of a boost_last mode's big bonus (math.yaml big_bonus_x)."""
    combo, low = BONUS_MODES[mode], load().big_bonus_x100[mode]
    return double_boost_tail(low) if combo & DOUBLE_COINS else boost_tail(low, bool(combo & POT_FILL))


def contents_last(m: HensMath, sub: Rng, wanted: str, tail: SumTail | BoostTail, seed: int,
                   combo: int) -> tuple[dict, dict | None]:
    """(coin contents, HAPPY BOOST's boosts or None) of the kept attempt's skeleton,
    drawn from its sub-stream given the category (tails.py, boost_tail.py)."""
    skeleton = HensBonus(Rng(seed), m, combo)
    skeleton.run()
    if isinstance(tail, SumTail):
        return contents_given(m, sub, wanted, tail, skeleton), None

    def replay(contents: dict) -> HensBonus:
        again = HensBonus(Rng(seed), m, combo, contents=contents)
        again.run()
        return again
    return tail.contents(sub, skeleton, replay)


def big_grand_tail(mode: str) -> BoostTail:
    """The tail law of a mode's big_grand (math.yaml big_grand_x): a gamble bonus library
    of POT FILL and HAPPY BOOST without DOUBLE COINS (bonus_pf_hb), whose counted coins'
    contents and spins' boosts are free of its skeleton (grand_boost_tail.py)."""
    combo = BONUS_MODES.get(mode, 0)
    if combo & (POT_FILL | HAPPY_BOOST | DOUBLE_COINS) != POT_FILL | HAPPY_BOOST:
        raise ValueError(f"{mode}: big_grand is drawn for a POT FILL + HAPPY BOOST bonus library without DOUBLE "
                         f"COINS only (bonus_pf_hb)")
    if mode not in load().big_grand_x100:
        raise KeyError(f"{mode} has no big_grand threshold (math.yaml big_grand_x lists "
                       f"{sorted(load().big_grand_x100)})")
    return grand_boost_tail(load().big_grand_x100[mode])
