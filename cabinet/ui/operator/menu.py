"""The operator menu: a full screen of pages behind the PIN (pin.py), by keyboard,
mouse or touch.

    METERS       lifetime and period meters, per game and mode, actual beside theoretical RTP
    CASH         credits in by denomination, CASH OUT to a ticket or a handpay, the tickets
    GAME RECALL  the last 10 games of each game and the full history, each replayable
    EVENT LOG    the ledger's event log, paged and filtered
    SETTINGS     the cabinet's and each game's settings, and the PIN
    DIAGNOSTICS  display, sound, input and touch tests, RNG self-test, program verification
    AUDIT        the audit status, RUN AUDIT and RAM CLEAR (the only way out of a lock)

Opening it is an `operator_login` event and closing it an `operator_logout`; a login in
the chain (not one kept outside a locked ledger) restarts the wrong-PIN count; in kiosk
mode its EXIT CABINET is the only way out (a graceful stop). While the cabinet is
locked only the pages that need no trusted ledger open (AUDIT, DIAGNOSTICS).
Digits 1-7 jump to a page; arrows move a focus ring over the buttons, ENTER presses,
ESC logs out.
"""
from __future__ import annotations

from functools import partial

import pygame

from cabinet.core.i18n import N_, _, translate

from .. import draw as D
from ..overlay import Overlay
from ..scene import register
from ..widgets import Button
from .cash_page import CashPage
from .diagnostics_page import DiagnosticsPage
from .events_page import EventsPage
from .meters_page import MetersPage
from .page import AREA, Page, session_clock_shown
from .recall_page import RecallPage
from .settings_page import SettingsPage
from .system_page import SystemPage

PAGES: tuple[tuple[str, str, type[Page]], ...] = (
    ("meters", N_("METERS"), MetersPage), ("cash", N_("CASH"), CashPage), ("recall", N_("GAME RECALL"), RecallPage),
    ("events", N_("EVENT LOG"), EventsPage), ("settings", N_("SETTINGS"), SettingsPage),
    ("diagnostics", N_("DIAGNOSTICS"), DiagnosticsPage), ("system", N_("AUDIT / RAM CLEAR"), SystemPage))
LOCKED_PAGES = ("diagnostics", "system")
DIGITS = {getattr(pygame, f"K_{d}"): d for d in range(1, len(PAGES) + 1)}


