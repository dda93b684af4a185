"""The files under `assets/` and each game's manifest, checked at start (no pygame).

    assets/fonts/           the cabinet's font family (OFL, with its licence file)
    assets/sounds/          the cabinet's cues and music; sounds/<game>/ each game's cues
    assets/<game>/manifest.yaml
                            the game's skins, and image ids and sound cues -> files
    assets/<game>/<skin>/   each skin's pictures (PNG, or SVG for line art)
    assets/cabinet/manifest.yaml
                            the cabinet's own pictures (HUD icons, rules pictograms, the
                            lobby's emblem) and its cues and music, in a game's format

A manifest:

    skins:                  # skin id -> what an operator reads; the first is the default
      farm: Sunny farm
    images:                 # image id -> file under assets/, `{skin}` the skin's folder
      symbol.GP: piggy_farm/{skin}/symbols/GP.png
    sounds:                 # cue name -> file under assets/ (the same for every skin)
      pf_drop: sounds/piggy_farm/pf_drop.wav
    colors:                 # per skin: colours the game still draws in code (optional)
      farm: {frame_top: [176, 112, 60]}

`check_game` reads the manifest and opens every file the configured skin uses; a
problem is one line naming the file and what is wrong. Each file is checked to its end,
cheaply and without decoding: a PNG's chunk CRCs, a WAV's RIFF size, an OGG's page CRCs
and its last page, an SVG's XML. `check_cabinet` does the same for the cabinet's own. The UI's loader
(cabinet/ui/asset_files.py) decodes the files.
"""
from __future__ import annotations

import struct
import zlib
from xml.etree import ElementTree
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence, Any

from .config_file import read_yaml
from .schema import ConfigError

ROOT = Path(__file__).resolve().parents[2] / "assets"
FONTS = {"regular": "fonts/Lato-Bold.ttf", "bold": "fonts/Lato-Black.ttf"}
FONT_LICENCE = "fonts/OFL.txt"
# The first bytes of each format a manifest may name (what the loader can decode).
SIGNATURES = {".png": (b"\x89PNG\r\n\x1a\n",), ".wav": (b"RIFF",), ".ogg": (b"OggS",),
              ".svg": (b"<svg", b"<?xml"), ".ttf": (b"\x00\x01\x00\x00", b"true"), ".txt": (b"",)}
MAX_FILE = 64 * 2**20


class AssetError(Exception):
    """A missing, unreadable or malformed asset file or manifest: one line."""


@dataclass(frozen=True)
class Manifest:
    game: str
    skins: dict[str, str]
    images: dict[str, str]
    sounds: dict[str, str]
    colors: dict[str, dict[str, tuple[int, int, int]]] = field(default_factory=dict)
    root: Path = ROOT

    @property
    def default_skin(self) -> str:
        return next(iter(self.skins))

    def image_path(self, image_id: str, skin: str) -> Path:
        return self.root / self.images[image_id].format(skin=skin)

    def sound_path(self, cue: str) -> Path:
        return self.root / self.sounds[cue]

    def color(self, skin: str, name: str) -> tuple[int, int, int]:
        return self.colors.get(skin, {}).get(name) or self.colors[self.default_skin][name]


def rel(path: Path, root: Path = ROOT) -> str:
    """A path as a message names it: from the folder holding assets/."""
    try:
        return str(path.relative_to(root.parent))
    except ValueError:
        return str(path)


def check_file(path: Path, root: Path = ROOT) -> None:
    """The file exists, is readable, not huge, and starts like its format."""
    name = rel(path, root)
    sigs = SIGNATURES.get(path.suffix.lower())
    if sigs is None:
        raise AssetError(f"{name}: not an asset format; allowed: {', '.join(sorted(SIGNATURES))}")
    try:
        if not path.is_file():
            raise AssetError(f"{name} is missing")
        if path.stat().st_size > MAX_FILE:
            raise AssetError(f"{name} is over {MAX_FILE // 2**20} MB")
        data = path.read_bytes()
    except OSError as exc:
        raise AssetError(f"{name} cannot be read ({exc.strerror or exc})") from None
    if not any(data.startswith(s) for s in sigs):
        raise AssetError(f"{name} is not a {path.suffix[1:].upper()} file (wrong first bytes)")
    damage = DAMAGE.get(path.suffix.lower())
    broken = damage(data) if damage else None
    if broken:
        raise AssetError(f"{name} is damaged ({broken})")


