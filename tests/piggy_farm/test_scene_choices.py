"""FARM WHEEL BOOST "stays on until switched off" (docs/rules/piggy_farm.md): also
across a restart of the cabinet, and a resumed ante round shows BOOST ON, as played."""
from __future__ import annotations

import pytest

import json

import pygame

from games.piggy_farm import GAME
from games.piggy_farm.view.layout import ANTE
from tests.ui.conftest import check_paid, click, game_app, open_game, play_out, press, run

K = pygame


def ante_button(scene):
    return next(w for w in scene.widgets if w.action == "ante")


def restart(app, tmp_path):
    app.checkpoints.flush()
    app.checkpoints.close()
    app.cabinet.ledger.close()
    pygame.display.quit()
    return game_app(tmp_path, GAME, seed=5)


def label(button) -> str:
    return button.label() if callable(button.label) else button.label


@pytest.mark.slow
def test_the_boost_switched_on_stays_on_after_a_restart(tmp_path):
    app = game_app(tmp_path, GAME, seed=5)
    scene = open_game(app)
    click(app, ANTE.center)
    assert scene.mode_id == "ante"
    app2 = restart(app, tmp_path)
    scene2 = open_game(app2)
    assert scene2.mode_id == "ante" and label(ante_button(scene2)) == "BOOST ON"
    before = app2.cabinet.balance
    press(app2, K.K_SPACE)
    assert scene2.played.mode == "ante" and app2.cabinet.balance == before - 300
    play_out(app2, scene2)
    click(app2, ANTE.center)                                  # switched off: off after the next restart
    assert scene2.mode_id == "base"
    app3 = restart(app2, tmp_path)
    scene3 = open_game(app3)
    assert scene3.mode_id == "base" and label(ante_button(scene3)) == "BOOST OFF"
    app3.checkpoints.close()


def test_a_resumed_ante_round_reads_boost_on(tmp_path):
    app = game_app(tmp_path, GAME, seed=5)
    scene = open_game(app)
    click(app, ANTE.center)
    before = app.cabinet.balance
    press(app, K.K_SPACE)
    played = scene.played
    assert played.mode == "ante"
    run(app, 3, 1 / 30)
    (tmp_path / "data" / "game_choices.json").write_text(json.dumps({"piggy_farm": "base"}))   # chosen off elsewhere
    app2 = restart(app, tmp_path)
    scene2 = app2.stack.top
    assert scene2.played is not None and scene2.played.round_id == played.round_id
    assert scene2.mode_id == "ante" and label(ante_button(scene2)) == "BOOST ON"
    play_out(app2, scene2)
    check_paid(app2, before, played)
    assert scene2.mode_id == "ante"
    app2.checkpoints.close()
