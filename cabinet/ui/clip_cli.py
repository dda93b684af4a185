"""`main.py --clip ROUND_ID OUT.gif` and `main.py --clip-book GAME MODE BOOK OUT.gif`:
a round of the ledger, or any book of a game's library, rendered headless at a fixed
frame rate (`--clip-fps`, `--clip-width`) to an animated GIF, an MP4 beside it where
an encoder is installed (OUT.mp4) and a PNG storyboard (OUT.storyboard.png).

A review tool: refused with `real_play: true`. Every mistake (a bad id, a round or
book that is not there, an OUT that cannot be written, Pillow missing) is one line on
stderr and exit 2; nothing is written then. The round is shown in recall mode: no
money moves and nothing is settled.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable

from ..core.resources import program_name as prog

FPS = (15, 1, 60)                 # default, lowest, highest
GIF_MAX_FPS = 10                  # the GIF keeps at most this many pictures a second (the MP4 every frame)
GIF_MAX_WIDTH = 640               # and is scaled down to this width: a 60 s bonus in a few MB, not 36
WIDTH = (960, 320, 1920)


class ClipRefused(Exception):
    """A clip that cannot be made: the one line says what is wrong and what is allowed."""


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--clip", nargs=2, metavar=("ROUND_ID", "OUT.gif"),
                   help="render a round of the ledger to an animated GIF (+ MP4, storyboard PNG) and exit")
    p.add_argument("--clip-book", nargs=4, metavar=("GAME", "MODE", "BOOK", "OUT.gif"),
                   help="render one book of a game's library the same way and exit")
    p.add_argument("--clip-fps", type=int, metavar="N",
                   help=f"frames per second of a clip ({FPS[1]}-{FPS[2]}, default {FPS[0]}; the GIF keeps at most "
                        f"{GIF_MAX_FPS} pictures a second, the MP4 every frame)")
    p.add_argument("--clip-width", type=int, metavar="PX",
                   help=f"width of a clip in pixels, 16:9 ({WIDTH[1]}-{WIDTH[2]}, default {WIDTH[0]}; the GIF at "
                        f"most {GIF_MAX_WIDTH})")


def wanted(args: argparse.Namespace) -> bool:
    return args.clip is not None or args.clip_book is not None


def _whole(text: str, what: str, lowest: int) -> int:
    try:
        value = int(text, 10)
    except ValueError:
        value = -1
    if not lowest <= value < 2**63:
        raise ClipRefused(f"{what} {text!r} is not allowed; allowed: a whole number from {lowest}")
    return value


def out_paths(text: str) -> tuple[Path, Path, Path]:
    """(GIF, MP4, storyboard) for OUT, checked writable (ClipRefused if not)."""
    gif = Path(text)
    if gif.suffix.lower() != ".gif":
        raise ClipRefused(f"OUT {text!r} must be a .gif file (the MP4 and the storyboard PNG are written beside it)")
    folder = gif.parent if str(gif.parent) else Path(".")
    if not folder.is_dir():
        raise ClipRefused(f"OUT {text!r}: folder {str(folder)!r} does not exist")
    mp4, story = gif.with_suffix(".mp4"), gif.with_suffix(".storyboard.png")
    for path in (gif, mp4, story):
        if path.is_dir():
            raise ClipRefused(f"OUT {text!r}: {str(path)!r} is a folder")
        if path.exists() and not os.access(path, os.W_OK):
            raise ClipRefused(f"OUT {text!r}: {str(path)!r} is not writable")
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".clip-"):
            pass
    except OSError as exc:
        raise ClipRefused(f"OUT {text!r}: folder {str(folder)!r} is not writable ({exc.strerror or exc})") from None
    return gif, mp4, story


def check(args: argparse.Namespace) -> dict[str, Any]:
    """Everything that can be checked before a cabinet opens: ids, sizes, files, Pillow."""
    if args.clip is not None and args.clip_book is not None:
        raise ClipRefused("--clip and --clip-book are one clip each; give one of them")
    args.clip_fps = FPS[0] if args.clip_fps is None else args.clip_fps          # None: not given
    args.clip_width = WIDTH[0] if args.clip_width is None else args.clip_width
    if not FPS[1] <= args.clip_fps <= FPS[2]:
        raise ClipRefused(f"--clip-fps {args.clip_fps} is not allowed; allowed: {FPS[1]} to {FPS[2]}")
    if not WIDTH[1] <= args.clip_width <= WIDTH[2]:
        raise ClipRefused(f"--clip-width {args.clip_width} is not allowed; allowed: {WIDTH[1]} to {WIDTH[2]}")
    job: dict[str, Any] = {"fps": args.clip_fps, "size": (args.clip_width // 16 * 16, args.clip_width // 16 * 9)}
    if args.clip is not None:
        job["round"] = _whole(args.clip[0], "ROUND_ID", 1)
        out = args.clip[1]
    else:
        game, mode, book, out = args.clip_book
        job.update(game=game, mode=mode, book=_whole(book, "BOOK", 0))
    job["paths"] = out_paths(out)
    from .clip_files import ClipToolMissing, _pillow
    try:
        _pillow()
    except ClipToolMissing as exc:
        raise ClipRefused(str(exc)) from None
    return job


def run(args: argparse.Namespace, config_of: Callable[[], Any], open_cabinet: Callable[[], Any]) -> int:
    """The clip, or one line and exit 2. `config_of()` is the start's checked config
    (nothing created), `open_cabinet()` the start itself (main.py raises its own
    one-line refusals from both)."""
    try:
        job = check(args)
        if config_of().real_play:
            raise ClipRefused("--clip is a review tool and is refused: config.yaml sets real_play: true")
        cabinet = open_cabinet()
        return _make(cabinet, job)
    except ClipRefused as exc:
        sys.stderr.write(f"{prog()}: {exc}\n")
        return 2


def _played(cabinet: Any, job: dict[str, Any]) -> tuple[Any, Any, tuple[str, str] | None]:
    """(the round, its ledger row or None, the HUD's two lines for a book)."""
    from cabinet.core.book_rounds import BookRoundError, book_round
    from cabinet.core.cabinet import CabinetLocked
    if cabinet.locked:          # the lock notice would stand over any round or book
        raise ClipRefused(f"the cabinet is locked ({cabinet.locked}); no round or book can be shown until "
                          "the operator clears it")
    if "round" in job:
        try:
            played = cabinet.replay(job["round"])
        except (KeyError, LookupError) as exc:
            raise ClipRefused(f"ROUND_ID {job['round']}: {exc.args[0] if exc.args else exc}") from None
        except CabinetLocked as exc:
            raise ClipRefused(f"ROUND_ID {job['round']}: {exc}") from None
        if played.game not in cabinet.games:
            raise ClipRefused(f"round {job['round']} is of {played.game}, which this cabinet does not offer")
        return played, cabinet.ledger.round(job["round"]), None
    setup = cabinet.games.get(job["game"])
    if setup is None:
        why = cabinet.refused.get(job["game"], "not a game here")
        raise ClipRefused(f"GAME {job['game']!r}: {why}; allowed: {', '.join(cabinet.games)}")
    try:
        played = book_round(setup, job["mode"], job["book"])
    except BookRoundError as exc:
        raise ClipRefused(str(exc)) from None
    cur, spec = cabinet.currency, setup.spec
    label = (f"BOOK {job['book']}  ·  {spec.name.upper()}",
             f"{spec.mode(job['mode']).label}  ·  payout {played.round.payout_x100 / 100:g}x  ·  "
             f"win {cur.format(played.win_cents)} at {cur.format(played.bet_cents)}")
    return played, None, label


def _make(cabinet: Any, job: dict[str, Any]) -> int:
    os.environ["SDL_VIDEODRIVER"] = "dummy"             # headless whatever the desktop
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from .app import App
    from .clip import record, save_storyboard
    from .clip_files import GifWriter, Mp4Writer, mp4_encoder
    from .clock import ManualClock
    from .round_show import show_round

    played, row, label = _played(cabinet, job)
    gif_path, mp4_path, story_path = job["paths"]
    fps = job["fps"]
    app = App(cabinet.config, cabinet, size=job["size"], clock=ManualClock(1.0 / fps), kiosk=False,
              audio=False, windowed=True)
    try:
        scene = show_round(app, played, label=label, record=row, celebrate=True)
        if scene is None:
            raise ClipRefused(f"{played.game}: {app.toast_text or 'its scene cannot open'}")
        why_no_mp4 = mp4_encoder()
        tmp = gif_path.with_name(f".{gif_path.name}.part")
        gif = GifWriter(tmp, fps, GIF_MAX_FPS, GIF_MAX_WIDTH)
        mp4 = None if why_no_mp4 else Mp4Writer(mp4_path.with_name(f".{mp4_path.stem}.part.mp4"), fps)
        sink = gif.add if mp4 is None else _both(gif.add, mp4.add)
        rec = record(app, scene, sink)
        pictures = gif.close()
        tmp.replace(gif_path)
        spec = cabinet.games[played.game].spec
        cur = cabinet.currency
        what = f"round {played.round_id}" if row is not None else f"{played.mode} book {job['book']}"
        title = f"{spec.name}  ·  {what}"
        feats = ", ".join(spec.view.feature_labels.get(f) or f for f in played.round.features
                          if spec.view.feature_labels.get(f, f)) or "no feature"
        subtitle = (f"{spec.mode(played.mode).label}  ·  bet {cur.format(played.bet_cents)}  ·  payout "
                    f"{played.round.payout_x100 / 100:g}x  ·  win {cur.format(played.win_cents)}  ·  {feats}  ·  "
                    f"{rec.seconds:.1f} s at {fps} fps")
        shown = save_storyboard(rec.moments, title, subtitle, story_path)
        w, h = job["size"]
        cut = f"; stopped at {rec.seconds:.0f} s" if rec.truncated else ""
        gw, gh = gif.size or (w, h)
        print(f"{gif_path}: {rec.frames} frames ({pictures} pictures, at most {gif.fps:g} a second) at {fps} fps, "
              f"{rec.seconds:.1f} s, {gw}x{gh}, {gif_path.stat().st_size / 1e6:.1f} MB{cut}")
        if mp4 is not None:
            mp4.close()
            mp4.path.replace(mp4_path)
            print(f"{mp4_path}: {rec.frames} frames at {fps} fps, {w}x{h}, {mp4_path.stat().st_size / 1e6:.1f} MB")
        else:
            print(f"{mp4_path.name} not written: {why_no_mp4}")
        print(f"{story_path}: {shown} moments")
        return 0
    finally:
        pygame.display.quit()


def _both(*sinks: Callable[[Any], None]) -> Callable[[Any], None]:
    """One frame sink that hands each frame to every one of `sinks`, in order."""
    def each(frame: Any) -> None:
        for sink in sinks:
            sink(frame)
    return each
