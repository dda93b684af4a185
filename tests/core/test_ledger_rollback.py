"""A ledger rolled back or replaced locks the cabinet, found by its witnesses (the
data folder's ledger.head and a witness folder on another disk; issue #31): an older
copy of the data folder or of the database alone restored, an older copy played on
(a fork), another cabinet's database and key; a WAL lost after a kill; and a
cash-out replayed after a restore, so no ticket number is ever printed twice. A stop
between a commit and its witness write, or a torn witness write, is not a rollback."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import cabinet.core.ledger.witness as witness
from cabinet.core import cash_desk
from cabinet.core.cabinet import CabinetLocked
from tests.core.ledger_attack import (ROLLED, assert_locked, assert_one_line_lock, child, key_line, kill, main_py, play,
                                      start, witness_line, write_config)


def restore(copy: Path, data: Path) -> None:
    """Put a copy of a data folder back in place of the folder (a backup restored)."""
    shutil.rmtree(data)
    shutil.copytree(copy, data)


def copy_between_rounds(tmp_path: Path, rounds: int) -> Path:
    """Play `rounds`, copy the data folder to tmp_path / "backup", play `rounds` more:
    the backup is `rounds` rounds old. Returns the data folder."""
    data = tmp_path / "data"
    play_session(tmp_path, rounds)
    shutil.copytree(data, tmp_path / "backup")
    play_session(tmp_path, rounds)
    return data


def play_session(tmp_path: Path, rounds: int) -> None:
    """The cabinet started, `rounds` rounds played, the cabinet closed."""
    cab = start(tmp_path)
    play(cab, rounds)
    cab.close()


# -- restored copies ------------------------------------------------------------------------
def test_an_older_copy_of_the_data_folder_restored_locks(tmp_path):
    """The whole data folder (database, WAL, its own witness) restored from a copy taken
    5 rounds ago: the witness on the other disk is ahead of it."""
    write_config(tmp_path, witness_line(tmp_path))
    data = copy_between_rounds(tmp_path, 5)
    restore(tmp_path / "backup", data)
    before = (data / "ledger.sqlite").read_bytes()
    assert_locked(start(tmp_path), ROLLED, "ends at chain entry", str(tmp_path / "witness" / "ledger.head"),
                  "an older copy")
    assert (data / "ledger.sqlite").read_bytes() == before
    assert_one_line_lock(main_py("--config", str(tmp_path / "config.yaml"), "--audit"), ROLLED)


def test_an_older_database_alone_restored_locks_on_the_data_folders_witness(tmp_path):
    """No witness folder: the database files of an older copy put back beside a newer
    ledger.head."""
    write_config(tmp_path)
    cab = start(tmp_path)
    play(cab, 4)
    cab.close()
    data = tmp_path / "data"
    old = {p.name: p.read_bytes() for p in data.glob("ledger.sqlite*")}
    cab = start(tmp_path)
    play(cab, 4)
    cab.close()
    for p in data.glob("ledger.sqlite*"):
        p.unlink()
    for name, raw in old.items():
        (data / name).write_bytes(raw)
    assert_locked(start(tmp_path), ROLLED, str(data / "ledger.head"))


def test_an_older_copy_played_on_forks_the_chain_and_locks(tmp_path):
    """An older copy (with its own witness) played on past the place the real witness
    records: the entry there is not the one the witness records."""
    write_config(tmp_path)
    data = copy_between_rounds(tmp_path, 3)
    real = (data / "ledger.head").read_bytes()
    restore(tmp_path / "backup", data)
    cab = start(tmp_path)
    play(cab, 5)
    cab.close()
    (data / "ledger.head").write_bytes(real)
    assert_locked(start(tmp_path), ROLLED, "is not the one its witness", str(data / "ledger.head"))


def test_another_cabinets_database_and_key_lock_on_the_witness_folder(tmp_path):
    """Demo play, key in the data folder: cabinet B's whole data folder (database, key,
    witness) put in place of A's. It is consistent with its own key; the witness on
    A's other disk names another ledger."""
    a, b = tmp_path / "a", tmp_path / "b"
    write_config(a, witness_line(a))
    write_config(b, witness_line(b))
    for top in (a, b):
        cab = start(top)
        play(cab, 3)
        cab.close()
    restore(b / "data", a / "data")
    assert_locked(start(a), ROLLED, str(a / "witness" / "ledger.head"), "another cabinet's ledger")


# -- a cabinet killed ------------------------------------------------------------------------
@pytest.mark.slow
def test_30_rounds_then_a_kill_and_the_wal_lost_locks_naming_the_wal(tmp_path):
    """No attacker: 30 rounds, SIGKILL (no checkpoint of the WAL), then a backup that
    copied only ledger.sqlite: its main file alone is an older, consistent ledger."""
    write_config(tmp_path)
    start(tmp_path).close()                                 # made, and closed cleanly
    proc = child(tmp_path / "config.yaml", 30)
    kill(proc)
    data = tmp_path / "data"
    wal = data / "ledger.sqlite-wal"
    assert wal.exists() and wal.stat().st_size > 0          # the 30 rounds are in the WAL
    wal.unlink()
    (data / "ledger.sqlite-shm").unlink(missing_ok=True)
    reason = assert_locked(start(tmp_path), ROLLED, "its WAL file ledger.sqlite-wal is missing after an unclean stop")
    assert "ends at chain entry" in reason


