"""The library viewer (a review tool): a game's reel strips with each symbol's count
per reel and the strip's order in colour, then per library (bet mode) the win
distribution as a bar chart (share of rounds per band of multiples of the bet, on a
log scale, with the share of the RTP each band returns) and each stratum's weight
share. Every figure comes from library_stats.py over the loaded books and the
GameSpec. Opened by name, `app.open("library", game_scene)` (the force menu's
LIBRARY); LEFT / RIGHT page, ENTER plays the game's showcase, ESC closes.
"""
from __future__ import annotations

import math
from typing import Any

import pygame

from cabinet.core.i18n import N_, _, formats

from . import draw as D
from .demo import demo_allowed
from .figures import pct, times
from cabinet.core.game_words import mode_label
from .input import key_word
from .library_stats import odds, one_in, percent, strata, symbol_counts, win_bands
from .scene import Scene, register
from .widgets import Button

CHART = pygame.Rect(210, 230, 1050, 500)        # the bars' area (logical)
TABLE_X, TABLE_W = 1340, 520                   # the strata table
PALETTE = [(230, 90, 80), (250, 190, 70), (110, 200, 110), (90, 170, 240), (190, 120, 230), (240, 140, 190),
           (120, 220, 210), (210, 210, 120), (170, 130, 90), (150, 150, 170), (250, 120, 40), (70, 120, 200)]


