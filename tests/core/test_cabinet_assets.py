"""The cabinet's own files (assets/cabinet/manifest.yaml: HUD icons, rules pictograms,
the lobby's emblem, the shared cues and the music loop) are checked at start by the code
that checks the games'; an OGG is checked to its end by its page CRCs, an SVG by its XML;
a damaged one is one line naming it, and the start is refused in that line."""
from __future__ import annotations

import shutil
import struct
from pathlib import Path

import pytest

from cabinet.core import assets
from tests.core.test_config_rules import refused


def _copy(tmp_path: Path) -> Path:
    root = tmp_path / "assets"
    shutil.copytree(assets.ROOT / "cabinet", root / "cabinet")
    shutil.copytree(assets.ROOT / "fonts", root / "fonts")
    (root / "sounds").mkdir()
    for path in (assets.ROOT / "sounds").glob("*.*"):
        shutil.copy(path, root / "sounds" / path.name)
    for folder in ("music", "fanfares", "moments"):              # the cabinet's OGG music and cues
        shutil.copytree(assets.ROOT / "sounds" / folder, root / "sounds" / folder)
    return root


def _pages(data: bytes) -> list[tuple[int, int]]:
    """(offset, length) of each Ogg page, read from the headers."""
    out, at = [], 0
    while at < len(data):
        n = data[at + 26]
        size = 27 + n + sum(data[at + 27:at + 27 + n])
        out.append((at, size))
        at += size
    return out


def test_the_cabinet_manifest_names_its_pictures_cues_and_music():
    manifest = assets.check_cabinet()
    assert {"icon.sound.on", "icon.music.off", "icon.turbo.on", "pictogram.payback", "emblem.rings"} <= set(
        manifest.images
    )
    assert manifest.sounds["music.lobby"] == "sounds/music/lobby.ogg"
    assert (
        set(assets.cabinet_sounds()) == set(manifest.sounds) >= {"click", "spin", "win", "music.lobby", "fanfare.big"}
    )


def test_the_ogg_crc_is_ogg_s_own():
    # The shipped loop's every page carries the CRC the check computes (pure-Python reference:
    # the unreflected CRC-32, polynomial 0x04C11DB7, no initial value, no final xor).
    def reference(data: bytes) -> int:
        crc = 0
        for byte in data:
            crc ^= byte << 24
            for _ in range(8):
                crc = ((crc << 1) ^ 0x04C11DB7) & 0xFFFFFFFF if crc & 0x80000000 else (crc << 1) & 0xFFFFFFFF
        return crc
    data = (assets.ROOT / "sounds" / "music" / "lobby.ogg").read_bytes()
    for at, size in _pages(data)[:3]:
        page = bytearray(data[at:at + size])
        stored = struct.unpack_from("<I", page, 22)[0]
        page[22:26] = bytes(4)
        assert assets.ogg_crc(bytes(page)) == reference(bytes(page)) == stored
    assert assets.ogg_crc(b"") == 0 and assets.ogg_crc(b"OggS") == reference(b"OggS")


