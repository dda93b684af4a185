"""Renders scores (cabinet/ui/score.py) with FluidSynth and a General MIDI SoundFont
into the stereo OGG files the cabinet plays, and measures what it wrote.

    python -m cabinet.ui.music_render report            every music OGG: length, peak, RMS, LUFS, loop jump
    python -m cabinet.ui.music_render spectrogram OGG PNG   a spectrogram picture of one file

A theme is a seamless loop: the score is rendered twice back to back, the second
pass is kept (its start already holds the first pass's reverb and ringing notes),
and its last 40 ms are blended into the first pass's last 40 ms, which lead into
the kept pass's first sample in the render itself, so the loop point is an ordinary
step between two samples at a bar line. Each file is normalised to a loudness
target (LUFS, cabinet/ui/loudness.py) and limited below full scale, before and after
the Vorbis encoding (q4). Only the asset build runs this; it needs the Debian
packages fluidsynth and fluid-soundfont-gm and the tools extra (mido, soundfile).
"""
from __future__ import annotations

import os
import shutil
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

from cabinet.core import assets as files

from . import loudness

RATE = 44100
SOUNDFONTS = ("/usr/share/sounds/sf2/FluidR3_GM.sf2", "/usr/share/sounds/sf2/default-GM.sf2")
INSTALL = "sudo apt-get install -y fluidsynth fluid-soundfont-gm"
THEME_LUFS = -18.0            # every theme (lobby, base, feature) is brought to this loudness
CUE_LUFS = -16.0              # fanfares and big-moment cues sit a little above the music
CEILING_DB = -1.5             # sample peak before encoding; the decoded file is checked at -1.0
CHECK_DB = -1.0
BLEND = int(0.04 * RATE)      # samples blended at a loop's end


OGG_SERIAL = 0x5D981D7C      # the stream serial of every OGG we write (libvorbis picks a random one)


def ogg_with_serial(data: bytes, serial: int) -> bytes:
    """The Ogg stream `data` with every page's stream serial set to `serial` and its CRC
    made again: the same samples encode to the same bytes on every `make assets`."""
    from cabinet.core.assets import ogg_crc
    out, at = bytearray(data), 0
    while at + 27 <= len(out) and out[at:at + 4] == b"OggS":
        segments = out[at + 26]
        size = 27 + segments + sum(out[at + 27:at + 27 + segments])
        struct.pack_into("<I", out, at + 14, serial)
        out[at + 22:at + 26] = bytes(4)
        struct.pack_into("<I", out, at + 22, ogg_crc(bytes(out[at:at + size])))
        at += size
    if at != len(out):
        raise ValueError(f"not a whole Ogg stream: {len(out) - at} bytes after the last page")
    return bytes(out)


def tools() -> tuple[str, str]:
    """(fluidsynth, SoundFont) or SystemExit naming what to install (no traceback)."""
    missing = []
    synth = shutil.which("fluidsynth")
    if synth is None:
        missing.append("the fluidsynth program")
    font = os.environ.get("CABINET_SOUNDFONT") or next((f for f in SOUNDFONTS if Path(f).is_file()), None)
    if font is None or not Path(font).is_file():
        missing.append(f"a General MIDI SoundFont ({SOUNDFONTS[0]})")
    py = []
    for module in ("mido", "soundfile"):
        try:
            __import__(module)
        except ImportError:
            py.append(module)
    if missing or py:
        lines = []
        if missing:
            lines.append(f"make assets: the music needs {' and '.join(missing)}; install: {INSTALL}")
        if py:
            lines.append(
                f"make assets: the music needs the Python packages {', '.join(py)}; install: pip install -e '.[tools]'"
            )
        raise SystemExit("\n".join(lines))
    assert synth is not None and font is not None        # else named as missing above
    return synth, font


