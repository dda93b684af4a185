"""Child process for the kill test: plays Toy Reels headless, then waits mid-round.

    python -m tests.ui.kill_child DATA_DIR ROUNDS
Plays ROUNDS full rounds, starts one more, advances part of its presentation, prints
'MIDROUND <round_id> <checkpoint>' and keeps presenting slowly until killed.
"""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame  # noqa: E402

from tests.ui.conftest import make_app, play_rounds, press, run  # noqa: E402


def main() -> None:
    tmp, rounds = Path(sys.argv[1]), int(sys.argv[2])
    app = make_app(tmp)
    scene = play_rounds(app, rounds)
    press(app, pygame.K_SPACE)
    run(app, 30, 1 / 60)
    app.checkpoints.flush()
    rec = app.cabinet.ledger.round(scene.played.round_id)
    print(f"MIDROUND {rec.id} {rec.checkpoint}", flush=True)
    while True:                                  # keep presenting until SIGKILL
        run(app, 1, 0.001)
        time.sleep(0.01)


if __name__ == "__main__":
    main()
