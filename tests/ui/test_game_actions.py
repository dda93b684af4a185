"""The shared actions of a game scene (cabinet/ui/game_actions.py): every key of the
cabinet's keyboard map that reaches a game scene is either one of them, a buy option,
or a key the app, a menu or a game handles; a recall does only what it may."""
from __future__ import annotations

import pygame

from cabinet.core.config import load_config
from cabinet.ui import game_actions
from tests.ui.conftest import game_app, press, run

# Keys of config.yaml's map that are not game-scene actions, and who handles them.
NOT_SCENE_ACTIONS = {"fullscreen": "app", "screenshot": "app", "operator": "app",
                     "prev": "menus", "next": "menus", "confirm": "menus",
                     "gamble": "game"}        # Happy Money Hens' gamble offer (HensScene.on_action)


def test_every_mapped_key_has_a_handler():
    for action in load_config().keys:
        if action in NOT_SCENE_ACTIONS:
            continue
        assert action in game_actions.ACTIONS or game_actions.buy_option(action) is not None, action


def test_buy_options_are_one_based_keys():
    assert game_actions.buy_option("buy_1") == 0 and game_actions.buy_option("buy_7") == 6
    assert game_actions.buy_option("buy_menu") is None and game_actions.buy_option("buy_x") is None


def test_bet_steps_stay_on_the_ladder_and_wait_for_the_round(tmp_path):
    from cabinet.core.game import discover
    app = game_app(tmp_path, discover()["grinning_harvest"], seed=5)
    press(app, pygame.K_RETURN)
    scene = app.stack.top
    scene.bet_index = 0
    assert game_actions.handle(scene, "bet_down") and scene.bet_index == 0       # the ladder's foot
    assert game_actions.handle(scene, "bet_up") and scene.bet_index == 1
    scene.bet_index = len(scene.ladder) - 1
    assert game_actions.handle(scene, "bet_up") and scene.bet_index == len(scene.ladder) - 1
    assert game_actions.handle(scene, "spin") and scene.busy                      # a round on screen
    index = scene.bet_index
    assert game_actions.handle(scene, "bet_down") and scene.bet_index == index    # not mid-round
    assert game_actions.handle(scene, "close") and app.stack.top is scene         # nor leaving it
    assert not game_actions.handle(scene, "no_such_action")
    run(app, 2)
    app.checkpoints.close()
    app.cabinet.close()


def test_a_recall_does_only_what_it_may(tmp_path):
    from cabinet.core.game import discover
    app = game_app(tmp_path, discover()["grinning_harvest"], seed=5)
    press(app, pygame.K_RETURN)
    scene = app.stack.top
    scene.recall_mode = True
    index = scene.bet_index
    for swallowed in ("bet_up", "bet_down", "autoplay", "buy_menu", "demo", "buy_2"):
        assert game_actions.handle(scene, swallowed), swallowed
    assert scene.bet_index == index and app.stack.top is scene and not scene.busy
    assert not game_actions.handle(scene, "history")        # not the recall's: nothing opens
    assert app.stack.top is scene
    assert game_actions.handle(scene, "close") and app.stack.top is not scene
    app.checkpoints.close()
    app.cabinet.close()


def test_gallery_states_live_in_the_games_shots_modules_not_in_their_scenes():
    """Review code out of the play path: a scene class carries no shot_* method; its
    gallery's prepared states are functions of games/<id>/view/shots.py."""
    from cabinet.core.game import discover
    for gid, spec in discover().items():
        cls = spec.view.load_scene()
        assert not [n for n in dir(cls) if n.startswith("shot_")], gid
        for shot in cls.SHOTS:
            assert shot.prepare is None or (callable(shot.prepare) and not isinstance(shot.prepare, str)), shot
