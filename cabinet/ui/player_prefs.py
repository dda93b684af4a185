"""The player's settings of the cabinet (App's share of them): sound effects and music
on or off with their volumes, turbo and the language, kept in <data_dir>/player.json
(cabinet/core/player_settings.py) so they hold across restarts. A damaged file is
named in a toast and the defaults are used; a file that cannot be written says so
and the settings hold until restart.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from typing import TYPE_CHECKING, Protocol

from cabinet.core import i18n, player_settings
from cabinet.core.i18n import _
from cabinet.core.player_settings import PlayerSettings

if TYPE_CHECKING:                     # types only, from a module below this one
    from .audio import Audio


class PrefsHost(Protocol):
    """What the player's settings read and set of the App (cabinet/ui/app.py)."""

    audio: Audio
    data_dir: Path
    turbo: bool
    turbo_allowed: bool
    CHOICES_FILE: str
    default_language: str              # the config's language.default (a BCP 47 tag)
    languages: tuple[str, ...]         # the languages offered to the player

    def toast(self, text: str, seconds: float = 2.0) -> None: ...
    def save_player_settings(self) -> None: ...
    def remembered_spin_mode(self, game_id: str) -> str | None: ...


class PlayerPrefs:
    """The App's share of the player's settings, on a PrefsHost (App mixes this in)."""

    def _load_player_settings(self: PrefsHost) -> None:
        defaults = PlayerSettings(sound=self.audio.sound_on, music=self.audio.music_on)
        settings, problems = player_settings.load(self.data_dir, defaults)
        for problem in problems:
            sys.stderr.write(f"player settings: {problem}\n")
        if problems:
            self.toast(f"{player_settings.FILE}: {problems[0].split(': ', 1)[-1]}", 6.0)
        self.audio.sound_on, self.audio.music_on = settings.sound, settings.music
        self.audio.set_levels(settings.effects_volume, settings.music_volume)
        self.turbo = settings.turbo and self.turbo_allowed
        lang = getattr(getattr(self, "config", None), "language", None)
        self.default_language = getattr(lang, "default", i18n.SOURCE)
        self.languages = tuple(getattr(lang, "offered", None) or (self.default_language,))
        chosen = settings.language if settings.language in self.languages else self.default_language
        i18n.use(chosen)

    def set_language(self: PrefsHost, tag: str, keep: bool = True) -> None:
        """Speak `tag` (one of the offered languages) from the next frame on: every
        scene drops what it drew in the old one; `keep` saves it as the player's choice
        (the attract loop's cycling does not)."""
        i18n.use(tag)
        for scene in getattr(getattr(self, "stack", None), "scenes", ()):
            scene.relayout()
        if keep:
            self.save_player_settings()

    def save_player_settings(self: PrefsHost) -> None:
        """Keep sound, music, their volumes and turbo across restarts."""
        a = self.audio
        try:
            player_settings.save(
                self.data_dir,
                PlayerSettings(
                    a.sound_on,
                    a.music_on,
                    a.effects_level,
                    a.music_level,
                    self.turbo,
                    "" if i18n.current() == self.default_language else i18n.current(),
                ),
            )
        except OSError as exc:
            self.toast(
                _("Sound settings not saved ({reason}); they hold until restart").format(reason=exc.strerror or exc)
            )

    # -- each game's spin option (an ante "stays on until switched off", also across restarts)
    CHOICES_FILE = "game_choices.json"

    def remembered_spin_mode(self: PrefsHost, game_id: str) -> str | None:
        """The spin option last chosen in this game (None: none kept, or an unreadable file)."""
        try:
            data = json.loads((Path(self.data_dir) / self.CHOICES_FILE).read_text(encoding="utf-8"))
        except (OSError, ValueError, UnicodeDecodeError):
            return None
        mode = data.get(game_id) if isinstance(data, dict) else None
        return mode if isinstance(mode, str) else None

    def remember_spin_mode(self: PrefsHost, game_id: str, mode_id: str) -> None:
        """Keep the spin option of a game across restarts (written only when it changes)."""
        if self.remembered_spin_mode(game_id) == mode_id:
            return
        path = Path(self.data_dir) / self.CHOICES_FILE
        try:
            data = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
        except (OSError, ValueError, UnicodeDecodeError):
            data = {}
        if not isinstance(data, dict):
            data = {}
        data[game_id] = mode_id
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(".json.tmp")
            tmp.write_text(json.dumps(data, indent=2), encoding="utf-8")
            os.replace(tmp, path)
        except OSError as exc:
            self.toast(_("Game option not saved ({reason}); it holds until restart").format(reason=exc.strerror or exc))

    def toggle_sound(self: PrefsHost) -> None:
        self.toast(_("Sound effects on") if self.audio.toggle_sound() else _("Sound effects off"))
        self.save_player_settings()

    def toggle_music(self: PrefsHost) -> None:
        self.toast(_("Music on") if self.audio.toggle_music() else _("Music off"))
        self.save_player_settings()