@register("library")
class LibraryView(Scene):
    """Pages: each set of reel strips, then each library of the game."""

    def __init__(self, app, game: Any):
        super().__init__(app)
        self.game = game
        self.spec = game.spec
        setup = app.cabinet.games.get(self.spec.id)
        self.library = getattr(setup, "library", None)
        info = self.spec.math.par_info() if self.spec.math.par_info else {}
        self.pages: list[tuple[str, Any]] = [("strips", item) for item in info.get("reel_strips", {}).items()]
        if self.library is not None:
            self.pages += [("mode", mode) for mode in self.library.modes]
        self.page = 0
        self.closing = not demo_allowed(app.config)     # a review tool: never under real play
        self._figures: dict[str, Any] = {}

        def has_prev() -> bool:
            return self.page > 0

        def has_next() -> bool:
            return self.page < len(self.pages) - 1

        def can_showcase() -> bool:
            return self.library is not None and demo_allowed(app.config)

        self.widgets = [Button((40, 970, 200, 80), N_("< PREV"), "left", font_size=28, enabled=has_prev),
                        Button((260, 970, 200, 80), N_("NEXT >"), "right", font_size=28,
                               enabled=has_next),
                        Button((1380, 970, 300, 80), N_("PLAY SHOWCASE"), "showcase", style="gold", font_size=28,
                               enabled=can_showcase),
                        Button((1700, 970, 180, 80), N_("CLOSE"), "close", font_size=28)]

    def update(self, dt: float) -> None:
        if self.closing and self.app.stack.top is self:
            self.app.pop(self)

    # -- input ------------------------------------------------------------------
    def on_action(self, action: str) -> bool:
        if action in ("left", "prev", "page_up"):
            self.page = max(0, self.page - 1)
        elif action in ("right", "next", "page_down"):
            self.page = min(len(self.pages) - 1, self.page + 1)
        elif action in ("showcase", "select"):
            if self.library is not None and demo_allowed(self.app.config):
                self.app.pop(self)
                self.app.open("showcase", [self.spec.id])
        elif action == "close":
            self.app.pop(self)
        else:
            return False
        return True

    # -- figures ------------------------------------------------------------------
    def mode_figures(self, mode: str) -> tuple[Any, list[Any], list[Any]]:
        if mode not in self._figures:
            assert self.library is not None             # a mode page exists only with a library
            books = self.library.books(mode)
            self._figures[mode] = (books, win_bands(books), strata(books, self.spec))
        return self._figures[mode]

    # -- drawing ------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        lay, A = self.app.layout, self.app.assets
        if self.closing:
            surface.fill(D.INK)
            return

        def backdrop() -> pygame.Surface:
            return D.vertical_gradient(lay.size, [(16, 18, 44), (30, 26, 70), (14, 14, 34)])

        surface.blit(A.surface(("library_bg", lay.size), backdrop), (0, 0))
        A.blit_text(surface, _("LIBRARY  ·  {game}").format(game=self.spec.name.upper()), 44, (60, 54), D.GOLD,
                    anchor="midleft", bold=True, outline=(70, 40, 0), fit=1500)
        if self.pages:
            A.blit_text(surface, _("page {number} / {count}").format(number=self.page + 1, count=len(self.pages)), 26,
                        (1860, 54), D.MUTED, anchor="midright", bold=True)
            kind, item = self.pages[self.page]
            (self.draw_strips if kind == "strips" else self.draw_mode)(surface, item)
        else:
            A.blit_text(surface, _("This game has neither reel strips nor libraries to show"), 36, (960, 500),
                        D.CREAM, anchor="center", fit=1800)
        hint = _("{left} / {right} page   {enter} showcase   {escape} close").format(
            left=key_word("LEFT"), right=key_word("RIGHT"), enter=key_word("ENTER"), escape=key_word("ESC"))
        A.blit_text(surface, hint, 24, (920, 1010), D.MUTED, anchor="center", fit=880)
        self.draw_widgets(surface)

    def _symbol_color(self, symbol: str, i: int) -> tuple[int, int, int]:
        icon = self.game.pay_icon(symbol, 40)
        if icon is not None:
            c = pygame.transform.average_color(icon, consider_alpha=True)
            if sum(c[:3]) > 60:
                return tuple(c[:3])         # type: ignore[return-value]
        return PALETTE[i % len(PALETTE)]

    def draw_strips(self, surface: pygame.Surface, item: tuple[str, list[list[str]]]) -> None:
        lay, A = self.app.layout, self.app.assets
        name, strips = item
        symbols, counts = symbol_counts(strips)
        A.blit_text(surface, _("REEL STRIPS: {name}").format(name=name), 32, (60, 120), D.CREAM, anchor="midleft",
                    bold=True, fit=1040)
        A.blit_text(surface, _("{reels} reels, {stops} stops").format(
            reels=len(strips), stops=" / ".join(str(len(r)) for r in strips)), 24, (60, 158), D.MUTED, anchor="midleft",
                    fit=1040)
        reels = len(strips)
        col = min(96, 560 // max(reels, 1))
        x_name, x0, top = 60, 380, 210
        row = min(52, 640 // (len(symbols) + 2))
        for r in range(reels):
            A.blit_text(surface, f"R{r + 1}", 24, (x0 + r * col + col // 2, top), D.MUTED, anchor="center", bold=True)
        A.blit_text(surface, _("ALL"), 24, (x0 + reels * col + 50, top), D.MUTED, anchor="center", bold=True, fit=96)
        colors = {}
        for i, sym in enumerate(symbols):
            y = top + (i + 1) * row
            colors[sym] = color = self._symbol_color(sym, i)
            pygame.draw.rect(surface, color, lay.rect(x_name, y - row // 2 + 6, 14, row - 12), border_radius=lay.px(4))
            icon = self.game.pay_icon(sym, lay.px(row - 8))
            if icon is not None:
                surface.blit(icon, icon.get_rect(center=lay.pt(x_name + 50, y)))
            A.blit_text(surface, self.game.symbol_name(sym), 24, (x_name + 82, y), D.CREAM, anchor="midleft")
            for r in range(reels):
                A.blit_text(surface, str(counts[i][r]), 24, (x0 + r * col + col // 2, y), D.CREAM, anchor="center")
            A.blit_text(
                surface, str(sum(counts[i])), 24, (x0 + reels * col + 50, y), D.GOLD, anchor="center", bold=True
            )
        # the strips themselves: stop 0 at the top, one coloured cell per stop
        area = pygame.Rect(1140, 200, 720, 720)
        A.blit_text(surface, _("each strip in order, stop 0 at the top"), 22, (area.centerx, area.y - 14), D.MUTED,
                    anchor="center", fit=area.w)
        gap = 10
        width = (area.w - gap * (reels - 1)) / reels
        for r, strip in enumerate(strips):
            x = area.x + r * (width + gap)
            cell = (area.h - 30) / len(strip)
            for k, sym in enumerate(strip):
                surface.fill(colors[sym], lay.rect(x, area.y + 16 + k * cell, width, max(cell, 1) + 0.5))
            A.blit_text(surface, f"R{r + 1}", 20, (x + width / 2, area.bottom), D.MUTED, anchor="center", bold=True)

    def draw_mode(self, surface: pygame.Surface, mode: str) -> None:
        A = self.app.assets
        books, bands, layers = self.mode_figures(mode)
        m = self.spec.mode(mode)
        kind = {"spin": _("spin"), "buy": _("buy"), "gamble": _("the gamble's bonus library")}.get(m.kind, m.kind)
        title = f"{mode_label(self.spec, mode).upper()}  ({mode}, {kind})"
        A.blit_text(surface, title, 32, (60, 120), D.CREAM, anchor="midleft", bold=True, fit=1800)
        stated = self.spec.rtp.get(mode)
        rtp = _("RTP {rtp} (stated {stated})").format(rtp=pct(books.rtp()), stated=pct(stated)) if stated is not None \
            else _("RTP {rtp}").format(rtp=pct(books.rtp()))
        facts = [_("price {times} the bet").format(times=times(m.cost_x100 / 100)),
                 _("{count} books").format(count=formats.number(len(books))), rtp,
                 _("top payout {times}").format(times=times(int(books.payout_x100.max()) / 100)),
                 _("any win {odds}").format(odds=one_in(1 - bands[0].share))]
        said = "   ·   ".join(facts)
        A.blit_text(surface, said, 24, (60, 158), D.MUTED, anchor="midleft", fit=1800)
        self.draw_chart(surface, bands)
        self.draw_strata(surface, layers)

    def draw_chart(self, surface: pygame.Surface, bands: list[Any]) -> None:
        lay, A = self.app.layout, self.app.assets
        c = CHART
        A.blit_text(surface, _("WIN DISTRIBUTION: share of rounds by payout (x bet), log scale"), 24,
                    (c.x - 150, 206), D.CREAM, anchor="midleft", bold=True, fit=TABLE_X - 40 - (c.x - 150))
        shares = [b.share for b in bands if b.share > 0]
        floor = math.floor(math.log10(float(min(shares)))) if shares else -1
        floor = min(floor, -1)
        decades = -floor

        def y_of(share: float) -> float:
            return c.bottom - c.h * (math.log10(share) - floor) / decades

        for d in range(0, decades + 1):
            y = c.bottom - c.h * d / decades
            pygame.draw.line(surface, (60, 62, 110), lay.pt(c.x, y), lay.pt(c.right, y), 1)
            if d % max(1, decades // 6) == 0 or d == decades:
                label = (
                    _("all") if d == decades else _("1 in {count}").format(count=formats.number(10 ** (decades - d)))
                )
                A.blit_text(surface, label, 18, (c.x - 12, y), D.MUTED, anchor="midright", fit=130)
        slot = c.w / len(bands)
        bar = slot * 0.68
        for i, b in enumerate(bands):
            x = c.x + i * slot + (slot - bar) / 2
            cx = x + bar / 2
            if b.share > 0:
                y = y_of(float(b.share))
                color = (120, 130, 170) if i == 0 else D.GOLD
                pygame.draw.rect(surface, color, lay.rect(x, y, bar, c.bottom - y), border_radius=lay.px(4))
            A.blit_text(surface, b.label, 18, (cx, c.bottom + 18), D.CREAM, anchor="center", bold=True)
            A.blit_text(surface, odds(b.share), 16, (cx, c.bottom + 46), D.CYAN,
                        anchor="center")
            A.blit_text(surface, percent(b.share), 16, (cx, c.bottom + 70), D.CREAM, anchor="center")
            A.blit_text(surface, percent(b.rtp_share), 16, (cx, c.bottom + 94), D.GOLD, anchor="center")
        for text, y, color in ((_("1 in"), 46, D.CYAN), (_("share"), 70, D.CREAM), (_("of RTP"), 94, D.GOLD)):
            A.blit_text(surface, text, 16, (c.x - 12, c.bottom + y), color, anchor="midright", bold=True, fit=130)
        A.blit_text(surface, _("grey: no win   gold: a win in the band"), 18, (c.x - 150, c.bottom + 140), D.MUTED,
                    anchor="midleft", fit=c.right - c.x + 150)

    def draw_strata(self, surface: pygame.Surface, layers: list[Any]) -> None:
        lay, A = self.app.layout, self.app.assets
        x, w = TABLE_X, TABLE_W
        A.blit_text(surface, _("STRATA: weight share"), 24, (x, 206), D.CREAM, anchor="midleft", bold=True, fit=w)
        cols = ((x + 300, _("books")), (x + 410, _("share")), (x + 510, _("of RTP")))
        for cx, head in cols:
            A.blit_text(surface, head, 18, (cx, 244), D.MUTED, anchor="midright", bold=True, fit=96)
        row = min(44, 640 // max(len(layers), 1))
        for i, s in enumerate(layers):
            y = 280 + i * row
            share = float(s.share)
            pygame.draw.rect(surface, (50, 54, 100), lay.rect(x, y + 12, w, 6), border_radius=lay.px(3))
            pygame.draw.rect(surface, D.CYAN, lay.rect(x, y + 12, max(w * share, 2), 6), border_radius=lay.px(3))
            A.blit_text(
                surface, D.ellipsize(A.font(20), s.label, lay.px(200)), 20, (x, y - 4), D.CREAM, anchor="midleft"
            )
            A.blit_text(surface, formats.number(s.books), 20, (cols[0][0], y - 4), D.CREAM, anchor="midright")
            A.blit_text(surface, percent(s.share), 20, (cols[1][0], y - 4), D.CYAN, anchor="midright")
            A.blit_text(surface, percent(s.rtp_share), 20, (cols[2][0], y - 4), D.GOLD, anchor="midright")



def library_shots(app: Any, gid: str, save: Any) -> None:
    """Every page of a game's library viewer, for `main.py --shots` (save(name, caption))."""
    while len(app.stack.scenes) > 1:
        app.pop()
    scene = app.open_game(gid)
    app.step(1 / 30)
    view = app.open("library", scene)
    for i, (kind, item) in enumerate(view.pages):
        view.page = i
        app.step(1 / 30)
        name = item if kind == "mode" else item[0]
        what = f"the {name} library: win distribution and strata" if kind == "mode" else f"reel strips ({name})"
        save(f"{gid}__library_{i + 1:02d}_{kind}", f"Library viewer page {i + 1}: {what}")
    app.pop(view)
