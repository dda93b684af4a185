"""Review tools' clips: one round rendered headless, frame by frame through the
injectable clock (ManualClock at 1/fps), into the encoders of clip_files.py (an
animated GIF, an MP4 where an encoder is installed) and a PNG storyboard of the
moments each step of the presentation reached.

    frames = record(app, scene, sink)             # sink(surface) per frame
    save_storyboard(frames.moments, title, path)

The scene shows the round in recall mode (round_show.py): nothing is paid or settled.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import pygame

from . import draw as D

TAIL_SECONDS = 2.0          # the end of the round held on screen
MAX_SECONDS = 180.0         # a clip stops here (said in the result)
THUMB = (384, 216)          # a storyboard picture
STORY_COLUMNS = 4
STORY_MAX = 16              # pictures on a storyboard
MIN_STEP = 0.25             # steps shorter than this are not storyboard moments
CELEBRATION_AT = 2.5        # seconds into a celebration its storyboard picture is taken


@dataclass
class Moment:
    """A storyboard picture: the frame at the end of one step (what it showed)."""

    seconds: float
    label: str
    thumb: pygame.Surface
    key: bool = False           # always on the storyboard (a celebration, the end)


@dataclass
class Recording:
    frames: int = 0
    seconds: float = 0.0
    truncated: bool = False
    moments: list[Moment] = field(default_factory=list)


def _thumb(surface: pygame.Surface) -> pygame.Surface:
    return pygame.transform.smoothscale(surface, THUMB)


def record(app: Any, scene: Any, sink: Callable[[pygame.Surface], None],
           max_seconds: float = MAX_SECONDS) -> Recording:
    """Step the app by its clock (a ManualClock at 1/fps) from the round's start
    until TAIL_SECONDS after it ended, handing each frame to `sink`."""
    out = Recording()
    pres = scene.presentation
    tail = full_tail = int(round(TAIL_SECONDS / app.clock.step))
    seen = 0                                        # presentation steps finished so far
    over = 0                                        # frames a celebration has been up
    while True:
        app.step(app.clock.tick())
        out.frames += 1
        out.seconds = app.clock.now
        sink(app.surface)
        if pres is not None:
            while seen < pres.index:                # a step ended this frame: its picture
                step = pres.steps[seen]
                if step.duration >= MIN_STEP and app.stack.top is scene:   # not under a celebration
                    out.moments.append(Moment(out.seconds, step.label, _thumb(app.surface)))
                seen += 1
        if scene not in app.stack.scenes:           # closed (a lock notice took the screen)
            break
        if app.stack.top is not scene:              # the celebration over the round: its picture
            over += 1                               # once it has counted up
            if over == int(CELEBRATION_AT / app.clock.step):
                name = getattr(app.stack.top, "scene_name", "") or "celebration"
                out.moments.append(Moment(out.seconds, name.replace("_", " "), _thumb(app.surface), key=True))
        elif not scene.busy:
            if tail == full_tail and (not out.moments or out.seconds - out.moments[-1].seconds > 0.3):
                out.moments.append(Moment(out.seconds, "round end", _thumb(app.surface), key=True))
            tail -= 1
            if tail <= 0:
                break
        if out.seconds >= max_seconds:
            out.truncated = True
            out.moments.append(Moment(out.seconds, f"clip stops at {max_seconds:g} s", _thumb(app.surface), key=True))
            break
    return out


def pick_moments(moments: list[Moment], limit: int = STORY_MAX) -> list[Moment]:
    """At most `limit` moments in time order: every key one, the rest spread evenly."""
    if len(moments) <= limit:
        return list(moments)
    keys = [m for m in moments if m.key][:limit]
    rest = [m for m in moments if not m.key]
    room = limit - len(keys)
    spread = [rest[round(i * (len(rest) - 1) / max(room - 1, 1))] for i in range(room)] if room > 0 else []
    return sorted(keys + spread, key=lambda m: m.seconds)


def save_storyboard(moments: list[Moment], title: str, subtitle: str, path: Path) -> int:
    """A grid of the moments with each one's time and step, under a title; returns how
    many pictures it holds."""
    chosen = pick_moments(moments)
    cols = min(STORY_COLUMNS, max(1, len(chosen)))
    rows = max(1, -(-len(chosen) // cols))
    pad, caption, head = 16, 34, 96
    tw, th = THUMB
    size = (pad + cols * (tw + pad), head + rows * (th + caption + pad) + pad)
    sheet = pygame.Surface(size)
    sheet.fill((18, 18, 40))
    big, small = pygame.font.Font(None, 46), pygame.font.Font(None, 28)
    sheet.blit(_fit(big, title, size[0] - 2 * pad, (255, 214, 90)), (pad, 18))
    sheet.blit(_fit(small, subtitle, size[0] - 2 * pad, (230, 226, 210)), (pad, 60))
    for i, m in enumerate(chosen):
        r, c = divmod(i, cols)
        x, y = pad + c * (tw + pad), head + r * (th + caption + pad)
        sheet.blit(m.thumb, (x, y))
        pygame.draw.rect(sheet, (90, 90, 150), (x - 1, y - 1, tw + 2, th + 2), 1)
        sheet.blit(_fit(small, f"{i + 1}.  {m.seconds:5.1f} s   {m.label or 'step'}", tw, (230, 226, 210)),
                   (x, y + th + 6))
    pygame.image.save(sheet, str(path))
    return len(chosen)


def _fit(font: pygame.font.Font, text: str, width: int, color: tuple[int, int, int]) -> pygame.Surface:
    return font.render(D.ellipsize(font, text, width), True, color)
