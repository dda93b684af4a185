"""Issue #36 (players' findings), each on the real scene driven by real key presses:
spin chance only when the credit is REDUCED below the price of play (never for a bet
step), a keyboard control for every gamble control (ESC never decides), the win held
in the WIN meter while it is at risk, and the pictures (double coins, the meter's
labels, the mystery-buy icons, the BETS page's fortune lights)."""
from __future__ import annotations

from fractions import Fraction

import pygame
import pytest

from games.happy_money_hens.view.gamble_scene import KEY_ROWS, GambleScene
from games.happy_money_hens.view.offers import Offers
from games.happy_money_hens.view.spin_chance_scene import SpinChanceScene
from tests.happy_money_hens.test_scene_offers import ENTRY_X, hens, hens_app, press, run, settle, side_draws


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


# -- 2. every gamble control has a key; ESC asks, never collects by itself ----------------
@pytest.fixture
def gamble_app(tmp_path, monkeypatch):
    monkeypatch.setattr(Offers, "bonus_values", lambda self, bet: sorted(
        ((code, Fraction(x * bet)) for code, x in ENTRY_X.items()), key=lambda kv: kv[1]))
    app = hens_app(tmp_path, credit="1000.00", gamble="on")
    yield app
    _close(app)


def _open_gamble(app, stake_x=8):
    scene = hens(app)
    scene.offers.open_gamble(stake_x * scene.bet, scene.bet)
    run(app, 2)
    assert isinstance(app.stack.top, GambleScene)
    return app.stack.top


SHIFT = pygame.KMOD_SHIFT


def test_every_gamble_control_has_a_key_and_esc_asks_before_it_collects(gamble_app):
    app = gamble_app
    gamble = _open_gamble(app)
    balance, draws = app.cabinet.balance, len(side_draws(app))
    press(app, pygame.K_SPACE, frames=3)              # no wheel chosen yet: a held SPACE gambles nothing
    assert len(side_draws(app)) == draws and gamble.presentation is None and gamble.chosen is None
    press(app, pygame.K_RIGHT)                        # the bonus wheel
    assert gamble.chosen == "bonus"
    press(app, pygame.K_UP)
    press(app, pygame.K_UP)
    assert gamble.entry == 2
    press(app, pygame.K_DOWN)
    assert gamble.entry == 1 and gamble.chosen == "bonus"
    press(app, pygame.K_LEFT)                         # the cash wheel
    assert gamble.chosen == "cash"
    for key, i in ((pygame.K_1, 0), (pygame.K_3, 2), (pygame.K_2, 1)):
        press(app, key, SHIFT)
        assert gamble.multiplier == i
    # ESC: asks, collects nothing; another key goes back to the gamble
    press(app, pygame.K_ESCAPE, frames=2)
    assert app.stack.top is gamble and gamble.gamble.status == "open" and gamble.asking
    assert app.cabinet.balance == balance
    press(app, pygame.K_LEFT)
    assert app.stack.top is gamble and not gamble.asking and gamble.gamble.status == "open"
    # SPACE spins the chosen (cash) wheel: drawn and recorded
    press(app, pygame.K_SPACE)
    assert len(side_draws(app)) == draws + 1 and side_draws(app)[-1][0] == "gamble"
    press(app, pygame.K_SPACE)                        # skips the turn
    run(app, 3)
    if gamble.gamble.status == "open":                # won: RETURN collects
        assert app.stack.top is gamble
        press(app, pygame.K_RETURN, frames=2)
        assert gamble.gamble.status == "collected" and app.stack.top is hens(app)
    # a second gamble: ESC, ESC collects (the first press said so)
    gamble = _open_gamble(app)
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is gamble and gamble.gamble.status == "open"
    press(app, pygame.K_ESCAPE, frames=2)
    assert gamble.gamble.status == "collected" and app.stack.top is hens(app)


def test_the_rules_list_every_gamble_key(gamble_app):
    from cabinet.ui.rules_common import rules_book
    app = gamble_app
    page = next(p for p in rules_book(hens(app)) if p.tab == "Gamble")
    card = next(c for col in page.columns for c in col if c.title == "Gamble keys")
    rows = dict(card.rows)
    assert [label for label, _ in KEY_ROWS] == list(rows)
    assert rows["Spin the chosen wheel / skip"] == "SPACE"
    assert rows["Choose the cash / bonus wheel"] == "LEFT / RIGHT"
    assert "SHIFT+1" in rows["Cash wheel x1.5 / x2 / x3"] and "RETURN" in rows["Collect the win"]
    assert "ESCAPE" in rows["Ask to collect (again: collect)"]


# -- 3. the win stays in the WIN meter until it is collected ------------------------------
def _drawn_balance(scene) -> int:
    """The balance the HUD (and a celebration's chip) draws."""
    return scene.shown_balance - scene.hud.held_cents


def test_a_win_the_gamble_may_take_is_held_in_the_win_meter_until_it_is_collected(gamble_app):
    app = gamble_app
    scene = hens(app)
    before = app.cabinet.balance
    scene.force_next = "combo_DC"                      # a bonus: always pays, well over 5x
    press(app, pygame.K_SPACE)
    played = scene.played
    after_bet = before - played.cost_cents
    seen = []
    for _ in range(4000):                              # the round, TOTAL WIN, until the gamble opens
        if isinstance(app.stack.top, GambleScene):
            break
        if scene.waiting_for_start or app.stack.top.scene_name == "big_win":
            press(app, pygame.K_SPACE)
        run(app, 1, dt=0.1)
        seen.append(_drawn_balance(scene))
    gamble = app.stack.top
    assert isinstance(gamble, GambleScene) and played.win_cents > 0
    assert app.cabinet.balance == after_bet + played.win_cents          # credited by the cabinet...
    assert max(seen) == after_bet                                       # ...never shown in the balance
    assert scene.last_win == played.win_cents                           # it is in the WIN meter
    assert _drawn_balance(scene) == after_bet
    press(app, pygame.K_RETURN, frames=2)                               # collected: now it is the player's
    assert app.stack.top is scene
    assert _drawn_balance(scene) == app.cabinet.balance == after_bet + played.win_cents
