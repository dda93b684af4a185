"""Grinning Harvest's music follows the round (issue #35 item 5): the base theme in the
base game, quiet while the bonus triggers, the feature theme through the Hold-n-Win
bonus and its total-win summary, then the base theme again; the lobby plays its own."""
from __future__ import annotations

import pytest

import pygame

from cabinet.ui.celebration import BigWin
from tests.ui.conftest import force_next, open_game, press, run

BASE, FEATURE = "music.grinning_harvest.base", "music.grinning_harvest.feature"


@pytest.mark.slow
def test_the_bonus_plays_the_feature_theme_and_the_base_theme_comes_back(app):
    run(app, 1)
    assert app.stack.music() == "music.lobby" and app.audio.track == "music.lobby"
    scene = open_game(app)
    run(app, 1)
    assert app.stack.music() == BASE and app.audio.track == BASE
    force_next(app, "bonus")
    press(app, pygame.K_SPACE)
    assert scene.played is not None and scene.is_bonus(scene.played)
    heard, over_summary = [], set()
    for _ in range(20000):
        if not scene.busy and app.stack.top is scene:
            break
        if isinstance(app.stack.top, BigWin):
            over_summary.add(app.stack.music())
            press(app, pygame.K_SPACE)
        elif scene.waiting_for_start:
            press(app, pygame.K_SPACE)
        run(app, 1, 1 / 20)
        assert app.audio.track == app.stack.music()           # the mixer is told each frame
        if not heard or heard[-1] != app.stack.music():
            heard.append(app.stack.music())
    assert heard == [BASE, "", FEATURE, BASE]
    assert over_summary == {FEATURE}                          # the summary keeps the feature's theme
    app.pop(scene)
    run(app, 1)
    assert app.stack.music() == "music.lobby"


def test_a_base_round_keeps_the_base_theme(app):
    scene = open_game(app)
    press(app, pygame.K_SPACE)
    for _ in range(600):
        if not scene.busy and app.stack.top is scene:
            break
        if app.stack.top is not scene:
            press(app, pygame.K_SPACE)
        run(app, 1, 1 / 20)
        if not scene.is_bonus(scene.played or scene.last_played):
            assert app.stack.music() == BASE
