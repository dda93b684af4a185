"""Robustness of the shell: kills, restarts, resizes, memory, text, count-ups, tiers."""
from __future__ import annotations

import pytest

import pygame

from cabinet.ui.game_scene import GameScene
from cabinet.ui.presentation import Presentation, count_up
from tests.ui.conftest import click, finish_round, make_app, open_game, press, run

K = pygame


def test_count_up_rolls_in_integers_and_lands_exactly_on_the_end_when_skipped():
    shown = []
    step = count_up(1.0, lambda: 100, 1337, shown.append)
    pres = Presentation([step])
    pres.advance(0.5)
    assert 100 < shown[-1] < 1337 and all(isinstance(v, int) for v in shown)
    pres.skip_to_end()
    assert shown[-1] == 1337


def test_a_window_resize_relays_out_at_the_new_size_and_mouse_maps_through_it(app):
    scene = open_game(app)
    pygame.display.set_mode((800, 450))
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=800, y=450))
    run(app, 2)
    assert app.layout.size == (800, 450) and app.surface.get_size() == (800, 450)
    click(app, (1670, 1015))                   # SPIN, at the new scale
    assert scene.busy


def test_the_celebration_title_climbs_through_the_tiers_as_the_count_passes_them(app):
    from cabinet.ui.celebration import BigWin
    win = BigWin(app, "epic", 100 * 100, 100)            # 100x on a $1.00 bet
    app.push(win)
    titles = []
    for _ in range(60):
        run(app, 1, 0.1)
        if app.stack.top is win:
            titles.append(win.title)
    seen = [t for i, t in enumerate(titles) if i == 0 or titles[i - 1] != t]
    assert seen == ["BIG WIN", "MEGA WIN", "EPIC WIN"]


@pytest.mark.slow
def test_sigkill_mid_round_then_restart_resumes_the_round_and_pays_it_once(tmp_path):
    import os
    import signal
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    child = subprocess.Popen([sys.executable, "-m", "tests.ui.kill_child", str(tmp_path), "3"], cwd=root,
                             stdout=subprocess.PIPE, text=True)
    line = child.stdout.readline().split()
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    assert line[0] == "MIDROUND"
    round_id, checkpoint = int(line[1]), int(line[2])
    app = make_app(tmp_path)                     # the restart
    scene = app.stack.top
    assert isinstance(scene, GameScene) and scene.played.round_id == round_id
    assert scene.presentation.index >= checkpoint
    rec = app.cabinet.ledger.round(round_id)
    assert rec.state == "open"
    finish_round(app, scene)
    rec = app.cabinet.ledger.round(round_id)
    assert rec.state == "settled" and rec.balance_after == rec.balance_before - rec.cost_cents + rec.win_cents
    assert app.cabinet.audit()[0] and app.cabinet.open_round() is None
    assert app.cabinet.balance == rec.balance_after
    report = app.cabinet.ledger.verify()            # the chain verifies after the kill and the resume
    assert report.counts["round"] == 4 and report.counts["settle"] == 4 and report.open_rounds == 0


def test_wrapped_labels_centre_without_leaving_shared_fonts_centred(app):
    app.assets.text("a long label that wraps onto two lines at this width", 30, wrap=200)
    assert app.assets.font(30).align == pygame.FONT_LEFT


def test_a_closed_game_scene_is_freed_despite_the_gc_freeze_after_scene_changes(app):
    import weakref
    scene = open_game(app)
    ref = weakref.ref(scene)
    del scene
    press(app, K.K_ESCAPE)
    run(app, 2)
    press(app, K.K_RETURN)                  # another scene change: unfreeze, collect, freeze
    run(app, 2)
    assert ref() is None


def test_a_round_whose_presentation_cannot_be_rebuilt_is_paid_at_restart_not_a_crash_loop(tmp_path, monkeypatch):
    from tests.toygame.view.scene import ToyScene
    app = make_app(tmp_path)
    scene = open_game(app)
    press(app, K.K_SPACE)
    played = scene.played
    before = app.cabinet.balance
    app.checkpoints.close()
    app.cabinet.ledger.close()
    pygame.display.quit()

    def broken(self, played):
        raise RuntimeError("presentation bug")
    monkeypatch.setattr(ToyScene, "round_steps", broken)
    app2 = make_app(tmp_path)
    scene2 = app2.stack.top
    assert isinstance(scene2, GameScene) and not scene2.busy
    assert app2.cabinet.balance == before + played.win_cents and app2.cabinet.open_round() is None
    assert "could not be shown" in scene2.message_text
