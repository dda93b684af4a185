"""The asset manifests and files (cabinet/core/assets.py): every shipped skin's files
are there and readable; a missing, unreadable or malformed file or manifest is one line
naming it; a skin config names must be one the game ships (check and start agree)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cabinet.core import assets
from tests.core.test_config_rules import refused, starts

GAMES = ("happy_money_hens", "grinning_harvest", "piggy_farm")


@pytest.mark.parametrize("game", GAMES)
def test_every_shipped_skin_of_every_game_has_all_its_files(game):
    manifest = assets.read_manifest(game)
    assert manifest is not None and manifest.images and manifest.sounds
    for skin in manifest.skins:
        assert assets.check_game(game, skin) is not None
    assert assets.check_fonts()["regular"].name.endswith(".ttf")
    assert "SIL Open Font License" in (assets.ROOT / assets.FONT_LICENCE).read_text()


def test_piggy_farm_ships_a_second_skin_with_its_own_pictures():
    manifest = assets.read_manifest("piggy_farm")
    assert list(manifest.skins) == ["farm", "night"]
    day, night = (manifest.image_path("backdrop", s).read_bytes() for s in ("farm", "night"))
    assert day != night
    assert manifest.color("night", "panel_top") != manifest.color("farm", "panel_top")


def _copy(tmp_path: Path) -> Path:
    root = tmp_path / "assets"
    shutil.copytree(assets.ROOT / "piggy_farm", root / "piggy_farm")
    shutil.copytree(assets.ROOT / "sounds" / "piggy_farm", root / "sounds" / "piggy_farm")
    return root


def test_a_missing_picture_is_named_in_one_line(tmp_path):
    root = _copy(tmp_path)
    (root / "piggy_farm" / "night" / "symbols" / "GP.png").unlink()
    assets.check_game("piggy_farm", "farm", root)               # the other skin is whole
    with pytest.raises(assets.AssetError) as err:
        assets.check_game("piggy_farm", "night", root)
    assert str(err.value) == "assets/piggy_farm/night/symbols/GP.png is missing"


def test_a_file_that_is_not_what_it_says_is_refused(tmp_path):
    root = _copy(tmp_path)
    (root / "sounds" / "piggy_farm" / "pf_pop.wav").write_bytes(b"<html>not a sound</html>")
    (root / "piggy_farm" / "farm" / "frame.png").write_bytes(b"")
    with pytest.raises(assets.AssetError, match=r"assets/piggy_farm/farm/frame.png is not a PNG file"):
        assets.check_game("piggy_farm", "farm", root)
    shutil.copy(assets.ROOT / "piggy_farm" / "farm" / "frame.png", root / "piggy_farm" / "farm" / "frame.png")
    with pytest.raises(assets.AssetError, match=r"pf_pop.wav is not a WAV file"):
        assets.check_game("piggy_farm", "farm", root)


@pytest.mark.parametrize("text, words", [
    ("skins: {}\nimages: {a: b.png}\n", "skins is not allowed"),
    ("skins: {day: Day}\nimages: {a: b.png}\nextra: 1\n", "allowed keys"),
    ("skins: {day: Day}\nimages: {a: 7}\n", "images is not allowed"),
    ("skins: {day: Day}\nimages: {a: b.png}\ncolors: {night: {x: [1, 2, 3]}}\n", "colors.night is not a skin"),
    ("skins: {day: Day}\nimages: {a: b.png}\ncolors: {day: {x: [1, 2, 300]}}\n", "each 0-255"),
    ("skins: [day\n", "manifest.yaml"),
])
def test_a_malformed_manifest_is_one_line(tmp_path, text, words):
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "manifest.yaml").write_text(text)
    with pytest.raises(assets.AssetError) as err:
        assets.read_manifest("g", tmp_path)
    assert words in str(err.value) and "\n" not in str(err.value)


def test_an_unknown_skin_is_refused_with_the_allowed_ones(tmp_path):
    refused(tmp_path, "games:\n  piggy_farm:\n    skin: winter\n",
            "games.piggy_farm.skin = 'winter' is not a skin of Piggy Farm", "allowed: farm, night")


def test_a_skin_of_the_wrong_type_is_refused(tmp_path):
    refused(tmp_path, "games:\n  piggy_farm:\n    skin: [night]\n", "games.piggy_farm.skin")


def test_the_second_skin_starts(tmp_path):
    starts(tmp_path, "games:\n  piggy_farm:\n    skin: night\n")


def test_a_truncated_or_altered_picture_is_named_damaged(tmp_path):
    root = _copy(tmp_path)
    png = root / "piggy_farm" / "farm" / "backdrop.png"
    data = png.read_bytes()
    png.write_bytes(data[: len(data) // 2])
    with pytest.raises(assets.AssetError, match=r"backdrop.png is damaged \(.*truncated\)"):
        assets.check_game("piggy_farm", "farm", root)
    flipped = bytearray(data)
    flipped[len(data) // 2] ^= 0x40
    png.write_bytes(bytes(flipped))
    with pytest.raises(assets.AssetError, match=r"backdrop.png is damaged \(chunk b'IDAT' fails its CRC\)"):
        assets.check_game("piggy_farm", "farm", root)


def test_a_truncated_cue_is_named_damaged(tmp_path):
    root = _copy(tmp_path)
    wav = root / "sounds" / "piggy_farm" / "pf_win.wav"
    wav.write_bytes(wav.read_bytes()[:-100])
    with pytest.raises(assets.AssetError, match=r"pf_win.wav is damaged"):
        assets.check_game("piggy_farm", "farm", root)


def test_a_manifest_path_out_of_assets_is_refused(tmp_path):
    root = _copy(tmp_path)
    manifest = root / "piggy_farm" / "manifest.yaml"
    manifest.write_text(manifest.read_text().replace("frame: piggy_farm/{skin}/frame.png",
                                                     "frame: ../../outside.png"))
    with pytest.raises(assets.AssetError, match=r"images.frame leaves assets/"):
        assets.check_game("piggy_farm", "farm", root)


@pytest.mark.parametrize("game", GAMES)
def test_every_shipped_manifest_names_every_id_its_view_asks_for(game):
    from cabinet.core.books import resolve_game
    images, sounds = assets.read_ids(Path(resolve_game(game).asset_ids))
    manifest = assets.read_manifest(game)
    assert images and sounds
    assert set(images) <= set(manifest.images) and set(sounds) <= set(manifest.sounds)
    for skin in manifest.skins:
        assets.check_files(manifest, skin, images, sounds)


def test_a_manifest_without_an_id_the_view_draws_is_refused_naming_it(tmp_path):
    from cabinet.core.books import resolve_game
    ids = assets.read_ids(Path(resolve_game("piggy_farm").asset_ids))
    root = _copy(tmp_path)
    path = root / "piggy_farm" / "manifest.yaml"
    path.write_text("".join(line for line in path.read_text().splitlines(keepends=True)
                            if not line.startswith("  frame:")))
    manifest = assets.read_manifest("piggy_farm", root)
    assets.check_files(manifest, "farm")                         # every file it names is fine...
    with pytest.raises(assets.AssetError) as err:                # ...but the view draws "frame"
        assets.check_files(manifest, "farm", *ids)
    assert str(err.value).startswith("assets/piggy_farm/manifest.yaml: images.frame is missing")
    assert "\n" not in str(err.value)


def test_the_cabinet_manifest_names_every_id_its_screens_ask_for():
    IMAGES, SOUNDS = assets.read_ids(assets.CABINET_IDS)
    manifest = assets.check_cabinet()
    assert "celebration.coin" in IMAGES and "music" in SOUNDS
    assert set(IMAGES) <= set(manifest.images) and set(SOUNDS) <= set(manifest.sounds)


def test_a_damaged_list_of_ids_is_one_line(tmp_path):
    bad = tmp_path / "asset_ids.yaml"
    bad.write_text("images: [\n")
    with pytest.raises(assets.AssetError) as err:
        assets.read_ids(bad)
    assert "asset_ids.yaml" in str(err.value) and "\n" not in str(err.value)
