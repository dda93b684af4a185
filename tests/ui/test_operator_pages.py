"""Every page of the operator menu driven with real clicks and touches on a real ledger:
meters (lifetime, period, reset, the report export: written and logged, or a folder
that cannot be written and a full disk named with nothing left behind, or an altered
ledger locking), cash (credit in, tickets, handpay), game recall, the event log,
settings (validated, saved, logged), diagnostics and its test screens."""
from __future__ import annotations

import csv
import errno
import json
import sqlite3
import time

import pygame
import pytest

from cabinet.core import reports
from cabinet.core.operator_settings import settings_path
from cabinet.ui.game_scene import GameScene
from cabinet.ui.lobby import Lobby
from cabinet.ui.operator import HandpayNotice, OperatorMenu, PinPad
from cabinet.ui.operator.page import MIN_CONTROL
from tests.ui.conftest import make_app, play_rounds, press, run
from tests.config_edit import handpay_limit, reconfigure

K = pygame


def tap(app, action: str, finger: bool = True) -> None:
    """Press the top scene's button for `action`: a finger (FINGERDOWN/UP) or a click."""
    widget = next(w for w in app.stack.top.widgets if getattr(w, "action", None) == action)
    x, y = app.layout.pt(*widget.rect.center)
    w, h = app.surface.get_size()
    if finger:
        for etype in (K.FINGERDOWN, K.FINGERUP):
            pygame.event.post(pygame.event.Event(etype, x=x / w, y=y / h, dx=0.0, dy=0.0, finger_id=1, touch_id=1,
                                                 pressure=1.0))
    else:
        for etype in (K.MOUSEBUTTONDOWN, K.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(etype, pos=(x, y), button=1))
    run(app, 1)


def login(app, pin: str = "1234") -> OperatorMenu:
    press(app, K.K_o, K.KMOD_LCTRL | K.KMOD_LSHIFT)
    for d in pin:
        tap(app, f"pin_{d}")
    tap(app, "pin_OK")
    assert isinstance(app.stack.top, OperatorMenu)
    return app.stack.top


def texts_drawn(app) -> list[str]:
    texts: list[str] = []
    real = app.assets.blit_text
    app.assets.blit_text = lambda s, text, *a, **k: texts.append(text) or real(s, text, *a, **k)
    try:
        app.render()
    finally:
        app.assets.blit_text = real
    return texts


@pytest.fixture
def app(tmp_path):
    application = make_app(tmp_path, size=(1280, 720), credit="1000.00")
    yield application
    application.checkpoints.close()
    application.cabinet.close()
    pygame.display.quit()


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


def test_cash_credit_in_by_note_and_a_ticket_with_its_files(app, tmp_path):
    menu = login(app)
    tap(app, "tab_cash")
    before = app.cabinet.balance
    tap(app, "credit_2000")
    assert app.cabinet.balance == before + 2000
    assert app.cabinet.events(1, ("credit_in",))[0][2] == {"cents": 2000, "by": "operator", "cash_id": 2}
    tap(app, "cash_out")
    assert app.cabinet.balance == 0 and "Ticket printed" in menu.shown.note
    ticket = menu.shown.tickets[0]
    files = sorted((tmp_path / "data" / "vouchers").iterdir())
    assert [f.suffix for f in files] == [".json", ".png"]
    saved = json.loads(files[0].read_text())
    assert saved["validation"] == ticket["validation"] and saved["cents"] == before + 2000
    assert app.cabinet.meters()["tickets_out"] == before + 2000
    files[1].unlink()
    tap(app, "reprint")
    assert files[1].exists() and "printed again" in menu.shown.note


def test_a_cash_out_above_the_limit_is_a_handpay_the_attendant_clears_with_the_pin(tmp_path):
    app = make_app(tmp_path, size=(1280, 720), credit="1000.00")
    handpay_limit(app, 50000)                               # cash.handpay_limit: "500.00"
    app.open("cash_out")
    tap(app, "confirm")
    notice = app.stack.top
    assert isinstance(notice, HandpayNotice) and app.cabinet.handpay["cents"] == 100000
    press(app, K.K_RETURN)
    assert app.stack.top is notice                                      # nothing plays under it
    assert "HANDPAY" in texts_drawn(app) and "CALL ATTENDANT" in texts_drawn(app)
    app.checkpoints.close()
    app.cabinet.close()
    app = make_app(tmp_path, size=(1280, 720), credit="1000.00")        # it waits across a restart
    handpay_limit(app, 50000)
    run(app, 1)
    assert isinstance(app.stack.top, HandpayNotice)
    tap(app, "pay")
    assert isinstance(app.stack.top, PinPad)
    for d in "1234":
        tap(app, f"pin_{d}")
    tap(app, "pin_OK")
    assert app.cabinet.handpay is None and app.cabinet.balance == 0 and isinstance(app.stack.top, Lobby)
    m = app.cabinet.meters()
    assert m["handpaid"] == 100000 and m["handpays"] == 1 and m["credits_out"] == 100000
    app.checkpoints.close()
    app.cabinet.close()


