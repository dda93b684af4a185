"""The game's rules book: illustrated pages (cabinet/ui/rules_page.py lays them out,
each game configures them in its view/rules_pages.py), then the shared pages of bets
and RTP, the general rules and the keyboard (rules_common.py). Every figure comes from
the math and the libraries at the current bet. A full-screen window: LEFT/RIGHT (or
UP/DOWN, a tab, the arrows) turn the page, SHIFT+P jumps to the paytable, ESC,
BACKSPACE or SHIFT+I/G closes."""
from __future__ import annotations

from functools import partial

import pygame

from . import draw as D
from .rules_common import rules_book
from .rules_page import Laid, Page, RulesLayout, compose, draw_texts
from .scene import Scene, register
from .widgets import Button

TAB_Y, TAB_H = 962, 76


@register("info")
class InfoScene(Scene):
    """Paged information about one game, every page filled and illustrated."""

    def __init__(self, app, game, paytable: bool = False):
        super().__init__(app)
        self.game = game
        self.pages: list[Page] = rules_book(game)
        self.page = self.paytable_index() if paytable else 0
        self._laid: dict[tuple, Laid] = {}
        self.widgets = [Button((1790, 22, 100, 70), "X", "close", font_size=34),
                        Button((30, TAB_Y, 90, TAB_H), "<", "left", font_size=40),
                        Button((1800, TAB_Y, 90, TAB_H), ">", "right", font_size=40)]
        n = len(self.pages)
        width = (1800 - 130 - 10 * (n - 1)) / max(n, 1)
        for i, page in enumerate(self.pages):
            self.widgets.append(Button((round(130 + i * (width + 10)), TAB_Y, round(width), TAB_H), page.tab.upper(),
                                       f"page_{i}", font_size=24, lit=partial(self.showing, i)))

    def showing(self, i: int) -> bool:
        """Page i is on screen (its tab lights)."""
        return self.page == i

    def paytable_index(self) -> int:
        return next((i for i, p in enumerate(self.pages) if p.paytable), 0)

    # -- layout ---------------------------------------------------------------------
    def laid(self, index: int) -> Laid:
        """The page laid out at this window size (once per page, bet and size)."""
        key = (index, self.game.bet, self.app.layout.size)
        laid = self._laid.get(key)
        if laid is None:
            laid = self._laid[key] = RulesLayout(self.app.assets).lay_out(self.pages[index])
        return laid

    def relayout(self) -> None:
        self._laid.clear()

    # -- input ----------------------------------------------------------------------
    def on_action(self, action: str) -> bool:
        if action in ("close", "info"):
            self.app.pop(self)
        elif action == "paytable":
            idx = self.paytable_index()
            if idx == self.page:
                self.app.pop(self)
            else:
                self.page = idx
        elif action.startswith("page_") and action[5:].isdigit():
            self.page = min(int(action[5:]), len(self.pages) - 1)
        elif action in ("left", "right", "up", "down", "page_up", "page_down", "prev", "next"):
            step = -1 if action in ("left", "up", "page_up", "prev") else 1
            self.page = (self.page + step) % len(self.pages)
        else:
            return False
        return True

    def handle_event(self, event, actions) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            return self.on_action("left" if event.y > 0 else "right")
        return super().handle_event(event, actions)

    # -- frame ----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        lay, A = self.app.layout, self.app.assets
        page = self.pages[self.page]
        laid = self.laid(self.page)

        def gradient() -> pygame.Surface:
            return D.vertical_gradient(lay.size, [(20, 18, 50), (40, 26, 80), (14, 12, 32)])

        backdrop = A.surface(("info_bg", lay.size), gradient)
        key = ("info_page", self.game.spec.id, self.page, self.game.bet, lay.size)
        surface.blit(A.surface(key, lambda: compose(A, laid, backdrop)), (0, 0))
        A.blit_text(surface, f"{self.game.spec.name.upper()}  ·  {page.title.upper()}", 50, (960, 58), D.GOLD,
                    anchor="center", bold=True, outline=(70, 30, 0))
        if page.note:
            A.blit_text(surface, page.note, 26, (960, 108), D.MUTED, anchor="center")
        draw_texts(surface, A, laid)
        self.draw_widgets(surface)
