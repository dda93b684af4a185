"""The operator PIN is trusted only from the ledger's chain (issue #31 item 5).

A GLI-style lab wrote a PBKDF2 hash of 0000 into <data_dir>/operator.json and opened
the menu with 0000; and searched a changed 4-digit PIN's PBKDF2 hash offline. Now a
changed PIN is a chained `pin_changed` event holding scrypt(PIN, salt) HMAC'd under the
ledger's key; operator.json holds no PIN; a locked ledger falls back to config.yaml's
PIN (which opens only AUDIT / RAM CLEAR and DIAGNOSTICS while it is locked)."""
from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import sqlite3
import time
from pathlib import Path

import pytest

from cabinet.core import pin
from cabinet.core.cabinet import Cabinet, CabinetLocked
from cabinet.core.cash_desk import pin_state
from cabinet.core.config import load_config
from cabinet.core.ledger.files import PENDING_NAME, add_pending
from cabinet.core.operator_settings import settings_path
from cabinet.core.schema import ConfigError
from cabinet.core.startup import prepare_config
from tests.operator_file import write_signed
from tests.toygame import GAME

REAL = "48213"


def config(folder: Path, operator_pin: str = REAL):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "config.yaml").write_text(f"data_dir: data\nmath_source: live\noperator_pin: '{operator_pin}'\n")
    return load_config(folder / "config.yaml")


def start(folder: Path) -> tuple[Cabinet, list[str]]:
    """A start as main.py makes it: config.yaml, the saved operator settings, the cabinet."""
    plan = prepare_config(config(folder), create=True, games={GAME.id: GAME})
    return Cabinet(plan.config, plan=plan, seed=3), plan.problems


def old_hash(digits: str) -> str:
    """What the lab wrote: the format an earlier cabinet kept in operator.json."""
    salt = secrets.token_bytes(16)
    digest = hashlib.pbkdf2_hmac("sha256", digits.encode(), salt, 100_000)
    return f"pbkdf2_sha256$100000${salt.hex()}${digest.hex()}"


def records(cab: Cabinet) -> list[dict]:
    return [detail for _, _, detail, _ in cab.events(100, ("pin_changed",))]


def test_a_hash_written_into_operator_json_neither_opens_the_menu_nor_locks_out_the_real_pin(tmp_path):
    cab, _ = start(tmp_path)
    cab.close()
    path = settings_path(cab.config)
    path.write_text(json.dumps({"operator_pin_hash": old_hash("0000"), "gamble": "off"}))
    cab, problems = start(tmp_path)                                   # the attacker's file: ignored whole
    assert len(problems) == 1 and "operator.json: not saved by this cabinet's operator menu" in problems[0]
    assert cab.config.gamble != "off" and not pin.check("0000", cab.config, cab) and pin.check(REAL, cab.config, cab)
    cab.close()
    write_signed(cab.config, {"operator_pin_hash": old_hash("0000"), "gamble": "off"})   # even the menu's own file
    before = path.read_bytes()
    cab, problems = start(tmp_path)
    assert problems == [f"{path}: operator_pin_hash is no longer read: the PIN lives in the ledger"]
    assert cab.config.gamble == "off"                                 # the rest of the file still applies
    assert not pin.check("0000", cab.config, cab) and pin.check(REAL, cab.config, cab)
    guard = pin.PinGuard()
    assert guard.attempt("0000", lambda p: pin.check(p, cab.config, cab)) == "wrong"
    assert guard.attempt(REAL, lambda p: pin.check(p, cab.config, cab)) == "ok"
    assert path.read_bytes() == before                                # a start reads, never writes
    assert not hasattr(cab.config, "operator_pin_hash")
    # the menu refuses to save one too
    from cabinet.core.operator_settings import change
    with pytest.raises(ConfigError, match="operator_pin_hash is no longer read: the PIN lives in the ledger"):
        change(cab.config, "operator_pin_hash", old_hash("0000"))


def test_the_pin_changed_in_the_menu_is_a_chained_event_and_survives_a_restart(tmp_path):
    cab, _ = start(tmp_path)
    assert pin.current(cab) is None and pin.check(REAL, cab.config, cab)
    pin.set_pin(cab, "90210", by="operator")
    assert pin.check("90210", cab.config, cab) and not pin.check(REAL, cab.config, cab)
    pin.set_pin(cab, "135792468024", by="operator")                   # the newest record is the PIN
    cab.close()
    again, problems = start(tmp_path)
    assert problems == [] and not again.locked
    assert pin.check("135792468024", again.config, again)
    assert not pin.check("90210", again.config, again) and not pin.check(REAL, again.config, again)
    details = records(again)
    assert len(details) == 2 and all(d["by"] == "operator" for d in details)
    assert not settings_path(again.config).exists()                  # nothing of it outside the ledger
    text = json.dumps(details)
    assert "90210" not in text and "135792468024" not in text


