"""Damaged rows, storage errors, the event log, RAM CLEAR and the command-line tools."""
from __future__ import annotations

import json
import os
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from cabinet.core.cabinet import Cabinet, CabinetLocked
from cabinet.core.config import load_config
from cabinet.core.ledger import Ledger, LedgerError
from tests.toygame import GAME

ROOT = Path(__file__).resolve().parents[2]
LIVE = {"source": "live", "seed": 5, "force": None}


def cabinet(folder: Path, seed: int = 7, credit: str = "100.00") -> Cabinet:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "config.yaml").write_text(f"data_dir: .\nmath_source: live\ndemo_credit: '{credit}'\n")
    return Cabinet(load_config(folder / "config.yaml"), games={GAME.id: GAME}, seed=seed)


def events(cab: Cabinet, kind: str) -> list[dict]:
    return [detail for _, k, detail, _ in cab.ledger.events(500) if k == kind]


class FailingDb:
    """The ledger's connection, failing like a full or broken disk on chosen statements."""

    def __init__(self, db: sqlite3.Connection, match: str, error: str = "disk I/O error"):
        self._db, self.match, self.error = db, match, error

    def execute(self, query: str, *args):
        if self.match in query:
            raise sqlite3.OperationalError(self.error)
        return self._db.execute(query, *args)

    def __getattr__(self, name):
        return getattr(self._db, name)


# -- rows that do not decode (valid MACs: written by an older or broken version) -----
@pytest.mark.parametrize("mode, outcome, expect", [
    ("nosuch", LIVE, "rounds row 2 cannot be regenerated: mode 'nosuch' is not a mode of Toy"),
    ("base", {"seed": 5}, "rounds row 2 cannot be decoded: outcome source None is neither books nor live"),
    ("base", {"source": "live", "seed": -1}, "rounds row 2 cannot be decoded: outcome seed -1"),
    ("base", {"source": "live", "seed": 1, "force": "no_such_category"}, "rounds row 2 cannot be regenerated"),
])
def test_an_open_round_that_cannot_be_decoded_locks_at_start_naming_the_row(tmp_path, mode, outcome, expect):
    cab = cabinet(tmp_path)
    played = cab.start_round(GAME.id, "base", 100)
    cab.settle(played.round_id)
    cab.ledger.open_round(GAME.id, mode, 100, 100, outcome, 0, 0, False, [])
    cab.ledger.close()
    before = (tmp_path / "ledger.sqlite").read_bytes()
    again = cabinet(tmp_path)
    assert again.locked and expect in again.locked, again.locked
    again.ledger.close()
    assert (tmp_path / "ledger.sqlite").read_bytes() == before          # not even a power-up was logged
    assert again.open_round() is None
    with pytest.raises(CabinetLocked):
        again.start_round(GAME.id, "base", 100)
    assert (tmp_path / "ledger.sqlite").read_bytes() == before


def test_a_recalled_round_that_cannot_be_decoded_locks_instead_of_raising(tmp_path):
    cab = cabinet(tmp_path)
    rid = cab.ledger.open_round(GAME.id, "nosuch", 100, 100, LIVE, 0, 0, False, [])
    cab.ledger.settle_round(rid)
    with pytest.raises(CabinetLocked, match=f"rounds row {rid} cannot be regenerated"):
        cab.replay(rid)
    assert cab.locked
    with pytest.raises(CabinetLocked):
        cab.start_round(GAME.id, "base", 100)


# -- storage errors ---------------------------------------------------------------------
def test_a_storage_error_starting_a_round_debits_nothing_and_locks(tmp_path):
    cab = cabinet(tmp_path)
    cab.ledger.db = FailingDb(cab.ledger.db, "INSERT INTO rounds")
    with pytest.raises(CabinetLocked, match="storage error, call attendant: starting a round failed"):
        cab.start_round(GAME.id, "base", 100)
    assert cab.locked.startswith("storage error, call attendant")
    cab.ledger.db = cab.ledger.db._db
    assert cab.ledger.meters()["games_played"] == 0 and cab.ledger.balance == 10000
    cab.ledger.close()
    again = cabinet(tmp_path)                      # the next start: nothing lost, the lock is logged
    assert not again.locked and again.balance == 10000 and again.audit()[0]
    assert [e["reason"] for e in events(again, "lock")] == [cab.locked]


