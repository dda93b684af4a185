"""Issue #31 (items 4, 5, 6): the attacks a GLI-style lab made on the ledger, each
against today's cabinet. Every test here would pass on the earlier code only if the
attack had succeeded there; each now ends in a lock (or a refusal) naming what is
wrong, in one line, without a traceback (cabinet/core/ledger, docs/ledger_trust.md)."""
from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import stat
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

import pytest

import cabinet.core.ledger.audit as audit
import cabinet.core.ledger.chain as chain
import cabinet.core.ledger.files as files
import cabinet.core.ledger.witness as witness
from cabinet.core import cash_desk
from cabinet.core.cabinet import Cabinet, CabinetLocked
from cabinet.core.config import load_config
from cabinet.core.ledger import Ledger, LedgerError
from cabinet.core.ledger.chain import Head
from cabinet.core.schema import ConfigError
from tests.toygame import GAME

ROOT = Path(__file__).resolve().parents[2]
ROLLED = "ledger rolled back or replaced"


# -- a cabinet, as an operator configures it -------------------------------------------
def key_line(top: Path) -> str:
    """config ledger_key: a key file outside the data folder, in a folder of its own."""
    (top / "keys").mkdir(parents=True, exist_ok=True)
    return f"ledger_key: {top / 'keys' / 'cabinet.key'}\n"


def witness_line(top: Path) -> str:
    """config ledger_witness: a folder outside the data folder (another disk, in the field)."""
    (top / "witness").mkdir(parents=True, exist_ok=True)
    return f"ledger_witness: {top / 'witness'}\n"


def write_config(top: Path, extra: str = "", credit: str = "100.00") -> Path:
    top.mkdir(parents=True, exist_ok=True)
    (top / "config.yaml").write_text(f"data_dir: data\nmath_source: live\ndemo_credit: '{credit}'\n{extra}")
    return top / "config.yaml"


def start(top: Path, seed: int = 7) -> Cabinet:
    """A start on the config written in `top` (its data folder: top/data)."""
    return Cabinet(load_config(top / "config.yaml"), games={GAME.id: GAME}, seed=seed)


def play(cab: Cabinet, rounds: int) -> None:
    for _ in range(rounds):
        played = cab.start_round(GAME.id, "base", 100)
        cab.checkpoint(played.round_id, 2)
        cab.settle(played.round_id)


def assert_locked(cab: Cabinet, *expect: str) -> str:
    assert cab.locked, "the cabinet did not lock"
    for text in expect:
        assert text in cab.locked, cab.locked
    assert "\n" not in cab.locked
    with pytest.raises(CabinetLocked):
        cab.start_round(GAME.id, "base", 100)
    with pytest.raises(CabinetLocked):
        cab.deposit(100)
    assert cab.balance == 0
    cab.close()
    return cab.locked


def restore(copy: Path, data: Path) -> None:
    """Put a copy of a data folder back in place of the folder (a backup restored)."""
    shutil.rmtree(data)
    shutil.copytree(copy, data)


def main_py(*args: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=120, **kw)


def assert_one_line_lock(r: subprocess.CompletedProcess, *expect: str) -> None:
    assert r.returncode == 2 and r.stdout == "" and "Traceback" not in r.stderr, r.stderr
    assert len(r.stderr.splitlines()) == 1 and r.stderr.startswith("cabinet locked: "), r.stderr
    for text in expect:
        assert text in r.stderr, r.stderr


# -- 1. the key next to the database -----------------------------------------------------
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


# -- 2. rollback ------------------------------------------------------------------------------
def test_an_older_copy_of_the_data_folder_restored_locks(tmp_path):
    """The whole data folder (database, WAL, its own witness) restored from a copy taken
    5 rounds ago: the witness on the other disk is ahead of it."""
    write_config(tmp_path, witness_line(tmp_path))
    cab = start(tmp_path)
    play(cab, 5)
    cab.close()
    data = tmp_path / "data"
    shutil.copytree(data, tmp_path / "backup")
    cab = start(tmp_path)
    play(cab, 5)
    cab.close()
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
    cab = start(tmp_path)
    play(cab, 3)
    cab.close()
    data = tmp_path / "data"
    shutil.copytree(data, tmp_path / "backup")
    cab = start(tmp_path)
    play(cab, 3)
    cab.close()
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


