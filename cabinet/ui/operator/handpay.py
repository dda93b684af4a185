"""The handpay notice: a cash-out above the handpay limit waits for an attendant.

The cabinet plays nothing while it is up (Cabinet.start_round refuses a round too);
it stays across a restart (the pending handpay is an event in the ledger). The
attendant's PIN pays it (the credits leave as a handpay: its own meter) or cancels it
(the credit stays for play). Paid or cancelled anywhere else (the operator menu's
CASH page), the notice closes as soon as it is on top again or drawn.
"""
from __future__ import annotations

import pygame

from cabinet.core import cash_desk
from cabinet.core.cash_desk import CashRefused
from cabinet.core.i18n import N_, _

from .. import draw as D
from ..scene import Scene, register
from ..widgets import Button


@register("handpay")
class HandpayNotice(Scene):
    """Full screen: HANDPAY $X - CALL ATTENDANT, and the attendant's two choices."""

    def __init__(self, app):
        super().__init__(app)
        self.widgets = [
            Button((460, 760, 480, 110), N_("ATTENDANT: PAY BY HAND"), "pay", style="gold", font_size=32),
            Button((980, 760, 480, 110), N_("ATTENDANT: CANCEL"), "cancel", font_size=32)]

    def on_action(self, action: str) -> bool:
        if action in ("pay", "cancel"):
            why = (_("PIN to confirm the handpay was paid by hand") if action == "pay"
                   else _("PIN to cancel the handpay (the credit stays)"))
            self.app.open("pin_pad", "handpay", on_ok=lambda: self.attendant(action), why=why)
        return True                      # nothing else gets past the notice

    def attendant(self, action: str) -> None:
        cab = self.app.cabinet
        try:
            if action == "pay":
                cents = cash_desk.pay_handpay(cab, "attendant")
                self.app.toast(_("Handpay of {amount} recorded").format(amount=cab.currency.format(cents)), 5.0)
            else:
                cash_desk.cancel_handpay(cab, "attendant")
                self.app.toast(_("Handpay cancelled: the credit stays"), 5.0)
        except CashRefused as exc:
            self.app.toast(str(exc), 5.0)
        if cab.handpay is None and self in self.app.stack.scenes:
            self.app.pop(self)

    def _settled(self) -> bool:
        """The handpay is no longer waiting (paid or cancelled elsewhere): close the notice."""
        if self.app.cabinet.handpay is None and self.app.stack.top is self:
            self.app.pop(self)
            return True
        return False

    def resume(self) -> None:
        super().resume()
        self._settled()

    def update(self, dt: float) -> None:
        self._settled()

    def draw(self, surface: pygame.Surface) -> None:
        lay, A, cab = self.app.layout, self.app.assets, self.app.cabinet

        def backdrop() -> pygame.Surface:
            return D.vertical_gradient(lay.size, [(60, 40, 8), (20, 12, 4)])

        surface.blit(A.surface(("handpay_bg", lay.size), backdrop), (0, 0))
        pending = cab.handpay or {"cents": 0, "reason": ""}
        A.blit_text(surface, _("HANDPAY"), 120, (960, 250), D.GOLD, anchor="center", bold=True, outline=(60, 30, 0))
        A.blit_text(surface, cab.currency.format(pending["cents"]), 110, (960, 420), D.CREAM, anchor="center",
                    bold=True, outline=(40, 20, 0))
        call = _("CALL ATTENDANT")
        A.blit_text(surface, call, A.fit(call, 60, 1800, True), (960, 560), D.CREAM, anchor="center", bold=True)
        A.blit_text(surface, pending.get("reason", ""), 30, (960, 650), D.MUTED, anchor="center")
        self.draw_widgets(surface)
