"""The operator menu's SETTINGS page and the PIN driven with real clicks and touches on
a real ledger: settings validated, saved (with their MAC), applied and logged; the PIN
changed (entered twice, kept in the ledger, the old one refused), its 4 to 12 digits
(3 and 13 refused in one clear line), a hash planted in operator.json opening nothing,
and a locked ledger opening only AUDIT / RAM CLEAR with config.yaml's PIN."""
from __future__ import annotations

import json

import pygame

from cabinet.core.operator_settings import settings_path
from cabinet.ui.lobby import Lobby
from cabinet.ui.operator import PinPad
from tests.ui.conftest import press
from tests.ui.operator_menu import login, operator_app_fixture, tap, texts_drawn, wrong_pin

K = pygame
app = operator_app_fixture()


def test_settings_are_validated_saved_applied_and_logged(app, tmp_path):
    menu = login(app)
    tap(app, "tab_settings")
    page = menu.shown
    tap(app, "set_turbo_allowed_next")
    assert app.config.turbo_allowed is False and app.turbo_allowed is False
    tap(app, "set_min_round_seconds_next")
    assert app.min_round_seconds == 1.0
    tap(app, "section_protection")                                      # player protection: its own section
    tap(app, "set_protection_next")
    assert app.session.enabled
    tap(app, "section_cabinet")
    tap(app, "set_max_buy_cost_next")                                   # no cap -> 50.00
    assert app.config.max_buy_cost == 5000
    saved = json.loads(settings_path(app.config).read_text())
    assert saved.pop("mac") and saved == {"turbo_allowed": False, "min_round_seconds": 1.0, "protection": True,
                                          "max_buy_cost": "50.00"}                 # with its MAC: the menu's own
    tap(app, "section_games")
    tap(app, "bet_100")                                                 # the default bet off the ladder: refused
    assert page.note.startswith("Refused: games.toyui.default_bet = $1.00 is not on the bet ladder")
    assert app.cabinet.games["toyui"].bet_ladder == (10, 20, 50, 100)
    tap(app, "bet_20")                                                  # 0.20 off the ladder: fine
    assert app.cabinet.games["toyui"].bet_ladder == (10, 50, 100)
    tap(app, "set_default_bet_prev")
    assert app.cabinet.games["toyui"].default_bet == 50
    tap(app, "set_enabled_next")                                        # the game off
    assert "toyui" not in app.cabinet.games
    logged = [e[2]["key"] for e in app.cabinet.events(20, ("settings_changed",))]
    assert logged[:3] == ["enabled", "default_bet", "bet_ladder"] and len(logged) == 7
    tap(app, "close")
    assert isinstance(app.stack.top, Lobby) and app.stack.top.specs == []


def enter_twice(app, digits: str) -> None:
    for _ in range(2):
        for d in digits:
            tap(app, f"pin_{d}")
        tap(app, "pin_OK")


def test_the_pin_is_changed_twice_entered_and_the_old_one_stops_working(app):
    menu = login(app)
    tap(app, "tab_settings")
    tap(app, "section_pin")
    tap(app, "change_pin")
    enter_twice(app, "8642")
    assert app.stack.top is menu and "PIN changed" in menu.shown.note
    assert not settings_path(app.config).exists()                   # the PIN lives in the ledger
    (_, _, detail, _), = app.cabinet.events(5, ("pin_changed",))
    assert detail["by"] == "operator" and "8642" not in json.dumps(detail)
    tap(app, "close")
    wrong_pin(app, "1234")
    login(app, "8642")


def test_a_pin_of_4_or_12_digits_is_taken_3_and_13_are_refused_in_one_clear_line(app):
    from tests.ui.textcheck import text_problems
    menu = login(app)
    tap(app, "tab_settings")
    tap(app, "section_pin")
    page = menu.shown
    assert text_problems(app, "settings: PIN") == []
    tap(app, "change_pin")
    pad = app.stack.top
    assert isinstance(pad, PinPad) and pad.why == "Enter the new PIN (4 to 12 digits) twice"
    for d in "1234567890123":                                        # the 13th digit is refused, and said so
        tap(app, f"pin_{d}")
    assert pad.entered == "123456789012" and pad.error == "A PIN has at most 12 digits"
    assert "12 of 4 to 12 digits" in texts_drawn(app)
    assert text_problems(app, "PIN pad, 12 digits") == []
    tap(app, "pin_OK")
    for d in "123456789012":
        tap(app, f"pin_{d}")
    tap(app, "pin_OK")
    assert app.stack.top is menu and page.note == "PIN changed: 12 digits, kept in the ledger (pin_changed, logged)"
    assert page.pin_changed and text_problems(app, "settings: PIN changed") == []
    tap(app, "change_pin")
    enter_twice(app, "135")
    assert page.note == "Refused: a new PIN of 3 digits is not allowed; allowed: 4 to 12 digits 0-9"
    assert page.note_bad and "135" not in page.note.replace("3 digits", "")
    assert page.new_pin("1234567890123") is False
    assert page.note == "Refused: a new PIN of 13 digits is not allowed; allowed: 4 to 12 digits 0-9"
    tap(app, "change_pin")
    enter_twice(app, "2580")
    assert page.note.startswith("PIN changed: 4 digits")
    tap(app, "close")
    login(app, "2580")
    assert len(app.cabinet.events(10, ("pin_changed",))) == 2


def test_a_hash_in_operator_json_does_not_open_the_menu(tmp_path):
    """The lab's attack through the pad: 0000's PBKDF2 hash written into operator.json."""
    import hashlib
    from tests.ui.conftest import make_app
    first = make_app(tmp_path)
    path = settings_path(first.config)
    first.checkpoints.close()
    first.cabinet.close()
    salt = b"0123456789abcdef"
    path.write_text(json.dumps({"operator_pin_hash": f"pbkdf2_sha256$100000${salt.hex()}$"
                                                    f"{hashlib.pbkdf2_hmac('sha256', b'0000', salt, 100_000).hex()}"}))
    app = make_app(tmp_path)
    wrong_pin(app, "0000")
    login(app, "1234")
    app.checkpoints.close()


def test_a_locked_ledger_opens_only_audit_with_config_pin_and_restarts_no_count(app):
    from tests.ui.textcheck import text_problems
    menu = login(app)
    tap(app, "tab_settings")
    tap(app, "section_pin")
    tap(app, "change_pin")
    enter_twice(app, "8642")
    tap(app, "close")
    press(app, K.K_o, K.KMOD_LCTRL | K.KMOD_LSHIFT)                   # one wrong PIN, chained
    for d in "9999":
        press(app, getattr(K, f"K_{d}"))
    press(app, K.K_RETURN)
    press(app, K.K_ESCAPE)
    assert app.pin_guard.failures == 1
    app.cabinet.lock("test: the ledger cannot be trusted")
    press(app, K.K_o, K.KMOD_LCTRL | K.KMOD_LSHIFT)
    pad = app.stack.top
    assert "Ledger locked: config.yaml's PIN opens AUDIT / RAM CLEAR" in texts_drawn(app)
    assert text_problems(app, "PIN pad, ledger locked") == []
    for d in "8642":                                                 # the ledger's PIN: not trusted now
        tap(app, f"pin_{d}")
    tap(app, "pin_OK")
    assert app.stack.top is pad and pad.error == "Wrong PIN"
    menu = login(app, "1234")                                        # config.yaml's: AUDIT / RAM CLEAR only
    assert menu.current == "system" and not menu.allowed("cash") and not menu.allowed("settings")
    assert app.pin_guard.failures == 2                               # the login is not chained: no restart
