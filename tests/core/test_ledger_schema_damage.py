"""A damaged schema (issue #31): a letter of the schema text flipped to a byte that is
not UTF-8 made the earlier start, --meters and --audit crash with a traceback
(UnicodeDecodeError); each now locks in one line, 'cabinet locked: ...', and leaves
the file as it was."""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from cabinet.core.ledger import LedgerError
from tests.core.ledger_attack import assert_locked, assert_one_line_lock, main_py, play, start, write_config


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
