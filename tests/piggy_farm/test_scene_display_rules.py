"""Piggy Farm's screen against its sheet and the defects found in play, on the real
scene: FARM WHEEL BOOST and the bet survive a trip to the lobby ("stays on until
switched off"); a grid charge never covers the WILD tag; the ante's caption is
readable and says it plays its own reels; the right panel shows what belongs to the
feature being played; a finished hunt opens the nests left closed."""
from __future__ import annotations

import pytest

import pygame

from games.piggy_farm import GAME
from games.piggy_farm.view import right_panel
from games.piggy_farm.view.board import cell_center
from games.piggy_farm.view.layout import ANTE
from tests.ui.conftest import open_game, play_out, press, run
from tests.ui.text_record import recorded_texts


def texts(app) -> list[str]:
    return [t for t, _ in recorded_texts(app)]


def test_the_boost_and_the_bet_stay_on_after_the_lobby_and_back(app):
    scene = open_game(app)
    scene.on_action("bet_up")
    scene.on_action("ante")
    bet = scene.bet
    assert scene.mode_id == "ante" and bet != GAME.default_bet
    press(app, pygame.K_ESCAPE)                          # back to the lobby
    assert app.stack.top is not scene
    again = open_game(app)                               # ENTER on the lobby: a new scene of the game
    assert again is not scene
    assert again.mode_id == "ante" and again.bet == bet
    assert "BOOST ON" in texts(app)
    again.on_action("ante")                              # switched off: it stays off
    press(app, pygame.K_ESCAPE)
    assert open_game(app).mode_id == "base"


def test_a_grid_charge_sits_clear_of_the_wild_tag(app):
    scene = open_game(app)
    board = [list(r) for r in scene.boardview.board]
    board[3][3] = "WD"
    scene.boardview.board = board
    scene.boardview.grid = [[0] * 7 for _ in range(7)]
    scene.boardview.grid[3][3] = 16
    scene.fs = {"feature": "free_spins", "index": 1, "of": 10, "start": 1, "mult": 1, "won": 0, "charged": 1, "top": 16}
    x, y = cell_center(3, 3)
    wild_band_top = y - scene.boardview.SYMBOL / 2 + 0.76 * scene.boardview.SYMBOL - 3
    (tx, ty), = [pos for t, pos in recorded_texts(app) if t == "x16"]
    assert abs(tx - x) < 54 and ty + 16 < wild_band_top           # the charge is above the WILD tag


def test_the_ante_caption_is_readable_and_says_it_plays_its_own_reels(app):
    scene = open_game(app)
    shown = recorded_texts(app)
    caption = [
        (t, pos) for t, pos in shown if ANTE.x <= pos[0] <= ANTE.right and ANTE.bottom < pos[1] < ANTE.bottom + 120
    ]
    assert len(caption) == 3
    assert any("own reels" in t for t, _ in caption)
    price = app.cabinet.currency.format(GAME.mode("ante").cost_cents(scene.bet))
    assert any(price in t for t, _ in caption)
    app.render()
    for _, (x, y) in caption:                                      # dark plate behind light text
        r, g, b = app.surface.get_at(app.layout.pt(ANTE.x + 8, y))[:3]
        assert (r + g + b) / 3 < 70


def _until(app, scene, label: str) -> None:
    pres = scene.presentation
    at = next(i for i, s in enumerate(pres.steps) if s.label.startswith(label))
    while scene.presentation is pres and (pres.index < at or pres.elapsed < 0.1):
        if scene.hunt.waiting:
            run(app, 1, 0.5)
        run(app, 1, 0.1)


@pytest.mark.slow
def test_free_spins_show_their_own_rules_not_the_base_wheel(app):
    scene, shown = _shown_during(app, "free_spins", "free spin 1")
    assert "STICKY GRID" in shown and "PAYS x BET" in shown
    assert "THE FARM WHEEL" not in shown and "BRONZE" not in shown
    play_out(app, scene)


def _shown_during(app, mode: str, label: str):
    """Play a round of `mode` up to the step `label`: the scene and what it shows."""
    scene = open_game(app)
    scene.play(mode)
    _until(app, scene, label)
    return scene, texts(app)


def test_the_wheel_shows_its_odds_while_it_is_up(app):
    scene, shown = _shown_during(app, "wheel_buy", "wheel spin")
    tier = scene.wheel.tier
    assert f"{tier.upper()} WHEEL" in shown
    slices = scene.pm.wheel.tiers[tier]
    total = sum(s.weight for s in slices)
    for s in slices:
        assert right_panel.chance_text(s.weight / total) in shown
    play_out(app, scene)


@pytest.mark.slow
def test_a_hunt_shows_its_prizes_and_opens_the_nests_left_closed_at_the_end(app):
    scene, shown = _shown_during(app, "egg_hunt", "nest 1")
    assert "NEST PRIZES" in shown and "PAYS x BET" not in shown and "THE FARM WHEEL" not in shown
    _until(app, scene, "nests revealed")
    run(app, 2, 0.1)
    opened = len(scene.hunt.opened)
    assert scene.hunt.ended and texts(app).count("EMPTY") == 12 - opened
    play_out(app, scene)


def test_the_barn_shows_the_two_outcomes_and_their_odds(app):
    scene, shown = _shown_during(app, "risk_the_farm", "risk draw")
    num, den = scene.pm.mode("risk_the_farm")["chance"]
    assert "THE ODDS" in shown and right_panel.chance_text(num / den) in shown and "NOTHING" in shown
    assert "THE FARM WHEEL" not in shown
    play_out(app, scene)