def test_the_record_verifies_only_with_the_ledger_key_and_is_not_searchable_without_it(tmp_path):
    cab, _ = start(tmp_path)
    pin.set_pin(cab, "7351", by="operator")
    record = records(cab)[0]["record"]
    key = cab.ledger.key
    assert record["scheme"] == "scrypt-hmac-sha256" and (record["n"], record["r"], record["p"]) == (2**14, 8, 1)
    assert pin.verify("7351", record, key) and not pin.verify("7352", record, key)
    wrong_key = bytes([key[0] ^ 1]) + key[1:]
    assert not pin.verify("7351", record, wrong_key) and not pin.verify("7351", record, secrets.token_bytes(32))
    # what a search without the key could compute from the record alone, for the right PIN, matches nothing
    salt, mac = bytes.fromhex(record["salt"]), bytes.fromhex(record["mac"])
    unkeyed = {hashlib.scrypt(b"7351", salt=salt, n=2**14, r=8, p=1, dklen=32),
               hashlib.pbkdf2_hmac("sha256", b"7351", salt, 100_000),
               hmac.digest(b"", hashlib.scrypt(b"7351", salt=salt, n=2**14, r=8, p=1, dklen=32), "sha256")}
    assert mac not in unkeyed
    # a fresh salt per record: the same PIN set twice gives two records
    pin.set_pin(cab, "7351", by="operator")
    first, second = (d["record"] for d in records(cab))
    assert first["salt"] != second["salt"] and first["mac"] != second["mac"]


def test_a_record_only_this_cabinet_writes_is_read(tmp_path):
    key = secrets.token_bytes(32)
    good = pin.make_record("2468", key)
    assert pin.record_ok(good) and pin.verify("2468", good, key)
    for bad in ({**good, "n": 2**20}, {**good, "r": 1}, {**good, "p": 4}, {**good, "n": float(2**14)},
                {**good, "salt": "zz"}, {**good, "mac": good["mac"][:-2]}, {**good, "scheme": "pbkdf2_sha256"},
                {**good, "extra": 1}, "pbkdf2_sha256$1000$00$00", None):
        assert not pin.record_ok(bad) and not pin.verify("2468", bad, key)    # no unbounded scrypt either


def test_pins_of_4_and_12_digits_are_allowed_and_3_and_13_refused_in_one_line(tmp_path):
    for digits in ("4821", "482139570124"):
        assert config(tmp_path / digits, digits).operator_pin == digits
    for digits in ("482", "4821395701245"):
        with pytest.raises(ConfigError) as caught:
            config(tmp_path / digits, digits)
        assert "allowed: 4 to 12 digits 0-9" in str(caught.value) and "\n" not in str(caught.value)
    cab, _ = start(tmp_path / "run")
    for digits in ("4821", "482139570124"):
        pin.set_pin(cab, digits, by="operator")
        assert pin.check(digits, cab.config, cab)


def test_a_locked_ledger_falls_back_to_config_pin_and_takes_no_new_pin(tmp_path):
    cab, _ = start(tmp_path)
    pin.set_pin(cab, "90210", by="operator")
    cab.close()
    db = sqlite3.connect(tmp_path / "data" / "ledger.sqlite")           # an event altered: the ledger locks
    db.execute("UPDATE events SET detail = replace(detail, 'operator', 'someone') WHERE kind = 'pin_changed'")
    db.commit()
    db.close()
    locked, _ = start(tmp_path)
    assert locked.locked
    assert pin.current(locked) is None
    assert pin.check(REAL, locked.config, locked) and not pin.check("90210", locked.config, locked)
    with pytest.raises(CabinetLocked):
        pin.set_pin(locked, "11223344", by="operator")
    pending = (tmp_path / "data" / PENDING_NAME)
    assert "pin_changed" not in (pending.read_text() if pending.exists() else "")


def test_a_ledger_that_locks_while_the_pin_is_read_falls_back_to_config_pin(tmp_path):
    cab, _ = start(tmp_path)
    pin.set_pin(cab, "90210", by="operator")
    assert pin.check("90210", cab.config, cab)
    cab.ledger.db.execute("UPDATE events SET detail = replace(detail, 'operator', 'someone') "
                          "WHERE kind = 'pin_changed'")                  # altered under the running cabinet
    assert not pin.check("90210", cab.config, cab)
    assert cab.locked and pin.check(REAL, cab.config, cab)


