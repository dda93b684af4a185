"""Every event a game's rules can emit is shown: each type of its catalogue
(GameSpec.events, the closed vocabulary play() keeps to) has its `present_<type>`
handler in the game's scene, for the shipped games and the template game, and a
round whose events include a type without one says so in the operator's log instead
of skipping it unseen."""
from __future__ import annotations

import logging

import pytest

from cabinet.core.game import discover
from tests.toygame import GAME as TOY

SPECS = {**discover(), TOY.id: TOY}


def test_every_game_and_the_template_are_covered():
    assert {"grinning_harvest", "happy_money_hens", "piggy_farm", "toygame"} <= set(SPECS)


@pytest.mark.parametrize("game_id", sorted(SPECS))
def test_every_event_type_of_the_catalogue_has_its_handler(game_id):
    spec = SPECS[game_id]
    cls = spec.view.load_scene()
    assert spec.events, f"{game_id} has no event catalogue"
    missing = sorted(t for t in spec.events if not callable(getattr(cls, f"present_{t}", None)))
    assert not missing, f"{cls.__name__} shows no {', '.join(missing)}"


@pytest.mark.parametrize("game_id", sorted(SPECS))
def test_every_handler_shows_a_type_of_the_catalogue(game_id):
    """A present_<name> whose name is no event type is dead code, unless it is the
    shared body of handlers that are (Happy Money Hens' present_bonus)."""
    spec = SPECS[game_id]
    cls = spec.view.load_scene()
    used = {getattr(cls, f"present_{t}") for t in spec.events if hasattr(cls, f"present_{t}")}
    stray = sorted(n for n in dir(cls) if n.startswith("present_") and n[len("present_"):] not in spec.events
                   and getattr(cls, n) not in used)
    assert not stray, f"{cls.__name__}: {', '.join(stray)} show no event type of {game_id}'s catalogue"


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
