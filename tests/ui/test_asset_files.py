"""The one loader of assets/ (cabinet/ui/asset_files.py): pictures at the asked size,
cached; each game's skin from config; the font from assets/fonts; the cues from their
files; and the tools reproduce the committed pictures."""
from __future__ import annotations

import numpy as np
import pygame
import pytest

from cabinet.core import assets
from cabinet.ui import asset_files


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    pygame.font.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))
    yield
    asset_files.use_skin("piggy_farm", None)


def test_a_picture_comes_at_the_asked_size_and_is_cached():
    a = asset_files.image("piggy_farm", "symbol.GP", 96)
    assert a.get_size() == (96, 96) and a.get_flags() & pygame.SRCALPHA
    again = asset_files.image("piggy_farm", "symbol.GP", 96)
    assert again is not a and again.get_view("2").raw == a.get_view("2").raw   # the same pixels, its own copy
    a.fill((255, 0, 0))                                                        # drawing on one leaves the rest
    assert asset_files.image("piggy_farm", "symbol.GP", 96).get_view("2").raw == again.get_view("2").raw
    assert asset_files.image("piggy_farm", "backdrop", (800, 450)).get_size() == (800, 450)


def mean_rgb(surf: pygame.Surface) -> float:
    return float(pygame.surfarray.array3d(surf).mean())


def test_the_skin_chooses_the_files():
    asset_files.use_skin("piggy_farm", "farm")
    day = mean_rgb(asset_files.image("piggy_farm", "backdrop", (320, 180)))
    day_panel = asset_files.color("piggy_farm", "panel_top")
    asset_files.use_skin("piggy_farm", "night")
    assert asset_files.skin("piggy_farm") == "night"
    night = mean_rgb(asset_files.image("piggy_farm", "backdrop", (320, 180)))
    assert night < day * 0.7                         # the moonlit farm is darker
    assert asset_files.color("piggy_farm", "panel_top") != day_panel


def test_the_app_shows_each_game_in_its_configured_skin(tmp_path):
    from tests.ui.conftest import make_app
    app = make_app(tmp_path)
    for gid, setup in app.cabinet.games.items():
        if setup.manifest is not None:
            assert asset_files.skin(gid) == (setup.skin or setup.manifest.default_skin)


def test_the_font_is_the_shipped_family():
    font = asset_files.font(40, bold=True)
    assert font.name == "Lato" and asset_files.font(40, bold=True) is font
    assert asset_files.font(40).style_name != font.style_name      # Bold for text, Black for bold


def test_the_cabinet_and_game_cues_load_from_their_files():
    from cabinet.ui.audio import Audio
    audio = Audio()
    if not audio.available:
        pytest.skip("no mixer here")
    assert {"click", "spin", "win", "big_win"} <= set(audio.sounds)
    asset_files.load_sounds(audio, "piggy_farm")
    assert set(assets.read_manifest("piggy_farm").sounds) <= set(audio.sounds) | set(audio.tracks)
    assert {"music.piggy_farm.base", "music.piggy_farm.feature", "music.lobby"} <= set(audio.tracks)
    assert {"fanfare.big", "moment.jackpot"} <= set(audio.cue_names())
    assert audio.sounds["pf_drop"].get_length() == pytest.approx(0.12, abs=0.01)


@pytest.mark.parametrize("skin", ["farm", "night"])
def test_the_tool_reproduces_the_committed_pictures(skin):
    from games.piggy_farm.tools import make_assets
    painters = make_assets.painters(skin)
    manifest = assets.read_manifest("piggy_farm")
    for image_id in ("symbol.WD", "frame"):
        made = pygame.surfarray.array3d(painters[image_id][1]()).astype(int)
        stored = pygame.surfarray.array3d(pygame.image.load(str(manifest.image_path(image_id, skin)))).astype(int)
        assert made.shape == stored.shape and np.abs(made - stored).max() <= 1, image_id


def _painters():
    from cabinet.ui import cabinet_art
    from games.grinning_harvest.tools import make_assets as gh
    from games.happy_money_hens.tools import make_assets as hmh
    from games.piggy_farm.tools import make_assets as pf
    yield "cabinet", "default", cabinet_art.painters()
    yield "grinning_harvest", "night", gh.painters()
    yield "happy_money_hens", "farm", hmh.painters()
    for skin in ("farm", "night"):
        yield "piggy_farm", skin, pf.painters(skin)


def test_the_tools_reproduce_every_committed_svg_byte_for_byte():
    svgs = 0
    for game, skin, painters in _painters():
        manifest = assets.read_manifest(game)
        for image_id, (rel_file, paint) in painters.items():
            path = manifest.image_path(image_id, skin)
            assert path.relative_to(assets.ROOT).as_posix() == f"{game}/{skin}/{rel_file}"
            if rel_file.endswith(".svg"):
                assert paint().encode() == path.read_bytes(), path
                svgs += 1
    assert svgs >= 13 + 10 + 18 + 2 * 4            # cabinet, line badges, coins/bonus/pips/wheel, both PF skins


def test_an_svg_is_drawn_crisp_at_each_size_asked_for():
    small, big = asset_files.image("cabinet", "icon.sound.on", 20), asset_files.image("cabinet", "icon.sound.on", 200)
    assert small.get_size() == (20, 20) and big.get_size() == (200, 200)
    alpha = pygame.surfarray.array_alpha(big)
    # drawn at 200 px, not scaled up from a small raster: the speaker's edge is sharp
    assert ((alpha > 0) & (alpha < 255)).mean() < 0.05 and (alpha == 255).mean() > 0.15
    rim = asset_files.image("piggy_farm", "wheel.gold.rim", 300)
    assert pygame.surfarray.array_alpha(rim)[150, 150] == 255 and pygame.surfarray.array_alpha(rim)[150, 60] == 0


def test_the_full_pot_with_its_coins_is_reproduced():
    from games.happy_money_hens.tools import make_assets
    painters = make_assets.painters()
    manifest = assets.read_manifest("happy_money_hens")
    for image_id in ("pot.GOLD.4", "pot.BLUE.0"):
        made = pygame.surfarray.array3d(painters[image_id][1]()).astype(int)
        stored = pygame.surfarray.array3d(pygame.image.load(str(manifest.image_path(image_id, "farm")))).astype(int)
        assert made.shape == stored.shape and np.abs(made - stored).max() <= 1, image_id


def test_every_shipped_ogg_carries_the_tools_stream_serial():
    """libvorbis picks a random stream serial; the tool sets one on every page, so
    `make assets` writes the same samples to the same bytes, not a file that differs on
    every run (tests/ui/test_music.py renders a score twice to the same bytes)."""
    import struct
    from cabinet.ui import asset_build, music_render
    oggs = music_render.music_files()
    assert len(oggs) >= 19
    for path in oggs:
        data = path.read_bytes()
        assert struct.unpack_from("<I", data, 14)[0] == asset_build.OGG_SERIAL, path
        assert asset_build.ogg_with_serial(data, asset_build.OGG_SERIAL) == data, path
        assert assets._ogg_damage(data) is None
