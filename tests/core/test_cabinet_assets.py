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
    (root / "sounds").mkdir()
    for path in (assets.ROOT / "sounds").glob("*.*"):
        shutil.copy(path, root / "sounds" / path.name)
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
    assert {"icon.sound.on", "icon.music.off", "icon.turbo.on", "pictogram.payback", "emblem.rings"} <= set(manifest.images)
    assert manifest.sounds["music"] == "sounds/music.ogg"
    assert set(assets.cabinet_sounds()) == set(manifest.sounds) >= {"click", "spin", "win", "big_win", "music"}


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
    data = (assets.ROOT / "sounds" / "music.ogg").read_bytes()
    for at, size in _pages(data)[:3]:
        page = bytearray(data[at:at + size])
        stored = struct.unpack_from("<I", page, 22)[0]
        page[22:26] = bytes(4)
        assert assets.ogg_crc(bytes(page)) == reference(bytes(page)) == stored
    assert assets.ogg_crc(b"") == 0 and assets.ogg_crc(b"OggS") == reference(b"OggS")


def test_a_truncated_music_loop_is_named_damaged(tmp_path):
    root = _copy(tmp_path)
    ogg = root / "sounds" / "music.ogg"
    data = ogg.read_bytes()
    assets.check_cabinet(root)
    ogg.write_bytes(data[: len(data) // 2])                        # cut inside a page
    with pytest.raises(assets.AssetError) as err:
        assets.check_cabinet(root)
    assert str(err.value).startswith("assets/sounds/music.ogg is damaged (page ")
    assert str(err.value).endswith("runs past the end: truncated)")
    last_at, _ = _pages(data)[-1]
    ogg.write_bytes(data[:last_at])                                # cut between pages: no end of stream
    with pytest.raises(assets.AssetError, match=r"music.ogg is damaged \(its last page does not end the stream"):
        assets.check_cabinet(root)


def test_a_bit_flipped_in_the_music_s_body_is_found(tmp_path):
    root = _copy(tmp_path)
    ogg = root / "sounds" / "music.ogg"
    data = bytearray(ogg.read_bytes())
    at, size = _pages(bytes(data))[len(_pages(bytes(data))) // 2]   # deep in the audio, past every header
    data[at + size // 2] ^= 0x04
    ogg.write_bytes(bytes(data))
    with pytest.raises(assets.AssetError) as err:
        assets.check_cabinet(root)
    assert str(err.value) == f"assets/sounds/music.ogg is damaged (page {len(_pages(bytes(data))) // 2} fails its CRC)"


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
    ogg = root / "sounds" / "music.ogg"
    data = bytearray(ogg.read_bytes())
    data[-200] ^= 0x80
    ogg.write_bytes(bytes(data))
    monkeypatch.setattr(assets, "ROOT", root)
    (tmp_path / "cfg").mkdir()
    refused(tmp_path / "cfg", "", "the cabinet's own files: assets/sounds/music.ogg is damaged", "fails its CRC")
