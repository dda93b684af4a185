"""Issue 36 item 3: once the cash-out ticket is printed, the dialog offers DONE only."""
from __future__ import annotations

import pygame

from cabinet.ui.cash_out import CashOutConfirm
from tests.ui.conftest import make_app, press, serve
from tests.ui.operator_menu import tap, texts_drawn

K = pygame


def test_the_printed_ticket_leaves_only_done(tmp_path):
    app = make_app(tmp_path, size=(1280, 720), credit="50.00")
    for application in serve(app):
        dialog = app.open("cash_out")
        assert {w.action for w in dialog.widgets} == {"close", "confirm"}     # before: CANCEL or CASH OUT
        tap(app, "confirm")
        assert dialog.ticket is not None and app.cabinet.balance == 0
        assert [w.action for w in dialog.widgets] == ["confirm"]
        said = texts_drawn(app)
        assert "DONE" in said and "CANCEL" not in said and "X" not in said
        press(app, K.K_ESCAPE)                                               # ESC closes, as DONE does
        assert not isinstance(app.stack.top, CashOutConfirm)
