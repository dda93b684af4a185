"""Ledger format 2's new entries, written by the cabinet itself: a round closed by the
one-day rule (its win credited, or a void entry refunding its cost), tickets and a
handpay, a settled round's RESULT_SHOWN checkpoint, the period meters; then a lab's
tampering tries on each: every one locks, naming the row, and leaves the files as
they were."""
from __future__ import annotations

import dataclasses
import sqlite3
import time
from pathlib import Path

import pytest

from cabinet.core import cash_desk
from cabinet.core.cabinet import Cabinet
from cabinet.core.config import load_config
from cabinet.core.ledger import RESULT_SHOWN, Ledger, LedgerError
from cabinet.core.ledger import cashier
from tests.core.test_ledger_tamper import assert_locks, meters, one, snapshot, sql
from tests.toygame import GAME

DAY = 24 * 3600
DECIDES = dataclasses.replace(GAME, player_decides=True)       # a game whose rounds wait on the player


def cabinet(folder: Path, spec=GAME, later: float = 0.0, extra: str = "") -> Cabinet:
    folder.mkdir(parents=True, exist_ok=True)
    if not (folder / "config.yaml").exists():
        (folder / "config.yaml").write_text("data_dir: .\nmath_source: live\ndemo_credit: '500.00'\n"
                                            "cash: {handpay_limit: '600.00'}\n" + extra)
    return Cabinet(load_config(folder / "config.yaml"), games={spec.id: spec}, seed=5,
                   clock=lambda: time.time() + later)


def play(cab: Cabinet, rounds: int) -> None:
    for _ in range(rounds):
        played = cab.start_round(GAME.id, "base", 100)
        cab.settle(played.round_id)


@pytest.fixture(scope="module")
def template(tmp_path_factory) -> Path:
    """Rounds, a round credited by the one-day rule, a round voided by it, a ticket, a
    handpay, a period reset and a result shown."""
    folder = tmp_path_factory.mktemp("closing")
    cab = cabinet(folder)
    play(cab, 6)
    cab.result_shown(cab.history(1)[0].id)
    cab.start_round(GAME.id, "base", 100)                      # left open ...
    cab.ledger.close()
    cab = cabinet(folder, later=DAY + 60)                       # ... a day: credited at this start
    cab.reset_period("operator")
    play(cab, 3)
    cab.start_round(GAME.id, "buy_bonus", 10)                 # costs 2.00
    cab.ledger.close()
    cab = cabinet(folder, DECIDES, later=DAY + 60)              # a round the player could still change: voided
    cab.deposit(10000)
    assert "handpay" in cash_desk.cash_out(cab)                 # 600.00 < credit: a handpay waits
    cash_desk.pay_handpay(cab, "attendant")
    cab.deposit(5000)
    assert "ticket" in cash_desk.cash_out(cab)
    cab.deposit(20000)
    play(cab, 2)
    cab.ledger.close()
    return folder


def test_the_copy_audits_and_its_meters_add_up(copy):
    cab = cabinet(copy)
    ok, message = cab.audit()
    assert ok and "13 rounds (12 settled, 1 voided, 0 open)" in message, message
    m = cab.meters()
    assert m["games_voided"] == 1 and m["refunded"] == 200 and m["handpays"] == 1 and m["tickets"] == 1
    assert m["handpaid"] > 60000 and m["credits_out"] == m["handpaid"] + m["tickets_out"]
    per = cab.period_meters()
    assert per["games_played"] == 6 and per["since"] is not None        # 3 + the voided one + 2, after the reset
    assert per["total_won"] == sum(r.win_cents for r in cab.history(100)[:5])   # only what was settled since
    closed = cab.events(10, ("round_closed",))
    assert [e[2]["action"] for e in closed] == ["refund", "credit"]
    cab.ledger.close()


def test_a_void_turned_into_a_settlement(copy):
    rid, seq = one(copy, "SELECT id, settle_seq FROM rounds WHERE state = 'voided'")
    sql(copy, f"UPDATE rounds SET state = 'settled' WHERE id = {rid}")
    assert_locks(copy, f"rounds row {rid}'s settlement (chain entry {seq})", "does not match its MAC")


def test_a_settlement_turned_into_a_void(copy):
    rid, seq = one(copy, "SELECT id, settle_seq FROM rounds WHERE state = 'settled' ORDER BY id LIMIT 1")
    sql(copy, f"UPDATE rounds SET state = 'voided' WHERE id = {rid}")
    assert_locks(copy, f"rounds row {rid}'s void (chain entry {seq})", "does not match its MAC")


