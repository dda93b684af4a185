"""The pending events file (pending_events.jsonl, written when the ledger cannot be)
against a hostile data folder (issue #31): forged lines are logged as
pending_forged and never laundered into the event log (the PIN lockout stays); the
file made a link to the key is not read through and no line of it is copied into the
log; a FIFO or an oversized file neither hangs nor slows the start."""
from __future__ import annotations

import json
import os
import sqlite3
import time

import pytest

import cabinet.core.ledger.files as files
from cabinet.core import cash_desk
from cabinet.core.ledger import LedgerError
from tests.core.ledger_attack import key_line, start, witness_line, write_config


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