# -- a child that plays, then is killed --------------------------------------------------------
CHILD = """
import sys, time
sys.path.insert(0, {root!r})
from cabinet.core.cabinet import Cabinet
from cabinet.core.config import load_config
from tests.toygame import GAME
cab = Cabinet(load_config({config!r}), games={{GAME.id: GAME}}, seed=3)
if cab.locked:
    print("LOCKED", cab.locked, flush=True)
    sys.exit(3)
for _ in range({rounds}):
    played = cab.start_round(GAME.id, "base", 100)
    cab.checkpoint(played.round_id, 2)
    cab.settle(played.round_id)
print("PLAYED", flush=True)
time.sleep(600)
"""


def child(config: Path, rounds: int) -> subprocess.Popen:
    code = CHILD.format(root=str(ROOT), config=str(config), rounds=rounds)
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    assert line.startswith("PLAYED"), (line, proc.stderr.read() if proc.poll() is not None else "")
    return proc


def kill(proc: subprocess.Popen) -> None:
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    proc.stdout.close()
    proc.stderr.close()


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


# -- 3. pending events -------------------------------------------------------------------------
def test_a_forged_pending_line_is_not_laundered_into_the_event_log(tmp_path, monkeypatch):
    write_config(tmp_path, key_line(tmp_path))
    cab = start(tmp_path)
    for _ in range(4):
        cab.log("pin_failure", {"by": "operator"})
    assert cash_desk.pin_state(cab)[0] == 4
    cab.close()
    data = tmp_path / "data"
    files.add_pending(data, "handpay_cancelled", {"by": "attendant"})                     # a genuine line
    genuine = (data / files.PENDING_NAME).read_text()
    forged = [{"id": "f00d", "kind": "operator_login", "detail": {"by": "operator"}, "at": time.time()},
              {"id": "f00e", "kind": "ram_clear", "detail": {}, "at": time.time(), "mac": "00" * 32}]
    def unreadable(path):
        raise LedgerError(f"ledger key {path} cannot be read")
    monkeypatch.setattr(files, "read_key", unreadable)
    files.add_pending(data, "session_reset", {"by": "idle"})                                # the key unreadable
    monkeypatch.undo()
    with open(data / files.PENDING_NAME, "a") as f:
        f.write("".join(json.dumps(item) + "\n" for item in forged) + genuine)             # the genuine line twice
    cab = start(tmp_path)
    kinds = [(k, d) for _, k, d, _ in cab.events(50)]
    assert "operator_login" not in [k for k, _ in kinds] and "ram_clear" not in [k for k, _ in kinds]
    assert "session_reset" not in [k for k, _ in kinds]
    claimed = sorted(d["claimed_kind"] for k, d in kinds if k == "pending_forged")
    assert claimed == ["operator_login", "ram_clear"]
    assert [d["claimed_kind"] for k, d in kinds if k == "pending_unverified"] == ["session_reset"]
    assert [k for k, _ in kinds].count("handpay_cancelled") == 1
    assert cash_desk.pin_state(cab)[0] == 4                   # the lockout was not reset
    cab.close()


# -- 4. a damaged schema ---------------------------------------------------------------------
def old_open(db: Path) -> str:
    """What the earlier start did first with a file (the schema check), and what it
    raised: 'ok', 'sqlite3' (it locked), or the Python exception that crashed it."""
    from cabinet.core.ledger import tables
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        tables.check(con, str(db))
        return "ok"
    except (sqlite3.Error, LedgerError):
        return "sqlite3"
    except Exception as exc:
        return type(exc).__name__
    finally:
        con.close()


def schema_flips(raw: bytes, probe: Path) -> dict[str, list[int]]:
    """Places in the schema text (sqlite_master: the CREATE statements) where setting
    the high bit of a letter crashed the earlier start (3) and where it locked it (2)."""
    found: dict[str, list[int]] = {"crash": [], "lock": []}
    for pos in range(raw.index(b"CREATE TABLE"), len(raw)):
        if not (65 <= raw[pos] < 128) or (len(found["crash"]) >= 3 and len(found["lock"]) >= 2):
            continue
        flipped = bytearray(raw)
        flipped[pos] |= 0x80
        probe.write_bytes(bytes(flipped))
        verdict = old_open(probe)
        kind = "lock" if verdict == "sqlite3" else "crash" if verdict == "UnicodeDecodeError" else None
        if kind and len(found[kind]) < (3 if kind == "crash" else 2):
            found[kind].append(pos)
    return found


