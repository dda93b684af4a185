"""Rules pages: one layout engine; each game configures it with data.

A game's `view/rules_pages.py` (named by `GameSpec.view.rules`) returns `Page`s made of
`Card`s: a title, paragraphs, label/value rows and a `Picture` (painted by the game
from its own art). The engine fills the page body with them:

- `columns`: cards stacked in columns; each card gets the height its text needs at
  the page's font size, and the spare height goes to the pictures (up to what their
  aspect can use), then to the cards evenly, so the page is full, not 3/4 empty;
- `grid`: cards in equal cells (symbol pays, line diagrams).

One body font size per page: the largest of `SIZES` at which every card fits. A page
that does not fit even at the smallest size raises `RulesLayoutError` (the rules-page
test lays out every page of every game at several bets). Text is drawn each frame as
cached labels through `Assets.blit_text` (so the text-overlap test sees every line);
panels and pictures are composed once per page, bet and window size.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Hashable, Sequence

import pygame

from . import draw as D

Color = tuple[int, int, int]
SIZES = (32, 30, 28, 26, 24, 22, 20)  # body font sizes tried, largest first (logical points)
ROW_SPACING = 1.25                    # a row's height in line heights (text lines: 1.05)
TEXT_SPACING = 1.05
PAD = 18                              # inside a card (logical px)
GAP = 22                              # between cards
BODY = pygame.Rect(40, 132, 1840, 808)  # the page body (logical): under the title, above the tabs


class RulesLayoutError(ValueError):
    """A page whose cards do not fit its body even at the smallest font size."""


@dataclass(frozen=True)
class Picture:
    """A picture a game paints for a card: `paint(w, h)` returns a surface of at most
    w x h real pixels; `aspect` is the width/height it looks best at; the engine gives
    it between `min_h` and `max_h` logical pixels of height. `key` names its content
    (include the bet when it shows amounts) for the surface cache."""

    key: Hashable
    paint: Callable[[int, int], pygame.Surface]
    aspect: float = 1.0
    min_h: int = 90
    max_h: int = 560


@dataclass(frozen=True)
class Card:
    """One panel of a page. `rows` are (label, value) lines, the value right-aligned;
    a row whose value is '' is a sub-heading. `side` puts the picture left of the text."""

    title: str = ""
    text: Sequence[str] = ()           # paragraphs (a tuple, or a rules sheet's list)
    rows: tuple[tuple[str, str], ...] = ()
    picture: Picture | None = None
    side: bool = False
    accent: Color = D.GOLD


@dataclass(frozen=True)
class Page:
    """A rules page: `title` over the body, `tab` its short name in the tab bar,
    `note` one line under the title. Either `columns` (cards stacked per column,
    `widths` their relative widths) or `grid` (cards in `grid_cols` equal columns)."""

    title: str
    tab: str
    columns: tuple[tuple[Card, ...], ...] = ()
    widths: tuple[float, ...] = ()
    grid: tuple[Card, ...] = ()
    grid_cols: int = 4
    note: str = ""
    paytable: bool = False             # SHIFT+P opens this page


@dataclass
class Laid:
    """A page laid out: card panels and pictures (composed once) and text lines
    (logical top-left, size, colour, bold, the card they belong to)."""

    panels: list[tuple[pygame.Rect, Color]] = field(default_factory=list)
    pictures: list[tuple[Picture, pygame.Rect]] = field(default_factory=list)
    texts: list[tuple[str, tuple[float, float], int, Color, bool, pygame.Rect, str]] = field(default_factory=list)
    size: int = SIZES[0]


class _Measure:
    """Text metrics in logical units at the window's scale."""

    def __init__(self, assets):
        self.assets, self.scale = assets, assets.layout.scale

    def width(self, text: str, size: int, bold: bool = False) -> float:
        return self.assets.font(size, bold).size(text)[0] / self.scale

    def line(self, size: int, bold: bool = False) -> float:
        return self.assets.font(size, bold).get_linesize() / self.scale

    def wrap(self, text: str, size: int, width: float, bold: bool = False) -> list[str]:
        lines, cur = [], ""
        for word in text.split():
            trial = f"{cur} {word}" if cur else word
            if cur and self.width(trial, size, bold) > width:
                lines.append(cur)
                cur = word
            else:
                cur = trial
        if cur:
            lines.append(cur)
        return lines


def _title_size(size: int) -> int:
    return size + 4


