"""What every page of the operator menu shares: the page area, widgets, a table, a pager.

A page is a plain object the menu (menu.py) owns: its `widgets` join the menu's tabs,
`on_action` gets the actions they fire, `refresh()` re-reads the ledger (a page reads
it when it opens and after each change, never per frame), `update(dt)` runs once a
frame, `draw(surface)` paints the area right of the tabs. Every control is at least 64 px high at 1080p (touch).
"""
from __future__ import annotations

import time
from typing import Any, Protocol, Sequence

import pygame

from cabinet.core.i18n import shown

from .. import draw as D
from ..widgets import Button


AREA = pygame.Rect(340, 118, 1560, 950)     # logical: right of the tabs, under the header
ROW = 46                                     # a table row
MIN_CONTROL = 64                             # every control's height at least (touch)


class Menu(Protocol):
    """What a page reads and calls on the menu that owns it (menu.OperatorMenu; a
    Protocol here, so this module imports nothing of the menu above it)."""

    app: Any
    current: str
    games_changed: bool

    def page(self, name: str) -> Any: ...

    def rebuild(self) -> None: ...


def session_clock_shown(app: Any) -> bool:
    """Player protection's session clock is drawn over every screen (kiosk.Session.draw:
    top left of the header, at y 48)."""
    session = getattr(app, "session", None)
    return bool(getattr(session, "enabled", False) and getattr(session, "show_clock", False))


def when(t: float | None) -> str:
    return time.strftime("%d %b %Y %H:%M:%S", time.localtime(t)) if t else "-"


class Page:
    """A page of the operator menu."""

    title = ""

    def __init__(self, menu: Menu):
        self.menu = menu
        self.app = menu.app
        self.widgets: list[Button] = []
        self.note = ""                      # a line under the page (a refusal, what was done)
        self.note_bad = False

    @property
    def cab(self) -> Any:
        return self.app.cabinet

    def money(self, cents: int | None) -> str:
        return "-" if cents is None else self.cab.currency.format(int(cents))

    def button(self, rect: tuple[int, int, int, int], label: Any, action: str, **kw: Any) -> Button:
        assert rect[3] >= MIN_CONTROL, f"{action}: {rect[3]} px high; a control is at least {MIN_CONTROL}"
        b = Button(rect, label, action, font_size=kw.pop("font_size", 28), **kw)
        self.widgets.append(b)
        return b

    def say(self, text: str, bad: bool = False) -> None:
        self.note, self.note_bad = text, bad

    def refresh(self) -> None:
        """Read what the page shows from the ledger again."""

    def on_action(self, action: str) -> bool:
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Mouse or touch on the page outside its buttons (rows of a list)."""
        return False

    def update(self, dt: float) -> None:
        """Once a frame, before `draw` (a long job the page asked for runs here, after
        the frame that says it is running)."""

    def draw(self, surface: pygame.Surface) -> None:
        """The page's own picture; the menu draws the widgets and the note after it."""

    # -- helpers for drawing ------------------------------------------------------
    def text(self, surface: pygame.Surface, text: str, pos: tuple[float, float], size: int = 28,
             color=D.CREAM, anchor: str = "topleft", bold: bool = False) -> None:
        self.app.assets.blit_text(surface, text, size, pos, color, anchor=anchor, bold=bold)

    def paragraph(self, surface: pygame.Surface, text: str, pos: tuple[float, float], size: int = 26,
                  color=D.CREAM, width: int = 1480, bold: bool = False, line_gap: int = 8) -> float:
        """Text wrapped at `width` (logical), each line left-aligned; returns the logical
        y under the last line. A Message (the core's words) is drawn in the current language."""
        A, lay = self.app.assets, self.app.layout
        font, limit = A.font(size, bold), lay.px(width)
        lines: list[str] = []
        for word in shown(text).split():
            trial = f"{lines[-1]} {word}" if lines else word
            if lines and font.size(trial)[0] <= limit:
                lines[-1] = trial
            else:
                lines.append(word)
        x, y = pos
        for line in lines:
            A.blit_text(surface, line, size, (x, y), color, bold=bold)
            y += size + line_gap
        return y

    def table(self, surface: pygame.Surface, x: int, y: int, columns: Sequence[tuple[str, int, str]],
              rows: Sequence[Sequence[str]], size: int = 26, lit: int | None = None, row_h: int = ROW,
              width: int | None = None) -> None:
        """Columns (heading, x offset, 'left'|'right'), then the rows of text; `lit`
        marks one row (a selection)."""
        A, lay = self.app.assets, self.app.layout
        width = width or (columns[-1][1] + 40)
        for head, dx, align in columns:
            A.blit_text(surface, head, 22, (x + dx, y), D.MUTED, bold=True,
                        anchor="topright" if align == "right" else "topleft")
        y += 34
        for i, row in enumerate(rows):
            top = y + i * row_h
            if i == lit or i % 2 == 0:
                color = (70, 70, 150) if i == lit else (30, 32, 70)

                def band_of(c: tuple[int, int, int] = color) -> pygame.Surface:
                    return D.rounded_panel((lay.px(width), lay.px(row_h - 4)), c, c, radius=lay.px(8),
                                           border=D.GOLD if c == (70, 70, 150) else None, border_width=lay.px(2))

                band = A.surface(("op_row", width, row_h, color), band_of)
                surface.blit(band, lay.pt(x - 12, top))
            for (_, dx, align), cell in zip(columns, row):
                A.blit_text(surface, cell, size, (x + dx, top + (row_h - 4) // 2), D.CREAM,
                            anchor="midright" if align == "right" else "midleft")

    def row_at(self, event: pygame.event.Event, y: int, count: int, row_h: int = ROW,
               x0: int = AREA.x, x1: int = AREA.right) -> int | None:
        """The index of the table row (drawn by `table` at `y`) a click or touch hit."""
        if event.type != pygame.MOUSEBUTTONUP or getattr(event, "button", 1) != 1:
            return None
        x, ly = self.app.layout.to_logical(event.pos)
        i = int((ly - y - 34) // row_h) if ly >= y + 34 else -1
        return i if x0 <= x <= x1 and 0 <= i < count else None
