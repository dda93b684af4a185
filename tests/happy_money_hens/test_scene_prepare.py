"""Happy Money Hens' opening frame (issue #34 item 1): the gamble is drawn off screen
behind the splash (HensScene.prepare_slices), not when the scene is built, and the
bonus entries' prices are kept with the book library, shared by every scene."""
from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace

import pygame

from games.happy_money_hens.view import offers as offers_mod
from games.happy_money_hens.view.gamble_scene import GambleScene
from tests.happy_money_hens.test_scene_offers import hens_app


def test_the_gamble_is_drawn_in_the_preparation_not_when_the_game_opens(tmp_path, monkeypatch):
    drawn = []
    real = GambleScene.draw
    monkeypatch.setattr(GambleScene, "draw", lambda self, surface: (drawn.append(surface), real(self, surface)))
    app = hens_app(tmp_path / "on")
    game = app.stack.top
    assert drawn == []                              # opening the game drew no gamble
    scratch = pygame.Surface(app.layout.size)
    said = list(game.prepare_slices(scratch))
    assert said == ["its gamble"] and drawn == [scratch]
    off = hens_app(tmp_path / "off", gamble="off").stack.top
    drawn.clear()
    list(off.prepare_slices(scratch))
    assert drawn == []                              # no gamble offered: nothing to draw


def test_bonus_prices_are_kept_with_the_library_across_scenes(monkeypatch):
    calls = []

    def price(library, bet, cap):
        calls.append((bet, cap))
        return [("DC", Fraction(30 * bet))]
    monkeypatch.setattr(offers_mod.hens_gamble, "bonus_values", price)

    class Library:            # stands for a game's book library (weakly referenced)
        pass
    library = Library()
    setup = SimpleNamespace(library=library, cap=SimpleNamespace(max_cents=1_000_000))
    app = SimpleNamespace(cabinet=SimpleNamespace(games={"happy_money_hens": setup}))

    def offers():
        return offers_mod.Offers(SimpleNamespace(app=app, spec=SimpleNamespace(id="happy_money_hens")))
    first, second = offers(), offers()
    assert first.bonus_values(100) == [("DC", Fraction(3000))]
    assert second.bonus_values(100) == [("DC", Fraction(3000))] and calls == [(100, 1_000_000)]
    second.bonus_values(200)
    setup.cap = SimpleNamespace(max_cents=500_000)          # a lower limit prices again
    second.bonus_values(100)
    assert calls == [(100, 1_000_000), (200, 1_000_000), (100, 500_000)]
    setup.library = Library()                               # another library: its own prices
    first.bonus_values(100)
    assert len(calls) == 4


def test_a_round_that_will_offer_the_gamble_has_its_wheels_built_while_it_plays(tmp_path, monkeypatch):
    from cabinet.ui.wheel_view import WheelView
    built = []
    real = WheelView._build_disc
    monkeypatch.setattr(WheelView, "_build_disc", lambda self, r: (built.append(self.key), real(self, r))[1])
    app = hens_app(tmp_path)
    game = app.stack.top
    stake = 7 * game.bet
    game.offers.prepare_gamble(SimpleNamespace(win_cents=stake, bet_cents=game.bet))
    assert app.soon.pending == 1 and built == []        # wanted, nothing built in the round's start
    for _ in range(30):
        app.step(1 / 60)                                  # the round's frames: the wheels are built
        if not app.soon.pending:
            break
    assert len(built) == 2 and app.soon.pending == 0
    built.clear()
    game.offers.open_gamble(stake, game.bet)
    app.step(1 / 60)                                      # the gamble's first frame: no disc built
    assert isinstance(app.stack.top, GambleScene) and built == []
    game.offers.prepare_gamble(SimpleNamespace(win_cents=0, bet_cents=game.bet))
    assert app.soon.pending == 0                          # no win: no gamble, nothing wanted
