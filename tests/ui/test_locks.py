"""Locks in the running cabinet, through real events: a tampered ledger, a round that
cannot be decoded, storage errors mid-round, RUN AUDIT, and RAM CLEAR from the
operator menu (the only way out of a lock)."""
from __future__ import annotations

import sqlite3

import pygame

from cabinet.ui.game_scene import GameScene
from cabinet.ui.lobby import Lobby
from cabinet.ui.locked import LockedNotice
from cabinet.ui.operator import OperatorMenu, RamClearConfirm
from tests.core.test_ledger_locks import FailingDb
from tests.ui.conftest import finish_round, make_app, open_game, play_rounds, press, run
from tests.ui.test_history_operator import operator

K = pygame


def closed(app) -> None:
    app.checkpoints.close()
    if app.cabinet.ledger is not None:
        app.cabinet.ledger.close()
    pygame.display.quit()


def test_a_tampered_ledger_shows_the_lock_notice_and_nothing_plays(tmp_path):
    app = make_app(tmp_path)
    play_rounds(app, 3)
    closed(app)
    db = tmp_path / "data" / "ledger.sqlite"
    con = sqlite3.connect(db, isolation_level=None)
    con.execute("UPDATE rounds SET win_cents = win_cents + 5000 WHERE id = 2")
    con.close()
    before = db.read_bytes()
    app = make_app(tmp_path)
    notice = app.stack.top
    assert isinstance(notice, LockedNotice) and not notice.storage
    assert "rounds row 2 (chain entry" in notice.reason and "does not match its MAC" in notice.reason
    for key in (K.K_RETURN, K.K_SPACE, K.K_h):
        press(app, key)
        assert app.stack.top is notice
    closed(app)
    assert db.read_bytes() == before


def test_an_interrupted_round_that_cannot_be_regenerated_locks_at_start(tmp_path):
    app = make_app(tmp_path)
    app.cabinet.ledger.open_round("toyui", "nosuch", 100, 100, {"source": "live", "seed": 3}, 0, 0, False, [])
    closed(app)
    app = make_app(tmp_path)
    assert isinstance(app.stack.top, LockedNotice)
    assert "rounds row 1 cannot be regenerated" in app.stack.top.reason
    closed(app)


def test_a_storage_error_on_spin_shows_the_storage_notice_and_debits_nothing(tmp_path):
    app = make_app(tmp_path)
    scene = open_game(app)
    before = app.cabinet.balance
    led = app.checkpoints.connection()          # a SPIN's commit is written by the ledger's writer
    led.db = FailingDb(led.db, "INSERT INTO rounds", "database or disk is full")
    press(app, K.K_SPACE)
    notice = app.stack.top
    assert isinstance(notice, LockedNotice) and notice.storage and not scene.busy
    assert notice.reason.startswith("storage error, call attendant: starting a round failed")
    led.db = led.db._db
    led = app.cabinet.ledger                    # read back on the cabinet's own connection
    led.forget_balance()
    assert led.balance == before and led.meters()["games_played"] == 0
    closed(app)
    again = make_app(tmp_path)
    assert isinstance(again.stack.top, Lobby) and again.cabinet.balance == before
    closed(again)


def test_a_storage_error_settling_keeps_the_round_and_the_restart_resumes_and_pays_it_once(tmp_path):
    app = make_app(tmp_path)
    scene = open_game(app)
    press(app, K.K_SPACE)
    played = scene.played
    led = app.cabinet.ledger
    writer = app.checkpoints.connection()       # the settlement is written by the ledger's writer
    writer.db = FailingDb(writer.db, "UPDATE rounds SET state")
    for _ in range(400):
        run(app, 1, 0.1)
        if isinstance(app.stack.top, LockedNotice):
            break
    assert isinstance(app.stack.top, LockedNotice) and app.stack.top.storage
    writer.db = writer.db._db
    assert led.round(played.round_id).state == "open"
    before = led.balance
    closed(app)
    again = make_app(tmp_path)
    resumed = again.stack.top
    assert isinstance(resumed, GameScene) and resumed.played.round_id == played.round_id
    finish_round(again, resumed)
    assert again.cabinet.balance == before + played.win_cents
    ok, message = again.cabinet.audit()
    assert ok and again.cabinet.open_round() is None, message
    closed(again)


def test_a_checkpoint_writer_that_cannot_write_locks(tmp_path):
    from cabinet.ui.checkpoints import CheckpointWriter
    app = make_app(tmp_path)
    scene = open_game(app)
    press(app, K.K_SPACE)
    app.checkpoints.close()
    key = tmp_path / "data" / "cabinet.key"
    key.rename(key.with_name("away"))                       # its connection cannot be opened
    app.checkpoints = CheckpointWriter(app.cabinet)
    app.checkpoints.put(scene.played.round_id, 1)
    app.checkpoints.flush()
    run(app, 1)
    assert isinstance(app.stack.top, LockedNotice) and "cabinet.key cannot be read" in app.stack.top.reason
    key.with_name("away").rename(key)
    closed(app)


def test_run_audit_finds_runtime_tampering_and_the_notice_follows_the_menu(tmp_path):
    app = make_app(tmp_path)
    play_rounds(app, 2)
    press(app, K.K_ESCAPE)
    app.cabinet.ledger.db.execute("UPDATE cash SET cents = 1")
    operator(app, "1234")
    menu = app.stack.top
    # the meters page sums the rows and checks them against the audited meters table
    assert isinstance(menu, OperatorMenu) and app.cabinet.locked and "credits_in up to 1 " in app.cabinet.locked
    run(app, 1)
    assert menu.current == "system" and app.stack.top is menu      # the notice goes under the menu
    menu.on_action("audit")
    run(app, 1)
    page = menu.shown
    assert not page.audit[0] and "cash row 1" in page.audit[1] and app.stack.top is menu
    press(app, K.K_ESCAPE)
    assert isinstance(app.stack.top, LockedNotice) and "credits_in" in app.stack.top.reason
    closed(app)


def test_ram_clear_from_a_locked_cabinet_needs_the_pin_and_a_confirmation(tmp_path):
    app = make_app(tmp_path)
    play_rounds(app, 2)
    closed(app)
    data = tmp_path / "data"
    (data / "cabinet.key").unlink()
    app = make_app(tmp_path)
    assert "ledger missing or replaced" in app.stack.top.reason
    operator(app, "1234")
    menu = app.stack.top
    menu.on_action("ram_clear")
    confirm = app.stack.top
    assert isinstance(confirm, RamClearConfirm)
    press(app, K.K_ESCAPE)                                         # cancel: nothing happens
    assert app.stack.top is menu and (data / "ledger.sqlite").exists() and not list(data.glob("ramclear-*"))
    menu.on_action("ram_clear")
    app.stack.top.on_action("confirm")
    run(app, 1)
    assert isinstance(app.stack.top, Lobby) and not app.cabinet.locked
    assert app.cabinet.balance == 10000 and "RAM CLEAR done" in app.toast_text
    backup = list(data.glob("ramclear-*"))
    assert len(backup) == 1 and (backup[0] / "ledger.sqlite").exists()
    scene = play_rounds(app, 1)                                    # play goes on, checkpoints included
    assert app.cabinet.history()[0].game == "toyui" and scene.played is None
    closed(app)
    again = make_app(tmp_path)
    assert isinstance(again.stack.top, Lobby) and again.cabinet.audit()[0]
    closed(again)
