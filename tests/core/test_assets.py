"""The asset manifests and files (cabinet/core/assets.py): every shipped skin's files
are there and readable; a missing, unreadable or malformed file or manifest is one line
naming it; a skin config names must be one the game ships (check and start agree).
Pictures and sounds are decoded by the check: a PNG whose CRCs are right but whose image
data is not, or whose header declares a size over the bounds, is refused naming it, as
pygame's decoder (libpng) would fail on it."""
from __future__ import annotations

import io
import random
import shutil
import struct
import zlib
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


@pytest.mark.slow
def test_an_unknown_skin_is_refused_with_the_allowed_ones(tmp_path):
    refused(tmp_path, "games:\n  piggy_farm:\n    skin: winter\n",
            "games.piggy_farm.skin = 'winter' is not a skin of Piggy Farm", "allowed: farm, night")


def test_a_skin_of_the_wrong_type_is_refused(tmp_path):
    refused(tmp_path, "games:\n  piggy_farm:\n    skin: [night]\n", "games.piggy_farm.skin")


@pytest.mark.slow
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
    images, sounds = assets.read_ids(Path(resolve_game(game).view.asset_ids))
    manifest = assets.read_manifest(game)
    assert images and sounds
    assert set(images) <= set(manifest.images) and set(sounds) <= set(manifest.sounds)
    for skin in manifest.skins:
        assets.check_files(manifest, skin, images, sounds)


def test_a_manifest_without_an_id_the_view_draws_is_refused_naming_it(tmp_path):
    from cabinet.core.books import resolve_game
    ids = assets.read_ids(Path(resolve_game("piggy_farm").view.asset_ids))
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
    assert "celebration.coin" in IMAGES and "music.lobby" in SOUNDS
    assert set(IMAGES) <= set(manifest.images) and set(SOUNDS) <= set(manifest.sounds)


def test_a_damaged_list_of_ids_is_one_line(tmp_path):
    bad = tmp_path / "asset_ids.yaml"
    bad.write_text("images: [\n")
    with pytest.raises(assets.AssetError) as err:
        assets.read_ids(bad)
    assert "asset_ids.yaml" in str(err.value) and "\n" not in str(err.value)


# ------------------------------------------------------------------ decoding pictures (issue #31 item 6)
# PNGs built here byte by byte, every chunk's CRC right (zlib.crc32), so that only the
# decode can tell a bad one; each verdict is compared with pygame's own decoder (libpng).

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
ADAM7_PASSES = ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2))
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
PALETTE = ((b"PLTE", bytes(range(12))),)          # four colours


