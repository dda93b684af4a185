"""The clip's files: an animated GIF (Pillow) and an MP4 (imageio with its ffmpeg,
where installed). Both are tools-only dependencies (the `tools` extra of
pyproject.toml); the cabinet itself runs on pygame-ce, numpy and pyyaml alone.

Frames are handed over one at a time (`add(surface)`): the GIF keeps at most 10 a
second, scaled to at most 640 pixels wide, joins identical neighbours into one longer
frame and writes them with one palette, only what changed in each (a 63 s Happy Money
Hens bonus, book 165062: 35.9 MB at 960x540 and 15 fps before, 2.2 MB now); the MP4 is streamed
to the encoder at the clip's full frame rate and width.
"""
from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import pygame


class ClipToolMissing(RuntimeError):
    """A tools-only package a clip needs is not installed (the message says which)."""


def _pillow() -> Any:
    try:
        from PIL import Image
    except ImportError:
        raise ClipToolMissing("clips need Pillow, a tools-only package: pip install -e '.[tools]' "
                              "(make setup installs it)") from None
    return Image


def mp4_encoder() -> str | None:
    """Why no MP4 can be written here (None: imageio and its ffmpeg are installed)."""
    try:
        import imageio.v2  # noqa: F401
        import imageio_ffmpeg
        imageio_ffmpeg.get_ffmpeg_exe()
    except (ImportError, RuntimeError, OSError) as exc:
        return f"no MP4 encoder ({type(exc).__name__}: {exc}); pip install imageio imageio-ffmpeg"
    return None


PALETTE_SAMPLES = 24      # frames spread over the clip that choose its one palette


class GifWriter:
    """An animated GIF of the clock's frames, sized for sharing: at most `max_fps`
    pictures a second (a picture lasts the frames it stands for), at most `max_width`
    wide (clip_cli's GIF_MAX_FPS, GIF_MAX_WIDTH), one 255-colour palette for the whole clip chosen from frames
    spread over it (so an unchanged pixel keeps its index and Pillow's optimiser stores
    only what changed, the rest transparent); repeats of one picture become one frame."""

    def __init__(self, path: Path, fps: int, max_fps: int, max_width: int):
        self.Image = _pillow()
        self.path, self.ms = path, 1000.0 / fps
        self.every = max(1, -(-fps // max_fps))      # keep one clock frame in `every`
        self.fps = fps / self.every                  # pictures a second at most
        self.size: tuple[int, int] | None = None     # of the pictures, once one is kept
        self.max_width = max_width
        self.frames: list[Any] = []
        self.ticks: list[int] = []          # frames of the clock each picture lasts
        self._last: bytes | None = None
        self._count = 0

    def add(self, surface: pygame.Surface) -> None:
        n, self._count = self._count, self._count + 1
        if n % self.every and self.frames:  # between kept frames: the last picture lasts longer
            self.ticks[-1] += 1
            return
        w, h = surface.get_size()
        if w > self.max_width:
            surface = pygame.transform.smoothscale(surface, (self.max_width, round(h * self.max_width / w)))
        self.size = surface.get_size()
        raw = pygame.image.tobytes(surface, "RGB")
        digest = hashlib.blake2b(raw, digest_size=16).digest()
        if digest == self._last:
            self.ticks[-1] += 1
            return
        self._last = digest
        Image = self.Image
        img = Image.frombytes("RGB", surface.get_size(), raw)
        # kept compact until close (a frame's own palette); remapped to the clip's palette there
        self.frames.append(img.quantize(colors=255, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE))
        self.ticks.append(1)

    def _palette(self) -> Any:
        """One palette for the clip: 255 colours of frames spread evenly over it."""
        Image = self.Image
        picks = sorted({round(i * (len(self.frames) - 1) / max(PALETTE_SAMPLES - 1, 1))
                        for i in range(min(PALETTE_SAMPLES, len(self.frames)))})
        w, h = self.frames[0].size
        sheet = Image.new("RGB", (w, h * len(picks)))
        for row, i in enumerate(picks):
            sheet.paste(self.frames[i].convert("RGB"), (0, row * h))
        return sheet.quantize(colors=255, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)

    def close(self) -> int:
        """Write the file; returns how many distinct pictures it holds."""
        if not self.frames:
            raise ValueError("a clip with no frames")
        # GIF delays are in hundredths of a second: round the running total, so the
        # clip keeps the clock's time however the pictures split it
        durations, shown, total = [], 0, 0
        for n in self.ticks:
            total += n
            ms = int(round(total * self.ms / 10.0)) * 10 - shown
            durations.append(max(ms, 10))
            shown += durations[-1]
        palette = self._palette()
        none = self.Image.Dither.NONE
        first, *rest = [f.convert("RGB").quantize(palette=palette, dither=none) for f in self.frames]
        first.save(self.path, save_all=True, append_images=rest, duration=durations, loop=0, optimize=True,
                   format="GIF")
        return len(self.frames)


class Mp4Writer:
    """An H.264 MP4 streamed through imageio's ffmpeg (yuv420p: plays anywhere)."""

    def __init__(self, path: Path, fps: int):
        import imageio.v2 as imageio
        self.path = path
        self._writer = imageio.get_writer(str(path), fps=fps, codec="libx264", quality=7, macro_block_size=4,
                                          pixelformat="yuv420p", ffmpeg_log_level="error")
        self.count = 0

    def add(self, surface: pygame.Surface) -> None:
        self._writer.append_data(pygame.surfarray.pixels3d(surface).swapaxes(0, 1).copy())
        self.count += 1

    def close(self) -> int:
        self._writer.close()
        return self.count
