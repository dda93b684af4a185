"""Every event a game's rules can emit is shown: each type of its catalogue
(GameSpec.events, the closed vocabulary play() keeps to) has its `present_<type>`
handler in the game's scene, for the shipped games and the template game, and a
round whose events include a type without one says so in the operator's log instead
of skipping it unseen."""
from __future__ import annotations

import importlib
import logging

import pytest

from cabinet.core.game import discover
from tests.toygame import GAME as TOY

SPECS = {**discover(), TOY.id: TOY}


def scene_of(spec):
    module, _, name = spec.scene.partition(":")
    return getattr(importlib.import_module(module), name)


@pytest.mark.parametrize("game_id", sorted(SPECS))
def test_every_event_type_of_the_catalogue_has_its_handler(game_id):
    spec = SPECS[game_id]
    cls = scene_of(spec)
    assert spec.events, f"{game_id} has no event catalogue"
    missing = sorted(t for t in spec.events if not callable(getattr(cls, f"present_{t}", None)))
    assert not missing, f"{cls.__name__} shows no {', '.join(missing)}"


def test_an_event_without_a_handler_is_logged_by_name(caplog):
    from cabinet.ui.game_scene import GameScene

    class Played:
        class round:
            events = [{"type": "reel_stop"}, {"type": "mystery_event"}]
        bet_cents = 100

    class Bare(GameScene):
        def __init__(self):                      # no window: only round_steps is exercised
            self.spec = TOY
            self.app = type("A", (), {"cabinet": type("C", (), {"currency": None})()})()

        def present_reel_stop(self, event):
            return []

    with caplog.at_level(logging.ERROR, logger="cabinet"):
        Bare().round_steps(Played())
    assert "mystery_event" in caplog.text and "toygame" in caplog.text