def _png_damage(data: bytes) -> str | None:
    """Why a PNG's chunks do not add up (each one's CRC, the IEND at the end), or None."""
    at, view = 8, memoryview(data)
    while at + 12 <= len(data):
        length, kind = struct.unpack_from(">I4s", data, at)
        end = at + 12 + length
        if end > len(data):
            return f"chunk {kind!r} runs past the end: truncated"
        if zlib.crc32(view[at + 4:end - 4]) != struct.unpack_from(">I", data, end - 4)[0]:
            return f"chunk {kind!r} fails its CRC"
        if kind == b"IEND":
            return None
        at = end
    return "no IEND chunk: truncated"


def _wav_damage(data: bytes) -> str | None:
    if len(data) < 12 or data[8:12] != b"WAVE":
        return "no WAVE header"
    if struct.unpack("<I", data[4:8])[0] + 8 != len(data):
        return "its RIFF size is not the file's: truncated or padded"
    return None


# Ogg's CRC-32 is the unreflected one (poly 0x04C11DB7, no init, no final xor); zlib's is
# reflected with both: over bit-reversed bytes, and less zlib's own value for as many zeros,
# it gives Ogg's bit-reversed. A page's CRC in C, not a Python loop per byte.
_REVERSED = bytes(int(f"{i:08b}"[::-1], 2) for i in range(256))


def ogg_crc(page: bytes) -> int:
    """The Ogg CRC of `page` (its CRC field zeroed)."""
    raw = zlib.crc32(page.translate(_REVERSED)) ^ zlib.crc32(bytes(len(page)))
    return int(f"{raw:032b}"[::-1], 2)


def _ogg_damage(data: bytes) -> str | None:
    """Why an Ogg stream's pages do not add up (each page's CRC, the last page marked
    the stream's end), or None."""
    at, page_no, flags = 0, 0, 0
    while at < len(data):
        if data[at:at + 4] != b"OggS" or at + 27 > len(data):
            return f"page {page_no} does not start like an Ogg page"
        segments = data[at + 26]
        size = 27 + segments + sum(data[at + 27:at + 27 + segments])
        if at + size > len(data):
            return f"page {page_no} runs past the end: truncated"
        page = bytearray(data[at:at + size])
        stored = struct.unpack_from("<I", page, 22)[0]
        page[22:26] = bytes(4)
        if ogg_crc(bytes(page)) != stored:
            return f"page {page_no} fails its CRC"
        flags = data[at + 5]
        at, page_no = at + size, page_no + 1
    return None if flags & 4 else "its last page does not end the stream: truncated"


def _svg_damage(data: bytes) -> str | None:
    try:
        root = ElementTree.fromstring(data)
    except ElementTree.ParseError as exc:
        return f"not well-formed XML: {exc}"
    return None if root.tag.rsplit("}", 1)[-1] == "svg" else "its root element is not <svg>"


DAMAGE = {".png": _png_damage, ".wav": _wav_damage, ".ogg": _ogg_damage, ".svg": _svg_damage}


def check_fonts(root: Path = ROOT) -> dict[str, Path]:
    """The cabinet's font files (and their licence), checked; weight -> path."""
    for rel_path in (*FONTS.values(), FONT_LICENCE):
        check_file(root / rel_path, root)
    return {weight: root / p for weight, p in FONTS.items()}


def _mapping(where: str, data: Any, value_ok, allowed: str) -> dict[str, Any]:
    if not isinstance(data, dict) or not data or not all(isinstance(k, str) and value_ok(v) for k, v in data.items()):
        raise AssetError(f"{where} is not allowed; allowed: {allowed}")
    return dict(data)


def _rgb(v: Any) -> bool:
    return isinstance(v, list) and len(v) == 3 and all(type(c) is int and 0 <= c <= 255 for c in v)


def read_manifest(game_id: str, root: Path = ROOT) -> Manifest | None:
    """The game's manifest, or None when the game ships no assets/<game>/ folder."""
    path = root / game_id / "manifest.yaml"
    if not path.parent.is_dir():
        return None
    name = rel(path, root)
    check = f"{name}: "
    if not path.is_file():
        raise AssetError(f"{name} is missing")
    try:
        data = read_yaml(path)
    except ConfigError as exc:          # the YAML reader's one line
        raise AssetError(str(exc).replace(str(path), name)) from None
    if not isinstance(data, dict) or set(data) - {"skins", "images", "sounds", "colors"}:
        raise AssetError(f"{check}allowed keys: skins, images, sounds, colors")
    is_text = lambda v: isinstance(v, str) and bool(v.strip())
    skins = _mapping(check + "skins", data.get("skins"), is_text, "skin id -> label, at least one")
    images = _mapping(check + "images", data.get("images"), is_text, "image id -> file under assets/")
    sounds = _mapping(check + "sounds", data.get("sounds") or {"-": "-"}, is_text, "cue name -> file")
    sounds.pop("-", None)
    colors: dict[str, dict[str, tuple[int, int, int]]] = {}
    for skin, table in (data.get("colors") or {}).items():
        if skin not in skins:
            raise AssetError(f"{check}colors.{skin} is not a skin; allowed: {', '.join(skins)}")
        colors[skin] = {k: tuple(v) for k, v in _mapping(f"{check}colors.{skin}", table, _rgb,
                                                         "name -> [r, g, b], each 0-255").items()}
    return Manifest(game_id, skins, images, sounds, colors, root)


