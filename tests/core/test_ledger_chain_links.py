"""The hash chain links every entry to the one before it (chain.py): a row spliced in
from a diverged copy of the same ledger (same key, same place in the chain, its own
valid MAC over its own content) is caught by the full audit only through that link.
These tests fail if `link` stops covering the previous link."""
from __future__ import annotations

import shutil
import sqlite3

import pytest

from cabinet.core.ledger import Ledger, LedgerError
from cabinet.core.ledger import chain
from cabinet.core.ledger.chain import EVENT, ROUND

BOOK = {"source": "books", "book": 7, "force": None}


def play(led: Ledger, bet: int) -> int:
    rid = led.open_round("g", "base", bet, bet, BOOK, 150, bet * 150 // 100, False, [])
    led.checkpoint(rid, 3)
    led.settle_round(rid)
    return rid


def test_a_link_covers_the_link_before_it():
    key = b"k" * 32
    row = {"id": 1, "kind": "note", "detail": "{}", "created_at": 1.0}
    a = chain.link(key, "00" * 32, EVENT, 5, row)
    assert a != chain.link(key, "11" * 32, EVENT, 5, row)
    assert a != chain.link(key, "00" * 32, EVENT, 6, row)       # and its place
    assert a == chain.link(key, "00" * 32, EVENT, 5, dict(row))


def test_a_row_spliced_in_from_a_diverged_copy_fails_the_full_audit(tmp_path):
    """Two copies of one ledger play different rounds, then each logs an event and plays
    on. The event of copy B, put in copy A's row at the same place (every column, its
    link included), is a valid MAC of its own content under the same key; the money
    still adds up (an event moves none) and A's head is untouched (the event is not
    the last entry). Only its link to A's previous entry tells."""
    a = tmp_path / "a.sqlite"
    led = Ledger(a)
    led.deposit(100_000)
    for _ in range(5):
        play(led, 100)
    led.close()
    b = tmp_path / "b.sqlite"
    shutil.copyfile(a, b)
    shutil.copyfile(a.with_suffix(".head"), b.with_suffix(".head"))     # the copy's witness with it
    for path, bet in ((a, 100), (b, 200)):                 # the copies diverge here
        led = Ledger(path)
        play(led, bet)
        led.log_event("note", {"copy": path.stem})
        play(led, 100)
        led.close()
    take = "SELECT id, kind, detail, created_at, seq, link FROM events WHERE kind = 'note'"
    con_b = sqlite3.connect(b)
    spliced = con_b.execute(take).fetchone()
    con_b.close()
    con = sqlite3.connect(a, isolation_level=None)
    ours = con.execute(take).fetchone()
    assert ours[0] == spliced[0] and ours[4] == spliced[4] and ours[5] != spliced[5]   # same place, other chain
    con.execute("UPDATE events SET kind = ?, detail = ?, created_at = ?, seq = ?, link = ? WHERE id = ?",
                (*spliced[1:], spliced[0]))
    con.close()
    with pytest.raises(LedgerError, match=f"events row {spliced[0]}"):
        Ledger(a, full_audit=True)


def test_a_round_row_spliced_in_with_the_same_money_fails_the_full_audit(tmp_path):
    """The same with a round: both copies play the same bet and win, so the spliced row's
    balances match A's; it differs only in its time, and its link."""
    a = tmp_path / "a.sqlite"
    led = Ledger(a)
    led.deposit(100_000)
    led.log_event("note", {"first": True})
    led.close()
    b = tmp_path / "b.sqlite"
    shutil.copyfile(a, b)
    shutil.copyfile(a.with_suffix(".head"), b.with_suffix(".head"))     # the copy's witness with it
    for path in (a, b):
        led = Ledger(path)
        led.log_event("note", {"copy": path.stem})         # diverged before the round
        rid = play(led, 100)
        play(led, 100)
        led.close()
    cols = ", ".join(ROUND.fields[1:] + ("seq", "link"))
    con_b = sqlite3.connect(b)
    spliced = con_b.execute(f"SELECT {cols} FROM rounds WHERE id = ?", (rid,)).fetchone()
    con_b.close()
    con = sqlite3.connect(a, isolation_level=None)
    sets = ", ".join(f"{c} = ?" for c in cols.split(", "))
    con.execute(f"UPDATE rounds SET {sets} WHERE id = ?", (*spliced, rid))
    con.close()
    with pytest.raises(LedgerError, match=f"rounds row {rid}"):
        Ledger(a, full_audit=True)
