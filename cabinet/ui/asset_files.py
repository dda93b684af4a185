"""The one loader of `assets/`: every game's pictures and cues, and the cabinet's font.

Images are decoded once (pygame.image.load) and kept per file; each size a screen
asks for is smooth-scaled from that master once and `convert_alpha()`ed, so frames
only blit. An SVG file is rasterised at each size asked for (load_sized_svg), crisp. The files and manifests are described (and checked at start) in
cabinet/core/assets.py; which skin a game shows comes from config.yaml
(`games.<id>.skin`) through `use_skin`.
"""
from __future__ import annotations

from pathlib import Path

import pygame

from cabinet.core import assets as files

SIZE_CACHE_LIMIT = 1500
FONT_SCALE = 0.7            # Lato at 0.7 of a size has the cap height the old default font had

_skins: dict[str, str] = {}
_manifests: dict[str, files.Manifest] = {}
_masters: dict[Path, pygame.Surface] = {}
_sized: dict[tuple, pygame.Surface] = {}
_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
_font_files: dict[str, Path] = {}


def manifest(game_id: str) -> files.Manifest:
    """The game's manifest (read on first use when the start did not hand it over)."""
    found = _manifests.get(game_id)
    if found is None:
        found = files.read_manifest(game_id)
        if found is None:
            raise files.AssetError(f"assets/{game_id}/manifest.yaml is missing")
        _manifests[game_id] = found
    return found


def use_skin(game_id: str, skin: str | None, checked: files.Manifest | None = None) -> None:
    """Show `game_id` in `skin` (None: the manifest's default) from now on."""
    if checked is not None:
        _manifests[game_id] = checked
    _skins[game_id] = skin or manifest(game_id).default_skin


def skin(game_id: str) -> str:
    return _skins.get(game_id) or manifest(game_id).default_skin


def skins(game_id: str) -> dict[str, str]:
    return manifest(game_id).skins


def color(game_id: str, name: str) -> tuple[int, int, int]:
    """A colour the game draws in code, as its current skin sets it."""
    return manifest(game_id).color(skin(game_id), name)


def _master(path: Path) -> pygame.Surface:
    surf = _masters.get(path)
    if surf is None:
        try:
            surf = pygame.image.load(str(path))
        except (pygame.error, OSError) as exc:
            raise files.AssetError(f"{files.rel(path)} cannot be decoded ({exc})") from None
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        _masters[path] = surf
    return surf


def _svg(path: Path, wh: tuple[int, int]) -> pygame.Surface:
    """An SVG drawn at `wh` px (its drawing keeps its proportions, centred)."""
    try:
        surf = pygame.image.load_sized_svg(str(path), (max(wh[0], 1), max(wh[1], 1)))
    except (pygame.error, OSError) as exc:
        raise files.AssetError(f"{files.rel(path)} cannot be decoded ({exc})") from None
    return surf.convert_alpha() if pygame.display.get_surface() is not None else surf


def image(game_id: str, image_id: str, size: int | tuple[int, int] | None = None) -> pygame.Surface:
    """Picture `image_id` of the game's current skin at `size` px (an int: a square;
    None: the file's own size), from the file painted at that size (`<id>@<px>` in the
    manifest: the reels' sizes on a 1920x1080 and a 1600x900 window) or else scaled
    from the largest. Scaled once and cached; each call returns its own copy, free to
    draw on (callers cache what they build from it)."""
    wh = None if size is None else (size, size) if isinstance(size, int) else (int(size[0]), int(size[1]))
    key = (game_id, skin(game_id), image_id, wh)
    surf = _sized.get(key)
    if surf is None:
        if len(_sized) > SIZE_CACHE_LIMIT:
            _sized.clear()
        found = manifest(game_id)
        exact = f"{image_id}@{wh[0]}" if wh is not None and wh[0] == wh[1] else ""
        path = found.image_path(exact if exact in found.images else image_id, skin(game_id))
        surf = _master(path) if wh is None or path.suffix != ".svg" else _svg(path, wh)
        if wh is not None and surf.get_size() != wh:
            surf = pygame.transform.smoothscale(surf, (max(wh[0], 1), max(wh[1], 1)))
        _sized[key] = surf
    return surf.copy()


def has_image(game_id: str, image_id: str) -> bool:
    return image_id in manifest(game_id).images


# ------------------------------------------------------------------ the font
def font(px: int, bold: bool = False) -> pygame.font.Font:
    """The cabinet's font (assets/fonts) at `px` (the size the old default font took).
    Shared: a caller that sets outline or align puts it back."""
    key = (max(int(px), 6), bool(bold))
    found = _fonts.get(key)
    if found is None:
        if not _font_files:
            _font_files.update(files.check_fonts())
        path = _font_files["bold" if bold else "regular"]
        found = _fonts[key] = pygame.font.Font(str(path), max(4, round(key[0] * FONT_SCALE)))
    return found


# ------------------------------------------------------------------ sounds
def load_sounds(audio, game_id: str | None = None) -> None:
    """Register the game's cues (None: the cabinet's own) with the mixer, once."""
    if not getattr(audio, "available", False):
        return
    cues = files.cabinet_sounds() if game_id is None else \
        {cue: manifest(game_id).sound_path(cue) for cue in manifest(game_id).sounds}
    for name, path in cues.items():
        if name not in audio.sounds and name not in audio.lazy and name not in audio.tracks:
            audio.add_file(name, path)
