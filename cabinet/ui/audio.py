"""Sound effects, fanfares and the music from assets/, played by pygame.mixer.

The cabinet's cues are assets/sounds/*.wav (cabinet/ui/synth.py), its lobby theme,
fanfares and big-moment cues OGG files rendered by FluidSynth (cabinet/ui/cabinet_music.py);
games register theirs from their manifests (cabinet/ui/asset_files.load_sounds), their
base and feature themes included. A sound id `music.*` is a theme (a seamless loop);
an OGG cue decodes in the background once the music starts, or on its first play.

The scenes say which theme they want (`Scene.music`: the lobby's, a game's base or
feature theme; the app asks the stack each frame and calls `want`); a change crossfades
over CROSSFADE seconds on two reserved channels, and a fanfare (`play_fanfare`, on a
third) ducks the music under it. When there is no audio device (or the mixer cannot
start) the cabinet runs silent, without errors: every method is a no-op then. SHIFT+S
toggles effects, SHIFT+M the music; the sound panel sets the player's share of the
operator's levels.
"""
from __future__ import annotations

import threading
import time
from pathlib import Path

import pygame

from cabinet.core import assets as files

LOBBY = "music.lobby"
CROSSFADE = 1.5          # seconds from one theme to the next
DUCK = 0.4               # the music's level while a fanfare plays
KEEP = 4                 # themes kept decoded (a game's two, the lobby's, one more)


class Voice:
    """One music channel: which theme, its fade gain now and where it is heading."""

    def __init__(self, channel, name: str):
        self.channel, self.name, self.gain, self.target = channel, name, 0.0, 1.0


