"""When a round is over its banner and the bonus board go: the reels are back with the
base board the round landed on (a bought bonus: the idle board), the right panel shows
the paylines again (issue #36 item 2)."""
from __future__ import annotations

import pytest

import os

import pygame

from tests.ui.conftest import check_paid, events, force_next, open_game, play_out, press, run, shift

K = pygame
SHOTS = os.environ.get("GH_SHOTS")          # a folder: save the screens looked at


def save(app, name: str) -> None:
    if SHOTS:
        app.render()
        pygame.image.save(app.surface, os.path.join(SHOTS, name))


@pytest.mark.slow
def test_a_triggered_bonus_clears_its_board_and_banner_when_the_round_is_over(app):
    scene = open_game(app)
    force_next(app, "bonus")
    before = app.cabinet.balance
    press(app, K.K_SPACE)
    played = scene.played
    pres = scene.presentation
    total = next(i for i, s in enumerate(pres.steps) if s.label == "bonus total")
    while pres.index <= total:
        run(app, 1, 1 / 30)
    assert scene.in_bonus and scene.banner[0] == "BONUS WIN"     # the total is shown while the round lasts
    play_out(app, scene, dt=1 / 20)
    check_paid(app, before, played)
    run(app, 2, 0.1)
    save(app, "gh_after_bonus.png")
    assert not scene.in_bonus and scene.banner is None and not scene.grid.held
    landed = {(p["row"], e["reel"]) for e in events(played, "reel_stop") for p in e["pumpkins"]}
    assert set(scene.pumpkins) == landed                        # the base board's pumpkins with their values
    assert scene.shown_win == played.win_cents


def test_a_bought_bonus_leaves_the_start_board_when_the_round_is_over(app):
    scene = open_game(app)
    shift(app, K.K_1)
    shift(app, K.K_RETURN)
    played = scene.played
    assert "bonus" in played.round.features
    play_out(app, scene, dt=1 / 20)
    run(app, 2, 0.1)
    save(app, "gh_after_buy.png")
    assert not scene.in_bonus and scene.banner is None
    assert scene.reels.board() == scene.rest.board and scene.pumpkins == scene.rest_pumpkins   # the start board again