def render(score, passes: int = 1, tail_seconds: float = 3.0) -> np.ndarray:
    """The score played `passes` times (plus a tail), as float32 stereo (n, 2)."""
    import soundfile
    synth, font = tools()
    with tempfile.TemporaryDirectory(prefix="cabinet-music-") as tmp:
        mid, wav = Path(tmp) / "score.mid", Path(tmp) / "out.wav"
        score.midi(passes, tail_seconds).save(str(mid))
        cmd = [synth, "-ni", "-q", "-g", "0.5", "-r", str(RATE), "-O", "float", "-T", "wav",
               "-o", "synth.cpu-cores=1", "-o", "synth.reverb.active=1", "-o", "synth.chorus.active=1",
               "-F", str(wav), font, str(mid)]
        run = subprocess.run(cmd, capture_output=True, text=True)
        if run.returncode != 0 or not wav.is_file():
            raise SystemExit(f"make assets: fluidsynth failed (exit {run.returncode}): {run.stderr.strip()[:300]}")
        data, rate = soundfile.read(str(wav), dtype="float32", always_2d=True)
    if rate != RATE or data.shape[1] != 2:
        raise SystemExit(f"make assets: fluidsynth wrote {rate} Hz, {data.shape[1]} channels; wanted {RATE} Hz stereo")
    return data


def loop(score) -> np.ndarray:
    """The score as a seamless loop of exactly its bars (see the module's docstring)."""
    n = round(score.seconds * RATE)
    x = render(score, passes=2, tail_seconds=1.0)
    if len(x) < 2 * n:
        x = np.concatenate([x, np.zeros((2 * n - len(x), 2), np.float32)])
    out = x[n:2 * n].copy()
    w = (np.arange(1, BLEND + 1, dtype=np.float32) / BLEND)[:, None]
    out[-BLEND:] = (1 - w) * x[2 * n - BLEND:2 * n] + w * x[n - BLEND:n]
    return out


def one_shot(score, seconds: float, fade: float = 0.35) -> np.ndarray:
    """A cue of exactly `seconds`: the score from its first note, faded out at its end."""
    n = round(seconds * RATE)
    x = render(score, passes=1, tail_seconds=max(0.5, seconds - score.seconds + 0.5))
    if len(x) < n:
        x = np.concatenate([x, np.zeros((n - len(x), 2), np.float32)])
    out = x[:n].copy()
    k = int(fade * RATE)
    out[-k:] *= np.linspace(1, 0, k, dtype=np.float32)[:, None] ** 2
    return out


def limit(x: np.ndarray, ceiling: float, wrap: bool) -> np.ndarray:
    """Gain reduction where the peak would pass `ceiling` (linear), smoothed over ~10 ms;
    circular for a loop, so the loop point stays continuous."""
    from scipy.ndimage import minimum_filter1d, uniform_filter1d
    peak = np.abs(x).max(axis=1)
    need = np.minimum(1.0, ceiling / np.maximum(peak, 1e-9))
    if need.min() >= 1.0:
        return x
    radius = int(0.01 * RATE)
    mode = "wrap" if wrap else "nearest"
    gain = uniform_filter1d(minimum_filter1d(need, 2 * radius + 1, mode=mode), radius, mode=mode)
    return (x * gain[:, None]).astype(np.float32)


def normalise(x: np.ndarray, target_lufs: float, wrap: bool) -> np.ndarray:
    gain = 10 ** ((target_lufs - loudness.lufs(x, RATE)) / 20)
    return limit((x * gain).astype(np.float32), 10 ** (CEILING_DB / 20), wrap)


