"""Writes assets/ from the project's drawing code and synthesis, reproducibly.

    python -m cabinet.ui.asset_build            the cabinet's cues (WAV), lobby theme, fanfares
                                                and big-moment cues (OGG: cabinet/ui/cabinet_music.py),
                                                pictures (SVG: cabinet/ui/cabinet_art.py)
                                                and assets/cabinet/manifest.yaml
    python -m games.<id>.tools.make_assets      a game's pictures (PNG), cues, base and feature
                                                themes (games/<id>/tools/music.py) and manifest
    make assets                                 all of them

The music is rendered by FluidSynth from MIDI scores (cabinet/ui/music_render.py); a
build without fluidsynth or the SoundFont says what to install and exits non-zero.

A game's tool hands `write_game` its skins (each a set of painters: image id ->
(file, paint()): a pygame.Surface for a .png, SVG text for a .svg), its cues and its
colours; this writes every file and the manifest
that the start checks (cabinet/core/assets.py) and the loader reads
(cabinet/ui/asset_files.py). Pictures are painted at the size a 1920x1080 window
shows them (larger where a screen enlarges them); the loader scales them to the window.
"""
from __future__ import annotations

import os
import sys
import wave
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Mapping

import numpy as np

from cabinet.core import assets as files

from .music_render import OGG_SERIAL, ogg_with_serial  # noqa: F401  (the OGG writer's serial, shared)

if TYPE_CHECKING:
    from .synth import Synth

Painter = Callable[[], "object"]          # () -> pygame.Surface
RATE = 44100
MANIFEST_HEAD = """# {name}'s pictures and sounds: what the game's view asks for, by id, and the file
# under assets/ that holds it. `{{skin}}` is the skin's folder: {choice} the first below is the default. Checked at every start:
# a missing or unreadable file is named in one line. Written by
#   python -m {tool}
# (edit the files freely; a skin is a folder with every image below).
"""


def board_sizes(logical: float) -> tuple[int, ...]:
    """A logical length in real pixels on the windows a cabinet is set up for
    (1920x1080 and config.yaml's 1600x900): the sizes exact-size files are painted at."""
    from .layout import Layout
    return tuple(sorted({Layout(size).px(logical) for size in ((1920, 1080), (1600, 900))}))


def headless():
    """pygame with a hidden 1x1 display (convert() needs one) and the cabinet's font."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))
    return pygame


def save_png(surf, path: Path) -> None:
    import pygame
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(path))


def save_picture(picture, path: Path) -> None:
    """A painter's result: SVG text to a .svg file (as is), a Surface to a .png."""
    if path.suffix == ".svg":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(picture.encode())
    else:
        save_png(picture, path)


def pcm16(mono: np.ndarray) -> np.ndarray:
    """Mono float samples peak-normalised to 85% of full scale, as int16."""
    peak = float(np.max(np.abs(mono))) or 1.0
    return (np.asarray(mono, np.float64) / peak * 0.85 * 32767).astype(np.int16)


