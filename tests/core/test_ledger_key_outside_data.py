"""The ledger's key kept outside the data folder (issue #31, the attacks a GLI-style lab
made on the ledger): a forger holding a copy of the data folder re-chains a raised
win, a deleted round and a deposit under whatever key it finds or makes, and the
cabinet and --audit lock; real play refuses a key inside the data folder or one others
can replace; a RAM clear under the operator's key keeps it and writes new witnesses.
Each lock is one line naming what is wrong (docs/ledger_trust.md)."""
from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Callable

import pytest

import cabinet.core.ledger.audit as audit
import cabinet.core.ledger.chain as chain
import cabinet.core.ledger.files as files
import cabinet.core.ledger.witness as witness
from cabinet.core.config import load_config
from cabinet.core.ledger import Ledger
from cabinet.core.ledger.chain import Head
from cabinet.core.schema import ConfigError
from tests.core.ledger_attack import (assert_locked, assert_one_line_lock, key_line, main_py, play, start, witness_line,
                                      write_config)


def forge(db: Path, key: bytes, edit: Callable[[sqlite3.Connection], None]) -> None:
    """What an attacker who can write the data folder does, holding a key: edit the rows,
    then renumber and re-MAC the whole chain, every checkpoint, the meters, the audit
    head and the identity under that key, so that the ledger is consistent in itself."""
    con = sqlite3.connect(db, isolation_level=None)
    con.row_factory = sqlite3.Row
    con.execute("BEGIN")
    edit(con)
    ident = con.execute("SELECT * FROM identity").fetchone()
    identity = chain.identity_mac(key, ident["cabinet"], ident["created_at"], ident["version"])
    con.execute("UPDATE identity SET mac = ?", (identity,))
    entries = list(audit.entries(con))
    for i, (seq, kind, _) in enumerate(entries, 1):
        con.execute(f"UPDATE {kind.table} SET {kind.seq} = ? WHERE {kind.seq} = ?", (-i, seq))
    prev, sums = identity, chain.zero_sums()
    for i, (_, kind, row) in enumerate(entries, 1):
        prev = chain.link(key, prev, kind, i, row)
        con.execute(f"UPDATE {kind.table} SET {kind.seq} = ?, {kind.link} = ? WHERE {kind.seq} = ?", (i, prev, -i))
        moved = chain.movement(kind, row)
        if moved is not None:
            sums = chain.add(sums, moved[2])
    for rid, step in con.execute("SELECT id, checkpoint FROM rounds").fetchall():
        con.execute("UPDATE rounds SET checkpoint_mac = ? WHERE id = ?", (chain.checkpoint_mac(key, rid, step), rid))
    for name, value in sums.items():
        con.execute("UPDATE meters SET value = ? WHERE name = ?", (value, name))
    head = Head.parse(con.execute("SELECT body FROM audit_head").fetchone()[0])
    head.seq = head.vseq = len(entries)
    head.link = head.vlink = prev
    head.sums, head.vsums, head.seal, head.tx = dict(sums), dict(sums), None, len(entries) - 1
    con.execute("UPDATE audit_head SET body = ?, mac = ?", (head.body(), head.mac(key)))
    con.execute("COMMIT")
    con.close()
    made = witness.Record(1, ident["cabinet"], identity, head.seq, head.link, witness.CLEAN, time.time())
    witness.create(witness.local_path(db), key, made)       # and its witness in the data folder


def money_forgeries(con: sqlite3.Connection) -> None:
    """A win raised by 500.00, a round deleted, a 10,000.00 deposit: every later balance
    moved to match (the chain is re-MAC'd afterwards)."""
    def shift(after: int, delta: int) -> None:
        con.execute("UPDATE rounds SET balance_before = balance_before + ? WHERE seq > ?", (delta, after))
        con.execute("UPDATE rounds SET balance_after = balance_after + ? WHERE settle_seq > ?", (delta, after))
        for table in ("cash", "side_draws"):
            con.execute(f"UPDATE {table} SET balance_before = balance_before + ?, balance_after = balance_after + ? "
                        "WHERE seq > ?", (delta, delta, after))
    rid, sseq = con.execute("SELECT id, settle_seq FROM rounds WHERE state = 'settled' ORDER BY id DESC").fetchone()
    con.execute("UPDATE rounds SET win_cents = win_cents + 50000, balance_after = balance_after + 50000 "
                "WHERE id = ?", (rid,))
    shift(sseq, 50000)
    gone, seq, cost, win = con.execute("SELECT id, seq, cost_cents, win_cents FROM rounds WHERE state = 'settled' "
                                       "ORDER BY id").fetchone()
    con.execute("DELETE FROM rounds WHERE id = ?", (gone,))
    shift(seq, cost - win)
    top = max(con.execute(f"SELECT COALESCE(MAX({c}), 0) FROM {t}").fetchone()[0]
              for t, c in (("rounds", "seq"), ("rounds", "settle_seq"), ("cash", "seq"), ("side_draws", "seq"),
                           ("events", "seq")))
    balance = con.execute("SELECT value FROM meters WHERE name = 'balance'").fetchone()[0] + 50000 + cost - win
    con.execute("INSERT INTO cash (kind, cents, created_at, balance_before, balance_after, seq, link) VALUES "
                "('in', 1000000, ?, ?, ?, ?, '')", (time.time(), balance, balance + 1000000, top + 1))