def write_ogg(path: Path, x: np.ndarray, wrap: bool) -> dict:
    """Vorbis q4 stereo; checked decoded (peak at most CHECK_DB), lowered and written
    again if the encoding overshot. The file's measures."""
    import soundfile
    path.parent.mkdir(parents=True, exist_ok=True)
    for _ in range(4):
        with soundfile.SoundFile(str(path), "w", RATE, 2, format="OGG", subtype="VORBIS") as out:
            for at in range(0, len(x), 8192):     # in blocks: libsndfile 1.2's Vorbis writer
                out.write(x[at:at + 8192])        # crashes on one long write
        path.write_bytes(ogg_with_serial(path.read_bytes(), OGG_SERIAL))
        back, _rate = soundfile.read(str(path), dtype="float32", always_2d=True)
        peak = loudness.db(float(np.abs(back).max()))
        if peak <= CHECK_DB:
            return loudness.measure(back, RATE)
        x = limit(x * 10 ** ((CHECK_DB - 0.3 - peak) / 20), 10 ** (CEILING_DB / 20), wrap)
    raise SystemExit(f"make assets: {path} still peaks at {peak:.2f} dBFS after encoding")


def theme(path: Path, score) -> dict:
    """Render a theme as a loop, normalise it, write it; its measures."""
    x = normalise(loop(score), THEME_LUFS, wrap=True)
    return write_ogg(path, x, wrap=True)


def cue(path: Path, score, seconds: float) -> dict:
    x = normalise(one_shot(score, seconds), CUE_LUFS, wrap=False)
    return write_ogg(path, x, wrap=False)


def say(path: Path, m: dict) -> None:
    print(f"  {files.rel(path):48s} {m['seconds']:6.2f} s  peak {m['peak_db']:6.2f} dBFS  "
          f"RMS {m['rms_db']:6.2f} dBFS  {m['lufs']:6.2f} LUFS", flush=True)


# == measuring what was written ==================================================

def music_files(root: Path | None = None) -> list[Path]:
    """Every OGG the manifests name (themes, fanfares, cues)."""
    root = root or files.ROOT
    out = []
    for manifest in sorted(root.glob("*/manifest.yaml")):
        m = files.read_manifest(manifest.parent.name, root)
        assert m is not None                             # its manifest.yaml is there
        out += [m.sound_path(c) for c in m.sounds if m.sounds[c].endswith(".ogg")]
    return sorted(set(out))


def report() -> int:
    import soundfile
    total = 0
    print(
        f"{'file':50s} {'length':>8s} {'peak':>8s} {'RMS':>8s} {'LUFS':>7s} {'loop jump / p99.9 step':>24s} {'size':>8s}"
    )
    for path in music_files():
        x, rate = soundfile.read(str(path), dtype="float32", always_2d=True)
        m = loudness.measure(x, rate)
        jump, step = loudness.loop_jump(x)
        size = path.stat().st_size
        total += size
        loops = path.parent.name == "music" or path.stem.startswith("music_")
        print(f"{files.rel(path):50s} {m['seconds']:7.2f}s {m['peak_db']:7.2f} {m['rms_db']:8.2f} {m['lufs']:7.2f} "
              + (f"{jump:11.4f} / {step:.4f}" if loops else f"{'(a cue, not a loop)':>24s}") + f" {size / 1024:7.0f}K")
    print(f"total {total / 2**20:.2f} MB in {len(music_files())} files")
    return 0


def spectrogram(ogg: str, png: str) -> int:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import soundfile
    x, rate = soundfile.read(ogg, dtype="float32", always_2d=True)
    fig, ax = plt.subplots(figsize=(12, 5), dpi=100)
    ax.specgram(x.mean(axis=1), NFFT=4096, Fs=rate, noverlap=2048, cmap="magma", vmin=-140)
    ax.set_ylim(0, 20000)
    ax.set_xlabel("seconds")
    ax.set_ylabel("Hz")
    ax.set_title(f"{Path(ogg).name}: spectrogram")
    fig.tight_layout()
    fig.savefig(png)
    print(f"wrote {png}")
    return 0


def main(argv: list[str]) -> int:
    if argv[:1] == ["report"]:
        return report()
    if argv[:1] == ["spectrogram"] and len(argv) == 3:
        return spectrogram(argv[1], argv[2])
    print("usage: python -m cabinet.ui.music_render report | spectrogram OGG PNG", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
