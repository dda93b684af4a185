"""Issue 36 item 3: every control has a key, listed on the KEYBOARD page: the operator
menu and its pages' keys, and (review tools on) the force menu's navigation; the force
menu can be driven by the keyboard alone."""
from __future__ import annotations

import pygame

from cabinet.ui.demo import ForceMenu
from tests.config_edit import reconfigure
from tests.ui.conftest import make_app, open_game, press, serve, settle

K = pygame


def keyboard_text(app, scene) -> str:
    scene.on_action("info")
    info = app.stack.top
    index = next(i for i, p in enumerate(info.pages) if p.tab == "Keys")
    text = " | ".join(t for t, *_ in info.laid(index).texts)
    app.pop(info)
    return text


def test_the_keyboard_page_lists_the_operator_menu_its_pages_and_the_force_menu(tmp_path):
    app = make_app(tmp_path, size=(1600, 900), credit="100.00")
    for application in serve(app):
        scene = open_game(app)
        text = keyboard_text(app, scene)
        for words in ("Operator menu", app.input.describe("operator"), "Operator page 1 ... 7", "1 ... 7",
                      "Recall: show the ids", "D", "Move / press a button", "ENTER", "Log out",
                      "Force menu: move / choose", "Force menu: close", app.input.describe("demo")):
            assert words in text, (words, text)


def test_without_review_tools_the_force_menu_keys_are_not_listed(tmp_path):
    app = make_app(tmp_path, size=(1600, 900), credit="100.00")
    for application in serve(app):
        reconfigure(app, demo_tools=False)
        scene = open_game(app)
        text = keyboard_text(app, scene)
        assert "Force menu" not in text and "Operator menu" in text


def test_the_force_menu_is_driven_by_the_keyboard_alone(tmp_path):
    app = make_app(tmp_path, size=(1600, 900), credit="100.00")
    for application in serve(app):
        scene = open_game(app)
        press(app, K.K_F10)                                   # the force menu
        menu = app.stack.top
        assert isinstance(menu, ForceMenu) and menu.categories
        press(app, K.K_ESCAPE)                                # ESC closes it, nothing forced
        assert app.stack.top is scene and scene.force_next is None
        press(app, K.K_F10)
        menu = app.stack.top
        first = menu._focus
        assert first is not None and first.action == "force_0"
        want = 1 if len(menu.categories) > 1 else 0
        for _ in range(want):
            press(app, K.K_DOWN)                              # the focus ring moves down the list
        assert menu._focus.action == f"force_{want}"
        press(app, K.K_RETURN)                                # ENTER chooses it
        assert app.stack.top is scene
        force = menu.categories[want][0]
        assert scene.force_next == force
        press(app, K.K_SPACE)                                 # and SPACE plays the forced round
        settle(app, scene)
        assert app.cabinet.history(1)[0].id and scene.force_next is None