def test_a_forger_without_the_key_is_caught_because_the_key_is_not_in_the_data_folder(tmp_path):
    """Key outside the data folder (config ledger_key): whoever holds a copy of the data
    folder has no key. A forger uses the key file it finds there, else its own: a win
    raised by 500.00, a deleted round and a 10,000.00 deposit, re-chained consistently
    under that key, audit clean with it, and the cabinet locks; --audit too."""
    write_config(tmp_path, key_line(tmp_path))
    cab = start(tmp_path)
    play(cab, 8)
    balance = cab.balance
    cab.close()
    data = tmp_path / "data"
    found = data / files.KEY_NAME                          # what the attacker looks for
    attacker_key = files.read_key(found) if found.exists() else files.new_key()
    forge(data / "ledger.sqlite", attacker_key, money_forgeries)
    keyfile = tmp_path / "attacker.key"
    keyfile.write_text(attacker_key.hex())
    forged = Ledger(data / "ledger.sqlite", keyfile, create=False, full_audit=True)
    assert forged.report.balance > balance + 1000000        # consistent in itself: only the key stops it
    forged.close()
    assert_locked(start(tmp_path), "ledger missing or replaced", "was not written with the key",
                  str(tmp_path / "keys" / "cabinet.key"))
    assert_one_line_lock(main_py("--config", str(tmp_path / "config.yaml"), "--audit"), "not written with the key")
    assert not [p for p in data.rglob("*") if p.suffix == ".key"], "a key file sits in the data folder"


def test_real_play_refuses_the_key_in_the_data_folder_and_a_key_others_can_replace(tmp_path):
    """The key inside data_dir is a config error; a key file (or its folder) writable by
    its group or everyone locks a real-play start before anything is created."""
    data = tmp_path / "data"
    with pytest.raises(ConfigError, match="ledger_key = .* is inside data_dir"):
        load_config(write_config(tmp_path, f"real_play: true\noperator_pin: '48213'\nledger_key: {data / 'k.key'}\n"
                                           + witness_line(tmp_path)))
    write_config(tmp_path, "real_play: true\noperator_pin: '48213'\n" + key_line(tmp_path) + witness_line(tmp_path))
    key = tmp_path / "keys" / "cabinet.key"
    key.write_text(files.new_key().hex() + "\n")
    key.chmod(0o666)
    cab = start(tmp_path)
    assert_locked(cab, f"ledger key {key} is not protected", "writable by its group or by everyone")
    assert not (data / "ledger.sqlite").exists()
    key.chmod(0o644)
    (tmp_path / "keys").chmod(0o777)
    assert_locked(start(tmp_path), "its folder", "writable by its group or by everyone")
    (tmp_path / "keys").chmod(0o755)
    cab = start(tmp_path)
    assert not cab.locked and key.read_text().strip() and files.key_protection_problem(key) is None
    cab.close()


def test_ram_clear_under_the_operators_key_keeps_it_and_writes_new_witnesses(tmp_path):
    write_config(tmp_path, key_line(tmp_path) + witness_line(tmp_path))
    key = tmp_path / "keys" / "cabinet.key"
    key.write_text(files.new_key().hex() + "\n")           # provisioned by the operator: used as it is
    key.chmod(0o644)
    before = key.read_bytes()
    cab = start(tmp_path)
    play(cab, 3)
    old = cab.ledger.cabinet
    folder = cab.ram_clear()
    assert key.read_bytes() == before and not (folder / key.name).exists()
    assert (folder / "ledger.sqlite").exists() and (folder / "ledger.head").exists()
    assert cab.ledger.cabinet != old and not cab.locked
    external = witness.read(tmp_path / "witness" / "ledger.head", files.read_key(key))
    assert external is not None and external.cabinet == cab.ledger.cabinet
    cab.close()
    again = start(tmp_path)
    assert not again.locked and [e for e in again.events(50) if e[1] == "ram_clear"]
    again.close()