def test_a_truncated_music_loop_is_named_damaged(tmp_path):
    root = _copy(tmp_path)
    ogg = root / "sounds" / "music" / "lobby.ogg"
    data = ogg.read_bytes()
    assets.check_cabinet(root)
    ogg.write_bytes(data[: len(data) // 2])                        # cut inside a page
    with pytest.raises(assets.AssetError) as err:
        assets.check_cabinet(root)
    assert str(err.value).startswith("assets/sounds/music/lobby.ogg is damaged (page ")
    assert str(err.value).endswith("runs past the end: truncated)")
    last_at, _ = _pages(data)[-1]
    ogg.write_bytes(data[:last_at])                                # cut between pages: no end of stream
    with pytest.raises(assets.AssetError, match=r"lobby.ogg is damaged \(its last page does not end the stream"):
        assets.check_cabinet(root)


def test_a_bit_flipped_in_the_music_s_body_is_found(tmp_path):
    root = _copy(tmp_path)
    ogg = root / "sounds" / "music" / "lobby.ogg"
    data = bytearray(ogg.read_bytes())
    at, size = _pages(bytes(data))[len(_pages(bytes(data))) // 2]   # deep in the audio, past every header
    data[at + size // 2] ^= 0x04
    ogg.write_bytes(bytes(data))
    with pytest.raises(assets.AssetError) as err:
        assets.check_cabinet(root)
    assert (
        str(err.value)
        == f"assets/sounds/music/lobby.ogg is damaged (page {len(_pages(bytes(data))) // 2} fails its CRC)"
    )


def test_a_damaged_or_foreign_svg_is_named(tmp_path):
    root = _copy(tmp_path)
    icon = root / "cabinet" / "default" / "icons" / "turbo_on.svg"
    text = icon.read_text()
    icon.write_text(text[: len(text) // 2])
    with pytest.raises(assets.AssetError, match=r"^assets/cabinet/default/icons/turbo_on.svg is damaged \(not "
                                                r"well-formed XML"):
        assets.check_cabinet(root)
    icon.write_text('<?xml version="1.0"?><html/>')
    with pytest.raises(assets.AssetError, match=r"turbo_on.svg is damaged \(its root element is not <svg>\)"):
        assets.check_cabinet(root)
    icon.write_bytes(b"\x89PNG\r\n\x1a\n")
    with pytest.raises(assets.AssetError, match=r"turbo_on.svg is not a SVG file"):
        assets.check_cabinet(root)


def test_a_missing_cabinet_manifest_or_icon_is_one_line(tmp_path):
    root = _copy(tmp_path)
    (root / "cabinet" / "default" / "pictograms" / "limit.svg").unlink()
    with pytest.raises(assets.AssetError) as err:
        assets.check_cabinet(root)
    assert str(err.value) == "assets/cabinet/default/pictograms/limit.svg is missing"
    (root / "cabinet" / "manifest.yaml").unlink()
    with pytest.raises(assets.AssetError) as err:
        assets.check_cabinet(root)
    assert str(err.value) == "assets/cabinet/manifest.yaml is missing"


def test_a_damaged_music_loop_refuses_the_start_in_one_line(tmp_path, monkeypatch):
    root = _copy(tmp_path)
    ogg = root / "sounds" / "music" / "lobby.ogg"
    data = bytearray(ogg.read_bytes())
    data[-200] ^= 0x80
    ogg.write_bytes(bytes(data))
    monkeypatch.setattr(assets, "ROOT", root)
    (tmp_path / "cfg").mkdir()
    refused(tmp_path / "cfg", "", "the cabinet's own files: assets/sounds/music/lobby.ogg is damaged", "fails its CRC")


# ------------------------------------------------------------------ decoded at the check (issue #31 item 6)
def _font_table(data: bytes, tag: bytes) -> tuple[int, int]:
    count = struct.unpack_from(">H", data, 4)[0]
    for i in range(count):
        name, _, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        if name == tag:
            return offset, length
    raise KeyError(tag)


def test_a_font_whose_glyphs_are_damaged_is_refused_by_its_table_checksum(tmp_path):
    root = _copy(tmp_path)
    font = root / "fonts" / "Lato-Bold.ttf"
    data = bytearray(font.read_bytes())
    offset, length = _font_table(bytes(data), b"glyf")
    data[offset + length // 2] ^= 0x10
    font.write_bytes(bytes(data))
    with pytest.raises(assets.AssetError) as err:
        assets.check_fonts(root)
    assert str(err.value) == "assets/fonts/Lato-Bold.ttf cannot be decoded (its table 'glyf' fails its checksum)"
    font.write_bytes(bytes(data[:2000]))                       # the directory lists tables past the end
    with pytest.raises(assets.AssetError, match=r"Lato-Bold.ttf cannot be decoded \(its table '.*' runs past"):
        assets.check_fonts(root)


def test_an_svg_declaring_a_huge_size_is_refused(tmp_path):
    root = _copy(tmp_path)
    icon = root / "cabinet" / "default" / "icons" / "turbo_on.svg"
    text = icon.read_text()
    icon.write_text(text.replace('width="100" height="100"', 'width="30000" height="300mm"'))
    with pytest.raises(assets.AssetError) as err:
        assets.check_cabinet(root)
    assert str(err.value) == ("assets/cabinet/default/icons/turbo_on.svg is 30000x1134 pixels; allowed: pictures up "
                              "to 8192 pixels a side and 16,777,216 pixels in all")
    icon.write_text(text.replace('width="100" height="100" viewBox="0 0 100 100"', 'viewBox="0 0 9000 10"'))
    with pytest.raises(assets.AssetError, match=r"turbo_on.svg is 9000x10 pixels"):
        assets.check_cabinet(root)
    icon.write_text(text.replace('width="100"', 'width="-100"'))
    with pytest.raises(assets.AssetError, match=r"turbo_on.svg cannot be decoded \(its size is -100 x 100: negative"):
        assets.check_cabinet(root)


def _with_crc(page: bytearray) -> bytes:
    page[22:26] = bytes(4)
    page[22:26] = struct.pack("<I", assets.ogg_crc(bytes(page)))
    return bytes(page)


def test_music_whose_vorbis_header_is_damaged_with_its_crc_recomputed_is_refused(tmp_path):
    root = _copy(tmp_path)
    ogg = root / "sounds" / "music" / "lobby.ogg"
    data = ogg.read_bytes()
    pages = _pages(data)
    at, size = pages[0]
    first = bytearray(data[at:at + size])
    header = first.index(b"\x01vorbis")
    first[header + 11] = 0                                      # no channels
    ogg.write_bytes(_with_crc(first) + data[size:])
    with pytest.raises(assets.AssetError) as err:
        assets.check_cabinet(root)
    assert str(err.value).startswith(
        "assets/sounds/music/lobby.ogg cannot be decoded (its Vorbis header gives version 0, 0 channels"
    )
    first[header:header + 7] = b"\x01vorbiz"
    ogg.write_bytes(_with_crc(first) + data[size:])
    with pytest.raises(assets.AssetError, match=r"lobby.ogg cannot be decoded \(it does not begin with the three"):
        assets.check_cabinet(root)
    at, size = pages[2]                                         # a page out of sequence
    third = bytearray(data[at:at + size])
    third[18:22] = struct.pack("<I", 7)
    ogg.write_bytes(data[:at] + _with_crc(third) + data[at + size:])
    with pytest.raises(assets.AssetError, match=r"lobby.ogg cannot be decoded \(page 2 is out of order \(sequence 7"):
        assets.check_cabinet(root)


def test_a_theme_that_is_mono_or_short_refuses_the_start_in_one_line(tmp_path):
    """A theme (sound id music.*) must be stereo and at least a minute long (issue #35):
    the old 18.5 s mono loop would be refused, naming the file and what is allowed."""
    soundfile = pytest.importorskip("soundfile")
    import numpy as np
    root = _copy(tmp_path)
    lobby = root / "sounds" / "music" / "lobby.ogg"
    t = np.arange(44100 * 18) / 44100
    tone = (0.2 * np.sin(2 * np.pi * 440 * t)).astype(np.float32)
    soundfile.write(str(lobby), tone, 44100, format="OGG", subtype="VORBIS")
    with pytest.raises(assets.AssetError) as err:
        assets.check_cabinet(root)
    assert str(err.value) == ("assets/sounds/music/lobby.ogg (sounds.music.lobby) is not a theme (1 channel, 18.0 s; "
                              "allowed: stereo, at least 60 s)")
    soundfile.write(str(lobby), np.stack([tone, tone], axis=1), 44100, format="OGG", subtype="VORBIS")
    with pytest.raises(assets.AssetError, match=r"is not a theme \(2 channels, 18.0 s; allowed"):
        assets.check_cabinet(root)
    assert assets.ogg_theme_problem((assets.ROOT / "sounds" / "music" / "lobby.ogg").read_bytes()) is None
