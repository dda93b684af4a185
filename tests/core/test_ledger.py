"""The ledger: one-transaction debit/credit, idempotent settle, side draws, audit, locking."""

import pytest

from cabinet.core.ledger import InsufficientCredit, Ledger, LedgerError

BOOK = {"source": "books", "book": 7, "force": None}


@pytest.fixture
def led(tmp_path):
    led = Ledger(tmp_path / "l.sqlite")
    led.deposit(10000)
    return led


def test_round_debits_then_credits_once(led):
    rid = led.open_round("g", "base", 100, 120, BOOK, 350, 350, False, ["bonus"])
    assert led.balance == 10000 - 120
    led.checkpoint(rid, 2)
    led.checkpoint(rid, 1)  # never backwards
    assert led.open_rounds()[0].checkpoint == 2
    assert led.settle_round(rid) == 350
    assert led.settle_round(rid) == 0
    assert led.balance == 10000 - 120 + 350
    m = led.meters()
    assert m["total_bet"] == 120 and m["total_won"] == 350 and m["games_played"] == 1 and m["games_won"] == 1
    assert m["per_game"]["g"]["modes"]["base"]["games_played"] == 1
    assert led.audit()[0]


def test_insufficient_credit_changes_nothing(led):
    with pytest.raises(InsufficientCredit):
        led.open_round("g", "base", 100, 20000, BOOK, 0, 0, False, [])
    assert led.balance == 10000 and led.meters()["games_played"] == 0


def test_gamble_stakes_are_not_bets(led):
    rid = led.open_round("g", "base", 100, 100, BOOK, 500, 500, False, [])
    led.settle_round(rid)
    led.side_draw("gamble_cash", 500, 1000, True, {"x": 2}, rid)
    led.side_draw("gamble_cash", 1000, 2000, False, {"x": 2}, rid)
    m = led.meters()
    assert m["total_bet"] == 100 and m["side_staked"] == 1500 and m["side_won"] == 1000
    assert led.balance == 10000 - 100 + 500 + 500 - 1000
    assert led.audit()[0]


def test_game_state_saved_with_settlement(led):
    rid = led.open_round("hens", "base", 100, 100, BOOK, 0, 0, False, [])
    led.settle_round(rid, {"pots": [2, 1, 4]})
    assert led.game_state("hens") == {"pots": [2, 1, 4]}


def test_tampered_meter_fails_audit(led, tmp_path):
    led.db.execute("UPDATE meters SET value = value + 1 WHERE name = 'balance'")
    ok, msg = led.audit()
    assert not ok and "meter balance" in msg
    led.close()
    before = (tmp_path / "l.sqlite").read_bytes()
    with pytest.raises(LedgerError, match="meter balance"):
        Ledger(tmp_path / "l.sqlite")      # reopening refuses, and leaves the evidence untouched
    assert (tmp_path / "l.sqlite").read_bytes() == before


def test_record_tampering_fails_audit_naming_the_row(led):
    rid = led.open_round("g", "base", 100, 100, BOOK, 0, 0, False, [])
    led.settle_round(rid)
    led.db.execute("UPDATE rounds SET cost_cents = 1 WHERE id = ?", (rid,))
    ok, msg = led.audit()
    assert not ok and f"rounds row {rid} (chain entry" in msg and "does not match its MAC" in msg


def test_unreadable_database_is_refused_untouched(tmp_path):
    p = tmp_path / "bad.sqlite"
    p.write_bytes(b"this is not a database" * 100)
    before = p.read_bytes()
    with pytest.raises(LedgerError):
        Ledger(p)
    assert p.read_bytes() == before


def test_a_commit_by_another_connection_during_the_full_audit_is_not_read_as_tampering(tmp_path, monkeypatch):
    """The operator's RUN AUDIT reads one picture of the ledger: the app's writer (a second
    connection) committing a round between the audit head's read and the chain's walk
    leaves the audit passing (it once failed: 'the last chain entry is not the one the
    audit head records', and locked a good cabinet)."""
    from cabinet.core.ledger import audit
    path = tmp_path / "l.sqlite"
    reader = Ledger(path)
    reader.deposit(10000)
    writer = Ledger(path)
    real = audit.entries
    moved = []

    def entries_after_a_commit(db, *args, **kw):
        if not moved and db is reader.db:        # the head is read: now the writer commits a round
            moved.append(None)
            moved[0] = writer.open_round("g", "base", 100, 120, BOOK, 0, 0, False, [])
        return real(db, *args, **kw)

    monkeypatch.setattr(audit, "entries", entries_after_a_commit)
    ok, msg = reader.audit()
    assert moved and ok, msg
    monkeypatch.setattr(audit, "entries", real)
    ok, msg = reader.audit()                   # the next audit reads the round the writer added
    assert ok and reader.balance == 10000 - 120, msg
    writer.close()
    reader.close()
