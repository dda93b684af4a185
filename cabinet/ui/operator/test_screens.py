"""The diagnostics page's hardware tests, each a full screen with an EXIT button.

- display: colour bars, a grey ramp, a 64 px grid with the screen's edges marked,
  then plain white, red, green, blue and black; a tap or key shows the next;
- sound: each effect of the cabinet, the music loop on and off;
- input: the last inputs as the cabinet reads them (keys with their modifiers and the
  actions they are bound to, mouse buttons, touches), ESC twice or EXIT leaves;
- touch: a grid of cells, each lit by a touch (or a click), with the count.
"""
from __future__ import annotations

import pygame

from .. import draw as D
from ..scene import Scene, register
from ..widgets import Button
from .page import session_clock_shown

PATTERNS = ("colour bars", "grey ramp", "grid", "white", "red", "green", "blue", "black")
BARS = ((255, 255, 255), (255, 255, 0), (0, 255, 255), (0, 255, 0), (255, 0, 255), (255, 0, 0), (0, 0, 255),
        (0, 0, 0))
CELL = 120


def input_line(app, event: pygame.event.Event) -> str | None:
    """How the input test shows one input: a key with its modifiers and the actions it
    is bound to, a mouse button or a touch with where it landed (None: not shown)."""
    etype = event.type
    if etype == pygame.KEYDOWN:
        mods = [m for m, bit in (("CTRL", pygame.KMOD_CTRL), ("SHIFT", pygame.KMOD_SHIFT),
                                 ("ALT", pygame.KMOD_ALT)) if getattr(event, "mod", 0) & bit]
        name = pygame.key.name(event.key) or str(event.key)
        acts = ", ".join(app.input.actions(event)) or "-"
        return f"key {'+'.join([*mods, name.upper()])}   actions: {acts}"
    if etype in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        what = f"touch {getattr(event, 'finger_id', 0)}" if getattr(event, "touch", False) else \
            f"mouse button {getattr(event, 'button', 1)}"
        x, y = app.layout.to_logical(event.pos)
        return f"{what} {'down' if etype == pygame.MOUSEBUTTONDOWN else 'up'} at ({x:.0f}, {y:.0f})"
    return None


class TestScreen(Scene):
    """A test screen: EXIT (top right) and ESC leave it."""

    name = ""

    def __init__(self, app):
        super().__init__(app)
        self.widgets = [Button((1700, 24, 196, 76), "EXIT", "exit", style="red", font_size=30)]

    def on_action(self, action: str) -> bool:
        if action in ("exit", "close"):
            self.app.pop(self)
            return True
        return False

    def caption(self, surface: pygame.Surface, text: str) -> None:
        A, lay = self.app.assets, self.app.layout
        label = f"{self.name}: {text}"
        width = A.font(30, True).size(label)[0] + lay.px(48)        # a dark plate: legible on a white pattern

        def caption_plate() -> pygame.Surface:
            return D.rounded_panel((width, lay.px(60)), (12, 12, 24), (12, 12, 24), radius=lay.px(14), alpha=220)

        plate = A.surface(("test_caption", width), caption_plate)
        top = 76 if session_clock_shown(self.app) else 32      # under player protection's session clock
        surface.blit(plate, lay.pt(16, top))
        A.blit_text(surface, label, 30, (40, top + 30), D.CREAM, anchor="midleft", bold=True, outline=(0, 0, 0))


