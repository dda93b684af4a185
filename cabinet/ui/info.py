"""Game information and paytable pages, drawn from the game's math (spec.paytable(),
its bet modes and RTPs) and its help text, so what a player reads is what the math
does. A full-screen window: LEFT/RIGHT page, UP/DOWN scroll, ESC/BACKSPACE close;
SHIFT+P jumps to the paytable, SHIFT+I/G closes."""
from __future__ import annotations

import pygame

from cabinet.core.money import win_cents

from . import draw as D
from .scene import Scene, register
from .widgets import Button

BODY = pygame.Rect(160, 150, 1600, 760)     # the scrolling page window (logical)


@register("info")
class InfoScene(Scene):
    """Paged, scrollable information about one game."""

    def __init__(self, app, game, paytable: bool = False):
        super().__init__(app)
        self.game = game
        self.pages = self._pages()
        self.page = next((i for i, (t, _) in enumerate(self.pages) if t == "Paytable"), 0) if paytable else 0
        self.scroll = 0
        self.widgets = [Button((1780, 30, 100, 70), "X", "close", font_size=34),
                        Button((40, 960, 200, 80), "< PREV", "left", font_size=28),
                        Button((1680, 960, 200, 80), "NEXT >", "right", font_size=28)]

    # -- content --------------------------------------------------------------------
    def _pages(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """(title, blocks) where a block is ('h'|'p'|'row'|'pay', text)."""
        g, spec, cur = self.game, self.game.spec, self.app.cabinet.currency
        pages: list[tuple[str, list[tuple[str, str]]]] = []
        for title, text in spec.help() if spec.help else []:
            pages.append((title, [("p", para) for para in text.split("\n\n")]))
        table = spec.paytable() if spec.paytable else None
        if table:
            blocks = [("p", f"Pays at the current bet of {cur.format(g.bet)}. Wins are multiples of the bet.")]
            for sym, pays in table.get("pays", {}).items():
                parts = [f"{n}: {cur.format(win_cents(g.bet, round(float(x) * 100)))}" for n, x in pays.items()]
                blocks.append(("pay", f"{sym}|" + "    ".join(parts)))
            name = getattr(g, "symbol_name", lambda s: s)     # a game may name its symbol ids (optional hook)
            if table.get("wild"):
                blocks.append(("p", f"{name(table['wild'])} is wild" + (
                    f"; it does not replace {', '.join(map(name, table['not_substituted']))}."
                    if table.get("not_substituted") else ".")))
            if table.get("scatters"):
                blocks.append(("p", f"Scatters (never pay on lines or in clusters): {', '.join(map(name, table['scatters']))}."))
            if table.get("lines"):
                blocks.append(("h", f"{len(table['lines'])} paylines (row of each reel, top row 1)"))
                for i, line in enumerate(table["lines"]):
                    blocks.append(("row", f"Line {i + 1}|" + " - ".join(str(r + 1) for r in line)))
            if table.get("min_cluster"):
                blocks.append(("p", f"Clusters of {table['min_cluster']} or more touching symbols pay."))
            pages.append(("Paytable", blocks))
        pages.append(("Bet modes and RTP", self._mode_blocks()))
        keys = self.app.input
        names = [("spin", "Spin / skip"), ("bet_up", "Bet up"), ("bet_down", "Bet down"), ("info", "Game information"),
                 ("paytable", "Paytable"), ("buy_menu", "Buy menu"), ("prev", "Previous buy / fewer rounds"),
                 ("next", "Next buy / more rounds"), ("confirm", "Confirm purchase / start autoplay"),
                 ("autoplay", "Autoplay menu / stop"), ("turbo", "Turbo"), ("sound", "Sound on/off"),
                 ("music", "Music on/off"), ("close", "Close windows"), ("fullscreen", "Fullscreen"),
                 ("screenshot", "Screenshot"), ("history", "History")]
        pages.append(("Keyboard", [("row", f"{label}|{keys.describe(a)}") for a, label in names if keys.table.get(a)]))
        return pages

    def _mode_blocks(self) -> list[tuple[str, str]]:
        """Price and RTP of every bet mode at the current bet. Where a money win limit
        cuts some wins at this bet, the RTP shown is the exact one at this bet (from
        the book library); options it would cut are not offered, and say up to which bet."""
        g, spec, cur = self.game, self.game.spec, self.app.cabinet.currency
        setup = self.app.cabinet.games.get(spec.id)
        cap = setup.cap if setup is not None else None
        blocks = [("p", f"Maximum win: {spec.max_win_x:,}x the bet.")] if spec.max_win_x is not None else []
        if cap is not None and cap.max_cents is not None:
            blocks.append(("p", f"Wins of one game are limited to {cur.format(cap.max_cents)}, jackpots excluded. "
                                f"Where that limit lowers a return, the figure below is the one at this bet."))
        for m in g.modes:
            if m.kind not in ("spin", "buy"):
                continue
            rtp = spec.rtp.get(m.id)
            row = f"{m.label}|{cur.format(m.cost_cents(g.bet))} ({m.cost_x100 / 100:g}x)"
            if not g.offered(m.id):
                top = g.offered_up_to(m.id)
                blocks.append(("row", row + (f"   bets up to {cur.format(top)}" if top else "   not offered")))
                continue
            at_bet = ""
            if rtp is not None and setup is not None and setup.library is not None and cap is not None:
                mb = setup.library.books(m.id)
                here = mb.rtp_at(g.bet, cap)
                if here != mb.rtp():
                    rtp, at_bet = float(here), " at this bet (win limit)"
            blocks.append(("row", row + (f"   RTP {rtp * 100:.2f}%{at_bet}" if rtp is not None else "")))
        return blocks

    def _render_page(self, index: int) -> pygame.Surface:
        """One page as a tall surface (built once per page and bet)."""
        lay, A = self.app.layout, self.app.assets
        title, blocks = self.pages[index]

        def build() -> pygame.Surface:
            w = lay.px(BODY.w)
            parts: list[tuple[pygame.Surface, int]] = []
            for kind, text in blocks:
                if kind == "h":
                    parts.append((A.font(38, True).render(text, True, D.GOLD), 0))
                elif kind == "p":
                    parts.append((A.font(30).render(text, True, D.CREAM, wraplength=w - lay.px(40)), 0))
                else:
                    left, _, right = text.partition("|")
                    row = pygame.Surface((w, lay.px(56)), pygame.SRCALPHA)
                    pygame.draw.rect(row, (60, 60, 120, 110), row.get_rect(), border_radius=lay.px(12))
                    # A game may show its symbols' art and names on pay rows (optional hooks).
                    icon = getattr(self.game, "pay_icon", None) if kind == "pay" else None
                    art = icon(left, lay.px(50)) if icon else None
                    if art is not None:
                        left = getattr(self.game, "symbol_name", lambda s: s)(left)
                        row.blit(art, (lay.px(14), (row.get_height() - art.get_height()) // 2))
                    lab = A.font(32, True).render(left, True, D.GOLD if kind == "pay" else D.CREAM)
                    val = A.font(30).render(right, True, D.CREAM)
                    row.blit(lab, (lay.px(76 if art is not None else 20), (row.get_height() - lab.get_height()) // 2))
                    row.blit(val, (lay.px(420), (row.get_height() - val.get_height()) // 2))
                    parts.append((row, 0))
            gap = lay.px(18)
            h = max(sum(p.get_height() + gap for p, _ in parts), 1)
            page = pygame.Surface((w, h), pygame.SRCALPHA)
            y = 0
            for p, _ in parts:
                page.blit(p, (0, y))
                y += p.get_height() + gap
            return page
        return A.surface(("info_page", self.game.spec.id, index, self.game.bet), build)

    # -- input ----------------------------------------------------------------------
    def on_action(self, action: str) -> bool:
        if action in ("close", "info"):
            self.app.pop(self)
        elif action == "paytable":
            idx = next((i for i, (t, _) in enumerate(self.pages) if t == "Paytable"), None)
            if idx is None or idx == self.page:
                self.app.pop(self)
            else:
                self.page, self.scroll = idx, 0
        elif action in ("left", "right", "page_up", "page_down", "prev", "next"):
            step = -1 if action in ("left", "page_up", "prev") else 1
            self.page, self.scroll = (self.page + step) % len(self.pages), 0
        elif action in ("up", "down"):
            page_h = self._render_page(self.page).get_height()
            limit = max(0, page_h - self.app.layout.px(BODY.h))
            self.scroll = max(0, min(limit, self.scroll + self.app.layout.px(80) * (-1 if action == "up" else 1)))
        else:
            return False
        return True

    def handle_event(self, event, actions) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            return self.on_action("up" if event.y > 0 else "down")
        return super().handle_event(event, actions)

    def draw(self, surface: pygame.Surface) -> None:
        lay, A = self.app.layout, self.app.assets
        surface.blit(A.surface(("info_bg", lay.size), lambda: D.vertical_gradient(
            lay.size, [(20, 18, 50), (40, 26, 80), (14, 12, 32)])), (0, 0))
        title = self.pages[self.page][0]
        A.blit_text(surface, f"{self.game.spec.name.upper()}  -  {title.upper()}", 52, (960, 70), D.GOLD,
                    anchor="center", bold=True, outline=(70, 30, 0))
        page = self._render_page(self.page)
        body = lay.rect(BODY)
        surface.blit(page, body.topleft, pygame.Rect(0, self.scroll, body.w, body.h))
        self.draw_widgets(surface)
        A.blit_text(surface, f"page {self.page + 1} of {len(self.pages)}   UP/DOWN scroll   ESC close", 26,
                    (960, 1000), D.MUTED, anchor="center")
