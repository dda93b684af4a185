"""The review tools in the gallery (`main.py --shots`, review mode only): per game the
force menu, a forced big win paused mid-round under the math overlay, one event
later (F6), a hand-built board's round shown to its end, a book replayed from its
library, and the bar taking a round id (F9)."""
from __future__ import annotations

from typing import Any, Callable

import pygame

from cabinet.core.hand_board import BoardError, find_boards, load_board
from cabinet.core.replay import ReplayError, book_round

from .demo import board_folders, demo_allowed
from .shell_shots import DT, _clear, settle_round




def _reset(app: Any) -> None:
    desk = app.review
    desk.paused, desk.speed, desk.math, desk.typing, desk._step_from = False, 1.0, False, None, None


def review_shots(app: Any, gid: str, save: Callable[[str, str], None]) -> None:
    """The review tools' screens of one game, saved through `save(name, caption)`."""
    if not demo_allowed(app.config):
        return
    _clear(app)
    _reset(app)
    desk = app.review
    scene = app.open_game(gid)
    app.step(DT)
    scene.on_action("demo")
    app.step(DT)
    menu = app.stack.top
    save(f"{gid}__review_force_menu", "Review: the force menu (features, wins by payout, hand-built boards)")
    band = next((b for b in getattr(menu, "bands", []) if b[0] == "win:big"), None)
    app.pop(menu)
    if band is not None:
        scene.force_next, scene.force_mode = band[0], band[2]
        if scene.play():
            for _ in range(25):
                app.step(DT)
            desk.toggle_pause()
            desk.math = True
            app.step(DT)
            save(f"{gid}__review_paused_math", "Review: a forced BIG WIN paused (F5) under the math overlay (F8)")
            desk.single_step()
            for _ in range(300):
                app.step(DT)
                if desk._step_from is None:
                    break
            save(f"{gid}__review_single_step", "Review: one event later (F6 single step), paused again")
            _reset(app)
        settle_round(scene)
    specs = {k: s.spec for k, s in app.cabinet.games.items()}
    for path in find_boards(board_folders(app, gid), gid)[:1]:
        try:
            board = load_board(path, specs)
        except BoardError:
            continue
        scene.force_next, scene.force_mode = board.force, board.mode
        if scene.play():
            settle_round(scene)
            desk.math = True
            for _ in range(5):                   # what the round opens (a gamble) is closed
                app.step(DT)
                while app.stack.top is not scene:
                    app.pop()
            save(
                f"{gid}__review_board", f"Review: the hand-built board '{board.name}' played to its end, with its math"
            )
            _reset(app)
    setup = app.cabinet.games[gid]
    if setup.library is not None:
        mode = scene.spin_modes[0].id if scene.spin_modes else scene.modes[0].id
        try:
            played = book_round(app.cabinet, gid, mode, len(setup.library.books(mode)) - 1)
        except ReplayError:
            played = None
        if played is not None:
            assert played.outcome is not None          # a book's round carries its outcome
            _clear(app)
            recall = app.present_recall(played, None, f"BOOK {played.outcome['book']}  ·  {gid}/{mode}")
            for _ in range(40):
                app.step(DT)
            desk.math = True
            desk.speed = 0.5
            app.step(DT)
            save(f"{gid}__review_book_replay", "Review: a book replayed from its library (--replay-book), at 0.5x")
            _reset(app)
            if recall is not None:
                app.pop(recall)
    _clear(app)
    app.open_game(gid)
    desk.typing = "12"
    app.step(DT)
    save(f"{gid}__review_replay_id", "Review: F9, a round id typed in the review bar (ENTER replays it)")
    _reset(app)
    _clear(app)
    pygame.event.clear()
