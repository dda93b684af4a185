"""The buy menu: a card per buy option with its art, what it gives (from the sheet),
its price at the current bet, its RTP and maximum win (figures.py: the spec and the
libraries) and its key; a confirmation page with the same, larger. SHIFT+1..N go
straight to an option's confirmation, SHIFT+LEFT/RIGHT move between options there,
SHIFT+ENTER or a click confirms, SHIFT+UP/DOWN change the bet (every figure follows),
and a balance that is short is refused clearly (nothing is debited then). The cards
are laid out by the rules-page engine (rules_page.py), so they fill the panel."""
from __future__ import annotations

from dataclasses import replace

import pygame

from cabinet.core import i18n
from cabinet.core.i18n import N_, _

from . import draw as D
from .figures import (ModeFigures, average_win_words, mode_figures, not_offered_words, price_note, price_words,
                      rtp_row)
from .overlay import Overlay, spare
from cabinet.core.game_words import mode_label, mode_text
from .rules_common import mode_picture
from .rules_page import Card, Laid, Page, RulesLayout, compose, draw_texts
from .scene import register
from .widgets import Button, Widget

PANEL = pygame.Rect(70, 96, 1780, 884)
GRID = pygame.Rect(100, 226, 1720, 730)          # the list page's cards
NOTE_H = 44                                      # the list page's line under its cards (price_note)
DETAIL = pygame.Rect(210, 240, 1500, 460)        # the confirmation page's two cards


class Zone(Button):
    """A clickable card: the card is drawn by the page; the zone adds a rim on hover."""

    def draw(self, surface: pygame.Surface, app) -> None:
        if self.hover and self.enabled():
            lay = app.layout
            pygame.draw.rect(surface, D.CREAM, lay.rect(self.rect.inflate(6, 6)), max(2, lay.px(3)),
                             border_radius=lay.px(20))


_LAID: dict[tuple, Laid] = {}     # pages laid out (measuring every word: ~25 ms), by game, mode, option, bet
_LAID_KEEP = 64