class _CardFit:
    """A card's text at one font size and width: its lines and heights."""

    def __init__(self, m: _Measure, card: Card, width: float, size: int):
        self.card, self.size = card, size
        ts = _title_size(size)
        self.title_lines = m.wrap(card.title.upper(), ts, width, True) if card.title else []
        self.title_h = m.line(ts, True) * len(self.title_lines)
        self.title_ok = len(self.title_lines) <= 2 and all(m.width(t, ts, True) <= width for t in self.title_lines)
        self.lines: list[tuple[str, float, bool]] = []     # text, indent, bold
        for para in card.text:
            self.lines += [(ln, 0.0, False) for ln in m.wrap(para, size, width)]
        self.rows: list[tuple[str, str]] = list(card.rows)
        self.rows_ok = all(m.width(a, size, not b) + m.width(b, size, True) + 24 <= width for a, b in card.rows)
        self.line_h = m.line(size) * TEXT_SPACING
        self.row_h = m.line(size) * ROW_SPACING
        gaps = 0.45 * self.line_h * max(len(card.text) - 1, 0) + (0.5 * self.line_h if card.text and card.rows else 0)
        self.text_h = self.line_h * len(self.lines) + self.row_h * len(self.rows) + gaps
        self.ok = self.title_ok and self.rows_ok


