"""The splash (issue #35 item 6): a window with the cabinet's logo and a progress bar
naming what loads, the start checks on a worker thread behind it, every screen prepared
before the first lobby frame."""
from __future__ import annotations

import threading

import pygame
import pytest

from cabinet.ui.splash import Splash
from tests.ui.conftest import make_app, serve


@pytest.fixture
def splash():
    shown = Splash(False, (960, 540), False)
    yield shown
    pygame.display.quit()


def test_the_splash_draws_the_bar_filled_to_its_fraction(splash):
    splash.show("the games and their books", 0.5)
    surf = pygame.display.get_surface()
    w, h = surf.get_size()
    y = int(h * 0.66)
    gold = [x for x in range(w) if surf.get_at((x, y))[:3] == (255, 204, 64)]
    assert gold, "no bar drawn"
    bar_w = int(w * 0.44)
    assert abs((max(gold) - min(gold)) - bar_w * 0.5) < bar_w * 0.06        # half of the bar is gold
    splash.show("the games and their books", 1.0)
    gold = [x for x in range(w) if surf.get_at((x, y))[:3] == (255, 204, 64)]
    assert max(gold) - min(gold) > bar_w * 0.94


def test_work_behind_the_splash_runs_on_another_thread_and_gives_its_result(splash):
    seen = {}

    def work():
        seen["thread"] = threading.current_thread().name
        return 42
    assert splash.run_while("the ledger", work, 0.4) == 42
    assert seen["thread"] != threading.current_thread().name and splash.fraction == 0.4


def test_a_refusal_behind_the_splash_is_raised_on_its_thread(splash):
    def work():
        raise ValueError("config error: nope")
    with pytest.raises(ValueError, match="config error: nope"):
        splash.run_while("the games and their books", work, 0.45)


def test_the_splash_prepares_every_screen_so_the_first_lobby_frame_is_the_finished_lobby(tmp_path):
    app = make_app(tmp_path)
    try:
        lobby = app.stack.top
        shown = Splash.__new__(Splash)                 # on the app's window, as launch.run_app does
        shown.surface, shown.label, shown.fraction, shown.quit_asked = app.surface, "", 0.0, False
        shown._last, shown._back, shown._fonts = 0.0, None, {}
        labels = []
        real_show = shown.show

        def show(label, fraction):
            labels.append(label)
            real_show(label, fraction)
        shown.show = show
        shown.prepare(app, 0.6)
        assert lobby.ready and not app.prepared.pending and shown.fraction == 1.0
        assert any("Toy" in label or "lobby" in label for label in labels)
    finally:
        next(serve(app), None)
