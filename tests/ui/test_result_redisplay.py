"""Grinning Harvest's GAME INTERRUPTED rule, cabinet-wide: "The results of a completed
round (where the results display was interrupted) will only be displayed again within
the game if they are winning rounds". A winning round killed (SIGKILL) during its
celebration count-up was settled before it (the money is right): the restart shows its
result again, the celebration included, pays nothing twice, and once it has been shown
in full a further restart shows an idle game. (Happy Money Hens' rarest combination is
forced through a 3e-8 chance with live math: its single-feature bonus is forced instead.)"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from cabinet.core.game import discover
from cabinet.core.ledger import RESULT_SHOWN, Ledger
from cabinet.ui.game_scene import GameScene
from cabinet.ui.lobby import Lobby
from tests.ui.conftest import game_app, make_app, open_game, press, run

ROOT = Path(__file__).resolve().parents[2]


def killed_during_the_celebration(data: Path, game: str, category: str) -> tuple[int, int]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.Popen([sys.executable, "-m", "tests.ui.celebration_child", str(data), game, category],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    if not line.startswith("CELEBRATING"):
        proc.kill()
        raise AssertionError((line, proc.stderr.read()))
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    proc.stdout.close()
    proc.stderr.close()
    _, rid, win = line.split()
    return int(rid), int(win)


@pytest.mark.slow
@pytest.mark.parametrize("game, category", [("grinning_harvest", "big_win"), ("piggy_farm", "free_spins_x5"),
                                            ("happy_money_hens", "combo_DC")])
def test_a_winning_round_killed_during_its_celebration_is_shown_again(tmp_path, game, category):
    rid, win = killed_during_the_celebration(tmp_path, game, category)
    led = Ledger(tmp_path / "data" / "ledger.sqlite")
    rec = led.round(rid)
    assert rec.state == "settled" and rec.win_cents == win > 0 and rec.checkpoint < RESULT_SHOWN
    balance = led.balance
    led.close()
    spec = discover()[game]
    app = game_app(tmp_path, spec, seed=3)                  # the restart opens the game on its result
    scene = app.stack.find("game")
    assert isinstance(scene, GameScene) and scene.spec.id == game
    for _ in range(200):
        if app.stack.top.scene_name == "big_win":
            break
        run(app, 1, 0.05)
    assert app.stack.top.scene_name == "big_win" and app.stack.top.win == win     # the celebration again
    assert scene.last_win == win and app.cabinet.balance == balance               # shown, not paid again
    for _ in range(100):                                                           # the player closes it
        if app.stack.top is scene:
            break
        # SPACE completes the celebration; the offer it leads to (a gamble) is not taken
        press(app, pygame.K_SPACE if app.stack.top.scene_name == "big_win" else pygame.K_ESCAPE)
        run(app, 5, 0.1)
    assert app.stack.top is scene, app.stack.top.scene_name
    run(app, 3)
    app.checkpoints.flush()
    assert app.cabinet.ledger.round(rid).checkpoint == RESULT_SHOWN
    app.checkpoints.close()
    app.cabinet.close()
    again = game_app(tmp_path, spec, seed=3)                # shown in full: the next start is idle
    assert isinstance(again.stack.top, Lobby) and again.cabinet.balance == balance
    again.checkpoints.close()
    pygame.display.quit()


def test_a_game_closed_in_the_frame_its_celebration_closes_does_not_show_that_result_again(tmp_path):
    """Only a stop cuts a result short: SPACE, SPACE (the celebration completes and
    closes) and ESC (back to the lobby) handled in one frame leave the game before it
    was idle on top again; the result still counts as shown, so reopening the game in
    the same process shows an idle game, not "the result of the interrupted round"."""
    app = make_app(tmp_path, credit="1000.00")
    try:
        scene = open_game(app)
        assert scene.play("buy_bonus")                   # a coin bonus: its total-win summary opens
        for _ in range(100):
            if app.stack.top.scene_name == "big_win":
                break
            scene.skip()
            run(app, 1, 0.1)
        assert app.stack.top.scene_name == "big_win" and scene.result_pending is not None
        rid = scene.result_pending
        for key in (pygame.K_SPACE, pygame.K_SPACE, pygame.K_ESCAPE):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, scancode=0))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, scancode=0))
        run(app, 1)
        assert isinstance(app.stack.top, Lobby)
        assert app.cabinet.ledger.round(rid).checkpoint == RESULT_SHOWN
        again = open_game(app)
        run(app, 3)
        assert app.stack.top is again and again.played is None and again.message_text is None
    finally:
        app.checkpoints.close()
        pygame.display.quit()
