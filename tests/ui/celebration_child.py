"""Child process for the GAME INTERRUPTED test: a game plays a forced winning round
to its settlement and on into its big-win celebration, says so, and keeps counting up
slowly until it is killed.

    python -m tests.ui.celebration_child DATA_DIR GAME_ID CATEGORY
prints 'CELEBRATING <round_id> <win_cents>' once the celebration is on screen.
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

from cabinet.core.game import discover  # noqa: E402
from tests.ui.conftest import game_app, press, run  # noqa: E402


def main() -> None:
    data, game, category = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
    app = game_app(data, discover()[game], seed=17)
    press(app, pygame.K_RETURN)
    scene = app.stack.top
    for _ in range(10):                             # a forced round of the category, until one celebrates
        scene.force_next = category
        press(app, pygame.K_SPACE)
        played = scene.played
        for _ in range(20000):                      # present it, pressing SPACE (START, skip) as a player would
            if app.stack.top.scene_name == "big_win" or (not scene.busy and app.stack.top is scene):
                break
            if app.stack.top is not scene and app.stack.top.scene_name != "big_win":
                press(app, pygame.K_ESCAPE)         # an offer over the game (a gamble): not taken
            if getattr(scene, "waiting_for_start", False):
                press(app, pygame.K_SPACE)
            run(app, 1, 0.05)
        if app.stack.top.scene_name == "big_win":
            break
    assert app.stack.top.scene_name == "big_win", app.stack.top.scene_name
    app.checkpoints.flush()
    print(f"CELEBRATING {played.round_id} {played.win_cents}", flush=True)
    while True:                                      # the count-up goes on until SIGKILL
        run(app, 1, 0.001)
        time.sleep(0.01)


if __name__ == "__main__":
    main()
