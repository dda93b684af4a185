"""What the cabinet needs from the machine before its window opens, and how it stops.

A display. `display_problem()` says in one line why there is none (main.py then exits
2) instead of letting SDL fall back to its invisible "offscreen" driver, which opened
no window and waited for ever: on Linux with neither DISPLAY nor WAYLAND_DISPLAY set
only the console's DRM (kmsdrm) is tried. An SDL_VIDEODRIVER set by the user (dummy
for headless runs) is always respected.

A graceful stop. SDL's own SIGINT / SIGTERM handlers only post a window-close event,
which kiosk mode ignores, so a service manager could only kill the cabinet hard.
SDL_NO_SIGNAL_HANDLERS=1 keeps SDL out of it and `install_signal_handlers` makes both
signals call `app.stop(...)` in every mode: the frame loop ends, the checkpoints are
written, the stop is logged, the ledger closed, and the process exits 0.
"""
from __future__ import annotations

import os
import signal
import sys
from typing import Any

os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")

HEADLESS_DRIVERS = ("offscreen", "dummy", "evdev")
NO_DISPLAY = ("no display: set DISPLAY (X11) or WAYLAND_DISPLAY, run on a console with DRM (kmsdrm), or set "
              "SDL_VIDEODRIVER=dummy to run without a window")


def display_problem() -> str | None:
    """None when a display is there (pygame.display is then initialised), else why not."""
    import pygame
    chosen = os.environ.get("SDL_VIDEODRIVER")
    if not chosen and sys.platform.startswith("linux") and not (os.environ.get("DISPLAY")
                                                                or os.environ.get("WAYLAND_DISPLAY")):
        os.environ["SDL_VIDEODRIVER"] = "kmsdrm"
        try:
            pygame.display.init()
        except pygame.error:
            del os.environ["SDL_VIDEODRIVER"]
            return NO_DISPLAY
        return None
    try:
        pygame.display.init()
    except pygame.error as exc:
        return f"no display: {exc}; " + NO_DISPLAY.split(": ", 1)[1]
    if not chosen and pygame.display.get_driver() in HEADLESS_DRIVERS:
        pygame.display.quit()
        return NO_DISPLAY
    return None


def install_signal_handlers(app: Any) -> None:
    """SIGINT and SIGTERM stop the app gracefully (main thread only, as Python requires)."""
    def stop(signum: int, _frame: Any) -> None:
        app.stop(f"signal {signal.Signals(signum).name}")
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, stop)
