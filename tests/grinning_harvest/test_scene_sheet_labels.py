"""The controls and fields the sheet names carry its names: the BONUS button (BUY BONUS:
"pressing the BONUS button") opens the buy menu, and the round's total prize is in the
PRIZE field to the right of the BALANCE (issue #36 item 6)."""
from __future__ import annotations

import os

import pygame

from cabinet.ui.buy_menu import BuyMenu
from tests.ui.conftest import click, open_game, press
from tests.ui.text_record import recorded_texts

K = pygame
SHOTS = os.environ.get("GH_SHOTS")


def test_the_bonus_button_and_the_prize_field_are_named_as_in_the_sheet(app):
    scene = open_game(app)
    texts = {t: pos for t, pos in recorded_texts(app)}
    if SHOTS:
        pygame.image.save(app.surface, os.path.join(SHOTS, "gh_labels.png"))
    assert "PRIZE" in texts and "WIN" not in texts
    assert texts["PRIZE"][0] > texts["BALANCE"][0]                # to the right of the BALANCE
    bonus = next(w for w in scene.widgets if w.action == "buy_menu")
    assert bonus.text() == "BONUS" and "BUY" not in texts
    click(app, bonus.rect.center)
    assert isinstance(app.stack.top, BuyMenu)
    press(app, K.K_ESCAPE)
    assert app.stack.top is scene