@register("operator_menu")
class OperatorMenu(Overlay):
    """The pages, the tabs that choose them, LOG OUT and EXIT CABINET."""

    panel = False

    def __init__(self, app, page: str | None = None):
        super().__init__(app)
        self._pages: dict[str, Page] = {}
        self.current = ""
        self.tabs = [Button((20, 118 + i * 96, 300, 84), label, f"tab_{name}", font_size=28,
                            lit=partial(self.showing, name), enabled=partial(self.allowed, name))
                     for i, (name, label, _c) in enumerate(PAGES)]
        self.tabs += [Button((20, 862, 300, 84), N_("LOG OUT"), "close", font_size=30),
                      Button((20, 966, 300, 90), N_("EXIT CABINET"), "quit", style="red", font_size=30)]
        self.games_changed = False          # a game's settings changed: open game scenes go back to the lobby
        self._fitted: tuple[str, tuple[int, str]] = ("", (26, ""))    # the last note, as drawn
        self.show(page or ("system" if app.cabinet.locked else "meters"))

    # -- pages -----------------------------------------------------------------------
    def showing(self, name: str) -> bool:
        """The tab of the page shown lights up."""
        return self.current == name

    def allowed(self, name: str) -> bool:
        return not self.app.cabinet.locked or name in LOCKED_PAGES

    def page(self, name: str) -> Page | None:
        """The page (made when first shown; None while it is being made)."""
        if name not in self._pages:
            cls = next(c for n, _l, c in PAGES if n == name)
            self._pages[name] = None          # type: ignore[assignment]
            self._pages[name] = cls(self)
        return self._pages[name]

    @property
    def shown(self) -> Page:
        page = self.page(self.current)
        assert page is not None, "a page asked for itself while it was being made"
        return page

    def show(self, name: str) -> None:
        if not self.allowed(name):
            name = "system"
        self.current = name
        page = self.shown
        page.note = ""
        page.refresh()
        self.rebuild()

    def rebuild(self) -> None:
        """The widgets: the tabs, then the page's (a page that adds buttons calls this)."""
        self.widgets = [*self.tabs, *self.shown.widgets]

    # -- life cycle ----------------------------------------------------------------------
    def enter(self) -> None:
        cab = self.app.cabinet
        cab.log("operator_login", {"page": self.current})
        if not cab.locked:                 # the login is in the chain: the count the log rebuilds restarts
            self.app.pin_guard.reset()

    def leave(self) -> None:
        self.app.cabinet.log("operator_logout", {})
        if self.games_changed:            # idle games close: the lobby shows the games as offered now
            game = self.app.stack.find("game")
            while game is not None and not game.busy:
                self.app.pop(game)
                game = self.app.stack.find("game")

    def resume(self) -> None:
        super().resume()
        if self.app.cabinet.locked and not self.allowed(self.current):
            self.show("system")
        else:
            self.shown.refresh()

    def update(self, dt: float) -> None:
        self.shown.update(dt)
        if self.app.cabinet.locked and not self.allowed(self.current):   # a page found the ledger altered
            self.show("system")

    # -- input ---------------------------------------------------------------------------
    def on_action(self, action: str) -> bool:
        if action in ("close", "operator"):
            self.app.pop(self)
        elif action == "quit":
            self.app.stop("operator: EXIT CABINET")
        elif action.startswith("tab_"):
            self.show(action[4:])
        elif not self.shown.on_action(action):
            return False
        return True

    def handle_event(self, event, actions) -> bool:
        if event.type == pygame.KEYDOWN and event.key in DIGITS and not (event.mod & pygame.KMOD_SHIFT):
            name = PAGES[DIGITS[event.key] - 1][0]
            if self.allowed(name):
                self.show(name)
            return True
        if self.shown.handle_event(event):         # a row of the page's list (never under a button)
            return True
        return super().handle_event(event, actions)

    # -- frame ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        lay, A, cab = self.app.layout, self.app.assets, self.app.cabinet

        def backdrop() -> pygame.Surface:
            return D.vertical_gradient(lay.size, [(14, 16, 40), (26, 22, 58), (10, 10, 26)])

        def header() -> pygame.Surface:
            return D.rounded_panel((lay.px(1900), lay.px(96)), (40, 44, 96), (20, 22, 50), radius=lay.px(18),
                                   border=D.GOLD_DARK, border_width=lay.px(3))

        surface.blit(A.surface(("op_bg", lay.size), backdrop), (0, 0))
        surface.blit(A.surface(("op_head", lay.size), header), lay.pt(10, 10))
        if session_clock_shown(self.app):     # player protection's clock takes the header's top left
            A.blit_text(surface, _("OPERATOR MENU"), 28, (40, 86), D.GOLD, anchor="midleft", bold=True,
                        outline=(70, 30, 0))
        else:
            head = _("OPERATOR MENU")
            A.blit_text(surface, head, A.fit(head, 44, 480, True), (40, 58), D.GOLD, anchor="midleft", bold=True,
                        outline=(70, 30, 0))
        title = translate(next(label for n, label, _c in PAGES if n == self.current))
        A.blit_text(surface, title, A.fit(title, 40, 720, True), (960, 58), D.CREAM, anchor="center", bold=True)
        if cab.locked:
            status, color = _("LOCKED"), D.RED
        elif cab.handpay is not None:
            status, color = (
                _("HANDPAY {amount} WAITING").format(amount=cab.currency.format(cab.handpay['cents'])),
                D.GOLD,
            )
        else:
            status, color = _("CREDIT {amount}").format(amount=cab.currency.format(cab.balance)), D.CREAM
        A.blit_text(surface, status, A.fit(status, 32, 520, True), (1880, 58), color, anchor="midright", bold=True)
        self.shown.draw(surface)
        self.draw_widgets(surface)
        note = self.shown.note
        if note:
            size, note = self.fitted(note)
            A.blit_text(surface, note, size, (AREA.centerx, AREA.bottom - 4),
                        D.RED if self.shown.note_bad else D.GREEN, anchor="midbottom", bold=True)

    def fitted(self, note: str) -> tuple[int, str]:
        """The page's note in one line across the page area: smaller type for a long
        one (a path), down to 18; beyond that its middle is cut. Worked out once per note."""
        if self._fitted[0] == note:
            return self._fitted[1]
        given, A, limit = note, self.app.assets, self.app.layout.px(AREA.width - 20)
        size = 26
        while size > 18 and A.font(size, True).size(note)[0] > limit:
            size -= 2
        while A.font(size, True).size(note)[0] > limit and len(note) > 20:
            half = len(note) // 2
            note = note[:half - 3].rstrip(" .") + "..." + note[half + 2:].lstrip(" .")
        self._fitted = (given, (size, note))
        return size, note
