"""The clip's files: an animated GIF (Pillow) and an MP4 (imageio with its ffmpeg,
where installed). Both are tools-only dependencies (the `tools` extra of
pyproject.toml); the cabinet itself runs on pygame-ce, numpy and pyyaml alone.

Frames are handed over one at a time (`add(surface)`): the GIF keeps each as a
256-colour picture and joins identical neighbours into one longer frame; the MP4 is
streamed to the encoder.
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


class GifWriter:
    """An animated GIF at a fixed frame rate; repeats of one picture become one frame."""

    def __init__(self, path: Path, fps: int):
        self.Image = _pillow()
        self.path, self.ms = path, 1000.0 / fps
        self.frames: list[Any] = []
        self.ticks: list[int] = []          # frames of the clock each picture lasts
        self._last: bytes | None = None

    def add(self, surface: pygame.Surface) -> None:
        raw = pygame.image.tobytes(surface, "RGB")
        digest = hashlib.blake2b(raw, digest_size=16).digest()
        if digest == self._last:
            self.ticks[-1] += 1
            return
        self._last = digest
        Image = self.Image
        img = Image.frombytes("RGB", surface.get_size(), raw)
        self.frames.append(img.quantize(colors=255, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE))
        self.ticks.append(1)

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
        first, *rest = self.frames
        first.save(self.path, save_all=True, append_images=rest, duration=durations, loop=0, optimize=False, format="GIF")
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
