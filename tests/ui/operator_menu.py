"""Driving the operator menu in tests: a finger (or a click) on a button, the PIN
login, the texts a frame draws, and the `app` of the operator pages' tests (a
1280x720 screen, 1000.00 of credit, on a real ledger)."""
from __future__ import annotations

import pygame
import pytest

from cabinet.ui.operator import OperatorMenu, PinPad
from tests.ui.conftest import make_app, press, run

K = pygame


def tap(app, action: str, finger: bool = True) -> None:
    """Press the top scene's button for `action`: a finger (FINGERDOWN/UP) or a click."""
    widget = next(w for w in app.stack.top.widgets if getattr(w, "action", None) == action)
    x, y = app.layout.pt(*widget.rect.center)
    w, h = app.surface.get_size()
    if finger:
        for etype in (K.FINGERDOWN, K.FINGERUP):
            pygame.event.post(pygame.event.Event(etype, x=x / w, y=y / h, dx=0.0, dy=0.0, finger_id=1, touch_id=1,
                                                 pressure=1.0))
    else:
        for etype in (K.MOUSEBUTTONDOWN, K.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(etype, pos=(x, y), button=1))
    run(app, 1)


def login(app, pin: str = "1234") -> OperatorMenu:
    press(app, K.K_o, K.KMOD_LCTRL | K.KMOD_LSHIFT)
    for d in pin:
        tap(app, f"pin_{d}")
    tap(app, "pin_OK")
    assert isinstance(app.stack.top, OperatorMenu)
    return app.stack.top


def wrong_pin(app, pin: str) -> None:
    """The PIN pad opened by its keys refuses `pin` ("Wrong PIN") and is closed again."""
    press(app, K.K_o, K.KMOD_LCTRL | K.KMOD_LSHIFT)
    for d in pin:
        press(app, getattr(K, f"K_{d}"))
    press(app, K.K_RETURN)
    assert isinstance(app.stack.top, PinPad) and app.stack.top.error == "Wrong PIN"
    press(app, K.K_ESCAPE)


def texts_drawn(app) -> list[str]:
    texts: list[str] = []
    real = app.assets.blit_text
    app.assets.blit_text = lambda s, text, *a, **k: texts.append(text) or real(s, text, *a, **k)
    try:
        app.render()
    finally:
        app.assets.blit_text = real
    return texts


def operator_app_fixture():
    """The `app` fixture of the operator pages' tests (each test module sets
    `app = operator_app_fixture()`): a 1280x720 screen and 1000.00 of credit."""
    @pytest.fixture
    def app(tmp_path):
        application = make_app(tmp_path, size=(1280, 720), credit="1000.00")
        yield application
        application.checkpoints.close()
        application.cabinet.close()
        pygame.display.quit()
    return app
