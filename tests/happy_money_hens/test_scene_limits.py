"""The $250,000 win limit on screen (books, the shipped $0.10-$8,000 ladder): above
the bets where the limit keeps an option's RTP, fortune bets and buys are not offered,
the player is told up to which bet they are, and nothing is charged."""
from __future__ import annotations

import pytest

import os

import pygame

from cabinet.core.cabinet import Cabinet
from cabinet.core.config import load_config
from cabinet.ui.app import App, start_scenes
from cabinet.ui.buy_menu import BuyMenu
from cabinet.ui.clock import ManualClock
from cabinet.ui.info import InfoScene
from tests.ui.conftest import run

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def books_app(tmp):
    tmp.mkdir(parents=True, exist_ok=True)
    (tmp / "config.yaml").write_text(f'data_dir: {tmp / "data"}\nmath_source: books\n'
                                     'demo_credit: "5000000.00"\nsound: {enabled: false}\n')
    config = load_config(tmp / "config.yaml")
    cab = Cabinet(config, seed=5)
    app = App(config, cab, size=(960, 540), clock=ManualClock())
    start_scenes(app)
    app.open_game("happy_money_hens")
    run(app, 2)
    return app, app.stack.top


@pytest.mark.slow
def test_raising_the_bet_past_an_options_limit_falls_back_to_standard_spins(tmp_path):
    app, scene = books_app(tmp_path)
    setup = app.cabinet.games["happy_money_hens"]
    top = setup.option_max_bet["fortune_2"]
    scene.on_action("fortune:fortune_2")
    assert scene.mode_id == "fortune_2"
    while scene.bet <= top:
        scene.on_action("bet_up")
    assert scene.mode_id == "base"
    assert "offered at bets up to" in scene.message_text and "win limit" in scene.message_text
    scene.on_action("fortune:fortune_2")               # refused at this bet, with the reason
    assert scene.mode_id == "base" and "offered at bets up to" in scene.message_text
    run(app, 2)
    app.checkpoints.close()
    pygame.display.quit()


@pytest.mark.slow
def test_buy_menu_shows_and_refuses_an_option_above_its_limit(tmp_path):
    app, scene = books_app(tmp_path)
    setup = app.cabinet.games["happy_money_hens"]
    while scene.bet < scene.ladder[-1]:
        scene.on_action("bet_up")
    before = app.cabinet.balance
    scene.open_buy_menu()
    menu = app.stack.top
    assert isinstance(menu, BuyMenu)
    run(app, 2)                                        # the list draws "BETS UP TO ..." cards
    menu.show([m.id for m in menu.options].index("buy_triple"))
    menu.confirm()
    assert menu.refusal and "offered at bets up to" in menu.refusal
    assert app.cabinet.balance == before and app.cabinet.meters()["games_played"] == 0
    app.pop(menu)
    info = InfoScene(app, scene)
    bets = next(p for p in info.pages if p.tab == "Bets")
    cards = {c.title: dict(c.rows) for c in bets.grid}
    assert "bets up to" in cards[scene.spec.mode("buy_triple").label]["Offered"]
    base = cards[scene.spec.mode("base").label]
    shown = float(base["RTP at this bet"].split("%")[0])
    exact = float(setup.library.books("base").rtp_at(scene.bet, setup.cap)) * 100
    assert abs(shown - exact) < 0.006 and shown < 94.5      # the return at $8,000, not the stated one
    app.checkpoints.close()
    pygame.display.quit()
