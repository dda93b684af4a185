"""GAME INTERRUPTED says what the cabinet does with a round not resumed in time, with
the hours from config `unfinished_round_hours` (cabinet.py `_close_stale`): the decided
outcome is credited; a round waiting on a player's choice is cancelled and refunded
(issue #36 item 5)."""
from __future__ import annotations

import dataclasses
import os

import pygame

from cabinet.core.config import load_config
from cabinet.core.cabinet import Cabinet
from cabinet.ui.app import App, start_scenes
from cabinet.ui.clock import ManualClock
from cabinet.ui.info import InfoScene
from games.grinning_harvest import GAME
from games.grinning_harvest.view import rules_pages
from tests.ui.conftest import GAME_CONFIG, open_game, press, shift

K = pygame
SHOTS = os.environ.get("GH_SHOTS")


def app_with_hours(tmp_path, hours: int) -> App:
    path = tmp_path / "config.yaml"
    path.write_text(GAME_CONFIG.format(data=tmp_path / "data", game=GAME.id) + f"unfinished_round_hours: {hours}\n")
    config = load_config(path)
    app = App(config, Cabinet(config, games={GAME.id: GAME}, seed=3), size=(960, 540), clock=ManualClock())
    start_scenes(app)
    return app


def test_the_game_interrupted_card_states_the_cabinets_policy_with_the_configured_hours(tmp_path):
    app = app_with_hours(tmp_path, 36)
    scene = open_game(app)
    shift(app, K.K_i)
    info = app.stack.top
    assert isinstance(info, InfoScene)
    general = next(i for i, p in enumerate(info.pages) if p.tab == "General")
    while info.page != general:
        press(app, K.K_RIGHT)
    card = next(c for col in info.pages[general].columns for c in col if c.title == "Game interrupted")
    text = " ".join(card.text)
    assert "not resumed within 36 hours is completed for you: its win is credited" in text
    assert "waiting on a choice of yours would be cancelled and its bet refunded" in text
    if SHOTS:
        app.render()
        pygame.image.save(app.surface, os.path.join(SHOTS, "gh_general.png"))
    deciding = type("Deciding", (), {"app": app, "spec": dataclasses.replace(scene.spec, player_decides=True)})()
    words = rules_pages.unfinished_round_words(deciding)
    assert "within 36 hours is cancelled and its bet refunded" in words and "credited" not in words
    app.checkpoints.close()