def png_chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def png_rows(width: int, height: int, depth: int = 8, ctype: int = 6, interlace: int = 0, fill: int = 0x5A,
             bad_filter_row: int | None = None) -> bytes:
    """The image data before compression: each row its filter byte (0: none) and pixels."""
    bits, out, n = depth * CHANNELS[ctype], bytearray(), 0
    for x0, y0, dx, dy in ADAM7_PASSES if interlace else ((0, 0, 1, 1),):
        w, h = (width - x0 + dx - 1) // dx, (height - y0 + dy - 1) // dy
        for _ in range(h if w > 0 else 0):
            out += bytes([5 if n == bad_filter_row else 0]) + bytes([fill]) * ((w * bits + 7) // 8)
            n += 1
    return bytes(out)


def png_file(width: int, height: int, idat: bytes | list[bytes], depth: int = 8, ctype: int = 6,
             interlace: int = 0, before=()) -> bytes:
    head = struct.pack(">IIBBBBB", width, height, depth, ctype, 0, 0, interlace)
    return (PNG_SIGNATURE + png_chunk(b"IHDR", head) + b"".join(png_chunk(k, b) for k, b in before)
            + b"".join(png_chunk(b"IDAT", d) for d in (idat if isinstance(idat, list) else [idat]))
            + png_chunk(b"IEND", b""))


def garbage_png(width: int = 64, height: int = 64) -> bytes:
    """Image data that is noise, every CRC recomputed: whole to a CRC check."""
    return png_file(width, height, random.Random(31).randbytes(2000))


def huge_png() -> bytes:
    """A header declaring 30000x30000 (its CRC right), with one row of data."""
    return png_file(30000, 30000, zlib.compress(bytes(1 + 30000 * 4)))


def pygame_loads(data: bytes) -> bool:
    import pygame
    try:
        pygame.image.load(io.BytesIO(data), "picture.png")
        return True
    except pygame.error:
        return False


def _verdict(tmp_path: Path, data: bytes) -> str | None:
    path = tmp_path / "assets" / "picture.png"
    path.parent.mkdir(exist_ok=True)
    path.write_bytes(data)
    try:
        assets.check_file(path, tmp_path / "assets")
        return None
    except assets.AssetError as exc:
        return str(exc)


ROWS = png_rows(16, 16)
GOOD_PNGS = {
    "rgba": png_file(33, 17, zlib.compress(png_rows(33, 17))),
    "rgba_interlaced": png_file(33, 17, zlib.compress(png_rows(33, 17, interlace=1)), interlace=1),
    "1x1_interlaced": png_file(1, 1, zlib.compress(png_rows(1, 1, interlace=1)), interlace=1),
    "grey_1_bit_interlaced": png_file(7, 5, zlib.compress(png_rows(7, 5, 1, 0, 1, fill=0xAA)), 1, 0, 1),
    "rgb_16_bit": png_file(9, 4, zlib.compress(png_rows(9, 4, 16, 2)), 16, 2),
    "palette": png_file(6, 6, zlib.compress(png_rows(6, 6, 8, 3, fill=1)), 8, 3, before=PALETTE),
    "palette_2_bit": png_file(6, 6, zlib.compress(png_rows(6, 6, 2, 3, fill=0x55)), 2, 3, before=PALETTE),
    "grey_alpha": png_file(3, 3, zlib.compress(png_rows(3, 3, 8, 4)), 8, 4),
    "data_over_two_chunks": png_file(16, 16, [zlib.compress(ROWS)[:10], zlib.compress(ROWS)[10:]]),
}
BAD_PNGS = {      # name -> (file, the words of the refusal); pygame cannot decode any of them
    "noise": (garbage_png(16, 16), "cannot be decoded (its image data does not inflate: Error -3"),
    "a_row_short": (png_file(16, 16, zlib.compress(ROWS[:-65])), "ends early: 975 of 1,040 bytes"),
    "stream_cut": (png_file(16, 16, zlib.compress(ROWS)[:-6]), "ends early: 840 of 1,040 bytes"),
    "filter_type_5": (png_file(16, 16, zlib.compress(png_rows(16, 16, bad_filter_row=3))),
                      "row 3 has filter type 5; allowed: 0-4"),
    "palette_without_plte": (png_file(6, 6, zlib.compress(png_rows(6, 6, 8, 3, fill=1)), 8, 3),
                             "a palette image without a PLTE chunk"),
    "depth_5": (png_file(6, 6, zlib.compress(png_rows(6, 6)), 5), "colour type 6, depth 5"),
    "no_image_data": (PNG_SIGNATURE + png_chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 4, 8, 6, 0, 0, 0))
                      + png_chunk(b"IEND", b""), "no IDAT chunk"),
    "unknown_critical_chunk": (png_file(16, 16, zlib.compress(ROWS), before=((b"ABCD", b"x"),)),
                               "unknown critical chunk b'ABCD'"),
    "zero_wide": (png_file(0, 16, zlib.compress(b"")), "its header gives 0x16 pixels"),
}


@pytest.mark.parametrize("name", GOOD_PNGS)
def test_a_well_formed_png_of_each_kind_passes_and_pygame_agrees(tmp_path, name):
    assert _verdict(tmp_path, GOOD_PNGS[name]) is None
    assert pygame_loads(GOOD_PNGS[name])


@pytest.mark.parametrize("name", BAD_PNGS)
def test_a_png_that_pygame_cannot_decode_is_refused_naming_why(tmp_path, name):
    data, words = BAD_PNGS[name]
    assert assets._png_damage(data) is None                # every chunk's CRC is right
    assert not pygame_loads(data)
    line = _verdict(tmp_path, data)
    assert line is not None and line.startswith("assets/picture.png cannot be decoded (") and words in line, line
    assert "\n" not in line


