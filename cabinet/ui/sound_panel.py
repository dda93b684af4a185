"""The player's sound and settings panel: sound effects and music, each on/off (a
speaker and a note, crossed out when off) with its volume in ten steps, turbo, and the
language (where the operator offers more than one: < and > step through them). Every
change holds across restarts (<data_dir>/player.json, App.save_player_settings). Opened
by the speaker button of every game; SHIFT+S / SHIFT+M / SHIFT+T work everywhere."""
from __future__ import annotations

from typing import Callable

import pygame

from cabinet.core import i18n
from cabinet.core.i18n import N_, _, formats, translate

from . import draw as D
from .icons import IconButton
from .overlay import Overlay
from .scene import register
from .widgets import Button

ROWS = (("sound", N_("Sound effects")), ("music", N_("Music")))
STEPS = 10
TOGGLE_X, BAR_X, BAR_W = 720, 1010, 320


@register("sound_panel")
class SoundPanel(Overlay):
    """Two rows (effects, music) of switch, -, level, +; then turbo's switch."""

    title = N_("SOUND & SETTINGS")
    panel_rect = pygame.Rect(410, 190, 1100, 700)

    def __init__(self, app):
        super().__init__(app)
        a = app.audio
        r = self.panel_rect
        self.widgets = [self.close_button()]
        for i, (kind, _name) in enumerate(ROWS):
            y = r.y + 140 + i * 130
            state = (lambda: a.sound_on) if kind == "sound" else (lambda: a.music_on)
            self.widgets += [
                IconButton((TOGGLE_X, y, 170, 80), _icon_of(kind, state), kind, font_size=28,
                           text=_on_off(state), lit=state),
                Button((BAR_X - 110, y + 5, 70, 70), "-", f"{kind}_down", font_size=40),
                Button((BAR_X + BAR_W + 40, y + 5, 70, 70), "+", f"{kind}_up", font_size=40),
            ]
        y = r.y + 400

        def turbo_on() -> bool:
            return app.turbo

        self.widgets.append(IconButton((TOGGLE_X, y, 170, 80), _icon_of("turbo", turbo_on), "turbo",
                                       text=_on_off(turbo_on), font_size=28,
                                       lit=turbo_on, enabled=lambda: app.turbo_allowed))
        if len(app.languages) > 1:
            y = r.y + 530
            self.widgets += [Button((TOGGLE_X, y + 5, 70, 70), "<", "language_prev", font_size=40),
                             Button((BAR_X + BAR_W + 40, y + 5, 70, 70), ">", "language_next", font_size=40)]

    def level(self, kind: str) -> float:
        a = self.app.audio
        return a.effects_level if kind == "sound" else a.music_level

    def on_action(self, action: str) -> bool:
        app, a = self.app, self.app.audio
        if action in ("close", "sound_panel"):
            app.pop(self)
        elif action == "sound":
            app.toggle_sound()
        elif action == "music":
            app.toggle_music()
        elif action == "turbo":
            app.toggle_turbo()
        elif action in ("language_prev", "language_next"):
            offered = app.languages
            i = offered.index(i18n.current()) if i18n.current() in offered else 0
            app.set_language(offered[(i + (1 if action == "language_next" else -1)) % len(offered)])
        elif action.endswith(("_up", "_down")) and action.split("_")[0] in ("sound", "music"):
            kind, way = action.split("_")
            steps = round(self.level(kind) * STEPS) + (1 if way == "up" else -1)
            value = max(0, min(STEPS, steps)) / STEPS
            a.set_levels(effects=value) if kind == "sound" else a.set_levels(music=value)
            a.play("click")
            app.save_player_settings()
        else:
            return False
        self._backdrop = None               # the game's sound button below shows the change
        return True

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface)
        lay, A, a = self.app.layout, self.app.assets, self.app.audio
        r = self.panel_rect
        for i, (kind, name) in enumerate(ROWS):
            y = r.y + 140 + i * 130
            on = a.sound_on if kind == "sound" else a.music_on
            A.blit_text(surface, translate(name), 34, (r.x + 60, y + 40), D.CREAM, anchor="midleft", bold=True)
            level = round(self.level(kind) * STEPS)
            seg = BAR_W / STEPS
            for k in range(STEPS):
                rect = lay.rect(BAR_X + k * seg + 3, y + 60 - 10 - k * 4, seg - 6, 20 + k * 4)
                lit = k < level and on
                pygame.draw.rect(surface, D.GOLD if lit else (60, 64, 110), rect, border_radius=lay.px(4))
            A.blit_text(
                surface,
                formats.percent(level * 100 // STEPS, 0) if on else _("OFF"),
                28,
                (BAR_X + BAR_W / 2, y + 92),
                D.CREAM if on else D.MUTED,
                anchor="center",
                bold=True,
            )
        on = self.app.turbo
        A.blit_text(surface, _("Turbo"), 34, (r.x + 60, r.y + 440), D.CREAM, anchor="midleft", bold=True)
        note = (_("Rounds play faster") if on else _("Rounds play at normal speed")) if self.app.turbo_allowed else \
            _("Not available here")
        with D.text_bounds(self.app.layout.rect(BAR_X - 80, r.y + 400, r.right - 40 - (BAR_X - 80), 80)):
            A.blit_text(surface, note, 28, (BAR_X - 80, r.y + 440), D.CREAM if on else D.MUTED, anchor="midleft")
        if len(self.app.languages) > 1:
            A.blit_text(surface, _("Language"), 34, (r.x + 60, r.y + 570), D.CREAM, anchor="midleft", bold=True)
            A.blit_text(
                surface,
                i18n.name_of(i18n.current()),
                34,
                ((TOGGLE_X + 70 + BAR_X + BAR_W + 40) / 2, r.y + 570),
                D.GOLD,
                anchor="center",
                bold=True,
            )
        self.draw_widgets(surface)
        keys = self.app.input
        A.blit_text(surface, _("{sound} effects   {music} music   {turbo} turbo   ESC close").format(
            sound=keys.describe_words("sound"), music=keys.describe_words("music"), turbo=keys.describe_words("turbo")),
                    24, (r.centerx, r.bottom - 36), D.MUTED, anchor="center")


def _icon_of(kind: str, state: Callable[[], bool]) -> Callable[[], list[tuple[str, bool]]]:
    """A toggle's icon: its kind, on or off now."""
    def icon() -> list[tuple[str, bool]]:
        return [(kind, state())]

    return icon


def _on_off(state: Callable[[], bool]) -> Callable[[], str]:
    def on_off() -> str:
        return _("ON") if state() else _("OFF")

    return on_off
