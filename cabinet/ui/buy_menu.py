"""The buy menu: every buy option with its price at the current bet, a confirmation
page, SHIFT+1..4 straight to an option's confirmation, SHIFT+LEFT/RIGHT between
options there, SHIFT+ENTER or a click to confirm, and a clear refusal when the
balance is short (nothing is debited then)."""
from __future__ import annotations

import pygame

from . import draw as D
from .overlay import Overlay
from .scene import register
from .widgets import Button


@register("buy_menu")
class BuyMenu(Overlay):
    """List page (option=None) or the confirmation page of one option."""

    title = "BUY BONUS"

    def __init__(self, app, game, option: int | None = None):
        super().__init__(app)
        self.game = game
        self.options = game.buy_modes
        self.option: int | None = None
        self.refusal: str | None = None
        self._list_widgets = [self.close_button()] + [
            Button(self._card(i), f"SHIFT+{i + 1}" if i < 4 else "", f"pick_{i}", font_size=24,
                   label_offset=-pygame.Rect(self._card(i)).h // 2 + 28)
            for i in range(len(self.options))]
        self._confirm_widgets = [
            self.close_button(),
            Button((620, 700, 300, 100), "BACK", "back", font_size=34),
            Button((1000, 700, 300, 100), "BUY", "confirm", style="green", font_size=40),
            Button((400, 430, 90, 90), "<", "prev", font_size=44, enabled=lambda: len(self.options) > 1),
            Button((1430, 430, 90, 90), ">", "next", font_size=44, enabled=lambda: len(self.options) > 1),
        ]
        self.widgets = self._list_widgets
        if option is not None:
            self.show(option)

    def _card(self, i: int) -> tuple[int, int, int, int]:
        """Up to four cards a row, two rows for games with more buys."""
        n = len(self.options)
        cols = min(n, 4)
        rows = (n + 3) // 4
        w = (1100 - (cols - 1) * 30) // cols
        h = 420 if rows == 1 else 235
        r, c = divmod(i, 4)
        return (410 + c * (w + 30), 300 + r * (h + 20), w, h)

    def price(self, i: int) -> int:
        return self.options[i].cost_cents(self.game.bet)

    def show(self, option: int | None) -> None:
        """Open an option's confirmation page (None: the list)."""
        if option is not None and not 0 <= option < len(self.options):
            return
        self.option = option
        self.refusal = None
        self.widgets = self._list_widgets if option is None else self._confirm_widgets

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
        else:
            return False
        return True

    def confirm(self) -> None:
        """Buy the option on the confirmation page, or say why not."""
        price = self.price(self.option)
        balance = self.app.cabinet.balance
        if not self.game.offered(self.options[self.option].id):
            self.refusal = self.game.not_offered_reason(self.options[self.option].id)
            self.app.audio.play("refuse")
            return
        if price > balance:
            cur = self.app.cabinet.currency
            self.refusal = f"Not enough credit: this buy costs {cur.format(price)}, balance is {cur.format(balance)}"
            self.app.audio.play("refuse")
            return
        mode = self.options[self.option]
        self.app.pop(self)
        if not self.game.play(mode.id):
            self.refusal = self.game.message_text

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface)
        A, cur = self.app.assets, self.app.cabinet.currency
        r = self.panel_rect
        A.blit_text(surface, f"BET {cur.format(self.game.bet)}   BALANCE {cur.format(self.app.cabinet.balance)}",
                    28, (r.centerx, r.y + 110), D.MUTED, anchor="center", bold=True)
        if self.option is None:
            self.draw_widgets(surface)
            for i, mode in enumerate(self.options):
                card = pygame.Rect(self._card(i))
                compact = card.h < 300
                A.blit_text(surface, mode.label.upper(), 30 if compact else 32,
                            (card.centerx, card.y + (48 if compact else 90)), D.GOLD, anchor="midtop", bold=True,
                            wrap=card.w - 30)
                if mode.description and not compact:
                    A.blit_text(surface, mode.description, 24, (card.centerx, card.y + 190), D.CREAM,
                                anchor="midtop", wrap=card.w - 40)
                if self.game.offered(mode.id):
                    A.blit_text(surface, cur.format(self.price(i)), 44, (card.centerx, card.bottom - 80), D.CREAM,
                                anchor="center", bold=True)
                    rtp = self.game.spec.rtp.get(mode.id)
                    note = f"{mode.cost_x100 / 100:g}x bet" + (f"   RTP {rtp * 100:.2f}%" if rtp else "")
                else:       # the win limit keeps this option off the current bet
                    top = self.game.offered_up_to(mode.id)
                    A.blit_text(surface, f"BETS UP TO {cur.format(top)}" if top else "NOT OFFERED", 30,
                                (card.centerx, card.bottom - 80), D.MUTED, anchor="center", bold=True)
                    note = "the win limit keeps it off higher bets"
                A.blit_text(surface, note, 24, (card.centerx, card.bottom - 36), D.MUTED, anchor="center")
            hint = f"SHIFT+1-{min(4, len(self.options))} or arrows and ENTER choose   ESC close"
            A.blit_text(surface, hint, 26, (r.centerx, r.bottom - 40), D.MUTED,
                        anchor="center")
            return
        mode = self.options[self.option]
        self.draw_widgets(surface)
        A.blit_text(surface, f"{self.option + 1} / {len(self.options)}", 28, (r.centerx, r.y + 170), D.MUTED,
                    anchor="center")
        A.blit_text(surface, mode.label.upper(), 60, (r.centerx, r.y + 260), D.GOLD, anchor="center", bold=True,
                    outline=(70, 30, 0))
        if mode.description:
            A.blit_text(surface, mode.description, 30, (r.centerx, r.y + 320), D.CREAM, anchor="midtop", wrap=800)
        A.blit_text(surface, f"Buy for {cur.format(self.price(self.option))}?", 54, (r.centerx, r.y + 450),
                    D.CREAM, anchor="center", bold=True)
        if self.refusal:
            A.blit_text(surface, self.refusal, 28, (r.centerx, r.y + 520), D.RED, anchor="center", bold=True)
        A.blit_text(surface, "SHIFT+ENTER buy   SHIFT+LEFT/RIGHT other options   ESC close", 26,
                    (r.centerx, r.bottom - 40), D.MUTED, anchor="center")