def test_image_data_past_what_the_header_implies_is_refused_though_libpng_only_warns(tmp_path):
    # libpng loads both with a warning ("Too much image data", "Extra compressed data");
    # the check is stricter: no encoder writes them, so such a file was altered.
    longer = png_file(16, 16, zlib.compress(ROWS + bytes(100)))
    trailing = png_file(16, 16, zlib.compress(ROWS) + b"junk")
    assert "holds more than the 1,040 bytes its header implies" in _verdict(tmp_path, longer)
    assert "bytes follow the end of its image data" in _verdict(tmp_path, trailing)


def test_a_picture_over_the_size_bound_is_refused_from_its_header_before_it_is_inflated(tmp_path, monkeypatch):
    def no_inflating():
        raise AssertionError("inflated")
    monkeypatch.setattr(assets.zlib, "decompressobj", no_inflating)
    line = _verdict(tmp_path, huge_png())
    assert line == ("assets/picture.png is 30000x30000 pixels; allowed: pictures up to 8192 pixels a side and "
                    "16,777,216 pixels in all")
    assert "16,777,216 pixels" in _verdict(tmp_path, png_file(8192, 2049, b""))       # each side within, not the area
    assert _verdict(tmp_path, png_file(8193, 1, b"")).startswith("assets/picture.png is 8193x1 pixels")


def test_every_shipped_picture_of_every_skin_decodes_here_and_in_pygame():
    pictures = sorted(assets.ROOT.rglob("*.png"))
    assert len(pictures) > 100
    for path in pictures:
        data = path.read_bytes()
        assert assets._png_decode(data) is None, path
        assert pygame_loads(data), path
    for path in sorted(assets.ROOT.rglob("*.*")):
        if path.suffix in assets.DECODE:
            assert assets.DECODE[path.suffix](path.read_bytes()) is None, path


def test_a_damaged_picture_of_a_game_is_named_by_its_check(tmp_path):
    root = _copy(tmp_path)
    (root / "piggy_farm" / "farm" / "symbols" / "GP.png").write_bytes(garbage_png())
    assets.check_game("piggy_farm", "night", root)              # the other skin is whole
    with pytest.raises(assets.AssetError) as err:
        assets.check_game("piggy_farm", "farm", root)
    assert str(err.value).startswith("assets/piggy_farm/farm/symbols/GP.png cannot be decoded (its image data "
                                     "does not inflate")


# ------------------------------------------------------------------ decoding sounds
def _wav(fmt: tuple[int, int, int, int], frames: bytes, extra: bytes = b"") -> bytes:
    tag, channels, rate, bits = fmt
    align = channels * bits // 8
    body = (b"WAVE" + b"fmt " + struct.pack("<IHHIIHH", 16, tag, channels, rate, rate * align, align, bits)
            + extra + b"data" + struct.pack("<I", len(frames)) + frames + bytes(len(frames) & 1))
    return b"RIFF" + struct.pack("<I", len(body)) + body


@pytest.mark.parametrize("wav, words", [
    (_wav((1, 1, 44100, 16), bytes(101)), "its data chunk holds 101 bytes, not whole frames of 2"),
    (_wav((85, 1, 44100, 16), bytes(100)), "format 85, 1 channels"),
    (_wav((1, 0, 44100, 16), bytes(100)), "format 1, 0 channels"),
    (_wav((1, 1, 44100, 12), bytes(100)), "12 bits"),
    (b"RIFF" + struct.pack("<I", 12) + b"WAVE" + b"data" + struct.pack("<I", 0), "before its fmt chunk"),
    (b"RIFF" + struct.pack("<I", 4) + b"WAVE", "no data chunk"),
])
def test_a_cue_whose_samples_cannot_be_read_is_refused(tmp_path, wav, words):
    path = tmp_path / "assets" / "cue.wav"
    path.parent.mkdir()
    path.write_bytes(wav)
    with pytest.raises(assets.AssetError) as err:
        assets.check_file(path, tmp_path / "assets")
    assert str(err.value).startswith("assets/cue.wav cannot be decoded (") and words in str(err.value)


def test_a_well_formed_cue_passes(tmp_path):
    path = tmp_path / "assets" / "cue.wav"
    path.parent.mkdir()
    path.write_bytes(_wav((1, 2, 22050, 16), bytes(400), extra=b"LIST" + struct.pack("<I", 3) + b"abc\x00"))
    assets.check_file(path, tmp_path / "assets")
