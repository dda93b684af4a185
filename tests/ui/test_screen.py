"""What is on screen: the balance label, the refusal banner, the menu veil, RECALL."""
from __future__ import annotations

import numpy as np
import pygame

from cabinet.ui.game_scene import GameScene
from tests.ui.conftest import make_app, press, region, run, shift

K = pygame
BALANCE = (50, 1000, 400, 60)
BANNER = (560, 24, 800, 48)                # the top bar, where the name is (hud_layout BOTTOM)


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


def test_a_recall_is_framed_in_red_with_its_round_in_the_top_bar_and_covers_no_board(app):
    press(app, K.K_RETURN)
    scene = app.stack.top
    press(app, K.K_SPACE)
    press(app, K.K_SPACE)
    while app.stack.top is not scene:
        press(app, K.K_SPACE)
    header, edge, board = (700, 20, 520, 30), (0, 300, 6, 400), (700, 120, 520, 700)
    assert reddish(region(app, header)) < 50 and reddish(region(app, edge)) < 50
    board_before = region(app, board)
    shift(app, K.K_h)
    press(app, K.K_RETURN)
    recall = app.stack.top
    assert isinstance(recall, GameScene) and recall.recall_mode
    run(app, 2)
    assert reddish(region(app, header)) > 300           # RECALL and the round, where the title was
    assert reddish(region(app, edge)) > 500             # the red frame round the screen
    recall.skip()
    run(app, 5)
    assert reddish(region(app, board)) <= reddish(board_before) + 50   # nothing red over the board
