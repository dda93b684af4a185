"""Sound effects and the music loop from assets/sounds/, played by pygame.mixer.

The cabinet's cues are assets/sounds/*.wav and its music loop assets/sounds/music.ogg
(games register theirs from their manifests: cabinet/ui/asset_files.load_sounds);
`python -m cabinet.ui.asset_build` makes them from cabinet/ui/synth.py. When there is
no audio device (or the mixer cannot start) the cabinet runs silent, without errors:
every method is a no-op then. SHIFT+S toggles effects, SHIFT+M the music.
"""
from __future__ import annotations

import threading
from pathlib import Path

import pygame

from cabinet.core import assets as files


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
        self.channels = 2
        self.rate = 44100
        if not enabled:
            return
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(44100, -16, 2, 512)
            self.rate, _, self.channels = pygame.mixer.get_init()
            self.available = True
        except (pygame.error, ValueError, TypeError):
            self.available = False
            return
        shared = files.cabinet_sounds()
        for name, path in shared.items():
            if name != "music":
                self.add_file(name, path)
        # The music loop decodes in ~40 ms: off the start-up path, in a thread;
        # `poll()` (each frame) starts it on the main thread when ready.
        self._music_ready: pygame.mixer.Sound | None = None
        self._want_music = False
        if "music" in shared:
            threading.Thread(target=self._load_music, args=(shared["music"],), name="music-load", daemon=True).start()

    def _load_music(self, path: Path) -> None:
        try:
            self._music_ready = pygame.mixer.Sound(str(path))
        except (pygame.error, OSError):
            self._music_ready = None

    def poll(self) -> None:
        """Finish start-up work that ran in the background (the music loop)."""
        if self._music is None and self.available and getattr(self, "_music_ready", None) is not None:
            self._music, self._music_ready = self._music_ready, None
            if self._want_music:
                self.start_music()

    def add_file(self, name: str, path: Path) -> None:
        """Register cue `name` from a WAV or OGG file (no-op when silent; a file that
        cannot be decoded leaves the cue silent: the start checked it exists)."""
        if not self.available:
            return
        try:
            snd = pygame.mixer.Sound(str(path))
            snd.set_volume(self.volume * self.effects_level)
            self.sounds[name] = snd
        except (pygame.error, OSError):
            pass

    def play(self, name: str) -> None:
        if self.available and self.sound_on and name in self.sounds:
            try:
                self.sounds[name].play()
            except pygame.error:
                pass

    def start_music(self) -> None:
        if self._music is None:
            self._want_music = True          # starts as soon as the loop is loaded
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
