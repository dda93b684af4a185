"""Kiosk escape and tampering, tried as a player would: ESC, ALT+F4 and the window's
close do nothing; SIGINT and SIGTERM stop gracefully in every mode (checkpoint, logged,
ledger closed, exit 0); the PIN resists brute force (the lockout measured); F12 cannot
fill the disk; no review control is drawn for a player; a kiosk's history shows only
the current player's session; a start without a display says so."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from cabinet.core.ledger import Ledger
from cabinet.core.pin import delay_after
from cabinet.ui.game_scene import GameScene
from cabinet.ui.history import HistoryScene
from cabinet.ui.lobby import Lobby
from cabinet.ui.operator import OperatorMenu, PinPad
from tests.ui.conftest import make_app, play_rounds, press, run, shift
from tests.ui.test_history_operator import operator
from tests.config_edit import reconfigure

K = pygame
ROOT = Path(__file__).resolve().parents[2]


def closed(app) -> None:
    app.checkpoints.close()
    app.cabinet.close()
    pygame.display.quit()


def test_esc_alt_f4_and_the_window_close_do_not_leave_the_kiosk(tmp_path):
    app = make_app(tmp_path)
    app.kiosk = True
    press(app, K.K_ESCAPE)
    press(app, K.K_F4, K.KMOD_LALT)
    pygame.event.post(pygame.event.Event(pygame.QUIT))           # what SDL sends for ALT+F4 and the close box
    run(app, 2)
    assert app.running and isinstance(app.stack.top, Lobby)
    app.kiosk = False
    pygame.event.post(pygame.event.Event(pygame.QUIT))           # outside kiosk mode the close box quits
    run(app, 1)
    assert not app.running and app.stop_reason == "window closed"
    closed(app)


def child(data: Path) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items()}
    env.update(PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.Popen([sys.executable, "-m", "tests.ui.kiosk_child", str(data)], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_sigterm_and_sigint_stop_the_kiosk_gracefully_mid_round(tmp_path, sig):
    proc = child(tmp_path)
    line = proc.stdout.readline()
    assert line.startswith("RUNNING"), (line, proc.stderr.read())
    rid = int(line.split()[1])
    time.sleep(1.0)                                              # the frame loop runs, the round on screen
    proc.send_signal(sig)
    try:
        rc = proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise AssertionError(f"{sig.name} did not stop the kiosk")
    err = proc.stderr.read()
    assert rc == 0 and "Traceback" not in err, err
    led = Ledger(tmp_path / "data" / "ledger.sqlite")            # opens: verified in full
    (_, kind, detail, _), = led.events(1)
    assert kind == "shutdown" and detail["reason"] == f"signal {sig.name}"
    rec = led.round(rid)
    assert rec.state == "open" and rec.checkpoint > 0            # its progress was written before the stop
    led.close()
    again = make_app(tmp_path)                                   # the next start resumes it
    scene = again.stack.top
    assert isinstance(scene, GameScene) and scene.played.round_id == rid
    closed(again)


@pytest.mark.slow
def test_a_four_digit_pin_cannot_be_guessed_in_weeks_the_lockout_measured(tmp_path):
    app = make_app(tmp_path)
    now = [1_000_000.0]
    app.pin_guard.clock = lambda: now[0]
    press(app, K.K_o, K.KMOD_LCTRL | K.KMOD_LSHIFT)
    pad = app.stack.top
    assert isinstance(pad, PinPad)

    def attempt(pin: str) -> str:
        before = app.pin_guard.failures
        for d in pin:
            press(app, getattr(K, f"K_{d}"))
        press(app, K.K_RETURN)
        if isinstance(app.stack.top, OperatorMenu):
            return "ok"
        return "wrong" if app.pin_guard.failures > before else "refused"

    waits, guesses, spent = [], 0, 0.0
    for guess in range(9000, 9012):                               # wrong PINs (the PIN is 1234)
        lock = app.pin_guard.wait()
        if lock > 0:                                              # refused unread while locked: at the
            assert attempt(f"{guess:04d}") == "refused"           # lock's start and half a second
            now[0] += lock - 0.5                                  # before its end
            assert attempt(f"{guess:04d}") == "refused"
            now[0] += 0.5
            spent += lock
        assert attempt(f"{guess:04d}") == "wrong"                 # read once it is over
        guesses += 1
        waits.append(app.pin_guard.wait())
    assert [round(w) for w in waits] == [0, 0, 30, 60, 120, 240, 480, 900, 900, 900, 900, 900]
    # while locked even the right PIN is refused, and nothing is logged for it
    logged = len(app.cabinet.events(100, ("pin_failure",)))
    assert attempt("1234") == "refused" and len(app.cabinet.events(100, ("pin_failure",))) == logged == guesses
    texts = []
    real = app.assets.blit_text
    app.assets.blit_text = lambda s, text, *a, **k: texts.append(text) or real(s, text, *a, **k)
    app.render()
    app.assets.blit_text = real
    assert "ATTENDANT CALLED" in texts and any(t.startswith("Too many wrong PINs: locked for 15:00") for t in texts)
    # a restart keeps the count (rebuilt from the event log)
    closed(app)
    again = make_app(tmp_path)
    assert again.pin_guard.failures == guesses
    # the time a guesser needs for every 4-digit PIN at this schedule
    total = sum(delay_after(n) for n in range(1, 10_000))
    print(f"\nPIN lockout: {spent:.0f} s waited for 12 guesses; 10,000 guesses take {total / 86400:.0f} days")
    assert total / 86400 > 90
    now2 = [again.pin_guard.last_failure + 901]
    again.pin_guard.clock = lambda: now2[0]
    operator(again, "1234")
    assert isinstance(again.stack.top, OperatorMenu) and again.pin_guard.failures == 0
    closed(again)


def test_f12_writes_nothing_for_a_player_and_one_file_from_the_operator_menu(tmp_path):
    app = make_app(tmp_path)
    app.kiosk = True
    folder = tmp_path / "data" / "screenshots"
    for _ in range(40):
        press(app, K.K_F12)
    assert not folder.exists() or not list(folder.iterdir())
    operator(app, "1234")
    press(app, K.K_F12)
    assert len(list(folder.glob("*.png"))) == 1
    closed(app)


def test_no_force_button_for_a_player(tmp_path):
    app = make_app(tmp_path)
    reconfigure(app, demo_tools=False)
    press(app, K.K_RETURN)
    assert not any(getattr(w, "action", "") == "demo" for w in app.stack.top.widgets)
    press(app, K.K_ESCAPE)
    reconfigure(app, demo_tools=True)
    press(app, K.K_RETURN)
    assert any(getattr(w, "action", "") == "demo" for w in app.stack.top.widgets)
    closed(app)


@pytest.mark.slow
def test_a_kiosk_history_shows_only_the_current_session(tmp_path):
    app = make_app(tmp_path)
    app.kiosk = True
    play_rounds(app, 3)
    press(app, K.K_ESCAPE)
    app.open("cash_out")
    press(app, K.K_RETURN)                                       # CASH OUT: a ticket, the next player
    press(app, K.K_RETURN)
    app.cabinet.deposit(5000)
    play_rounds(app, 2)
    shift(app, K.K_h)
    assert isinstance(app.stack.top, HistoryScene) and len(app.stack.top.rounds) == 2
    press(app, K.K_ESCAPE)
    press(app, K.K_ESCAPE)
    app.attract_after = 10.0                                     # the player leaves: an idle reset
    run(app, 12, 1.0)
    press(app, K.K_SPACE)
    shift(app, K.K_h)
    assert isinstance(app.stack.top, HistoryScene) and app.stack.top.rounds == []
    press(app, K.K_ESCAPE)
    app.kiosk = False                                            # a desktop's history has them all
    shift(app, K.K_h)
    assert len(app.stack.top.rounds) == 5
    closed(app)


@pytest.mark.slow
def test_a_start_without_a_display_says_so_in_one_line_and_exits_2(tmp_path):
    (tmp_path / "config.yaml").write_text(f"data_dir: {tmp_path / 'data'}\nmath_source: live\n")
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["SDL_AUDIODRIVER"] = "dummy"
    r = subprocess.run([sys.executable, str(ROOT / "main.py"), "--config", str(tmp_path / "config.yaml")],
                       capture_output=True, text=True, env=env, timeout=120, cwd=ROOT)
    lines = [x for x in r.stderr.splitlines() if x.strip()]
    assert r.returncode == 2 and len(lines) == 1 and lines[0].startswith("main.py: no display: set DISPLAY"), r.stderr


def test_a_start_with_a_data_dir_it_cannot_write_says_so_in_one_line_and_exits_2(tmp_path):
    (tmp_path / "config.yaml").write_text("data_dir: /proc/1/cabinet-data\nmath_source: live\n")
    r = subprocess.run([sys.executable, str(ROOT / "main.py"), "--config", str(tmp_path / "config.yaml")],
                       capture_output=True, text=True, timeout=120, cwd=ROOT)
    lines = [x for x in r.stderr.splitlines() if x.strip()]
    assert r.returncode == 2 and len(lines) == 1 and "data_dir" in lines[0] and "allowed" in lines[0], r.stderr
