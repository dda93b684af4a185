"""The operator menu's CASH, GAME RECALL and EVENTS pages driven with real clicks and
touches on a real ledger: credit in by note and a ticket with its files, a cash-out
above the limit becoming a handpay the attendant clears with the PIN (across a
restart), the last rounds paged and each replayable, and the event log (logins, PIN
failures, settings) filtered and paged."""
from __future__ import annotations

import json

import pygame
import pytest

from cabinet.ui.game_scene import GameScene
from cabinet.ui.lobby import Lobby
from cabinet.ui.operator import HandpayNotice, PinPad
from tests.ui.conftest import make_app, play_rounds, press, run
from tests.ui.operator_menu import login, operator_app_fixture, tap, texts_drawn
from tests.config_edit import handpay_limit

K = pygame
app = operator_app_fixture()


def test_cash_credit_in_by_note_and_a_ticket_with_its_files(app, tmp_path):
    menu = login(app)
    tap(app, "tab_cash")
    before = app.cabinet.balance
    tap(app, "credit_2000")
    assert app.cabinet.balance == before + 2000
    assert app.cabinet.events(1, ("credit_in",))[0][2] == {"cents": 2000, "by": "operator", "cash_id": 2}
    tap(app, "cash_out")
    assert app.cabinet.balance == 0 and "Ticket printed" in menu.shown.note
    ticket = menu.shown.tickets[0]
    files = sorted((tmp_path / "data" / "vouchers").iterdir())
    assert [f.suffix for f in files] == [".json", ".png"]
    saved = json.loads(files[0].read_text())
    assert saved["validation"] == ticket["validation"] and saved["cents"] == before + 2000
    assert app.cabinet.meters()["tickets_out"] == before + 2000
    files[1].unlink()
    tap(app, "reprint")
    assert files[1].exists() and "printed again" in menu.shown.note


def test_a_cash_out_above_the_limit_is_a_handpay_the_attendant_clears_with_the_pin(tmp_path):
    app = make_app(tmp_path, size=(1280, 720), credit="1000.00")
    handpay_limit(app, 50000)                               # cash.handpay_limit: "500.00"
    app.open("cash_out")
    tap(app, "confirm")
    notice = app.stack.top
    assert isinstance(notice, HandpayNotice) and app.cabinet.handpay["cents"] == 100000
    press(app, K.K_RETURN)
    assert app.stack.top is notice                                      # nothing plays under it
    assert "HANDPAY" in texts_drawn(app) and "CALL ATTENDANT" in texts_drawn(app)
    app.checkpoints.close()
    app.cabinet.close()
    app = make_app(tmp_path, size=(1280, 720), credit="1000.00")        # it waits across a restart
    handpay_limit(app, 50000)
    run(app, 1)
    assert isinstance(app.stack.top, HandpayNotice)
    tap(app, "pay")
    assert isinstance(app.stack.top, PinPad)
    for d in "1234":
        tap(app, f"pin_{d}")
    tap(app, "pin_OK")
    assert app.cabinet.handpay is None and app.cabinet.balance == 0 and isinstance(app.stack.top, Lobby)
    m = app.cabinet.meters()
    assert m["handpaid"] == 100000 and m["handpays"] == 1 and m["credits_out"] == 100000
    app.checkpoints.close()
    app.cabinet.close()


@pytest.mark.slow
def test_game_recall_the_last_ten_and_every_round_paged_each_replayable(app):
    play_rounds(app, 12)
    rid = app.cabinet.history(1)[0].id
    app.cabinet.side_draw("gamble", 10, 20, True, {"wheel": "cash"}, rid)
    press(app, K.K_ESCAPE)
    menu = login(app)
    tap(app, "tab_recall")
    page = menu.shown
    assert [r.id for r in page.rounds] == list(range(12, 2, -1))        # newest first, ten to a page
    assert page.draws and page.draws[0]["won"] and page.draws[0]["prize_cents"] == 20
    tap(app, "older")
    assert [r.id for r in page.rounds] == [2, 1]
    tap(app, "newer")
    tap(app, "game_toyui")
    assert len(page.rounds) == 10
    y = 214 + 34 + 3 * 44 + 20                                          # the fourth row, by touch
    x, yy = app.layout.pt(900, y)
    w, h = app.surface.get_size()
    for etype in (K.FINGERDOWN, K.FINGERUP):
        pygame.event.post(pygame.event.Event(etype, x=x / w, y=yy / h, dx=0.0, dy=0.0, finger_id=1, touch_id=1,
                                             pressure=1.0))
    run(app, 1)
    assert page.selected == 3
    chosen = page.rounds[3].id
    tap(app, "replay")
    recall = app.stack.top
    assert isinstance(recall, GameScene) and recall.recall_mode and recall.played.round_id == chosen
    press(app, K.K_ESCAPE)
    assert app.stack.top is menu and menu.current == "recall"


def test_the_event_log_lists_logins_pin_failures_and_settings_filtered_and_paged(app):
    press(app, K.K_o, K.KMOD_LCTRL | K.KMOD_LSHIFT)
    for d in "9999":
        press(app, getattr(K, f"K_{d}"))
    press(app, K.K_RETURN)
    press(app, K.K_ESCAPE)
    menu = login(app)
    tap(app, "tab_settings")
    tap(app, "set_gamble_next")
    tap(app, "tab_events")
    page = menu.shown
    tap(app, "filter_SECURITY")
    kinds = [e[1] for e in page.rows]
    assert kinds[:3] == ["settings_changed", "operator_login", "pin_failure"]
    assert page.rows[0][2]["from"] == "on_5x" and page.rows[0][2]["to"] == "off"
    for _ in range(20):
        app.cabinet.log("audit", {"result": "ok", "by": "test"})
    tap(app, "filter_ALL")
    assert len(page.rows) == 15
    first = page.rows[0][0]
    tap(app, "older")
    assert page.rows[0][0] < first - 14
    tap(app, "newer")
    assert page.rows[0][0] == first
