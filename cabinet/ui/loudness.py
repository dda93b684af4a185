"""How loud a piece of audio is: sample peak and RMS in dBFS, and integrated loudness
in LUFS (ITU-R BS.1770: K-weighting, 400 ms blocks, absolute and relative gates).
The music build normalises every theme and cue to a target with it
(cabinet/ui/music_render.py), and the tests measure the shipped files with it.
numpy and scipy only; samples are float in [-1, 1], shape (n,) or (n, channels).
"""
from __future__ import annotations

import math

import numpy as np


def _biquad_high_shelf(rate: int, fc: float = 1500.0, gain_db: float = 4.0, q: float = 1 / math.sqrt(2)):
    a = 10 ** (gain_db / 40)
    w0 = 2 * math.pi * fc / rate
    alpha, cw = math.sin(w0) / (2 * q), math.cos(w0)
    b = [a * ((a + 1) + (a - 1) * cw + 2 * math.sqrt(a) * alpha), -2 * a * ((a - 1) + (a + 1) * cw),
         a * ((a + 1) + (a - 1) * cw - 2 * math.sqrt(a) * alpha)]
    den = [(a + 1) - (a - 1) * cw + 2 * math.sqrt(a) * alpha, 2 * ((a - 1) - (a + 1) * cw),
           (a + 1) - (a - 1) * cw - 2 * math.sqrt(a) * alpha]
    return np.array(b) / den[0], np.array(den) / den[0]


def _biquad_high_pass(rate: int, fc: float = 38.0, q: float = 0.5):
    w0 = 2 * math.pi * fc / rate
    alpha, cw = math.sin(w0) / (2 * q), math.cos(w0)
    b = [(1 + cw) / 2, -(1 + cw), (1 + cw) / 2]
    den = [1 + alpha, -2 * cw, 1 - alpha]
    return np.array(b) / den[0], np.array(den) / den[0]


def channels(samples: np.ndarray) -> np.ndarray:
    x = np.asarray(samples, dtype=np.float64)
    return x[:, None] if x.ndim == 1 else x


def db(value: float) -> float:
    return 20 * math.log10(value) if value > 0 else -math.inf


def lufs(samples: np.ndarray, rate: int) -> float:
    """Integrated loudness (LUFS), gated as BS.1770-4 says."""
    from scipy.signal import lfilter
    x = channels(samples)
    for b, a in (_biquad_high_shelf(rate), _biquad_high_pass(rate)):
        x = lfilter(b, a, x, axis=0)
    block, hop = int(0.4 * rate), int(0.1 * rate)
    if len(x) < block:
        return -math.inf
    sq = np.cumsum(np.concatenate([np.zeros((1, x.shape[1])), x * x]), axis=0)
    starts = np.arange(0, len(x) - block + 1, hop)
    power = ((sq[starts + block] - sq[starts]) / block).sum(axis=1)
    loud = -0.691 + 10 * np.log10(np.maximum(power, 1e-20))
    gated = power[loud > -70]
    if not len(gated):
        return -math.inf
    relative = -0.691 + 10 * math.log10(gated.mean()) - 10
    final = power[(loud > -70) & (loud > relative)]
    return -0.691 + 10 * math.log10(final.mean())


def measure(samples: np.ndarray, rate: int) -> dict[str, float]:
    """seconds, channels, peak_db (sample peak, dBFS), rms_db (all channels, dBFS), lufs."""
    x = channels(samples)
    return {"seconds": len(x) / rate, "channels": x.shape[1], "peak_db": db(float(np.max(np.abs(x)))),
            "rms_db": db(float(np.sqrt(np.mean(x * x)))), "lufs": lufs(x, rate)}


def loop_jump(samples: np.ndarray) -> tuple[float, float]:
    """(the step from the last sample to the first, the 99.9th percentile of the
    file's own sample-to-sample steps): a seamless loop's jump is an ordinary step."""
    x = channels(samples)
    steps = np.abs(np.diff(x, axis=0)).max(axis=1)
    return float(np.abs(x[0] - x[-1]).max()), float(np.percentile(steps, 99.9))
