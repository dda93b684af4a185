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
    application.config.demo_tools = False          # the loop of a cabinet, not the review tools' showcase
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
    app.config.real_play = True                    # under real play only rounds really played are shown
    try:
        assert not any(isinstance(s, Feature) for s in default_script(app, 0))
    finally:
        app.config.real_play = False


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
        titles = {w.label for w in demo.widgets}
        assert {"OFF", "1.2x", "1.5x", "2x"} <= titles                   # the fortune bet keeps its titles
        assert not any(w.enabled() for w in demo.widgets)               # and nothing is live
        pygame.image.save(app.render(), str(app.data_dir.parent / "attract_feature.png"))   # to look at
        won = _step_to(app, Recall)
        assert won.played.round_id == best_wins(app.cabinet)[HENS][0] and won.played.win_cents > won.played.cost_cents
        assert {"OFF", "1.2x", "1.5x", "2x"} <= {w.label for w in won.widgets}
        assert not any(w.enabled() for w in won.widgets)
        assert won.shown_balance == app.cabinet.balance
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1))
        run(app, 1)
        assert app.stack.top.scene_name == "lobby"
        assert (app.cabinet.balance, len(app.cabinet.history(100))) == (balance, rounds)   # no money moved
    finally:
        app.kiosk, app.attract_script = False, script