def test_a_storage_error_settling_keeps_the_round_open_and_the_next_start_resumes_it(tmp_path):
    cab = cabinet(tmp_path)
    played = cab.start_round(GAME.id, "base", 100)
    cab.checkpoint(played.round_id, 3)
    cab.ledger.db = FailingDb(cab.ledger.db, "UPDATE rounds SET state", "database or disk is full")
    with pytest.raises(CabinetLocked, match="storage error.*database or disk is full"):
        cab.settle(played.round_id)
    with pytest.raises(CabinetLocked):
        cab.settle(played.round_id)                # locked: no retry writes anything
    cab.ledger.db = cab.ledger.db._db
    cab.ledger.close()
    again = cabinet(tmp_path)
    pending = again.open_round()
    assert pending.round_id == played.round_id and pending.checkpoint == 3
    assert again.settle(pending.round_id) == played.win_cents and again.settle(pending.round_id) == 0
    assert again.balance == 10000 - 100 + played.win_cents and again.audit()[0]
    assert events(again, "recovery")[0]["round"] == played.round_id


def test_a_storage_error_in_a_side_draw_records_nothing(tmp_path):
    cab = cabinet(tmp_path)
    played = cab.start_round(GAME.id, "base", 100)
    cab.settle(played.round_id)
    before = cab.balance
    cab.ledger.db = FailingDb(cab.ledger.db, "INSERT INTO side_draws")
    with pytest.raises(CabinetLocked, match="storage error"):
        cab.side_draw("gamble", 50, 100, True, {"game": GAME.id}, played.round_id)
    cab.ledger.db = cab.ledger.db._db
    assert cab.ledger.balance == before and cab.ledger.meters()["side_staked"] == 0


def test_a_full_disk_while_playing_loses_nothing(tmp_path):
    """A real SQLITE_FULL (the database may not grow): play until it happens."""
    cab = cabinet(tmp_path, credit="100000.00")
    pages = cab.ledger.db.execute("PRAGMA page_count").fetchone()[0]
    cab.ledger.db.execute(f"PRAGMA max_page_count = {pages}")
    paid, rounds = 0, 0
    with pytest.raises(CabinetLocked, match="database or disk is full"):
        for _ in range(10_000):
            played = cab.start_round(GAME.id, "base", 100)
            rounds += 1
            paid += cab.settle(played.round_id)
    cab.ledger.close()
    again = cabinet(tmp_path)
    while (pending := again.open_round()) is not None:
        paid += again.settle(pending.round_id)
    assert again.audit()[0] and again.meters()["games_played"] == rounds
    assert again.balance == 10_000_000 - 100 * rounds + paid


# -- the event log ------------------------------------------------------------------------
def test_power_up_recovery_audit_and_lock_are_logged_and_chained(tmp_path):
    cab = cabinet(tmp_path)
    assert [e["audit"] for e in events(cab, "power_up")] == ["ok"]
    played = cab.start_round(GAME.id, "base", 100)
    cab.ledger.close()
    again = cabinet(tmp_path)
    assert again.open_round().round_id == played.round_id
    again.open_round()                                             # logged once per round
    assert [e["round"] for e in events(again, "recovery")] == [played.round_id]
    assert again.audit()[0] and events(again, "audit")[0]["by"] == "operator"
    assert len(events(again, "power_up")) == 2
    eid = again.ledger.log_event("pin_failure", {"tries": 3})
    assert again.ledger.events(1)[0][:3] == (eid, "pin_failure", {"tries": 3})
    with pytest.raises(ValueError):
        again.ledger.log_event("Not A Kind", {})
    again.ledger.db.execute("UPDATE events SET detail = '{\"tries\": 1}' WHERE id = ?", (eid,))
    assert not again.audit()[0] and f"events row {eid}" in again.locked


# -- RAM CLEAR ------------------------------------------------------------------------------
def test_ram_clear_keeps_the_old_files_and_starts_fresh_with_the_clear_logged(tmp_path):
    cab = cabinet(tmp_path)
    played = cab.start_round(GAME.id, "base", 100)
    cab.settle(played.round_id)
    cab.ledger.close()
    con = sqlite3.connect(tmp_path / "ledger.sqlite", isolation_level=None)
    con.execute("UPDATE rounds SET win_cents = win_cents + 5000")
    con.close()
    old = {n: (tmp_path / n).read_bytes() for n in ("ledger.sqlite", "cabinet.key")}
    locked = cabinet(tmp_path)
    assert locked.locked
    folder = locked.ram_clear()
    assert folder.parent == tmp_path and folder.name.startswith("ramclear-")
    assert {n: (folder / n).read_bytes() for n in old} == old          # untouched, beside the new ones
    assert not locked.locked and locked.balance == 10000 and locked.history() == []
    clear = events(locked, "ram_clear")[0]
    assert clear["backup"] == folder.name and "does not match its MAC" in clear["reason"]
    assert "does not match its MAC" in events(locked, "lock")[0]["reason"]      # the lock it ended
    assert stat.S_IMODE(os.stat(tmp_path / "cabinet.key").st_mode) == 0o600
    locked.ledger.close()
    assert not cabinet(tmp_path).locked
    with pytest.raises(LedgerError, match="not written with the key"):        # old ledger, new key
        Ledger(folder / "ledger.sqlite", tmp_path / "cabinet.key")
    with pytest.raises(LedgerError, match="does not match its MAC"):          # with its own key: the evidence
        Ledger(folder / "ledger.sqlite")


