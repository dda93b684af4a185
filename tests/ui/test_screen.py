"""What is on screen: the balance label, the refusal banner, the menu veil, RECALL."""
from __future__ import annotations

import numpy as np
import pygame

from cabinet.ui.game_scene import GameScene
from tests.ui.conftest import make_app, press, region, run, shift

K = pygame
BALANCE = (50, 1000, 400, 60)
BANNER = (560, 850, 800, 60)


def reddish(pixels: np.ndarray) -> int:
    r, g, b = pixels[..., 0], pixels[..., 1], pixels[..., 2]
    return int(((r > 140) & (g < 90) & (b < 90)).sum())


def test_the_balance_on_screen_changes_when_a_bet_is_debited(app):
    press(app, K.K_RETURN)
    before = region(app, BALANCE)
    press(app, K.K_SPACE)
    after = region(app, BALANCE)
    assert np.abs(before - after).sum() > 1000


def test_a_refused_bet_shows_a_red_banner(tmp_path):
    app = make_app(tmp_path, credit="0.50")
    press(app, K.K_RETURN)
    assert reddish(region(app, BANNER)) < 50
    press(app, K.K_SPACE)
    assert reddish(region(app, BANNER)) > 2000


def test_a_menu_dims_the_game_behind_it(app):
    press(app, K.K_RETURN)
    corner = (1700, 300, 200, 300)            # outside the menu panel
    before = region(app, corner).mean()
    shift(app, K.K_a)
    assert region(app, corner).mean() < 0.6 * before


def test_a_recall_is_marked_recall_in_red(app):
    press(app, K.K_RETURN)
    scene = app.stack.top
    press(app, K.K_SPACE)
    press(app, K.K_SPACE)
    while app.stack.top is not scene:
        press(app, K.K_SPACE)
    mark = (760, 120, 400, 70)
    assert reddish(region(app, mark)) < 50
    shift(app, K.K_h)
    press(app, K.K_RETURN)
    assert isinstance(app.stack.top, GameScene) and app.stack.top.recall_mode
    run(app, 2)
    assert reddish(region(app, mark)) > 500
