"""Kiosk attract loop, player protection, and a monkey of random real events."""
from __future__ import annotations

import pytest

import pygame

from cabinet.core.rng import Rng
from cabinet.ui.game_scene import GameScene
from cabinet.ui.kiosk import Attract, AttractCall, RealityCheck
from cabinet.ui.lobby import Lobby
from tests.ui.conftest import make_app, press, run

K = pygame


def test_kiosk_attract_starts_when_idle_replays_big_wins_and_any_touch_returns(tmp_path):
    app = make_app(tmp_path)
    press(app, K.K_RETURN)
    scene = app.stack.top
    while not any(r.win_cents for r in app.cabinet.history(100)):
        press(app, K.K_SPACE)
        press(app, K.K_SPACE)
        while app.stack.top is not scene:
            press(app, K.K_SPACE)
    press(app, K.K_ESCAPE)
    app.kiosk, app.attract_after = True, 30.0
    run(app, 25, 1.0)
    assert isinstance(app.stack.top, Lobby)
    run(app, 6, 1.0)
    assert isinstance(app.stack.top, Attract)
    run(app, 5, 1.0)
    recall = app.stack.find("game")
    assert isinstance(app.stack.top, AttractCall)              # PRESS ANY KEY OR TOUCH TO PLAY over it
    assert isinstance(recall, GameScene) and recall.recall_mode and recall.played.win_cents > 0
    assert not any(w.enabled() for w in recall.widgets)        # no live controls (no SKIP, no FORCE)
    assert {w.action for w in recall.widgets} <= {w.action for w in recall.own_buttons}   # only the game's own, off
    assert recall.shown_balance == app.cabinet.balance          # the credit now, not the old round's
    balance = app.cabinet.balance
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.5, dx=0.0, dy=0.0, finger_id=1,
                                         touch_id=1, pressure=1.0))
    run(app, 1)
    assert isinstance(app.stack.top, Lobby) and app.cabinet.balance == balance


def test_reality_check_every_n_minutes_shows_time_and_net_position(tmp_path):
    app = make_app(tmp_path)
    app.session.enabled, app.session.every, app.session.next_check = True, 60.0, 60.0
    press(app, K.K_RETURN)
    press(app, K.K_SPACE)
    press(app, K.K_SPACE)
    while not isinstance(app.stack.top, (RealityCheck, GameScene)) or isinstance(app.stack.top, GameScene) \
            and app.stack.top.busy:
        press(app, K.K_SPACE)
    run(app, 61, 1.0)
    check = app.stack.top
    assert isinstance(check, RealityCheck) and check.minutes == 1
    rec = app.cabinet.history(1)[0]
    assert check.net == rec.win_cents - rec.cost_cents
    press(app, K.K_RETURN)
    assert isinstance(app.stack.top, GameScene)


@pytest.mark.slow
def test_monkey_of_random_keys_and_clicks_never_crashes_and_the_ledger_audits(tmp_path):
    app = make_app(tmp_path, credit="1000.00")
    rng = Rng(99)
    keys = [K.K_SPACE, K.K_RETURN, K.K_ESCAPE, K.K_BACKSPACE, K.K_LEFT, K.K_RIGHT, K.K_UP, K.K_DOWN,
            K.K_1, K.K_2, K.K_3, K.K_4, K.K_a, K.K_b, K.K_f, K.K_g, K.K_h, K.K_i, K.K_p, K.K_t, K.K_s, K.K_m]
    mods = [0, K.KMOD_LSHIFT, K.KMOD_LSHIFT, K.KMOD_LCTRL]
    for i in range(3000):
        if rng.chance(1, 3):
            pos = app.layout.pt(rng.below(1920), rng.below(1080))
            for etype in (K.MOUSEBUTTONDOWN, K.MOUSEBUTTONUP):
                pygame.event.post(pygame.event.Event(etype, pos=pos, button=1))
        else:
            pygame.event.post(pygame.event.Event(K.KEYDOWN, key=keys[rng.below(len(keys))],
                                                 mod=mods[rng.below(len(mods))]))
        app.step(0.05)
        if not app.running:
            app.running = True
    assert app.cabinet.audit()[0]


def test_kiosk_opens_fullscreen_at_the_desktop_size_and_hides_the_cursor_until_it_moves(tmp_path):
    from cabinet.core.cabinet import Cabinet
    from cabinet.ui.app import App, start_scenes
    from cabinet.ui.clock import ManualClock
    from tests.ui.conftest import make_config
    from tests.ui.toy_game import TOY
    config = make_config(tmp_path)
    app = App(config, Cabinet(config, games={"toyui": TOY}), clock=ManualClock(), kiosk=True)
    start_scenes(app)
    assert app.fullscreen and app.surface.get_size() == pygame.display.get_desktop_sizes()[0]
    assert not pygame.mouse.get_visible()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0)))
    run(app, 1)
    assert pygame.mouse.get_visible()
    run(app, 4, 1.0)
    assert not pygame.mouse.get_visible()
    app.checkpoints.close()
