"""INFO (SHIFT+I, the button) opens the rules' first page, PAYS (SHIFT+P, the button)
the paytable page: two different pages (issue #36 item 3)."""
from __future__ import annotations

import pytest

import os

import pygame

from cabinet.ui.info import InfoScene
from tests.ui.conftest import click, open_game, press, shift

K = pygame
SHOTS = os.environ.get("GH_SHOTS")


def save(app, name: str) -> None:
    if SHOTS:
        app.render()
        pygame.image.save(app.surface, os.path.join(SHOTS, name))


def button(scene, action: str):
    return next(w for w in scene.widgets if w.action == action)


@pytest.mark.slow
def test_info_opens_the_rules_first_page_and_pays_the_paytable(app):
    scene = open_game(app)
    shift(app, K.K_i)
    info = app.stack.top
    assert isinstance(info, InfoScene) and info.page == 0
    first = info.pages[0]
    assert not first.paytable and first.title == "Pumpkins and Vaults"
    save(app, "gh_info.png")
    press(app, K.K_ESCAPE)
    assert app.stack.top is scene
    shift(app, K.K_p)
    pays = app.stack.top
    assert isinstance(pays, InfoScene) and pays.pages[pays.page].paytable and pays.page != 0
    save(app, "gh_pays.png")
    press(app, K.K_ESCAPE)
    click(app, button(scene, "info").rect.center)
    assert app.stack.top.page == 0
    press(app, K.K_ESCAPE)
    click(app, button(scene, "paytable").rect.center)
    top = app.stack.top
    assert top.pages[top.page].paytable and top.pages[top.page].title == "Paytable"