@pytest.mark.slow
def test_game_recall_the_last_ten_and_every_round_paged_each_replayable(app):
    play_rounds(app, 12)
    rid = app.cabinet.history(1)[0].id
    app.cabinet.side_draw("gamble", 10, 20, True, {"wheel": "cash"}, rid)
    press(app, K.K_ESCAPE)
    menu = login(app)
    tap(app, "tab_recall")
    page = menu.shown
    assert [r.id for r in page.rounds] == list(range(12, 2, -1))        # newest first, ten to a page
    assert page.draws and page.draws[0]["won"] and page.draws[0]["prize_cents"] == 20
    tap(app, "older")
    assert [r.id for r in page.rounds] == [2, 1]
    tap(app, "newer")
    tap(app, "game_toyui")
    assert len(page.rounds) == 10
    y = 214 + 34 + 3 * 44 + 20                                          # the fourth row, by touch
    x, yy = app.layout.pt(900, y)
    w, h = app.surface.get_size()
    for etype in (K.FINGERDOWN, K.FINGERUP):
        pygame.event.post(pygame.event.Event(etype, x=x / w, y=yy / h, dx=0.0, dy=0.0, finger_id=1, touch_id=1,
                                             pressure=1.0))
    run(app, 1)
    assert page.selected == 3
    chosen = page.rounds[3].id
    tap(app, "replay")
    recall = app.stack.top
    assert isinstance(recall, GameScene) and recall.recall_mode and recall.played.round_id == chosen
    press(app, K.K_ESCAPE)
    assert app.stack.top is menu and menu.current == "recall"


def test_the_event_log_lists_logins_pin_failures_and_settings_filtered_and_paged(app):
    press(app, K.K_o, K.KMOD_LCTRL | K.KMOD_LSHIFT)
    for d in "9999":
        press(app, getattr(K, f"K_{d}"))
    press(app, K.K_RETURN)
    press(app, K.K_ESCAPE)
    menu = login(app)
    tap(app, "tab_settings")
    tap(app, "set_gamble_next")
    tap(app, "tab_events")
    page = menu.shown
    tap(app, "filter_SECURITY")
    kinds = [e[1] for e in page.rows]
    assert kinds[:3] == ["settings_changed", "operator_login", "pin_failure"]
    assert page.rows[0][2]["from"] == "on_5x" and page.rows[0][2]["to"] == "off"
    for _ in range(20):
        app.cabinet.log("audit", {"result": "ok", "by": "test"})
    tap(app, "filter_ALL")
    assert len(page.rows) == 15
    first = page.rows[0][0]
    tap(app, "older")
    assert page.rows[0][0] < first - 14
    tap(app, "newer")
    assert page.rows[0][0] == first


def test_settings_are_validated_saved_applied_and_logged(app, tmp_path):
    menu = login(app)
    tap(app, "tab_settings")
    page = menu.shown
    tap(app, "set_turbo_allowed_next")
    assert app.config.turbo_allowed is False and app.turbo_allowed is False
    tap(app, "set_min_round_seconds_next")
    assert app.min_round_seconds == 1.0
    tap(app, "section_protection")                                      # player protection: its own section
    tap(app, "set_protection_next")
    assert app.session.enabled
    tap(app, "section_cabinet")
    tap(app, "set_max_buy_cost_next")                                   # no cap -> 50.00
    assert app.config.max_buy_cost == 5000
    saved = json.loads(settings_path(app.config).read_text())
    assert saved.pop("mac") and saved == {"turbo_allowed": False, "min_round_seconds": 1.0, "protection": True,
                                          "max_buy_cost": "50.00"}                 # with its MAC: the menu's own
    tap(app, "section_games")
    tap(app, "bet_100")                                                 # the default bet off the ladder: refused
    assert page.note.startswith("Refused: games.toyui.default_bet = $1.00 is not on the bet ladder")
    assert app.cabinet.games["toyui"].bet_ladder == (10, 20, 50, 100)
    tap(app, "bet_20")                                                  # 0.20 off the ladder: fine
    assert app.cabinet.games["toyui"].bet_ladder == (10, 50, 100)
    tap(app, "set_default_bet_prev")
    assert app.cabinet.games["toyui"].default_bet == 50
    tap(app, "set_enabled_next")                                        # the game off
    assert "toyui" not in app.cabinet.games
    logged = [e[2]["key"] for e in app.cabinet.events(20, ("settings_changed",))]
    assert logged[:3] == ["enabled", "default_bet", "bet_ladder"] and len(logged) == 7
    tap(app, "close")
    assert isinstance(app.stack.top, Lobby) and app.stack.top.specs == []


