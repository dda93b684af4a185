"""Key art (issue #35 item 4): every game ships a lobby tile and a logo as files its
asset manifest names (in every skin) and the start check requires; the cabinet ships
its own logo; the lobby's tiles come from those files, so its first frame needs no
game's scene module."""
from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pytest

from cabinet.core import assets
from cabinet.core.game import discover
from cabinet.ui import asset_files, logo_art

GAMES = ("happy_money_hens", "grinning_harvest", "piggy_farm")


from tests.ui.test_asset_files import display  # noqa: E402,F401  (the same autouse display fixture)


@pytest.mark.parametrize("game", GAMES)
def test_each_game_ships_a_tile_and_a_logo_in_every_skin(game):
    manifest = assets.read_manifest(game)
    assert {"logo", "lobby.tile"} <= set(manifest.images)
    images, _ = assets.read_ids(Path(discover()[game].view.asset_ids))
    assert {"logo", "lobby.tile"} <= set(images)             # the start refuses a manifest without them
    for skin in manifest.skins:
        tile = pygame.image.load(str(manifest.image_path("lobby.tile", skin)))
        assert tile.get_size() == logo_art.TILE_ART
        logo = pygame.image.load(str(manifest.image_path("logo", skin)))
        assert logo.get_height() >= 200 and logo.get_width() > logo.get_height()
        assert logo.get_flags() & pygame.SRCALPHA and logo.get_at((0, 0)).a == 0   # it stands on any backdrop


def test_the_cabinet_ships_its_own_logo():
    manifest = assets.read_manifest(assets.CABINET)
    assert "lobby.logo" in manifest.images
    images, _ = assets.read_ids(assets.CABINET_IDS)
    assert "lobby.logo" in images


def test_the_start_check_names_a_missing_tile(tmp_path):
    root = tmp_path / "assets"
    shutil.copytree(assets.ROOT / "happy_money_hens", root / "happy_money_hens")
    shutil.copytree(assets.ROOT / "sounds" / "happy_money_hens", root / "sounds" / "happy_money_hens")
    manifest = assets.read_manifest("happy_money_hens", root)
    (root / manifest.images["lobby.tile"].format(skin=manifest.default_skin)).unlink()
    with pytest.raises(assets.AssetError, match="lobby/tile.png"):
        assets.check_game("happy_money_hens", None, root)


def test_the_lobby_draws_every_tile_from_its_file_without_the_scene_modules(tmp_path, monkeypatch):
    from cabinet.core.cabinet import Cabinet
    from cabinet.core.game import ViewInfo
    from cabinet.ui.app import App, start_scenes
    from cabinet.ui.clock import ManualClock
    from tests.ui.conftest import make_config

    def refused(self):
        raise ImportError("the lobby must not need the scene modules")
    monkeypatch.setattr(ViewInfo, "load_scene", refused)
    config = make_config(tmp_path)
    specs = {gid: spec for gid, spec in discover().items() if gid in GAMES}
    app = App(config, Cabinet(config, games=specs, seed=3), size=(1920, 1080), clock=ManualClock())
    start_scenes(app)
    lobby = app.stack.top
    app.render()                                   # the first frame
    for spec, rect in zip(lobby.specs, lobby.tile_rects()):
        size = (rect.w - 44, int(rect.h * 0.52))
        drawn = lobby._art(spec, size)
        want = asset_files.image(spec.id, "lobby.tile", size)
        assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(want, "RGB"), spec.id
    app.checkpoints.close()
    pygame.display.quit()
