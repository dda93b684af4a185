"""The backdrops' idle animation (cabinet/ui/idle.py, issue #35 item 4): each game's
layers are pictures of its manifest, they move with the scene's clock, and once each
look has been pre-rendered a frame only blits (no picture loaded, scaled or turned)."""
from __future__ import annotations

import pygame
import pytest

from cabinet.core import assets
from cabinet.ui import asset_files, idle
from cabinet.ui.idle import IdleLayers
from games.grinning_harvest.view.layout import IDLE as GH
from games.happy_money_hens.view.layout import IDLE as HMH
from games.piggy_farm.view.layout import IDLE as PF
from tests.ui.conftest import make_app, serve

LAYERS = {"happy_money_hens": HMH, "grinning_harvest": GH, "piggy_farm": PF}


@pytest.fixture
def app(tmp_path):
    yield from serve(make_app(tmp_path, size=(1920, 1080)))


@pytest.mark.parametrize("game", list(LAYERS))
def test_every_idle_layer_is_a_picture_of_the_games_manifest(game):
    manifest = assets.read_manifest(game)
    assert LAYERS[game]
    assert {layer.image for layer in LAYERS[game]} <= set(manifest.images)


@pytest.mark.parametrize("game", list(LAYERS))
def test_the_layers_move_and_after_one_cycle_a_frame_only_blits(app, game, monkeypatch):
    layers = IdleLayers(app, game, LAYERS[game])
    surf = pygame.Surface((1920, 1080))

    def frame(t: float) -> bytes:
        surf.fill((0, 0, 0))
        layers.draw(surf, t)
        return pygame.image.tobytes(surf, "RGB")
    longest = max(layer.period for layer in LAYERS[game])
    steps = [i / 20 for i in range(int(longest * 20) + 2)]
    for t in steps:                                    # one whole cycle: every look is made once
        layers.draw(surf, t)
    calls = {"image": 0, "turn": 0}
    real_image, real_turn = asset_files.image, pygame.transform.rotozoom
    monkeypatch.setattr(
        asset_files, "image", lambda *a, **k: calls.__setitem__("image", calls["image"] + 1) or real_image(*a, **k)
    )
    monkeypatch.setattr(pygame.transform, "rotozoom",
                        lambda *a, **k: calls.__setitem__("turn", calls["turn"] + 1) or real_turn(*a, **k))
    shots = [frame(t + 100 * longest) for t in steps[::max(1, len(steps) // 12)]]
    assert calls == {"image": 0, "turn": 0}
    assert frame(0.0) != frame(7.0)                    # the drift (and the turning sails) moved
    assert len(set(shots)) > 1


def test_a_turning_layer_shows_its_steps_in_order(app):
    sails = next(layer for layer in PF if layer.turn)
    layers = IdleLayers(app, "piggy_farm", [sails])
    seen = []
    for k in range(sails.turn):
        t = (k + 0.5) / sails.turn * sails.period
        seen.append(layers._frame(sails, int((t / sails.period) % 1.0 * sails.turn), "turn"))
    assert len({id(s) for s in seen}) == sails.turn      # one pre-rendered picture per step
    assert idle.FLICKER_STEPS >= 4
