"""The kiosk attract loop (issue #36: it replayed one small past win, and the fortune
bet's buttons lost their titles): for each game a title card, a demonstration of one of
its features (a showcase book, marked, no money) and one of its biggest recent wins
above the stake, varied each time round; the game's own buttons stay in view, off.
Driven through the real App on the shipped libraries."""
from __future__ import annotations

import pygame
import pytest

from cabinet.ui.attract_script import Card, Feature, Recall, best_wins, default_script
from cabinet.ui.game_scene import GameScene
from cabinet.ui.kiosk import Attract
from cabinet.ui.showcase_script import load
from tests.ui.conftest import books_app, run, serve
from tests.config_edit import reconfigure

HENS = "happy_money_hens"


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    application = books_app(tmp_path_factory.mktemp("attract"), size=(1920, 1080))
    cab = application.cabinet
    rounds = {}
    for force in ("win:none", "win:big", "win:mega", "win:big"):      # wins of three sizes and a loss
        played = cab.start_round(HENS, "base", 100, force)
        cab.settle(played.round_id)
        rounds.setdefault(force, []).append(played)
    reconfigure(application, demo_tools=False)         # the loop of a cabinet, not the review tools' showcase
    application.rounds = rounds
    yield from serve(application)


def test_the_script_shows_each_games_feature_and_its_biggest_wins_varied_each_turn(app):
    wins = best_wins(app.cabinet)
    hens = [r for r in app.cabinet.history(10) if r.game == HENS and r.win_cents > r.cost_cents]
    assert wins[HENS] == [r.id for r in sorted(hens, key=lambda r: (-r.win_cents, -r.id))][:3]
    assert app.rounds["win:mega"][0].round_id == wins[HENS][0]        # the biggest first, no loss among them
    first, second = default_script(app, 0), default_script(app, 1)
    for steps in (first, second):
        games = [s.game for s in steps if isinstance(s, Card)]
        assert sorted(games) == sorted(app.cabinet.games)
        assert {s.game for s in steps if isinstance(s, Feature)} == set(app.cabinet.games)   # every game's features
    assert [s.game for s in first if isinstance(s, Card)] != [s.game for s in second if isinstance(s, Card)]
    recalls = [[s.round_id for s in steps if isinstance(s, Recall)] for steps in (first, second)]
    assert recalls[0] == [wins[HENS][0]] and recalls[1] == [wins[HENS][1]]   # another win next time round
    reconfigure(app, real_play=True)                   # under real play only rounds really played are shown
    try:
        assert not any(isinstance(s, Feature) for s in default_script(app, 0))
    finally:
        reconfigure(app, real_play=False)


def _step_to(app, kind: type, limit: int = 1200):
    attract = app.stack.find("attract")
    for _ in range(limit):
        if isinstance(attract.step, kind) and isinstance(app.stack.find("game"), GameScene):
            return app.stack.find("game")
        run(app, 1, 0.25)
    raise AssertionError(f"no {kind.__name__} step came")


