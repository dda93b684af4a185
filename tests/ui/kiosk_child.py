"""Child process for the graceful-stop test: the kiosk app as run_app runs it (signal
handlers, the real frame loop), with a Toy Reels round on screen.

    python -m tests.ui.kiosk_child DATA_DIR
Opens the game, starts a round (held on screen by min_round_seconds), runs frames until
its first checkpoint is written, prints 'RUNNING <round_id>' and runs the frame loop
until a signal stops it; exits with run_app's code.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame  # noqa: E402

from cabinet.ui import host  # noqa: E402
from cabinet.ui.clock import RealClock  # noqa: E402
from tests.ui.conftest import make_app, press  # noqa: E402


def main() -> int:
    app = make_app(Path(sys.argv[1]), min_round=10.0)
    app.kiosk = True
    app.clock = RealClock(60)
    host.install_signal_handlers(app)
    press(app, pygame.K_RETURN)
    press(app, pygame.K_SPACE)
    scene = app.stack.top
    while scene.presentation.index == 0:        # frames until the round's first step is
        app.step(app.clock.tick())              # checkpointed, at any machine load
    app.checkpoints.flush()
    print(f"RUNNING {scene.played.round_id}", flush=True)
    try:
        app.run()
    finally:
        pygame.quit()
    return 0 if app.stop_reason else 3


if __name__ == "__main__":
    sys.exit(main())
