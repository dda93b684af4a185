"""The kiosk with finger events alone (pygame FINGERDOWN / FINGERUP / FINGERMOTION):
choose a game, play, go back, cash out, and reach the operator menu (a 3-second press
on the top-left corner, the PIN by taps); every control at least 64 px at 1080p."""
from __future__ import annotations

import pytest

import pygame

from cabinet.ui.game_scene import GameScene
from cabinet.ui.lobby import Lobby
from cabinet.ui.operator import OperatorMenu, PinPad
from cabinet.ui.widgets import Button
from tests.ui.conftest import make_app, run
from tests.ui.operator_menu import tap

K = pygame


def finger(app, etype: int, logical: tuple[float, float]) -> None:
    x, y = app.layout.pt(*logical)
    w, h = app.surface.get_size()
    pygame.event.post(pygame.event.Event(etype, x=x / w, y=y / h, dx=0.0, dy=0.0, finger_id=3, touch_id=1,
                                         pressure=1.0))


def touch(app, logical: tuple[float, float]) -> None:
    finger(app, K.FINGERDOWN, logical)
    finger(app, K.FINGERUP, logical)
    run(app, 1)


@pytest.mark.slow
def test_the_kiosk_is_played_and_serviced_with_touches_alone(tmp_path):
    app = make_app(tmp_path, size=(1920, 1080))
    app.kiosk = True
    lobby = app.stack.top
    touch(app, lobby.tile_rects()[0].center)                      # a game's tile
    scene = app.stack.top
    assert isinstance(scene, GameScene)
    before = app.cabinet.balance
    for _ in range(3):                                            # SPIN, then SKIP, closing what a win opens
        tap(app, "spin")
        for _ in range(50):
            if not scene.busy and app.stack.top is scene:
                break
            if app.stack.top is not scene:
                touch(app, (960, 540))
            elif any(w.action == "spin" and w.enabled() for w in scene.widgets):
                tap(app, "spin")
            run(app, 5, 0.1)
    played = app.cabinet.history(10)
    assert len(played) == 3 and app.cabinet.balance == before + sum(r.win_cents - r.cost_cents for r in played)
    tap(app, "close")                                             # < LOBBY
    assert isinstance(app.stack.top, Lobby)
    finger(app, K.FINGERDOWN, (20, 20))                           # the service corner, held 3 s
    run(app, 20, 0.1)
    assert not isinstance(app.stack.top, PinPad)                  # not yet
    run(app, 12, 0.1)
    finger(app, K.FINGERUP, (20, 20))
    run(app, 1)
    assert isinstance(app.stack.top, PinPad)
    for d in "1234":
        tap(app, f"pin_{d}")
    tap(app, "pin_OK")
    menu = app.stack.top
    assert isinstance(menu, OperatorMenu)
    for tab in ("cash", "recall", "events", "settings", "diagnostics", "system", "meters"):
        tap(app, f"tab_{tab}")
        assert menu.current == tab
    tap(app, "close")                                             # LOG OUT
    assert isinstance(app.stack.top, Lobby)
    tap(app, "cash_out")
    tap(app, "confirm")
    assert app.cabinet.balance == 0 and app.stack.top.ticket is not None
    tap(app, "confirm")                                           # DONE
    assert isinstance(app.stack.top, Lobby)
    app.checkpoints.close()


def controls(app) -> list[tuple[str, Button]]:
    return [(app.stack.top.scene_name, w) for w in app.stack.top.widgets if isinstance(w, Button)]


def test_every_control_is_at_least_64_px_at_1080p(tmp_path):
    app = make_app(tmp_path, size=(1920, 1080))
    seen: list[tuple[str, Button]] = controls(app)
    app.open_game("toyui")
    seen += controls(app)
    app.pop()
    for name in ("cash_out", "history", "pin_pad", "display_test", "sound_test", "input_test", "touch_test"):
        app.open(name)
        seen += controls(app)
        app.pop()
    app.open("operator_menu")
    menu = app.stack.top
    for tab in ("meters", "cash", "recall", "events", "settings", "diagnostics", "system"):
        menu.show(tab)
        seen += controls(app)
    for section in ("games", "pin"):
        menu.shown.on_action(f"section_{section}")
        seen += controls(app)
    assert len(seen) > 150
    small = [(name, w.action, w.hit_rect().size) for name, w in seen if min(w.hit_rect().size) < 64]
    assert small == []
    mine = ("operator_menu", "pin_pad", "cash_out", "display_test", "sound_test", "input_test", "touch_test")
    drawn_small = [(name, w.action, w.rect.h) for name, w in seen
                   if name in mine and w.rect.h < 64 and w.action != "close"]
    assert drawn_small == []
    app.checkpoints.close()
