"""Issue 36 item 4: the operator pages speak in words, not ids: the event log's kinds,
amounts with the currency, settings and modes by their labels; the recall's BET and
COST are separate columns (a buy's price is not its bet)."""
from __future__ import annotations

import pytest

import pygame

from tests.ui.conftest import make_app, open_game, press, serve, settle
from tests.ui.operator_menu import login, tap, texts_drawn

K = pygame


@pytest.mark.slow
def test_event_log_settings_and_recall_speak_in_words(tmp_path):
    app = make_app(tmp_path, size=(1920, 1080), credit="1000.00")
    for application in serve(app):
        scene = open_game(app)
        assert scene.play("buy_bonus")                       # a buy: bet $1.00, price $20.00
        settle(app, scene)
        rec = app.cabinet.history(1)[0]
        assert rec.mode == "buy_bonus" and rec.cost_cents == 2000 and rec.bet_cents == 100
        app.cabinet.log("round_closed", {"round": rec.id, "game": "toyui", "mode": "buy_bonus",
                                         "action": "credit", "cents": 125000})
        press(app, K.K_ESCAPE)
        menu = login(app)
        tap(app, "tab_cash")
        tap(app, "top_up")                                   # credit_in, cents 100000
        tap(app, "tab_settings")
        said = texts_drawn(app)
        assert "on for wins of 5x the bet" in said and "on_5x" not in said
        menu.on_action("set_gamble_next")                    # on_5x -> off, logged
        assert app.config.gamble == "off"
        tap(app, "tab_events")
        said = " | ".join(texts_drawn(app))
        for words in ("Credit in", "amount $1,000.00", "Open round closed", "amount $1,250.00", "mode Coin Bonus",
                      "game Toy Reels", "Setting changed", "setting Gamble", "from on for wins of 5x the bet",
                      "to off"):
            assert words in said, words
        for ids in ("credit_in", "cents 100000", "cents 125000", "on_5x", "buy_bonus", "settings_changed"):
            assert ids not in said, ids
        tap(app, "tab_recall")
        said = texts_drawn(app)
        assert "BET" in said and "COST" in said
        row = menu.shown.row(rec)
        assert row[4] == "$1.00" and row[5] == "$20.00"      # the bet, then the buy's price
        assert "$1.00" in said and "$20.00" in said


def test_the_power_up_and_ledger_created_rows_are_in_words(tmp_path):
    """The SYSTEM rows an operator reads first: no chain hashes, no cabinet id, no
    "closed rounds []", but what happened in words."""
    import re
    app = make_app(tmp_path, size=(1920, 1080), credit="1000.00")
    for application in serve(app):
        login(app)
        tap(app, "tab_events")
        tap(app, "filter_SYSTEM")
        said = " | ".join(texts_drawn(app))
        assert "Power up" in said and "Ledger created" in said
        assert "audit passed" in said and "balance $1,000.00" in said and "no unfinished round closed" in said
        assert "a new ledger" in said
        for raw in ("closed rounds", "[]", "head ", "cabinet ", "checked "):
            assert raw not in said, (raw, said)
        assert not re.search(r"[0-9a-f]{12}", said), said
