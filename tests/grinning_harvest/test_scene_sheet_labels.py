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


def test_the_rules_pages_buy_tab_is_named_as_in_the_sheet(app):
    """The sheet's section is BUY BONUS ("pressing the BONUS button"): the rules pages'
    tab reads "Buy bonus", not a bare "BUY" the cabinet never shows, and its page says
    which button opens the buys."""
    scene = open_game(app)
    press(app, K.K_i, K.KMOD_LSHIFT)
    rules = app.stack.top
    tabs = [p.tab for p in rules.pages]
    assert "Buy bonus" in tabs and "Buy" not in tabs, tabs
    page = next(p for p in rules.pages if p.tab == "Buy bonus")
    assert "BONUS button" in page.title
    del scene
