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
problem is one line naming the file and what is wrong. Each file is checked to its end
by its format (cabinet/core/asset_formats.py: PNG, WAV, OGG, SVG, TrueType, each read
from its bytes as a loader reads it). `check_cabinet` does the same for the cabinet's
own. So a picture that the loader (cabinet/ui/asset_files.py, pygame.image.load) could
not decode, or that would take gigabytes, is refused at the start check, not in the
first frame that draws it. This layer imports no pygame. A cue the mixer cannot decode
stays silent (cabinet/ui/audio.py), it does not stop the window. A theme (a sound id
`music.*`: a scene's looped music) must be an OGG file, stereo and at least
THEME_SECONDS long (asset_formats.ogg_theme_problem).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence, Any

from .asset_formats import THEME_SECONDS, ogg_theme_problem, verdict
from .config_file import read_yaml
from .resources import assets_root, package_file
from .schema import ConfigError

ROOT = assets_root()            # <checkout>/assets, or the installed slot_cabinet/assets (cabinet.core.resources)
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


def rel(path: Path, root: Path | None = None) -> str:
    """A path as a message names it: from the folder holding assets/."""
    try:
        return str(path.relative_to((root or ROOT).parent))
    except ValueError:
        return str(path)


def check_file(path: Path, root: Path | None = None) -> None:
    """The file exists, is readable, not huge, starts like its format, is whole, and
    decodes (DECODE: for a picture, within the size bounds before anything is inflated)."""
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
    problem = verdict(path.suffix.lower(), data)
    if problem:
        raise AssetError(f"{name} {problem}")


THEME = "music."              # a sound id that is a theme: the music of a scene, looped


def check_fonts(root: Path | None = None) -> dict[str, Path]:
    """The cabinet's font files (and their licence), checked; weight -> path."""
    root = root or ROOT
    for rel_path in (*FONTS.values(), FONT_LICENCE):
        check_file(root / rel_path, root)
    return {weight: root / p for weight, p in FONTS.items()}


def _mapping(where: str, data: Any, value_ok, allowed: str) -> dict[str, Any]:
    if not isinstance(data, dict) or not data or not all(isinstance(k, str) and value_ok(v) for k, v in data.items()):
        raise AssetError(f"{where} is not allowed; allowed: {allowed}")
    return dict(data)


def _rgb(v: Any) -> bool:
    return isinstance(v, list) and len(v) == 3 and all(type(c) is int and 0 <= c <= 255 for c in v)


def read_manifest(game_id: str, root: Path | None = None) -> Manifest | None:
    """The game's manifest, or None when the game ships no assets/<game>/ folder."""
    root = root or ROOT
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

    def is_text(v: Any) -> bool:
        return isinstance(v, str) and bool(v.strip())

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


def check_game(game_id: str, skin: str | None, root: Path | None = None) -> Manifest | None:
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
        path = manifest.sound_path(cue)
        _inside(path, root, f"sounds.{cue}", manifest)
        check_file(path, root)
        if cue.startswith(THEME):
            problem = ogg_theme_problem(path.read_bytes()) if path.suffix.lower() == ".ogg" else \
                f"is not a theme (allowed: an OGG file, stereo, at least {THEME_SECONDS} s)"
            if problem:
                raise AssetError(f"{rel(path, root)} (sounds.{cue}) {problem}")
    return manifest


def _inside(path: Path, root: Path, key: str, manifest: Manifest) -> None:
    """A manifest's path stays under assets/ (read from the text: no '..', not absolute)."""
    relative = path.relative_to(root) if path.is_relative_to(root) else None
    if relative is None or ".." in relative.parts:
        raise AssetError(f"{rel(root / manifest.game / 'manifest.yaml', root)}: {key} leaves assets/; "
                         "allowed: a path under assets/")


CABINET = "cabinet"         # the cabinet's own manifest: assets/cabinet/manifest.yaml


CABINET_IDS = package_file("cabinet.core", "asset_ids.yaml")   # the ids the cabinet's screens draw


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


def cabinet_sounds(root: Path | None = None) -> dict[str, Path]:
    """The cabinet's shared cues and music (its manifest's sounds), name -> path."""
    manifest = read_manifest(CABINET, root)
    return {} if manifest is None else {cue: manifest.sound_path(cue) for cue in manifest.sounds}
