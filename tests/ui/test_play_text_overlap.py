"""No text overlaps other text or leaves its panel in the in-play states the display
rules added: the gamble (its record, the dearest entry, the win-limit banner), spin
chance with a fortune bet, a bonus round waiting for START, the fortune bets at the top
bet; Grinning Harvest's top bar, bonus counters and a bought bonus's banner; Piggy
Farm's right panels (wheel odds, free spins, nest prizes, the barn) and the boost's
caption. The text boxes are the ones cabinet/ui/draw.py records (tests/ui/textcheck.py)."""
from __future__ import annotations

import os

import pytest

from cabinet.ui.shots import advance_to, settle_round
from tests.ui.conftest import open_only, run
from tests.ui.textcheck import text_problems

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture
def app(books_module):          # the default 1600x900 window, the shipped libraries
    return books_module


def _at(app, scene, mode: str, label: str, within: float = 0.5):
    """Play a round of `mode` up to the step `label` (STARTing held steps on the way;
    `within=0` on a held step leaves it waiting)."""
    assert scene.play(mode)
    advance_to(app, scene, label, within)


@pytest.mark.slow
def test_happy_money_hens_gamble_spin_chance_and_start_have_no_overlapping_text(app):
    scene, found = open_only(app, "happy_money_hens"), []
    bet = scene.bet
    for i in range(3):                                   # a record to list
        g = scene.offers.make_gamble(bet * (4 + i), bet)
        scene.offers.spin_gamble(g, g.cash_options()[i], None)
    gamble = scene.offers.open_gamble(bet * 8, bet)
    found += text_problems(app, "gamble with its record")
    for _ in range(len(gamble.gamble.bonus_options())):
        gamble.on_action("plus")
    found += text_problems(app, "gamble, the dearest entry")
    app.pop()
    scene.offers.open_gamble(bet * 2000, bet)
    found += text_problems(app, "gamble, the win limit collects")
    app.pop()
    scene.select_mode("fortune_2")
    scene.offers.open_spin_chance(bet * 3 // 2)
    found += text_problems(app, "spin chance with a fortune bet")
    app.pop()
    scene.select_mode("base")
    scene.bet_index = len(scene.ladder) - 1
    found += text_problems(app, "the top bet's fortune panel")
    scene.bet_index = scene.ladder.index(bet)
    _at(app, scene, "buy_triple", "bonus spin 2", within=0)
    assert scene.waiting_for_start
    found += text_problems(app, "a bonus round waiting for START")
    settle_round(scene)
    assert not found, "\n".join(found[:20])


@pytest.mark.slow
def test_grinning_harvest_top_bar_and_bonus_panel_have_no_overlapping_text(app):
    scene, found = open_only(app, "grinning_harvest"), []
    scene.message("Resuming the interrupted round")
    found += text_problems(app, "idle, money on top, a message")
    _at(app, scene, "buy_vaults", "bonus trigger", within=0.3)
    found += text_problems(app, "a bought bonus's banner")
    _at_spin = next(i for i, s in enumerate(scene.presentation.steps) if s.label == "counter")
    while scene.presentation.index <= _at_spin:
        run(app, 1, 0.1)
    found += text_problems(app, "bonus: spins left, total, this spin's winnings")
    settle_round(scene)
    assert not found, "\n".join(found[:20])


@pytest.mark.slow
@pytest.mark.parametrize("mode,label", [("wheel_buy", "wheel spin"), ("free_spins", "free spin 1"),
                                        ("egg_hunt", "nests revealed"), ("risk_the_farm", "risk draw")])
def test_piggy_farm_feature_panels_have_no_overlapping_text(app, mode, label):
    scene = open_only(app, "piggy_farm")
    scene.select_mode("ante")
    found = text_problems(app, "idle with the boost on")
    scene.select_mode("base")
    _at(app, scene, mode, label)
    found += text_problems(app, f"{mode} at {label}")
    settle_round(scene)
    assert not found, "\n".join(found[:20])
