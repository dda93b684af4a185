"""Preparation (issue #34 item 1): generator jobs run a slice at a time inside the
frame's budget (cabinet/ui/prepare.py); what preparations.py prepares behind the splash
leaves nothing to build in the frame that opens a game, a menu or a celebration."""
from __future__ import annotations

import pygame

from cabinet.ui import preparations
from cabinet.ui.prepare import Preparer
from tests.ui.conftest import make_app, serve


class FakeClock:
    def __init__(self):
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def slow_job(clock: FakeClock, log: list, name: str, slices: int, cost: float):
    for i in range(slices):
        clock.now += cost            # each slice "takes" `cost` seconds
        log.append((name, i))
        yield f"{name} {i}"


def test_slices_run_only_while_the_frame_is_under_its_budget():
    clock, log = FakeClock(), []
    prep = Preparer(clock)
    prep.want("a", lambda: slow_job(clock, log, "a", 10, 0.0015))
    assert prep.run(0.004, frame_start=0.0) == 3          # 0, 1.5, 3.0 ms: started; 4.5 ms: none starts
    assert log == [("a", 0), ("a", 1), ("a", 2)] and prep.pending == 1
    clock.now = 10.0
    assert prep.run(0.004, frame_start=10.0 - 0.005) == 0  # a frame already past its budget prepares nothing


def test_jobs_run_in_the_order_wanted_and_each_only_once():
    clock, log = FakeClock(), []
    prep = Preparer(clock)
    prep.want("a", lambda: slow_job(clock, log, "a", 2, 0.0))
    prep.want("b", lambda: slow_job(clock, log, "b", 1, 0.0))
    prep.want("a", lambda: slow_job(clock, log, "again", 5, 0.0))     # queued already: ignored
    prep.finish()
    assert log == [("a", 0), ("a", 1), ("b", 0)] and prep.ready("a") and prep.ready("b")
    prep.want("a", lambda: slow_job(clock, log, "again", 5, 0.0))     # done already: ignored
    assert prep.pending == 0 and prep.total == 2


def test_a_failing_job_is_dropped_with_its_error_and_the_others_go_on():
    clock, log = FakeClock(), []

    def bad():
        yield "first"
        raise ValueError("broken picture")
    prep = Preparer(clock)
    prep.want("bad", bad)
    prep.want("b", lambda: slow_job(clock, log, "b", 1, 0.0))
    seen = []
    prep.finish(between=lambda: seen.append(prep.label))
    assert isinstance(prep.errors["bad"], ValueError) and log == [("b", 0)]
    assert "first" in seen


def test_after_the_preparation_opening_the_game_and_its_menus_builds_no_picture(tmp_path):
    app = make_app(tmp_path)
    try:
        preparations.prepare_all(app)
        assert app.stack.top.ready
        built = []
        cache = app.assets._surfaces
        real_put = cache.put

        def put(key, surf):
            built.append(key)
            real_put(key, surf)
        cache.put = put
        app.open_game("toyui")
        game = app.stack.top
        app.step(1 / 60)
        for name, args, kwargs in (("info", (game,), {"paytable": False}), ("autoplay_menu", (game,), {}),
                                   ("sound_panel", (), {}), ("big_win", ("big", 123_456, game.bet), {})):
            app.open(name, *args, **kwargs)
            app.step(1 / 60)
            app.pop()
            app.step(1 / 60)
        assert built == [], built[:5]
    finally:
        next(serve(app), None)


def test_the_lobby_is_ready_only_once_every_preparation_ran(tmp_path):
    app = make_app(tmp_path)
    try:
        lobby = app.stack.top
        app.step(1 / 60)                     # the lobby wants its preparations
        assert app.prepared.pending and not lobby.ready
        app.prepared.finish()
        assert lobby.ready and preparations.progress(app) == 1.0
        assert pygame.display.get_surface() is not None
    finally:
        next(serve(app), None)


def test_back_from_a_game_the_lobby_draws_its_own_kept_pictures_even_after_the_cache_let_them_go(tmp_path):
    app = make_app(tmp_path)
    try:
        preparations.prepare_all(app)
        app.step(1 / 60)
        app.open_game("toyui")
        app.step(1 / 60)
        app.assets._surfaces.clear()                 # a long game pushed the lobby's pictures out
        built = []
        cache = app.assets._surfaces
        real_put = cache.put
        cache.put = lambda key, surf: (built.append(key), real_put(key, surf))
        app.pop()
        app.step(1 / 60)
        assert not [key for key in built if key[0] in ("lobby_static", "tile", "tile_glow_gold")], built
    finally:
        next(serve(app), None)


def test_preparation_never_touches_a_game_the_player_has_open(tmp_path):
    app = make_app(tmp_path)
    try:
        game = app.open_game("toyui")
        app.step(1 / 60)
        held = game.hud.held_cents
        lobby = app.stack.find("lobby")
        preparations.want_all(app, lobby)
        pending = app.prepared.pending
        for _ in range(5):
            app.step(1 / 60)                      # a game on top: no slice runs in its frames
        assert app.prepared.pending == pending > 0
        app.prepared.finish()                     # as behind the splash, with a resumed round open
        assert game.hud.held_cents == held        # a celebration built off screen did not hold its balance
        assert app.stack.scenes[-1] is game and app.stack.scenes[0] is lobby
    finally:
        next(serve(app), None)


def test_with_live_math_the_preparation_plays_one_round_of_each_mode(tmp_path):
    """The tables a game's rules build on first use (Piggy Farm's board layout: ~25 ms)
    are built behind the splash, not in the first SPIN's frame."""
    import dataclasses
    app = make_app(tmp_path)
    try:
        setup = app.cabinet.games["toyui"]
        assert setup.library is None                     # the UI tests' cabinet runs live math
        played = []
        real = setup.spec.play
        spec = dataclasses.replace(setup.spec, play=lambda rng, mode, force=None: (
            played.append((mode, force)), real(rng, mode, force))[1])
        app.cabinet.games["toyui"] = dataclasses.replace(setup, spec=spec)
        preparations.prepare_all(app)
        assert played == [(mode, None) for mode in setup.modes] and played
    finally:
        next(serve(app), None)


def test_the_history_pictures_are_prepared_on_a_fresh_ledger_and_kept_through_a_long_game(tmp_path):
    from tests.ui.conftest import play_rounds
    app = make_app(tmp_path)
    try:
        preparations.prepare_all(app)          # a fresh ledger: the page shows no row yet
        scene = play_rounds(app, 2)
        app.assets._surfaces.clear()           # a long game pushed every cached picture out
        built = []
        cache = app.assets._surfaces
        real_put = cache.put
        cache.put = lambda key, surf: (built.append(key), real_put(key, surf))
        app.open("history")
        app.step(1 / 60)
        assert app.stack.top.rounds and app.stack.top is not scene
        assert not [key for key in built if str(key[0]).startswith("history_")], built
    finally:
        next(serve(app), None)
