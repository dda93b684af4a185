"""Happy Money Hens' gamble, configured from math.yaml and the bonus libraries.

The cash wheel: x1.5, x2, x3. The bonus wheel: an entry into a bonus with one of the
seven feature combinations, priced at the exact mean cash value of that
combination's book library (`bonus_*` modes) at the current base
bet, as the cabinet would pay it: the pot awards (the game's jackpots) in full, the
rest held to the per-game money limit (`ModeBooks.mean_paid_cents`, the library's stored
jackpot parts). So a 100% gamble stays 100% at every bet. The entries are
walked with - and + from the cheapest to HAPPY BOOST + POT FILL + DOUBLE COINS, the
top award; once the stake reaches its value the bonus wheel is disabled.
A won entry plays a bonus drawn from that library (`draw_bonus`).
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, cast

from cabinet.core.money import WinCap
from cabinet.core.rng import Rng
from cabinet.mechanics.gamble import Gamble, gamble_offered

from .tables import COMBOS, combo_code, combo_from_code, combo_mode, load


def gamble_cap() -> WinCap:
    """The gamble's limit as data: min(2500x the base bet, $250,000.00); a gamble win
    that would exceed it is collected automatically."""
    g = load().raw["gamble"]
    return WinCap(max_x=int(g["limit_x"]), max_cents=int(g["limit_cents"]))


def gamble_config() -> dict[str, Any]:
    """The gamble block of math.yaml with the multipliers as Fractions."""
    g = dict(load().raw["gamble"])
    g["cash_multipliers"] = tuple(Fraction(x) for x in g["cash_multipliers"])
    g["min_green"] = Fraction(g["min_green"])
    return g


def bonus_values(library, bet_cents: int, cap_cents: int | None) -> list[tuple[str, Fraction]]:
    """(combination code, exact value in cents) of each bonus entry, cheapest first;
    the top combination DC+PF+HB must come last (the wheel's maximum award)."""
    cap = WinCap(max_cents=cap_cents)
    vals = [(combo_code(c), library.books(combo_mode(c)).mean_paid_cents(bet_cents, cap)) for c in COMBOS]
    vals.sort(key=lambda kv: kv[1])
    if vals[-1][0] != combo_code(7):
        raise ValueError(f"the top bonus entry must be DC+PF+HB, not {vals[-1][0]}")
    return vals


def offered(win_cents: int, bet_cents: int, setting: str) -> bool:
    """Whether the win offers the gamble ('on', 'on_5x' on the base bet, 'off')."""
    return gamble_offered(win_cents, bet_cents, setting, int(load().raw["gamble"]["entry_x"]))


def start_gamble(win_cents: int, bet_cents: int, library, game_limit_cents: int | None = None) -> Gamble:
    """A gamble on a win: cash wheel, bonus wheel priced from the game's bonus
    libraries, and the limit min(2500x base bet, 250,000.00)."""
    g = gamble_config()
    limit = cast(int, gamble_cap().limit_cents(bet_cents))
    cap = game_limit_cents if game_limit_cents is not None else load().max_win_cents
    return Gamble(win_cents, bet_cents, g["cash_multipliers"], bonus_values(library, bet_cents, cap), limit)


def draw_bonus(library, rng: Rng, code: str) -> tuple[str, int]:
    """(mode, book id) of the bonus a won entry plays: a weighted draw from the
    combination's library (`library.round(mode, book)` regenerates it)."""
    mode = combo_mode(combo_from_code(code))
    return mode, library.draw(rng, mode)