def test_a_refund_raised_with_its_balance_and_meters(copy):
    rid, seq = one(copy, "SELECT id, seq FROM rounds WHERE state = 'voided'")
    sql(copy, f"UPDATE rounds SET cost_cents = cost_cents + 5000, balance_after = balance_after + 5000 "
              f"WHERE id = {rid}", meters(copy, refunded=5000, balance=5000))
    assert_locks(copy, f"rounds row {rid} (chain entry {seq})", "does not match its MAC")


def test_a_void_removed_to_play_the_round_again(copy):
    rid = one(copy, "SELECT id FROM rounds WHERE state = 'voided'")[0]
    sql(copy, f"UPDATE rounds SET state = 'open', settle_seq = NULL, settle_link = NULL, balance_after = NULL, "
              f"settled_at = NULL WHERE id = {rid}")
    assert_locks(copy, "is missing")


def test_a_handpay_recorded_as_a_ticket(copy):
    cid, seq = one(copy, "SELECT id, seq FROM cash WHERE kind = 'handpay'")
    sql(copy, f"UPDATE cash SET kind = 'out' WHERE id = {cid}", meters(copy, handpaid=-1))
    assert_locks(copy, f"cash row {cid} (chain entry {seq})", "does not match its MAC")


def test_the_refunded_meter_alone(copy):
    sql(copy, meters(copy, refunded=100))
    assert_locks(copy, "meter refunded")


def test_a_round_closed_event_rewritten(copy):
    eid, seq = one(copy, "SELECT id, seq FROM events WHERE kind = 'round_closed' ORDER BY id LIMIT 1")
    sql(copy, f"UPDATE events SET detail = replace(detail, 'credit', 'refund') WHERE id = {eid}")
    assert_locks(copy, f"events row {eid} (chain entry {seq})", "does not match its MAC")


def test_a_shown_result_made_unshown_only_replays_it(copy):
    """The RESULT_SHOWN checkpoint carries its own MAC; putting an older step back with
    a forged MAC locks, and the cabinet's own older step only means showing it again."""
    rid = one(copy, f"SELECT id FROM rounds WHERE checkpoint = {RESULT_SHOWN}")[0]
    sql(copy, f"UPDATE rounds SET checkpoint = 3 WHERE id = {rid}")
    assert_locks(copy, f"rounds row {rid}", "presentation checkpoint does not match its MAC")


def test_rows_altered_while_the_cabinet_runs_are_found_by_the_meters_page(copy):
    cab = cabinet(copy)
    assert not cab.locked
    cab.ledger.db.execute("UPDATE cash SET cents = cents + 100 WHERE kind = 'in' AND id = 1")
    assert cab.meters() == {} and "credits_in" in cab.locked and "altered since the last full audit" in cab.locked
    cab.ledger.close()


def test_a_ledger_of_the_older_format_is_named(copy):
    before = snapshot(copy)
    sql(copy, "UPDATE identity SET version = 1")
    with pytest.raises(LedgerError, match="written by an older version of the cabinet \\(ledger format 1"):
        Ledger(copy / "ledger.sqlite")
    sql(copy, "UPDATE identity SET version = 2")
    assert snapshot(copy)[0]["cabinet.key"] == before[0]["cabinet.key"]


def test_a_settled_round_takes_only_the_result_shown_checkpoint(copy):
    cab = cabinet(copy)
    rec = cab.history(1)[0]
    cab.checkpoint(rec.id, 5)                                   # a late presentation step: ignored
    assert cab.ledger.round(rec.id).checkpoint == rec.checkpoint
    cab.result_shown(rec.id)
    assert cab.ledger.round(rec.id).checkpoint == RESULT_SHOWN and cab.audit()[0]
    cab.ledger.close()


def test_ticket_validation_numbers_are_unique_and_need_the_key(copy):
    key = bytes.fromhex((copy / "cabinet.key").read_text().strip())
    numbers = {cashier.validation_number(key, "cab1", i) for i in range(2000)}
    assert len(numbers) == 2000 and all(len(n.replace("-", "")) == 18 for n in numbers)
    assert cashier.validation_number(b"\0" * 32, "cab1", 7) != cashier.validation_number(key, "cab1", 7)
    cab = cabinet(copy)
    ticket = cash_desk.tickets(cab)[0]
    con = sqlite3.connect(copy / "ledger.sqlite")
    cabinet_id = con.execute("SELECT cabinet FROM identity").fetchone()[0]
    con.close()
    assert ticket["validation"] == cashier.validation_number(key, cabinet_id, ticket["cash_id"])
    cab.ledger.close()
