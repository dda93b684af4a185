"""Issue 36 item 2: a handpay paid (or cancelled) from the operator menu's CASH page
clears the HANDPAY - CALL ATTENDANT screen when the operator logs out."""
from __future__ import annotations

import pygame
import pytest

from cabinet.ui.operator import OperatorMenu
from cabinet.ui.operator.handpay import HandpayNotice
from cabinet.ui.cash_out import CashOutConfirm
from tests.ui.conftest import make_app, press, run, serve
from tests.ui.operator_menu import login, tap, texts_drawn
from tests.config_edit import handpay_limit

K = pygame


@pytest.mark.parametrize("action", ["handpay_pay", "handpay_cancel"])
def test_paying_the_handpay_on_the_cash_page_clears_the_handpay_screen_at_log_out(tmp_path, action):
    app = make_app(tmp_path, size=(1280, 720), credit="1000.00")
    for application in serve(app):
        handpay_limit(app, 50000)
        app.open("cash_out")
        tap(app, "confirm")
        assert isinstance(app.stack.top, HandpayNotice) and app.cabinet.handpay["cents"] == 100000
        menu = login(app)
        tap(app, "tab_cash")
        tap(app, action)
        assert app.cabinet.handpay is None
        tap(app, "close")                                   # LOG OUT
        run(app, 2)
        assert not isinstance(app.stack.top, (HandpayNotice, OperatorMenu)), app.stack.top
        assert app.stack.find(HandpayNotice) is None
        assert app.stack.find("cash_out") is None, "the cash-out dialog came back after the handpay was settled"
        said = " | ".join(texts_drawn(app)).upper()
        assert "ATTENDANT" not in said and "HANDPAY" not in said, said
        assert not any(getattr(w, "action", None) == "close" and getattr(w, "label", "") == "CANCEL"
                       for w in app.stack.top.widgets)
        press(app, K.K_o, K.KMOD_LCTRL | K.KMOD_LSHIFT)     # no second PIN entry finds "No handpay is waiting"
        assert not isinstance(app.stack.top, HandpayNotice)
        del menu


def test_the_cash_out_dialog_closes_when_its_handpay_is_called(tmp_path):
    """The handpay notice is the handpay's screen: the CASH OUT dialog under it, with its
    CANCEL and X, is gone once the handpay is called (nothing is left to cancel)."""
    app = make_app(tmp_path, size=(1280, 720), credit="1000.00")
    for application in serve(app):
        handpay_limit(app, 50000)
        app.open("cash_out")
        tap(app, "confirm")
        assert isinstance(app.stack.top, HandpayNotice)
        assert not any(isinstance(s, CashOutConfirm) for s in app.stack.scenes), app.stack.scenes
