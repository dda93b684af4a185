"""Happy Money Hens' and Piggy Farm's music follows the round (issue #35 item 5; the
same for Grinning Harvest: tests/grinning_harvest/test_scene_music.py): the base theme,
the pots' trigger quiet in Happy Money Hens, the feature theme through the bonus or the
wheel and free spins and their summary, then the base theme."""
from __future__ import annotations

import pygame
import pytest

from cabinet.ui.celebration import BigWin
from games.happy_money_hens import GAME as HENS
from games.piggy_farm import GAME as PIGGY
from tests.ui.conftest import force_next, game_app, open_game, press, run


def heard_through_a_forced_round(app, category: str) -> tuple[list[str], set[str]]:
    scene = open_game(app)
    run(app, 1)
    force_next(app, category)
    press(app, pygame.K_SPACE)
    assert scene.played is not None and scene.is_bonus(scene.played)
    heard, over = [app.stack.music()], set()
    for _ in range(20000):
        if not scene.busy and app.stack.top is scene:
            break
        if isinstance(app.stack.top, BigWin):
            over.add(app.stack.music())
            press(app, pygame.K_SPACE)
        elif app.stack.top is not scene:
            press(app, pygame.K_ESCAPE)
        elif scene.waiting_for_start:
            press(app, pygame.K_SPACE)
        run(app, 1, 1 / 20)
        assert app.audio.track == app.stack.music()
        if heard[-1] != app.stack.music():
            heard.append(app.stack.music())
    return heard, over


@pytest.mark.slow
@pytest.mark.parametrize("spec, category, order", [
    (HENS, "big_bonus", ["base", "", "feature", "base"]),
    (PIGGY, "free_spins", ["base", "feature", "base"]),
], ids=["happy_money_hens", "piggy_farm"])
def test_the_feature_plays_its_theme_between_base_themes(tmp_path, spec, category, order):
    app = game_app(tmp_path, spec, seed=5)
    try:
        heard, over = heard_through_a_forced_round(app, category)
        names = {"": "", "base": f"music.{spec.id}.base", "feature": f"music.{spec.id}.feature"}
        assert heard == [names[o] for o in order]
        assert over == {names["feature"]}                     # the summary keeps the feature's theme
    finally:
        app.checkpoints.close()
        pygame.display.quit()