@pytest.mark.slow
def test_a_byte_flipped_in_the_schema_text_locks_instead_of_crashing(tmp_path):
    """A letter of the schema text made a byte that is not UTF-8: SQLite reads it, Python
    raises UnicodeDecodeError (not sqlite3.Error) and the earlier start, --meters and
    --audit crashed with a traceback. Each is now one line: 'cabinet locked: ...'."""
    write_config(tmp_path)
    cab = start(tmp_path)
    play(cab, 2)
    cab.close()
    data = tmp_path / "data"
    template = {p.name: p.read_bytes() for p in data.iterdir() if p.is_file()}
    flips = schema_flips(template["ledger.sqlite"], tmp_path / "probe.sqlite")
    assert len(flips["crash"]) == 3 and len(flips["lock"]) == 2, flips
    for kind, positions in flips.items():
        for i, pos in enumerate(positions):
            for name, raw in template.items():
                (data / name).write_bytes(raw)
            flipped = bytearray(template["ledger.sqlite"])
            flipped[pos] |= 0x80
            (data / "ledger.sqlite").write_bytes(bytes(flipped))
            before = bytes(flipped)
            expect = ("cannot be read", "UnicodeDecodeError") if kind == "crash" else ()
            assert_locked(start(tmp_path), *expect)
            if kind == "crash" and i < 2:
                for flag in ("--meters", "--audit"):
                    assert_one_line_lock(main_py("--config", str(tmp_path / "config.yaml"), flag), *expect)
            assert (data / "ledger.sqlite").read_bytes() == before


# -- 5. one cabinet per data folder -------------------------------------------------------------
@pytest.mark.slow
def test_a_second_cabinet_on_the_same_data_folder_is_refused(tmp_path):
    write_config(tmp_path)
    start(tmp_path).close()
    proc = child(tmp_path / "config.yaml", 1)
    try:
        cab = start(tmp_path)
        assert_locked(cab, f"another cabinet is running on {tmp_path / 'data'} (pid {proc.pid})")
        r = main_py("--config", str(tmp_path / "config.yaml"), "--meters")
        assert r.returncode == 2 and r.stdout == "" and len(r.stderr.splitlines()) == 1, r.stderr
        assert f"another cabinet is running on {tmp_path / 'data'} (pid {proc.pid})" in r.stderr
        a = main_py("--config", str(tmp_path / "config.yaml"), "--audit")    # a read-only tool: not refused
        assert a.returncode == 0 and "ledger ok" in a.stdout, a.stderr
    finally:
        kill(proc)
    cab = start(tmp_path)                                   # the lock died with its process
    assert not cab.locked
    cab.close()


# -- 6. --audit of a read-only evidence copy ------------------------------------------------------
RO_MOUNT = 'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" && exec "$@"'


def read_only_run(folder: Path, *args: str) -> subprocess.CompletedProcess:
    """main.py with `folder` read-only for it: its modes (0555/0444) are enough for a
    user; root writes through modes, so for root the folder is also mounted read-only
    in a private mount namespace (skipped where that is not allowed)."""
    if os.geteuid() != 0:
        return main_py(*args)
    probe = subprocess.run(["unshare", "-m", "sh", "-c", RO_MOUNT, str(folder), "sh", "-c", f"! touch {folder}/.p"],
                           capture_output=True) if shutil.which("unshare") else None
    if probe is None or probe.returncode != 0:
        pytest.skip("root here cannot mount the evidence folder read-only (unshare -m)")
    return subprocess.run(["unshare", "-m", "sh", "-c", RO_MOUNT, str(folder), sys.executable, str(ROOT / "main.py"),
                           *args], capture_output=True, text=True, cwd=ROOT, timeout=120)