def write_sound(path: Path, mono: np.ndarray, rate: int = RATE) -> None:
    """A cue as 16-bit mono WAV (stdlib) or, for .ogg, Vorbis (the tools extra soundfile)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    pcm = pcm16(mono)
    if path.suffix == ".ogg":
        try:
            import soundfile
        except ImportError:
            raise SystemExit("asset_build: writing OGG needs soundfile; allowed: pip install -e '.[tools]'") from None
        soundfile.write(str(path), pcm, rate, format="OGG", subtype="VORBIS")
        path.write_bytes(ogg_with_serial(path.read_bytes(), OGG_SERIAL))
        return
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(pcm.tobytes())


def _yaml_map(items: dict, indent: str = "  ") -> str:
    return "".join(f"{indent}{k}: {v}\n" for k, v in items.items())


def write_game(game: str, name: str, skins: dict[str, tuple[str, dict[str, tuple[str, Painter]]]],
               cues: Mapping[str, np.ndarray], colors: dict[str, dict[str, tuple[int, int, int]]] | None = None,
               root: Path = files.ROOT, sounds: dict[str, str] | None = None, tool: str = "") -> int:
    """Paint every skin's pictures, write the cues and the manifest; files written.
    `sounds` (cue -> file under assets/) names sounds written elsewhere (the cabinet's)."""
    ids = None
    count = 0
    for skin, (_label, painters) in skins.items():
        if ids is not None and list(painters) != ids:
            raise SystemExit(f"{game}: skin {skin} paints {sorted(set(painters) ^ set(ids))[:3]} differently")
        ids = list(painters)
        for image_id, (rel_file, paint) in painters.items():
            save_picture(paint(), root / game / skin / rel_file)
            count += 1
    first = next(iter(skins.values()))[1]
    for cue, mono in cues.items():
        write_sound(root / "sounds" / game / f"{cue}.wav", mono)
        count += 1
    sounds = {**(sounds or {}), **{c: f"sounds/{game}/{c}.wav" for c in cues}}
    text = (
        MANIFEST_HEAD.format(
            name=name,
            game=game,
            tool=tool or f"games.{game}.tools.make_assets",
            choice=f"config.yaml chooses one\n# per game (games.{game}.skin),"
            if game != files.CABINET
            else "the cabinet has one,\n#",
        )
        + "skins:\n"
    )
    text += _yaml_map({skin: label for skin, (label, _) in skins.items()})
    text += "images:\n" + _yaml_map({i: f"{game}/{{skin}}/{f}" for i, (f, _) in first.items()})
    text += "sounds:\n" + _yaml_map(sounds)
    if colors:
        text += "colors:                 # what the game still draws in code (frames, panels), per skin\n"
        for skin, table in colors.items():
            text += f"  {skin}:\n" + _yaml_map({k: list(v) for k, v in table.items()}, "    ")
    (root / game / "manifest.yaml").write_text(text)
    if root == files.ROOT:
        write_asset_ids(game, [i for i in first if "@" not in i], list(sounds))   # sized copies: optional
    files.check_game(game, None, root)
    for skin in skins:
        files.check_game(game, skin, root)
    return count + 1


def asset_ids_path(game: str) -> Path:
    """Where the code's list of the ids it asks the manifest for lives: in the game's
    view (games/<id>/view/asset_ids.yaml), the cabinet's in cabinet/core."""
    repo = files.ROOT.parent
    return (
        repo / "cabinet/core/asset_ids.yaml" if game == files.CABINET else repo / "games" / game / "view/asset_ids.yaml"
    )


def write_asset_ids(game: str, images: list[str], sounds: list[str]) -> None:
    """The ids the screens draw, as the start checks every manifest against them."""
    who = "the cabinet's screens" if game == files.CABINET else f"{game}'s view"
    text = (f"# The picture and sound ids {who} ask for in assets/{game}/manifest.yaml:\n"
            "# the start refuses a manifest without one of them, naming it. Written by make assets.\n"
            "images:\n" + "".join(f"  - {i}\n" for i in images) + "sounds:\n" + "".join(f"  - {c}\n" for c in sounds))
    asset_ids_path(game).write_text(text)


def write_themes(game: str, themes: Mapping[str, Callable[[], object]], root: Path = files.ROOT) -> dict[str, str]:
    """A game's themes (name -> score) rendered to sounds/<game>/music_<name>.ogg; the
    manifest's entries for them: music.<game>.<name> -> file."""
    from . import music_render
    out = {}
    for theme, score in themes.items():
        rel_path = f"sounds/{game}/music_{theme}.ogg"
        music_render.say(root / rel_path, music_render.theme(root / rel_path, score()))
        out[f"music.{game}.{theme}"] = rel_path
    return out


def tool_main(game: str, name: str, skins: Callable[[], dict], bank: Callable[[Synth], Mapping[str, np.ndarray]],
              colors: dict | None = None, themes: Mapping[str, Callable[[], object]] | None = None) -> int:
    """A game's make_assets: `skins()` -> {skin: (label, painters)}, `bank(synth)` -> its cues,
    `themes` -> its music (name -> score: base, feature)."""
    from . import music_render
    if themes:
        music_render.tools()                 # what to install, before anything is written
    headless()
    from .synth import Synth
    music = write_themes(game, themes) if themes else {}
    n = write_game(game, name, skins(), bank(Synth(RATE)), colors, sounds=music)
    print(f"{game}: wrote {n + len(music)} files under assets/")
    return 0


def cabinet_logo():
    """The lobby's title: the cabinet's name as a logo (logo_art.py), a gold coin at its left."""
    import pygame
    from . import logo_art
    svg = files.ROOT / "cabinet/default/celebration/coin.svg"
    coin = pygame.image.load_sized_svg(str(svg), (256, 256)) if svg.exists() else None
    return logo_art.logo((logo_art.CABINET_NAME,), 200, (255, 236, 150), (226, 140, 26), (70, 26, 0), emblem=coin)


def main(argv: list[str] | None = None) -> int:
    """The cabinet's shared cues (cabinet/ui/synth.py), its lobby theme, fanfares and
    big-moment cues (cabinet/ui/cabinet_music.py), its pictures (cabinet/ui/cabinet_art.py)
    and assets/cabinet/manifest.yaml naming them all."""
    from . import music_render
    music_render.tools()                     # what to install, before anything is written
    from . import cabinet_art, synth
    headless()                       # the logo is painted with pygame
    s = synth.Synth(RATE)
    out = files.ROOT / "sounds"
    bank = synth.effect_bank(s)
    for cue, mono in bank.items():
        write_sound(out / f"{cue}.wav", mono)
    sounds = {cue: f"sounds/{cue}.wav" for cue in bank}
    sounds.update(write_music())
    pictures = {**cabinet_art.painters(), "lobby.logo": ("lobby/logo.png", cabinet_logo)}
    n = write_game(files.CABINET, "The cabinet", {"default": ("The cabinet's own", pictures)}, {},
                   sounds=sounds, tool="cabinet.ui.asset_build")
    print(f"wrote {len(sounds) + n} files under assets/")
    return 0


def write_music(root: Path = files.ROOT) -> dict[str, str]:
    """The lobby theme, a fanfare per celebration and the big-moment cues; their
    manifest entries (name -> file under assets/)."""
    from . import cabinet_music, celebration, music_render
    made = {"music.lobby": "sounds/music/lobby.ogg"}
    music_render.say(root / made["music.lobby"], music_render.theme(root / made["music.lobby"], cabinet_music.lobby()))
    cues = {}
    for tier, name in celebration.FANFARE.items():
        seconds = celebration.lasts(tier)
        score = cabinet_music.fanfare(tier, seconds) if tier else cabinet_music.summary()
        cues[name] = (score, seconds)
    cues.update({name: (make(), seconds) for name, (make, seconds) in cabinet_music.MOMENTS.items()})
    for name, (score, seconds) in cues.items():
        folder, _, stem = name.partition(".")
        rel_path = f"sounds/{folder}s/{stem}.ogg"
        music_render.say(root / rel_path, music_render.cue(root / rel_path, score, seconds))
        made[name] = rel_path
    return made


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