def test_ram_clear_of_a_ledger_that_cannot_be_opened(tmp_path):
    cabinet(tmp_path).ledger.close()
    (tmp_path / "ledger.sqlite").write_bytes(b"")
    cab = cabinet(tmp_path)
    assert "ledger missing or replaced" in cab.locked
    folder = cab.ram_clear()
    assert (folder / "ledger.sqlite").read_bytes() == b"" and (folder / "cabinet.key").exists()
    assert not cab.locked and cab.start_round(GAME.id, "base", 100).round_id == 1


def test_a_fresh_cabinet_only_when_neither_file_exists(tmp_path):
    cab = cabinet(tmp_path)
    assert cab.ledger.created and cab.balance == 10000
    cab.ledger.close()
    again = cabinet(tmp_path)
    assert not again.ledger.created and again.balance == 10000      # no second demo credit


# -- the command line -------------------------------------------------------------------------
def main_py(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)


@pytest.mark.slow
def test_audit_and_meters_on_a_good_ledger(tmp_path):
    cab = cabinet(tmp_path)
    cab.settle(cab.start_round(GAME.id, "base", 100).round_id)
    cab.ledger.close()
    r = main_py("--config", str(tmp_path / "config.yaml"), "--audit")
    assert r.returncode == 0, r.stderr
    assert "ledger ok" in r.stdout and "1 rounds (1 settled, 0 open)" in r.stdout
    assert "chain head: entry 5 " in r.stdout
    m = main_py("--config", str(tmp_path / "config.yaml"), "--meters")
    meters = json.loads(m.stdout)
    assert m.returncode == 0 and meters["audit"] == "ok" and meters["meters"]["games_played"] == 1
    assert meters["chain_head"]["entry"] == 6                       # the --audit above was logged
    assert "6 chain entries: 1-5 by the seal" in meters["checked"]     # a start: walked from the --audit's seal


@pytest.mark.slow
@pytest.mark.parametrize("damage", [
    "UPDATE rounds SET outcome = '{\"source\": \"live\"'",
    "ALTER TABLE rounds RENAME COLUMN features TO feats",
    "DROP TABLE meters",
])
def test_audit_and_meters_on_a_damaged_ledger_print_one_line_and_exit_2(tmp_path, damage):
    cab = cabinet(tmp_path)
    cab.settle(cab.start_round(GAME.id, "base", 100).round_id)
    cab.ledger.close()
    con = sqlite3.connect(tmp_path / "ledger.sqlite", isolation_level=None)
    con.execute(damage)
    con.close()
    before = (tmp_path / "ledger.sqlite").read_bytes()
    for flag in ("--audit", "--meters"):
        r = main_py("--config", str(tmp_path / "config.yaml"), flag)
        assert r.returncode == 2 and r.stdout == "" and "Traceback" not in r.stderr
        assert len(r.stderr.splitlines()) == 1 and r.stderr.startswith("cabinet locked: ")
    assert (tmp_path / "ledger.sqlite").read_bytes() == before


@pytest.mark.slow
def test_audit_on_a_cabinet_never_started_creates_nothing_and_meters_starts_it(tmp_path):
    (tmp_path / "config.yaml").write_text("data_dir: data\nmath_source: live\n")
    r = main_py("--config", str(tmp_path / "config.yaml"), "--audit")
    assert r.returncode == 2 and "has not been started" in r.stderr and len(r.stderr.splitlines()) == 1
    assert not (tmp_path / "data" / "ledger.sqlite").exists() and not (tmp_path / "data" / "cabinet.key").exists()
    m = main_py("--config", str(tmp_path / "config.yaml"), "--meters")         # a first start, as any start
    assert m.returncode == 0 and json.loads(m.stdout)["balance"] == 100000       # config.yaml's demo credit
    assert (tmp_path / "data" / "cabinet.key").exists()