def test_a_pin_changed_line_kept_outside_the_ledger_is_never_the_pin(tmp_path):
    """Even a record made with the right key (a replay of an older one, or a forged
    pending_events.jsonl line) does not become the PIN by being imported at a start."""
    cab, _ = start(tmp_path)
    forged = pin.make_record("0000", cab.ledger.key)
    cab.close()
    add_pending(cab.config.data_path, "pin_changed", {"record": forged, "by": "operator"})
    again, _ = start(tmp_path)
    assert not again.locked
    assert all(pin.OUTSIDE_LEDGER in d for d in records(again))      # imported, if at all, marked as such
    assert not pin.check("0000", again.config, again) and pin.check(REAL, again.config, again)


def test_only_a_chained_operator_login_restarts_the_wrong_pin_count(tmp_path):
    cab, _ = start(tmp_path)
    guard = pin.PinGuard(clock=lambda: 1000.0)
    right = (lambda p: pin.check(p, cab.config, cab))
    for _ in range(2):
        assert guard.attempt("0000", right) == "wrong"
        cab.log("pin_failure", {"purpose": "login", "in_a_row": guard.failures, "locked_seconds": 0})
    assert guard.attempt(REAL, right) == "ok" and guard.failures == 2     # a right PIN alone restarts nothing
    # operator.json cannot restart it: it is not read for the count
    write_signed(cab.config, {"pin_failures": 0, "operator_login": True})
    cab.close()
    again, problems = start(tmp_path)
    assert pin_state(again)[0] == 2 and any("pin_failures is not a saved setting" in p for p in problems)
    again.log("operator_login", {"page": "meters"})
    assert pin_state(again) == (0, None)


def test_checking_a_pin_costs_exactly_one_scrypt_of_the_stated_cost(tmp_path, monkeypatch):
    """Each guess costs one scrypt at n=2**14, r=8, p=1 (an offline search pays it per
    PIN, and needs the ledger key besides); the time is measured by the PIN bench, not here."""
    cab, _ = start(tmp_path)
    pin.set_pin(cab, "90210", by="operator")
    calls = []
    real = hashlib.scrypt

    def counted(password, *, salt, n, r, p, **kw):
        calls.append((n, r, p))
        return real(password, salt=salt, n=n, r=r, p=p, **kw)
    monkeypatch.setattr(hashlib, "scrypt", counted)
    for guess in ("90210", "90211", "90210"):
        calls.clear()
        pin.check(guess, cab.config, cab)
        assert calls == [(2**14, 8, 1)]


def test_a_locked_cabinet_restarted_keeps_its_wrong_pin_count(tmp_path):
    """While the ledger is locked, wrong PINs wait in the pending file (MAC'd); a
    restart counts them, so it gives no free guesses at config.yaml's PIN, and a
    forged login line appended to the file does not reset the count."""
    cab, _ = start(tmp_path)
    db = cab.ledger_path
    cab.close()
    with sqlite3.connect(db) as raw:                     # altered without the key: the next start locks
        raw.execute("UPDATE meters SET value = value + 100 WHERE name = 'balance'")
    locked, _ = start(tmp_path)
    assert locked.locked
    for _ in range(3):
        locked.log("pin_failure", {"page": "menu"})
    locked.close()
    pending = Path(locked.config.data_path) / "pending_events.jsonl"
    with pending.open("a") as f:
        f.write(json.dumps({"id": "f00d", "kind": "operator_login", "detail": {}, "at": time.time(),
                            "mac": "00" * 32}) + "\n")
    again, _ = start(tmp_path)
    assert again.locked
    failures, last = pin_state(again)
    assert failures == 3 and last is not None and pin.delay_after(failures) == 30.0


def test_emptying_the_pending_file_of_a_locked_cabinet_gives_no_fresh_guesses(tmp_path):
    """Wrong PINs on a locked cabinet are kept in the witness folder too: deleting the
    data folder's pending file and restarting still finds them; a right login resets."""
    (tmp_path / "witness").mkdir()
    (tmp_path / "config.yaml").write_text(f"data_dir: data\nmath_source: live\noperator_pin: '{REAL}'\n"
                                          f"ledger_witness: {tmp_path / 'witness'}\n")

    def boot() -> Cabinet:
        plan = prepare_config(load_config(tmp_path / "config.yaml"), create=True, games={GAME.id: GAME})
        return Cabinet(plan.config, plan=plan, seed=3)
    cab = boot()
    cab.close()
    (tmp_path / "data" / "ledger.head").unlink()                   # a witness gone: the cabinet locks
    locked = boot()
    assert locked.locked
    for _ in range(3):
        locked.log("pin_failure", {"page": "menu"})
    locked.close()
    (tmp_path / "data" / PENDING_NAME).unlink()                      # the attacker empties the pending file
    again = boot()
    assert again.locked and pin_state(again)[0] == 3
    again.log("operator_login", {"page": "menu"})
    assert pin_state(again)[0] == 0
    again.close()