def enter_twice(app, digits: str) -> None:
    for _ in range(2):
        for d in digits:
            tap(app, f"pin_{d}")
        tap(app, "pin_OK")


def test_the_pin_is_changed_twice_entered_and_the_old_one_stops_working(app):
    menu = login(app)
    tap(app, "tab_settings")
    tap(app, "section_pin")
    tap(app, "change_pin")
    enter_twice(app, "8642")
    assert app.stack.top is menu and "PIN changed" in menu.shown.note
    assert not settings_path(app.config).exists()                   # the PIN lives in the ledger
    (_, _, detail, _), = app.cabinet.events(5, ("pin_changed",))
    assert detail["by"] == "operator" and "8642" not in json.dumps(detail)
    tap(app, "close")
    press(app, K.K_o, K.KMOD_LCTRL | K.KMOD_LSHIFT)
    for d in "1234":
        press(app, getattr(K, f"K_{d}"))
    press(app, K.K_RETURN)
    assert isinstance(app.stack.top, PinPad) and app.stack.top.error == "Wrong PIN"
    press(app, K.K_ESCAPE)
    login(app, "8642")


def test_a_pin_of_4_or_12_digits_is_taken_3_and_13_are_refused_in_one_clear_line(app):
    from tests.ui.textcheck import text_problems
    menu = login(app)
    tap(app, "tab_settings")
    tap(app, "section_pin")
    page = menu.shown
    assert text_problems(app, "settings: PIN") == []
    tap(app, "change_pin")
    pad = app.stack.top
    assert isinstance(pad, PinPad) and pad.why == "Enter the new PIN (4 to 12 digits) twice"
    for d in "1234567890123":                                        # the 13th digit is refused, and said so
        tap(app, f"pin_{d}")
    assert pad.entered == "123456789012" and pad.error == "A PIN has at most 12 digits"
    assert "12 of 4 to 12 digits" in texts_drawn(app)
    assert text_problems(app, "PIN pad, 12 digits") == []
    tap(app, "pin_OK")
    for d in "123456789012":
        tap(app, f"pin_{d}")
    tap(app, "pin_OK")
    assert app.stack.top is menu and page.note == "PIN changed: 12 digits, kept in the ledger (pin_changed, logged)"
    assert page.pin_changed and text_problems(app, "settings: PIN changed") == []
    tap(app, "change_pin")
    enter_twice(app, "135")
    assert page.note == "Refused: a new PIN of 3 digits is not allowed; allowed: 4 to 12 digits 0-9"
    assert page.note_bad and "135" not in page.note.replace("3 digits", "")
    assert page.new_pin("1234567890123") is False
    assert page.note == "Refused: a new PIN of 13 digits is not allowed; allowed: 4 to 12 digits 0-9"
    tap(app, "change_pin")
    enter_twice(app, "2580")
    assert page.note.startswith("PIN changed: 4 digits")
    tap(app, "close")
    login(app, "2580")
    assert len(app.cabinet.events(10, ("pin_changed",))) == 2


def test_a_hash_in_operator_json_does_not_open_the_menu(tmp_path):
    """The lab's attack through the pad: 0000's PBKDF2 hash written into operator.json."""
    import hashlib
    from tests.ui.conftest import make_app
    first = make_app(tmp_path)
    path = settings_path(first.config)
    first.checkpoints.close()
    first.cabinet.close()
    salt = b"0123456789abcdef"
    path.write_text(json.dumps({"operator_pin_hash": f"pbkdf2_sha256$100000${salt.hex()}$"
                                                    f"{hashlib.pbkdf2_hmac('sha256', b'0000', salt, 100_000).hex()}"}))
    app = make_app(tmp_path)
    press(app, K.K_o, K.KMOD_LCTRL | K.KMOD_LSHIFT)
    for d in "0000":
        press(app, getattr(K, f"K_{d}"))
    press(app, K.K_RETURN)
    assert isinstance(app.stack.top, PinPad) and app.stack.top.error == "Wrong PIN"
    press(app, K.K_ESCAPE)
    login(app, "1234")
    app.checkpoints.close()