def check_game(game_id: str, skin: str | None, root: Path = ROOT) -> Manifest | None:
    """The manifest with every file `skin` (None: the default) uses checked."""
    manifest = read_manifest(game_id, root)
    return None if manifest is None else check_files(manifest, skin)


def check_files(manifest: Manifest, skin: str | None, images: Sequence[str] = (),
                sounds: Sequence[str] = ()) -> Manifest:
    """Every file of the manifest that `skin` (None: the default) uses is there and
    readable, and starts like its format, and every image and sound id the code asks
    for (`images`, `sounds`) is in it; AssetError names the first that is not."""
    root = manifest.root
    skin = skin or manifest.default_skin
    where = rel(root / manifest.game / "manifest.yaml", root)
    for kind, wanted, have in (("images", images, manifest.images), ("sounds", sounds, manifest.sounds)):
        missing = [i for i in wanted if i not in have]
        if missing:
            raise AssetError(f"{where}: {kind}.{missing[0]} is missing (the screens draw it"
                             f"{f'; {len(missing) - 1} more missing' if len(missing) > 1 else ''}); "
                             f"allowed: a manifest naming every {kind[:-1]} id as shipped")
    for image_id, template in manifest.images.items():
        try:
            path = root / template.format(skin=skin)
        except (KeyError, IndexError, ValueError):
            raise AssetError(f"{rel(root / manifest.game / 'manifest.yaml', root)}: images.{image_id} = "
                             f"{template!r}; allowed: a path with {{skin}} at most") from None
        _inside(path, root, f"images.{image_id}", manifest)
        check_file(path, root)
    for cue in manifest.sounds:
        _inside(manifest.sound_path(cue), root, f"sounds.{cue}", manifest)
        check_file(manifest.sound_path(cue), root)
    return manifest


def _inside(path: Path, root: Path, key: str, manifest: Manifest) -> None:
    """A manifest's path stays under assets/ (read from the text: no '..', not absolute)."""
    relative = path.relative_to(root) if path.is_relative_to(root) else None
    if relative is None or ".." in relative.parts:
        raise AssetError(f"{rel(root / manifest.game / 'manifest.yaml', root)}: {key} leaves assets/; "
                         "allowed: a path under assets/")


CABINET = "cabinet"         # the cabinet's own manifest: assets/cabinet/manifest.yaml


CABINET_IDS = Path(__file__).with_name("asset_ids.yaml")   # the ids the cabinet's screens draw


def read_ids(path: Path) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(image ids, sound ids) a view asks its manifest for, from its asset_ids.yaml
    (written by make assets; a program file, so `main.py --verify` covers it)."""
    try:
        data = read_yaml(path, allowed="the list of ids make assets writes")
        return tuple(str(i) for i in data["images"]), tuple(str(c) for c in data["sounds"])
    except ConfigError as exc:
        raise AssetError(str(exc)) from None
    except (KeyError, TypeError) as exc:
        raise AssetError(f"{path}: not a list of images and sounds ({exc.__class__.__name__}); "
                         "allowed: the list of ids make assets writes") from None


def check_cabinet(root: Path | None = None) -> Manifest:
    """The cabinet's own manifest with every file it names checked (AssetError: one line)."""
    root = root or ROOT
    manifest = read_manifest(CABINET, root)
    if manifest is None:
        raise AssetError(f"{rel(root / CABINET / 'manifest.yaml', root)} is missing")
    return check_files(manifest, None, *read_ids(CABINET_IDS))


def cabinet_sounds(root: Path = ROOT) -> dict[str, Path]:
    """The cabinet's shared cues and music (its manifest's sounds), name -> path."""
    manifest = read_manifest(CABINET, root)
    return {} if manifest is None else {cue: manifest.sound_path(cue) for cue in manifest.sounds}
