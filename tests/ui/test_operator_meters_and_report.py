"""The operator menu's METERS page driven with real clicks and touches on a real
ledger: the lifetime and period meters with a logged period reset, the meters read
once a visit (not once a frame), and EXPORT REPORT: the report set written and
logged, a folder that cannot be written or a full disk named with nothing left
behind, and an altered ledger locking instead of exporting."""
from __future__ import annotations

import csv
import errno
import json
import sqlite3

import pygame
import pytest

from cabinet.core import reports
from cabinet.ui.operator.page import MIN_CONTROL
from tests.ui.conftest import play_rounds, press, run
from tests.ui.operator_menu import login, operator_app_fixture, tap, texts_drawn
from tests.config_edit import reconfigure

K = pygame
app = operator_app_fixture()


@pytest.mark.slow
def test_meters_lifetime_and_period_with_a_logged_reset(app):
    play_rounds(app, 5)
    press(app, K.K_ESCAPE)
    menu = login(app)
    page = menu.shown
    rounds = app.cabinet.history(100)
    life = page.lifetime
    assert life["games_played"] == 5 and life["total_bet"] == sum(r.cost_cents for r in rounds)
    assert life["total_won"] == sum(r.win_cents for r in rounds) and life["credits_in"] == 100000
    assert page.cell(life, None, "rtp").startswith(f"{life['total_won'] / life['total_bet'] * 100:.2f}%")
    assert "(theory 94.50%)" in page.cell(life, None, "rtp")             # the toy's stated base RTP
    tap(app, "period_reset")                                             # once: armed, nothing reset
    assert app.cabinet.period_meters()["games_played"] == 5 and "CONFIRM" in page.note
    tap(app, "period_reset")
    assert app.cabinet.period_meters()["games_played"] == 0 and page.period["games_played"] == 0
    (_, kind, detail, _), = app.cabinet.events(1, ("period_reset",))
    assert detail["closed_period"]["games_played"] == 5 and detail["by"] == "operator"
    tap(app, "close")
    play_rounds(app, 2)
    press(app, K.K_ESCAPE)
    menu = login(app)
    assert menu.shown.period["games_played"] == 2 and menu.shown.lifetime["games_played"] == 7
    tap(app, "focus_game")                                               # the toy game by mode
    rows = menu.shown.game_rows(menu.shown.lifetime)
    labels = [r[0] for r in rows]
    assert labels[0] == "Spin" and rows[0][1] == "7" and len(labels) == len(
        [m for m in app.cabinet.games["toyui"].spec.modes if m.kind in ("spin", "buy")])


def test_the_meters_are_read_once_per_visit_and_change_not_per_frame(app):
    """The meters page reads the ledger (sums over every round) when it opens and after
    a change, and its frames only draw what it composed then."""
    play_rounds(app, 3)
    press(app, K.K_ESCAPE)
    reads = []
    for name in ("meters", "period_meters"):
        real = getattr(app.cabinet, name)
        setattr(app.cabinet, name, lambda real=real, name=name: reads.append(name) or real())
    menu = login(app)
    assert reads == ["meters", "period_meters"]
    run(app, 120)                                                   # two seconds of frames: no read
    assert len(reads) == 2
    page = menu.shown
    before = page.rows
    tap(app, "table_period")                                        # a switch composes again, reads nothing
    run(app, 30)
    assert len(reads) == 2 and page.rows is not before
    tap(app, "refresh")                                             # REFRESH reads once
    run(app, 30)
    assert reads[2:] == ["meters", "period_meters"]
    assert page.rows[0][1] == "3" and page.cabinet_rows[1][0] == ["Games played", "3", "3"]


# -- EXPORT REPORT (METERS) -------------------------------------------------------------
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
    reconfigure(app, report_path=tmp_path / "afile" / "reports")
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
