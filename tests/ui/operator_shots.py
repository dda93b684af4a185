"""Every operator page and kiosk screen rendered to PNG at 1920x1080, for a person to
look at (overlapping text, clipped labels, an ugly page). Not a test.

    SDL_VIDEODRIVER=dummy python -m tests.ui.operator_shots OUT_DIR

A headless kiosk cabinet with the three games (live math) and some history: rounds
played, a credit in, a ticket; then the PIN pad (empty, a wrong PIN, the lockout), each
page of the operator menu (the meters also by mode and by period, after a report
export and a refused one, recall with a round selected, settings' game section), RAM
CLEAR's confirmation, the hardware tests, the handpay notice, the lobby in kiosk mode,
the attract call, the session history, the reality check, the lock notice and the
cash-out ticket's voucher.
"""
from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame  # noqa: E402

from cabinet.core.cabinet import Cabinet  # noqa: E402
from cabinet.core.config import load_config  # noqa: E402
from cabinet.core.game import discover  # noqa: E402
from cabinet.ui.app import App, start_scenes  # noqa: E402
from cabinet.ui.clock import ManualClock  # noqa: E402
from tests.ui.conftest import press, run  # noqa: E402
from tests.ui.operator_menu import tap  # noqa: E402
from tests.config_edit import reconfigure  # noqa: E402

CONFIG = """
data_dir: {data}
math_source: live
demo_credit: "500.00"
min_round_seconds: 0
sound: {{enabled: false}}
cash: {{handpay_limit: "1000.00"}}
"""


def shot(app: App, out: Path, name: str, frames: int = 3) -> None:
    run(app, frames, 1 / 30)
    pygame.image.save(app.render(), str(out / f"{name}.png"))
    print(out / f"{name}.png")


def play(app: App, rounds: int) -> None:
    press(app, pygame.K_RETURN)
    scene = app.stack.top
    for _ in range(rounds):
        press(app, pygame.K_SPACE)
        for _ in range(3000):
            if not scene.busy and app.stack.top is scene:
                break
            press(app, pygame.K_SPACE if app.stack.top is scene or app.stack.top.scene_name == "big_win"
                  else pygame.K_ESCAPE)
            run(app, 2, 0.1)
    press(app, pygame.K_ESCAPE)


def pin(app: App, digits: str) -> None:
    for d in digits:
        tap(app, f"pin_{d}")
    tap(app, "pin_OK")


def main() -> int:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    work = out / "_cabinet"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir()
    (work / "config.yaml").write_text(CONFIG.format(data=work / "data"))
    config = load_config(work / "config.yaml")
    wall = [1_780_000_000.0]
    # kiosk mode in a 1920x1080 window (a kiosk opens fullscreen, 1024x768 on the dummy driver)
    app = App(config, Cabinet(config, games=discover(), seed=5), size=(1920, 1080), clock=ManualClock(),
              kiosk=False, wall=lambda: wall[0])
    app.kiosk = True
    start_scenes(app)
    shot(app, out, "kiosk_lobby")
    play(app, 6)
    app.cabinet.deposit(2000)
    press(app, pygame.K_h, pygame.KMOD_LSHIFT)
    shot(app, out, "kiosk_history_session")
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_o, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)
    shot(app, out, "pin_pad")
    for attempt in range(3):
        pin(app, "9999")
        if attempt == 0:
            shot(app, out, "pin_wrong")
    shot(app, out, "pin_lockout")
    wall[0] += 31.0                       # the lockout runs out
    pin(app, config.operator_pin)
    menu = app.stack.top
    for name in ("meters", "cash", "recall", "events", "settings", "diagnostics", "system"):
        tap(app, f"tab_{name}")
        shot(app, out, f"operator_{name}")
        if name == "meters":
            tap(app, "focus_game")
            shot(app, out, "operator_meters_by_mode")
            tap(app, "table_period")
            shot(app, out, "operator_meters_period")
            tap(app, "export_report")
            shot(app, out, "operator_meters_exported")
            kept = app.config.report_path
            reconfigure(app, report_path=work / "config.yaml" / "reports")
            tap(app, "export_report")
            shot(app, out, "operator_meters_export_refused")
            reconfigure(app, report_path=kept)
        if name == "cash":
            tap(app, "cash_out")
            shot(app, out, "operator_cash_after_ticket")
    tap(app, "tab_settings")
    for action in [w.action for w in menu.widgets if w.action.startswith("section_")]:
        tap(app, action)
        shot(app, out, f"operator_settings_{action[8:]}")
    tap(app, "tab_system")
    tap(app, "ram_clear")
    shot(app, out, "ram_clear_confirm")
    press(app, pygame.K_ESCAPE)
    tap(app, "tab_diagnostics")
    for test in ("display_test", "sound_test", "input_test", "touch_test"):
        app.open(test)
        shot(app, out, test)
        app.pop(app.stack.top)
    tap(app, "close")
    app.cabinet.deposit(2500)
    app.open("attract")                   # the attract loop's card, with the credit now
    shot(app, out, "attract")
    while app.stack.top.scene_name != "lobby":
        app.pop(app.stack.top)
    app.open("attract_call")
    shot(app, out, "attract_call")
    app.pop(app.stack.top)
    app.open("reality_check", 60, -1250)
    shot(app, out, "reality_check")
    app.pop(app.stack.top)
    app.cabinet.handpay = {"cents": 150000, "id": 1}
    shot(app, out, "handpay_notice")
    app.cabinet.handpay = None
    vouchers = sorted((work / "data").rglob("*.png"))
    for v in vouchers[:1]:
        shutil.copy(v, out / "voucher.png")
        print(out / "voucher.png")
    app.cabinet.lock("ledger audit failed: rounds row 3 (chain entry 9) does not match its MAC: it was altered")
    shot(app, out, "locked")
    app.checkpoints.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
