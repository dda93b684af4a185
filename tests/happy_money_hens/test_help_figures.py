"""Every figure the help pages state is the one the shipped libraries and the game
data give: the RTP of every bet mode, the buy prices and the two limits. The screens
read the same hooks (GameSpec.rtp, modes, win_cap; math.gamble.gamble_cap)."""
from fractions import Fraction

import pytest

from cabinet.core.books import load_library
from games.happy_money_hens import GAME
from games.happy_money_hens.math.help import help_pages
from games.happy_money_hens.math.gamble import gamble_cap
from games.happy_money_hens.math.tables import load

BET_MODES = [m.id for m in GAME.modes if m.kind in ("spin", "buy")]


@pytest.fixture(scope="module")
def lib():
    return load_library(GAME)


def text() -> str:
    return "\n".join(t for _, t in help_pages())


def test_the_stated_rtp_is_every_bet_modes_exact_library_rtp(lib):
    stated = Fraction(str(load().raw["rtp"]))
    assert f"The theoretical average return to player (RTP) for this game is {float(stated) * 100:.2f}%." in text()
    for mode in BET_MODES:
        assert abs(lib.books(mode).rtp() - stated) < Fraction(1, 10**6), mode
        assert GAME.rtp[mode] == float(stated)


def test_buy_prices_are_the_libraries_costs(lib):
    """The prices the buy cards state (tests/ui/test_figures.py) are the modes' costs,
    and those are the costs the libraries were built at."""
    for mode in ("buy_mystery", "buy_triple"):
        assert int(lib.books(mode).meta["cost_x100"]) == GAME.mode(mode).cost_x100


def test_the_limits_stated_are_the_ones_the_cabinet_applies():
    t = text()
    game, gamble = GAME.win_cap.max_cents, gamble_cap()
    assert f"will not exceed ${game // 100:,}.{game % 100:02d}, excluding jackpots" in t
    assert (f"{gamble.max_x:,}x the base bet or ${gamble.max_cents // 100:,}.{gamble.max_cents % 100:02d}, "
            "whichever is lower") in t


def test_no_library_book_is_cut_by_a_multiple_of_the_bet(lib):
    """No per-round multiple: the largest book of every mode stands as the rules made it."""
    for mode in BET_MODES:
        assert lib.books(mode).meta.get("cap_x100") is None
