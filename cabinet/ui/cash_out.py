"""CASH OUT, for the player (the lobby's button) and the operator (the cash page).

The whole credit leaves as a ticket (a voucher: its picture and JSON in
<data_dir>/vouchers/, the movement in the ledger first), or, above the configured
handpay limit, as a handpay: the cabinet stops on the handpay notice (handpay.py)
until an attendant pays it by hand or cancels it with the PIN. Either way the player's
session ends: the history a kiosk shows starts again (kiosk.Session).
"""
from __future__ import annotations

from typing import Any

import pygame

from cabinet.core import cash_desk, i18n
from cabinet.core.cash_desk import CashRefused
from cabinet.core.i18n import N_, _

from . import draw as D
from . import voucher
from .overlay import Overlay
from .scene import register
from .widgets import Button


def cash_out(app: Any, notice: bool = True) -> tuple[str, dict[str, Any] | None]:
    """Cash the credit out: (what to tell the person, the ticket or None). A handpay
    opens the handpay notice unless `notice` is False (the caller opens it itself)."""
    cab = app.cabinet
    try:
        paid = cash_desk.cash_out(cab)
    except CashRefused as exc:
        return i18n.said(exc), None
    app.session.new_session("cash_out")
    if "handpay" in paid:
        if notice:
            app.show_handpay()
        return _("Handpay of {amount}: call the attendant").format(
            amount=cab.currency.format(paid['handpay']['cents'])), None
    ticket = paid["ticket"]
    png = voucher.save_png(ticket, cab.currency)
    if png:
        return _("Ticket printed: {amount}, validation {number}").format(
            amount=ticket['amount'], number=ticket['validation']), ticket
    return _("Ticket printed: {amount}, validation {number} (its file could not be written: the operator "
             "reprints it)").format(amount=ticket['amount'], number=ticket['validation']), ticket


@register("cash_out")
class CashOutConfirm(Overlay):
    """'Cash out $X?' - then the ticket printed, or the handpay called. Once the
    ticket is printed nothing is left to cancel: the only control is DONE. A handpay
    closes the dialog: the handpay notice is its screen from then on, and nothing of
    this dialog (its CANCEL, its "call the attendant") comes back once it is settled."""

    title = N_("CASH OUT")
    panel_rect = pygame.Rect(460, 200, 1000, 680)

    def __init__(self, app):
        super().__init__(app)
        self.result: str | None = None
        self.ticket: dict[str, Any] | None = None

        def confirm_label() -> str:
            return _("DONE") if self.result else _("CASH OUT")

        self.widgets = [*self.confirm_buttons(confirm_label)]

    def on_action(self, action: str) -> bool:
        if action in ("close",) or (action in ("confirm", "select", "spin") and self.result):
            self.app.pop(self)
        elif action in ("confirm", "select", "spin"):
            self.result, self.ticket = cash_out(self.app, notice=False)
            if self.app.cabinet.handpay is not None and self.ticket is None:
                self.app.pop(self)
                self.app.show_handpay()
                return True
            if self.ticket is not None:              # printed: DONE alone, no CANCEL or X
                r = self.panel_rect
                self.widgets = [Button((r.centerx - 200, r.bottom - 140, 400, 100), N_("DONE"), "confirm",
                                       style="gold", font_size=34)]
        else:
            return False
        return True

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface)
        A, cab = self.app.assets, self.app.cabinet
        if self.result is None:
            ask = _("Cash out {amount}?").format(amount=cab.currency.format(cab.balance))
            A.blit_text(surface, ask, A.fit(ask, 54, 920, True), (960, 380), D.CREAM, anchor="center", bold=True)
            limit = cab.config.cash.handpay_limit
            hint = (_("A ticket is printed with the whole credit.") if limit is None else
                    _("A ticket is printed; above {amount} an attendant pays by hand.").format(
                        amount=cab.currency.format(limit)))
            A.blit_text(surface, hint, 30, (960, 452), D.MUTED, anchor="midtop", wrap=900)
        else:
            A.blit_text(surface, self.result, 30, (960, 300), D.GOLD if self.ticket else D.RED, anchor="midtop",
                        wrap=880, bold=True)
            ticket = self.ticket
            if ticket is not None:
                lay = self.app.layout
                pic = A.surface(("ticket", ticket["cash_id"], lay.px(520)),
                                lambda: voucher.thumbnail(ticket, cab.currency, lay.px(520)))
                surface.blit(pic, pic.get_rect(midtop=lay.pt(960, 410)))
        self.draw_widgets(surface)