def test_a_kill_between_the_commit_and_the_witness_write_is_not_a_rollback(tmp_path):
    """The ledger may be ahead of its witnesses by its last transaction (a stop between
    its COMMIT and the witness write): the start accepts it and writes them again; two
    transactions ahead is not a stop, and locks."""
    write_config(tmp_path, witness_line(tmp_path))
    heads = (tmp_path / "data" / "ledger.head", tmp_path / "witness" / "ledger.head")
    cab = start(tmp_path)
    play(cab, 2)
    before, saved = cab.balance, [p.read_bytes() for p in heads]
    cab.deposit(500)
    cab.ledger.db.close()                                   # stopped: no clean close
    for p, raw in zip(heads, saved):
        p.write_bytes(raw)                                  # the deposit's witness write never happened
    cab = start(tmp_path)
    assert not cab.locked, cab.locked
    assert cab.balance == before + 500
    saved = [p.read_bytes() for p in heads]
    cab.deposit(100)
    cab.deposit(100)
    cab.ledger.db.close()
    for p, raw in zip(heads, saved):
        p.write_bytes(raw)
    assert_locked(start(tmp_path), ROLLED, "2 entries ahead of its witness")


def test_a_torn_witness_write_keeps_the_last_good_head(tmp_path):
    write_config(tmp_path)
    cab = start(tmp_path)
    play(cab, 2)
    cab.deposit(100)
    cab.ledger.db.close()                                   # stopped after the deposit (no clean close)
    head = tmp_path / "data" / "ledger.head"
    raw = bytearray(head.read_bytes())
    newest = max((0, 1), key=lambda i: json.loads(raw[i * witness.SLOT:(i + 1) * witness.SLOT])["counter"])
    raw[newest * witness.SLOT + 40:newest * witness.SLOT + 900] = b"\0" * 860     # torn half-way
    head.write_bytes(bytes(raw))
    cab = start(tmp_path)
    assert not cab.locked, cab.locked
    cab.close()


# -- a cash-out replayed after a restore ---------------------------------------------------------
def test_a_restored_copy_with_a_replayed_cash_out_locks(tmp_path):
    """A copy of the data folder taken with credit on it; the credit cashed out (a
    ticket); the copy restored to cash out again: the witness on the other disk locks
    the restored ledger before a second ticket with the same number is printed."""
    write_config(tmp_path, witness_line(tmp_path))
    cab = start(tmp_path)
    play(cab, 2)
    cab.close()
    data = tmp_path / "data"
    shutil.copytree(data, tmp_path / "copy")
    cab = start(tmp_path)
    ticket = cash_desk.cash_out(cab)["ticket"]
    cab.close()
    restore(tmp_path / "copy", data)
    cab = start(tmp_path)
    with pytest.raises(CabinetLocked):
        cash_desk.cash_out(cab)
    assert_locked(cab, ROLLED, str(tmp_path / "witness" / "ledger.head"))
    assert not (data / "vouchers").exists() and ticket["validation"]      # no second ticket


def test_a_ticket_number_already_printed_is_never_printed_again(tmp_path):
    """Without a witness folder, the database and its witness restored together (the
    tickets folder left as it was): the next ticket's number is already in the tickets
    folder, so the cash-out locks before any money moves."""
    write_config(tmp_path)
    cab = start(tmp_path)
    play(cab, 2)
    cab.close()
    data = tmp_path / "data"
    old = {p.name: p.read_bytes() for p in data.iterdir() if p.name.startswith("ledger.")}
    cab = start(tmp_path)
    ticket = cash_desk.cash_out(cab)["ticket"]
    cab.close()
    for p in data.iterdir():
        if p.name.startswith("ledger."):
            p.unlink()
    for name, raw in old.items():
        (data / name).write_bytes(raw)
    cab = start(tmp_path)
    assert not cab.locked and cab.balance > 0
    with pytest.raises(CabinetLocked, match=f"ticket {ticket['validation']} .* was already printed"):
        cash_desk.cash_out(cab)
    assert len(list((data / "vouchers").glob("ticket-*.json"))) == 1
    cab.close()


def test_a_missing_ledger_with_printed_tickets_locks_and_makes_nothing(tmp_path):
    write_config(tmp_path, key_line(tmp_path))
    cab = start(tmp_path)
    play(cab, 1)
    cash_desk.cash_out(cab)
    cab.close()
    data = tmp_path / "data"
    for p in data.glob("ledger.*"):
        p.unlink()
    assert_locked(start(tmp_path), "ledger missing or replaced", "vouchers", "shows that a ledger existed")
    assert not (data / "ledger.sqlite").exists()