@pytest.mark.slow
def test_the_loop_plays_a_feature_then_a_big_win_with_the_fortune_titles_and_a_touch_ends_it(app):
    while len(app.stack.scenes) > 1:
        app.pop()
    balance, rounds = app.cabinet.balance, len(app.cabinet.history(100))
    app.kiosk, app.attract_after = True, 5.0
    script = app.attract_script
    app.attract_script = lambda a, turn: [s for s in default_script(a, turn)       # Happy Money Hens' steps
                                          if isinstance(s, Recall) or s.game == HENS]
    try:
        app.last_input = app.time
        run(app, 7, 1.0)
        assert isinstance(app.stack.top, Attract) or app.stack.find("attract") is not None
        demo = _step_to(app, Feature)
        assert demo.recall_mode and demo.recall_record is None and demo.spec.id == HENS
        assert demo.recall_label[0].startswith("DEMONSTRATION")
        script = load(app.cabinet.games[HENS].library)
        assert demo.recall_label[1] == script.steps[-1].caption         # its biggest feature first (the GRAND pot)
        titles = {w.text() for w in demo.widgets}                        # labels as drawn (a callable's text)
        assert {"OFF", "1.2x", "1.5x", "2x"} <= titles                   # the fortune bet keeps its titles
        assert not any(w.enabled() for w in demo.widgets)               # and nothing is live
        pygame.image.save(app.render(), str(app.data_dir.parent / "attract_feature.png"))   # to look at
        won = _step_to(app, Recall)
        assert won.played.round_id == best_wins(app.cabinet)[HENS][0] and won.played.win_cents > won.played.cost_cents
        assert {"OFF", "1.2x", "1.5x", "2x"} <= {w.text() for w in won.widgets}
        assert not any(w.enabled() for w in won.widgets)
        assert won.shown_balance == app.cabinet.balance
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1))
        run(app, 1)
        assert app.stack.top.scene_name == "lobby"
        assert (app.cabinet.balance, len(app.cabinet.history(100))) == (balance, rounds)   # no money moved
    finally:
        app.kiosk, app.attract_script = False, script


def _call_problems(app, where: str) -> list[str]:
    """The attract call must be readable: no text of any layer (a celebration drawn over
    it included) crosses "PRESS ANY KEY OR TOUCH TO PLAY" or the credit under it, and no
    player prompt ("SPACE to continue") is drawn while the cabinet is in attract."""
    from cabinet.ui import draw as D
    from cabinet.ui.kiosk import CALL
    from cabinet.ui.layout import Assets
    app.assets = Assets(app.layout)                   # nothing cached: every label is drawn and recorded
    for scene in app.stack.scenes:
        if hasattr(scene, "_backdrop") and not callable(scene._backdrop):
            scene._backdrop = None
        scene.relayout()
    log = D.recording()
    try:
        app.render()
    finally:
        D.stop_recording()
    calls = [b for b in log.boxes if b.text == CALL or b.text.startswith("CREDIT ")]
    bad = [f"{where}: {b} is drawn in attract" for b in log.boxes if "to continue" in b.text]
    for c in calls:
        bad += [f"{where}: {b} crosses {c}" for b in log.boxes if b is not c and b not in calls
                and b.rect.colliderect(c.rect)]
    return bad


@pytest.mark.slow
def test_the_attract_frames_have_no_overlapping_text_and_the_call_stays_clear(app):
    """Every scene the loop shows (title card, demonstration, its celebration, a replayed
    win) through the whole-screen text check, and the call clear of the celebration."""
    from tests.ui.textcheck import text_problems
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(10, 10), button=1))   # a touch held before
    run(app, 1)
    while len(app.stack.scenes) > 1:
        app.pop()
    app.kiosk, app.attract_after = True, 5.0
    script = app.attract_script
    app.attract_script = lambda a, turn: [s for s in default_script(a, turn)
                                          if isinstance(s, Recall) or s.game == HENS]
    seen, problems = set(), []
    try:
        app.last_input = app.time
        for _ in range(30):
            if app.stack.find("attract") is not None:
                break
            run(app, 1, 1.0)
        for frame in range(1600):
            attract = app.stack.find("attract")
            if attract is None:
                break
            key = (type(app.stack.top).__name__, type(attract.step).__name__)
            if key not in seen or frame % 40 == 0:
                seen.add(key)
                problems += _call_problems(app, str(key))
                problems += text_problems(app, str(key))
            if attract.turn > 0:                       # the loop went round once
                break
            run(app, 1, 0.25)
        assert ("BigWin", "Feature") in seen and ("AttractCall", "Recall") in seen, \
            (seen, [s.scene_name for s in app.stack.scenes], app.time - app.last_input)
        assert not problems, "\n".join(problems[:12])
    finally:
        app.kiosk, app.attract_script = False, script
        while len(app.stack.scenes) > 1:
            app.pop()
