"""The start's check (cabinet/core/ledger/seal.py): a start walks only the entries
written since the last start and digests the ones before; a row changed among those
runs the full audit, which names it; a checkpoint moved on after the seal (a result
shown again) opens after a full audit that passes, and is sealed again; `full_audit`
(`main.py --audit`) walks every entry."""
from __future__ import annotations

import sqlite3

import pytest

import cabinet.core.ledger.audit as audit
from cabinet.core.ledger import RESULT_SHOWN, Ledger, LedgerError
from cabinet.core.ledger.chain import Head

BOOK = {"source": "books", "book": 7, "force": None}


def fill(led: Ledger, rounds: int) -> list[int]:
    ids = []
    for i in range(rounds):
        rid = led.open_round("g", "base", 100, 100, BOOK, (i * 37) % 300, (i * 37) % 300, False, [])
        led.checkpoint(rid, 3)
        led.settle_round(rid)
        ids.append(rid)
    return ids


def start(path, **kw) -> Ledger:
    """Open as a start does, and write its power-up (the first write seals what it checked)."""
    led = Ledger(path, **kw)
    led.log_event("power_up", {})
    return led


def head(path) -> Head:
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return Head.parse(con.execute("SELECT body FROM audit_head").fetchone()[0])
    finally:
        con.close()


def edit(path, statement: str) -> None:
    con = sqlite3.connect(path, isolation_level=None)
    con.execute(statement)
    con.close()


@pytest.fixture
def path(tmp_path):
    p = tmp_path / "l.sqlite"
    led = Ledger(p)
    led.deposit(100000)
    fill(led, 60)
    led.close()
    start(p).close()                   # a second start: the seal covers all of it
    return p


def full_audits(monkeypatch) -> list[int]:
    calls: list[int] = []
    real = audit.full
    monkeypatch.setattr(audit, "full", lambda *a: calls.append(1) or real(*a))
    return calls


def test_a_start_walks_only_what_was_written_since_the_last_start(path, monkeypatch):
    sealed = head(path).seal
    top = head(path).seq
    assert sealed is not None and sealed.seq == top - 1          # all but its own power-up
    led = Ledger(path)
    fill(led, 5)                                        # its first write sealed to `top`; 10 entries more
    led.close()
    calls = full_audits(monkeypatch)
    led = start(path)
    report = led.report
    assert calls == [] and report.sealed == top and report.entries == top + 10
    assert f"{top + 10} chain entries: 1-{top} by the seal" in report.summary()
    assert head(path).seal.seq == top + 10              # and sealed again, at the head it checked
    assert led.audit()[0] and "rounds (65 settled, 0 open)" in led.audit()[1]
    led.close()


@pytest.mark.slow
@pytest.mark.parametrize("statement, named", [
    ("UPDATE rounds SET mode = 'buy' WHERE id = 3", "rounds row 3 (chain entry"),
    ("UPDATE rounds SET checkpoint = 5 WHERE id = 4", "rounds row 4"),
    ("UPDATE events SET detail = '{}' WHERE id = 1", "events row 1 (chain entry 1)"),
    ("UPDATE cash SET created_at = created_at + 1e-6 WHERE id = 1", "cash row 1"),
    ("UPDATE rounds SET settled_at = CAST(settled_at AS TEXT) WHERE id = 7", "rounds row 7's settlement"),
])
def test_a_sealed_row_changed_runs_the_full_audit_which_names_it(path, monkeypatch, statement, named):
    edit(path, statement)
    before = path.read_bytes()
    calls = full_audits(monkeypatch)
    with pytest.raises(LedgerError, match="ledger audit failed") as failed:
        Ledger(path)
    assert calls == [1] and named in str(failed.value)
    assert path.read_bytes() == before                   # nothing written, the seal kept


def test_a_start_that_writes_nothing_leaves_the_files_as_they_were(path):
    before = path.read_bytes()
    Ledger(path).close()
    assert path.read_bytes() == before

def test_a_result_shown_after_the_seal_opens_after_a_passing_full_audit(tmp_path, monkeypatch):
    p = tmp_path / "l.sqlite"
    led = Ledger(p)
    led.deposit(100000)
    last = fill(led, 4)[-1]                             # settled, its result not yet shown in full
    led.close()
    start(p).close()                                    # the start seals it so
    led = Ledger(p)
    led.checkpoint(last, RESULT_SHOWN)                  # shown again after the restart, then shown in full
    led.close()
    calls = full_audits(monkeypatch)
    led = start(p)
    assert calls == [1] and led.report.sealed is None and led.round(last).checkpoint == RESULT_SHOWN
    led.close()
    calls.clear()
    start(p).close()                                    # sealed again: the next start digests it
    assert calls == []


def test_full_audit_on_demand_walks_every_entry(path, monkeypatch):
    calls = full_audits(monkeypatch)
    led = Ledger(path, full_audit=True)
    assert calls == [1] and led.report.sealed is None and led.report.counts["round"] == 60
    led.close()


def test_an_open_rounds_state_and_checkpoint_are_checked_at_a_sealed_start(path):
    led = Ledger(path)
    rid = led.open_round("g", "base", 100, 100, BOOK, 0, 0, False, [])
    led.close()
    start(path).close()                                 # sealed with the round open
    edit(path, f"UPDATE rounds SET checkpoint = 9 WHERE id = {rid}")
    with pytest.raises(LedgerError, match=f"rounds row {rid} .*checkpoint does not match its MAC"):
        Ledger(path)
