"""EXPORT REPORT on the operator menu's METERS page, driven with real touches on a real
ledger: the set lands in <data_dir>/reports and is logged; a folder that cannot be
written and a disk that fills are named on the page, leave nothing behind, and the
cabinet plays on; a ledger altered behind the cabinet's back locks it instead."""
from __future__ import annotations

import csv
import errno
import json
import sqlite3

import pygame
import pytest

from cabinet.core import reports
from cabinet.ui.operator.page import MIN_CONTROL
from tests.ui.conftest import make_app, play_rounds, press, run
from tests.ui.test_operator_pages import login, tap, texts_drawn

K = pygame


@pytest.fixture
def app(tmp_path):
    application = make_app(tmp_path, size=(1280, 720), credit="1000.00")
    yield application
    application.checkpoints.close()
    application.cabinet.close()
    pygame.display.quit()


def reports_dir(app):
    return app.config.data_path / "reports"


def test_export_report_writes_the_set_after_saying_so_and_logs_it(app):
    play_rounds(app, 4)
    press(app, K.K_ESCAPE)
    menu = login(app)
    button = next(w for w in menu.widgets if w.action == "export_report")
    assert button.rect.height >= MIN_CONTROL
    tap(app, "export_report")
    assert menu.shown.note.startswith("Auditing the ledger and writing the report set to")
    assert not reports_dir(app).exists()                          # the frame that says so comes first
    assert "EXPORTING..." in texts_drawn(app)
    run(app, 2)
    names = sorted(p.name.rsplit("-", 1)[0] for p in reports_dir(app).iterdir())
    assert names == ["events", "meters-cabinet", "meters-games", "rounds", "side-draws", "summary"]
    assert menu.shown.note.startswith("Report written: 6 files in ") and not menu.shown.note_bad
    rounds_csv = next(reports_dir(app).glob("rounds-*.csv"))
    with open(rounds_csv, newline="") as f:
        rows = list(csv.DictReader(f))
    played = sorted(app.cabinet.history(100), key=lambda r: r.id)
    assert [(int(r["round_id"]), int(r["cost_minor"]), int(r["win_minor"])) for r in rows] == \
        [(r.id, r.cost_cents, r.win_cents) for r in played]
    (_, kind, detail, _), = app.cabinet.events(1)
    assert kind == "report_export" and detail["by"] == "operator" and len(detail["files"]) == 6
    summary = json.loads(next(reports_dir(app).glob("summary-*.json")).read_text())
    assert summary["audit"]["result"] == "ok" and summary["cabinet"]["id"]
    assert any(t.startswith("Last report export ") for t in texts_drawn(app))
    assert app.cabinet.audit()[0]


def test_a_folder_that_cannot_be_written_is_named_and_the_cabinet_plays_on(app, tmp_path):
    (tmp_path / "afile").write_text("")
    app.config.report_path = tmp_path / "afile" / "reports"
    menu = login(app)
    tap(app, "export_report")
    run(app, 2)
    assert menu.shown.note_bad and menu.shown.note.startswith("Report NOT written: report_dir ")
    assert "is a file, not a folder" in menu.shown.note
    assert app.cabinet.events(1)[0][1] != "report_export" and not app.cabinet.locked
    tap(app, "close")
    play_rounds(app, 1)                                             # the cabinet plays on
    assert app.cabinet.meters()["games_played"] == 1


def test_a_disk_that_fills_leaves_nothing_half_written(app, monkeypatch):
    def full(self, text):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(reports._Hashing, "write", full)
    menu = login(app)
    tap(app, "export_report")
    run(app, 2)
    assert menu.shown.note_bad and "No space left on device" in menu.shown.note
    assert list(reports_dir(app).iterdir()) == []                # not even a .part file
    drawn = texts_drawn(app)
    note = next(t for t in drawn if t.startswith("Report NOT written"))
    assert note and not app.cabinet.locked and menu.shown.note.endswith("nothing was kept")
    monkeypatch.undo()
    tap(app, "export_report")
    run(app, 2)
    assert menu.shown.note.startswith("Report written") and len(list(reports_dir(app).iterdir())) == 6


def test_an_altered_ledger_locks_instead_of_exporting(app):
    play_rounds(app, 2)
    press(app, K.K_ESCAPE)
    menu = login(app)
    con = sqlite3.connect(app.cabinet.ledger_path, isolation_level=None)
    con.execute("UPDATE rounds SET win_cents = win_cents + 500 WHERE id = 1")
    con.close()
    tap(app, "export_report")
    run(app, 3)
    assert app.cabinet.locked and "rounds row 1" in app.cabinet.locked
    assert not reports_dir(app).exists() or list(reports_dir(app).iterdir()) == []
    assert menu.current == "system"                                 # AUDIT / RAM CLEAR: the way out of a lock
