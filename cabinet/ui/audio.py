"""Sound effects and music loops synthesised with numpy at start, played by pygame.mixer.

No audio files ship: every cue is a few lines of additive synthesis. When there is
no audio device (or the mixer cannot start) the cabinet runs silent, without errors:
every method is a no-op then. SHIFT+S toggles effects, SHIFT+M the music.
"""
from __future__ import annotations

import threading

import numpy as np
import pygame

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


class Audio:
    """The cabinet's mixer front: silent and error-free without a device."""

    def __init__(self, volume: float = 0.8, music_volume: float = 0.5, enabled: bool = True):
        self.volume, self.music_volume = volume, music_volume     # the operator's levels
        self.effects_level, self.music_level = 1.0, 1.0           # the player's share of them (sound panel)
        self.sound_on, self.music_on = enabled, enabled
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self._music: pygame.mixer.Sound | None = None
        self._music_channel: pygame.mixer.Channel | None = None
        self.available = False
        self.synth = Synth(44100)          # games may synthesise cues even when silent
        self.channels = 2
        if not enabled:
            return
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(44100, -16, 2, 512)
            rate, _, channels = pygame.mixer.get_init()
            self.channels = channels
            self.synth = Synth(rate)
            self.available = True
            for name, samples in effect_bank(self.synth).items():
                self.add(name, samples)
        except (pygame.error, ValueError, TypeError):
            self.available = False
            return
        # The music loop takes ~80 ms to synthesise: off the start-up path, in a thread;
        # `poll()` (each frame) turns it into a Sound on the main thread when ready.
        self._music_samples: np.ndarray | None = None
        self._want_music = False
        threading.Thread(target=self._synth_music, name="music-synth", daemon=True).start()

    def _synth_music(self) -> None:
        self._music_samples = music_loop(self.synth)

    def poll(self) -> None:
        """Finish start-up work that ran in the background (the music loop)."""
        if self._music is None and self.available and getattr(self, "_music_samples", None) is not None:
            try:
                self._music = self._make(self._music_samples)
            except (pygame.error, ValueError):
                self.available = False
                return
            self._music_samples = None
            if self._want_music:
                self.start_music()

    def _make(self, mono: np.ndarray) -> pygame.mixer.Sound:
        peak = float(np.max(np.abs(mono))) or 1.0
        pcm = (mono / peak * 0.85 * 32767).astype(np.int16)
        if self.channels > 1:
            pcm = np.repeat(pcm[:, None], self.channels, axis=1)
        return pygame.sndarray.make_sound(np.ascontiguousarray(pcm))

    def add(self, name: str, mono: np.ndarray) -> None:
        """Register a cue from mono float samples at `self.synth.rate` (no-op when silent)."""
        if not self.available:
            return
        try:
            snd = self._make(mono)
            snd.set_volume(self.volume * self.effects_level)
            self.sounds[name] = snd
        except (pygame.error, ValueError):
            pass

    def play(self, name: str) -> None:
        if self.available and self.sound_on and name in self.sounds:
            try:
                self.sounds[name].play()
            except pygame.error:
                pass

    def start_music(self) -> None:
        if self._music is None:
            self._want_music = True          # starts as soon as the loop is synthesised
            return
        if self.available and self.music_on and self._music_channel is None:
            try:
                self._music.set_volume(self.music_volume * self.music_level)
                self._music_channel = self._music.play(loops=-1)
            except pygame.error:
                self._music_channel = None

    def stop_music(self) -> None:
        if self._music_channel is not None:
            try:
                self._music_channel.stop()
            except pygame.error:
                pass
            self._music_channel = None

    def toggle_sound(self) -> bool:
        self.sound_on = not self.sound_on
        return self.sound_on

    def toggle_music(self) -> bool:
        self.music_on = not self.music_on
        if self.music_on:
            self.start_music()
        else:
            self.stop_music()
        return self.music_on

    def set_volume(self, volume: float) -> None:
        """The operator's effects volume (0 to 1)."""
        self.volume = max(0.0, min(1.0, volume))
        self._apply()

    def set_levels(self, effects: float | None = None, music: float | None = None) -> None:
        """The player's effects and music volume, each a share (0 to 1) of the operator's."""
        if effects is not None:
            self.effects_level = max(0.0, min(1.0, effects))
        if music is not None:
            self.music_level = max(0.0, min(1.0, music))
        self._apply()

    def _apply(self) -> None:
        try:
            for snd in self.sounds.values():
                snd.set_volume(self.volume * self.effects_level)
            if self._music is not None:
                self._music.set_volume(self.music_volume * self.music_level)
        except pygame.error:
            pass
