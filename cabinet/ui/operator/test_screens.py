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

from cabinet.core.i18n import N_, _, formats, translate

from .. import draw as D
from ..input import key_word
from ..scene import Scene, register
from ..widgets import Button
from .page import session_clock_shown

PATTERNS = ("colour bars", "grey ramp", "grid", "white", "red", "green", "blue", "black")
PATTERN_WORDS = {"colour bars": N_("colour bars"), "grey ramp": N_("grey ramp"), "grid": N_("grid"),
                 "white": N_("white"), "red": N_("red"), "green": N_("green"), "blue": N_("blue"),
                 "black": N_("black")}
BARS = ((255, 255, 255), (255, 255, 0), (0, 255, 255), (0, 255, 0), (255, 0, 255), (255, 0, 0), (0, 0, 255),
        (0, 0, 0))
CELL = 120


def input_line(app, event: pygame.event.Event) -> str | None:
    """How the input test shows one input, in the current language: a key with its
    modifiers (named as the keyboard page names them) and the actions it is bound to (the
    key map's own names, as config.yaml writes them), a mouse button or a touch with
    where it landed (None: not shown)."""
    etype = event.type
    if etype == pygame.KEYDOWN:
        mods = [m for m, bit in (("CTRL", pygame.KMOD_CTRL), ("SHIFT", pygame.KMOD_SHIFT),
                                 ("ALT", pygame.KMOD_ALT)) if getattr(event, "mod", 0) & bit]
        name = pygame.key.name(event.key) or str(event.key)
        acts = ", ".join(app.input.actions(event)) or "-"
        return _("key {key}   actions: {actions}").format(key="+".join(key_word(k) for k in [*mods, name]),
                                                         actions=acts)
    if etype in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        x, y = app.layout.to_logical(event.pos)
        down = etype == pygame.MOUSEBUTTONDOWN
        if getattr(event, "touch", False):
            said = _("touch {finger} down at ({x}, {y})") if down else _("touch {finger} up at ({x}, {y})")
        else:
            said = _("mouse button {button} down at ({x}, {y})") if down else \
                _("mouse button {button} up at ({x}, {y})")
        return said.format(finger=getattr(event, "finger_id", 0), button=getattr(event, "button", 1),
                           x=f"{x:.0f}", y=f"{y:.0f}")
    return None


class TestScreen(Scene):
    """A test screen: EXIT (top right) and ESC leave it."""

    name = ""

    def __init__(self, app):
        super().__init__(app)
        self.widgets = [Button((1700, 24, 196, 76), N_("EXIT"), "exit", style="red", font_size=30)]

    def on_action(self, action: str) -> bool:
        if action in ("exit", "close"):
            self.app.pop(self)
            return True
        return False

    def caption(self, surface: pygame.Surface, text: str) -> None:
        A, lay = self.app.assets, self.app.layout
        label = f"{translate(self.name)}: {text}"
        size = A.fit(label, 30, 1640, True)                        # left of EXIT
        width = A.font(size, True).size(label)[0] + lay.px(48)      # a dark plate: legible on a white pattern

        def caption_plate() -> pygame.Surface:
            return D.rounded_panel((width, lay.px(60)), (12, 12, 24), (12, 12, 24), radius=lay.px(14), alpha=220)

        plate = A.surface(("test_caption", width), caption_plate)
        top = 76 if session_clock_shown(self.app) else 32      # under player protection's session clock
        surface.blit(plate, lay.pt(16, top))
        A.blit_text(surface, label, size, (40, top + 30), D.CREAM, anchor="midleft", bold=True, outline=(0, 0, 0))


@register("display_test")
class DisplayTest(TestScreen):
    name = N_("DISPLAY TEST")

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
        self.caption(surface, _("{number}/{count} {pattern} (tap or press a key: next)").format(
            number=self.pattern + 1, count=len(PATTERNS), pattern=translate(PATTERN_WORDS[name])))
        self.draw_widgets(surface)


@register("sound_test")
class SoundTest(TestScreen):
    name = N_("SOUND TEST")

    def __init__(self, app):
        super().__init__(app)
        self.played = ""
        for i, cue in enumerate(app.audio.cue_names()[:24]):
            r, c = divmod(i, 4)
            def cue_name(cue: str = cue) -> str:      # the sound's own name, the same in every language
                return cue.upper()

            self.widgets.append(Button((120 + c * 430, 200 + r * 100, 400, 84), cue_name, f"cue_{cue}",
                                       font_size=28))

        def music_label() -> str:
            return _("MUSIC: ON") if app.audio.music_on else _("MUSIC: OFF")

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
        state = _("mixer on") if audio.available else _("no audio device: the cabinet runs silent")
        said = (
            _("{state}; press a cue to hear it (last: {cue})") if self.played else _("{state}; press a cue to hear it")
        )
        self.caption(surface, said.format(state=state, cue=self.played))
        if not audio.cue_names():
            self.app.assets.blit_text(surface, _("No sounds loaded (silent mixer)"), 40, (960, 500), D.MUTED,
                                      anchor="center")
        self.draw_widgets(surface)


@register("input_test")
class InputTest(TestScreen):
    name = N_("INPUT TEST")

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
        self.caption(surface, _("press keys, click, touch ({key} twice or EXIT leaves)").format(key=key_word("escape")))
        A = self.app.assets
        for i, line in enumerate(reversed(self.app.input_log)):
            A.blit_text(surface, line, 30, (80, 160 + i * 52), D.CREAM if i else D.GOLD, bold=i == 0)
        self.draw_widgets(surface)


@register("touch_test")
class TouchTest(TestScreen):
    name = N_("TOUCH TEST")

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
        said = _("{lit}/{cells} cells, {touches} touches  ALL CELLS REACHED") if done else \
            _("{lit}/{cells} cells, {touches} touches")
        self.caption(
            surface,
            said.format(
                lit=formats.number(len(self.hit)),
                cells=formats.number(self.cols * self.rows),
                touches=formats.number(self.touches),
            ),
        )
        self.draw_widgets(surface)
