"""Grinning Harvest's GAME INTERRUPTED sheet, on the cabinet (every game), with an
injectable clock:

"If an incomplete game round has not been resumed after one day, it will be canceled
and the bet refunded"; "Winnings earned on unfinished game rounds where the player can
no longer influence the outcome will be automatically credited"; "The results of a
completed round (where the results display was interrupted) will only be displayed
again within the game if they are winning rounds".
"""
from __future__ import annotations

import dataclasses
import time

import pytest

from cabinet.core.cabinet import Cabinet
from cabinet.core.config import load_config
from cabinet.core.ledger import RESULT_SHOWN
from cabinet.core.schema import ConfigError
from tests.toygame import GAME

HOUR = 3600
DECIDES = dataclasses.replace(GAME, player_decides=True)


def cabinet(tmp_path, after: float = 0.0, spec=GAME, extra: str = "") -> Cabinet:
    path = tmp_path / "config.yaml"
    if not path.exists():
        path.write_text("data_dir: .\nmath_source: live\ndemo_credit: '100.00'\n" + extra)
    return Cabinet(load_config(path), games={spec.id: spec}, seed=11, clock=lambda: time.time() + after)


def a_winning_round_left_open(tmp_path, spec=GAME):
    cab = cabinet(tmp_path, spec=spec)
    while True:
        played = cab.start_round(GAME.id, "base", 100)
        if played.win_cents > 0:
            break
        cab.settle(played.round_id)
    balance = cab.balance
    cab.ledger.close()                       # the player walked away mid-round
    return played, balance


def test_a_round_is_resumed_as_usual_within_the_day(tmp_path):
    played, balance = a_winning_round_left_open(tmp_path)
    cab = cabinet(tmp_path, after=24 * HOUR - 60)
    again = cab.open_round()
    assert again is not None and again.round_id == played.round_id and cab.balance == balance
    assert not cab.events(10, ("round_closed",))


def test_after_one_day_its_win_the_player_can_no_longer_change_is_credited(tmp_path):
    played, balance = a_winning_round_left_open(tmp_path)
    cab = cabinet(tmp_path, after=24 * HOUR + 1)
    assert cab.open_round() is None
    assert cab.balance == balance + played.win_cents
    rec = cab.ledger.round(played.round_id)
    assert rec.state == "settled" and rec.win_cents == played.win_cents
    (eid, kind, detail, _), = cab.events(5, ("round_closed",))
    assert detail["action"] == "credit" and detail["round"] == played.round_id and detail["cents"] == played.win_cents
    assert detail["age_seconds"] >= 24 * HOUR and "24 hours" in detail["why"]
    power_up = cab.events(1, ("power_up",))[0][2]
    assert power_up["closed_rounds"] == [played.round_id]
    # a winning round whose result was never shown: the game shows it at the next opening
    shown = cab.unshown_result(GAME.id)
    assert shown is not None and shown.round_id == played.round_id and shown.checkpoint == RESULT_SHOWN
    ok, message = cab.audit()
    assert ok, message


def test_a_round_the_player_could_still_change_is_cancelled_and_its_bet_refunded(tmp_path):
    played, balance = a_winning_round_left_open(tmp_path, DECIDES)
    cab = cabinet(tmp_path, after=25 * HOUR, spec=DECIDES)
    assert cab.open_round() is None
    assert cab.balance == balance + played.cost_cents         # the bet back, not the win
    rec = cab.ledger.round(played.round_id)
    assert rec.state == "voided"
    m = cab.meters()
    assert m["refunded"] == played.cost_cents and m["games_voided"] == 1
    assert cab.events(1, ("round_closed",))[0][2]["action"] == "refund"
    assert cab.unshown_result() is None                       # nothing to show: it was cancelled
    assert played.round_id not in [r.id for r in cab.history(50)]   # not a completed round
    assert cab.audit()[0]


def test_the_time_is_a_config_setting(tmp_path):
    played, balance = a_winning_round_left_open(tmp_path)
    (tmp_path / "config.yaml").write_text((tmp_path / "config.yaml").read_text() + "unfinished_round_hours: 48\n")
    assert cabinet(tmp_path, after=30 * HOUR).open_round() is not None
    cab = cabinet(tmp_path, after=48 * HOUR + 5)
    assert cab.open_round() is None and cab.balance == balance + played.win_cents


@pytest.mark.parametrize("value, words", [("0", "from 1 to 8760"), ("'a day'", "wrong type"), ("9000", "8760")])
def test_a_bad_time_is_refused_naming_the_key(tmp_path, value, words):
    (tmp_path / "config.yaml").write_text(f"unfinished_round_hours: {value}\n")
    with pytest.raises(ConfigError, match="unfinished_round_hours") as err:
        load_config(tmp_path / "config.yaml")
    assert words in str(err.value) and "allowed" in str(err.value)


def play_until_a_win(cab):
    """Settled rounds until one wins; that one (its celebration not yet shown)."""
    while True:
        played = cab.start_round(GAME.id, "base", 100)
        cab.settle(played.round_id)
        if played.win_cents:
            return played


def test_a_winning_result_cut_short_is_shown_again_until_it_is_shown_in_full(tmp_path):
    cab = cabinet(tmp_path)
    played = play_until_a_win(cab)
    assert cab.unshown_result().round_id == played.round_id   # settled, celebration not finished
    cab.result_shown(played.round_id)
    assert cab.unshown_result() is None
    lost = None
    while lost is None:
        p = cab.start_round(GAME.id, "base", 100)
        cab.settle(p.round_id)
        lost = p if p.win_cents == 0 else None
    assert cab.unshown_result() is None                       # only winning rounds are displayed again


def test_a_win_that_was_gambled_is_not_shown_again(tmp_path):
    cab = cabinet(tmp_path)
    played = play_until_a_win(cab)
    cab.side_draw("gamble", played.win_cents, 2 * played.win_cents, False, {"game": GAME.id}, played.round_id)
    assert cab.unshown_result() is None
