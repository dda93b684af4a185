"""A scene that leaves the stack lets go of its own pictures at once (SceneStack._leave).

Closing an overlay runs no garbage collection (it is a light scene) and an overlay is a
reference cycle (its buttons' callbacks hold it), so before this a closed PIN pad kept
its backdrop, a full-screen picture, until the cyclic GC's next full pass: a handpay
left waiting while the PIN pad opened and closed again and again held one more
full-screen picture each time. The collector is switched off in these tests, so a
picture that is still alive after the close is one that waited for it."""
from __future__ import annotations

import gc
import weakref
from contextlib import contextmanager

import pygame
import pytest

from cabinet.ui.operator import HandpayNotice, PinPad
from tests.ui.conftest import make_app, open_game, press, run
from tests.config_edit import handpay_limit

K = pygame


@contextmanager
def no_collector():
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def alive(refs: list) -> set[int]:
    return {id(ref()) for ref in refs if ref() is not None}


def spares() -> set[int]:
    """The full-screen surfaces overlays reuse (overlay.spare: one per slot, not one per
    opening: a new 1080p surface costs ~7 ms of page faults)."""
    from cabinet.ui import overlay
    return {id(surf) for surf, _ in overlay._SPARES.values()}


def handpay_app(tmp_path):
    app = make_app(tmp_path, size=(1280, 720), credit="1000.00")
    handpay_limit(app, 50000)
    app.open("cash_out")
    app.stack.top.on_action("confirm")
    run(app, 1)
    assert isinstance(app.stack.top, HandpayNotice)
    return app


@pytest.mark.slow
def test_a_pin_pad_opened_and_closed_over_a_handpay_200_times_holds_at_most_one_backdrop(tmp_path):
    app = handpay_app(tmp_path)
    notice = app.stack.top
    backdrops: list[weakref.ref] = []
    with no_collector():
        for _ in range(200):
            notice.on_action("pay")                        # the attendant's PIN pad over the notice
            run(app, 1)
            pad = app.stack.top
            assert isinstance(pad, PinPad) and pad._backdrop is not None
            backdrops.append(weakref.ref(pad._backdrop))
            assert len(alive(backdrops)) == 1                # only the open pad's
            press(app, K.K_ESCAPE)                          # closed without a PIN
            assert app.stack.top is notice
            assert alive(backdrops) <= spares()             # at most the one reused full-screen spare
    assert app.cabinet.handpay is not None                  # nothing was paid on the way
    app.checkpoints.close()
    app.cabinet.close()


@pytest.mark.parametrize("name, args", [
    ("sound_panel", ()), ("cash_out", ()), ("big_win", ("big", 5000, 100)), ("buy_menu", "game"),
    ("autoplay_menu", "game"), ("pin_pad", ())])
def test_every_overlay_drops_its_backdrop_when_it_closes(tmp_path, name, args):
    app = make_app(tmp_path, size=(1280, 720))
    game = open_game(app)
    with no_collector():
        overlay = app.open(name, *((game,) if args == "game" else args))
        run(app, 1)
        assert app.stack.top is overlay and overlay._backdrop is not None
        picture = weakref.ref(overlay._backdrop)
        app.pop(overlay)
        assert app.stack.top is game
        assert picture() is None or id(picture()) in spares(), f"{name}: its backdrop outlived the close"
    app.checkpoints.close()
    app.cabinet.close()


def test_an_overlay_opened_again_after_a_close_draws_its_backdrop_anew(tmp_path):
    app = make_app(tmp_path, size=(1280, 720))
    open_game(app)
    panel = app.open("sound_panel")
    run(app, 1)
    app.pop(panel)
    app.push(panel)                                         # the same scene back on the stack
    run(app, 1)
    assert panel._backdrop is not None and app.surface.get_at((0, 0)) == panel._backdrop.get_at((0, 0))
    app.checkpoints.close()
    app.cabinet.close()


def test_an_overlay_paused_under_another_lets_go_of_its_backdrop_once_photographed(tmp_path):
    app = make_app(tmp_path, size=(1280, 720))
    first = app.open("cash_out")
    run(app, 1)
    assert first._backdrop is not None
    with no_collector():
        below = weakref.ref(first._backdrop)
        top = app.open("sound_panel")                       # an overlay over the overlay
        run(app, 1)
        assert top._backdrop is not None
        assert below() is None and first._backdrop is None  # one full-screen picture, the top one's
        press(app, K.K_ESCAPE)
        run(app, 1)
        assert app.stack.top is first and first._backdrop is not None   # drawn again on its resume