class RulesLayout:
    """Lays pages out at one window size (`Assets`); results are cached per page key."""

    def __init__(self, assets):
        self.assets = assets
        self.m = _Measure(assets)

    # -- one card ------------------------------------------------------------------------
    def _fit(self, card: Card, w: float, size: int, h: float | None = None) -> _CardFit:
        inner = w - 2 * PAD
        if card.picture is not None and card.side:
            inner -= self._side_w(card, w, h) + PAD
        return _CardFit(self.m, card, inner, size)

    @staticmethod
    def _side_w(card: Card, w: float, h: float | None = None) -> float:
        """The width of a side picture: as tall as the card allows (a grid cell's
        height is known), else from its least height; never over 40% of the card."""
        pic = card.picture
        if pic is None:
            return 0.0
        tall = min(h - 2 * PAD, pic.max_h) if h is not None else pic.min_h * 1.5
        return min(w * 0.4, tall * pic.aspect)

    def need(self, card: Card, w: float, size: int, h: float | None = None) -> float | None:
        """The least height the card needs at this width and size (None: too narrow);
        `h`: the height it will get, when known (grid cells)."""
        fit = self._fit(card, w, size, h)
        if not fit.ok:
            return None
        head = fit.title_h + (PAD * 0.5 if card.title and (fit.lines or fit.rows or card.picture) else 0)
        pic = card.picture
        if pic is not None and card.side:
            return 2 * PAD + max(head + fit.text_h, pic.min_h)
        pic_h = (pic.min_h + PAD * 0.6) if pic is not None else 0
        return 2 * PAD + head + pic_h + fit.text_h

    def pic_room(self, card: Card, w: float) -> float:
        """How much taller than min_h the card's picture can usefully grow."""
        pic = card.picture
        if pic is None or card.side:
            return 0.0
        useful = min(pic.max_h, (w - 2 * PAD) / pic.aspect)
        return max(useful - pic.min_h, 0.0)

    def place(self, laid: Laid, card: Card, box: tuple[float, float, float, float], size: int, extra_pic: float,
              cell_h: float | None = None) -> None:
        """Card panel, picture and text lines into `laid`; `box` is the card's logical
        (x, y, w, h) as measured; `cell_h` the height it was measured at (a grid cell;
        None: measured without one)."""
        bx, by, bw, bh = box
        rect = pygame.Rect(round(bx), round(by), round(bx + bw) - round(bx), round(by + bh) - round(by))
        laid.panels.append((rect, card.accent))
        fit = self._fit(card, bw, size, cell_h)
        x, y = bx + PAD, by + PAD
        inner_w = bw - 2 * PAD
        pic = card.picture
        head = fit.title_h + (PAD * 0.5 if card.title and (fit.lines or fit.rows or pic) else 0)
        body_h = head + fit.text_h
        if pic is not None and card.side:
            side_w = self._side_w(card, bw, cell_h)
            box_h = bh - 2 * PAD
            ph = min(box_h, side_w / pic.aspect, pic.max_h)
            laid.pictures.append((pic, pygame.Rect(round(x), round(by + bh / 2 - ph / 2),
                                                   round(min(side_w, ph * pic.aspect)), round(ph))))
            x += side_w + PAD
            inner_w -= side_w + PAD
            y = by + max((bh - body_h) / 2, PAD)
        else:
            total = body_h + ((pic.min_h + extra_pic + PAD * 0.6) if pic is not None else 0)
            y = by + max((bh - total) / 2, PAD)
        if card.title:
            ts = _title_size(size)
            for ln in fit.title_lines:
                tw = self.m.width(ln, ts, True)
                tx = x + (inner_w - tw) / 2 if not (pic is not None and card.side) else x
                laid.texts.append((ln, (tx, y), ts, card.accent, True, rect, "title"))
                y += self.m.line(ts, True)
            y += head - fit.title_h
        if pic is not None and not card.side:
            ph = pic.min_h + extra_pic
            pw = min(inner_w, ph * pic.aspect)
            ph = min(ph, pw / pic.aspect)
            pic_box = pygame.Rect(round(x + (inner_w - pw) / 2), round(y + (pic.min_h + extra_pic - ph) / 2),
                                  round(pw), round(ph))
            laid.pictures.append((pic, pic_box))
            y += pic.min_h + extra_pic + PAD * 0.6
        first = True
        for para in card.text:
            if not first:
                y += 0.45 * fit.line_h
            first = False
            for ln in self.m.wrap(para, size, inner_w):
                laid.texts.append((ln, (x, y), size, D.CREAM, False, rect, "text"))
                y += fit.line_h
        if card.text and card.rows:
            y += 0.5 * fit.line_h
        for label, value in card.rows:
            if value:
                laid.texts.append((label, (x, y), size, D.CREAM, False, rect, "row"))
                vw = self.m.width(value, size, True)
                laid.texts.append((value, (x + inner_w - vw, y), size, D.GOLD, True, rect, "value"))
            else:
                laid.texts.append((label, (x, y), size, D.MUTED, True, rect, "row"))
            y += fit.row_h

    # -- a page ----------------------------------------------------------------------------
    def lay_out(self, page: Page, body: pygame.Rect = BODY) -> Laid:
        for size in SIZES:
            laid = self._try(page, body, size)
            if laid is not None:
                laid.size = size
                return laid
        raise RulesLayoutError(f"rules page {page.title!r} does not fit its page even at {SIZES[-1]} points")

    def _try(self, page: Page, body: pygame.Rect, size: int) -> Laid | None:
        laid = Laid()
        if page.grid:
            cols = max(1, min(page.grid_cols, len(page.grid)))
            rows = -(-len(page.grid) // cols)
            w = (body.w - GAP * (cols - 1)) / cols
            h = (body.h - GAP * (rows - 1)) / rows
            needs = [self.need(card, w, size, h) for card in page.grid]
            if any(n is None or n > h for n in needs):
                return None
            for i, (card, need) in enumerate(zip(page.grid, needs)):
                assert need is not None                  # every card fits (checked above)
                r, c = divmod(i, cols)
                box = (body.x + c * (w + GAP), body.y + r * (h + GAP), w, h)
                self.place(laid, card, box, size, min(h - need, self.pic_room(card, w)), cell_h=h)
            return laid
        widths = page.widths or (1.0,) * len(page.columns)
        total_w = body.w - GAP * (len(page.columns) - 1)
        x = float(body.x)
        for col, share in zip(page.columns, widths):
            w = total_w * share / sum(widths)
            needs = [self.need(card, w, size) for card in col]
            if any(n is None for n in needs):
                return None
            spare = body.h - GAP * (len(col) - 1) - sum(needs)     # type: ignore[arg-type]
            if spare < 0:
                return None
            rooms = [self.pic_room(card, w) for card in col]
            give = min(spare, sum(rooms))
            extras = [give * r / sum(rooms) if sum(rooms) else 0.0 for r in rooms]
            even = (spare - give) / len(col)
            y = float(body.y)
            for card, need, extra in zip(col, needs, extras):
                h = need + extra + even                               # type: ignore[operator]
                self.place(laid, card, (x, y, w, h), size, extra)
                y += h + GAP
            x += w + GAP
        return laid


def card_panel(size: tuple[int, int], accent: Color, radius: int, border: int) -> pygame.Surface:
    """A card's panel: a dark glass plate with a rim in the card's accent."""
    rim = D.lerp_color(accent, D.PANEL, 0.35)
    return D.rounded_panel(size, (46, 44, 98), (24, 22, 54), radius=radius, border=rim, border_width=border,
                           alpha=238)


def compose(assets, laid: Laid, backdrop: pygame.Surface, into: pygame.Surface | None = None) -> pygame.Surface:
    """The page's panels and pictures over `backdrop` (one opaque surface: `into`, a
    surface of the same size to draw over, else a copy)."""
    lay = assets.layout
    if into is not None and into.get_size() == backdrop.get_size():
        surf = into
        surf.blit(backdrop, (0, 0))
    else:
        surf = backdrop.copy()
    for rect, accent in laid.panels:
        real = lay.rect(rect)
        surf.blit(assets.surface(("rules_card", real.size, accent), lambda real=real, accent=accent: card_panel(
            real.size, accent, lay.px(18), max(2, lay.px(2)))), real.topleft)
    for pic, rect in laid.pictures:
        real = lay.rect(rect)
        img = assets.surface(("rules_pic", pic.key, real.size), lambda pic=pic, real=real: pic.paint(*real.size))
        surf.blit(img, img.get_rect(center=real.center))
    return surf


def draw_texts(surface: pygame.Surface, assets, laid: Laid) -> None:
    """Every text line of the page (cached labels), each held to its card."""
    lay = assets.layout
    for text, pos, size, color, bold, card, _ in laid.texts:
        with D.text_bounds(lay.rect(card)):
            assets.blit_text(surface, text, size, pos, color, bold=bold)
