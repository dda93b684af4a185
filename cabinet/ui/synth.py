"""The cabinet's sound synthesis: the cues and music loop that `python -m
cabinet.ui.asset_build` writes to assets/sounds/ (games' tools use it for their own
cues). Mono float32 building blocks; nothing here runs when the cabinet plays.
"""
from __future__ import annotations

import numpy as np

A4 = 440.0


def note(semitones_from_a4: float) -> float:
    return A4 * 2 ** (semitones_from_a4 / 12)


class Synth:
    """Mono float32 building blocks at one sample rate."""

    def __init__(self, rate: int):
        self.rate = rate

    def t(self, seconds: float) -> np.ndarray:
        return np.arange(int(self.rate * seconds), dtype=np.float32) / self.rate

    def tone(self, freq: float, seconds: float, decay: float = 6.0, harmonics=(1.0, 0.35, 0.12),
             attack: float = 0.005) -> np.ndarray:
        """A bell-like tone: a few harmonics under an exponential decay."""
        t = self.t(seconds)
        wave = sum(a * np.sin(2 * np.pi * freq * (k + 1) * t) for k, a in enumerate(harmonics))
        env = np.exp(-decay * t) * np.clip(t / attack, 0, 1)
        return (wave * env).astype(np.float32)

    def sweep(self, f0: float, f1: float, seconds: float, decay: float = 2.0) -> np.ndarray:
        """A glide from f0 to f1 (whooshes, rising bonus cues)."""
        t = self.t(seconds)
        phase = 2 * np.pi * (f0 * t + (f1 - f0) * t * t / (2 * seconds))
        env = np.exp(-decay * t) * np.clip(t / 0.01, 0, 1) * np.clip((seconds - t) / 0.03, 0, 1)
        return (np.sin(phase) * env).astype(np.float32)

    def sequence(self, parts: list[tuple[float, np.ndarray]], seconds: float) -> np.ndarray:
        """Mix parts placed at start times (seconds) into one buffer."""
        out = np.zeros(int(self.rate * seconds), dtype=np.float32)
        for start, part in parts:
            i = int(start * self.rate)
            n = min(len(part), len(out) - i)
            if n > 0:
                out[i:i + n] += part[:n]
        return out


def effect_bank(s: Synth) -> dict[str, np.ndarray]:
    """The cabinet's shared cues; games may add their own through Audio.add."""
    major = [0, 4, 7, 12]
    return {
        "click": s.tone(note(15), 0.06, decay=60),
        "spin": s.sweep(180, 520, 0.28, decay=4) * 0.6,
        "reel_stop": s.tone(note(-24), 0.14, decay=28, harmonics=(1.0, 0.5, 0.3)),
        "win": s.sequence([(i * 0.07, s.tone(note(3 + m), 0.35, decay=8)) for i, m in enumerate(major)], 0.6),
        "coin": s.sequence([(0, s.tone(note(22), 0.08, decay=40)), (0.06, s.tone(note(27), 0.16, decay=25))], 0.24),
        "bonus": s.sweep(220, 880, 0.7, decay=1) * 0.7,
        "big_win": s.sequence([(i * 0.12, s.tone(note(m), 0.8, decay=3)) for i, m in
                               enumerate([3, 7, 10, 15, 19, 22, 27])], 1.8),
        "refuse": s.tone(note(-17), 0.25, decay=10, harmonics=(1.0, 0.0, 0.5)),
    }


def music_loop(s: Synth, bars: int = 8, bpm: int = 104) -> np.ndarray:
    """A calm lounge loop: bass on the beat, an arpeggio over I-vi-IV-V."""
    beat = 60.0 / bpm
    chords = [[0, 4, 7], [-3, 0, 4], [-7, -3, 0], [-5, -1, 2]]
    parts = []
    for bar in range(bars):
        root = chords[bar % 4]
        for b in range(4):
            start = (bar * 4 + b) * beat
            parts.append((start, s.tone(note(root[0] - 24), beat * 0.95, decay=3, harmonics=(1.0, 0.25)) * 0.5))
            for k in range(2):
                pitch = root[(b * 2 + k) % 3] + 3
                parts.append((start + k * beat / 2, s.tone(note(pitch), beat, decay=5) * 0.22))
    return s.sequence(parts, bars * 4 * beat)