def test_a_locked_ledger_opens_only_audit_with_config_pin_and_restarts_no_count(app):
    from tests.ui.textcheck import text_problems
    menu = login(app)
    tap(app, "tab_settings")
    tap(app, "section_pin")
    tap(app, "change_pin")
    enter_twice(app, "8642")
    tap(app, "close")
    press(app, K.K_o, K.KMOD_LCTRL | K.KMOD_LSHIFT)                   # one wrong PIN, chained
    for d in "9999":
        press(app, getattr(K, f"K_{d}"))
    press(app, K.K_RETURN)
    press(app, K.K_ESCAPE)
    assert app.pin_guard.failures == 1
    app.cabinet.lock("test: the ledger cannot be trusted")
    press(app, K.K_o, K.KMOD_LCTRL | K.KMOD_LSHIFT)
    pad = app.stack.top
    assert "Ledger locked: config.yaml's PIN opens AUDIT / RAM CLEAR" in texts_drawn(app)
    assert text_problems(app, "PIN pad, ledger locked") == []
    for d in "8642":                                                 # the ledger's PIN: not trusted now
        tap(app, f"pin_{d}")
    tap(app, "pin_OK")
    assert app.stack.top is pad and pad.error == "Wrong PIN"
    menu = login(app, "1234")                                        # config.yaml's: AUDIT / RAM CLEAR only
    assert menu.current == "system" and not menu.allowed("cash") and not menu.allowed("settings")
    assert app.pin_guard.failures == 2                               # the login is not chained: no restart


@pytest.mark.slow
def test_diagnostics_rng_self_test_program_verification_and_the_test_screens(app, monkeypatch):
    menu = login(app)
    tap(app, "tab_diagnostics")
    page = menu.shown
    tap(app, "rng")
    for _ in range(200):
        if page.rng is not None:
            break
        time.sleep(0.05)
    run(app, 1)
    assert page.rng["passed"] and len(page.rng["results"]) == 6
    (_, _, detail, _), = app.cabinet.events(1, ("rng_selftest",))
    assert detail["passed"] and set(detail["p"]) == {r.name for r in page.rng["results"]}
    tap(app, "verify")
    while page.busy:
        time.sleep(0.02)
    run(app, 1)
    assert page.program["files"] > 500 and "signed by" in page.program["signer"]    # the start's program check
    from cabinet.core import release
    verdict = release.Verdict(found={"main.py": "ab" * 32, "cabinet/x.py": "cd" * 32}, signer=None,
                              problems=["manifest.sha256.sig: bad signature", "cabinet/x.py: sha256 differs"])
    monkeypatch.setattr(release, "check_program", lambda *a, **k: verdict)
    tap(app, "verify")
    while page.busy:
        time.sleep(0.02)
    run(app, 1)
    assert page.program == {"files": 2, "differences": ["manifest.sha256.sig: bad signature",
                                                        "cabinet/x.py: sha256 differs"],
                            "signer": "manifest.sha256.sig: no trusted signature", "release": False, "logged": True}
    assert any("no trusted signature" in t for t, _ in page.program_lines())
    logged = app.cabinet.events(1, ("program_verified",))[0][2]
    assert logged["differences"][1] == "cabinet/x.py: sha256 differs" and "no trusted" in logged["signer"]
    tap(app, "display_test")
    for _ in range(8):                                                  # a tap shows the next pattern
        assert app.stack.top.scene_name == "display_test"
        w, h = app.surface.get_size()
        for etype in (K.FINGERDOWN, K.FINGERUP):
            pygame.event.post(pygame.event.Event(etype, x=0.5, y=0.5, dx=0.0, dy=0.0, finger_id=1, touch_id=1,
                                                 pressure=1.0))
        run(app, 1)
    assert app.stack.top is menu
    tap(app, "touch_test")
    for fx in (0.1, 0.5, 0.9):
        pygame.event.post(pygame.event.Event(K.FINGERDOWN, x=fx, y=0.5, dx=0.0, dy=0.0, finger_id=2, touch_id=1,
                                             pressure=1.0))
        run(app, 1)
    assert len(app.stack.top.hit) == 3 and app.stack.top.touches == 3
    tap(app, "exit")
    tap(app, "input_test")
    press(app, K.K_s, K.KMOD_LSHIFT)
    assert app.input_log[-1] == "key SHIFT+S   actions: sound"
    press(app, K.K_ESCAPE)
    press(app, K.K_ESCAPE)
    tap(app, "sound_test")
    tap(app, "exit")
    assert app.stack.top is menu


def test_run_audit_is_logged(app):
    menu = login(app)
    tap(app, "tab_system")
    tap(app, "audit")
    assert menu.shown.audit[0] and app.cabinet.events(1, ("audit",))[0][2]["by"] == "operator"
    assert "Audit passed" in menu.shown.note


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
