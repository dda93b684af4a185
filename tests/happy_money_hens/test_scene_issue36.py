"""Issue #36 (players' findings), each on the real scene driven by real key presses:
spin chance only when the credit is REDUCED below the price of play (never for a bet
step), a keyboard control for every gamble control (ESC never decides), the win held
in the WIN meter while it is at risk, and the pictures (double coins, the meter's
labels, the mystery-buy icons, the BETS page's fortune lights)."""
from __future__ import annotations

import pygame

from games.happy_money_hens.view.spin_chance_scene import SpinChanceScene
from tests.happy_money_hens.test_scene_offers import hens, hens_app, press, settle


def _close(app):
    app.checkpoints.close()
    pygame.display.quit()


# -- 1. spin chance comes when the credit is reduced, not on a bet step ------------------
def test_stepping_the_bet_above_the_credit_opens_no_spin_chance_but_a_losing_round_does(tmp_path):
    app = hens_app(tmp_path, credit="545.07", gamble="off")
    scene = hens(app)
    scene.bet_index = scene.ladder.index(50000)
    scene.bet_changed()
    seen = []
    for _ in range(3):                                          # SHIFT+UP: three steps, all above the credit
        press(app, pygame.K_UP, pygame.KMOD_SHIFT, frames=2)
        seen.append(scene.bet)
        assert app.stack.top is scene, f"a modal opened at bet {scene.bet}"
    assert seen == sorted(seen) and len(set(seen)) == 3 and seen[0] > app.cabinet.balance
    scene.bet_index = len(scene.ladder) - 1
    scene.bet_changed()
    while scene.bet > 20000:                                    # SHIFT+DOWN: every press steps the bet
        before = scene.bet
        press(app, pygame.K_DOWN, pygame.KMOD_SHIFT, frames=2)
        assert app.stack.top is scene and scene.bet < before
    press(app, pygame.K_i, pygame.KMOD_SHIFT, frames=3)         # a page over the game and back: no modal
    press(app, pygame.K_ESCAPE, frames=3)
    assert app.stack.top is scene
    # a round that reduces the credit below the price of play: offered
    scene.bet_index = scene.ladder.index(20000)
    scene.bet_changed()
    app.cabinet.ledger.cash_out(app.cabinet.balance - 25000)     # 250.00 covers a 200.00 spin
    scene.force_next = None
    for _ in range(10):
        press(app, pygame.K_SPACE)
        played = scene.played
        settle(app, scene)
        if app.cabinet.balance < scene.bet:
            break
    assert played is not None and app.cabinet.balance < scene.bet
    assert isinstance(app.stack.top, SpinChanceScene)
    _close(app)
