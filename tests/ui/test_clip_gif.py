"""A clip's GIF is sized for sharing (issue #36: a 65 s clip made a 43 MB GIF): at most
GIF_MAX_FPS pictures a second, each lasting the clock frames it stands for, at most
GIF_MAX_WIDTH wide, one palette for the clip and only what changed stored in each
picture; a clip's time is kept to the hundredth. Synthetic frames, no cabinet."""
from __future__ import annotations

import numpy as np
import pygame
import pytest
from PIL import Image, ImageSequence

from cabinet.ui.clip_cli import GIF_MAX_FPS, GIF_MAX_WIDTH
from cabinet.ui.clip_files import GifWriter


def frames(n: int, size=(1280, 720)) -> list[pygame.Surface]:
    """A gradient backdrop with a small box moving over it (most pixels never change)."""
    w, h = size
    back = pygame.Surface(size)
    pixels = np.zeros((w, h, 3), dtype=np.uint8)
    pixels[..., 0] = np.linspace(20, 200, w, dtype=np.uint8)[:, None]
    pixels[..., 2] = np.linspace(60, 180, h, dtype=np.uint8)[None, :]
    pygame.surfarray.blit_array(back, pixels)
    out = []
    for i in range(n):
        s = back.copy()
        pygame.draw.rect(s, (250, 220, 40), (40 + i * 9, 300, 120, 120))
        out.append(s)
    return out


def written(path) -> list[tuple[Image.Image, int]]:
    with Image.open(path) as im:
        return [(f.convert("RGB"), f.info["duration"]) for f in ImageSequence.Iterator(im)]


@pytest.mark.parametrize("fps", [30, 15, 10, 4])
def test_the_gif_keeps_at_most_its_rate_and_width_and_the_clips_time(tmp_path, fps):
    out = tmp_path / "c.gif"
    gif = GifWriter(out, fps, GIF_MAX_FPS, GIF_MAX_WIDTH)
    shots = frames(2 * fps)                                  # two seconds of the clock
    for s in shots:
        gif.add(s)
    pictures = gif.close()
    got = written(out)
    assert len(got) == pictures <= 2 * min(fps, GIF_MAX_FPS)
    assert got[0][0].size == (GIF_MAX_WIDTH, GIF_MAX_WIDTH * 9 // 16) == gif.size
    assert sum(ms for _, ms in got) == 2000                  # the clock's two seconds
    # the box is where the clock had it when each picture was taken
    first = np.asarray(got[0][0])
    assert tuple(first[160, 35]) == pytest.approx((250, 220, 40), abs=24)


@pytest.mark.slow
def test_a_long_clip_is_a_fraction_of_the_frames_it_holds(tmp_path):
    out = tmp_path / "long.gif"
    gif = GifWriter(out, 15, GIF_MAX_FPS, GIF_MAX_WIDTH)
    for s in frames(120, size=(960, 540)):
        gif.add(s)
    gif.close()
    raw = 120 * 960 * 540 // 15 * GIF_MAX_FPS                  # a byte a pixel of the pictures kept, unscaled
    assert out.stat().st_size < raw / 40                       # stored: what changed, one palette, scaled