class Audio:
    """The cabinet's mixer front: silent and error-free without a device."""

    def __init__(self, volume: float = 0.8, music_volume: float = 0.5, enabled: bool = True):
        self.volume, self.music_volume = volume, music_volume     # the operator's levels
        self.effects_level, self.music_level = 1.0, 1.0           # the player's share of them (sound panel)
        self.sound_on, self.music_on = enabled, enabled
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.lazy: dict[str, Path] = {}              # OGG cues not decoded yet
        self.tracks: dict[str, Path] = {}            # themes: music.* -> file
        self.track = LOBBY                           # the theme the scenes want
        self._themes: dict[str, pygame.mixer.Sound] = {}
        self._used: list[str] = []                   # themes by last use, for KEEP
        self._ready: dict[str, pygame.mixer.Sound | None] = {}
        self._queue: list[str] = []
        self._lock = threading.Lock()
        self._loader: threading.Thread | None = None
        self._playing = False                        # the app's loop runs (start_music)
        self._voices: list[Voice] = []
        self._duck, self._last = 1.0, time.monotonic()
        self.available = False
        self.channels = 2
        self.rate = 44100
        if not enabled:
            return
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(44100, -16, 2, 512)
            started = pygame.mixer.get_init()
            if started is None:
                raise TypeError("the mixer did not start")
            self.rate, _, self.channels = started
            pygame.mixer.set_num_channels(max(16, pygame.mixer.get_num_channels()))
            pygame.mixer.set_reserved(3)             # 0, 1: the music's crossfade; 2: fanfares
            self._music_channels = [pygame.mixer.Channel(0), pygame.mixer.Channel(1)]
            self._fanfare = pygame.mixer.Channel(2)
            self.available = True
        except (pygame.error, ValueError, TypeError):
            self.available = False
            return
        for name, path in files.cabinet_sounds().items():
            self.add_file(name, path)

    # == cues =====================================================================
    def add_file(self, name: str, path: Path) -> None:
        """Register cue `name` from a WAV or OGG file, or theme `music.*` (no-op when
        silent; a file that cannot be decoded leaves the cue silent: the start checked it)."""
        if not self.available:
            return
        if name.startswith("music."):
            self.tracks[name] = path
            return
        if path.suffix == ".ogg":
            self.lazy[name] = path
            return
        self._add_sound(name, self._decode(path))

    def _add_sound(self, name: str, snd: pygame.mixer.Sound | None) -> None:
        if snd is not None:
            snd.set_volume(self.volume * self.effects_level)
            self.sounds[name] = snd

    @staticmethod
    def _decode(path: Path) -> pygame.mixer.Sound | None:
        try:
            return pygame.mixer.Sound(str(path))
        except (pygame.error, OSError):
            return None

    def cue_names(self) -> list[str]:
        """Every cue that can be played (decoded or not yet)."""
        return sorted(set(self.sounds) | set(self.lazy))

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        if name not in self.sounds and name in self.lazy:
            self._add_sound(name, self._decode(self.lazy.pop(name)))
        return self.sounds.get(name)

    def decode(self, name: str) -> None:
        """Decode a cue kept for first use now (preparations.py: not in the frame that plays it)."""
        if self.available:
            self._sound(name)

    def play(self, name: str) -> None:
        if self.available and self.sound_on:
            snd = self._sound(name)
            if snd is not None:
                try:
                    snd.play()
                except pygame.error:
                    pass

    def play_fanfare(self, name: str) -> None:
        """A celebration's fanfare on its own channel; the music ducks under it."""
        if self.available and self.sound_on:
            snd = self._sound(name)
            if snd is not None:
                try:
                    self._fanfare.play(snd)
                except pygame.error:
                    pass

    def stop_fanfare(self, fade_ms: int = 300) -> None:
        if self.available:
            try:
                if fade_ms > 0:
                    self._fanfare.fadeout(fade_ms)
                else:
                    self._fanfare.stop()
            except pygame.error:
                pass

    # == music ====================================================================
    def start_music(self) -> None:
        """The app's loop begins: themes and OGG cues decode in the background from now on."""
        self._playing = True
        self.preload(self.track, *self.lazy)

    def stop_music(self) -> None:
        self._playing = False
        self._silence()

    def _silence(self) -> None:
        for v in self._voices:
            try:
                v.channel.stop()
            except pygame.error:
                pass
        self._voices = []

    def want(self, track: str) -> None:
        """The theme the scenes ask for ('' for none); an unknown one is the lobby's."""
        if track and track not in self.tracks:
            track = LOBBY
        if track != self.track:
            self.track = track
            self.preload(track)

    def preload(self, *names: str) -> None:
        """Decode these themes (or OGG cues) in the background, once the music has started."""
        wanted = [n for n in names if (n in self.tracks and n not in self._themes) or n in self.lazy]
        if not self.available or not self._playing or not wanted:
            return
        with self._lock:
            self._queue += [n for n in wanted if n not in self._queue and n not in self._ready]
            if self._loader is None or not self._loader.is_alive():
                self._loader = threading.Thread(target=self._load, name="music-load", daemon=True)
                self._loader.start()

    def _load(self) -> None:
        while True:
            with self._lock:
                if not self._queue:
                    self._loader = None
                    return
                name = self._queue.pop(0)
            path = self.tracks.get(name) or self.lazy.get(name)
            snd = self._decode(path) if path is not None else None
            with self._lock:
                self._ready[name] = snd

    @property
    def playing_track(self) -> str | None:
        """The theme heard now (or fading in), None when the music is silent."""
        live = [v for v in self._voices if v.target > 0]
        return live[-1].name if live else None

    def poll(self) -> None:
        """Each frame: take what the loader decoded, follow the wanted theme (crossfade),
        duck under a fanfare."""
        now = time.monotonic()
        dt, self._last = min(now - self._last, 0.1), now
        if not self.available:
            return
        with self._lock:
            ready, self._ready = self._ready, {}
        for name, snd in ready.items():
            if name in self.tracks:
                if snd is not None:
                    self._themes[name] = snd
            elif name in self.lazy:
                self.lazy.pop(name)
                self._add_sound(name, snd)
        if not (self._playing and self.music_on):
            if self._voices:
                self._silence()
            return
        self._follow()
        try:
            busy = self._fanfare.get_busy()
        except pygame.error:
            busy = False
        goal = DUCK if busy else 1.0
        self._duck += max(-dt / 0.25, min(dt / 0.8, goal - self._duck))
        for v in list(self._voices):
            step = dt / CROSSFADE
            v.gain = min(v.target, v.gain + step) if v.gain < v.target else max(v.target, v.gain - step)
            try:
                if v.target == 0 and v.gain <= 0:
                    v.channel.stop()
                    self._voices.remove(v)
                else:
                    v.channel.set_volume(v.gain * self._duck)
            except pygame.error:
                self._voices.remove(v)

    def _follow(self) -> None:
        """Start the wanted theme on the free music channel once it is decoded (the old
        one plays on until then), and fade the rest out."""
        current = self._voices[-1] if self._voices else None
        if current is not None and current.name == self.track and current.target > 0:
            return
        snd = self._themes.get(self.track) if self.track else None
        if self.track and snd is None:
            return
        for v in self._voices:
            v.target = 0.0
        if snd is None:
            return
        busy = {id(v.channel) for v in self._voices}
        free = [c for c in self._music_channels if id(c) not in busy]
        if not free:                               # both busy: drop the quietest
            quiet = min(self._voices, key=lambda v: v.gain)
            quiet.channel.stop()
            self._voices.remove(quiet)
            free = [quiet.channel]
        try:
            snd.set_volume(self.music_volume * self.music_level)
            free[0].set_volume(0.0)
            free[0].play(snd, loops=-1)
        except pygame.error:
            return
        self._voices.append(Voice(free[0], self.track))
        self._used = [n for n in self._used if n != self.track] + [self.track]
        for old in self._used[:-KEEP]:
            if all(v.name != old for v in self._voices):
                self._themes.pop(old, None)
        self._used = self._used[-KEEP:]

    def toggle_sound(self) -> bool:
        self.sound_on = not self.sound_on
        return self.sound_on

    def toggle_music(self) -> bool:
        self.music_on = not self.music_on
        if not self.music_on:
            self._silence()
        return self.music_on

    # == levels ===================================================================
    def set_volume(self, volume: float) -> None:
        """The operator's effects volume (0 to 1)."""
        self.volume = max(0.0, min(1.0, volume))
        self._apply()

    def set_music_volume(self, volume: float) -> None:
        """The operator's music volume (0 to 1)."""
        self.music_volume = max(0.0, min(1.0, volume))
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
            for snd in self._themes.values():
                snd.set_volume(self.music_volume * self.music_level)
        except pygame.error:
            pass