@pytest.mark.parametrize("copy", ["closed", "running", "wal without shm"])
def test_audit_of_a_read_only_evidence_copy_works_and_writes_nothing(tmp_path, copy):
    """A copy of the data folder in a folder nobody may write (files 0444): after a clean
    stop (no WAL: opened immutable), taken while the cabinet ran (WAL and -shm), or
    with the WAL but no -shm. --audit passes and not a byte changes, no file appears."""
    write_config(tmp_path)
    cab = start(tmp_path)
    play(cab, 3)
    if copy == "closed":
        cab.close()
    evidence = tmp_path / "evidence"
    evidence.mkdir()
    try:
        data = evidence / "data"
        shutil.copytree(tmp_path / "data", data)
        if copy != "closed":
            cab.close()
            assert (data / "ledger.sqlite-wal").stat().st_size > 0
        if copy == "wal without shm":
            (data / "ledger.sqlite-shm").unlink()
        (evidence / "config.yaml").write_text("data_dir: data\nmath_source: live\n")
        for p in (evidence, *evidence.rglob("*")):
            p.chmod(0o555 if p.is_dir() else 0o444)
        before = {p.name: p.read_bytes() for p in data.iterdir() if p.is_file()}
        r = read_only_run(evidence, "--config", str(evidence / "config.yaml"), "--audit")
        assert r.returncode == 0, r.stderr
        assert "ledger ok" in r.stdout and "3 rounds (3 settled, 0 open)" in r.stdout
        assert "read-only copy: nothing was written" in r.stdout
        assert {p.name: p.read_bytes() for p in data.iterdir() if p.is_file()} == before
    finally:
        for p in (evidence, *evidence.rglob("*")):
            p.chmod(stat.S_IRWXU | (p.stat().st_mode & 0o777))


# -- 7. files planted in the data folder (the hostile review) ------------------------------------
def test_a_pending_file_linked_to_the_key_never_copies_the_key_into_the_log(tmp_path):
    """pending_events.jsonl made a link to the ledger's key file: the start does not read
    through the link (one pending_refused event), and no line of any pending file is ever
    copied into the log (a line that is not the cabinet's is named by its sha256)."""
    write_config(tmp_path, key_line(tmp_path) + witness_line(tmp_path))
    start(tmp_path).close()
    key_text = (tmp_path / "keys" / "cabinet.key").read_text().strip()
    pending = tmp_path / "data" / files.PENDING_NAME
    pending.symlink_to(tmp_path / "keys" / "cabinet.key")
    cab = start(tmp_path)
    assert not cab.locked
    refused = cab.events(5, ("pending_refused",))
    assert refused and "symbolic link" in refused[0][2]["why"]
    cab.close()
    pending.unlink(missing_ok=True)
    pending.write_text(key_text + "\n" + "abc\x00def\n")               # junk lines: named, not copied
    cab = start(tmp_path)
    rows = cab.events(5, ("pending_unreadable",))
    assert len(rows) == 2 and all(set(d) >= {"sha256", "bytes"} and "text" not in d for _, _, d, _ in rows)
    cab.close()
    with sqlite3.connect(tmp_path / "data" / "ledger.sqlite") as db:
        dump = "\n".join(str(r) for r in db.execute("SELECT detail FROM events"))
    assert key_text not in dump and "\x00" not in dump


@pytest.mark.slow
def test_a_fifo_or_an_oversized_pending_file_neither_hangs_nor_slows_the_start(tmp_path):
    write_config(tmp_path)
    start(tmp_path).close()
    pending = tmp_path / "data" / files.PENDING_NAME
    os.mkfifo(pending)
    cab = start(tmp_path)                                              # would block forever reading a FIFO
    assert not cab.locked and "not a plain file" in cab.events(5, ("pending_refused",))[0][2]["why"]
    cab.close()
    pending.unlink(missing_ok=True)
    pending.write_text("not an event\n" * (files.PENDING_MAX_LINES + 500))
    cab = start(tmp_path)
    assert len(cab.events(2000, ("pending_unreadable",))) == files.PENDING_MAX_LINES
    assert cab.events(5, ("pending_refused",))
    cab.close()


@pytest.mark.slow
def test_a_planted_lock_link_truncates_nothing_and_removing_the_lock_file_admits_no_second_cabinet(tmp_path):
    """cabinet.lock made a link to a file outside the data folder: nothing is written
    through it; and the lock is the folder's own, so a second cabinet is refused even
    after cabinet.lock is deleted under the first."""
    write_config(tmp_path, witness_line(tmp_path))
    start(tmp_path).close()
    victim = tmp_path / "victim.yaml"
    victim.write_text("an operator's file\n")
    before = victim.read_bytes()
    lock = tmp_path / "data" / "cabinet.lock"
    lock.unlink(missing_ok=True)
    lock.symlink_to(victim)
    cab = start(tmp_path)
    assert not cab.locked and victim.read_bytes() == before           # the link was not followed
    cab.close()
    lock.unlink(missing_ok=True)
    proc = child(tmp_path / "config.yaml", 1)
    try:
        (tmp_path / "data" / "cabinet.lock").unlink(missing_ok=True)   # the attacker removes the pid file
        second = start(tmp_path)
        assert_locked(second, f"another cabinet is running on {tmp_path / 'data'}")
    finally:
        kill(proc)
