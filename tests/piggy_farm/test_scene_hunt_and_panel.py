"""The egg hunt gives the player a real choice: a nest opens by itself only after
AUTO_PICK (10 s) counted down on screen, not after 2 s; the right panel is opaque over
the barn of the farm behind it (issue #36 item 7)."""
from __future__ import annotations

import os

import numpy as np
import pygame
import pytest

from games.piggy_farm import GAME
from games.piggy_farm.view import art
from games.piggy_farm.view.features import nest_rect
from games.piggy_farm.view.layout import RIGHT
from tests.ui.conftest import check_paid, click, game_app, open_game, play_out, region, run, shift
from tests.ui.text_record import recorded_texts

K = pygame
BUYS = [m.id for m in GAME.modes if m.kind == "buy"]
SHOTS = os.environ.get("PF_SHOTS")


def save(app, name: str) -> None:
    if SHOTS:
        app.render()
        pygame.image.save(app.surface, os.path.join(SHOTS, name))


def buy_hunt(app):
    scene = open_game(app)
    shift(app, K.K_1)
    for _ in range(BUYS.index("golden_egg_hunt")):
        shift(app, K.K_RIGHT)
    shift(app, K.K_RETURN)
    assert scene.played.mode == "golden_egg_hunt"
    return scene


def wait_for_nest(app, scene, k: int) -> None:
    for _ in range(3000):
        cur = scene.presentation.current
        if cur is not None and cur.label == f"nest {k}" and scene.hunt.waiting:
            return
        run(app, 1, 1 / 30)
    pytest.fail(f"nest {k} never waited")


@pytest.mark.slow
def test_a_nest_waits_ten_seconds_for_the_pick_with_a_countdown(app):
    scene = buy_hunt(app)
    before = app.cabinet.balance + GAME.mode("golden_egg_hunt").cost_cents(100)
    played = scene.played
    wait_for_nest(app, scene, 1)
    run(app, 150, 1 / 30)                                     # 5 s: still the player's choice
    assert scene.hunt.waiting and not scene.hunt.opened
    texts = [t for t, _ in recorded_texts(app)]
    assert any(t.endswith("one opens by itself in 5 s") for t in texts), texts
    save(app, "pf_hunt_countdown.png")
    click(app, nest_rect(3).center)                           # the player picks nest 4
    run(app, 2, 0.05)
    assert list(scene.hunt.opened) == [3]
    wait_for_nest(app, scene, 2)
    run(app, 270, 1 / 30)                                     # 9 s: nothing opened by itself
    assert scene.hunt.waiting and len(scene.hunt.opened) == 1
    run(app, 40, 1 / 30)                                      # past 10 s: it opens by itself
    assert len(scene.hunt.opened) == 2
    play_out(app, scene)
    check_paid(app, before, played)


def test_the_right_panel_hides_the_farm_behind_it(tmp_path, monkeypatch):
    """The same screen over two different farms: the right panel reads the same."""
    shown = []
    for name, colour in (("red", (255, 0, 0)), ("blue", (0, 0, 255))):
        def backdrop(size, colour=colour):
            surf = pygame.Surface(size)
            surf.fill(colour)
            return surf
        monkeypatch.setattr(art, "farm_backdrop", backdrop)
        (tmp_path / name).mkdir()
        app = game_app(tmp_path / name, GAME, seed=5)
        open_game(app)
        save(app, f"pf_panel_{name}.png")
        shown.append(region(app, tuple(RIGHT.inflate(-40, -40))))
        app.checkpoints.close()
        pygame.display.quit()
    assert np.abs(shown[0] - shown[1]).max() <= 2
