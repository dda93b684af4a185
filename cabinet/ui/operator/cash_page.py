"""CASH: credits in by the configured denominations (`cash.denominations`), the demo
top-up (never with real play), CASH OUT (a ticket, or above `cash.handpay_limit` a
handpay), a waiting handpay paid or cancelled, and the tickets printed, each of which
can be printed again from the ledger (its picture and JSON)."""
from __future__ import annotations

from cabinet.core import cash_desk
from cabinet.core.cash_desk import CashRefused
from cabinet.core.i18n import N_, _

from .. import draw as D
from .. import voucher
from ..cash_out import cash_out
from .page import Page, when

TICKET_ROWS = 7


class CashPage(Page):
    title = N_("CASH")

    def __init__(self, menu):
        super().__init__(menu)
        self.tickets: list[dict] = []
        notes = self.app.config.cash.denominations
        for i, cents in enumerate(notes[:12]):
            r, c = divmod(i, 3)
            self.button((360 + c * 250, 200 + r * 100, 230, 84), f"+ {self.money(cents)}", f"credit_{cents}",
                        font_size=30, enabled=self._can_credit)

        def can_top_up() -> bool:
            return self._can_credit() and not self.app.config.real_play

        def can_cash_out() -> bool:
            return not self.cab.locked and self.cab.handpay is None and self.cab.balance > 0

        def handpay_pending() -> bool:
            return self.cab.handpay is not None

        self.button((360, 420, 730, 84), lambda: _("DEMO TOP UP {amount}").format(amount=self.money(self._top_up())),
                    "top_up", style="green", font_size=28,
                    enabled=can_top_up)
        self.button((1160, 300, 720, 110), N_("CASH OUT"), "cash_out", style="gold", font_size=44,
                    enabled=can_cash_out)
        self.button((1160, 440, 350, 84), N_("PAY BY HAND"), "handpay_pay", style="gold", font_size=28,
                    enabled=handpay_pending)
        self.button((1530, 440, 350, 84), N_("CANCEL HANDPAY"), "handpay_cancel", font_size=28,
                    enabled=handpay_pending)
        self.button((1530, 600, 350, 84), N_("REPRINT LAST"), "reprint", font_size=28,
                    enabled=lambda: bool(self.tickets))

    def _can_credit(self) -> bool:
        return not self.cab.locked and self.cab.handpay is None

    def _top_up(self) -> int:
        return self.app.config.demo_credit or 100000

    def refresh(self) -> None:
        self.tickets = cash_desk.tickets(self.cab, TICKET_ROWS)

    def on_action(self, action: str) -> bool:
        cab = self.cab
        try:
            if action.startswith("credit_") and action[7:].isdigit():
                cents = int(action[7:])
                cash_desk.credit_in(cab, cents, "operator")
                self.say(_("Credit in: {amount}").format(amount=self.money(cents)))
            elif action == "top_up" and not self.app.config.real_play:
                cash_desk.credit_in(cab, self._top_up(), "operator: demo top-up")
                self.say(_("Credit added: {amount}").format(amount=self.money(self._top_up())))
            elif action == "cash_out":
                text, ticket = cash_out(self.app)
                self.say(text, bad=ticket is None and cab.handpay is None)
            elif action == "handpay_pay":
                self.say(
                    _("Handpay of {amount} recorded").format(amount=self.money(cash_desk.pay_handpay(cab, 'operator')))
                )
            elif action == "handpay_cancel":
                cash_desk.cancel_handpay(cab, "operator")
                self.say(_("Handpay cancelled: the credit stays"))
            elif action == "reprint" and self.tickets:
                self.reprint(self.tickets[0])
            else:
                return False
        except CashRefused as exc:
            self.say(str(exc), bad=True)
        self.refresh()
        return True

    def reprint(self, logged: dict) -> None:
        """The ticket's files again, from its event in the ledger."""
        ticket = {"validation": logged["validation"], "cents": logged["cents"], "cabinet": logged["cabinet"],
                  "cash_id": logged["cash_id"], "event_id": logged["event_id"], "created_at": logged["created_at"],
                  "reprint": True}
        ticket["file"] = cash_desk.write_ticket(self.cab.config.data_path, ticket)
        png = voucher.save_png(ticket, self.cab.currency)
        self.say(_("Ticket #{number} printed again").format(number=f"{ticket['cash_id']:06d}") if png else
                 _("The ticket's files could not be written (is the disk full?)"), bad=png is None)

    def draw(self, surface) -> None:
        cab = self.cab
        self.text(surface, _("CREDIT IN"), (360, 140), 30, D.GOLD, bold=True)
        self.text(surface, _("CREDIT"), (1160, 140), 30, D.GOLD, bold=True)
        self.text(surface, self.money(cab.balance), (1160, 190), 72, D.CREAM, bold=True)
        limit = cab.config.cash.handpay_limit
        self.text(surface, _("Every cash-out is a ticket") if limit is None else
                  _("Above {amount} a cash-out is a handpay").format(amount=self.money(limit)), (1160, 536), 24,
                  D.MUTED)
        if cab.handpay is not None:
            self.text(
                surface,
                _("HANDPAY WAITING: {amount}").format(amount=self.money(cab.handpay['cents'])),
                (1160, 570),
                28,
                D.GOLD,
                bold=True,
            )
        self.text(surface, _("TICKETS PRINTED (newest first)"), (360, 620), 26, D.GOLD, bold=True)
        rows = [[f"#{t['cash_id']:06d}", t["validation"], self.money(t["cents"]), when(t["created_at"])]
                for t in self.tickets]
        if not rows:
            self.text(surface, _("none yet"), (360, 720), 26, D.MUTED)
        self.table(
            surface,
            360,
            670,
            (
                (_("TICKET"), 0, "left"),
                (_("VALIDATION"), 170, "left"),
                (_("AMOUNT"), 760, "right"),
                (_("TIME"), 820, "left"),
            ),
            rows,
            size=24,
            row_h=40,
            width=1520,
        )