@register("buy_menu")
class BuyMenu(Overlay):
    """List page (option=None) or the confirmation page of one option."""

    title = N_("BUY BONUS")
    panel_rect = PANEL

    def __init__(self, app, game, option: int | None = None):
        super().__init__(app)
        self.game = game
        self.options = game.buy_modes
        self.option: int | None = None
        self.refusal: str | None = None
        self._laid: dict[tuple, Laid] = {}
        self._frame: tuple[tuple, pygame.Surface] | None = None
        self.note = price_note(game.spec, self.options)       # why a price reads 45.53x
        self.grid = GRID if not self.note else pygame.Rect(GRID.x, GRID.y, GRID.w, GRID.h - NOTE_H)
        self._list_widgets: list[Widget] = [self.close_button(), *self._bet_buttons(),
                                            *(Zone(self._card(i), "", f"pick_{i}") for i in range(len(self.options)))]

        def can_buy() -> bool:
            return self.option is not None and self.figures(self.option).offered

        def can_browse() -> bool:
            return len(self.options) > 1

        self._confirm_widgets: list[Widget] = [
            self.close_button(), *self._bet_buttons(),
            Button((DETAIL.centerx - 330, 790, 300, 100), N_("BACK"), "back", font_size=34),
            Button((DETAIL.centerx + 30, 790, 300, 100), N_("BUY"), "confirm", style="green", font_size=40,
                   enabled=can_buy),
            Button((95, 460, 90, 90), "<", "prev", font_size=44, enabled=can_browse),
            Button((1735, 460, 90, 90), ">", "next", font_size=44, enabled=can_browse),
        ]
        self.widgets = self._list_widgets
        if option is not None:
            self.show(option)

    def _bet_buttons(self) -> list[Button]:
        def can_bet_down() -> bool:
            return not self.game.busy and self.game.bet_index > 0

        def can_bet_up() -> bool:
            return not self.game.busy and self.game.bet_index < len(self.game.ladder) - 1

        return [Button((PANEL.x + 40, PANEL.y + 30, 70, 60), "-", "bet_down", font_size=40,
                       enabled=can_bet_down),
                Button((PANEL.x + 400, PANEL.y + 30, 70, 60), "+", "bet_up", font_size=40,
                       enabled=can_bet_up)]

    # -- layout ----------------------------------------------------------------------
    def _cols(self) -> int:
        """One row up to three buys, then two rows (four buys: two by two)."""
        n = len(self.options)
        return n if n <= 3 else (n + 1) // 2

    def _card(self, i: int) -> tuple[int, int, int, int]:
        """The logical rect of option i's card on the list page."""
        n, cols = len(self.options), self._cols()
        rows = -(-n // cols)
        grid = self.grid
        w = (grid.w - 22 * (cols - 1)) / cols
        h = (grid.h - 22 * (rows - 1)) / rows
        r, c = divmod(i, cols)
        return (round(grid.x + c * (w + 22)), round(grid.y + r * (h + 22)), round(w), round(h))

    @property
    def setup(self):
        return self.app.cabinet.games.get(self.game.spec.id)

    def figures(self, i: int) -> ModeFigures:
        """Option i at the current bet (read from the setup's returns, figures.py)."""
        return mode_figures(self.game.spec, self.setup, self.options[i], self.game.bet)

    def price(self, i: int) -> int:
        return self.options[i].cost_cents(self.game.bet)

    def _rows(self, i: int) -> tuple[tuple[str, str], ...]:
        f, cur = self.figures(i), self.app.cabinet.currency
        rows = [(_("Price"), price_words(f, cur))]
        average = average_win_words(f, self.setup, cur, self.game.bet) if self.note else None
        if average is not None:                  # with the note: the figure the price comes from
            rows.append((_("Average win"), average))
        if not f.offered:
            rows.append((_("Offered"), not_offered_words(f, cur, self.setup)[0]))
            return tuple(rows)
        row = rtp_row(f)
        if row is not None:
            rows.append(row)
        if f.max_win_cents is not None:
            rows.append((_("Maximum win"), f"{cur.format(f.max_win_cents)}"))
        key = self.app.input.describe_words(f"buy_{i + 1}")
        if key:
            rows.append((_("Key"), key))
        return tuple(rows)

    def _option_card(self, i: int, detail: bool = False) -> Card:
        mode = self.options[i]
        f = self.figures(i)
        words = mode_text(self.game.spec, mode.id)
        text: tuple[str, ...] = (words,) if words else ()
        if not f.offered:
            text += (not_offered_words(f, self.app.cabinet.currency, self.setup)[1],)
        return Card(
            mode_label(self.game.spec, mode.id),
            text,
            self._rows(i),
            picture=None if detail else mode_picture(self.game, mode.id),
            accent=D.GOLD if f.offered else D.MUTED,
        )

    def _page(self) -> tuple[Page, pygame.Rect]:
        if self.option is None:
            cards = tuple(self._option_card(i) for i in range(len(self.options)))
            return Page(_("Buy bonus"), _("Buy"), grid=cards, grid_cols=self._cols()), self.grid
        mode = self.options[self.option]
        art = mode_picture(self.game, mode.id)
        if art is not None:                            # the art as large as the card allows
            art = replace(art, min_h=max(art.min_h, 200), max_h=380)
        picture = Card(_("{number} of {count}").format(number=self.option + 1, count=len(self.options)),
                       picture=art) if art is not None else None
        info = self._option_card(self.option, detail=True)
        columns = ((picture,), (info,)) if picture else ((info,),)
        return Page(
            mode_label(self.game.spec, mode.id), _("Buy"), columns=columns, widths=(0.8, 1.2) if picture else ()
        ), DETAIL

    def laid(self) -> tuple[Laid, tuple]:
        key = (self.option, self.game.bet, self.app.layout.size, i18n.current())
        laid = self._laid.get(key)
        if laid is None:        # laid out once per game, option, bet and mode: kept across openings
            shared = (self.game.spec.id, self.game.spin_mode(), id(self.app.assets), *key)
            laid = _LAID.get(shared)
            if laid is None:
                page, body = self._page()
                laid = RulesLayout(self.app.assets).lay_out(page, body)
                if len(_LAID) >= _LAID_KEEP:
                    _LAID.pop(next(iter(_LAID)))
                _LAID[shared] = laid
            self._laid[key] = laid
        return laid, key

    def relayout(self) -> None:
        super().relayout()
        self._laid.clear()
        self._frame = None

    def show(self, option: int | None) -> None:
        """Open an option's confirmation page (None: the list)."""
        if option is not None and not 0 <= option < len(self.options):
            return
        self.option = option
        self.refusal = None
        self.widgets = self._list_widgets if option is None else self._confirm_widgets

    # -- input -----------------------------------------------------------------------
    def on_action(self, action: str) -> bool:
        if action.startswith("pick_"):
            self.show(int(action[5:]))
        elif action.startswith("buy_") and action[4:].isdigit():
            self.show(int(action[4:]) - 1)
        elif action in ("prev", "next", "left", "right") and self.option is not None:
            step = -1 if action in ("prev", "left") else 1
            self.show((self.option + step) % len(self.options))
        elif action in ("confirm", "select") and self.option is not None:
            self.confirm()
        elif action == "back":
            self.show(None)
        elif action in ("close", "buy_menu"):
            self.app.pop(self)
        elif action in ("bet_up", "bet_down"):
            self.game.on_action(action)
            self.refusal = None
            self._backdrop = None           # the game below shows the new bet
        else:
            return False
        return True

    def confirm(self) -> None:
        """Buy the option on the confirmation page, or say why not."""
        assert self.option is not None                 # the confirmation page shows an option
        price = self.price(self.option)
        balance = self.app.cabinet.balance
        if not self.game.offered(self.options[self.option].id):
            self.refusal = self.game.not_offered_reason(self.options[self.option].id)
            self.app.audio.play("refuse")
            return
        if price > balance:
            cur = self.app.cabinet.currency
            self.refusal = _("Not enough credit: this buy costs {price}, balance is {balance}").format(
                price=cur.format(price), balance=cur.format(balance))
            self.app.audio.play("refuse")
            return
        mode = self.options[self.option]
        self.app.pop(self)
        if not self.game.play(mode.id, wait=False):
            self.refusal = self.game.message_text

    # -- frame -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        A, cur = self.app.assets, self.app.cabinet.currency
        r = self.panel_rect
        laid, key = self.laid()
        fresh = self._backdrop is None
        base = self.backdrop()
        if not fresh:
            D.text_layer(self.text_bounds())
        if fresh or self._frame is None or self._frame[0] != (key, id(base)):   # the cards over the panel, once
            def frame_shown(menu: BuyMenu, surf: pygame.Surface) -> bool:
                return menu._frame is not None and menu._frame[1] is surf and menu in menu.app.stack.scenes

            into = spare("buy_frame", base.get_size(), base, self, frame_shown)
            self._frame = ((key, id(base)), compose(A, laid, base, into))
        surface.blit(self._frame[1], (0, 0))
        bet = _("BET {amount}").format(amount=cur.format(self.game.bet))
        A.blit_text(surface, bet, A.fit(bet, 30, 270, True), (PANEL.x + 255, PANEL.y + 60), D.CREAM,
                    anchor="center", bold=True)
        A.blit_text(surface, _("BALANCE {amount}").format(amount=cur.format(self.app.cabinet.balance)), 28,
                    (r.right - 120, r.y + 60), D.MUTED, anchor="midright", bold=True)
        draw_texts(surface, A, laid)
        self.draw_widgets(surface)
        n = len(self.options)
        keys = self.app.input
        first, last = keys.describe_words("buy_1", True), keys.describe_words(f"buy_{n}", True)
        close = keys.describe_words("close", True)
        if self.option is None:
            hint = _("{first} to {last} or a click opens a buy   {bet} bet   {close} close").format(
                first=first, last=last, bet=keys.describe_group(("bet_up", "bet_down")), close=close)
        else:
            hint = _("{key} buy   {other} other buys   {close} close").format(
                key=keys.describe_words("confirm", True), other=keys.describe_group(("prev", "next")), close=close)
            mode = self.options[self.option]
            ask = (
                _("Buy {mode} for {price}?").format(
                    mode=mode_label(self.game.spec, mode.id), price=cur.format(self.price(self.option))
                )
                if self.game.offered(mode.id)
                else _("{mode} is not offered at a {amount} bet").format(
                    mode=mode_label(self.game.spec, mode.id), amount=cur.format(self.game.bet)
                )
            )
            A.blit_text(surface, ask, A.fit(ask, 44, 1700, True), (r.centerx, 745), D.CREAM, anchor="center", bold=True)
            if self.refusal:
                A.blit_text(surface, self.refusal, A.fit(self.refusal, 28, 1700, True), (r.centerx, 925), D.RED,
                            anchor="center", bold=True)
        if self.note:                    # under the cards; on the confirmation page under the refusal's line
            y = self.grid.bottom + NOTE_H // 2 + 2 if self.option is None else 960
            A.blit_text(surface, self.note, A.fit(self.note, 26, 1700), (r.centerx, y), D.CREAM, anchor="center")
        A.blit_text(surface, hint, A.fit(hint, 24, 1700), (r.centerx, r.y + 112), D.MUTED, anchor="center")