@register("display_test")
class DisplayTest(TestScreen):
    name = "DISPLAY TEST"

    def __init__(self, app):
        super().__init__(app)
        self.pattern = 0

    def handle_event(self, event, actions) -> bool:
        if super().handle_event(event, actions) and self.app.stack.top is not self:
            return True
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP) and "close" not in actions:
            self.pattern += 1
            if self.pattern >= len(PATTERNS):
                self.app.pop(self)
            return True
        return True

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        w, h = lay.size
        name = PATTERNS[min(self.pattern, len(PATTERNS) - 1)]
        if name == "colour bars":
            for i, c in enumerate(BARS):
                surface.fill(c, (i * w // len(BARS), 0, w // len(BARS) + 1, h))
        elif name == "grey ramp":
            for i in range(32):
                v = round(i * 255 / 31)
                surface.fill((v, v, v), (i * w // 32, 0, w // 32 + 1, h))
        elif name == "grid":
            surface.fill((0, 0, 0))
            step = lay.px(64)
            for x in range(0, w, step):
                pygame.draw.line(surface, (90, 90, 90), (x, 0), (x, h))
            for y in range(0, h, step):
                pygame.draw.line(surface, (90, 90, 90), (0, y), (w, y))
            pygame.draw.rect(surface, (255, 0, 0), (0, 0, w, h), 3)
            pygame.draw.circle(surface, (255, 255, 255), (w // 2, h // 2), min(w, h) // 3, 3)
        else:
            surface.fill({"white": (255, 255, 255), "red": (255, 0, 0), "green": (0, 255, 0), "blue": (0, 0, 255),
                          "black": (0, 0, 0)}[name])
        self.caption(surface, f"{self.pattern + 1}/{len(PATTERNS)} {name} (tap or press a key: next)")
        self.draw_widgets(surface)


@register("sound_test")
class SoundTest(TestScreen):
    name = "SOUND TEST"

    def __init__(self, app):
        super().__init__(app)
        self.played = ""
        for i, cue in enumerate(app.audio.cue_names()[:24]):
            r, c = divmod(i, 4)
            self.widgets.append(Button((120 + c * 430, 200 + r * 100, 400, 84), cue.upper(), f"cue_{cue}",
                                       font_size=28))

        def music_label() -> str:
            return "MUSIC: " + ("ON" if app.audio.music_on else "OFF")

        self.widgets.append(Button((120, 900, 400, 84), music_label,
                                   "music", font_size=28))

    def on_action(self, action: str) -> bool:
        if action.startswith("cue_"):
            self.app.audio.play(action[4:])
            self.played = action[4:]
            return True
        if action == "music":
            self.app.audio.toggle_music()
            return True
        return super().on_action(action)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((16, 18, 40))
        audio = self.app.audio
        state = "mixer on" if audio.available else "no audio device: the cabinet runs silent"
        self.caption(surface, f"{state}; press a cue to hear it" + (f" (last: {self.played})" if self.played else ""))
        if not audio.cue_names():
            self.app.assets.blit_text(surface, "No sounds loaded (silent mixer)", 40, (960, 500), D.MUTED,
                                      anchor="center")
        self.draw_widgets(surface)


@register("input_test")
class InputTest(TestScreen):
    name = "INPUT TEST"

    def __init__(self, app):
        super().__init__(app)
        self.escapes = 0

    def handle_event(self, event, actions) -> bool:
        if event.type == pygame.KEYDOWN:
            self.escapes = self.escapes + 1 if event.key == pygame.K_ESCAPE else 0
            if self.escapes >= 2:
                self.app.pop(self)
            return True
        return super().handle_event(event, actions) or True

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((10, 24, 20))
        self.caption(surface, "press keys, click, touch (ESC twice or EXIT leaves)")
        A = self.app.assets
        for i, line in enumerate(reversed(self.app.input_log)):
            A.blit_text(surface, line, 30, (80, 160 + i * 52), D.CREAM if i else D.GOLD, bold=i == 0)
        self.draw_widgets(surface)


@register("touch_test")
class TouchTest(TestScreen):
    name = "TOUCH TEST"

    def __init__(self, app):
        super().__init__(app)
        self.cols, self.rows = 1920 // CELL, (1080 - CELL) // CELL
        self.hit: set[tuple[int, int]] = set()
        self.touches = 0

    def handle_event(self, event, actions) -> bool:
        if super().handle_event(event, actions) and self.app.stack.top is not self:
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION) and (
                event.type == pygame.MOUSEBUTTONDOWN or getattr(event, "buttons", (0,))[0]):
            x, y = self.app.layout.to_logical(event.pos)
            cell = (int(x // CELL), int((y - CELL) // CELL))
            if y >= CELL and 0 <= cell[0] < self.cols and 0 <= cell[1] < self.rows:
                self.hit.add(cell)
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.touches += 1
        return True

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        surface.fill((12, 12, 30))
        for c in range(self.cols):
            for r in range(self.rows):
                rect = lay.rect(c * CELL + 4, CELL + r * CELL + 4, CELL - 8, CELL - 8)
                surface.fill(D.GREEN if (c, r) in self.hit else (40, 44, 90), rect)
        done = len(self.hit) == self.cols * self.rows
        self.caption(surface, f"{len(self.hit)}/{self.cols * self.rows} cells, {self.touches} touches"
                     + ("  ALL CELLS REACHED" if done else ""))
        self.draw_widgets(surface)
