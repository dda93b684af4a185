"""`python main.py`: the cabinet's app run until it stops (cabinet/ui/app.py is the app)."""
from __future__ import annotations

import sys
import time
from typing import Any

import pygame

from ..core.resources import program_name as prog

from . import host
from .app import App, start_scenes


def run_app(cabinet: Any, start_game: str | None = None, windowed: bool = False,
            then: Any = None, frames: int | None = None, splash: Any = None) -> int:
    """`python main.py`: the cabinet in a window (or kiosk) until the player quits, a
    signal or EXIT CABINET stops it (gracefully: exit 0); `then(app)` runs once the
    first scenes are up (main.py --replay). `frames`: stop after that many frames and
    say on stdout what was drawn (main.py --frames N, the smoke test). No display:
    one line, exit 2. With the `splash` (splash.py) on the window, every screen is
    prepared behind it before the first lobby frame."""
    problem = host.display_problem()
    if problem:
        sys.stderr.write(f"{prog()}: {problem}\n")
        cabinet.close()
        return 2
    app = App(cabinet.config, cabinet, windowed=windowed)
    host.install_signal_handlers(app)
    start_scenes(app, start_game)
    if splash is not None:
        splash.surface = app.surface          # the window as the app opened it (the config's mode)
        splash.prepare(app, 0.6)
        if splash.quit_asked:
            app.stop("closed while loading")
    if then is not None:
        then(app)
    started = time.perf_counter()
    try:
        app.run(frames)
        if frames is not None:
            top = app.stack.top
            print(f"frames: {frames} drawn ({type(top).__name__ if top else 'no scene'} on top, "
                  f"{app.surface.get_width()}x{app.surface.get_height()}, {pygame.display.get_driver()} driver) "
                  f"in {time.perf_counter() - started:.2f} s")
    finally:
        pygame.quit()
    return 0
