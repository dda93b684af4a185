"""The soak benchmark's own rules (python -m cabinet.ui.soak): its attendant pays a
waiting handpay the way the notice does after the PIN, and bad arguments get one line."""
from __future__ import annotations

import pytest

from cabinet.ui import soak
from cabinet.ui.operator import HandpayNotice, PinPad
from tests.ui.test_closed_scene_memory import handpay_app


def test_the_soak_attendant_pays_the_waiting_handpay_and_the_notice_closes(tmp_path):
    app = handpay_app(tmp_path)                       # $1,000.00 cashed out above a $500.00 limit
    app.stack.top.on_action("pay")                    # the PIN pad left open over the notice
    assert isinstance(app.stack.top, PinPad)
    soak.attend(app)
    assert app.cabinet.handpay is None and app.cabinet.balance == 0
    assert app.stack.find("handpay") is None and not isinstance(app.stack.top, (HandpayNotice, PinPad))
    meters = app.cabinet.meters()
    assert meters["handpaid"] == 100000 and meters["handpays"] == 1
    app.checkpoints.close()
    app.cabinet.close()


@pytest.mark.parametrize("argv, said", [
    (["input", "--events", "0"], "--events 0: allowed a whole number of 10 or more"),
    (["input", "--attendant", "0"], "--attendant 0: allowed a whole number of 1 or more"),
    (["autoplay", "--rounds", "-5"], "--rounds -5: allowed a whole number of 1 or more"),
    (["input", "--size", "wide"], "--size 'wide': allowed WIDTHxHEIGHT, like 1920x1080")])
def test_bad_soak_arguments_are_refused_in_one_line(argv, said, capsys):
    with pytest.raises(SystemExit) as stop:
        soak.main(argv)
    assert stop.value.code == 2
    assert capsys.readouterr().err.strip().splitlines()[-1].endswith(said)


def test_an_unknown_soak_game_is_named_with_the_games_allowed(tmp_path):
    with pytest.raises(SystemExit) as stop:
        soak.make_app(tmp_path, (640, 360), kiosk=False, game="nope")
    assert str(stop.value) == ("soak: --game 'nope': allowed one of grinning_harvest, happy_money_hens, "
                               "piggy_farm")
