"""Every figure the help pages state is the one the shipped libraries and the math
give: the base and buy RTPs, the 15,000x top prize, the buy prices and the odds of
several Vaults in view."""
from fractions import Fraction

import pytest

from cabinet.core.books import load_library
from games.grinning_harvest import GAME
from games.grinning_harvest.math.help import help_pages
from games.grinning_harvest.math.tables import load, vaults_in_view

BUYS = [m.id for m in GAME.modes if m.kind == "buy"]


@pytest.fixture(scope="module")
def lib():
    return load_library(GAME)


def text() -> str:
    return "\n".join(t for _, t in help_pages())


def test_stated_rtps_are_the_libraries_exact_rtps(lib):
    m = load()
    t = text()
    assert f"The theoretical return to player (RTP) of the game is {m.rtp['base'] * 100:.2f}%" in t
    assert f"The RTP when buying the Hold-n-Win bonus is {m.rtp['buy'] * 100:.2f}%." in t
    assert (f"The theoretical RTP is {m.rtp['base'] * 100:.2f}% for the Base Game and {m.rtp['buy'] * 100:.2f}% "
            "for every bonus buy") in t
    assert abs(lib.books("base").rtp() - Fraction(str(m.rtp["base"]))) < Fraction(1, 10**6)
    for mode in BUYS:
        assert abs(lib.books(mode).rtp() - Fraction(str(m.rtp["buy"]))) < Fraction(1, 10**6), mode


def test_the_top_prize_is_the_libraries_largest_book(lib):
    assert f"you could win up to {GAME.max_win_x:,}x your bet" in text()
    assert f"The maximum prize in this game is {GAME.max_win_x:,}x the current bet" in text()
    for mode in ["base"] + BUYS:
        assert int(lib.books(mode).payout_x100.max()) == GAME.max_win_x * 100, mode


def test_buy_prices_are_the_libraries_costs(lib):
    t = text()
    for mode in BUYS:
        cost = GAME.mode(mode).cost_x100
        assert int(lib.books(mode).meta["cost_x100"]) == cost
        assert f"({cost // 100:,}.{cost % 100:02d}".rstrip("0").rstrip(".") + "x the bet)" in t


def test_the_odds_of_several_vaults_are_the_strips(lib):
    odds = vaults_in_view(load())
    t = text()
    assert "Reel 2 can show several Vaults at once: " + " and ".join(
        f"{word} in 1 spin in {float(1 / odds[k]):,.0f}" for k, word in ((2, "two"), (3, "three"))) in t
