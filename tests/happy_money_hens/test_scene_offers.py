"""The gamble wheels and spin chance on screen, driven by real clicks and keys: each
draw is recorded as a side draw before it is shown, and the balance moves by exactly
stake -> prize (cash wheel), stake -> a funded bonus round (bonus wheel), or
credit -> one base spin at the current bet (spin chance)."""
from __future__ import annotations

import os
from fractions import Fraction

import pygame
import pytest

from cabinet.core.cabinet import Cabinet
from cabinet.core.config import load_config
from cabinet.ui.app import App, start_scenes
from cabinet.ui.celebration import BigWin
from cabinet.ui.clock import ManualClock
from games.happy_money_hens import GAME
from tests.ui.conftest import wait_transition
from games.happy_money_hens.view.gamble_scene import BONUS_C, CASH_C, GambleScene
from games.happy_money_hens.view.offers import Offers
from games.happy_money_hens.view.spin_chance_scene import SpinChanceScene
from tests.config_edit import reconfigure

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

CONFIG = 'data_dir: {data}\nmath_source: live\ndemo_tools: true\ndemo_credit: "{credit}"\ngamble: "{gamble}"\nsound: {{enabled: false}}\n'
ENTRY_X = {"DC": 30, "PF": 40, "HB": 45, "DC+PF": 60, "DC+HB": 70, "PF+HB": 80, "DC+PF+HB": 150}


def hens_app(tmp, credit="1000.00", gamble="on", seed=3) -> App:
    tmp.mkdir(parents=True, exist_ok=True)
    (tmp / "config.yaml").write_text(CONFIG.format(data=tmp / "data", credit=credit, gamble=gamble))
    config = load_config(tmp / "config.yaml")
    app = App(config, Cabinet(config, games={GAME.id: GAME}, seed=seed), size=(960, 540), clock=ManualClock())
    start_scenes(app)
    app.open_game(GAME.id)
    run(app, 2)
    return app


def run(app, frames=1, dt=1 / 30):
    for _ in range(frames):
        app.step(dt)
        app.checkpoints.flush()          # the ledger's writer done before the next frame


def press(app, key, mod=0, frames=1):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, scancode=0))
    run(app, frames)
    wait_transition(app)


def click(app, logical):
    pos = app.layout.pt(*logical)
    for etype in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(etype, pos=pos, button=1))
    run(app, 1)
    wait_transition(app)


def hens(app):
    from games.happy_money_hens.view.scene import HensScene
    return app.stack.find(HensScene)


def settle(app, scene):
    """SPACE skips the round; big-win celebrations are completed with SPACE."""
    if scene.busy:
        press(app, pygame.K_SPACE)
    while scene.busy:
        if scene.waiting_for_start:                # each bonus round starts on START
            press(app, pygame.K_SPACE)
        run(app, 1, dt=0.25)
    while isinstance(app.stack.top, BigWin):
        press(app, pygame.K_SPACE, frames=3)
        run(app, 60, dt=0.1)
    run(app, 2)                                   # the offers open once the game is on top


def winning_round(app, scene, gamble=True):
    """A round with a win (a forced bonus always pays), settled; the gamble is offered,
    and (`gamble`) opened with its key, SHIFT+D."""
    scene.force_next = "combo_DC"
    press(app, pygame.K_SPACE)
    played = scene.played
    settle(app, scene)
    if gamble:
        assert scene.offers.offered is not None and app.stack.top is scene
        press(app, pygame.K_d, pygame.KMOD_SHIFT, frames=2)
    return played


def side_draws(app):
    return app.cabinet.ledger.db.execute(
        "SELECT kind, stake_cents, prize_cents, won FROM side_draws ORDER BY id").fetchall()


def button(scene, action):
    return next(w for w in scene.widgets if w.action == action).rect.center


@pytest.fixture
def app(tmp_path):
    application = hens_app(tmp_path, credit="5000.00")
    yield application
    application.checkpoints.close()
    pygame.display.quit()


@pytest.mark.slow
def test_cash_wheel_win_and_loss_move_the_balance_by_the_recorded_draw(app):
    scene = hens(app)
    seen = set()
    for _ in range(12):
        played = winning_round(app, scene)
        gamble = app.stack.top
        assert isinstance(gamble, GambleScene) and gamble.gamble.stake_cents == played.win_cents
        click(app, button(gamble, "mult:1"))                   # x2
        balance, stake, n = app.cabinet.balance, gamble.gamble.stake_cents, len(side_draws(app))
        click(app, CASH_C)                                     # press the wheel
        kind, s, prize, won = side_draws(app)[-1]               # recorded before the pointer moves
        assert len(side_draws(app)) == n + 1 and gamble.presentation.index == 0
        assert (kind, s) == ("gamble", stake) and prize == (2 * stake if won else 0)
        assert app.cabinet.balance == balance - stake + prize
        press(app, pygame.K_SPACE)                             # skip the spin
        run(app, 60, dt=0.1)
        if won:
            assert app.stack.top is gamble and gamble.at_risk == 2 * stake
            click(app, button(gamble, "collect"))
            assert scene.last_win == 2 * stake
        else:
            assert scene.last_win == 0
        assert app.stack.top is scene and app.cabinet.balance == balance - stake + prize
        seen.add(bool(won))
        if seen == {True, False}:
            break
    assert seen == {True, False}


@pytest.mark.slow
def test_bonus_wheel_resizes_with_plus_minus_and_its_win_plays_a_funded_bonus(app, monkeypatch):
    monkeypatch.setattr(Offers, "bonus_values", lambda self, bet: sorted(
        ((code, Fraction(x * bet)) for code, x in ENTRY_X.items()), key=lambda kv: kv[1]))
    scene = hens(app)
    seen = set()
    for _ in range(20):
        winning_round(app, scene)
        gamble = app.stack.top
        stake = gamble.gamble.stake_cents
        if len(gamble.gamble.bonus_options()) < 2:         # a win above all but the top entry
            click(app, button(gamble, "collect"))
            run(app, 60, dt=0.1)
            continue
        first = gamble.bonus_option()
        click(app, button(gamble, "plus"))
        second = gamble.bonus_option()
        assert second.prize > first.prize and second.chance == Fraction(stake) / second.prize
        assert gamble.bonus_view.slices[0].size == pytest.approx(float(second.green_share(gamble.min_green)))
        click(app, button(gamble, "minus"))
        assert gamble.bonus_option() == first
        balance = app.cabinet.balance
        click(app, BONUS_C)
        kind, s, prize, won = side_draws(app)[-1]
        assert (kind, s, prize) == ("gamble_bonus", stake, 0) and app.cabinet.balance == balance - stake
        press(app, pygame.K_SPACE)
        run(app, 60, dt=0.1)
        if won:
            played = scene.played
            assert played is not None and played.cost_cents == 0 and played.mode.startswith("bonus_")
            assert app.stack.top is scene
            reconfigure(app, gamble="off")           # settle the bonus without a new gamble
            settle(app, scene)
            reconfigure(app, gamble="on")
            assert app.cabinet.balance == balance - stake + played.win_cents
        else:
            assert app.stack.top is scene and app.cabinet.balance == balance - stake
        seen.add(bool(won))
        if seen == {True, False}:
            break
    assert seen == {True, False}


@pytest.mark.slow
def test_a_won_bonus_entry_interrupted_before_its_round_is_played_on_the_next_start(tmp_path, monkeypatch):
    monkeypatch.setattr(Offers, "bonus_values", lambda self, bet: [("DC+HB", Fraction(12 * bet))])
    app = hens_app(tmp_path, credit="5000.00")
    scene = hens(app)
    start = app.cabinet.balance
    for _ in range(40):                                    # bonus-wheel draws, each cut off before its round
        gamble = scene.offers.make_gamble(10 * scene.bet, scene.bet)
        won, sid = scene.offers.spin_gamble(gamble, gamble.bonus_options()[0], None)
        if won:
            break
    assert won
    staked = start - app.cabinet.balance
    app.checkpoints.close()
    pygame.display.quit()
    again = hens_app(tmp_path, credit="5000.00")
    scene = hens(again)
    played = scene.played
    assert played is not None and played.mode == "bonus_dc_hb" and played.cost_cents == 0
    reconfigure(again, gamble="off")
    settle(again, scene)
    assert again.cabinet.balance == start - staked + played.win_cents
    assert again.cabinet.unfunded_side_draws("gamble_bonus") == []
    again.checkpoints.close()
    pygame.display.quit()


def test_top_combination_cap_disables_the_bonus_wheel_and_win_limit_narrows_the_cash_wheel(app, monkeypatch):
    monkeypatch.setattr(Offers, "bonus_values", lambda self, bet: [("DC", Fraction(30 * bet)),
                                                                    ("DC+PF+HB", Fraction(150 * bet))])
    scene = hens(app)
    bet = scene.bet
    gamble = scene.offers.open_gamble(1000 * bet, bet)          # above every entry, x3 over 2500x
    run(app, 2)
    assert gamble.bonus_option() is None and not gamble.gamble.bonus_wheel_enabled
    n = len(side_draws(app))
    click(app, BONUS_C)
    assert len(side_draws(app)) == n and gamble.presentation is None
    assert not gamble._cash_ok(2) and gamble._cash_ok(1)
    click(app, button(gamble, "mult:2"))
    assert gamble.multiplier != 2
    click(app, button(gamble, "collect"))
    assert app.stack.top is scene
    limit = scene.offers.open_gamble(2000 * bet, bet)           # even x1.5 would pass the limit
    assert limit.outcome == "limit"
    run(app, 100, dt=0.05)
    assert app.stack.top is scene and len(side_draws(app)) == n and scene.last_win == 2000 * bet


def test_the_gamble_opens_after_the_big_win_celebration(app):
    scene = hens(app)
    for _ in range(10):
        scene.force_next = "combo_DC+PF"
        press(app, pygame.K_SPACE)
        played = scene.played
        press(app, pygame.K_SPACE)                         # skip the round
        while scene.busy:
            press(app, pygame.K_SPACE)                     # START each bonus round, skip its spin
            run(app, 1, dt=0.25)
        if isinstance(app.stack.top, BigWin):
            break
        settle(app, scene)
        click(app, button(app.stack.top, "collect"))
    assert isinstance(app.stack.top, BigWin)
    assert not any(isinstance(s, GambleScene) for s in app.stack.scenes)
    settle(app, scene)
    assert app.stack.top is scene and scene.offers.offered is not None     # offered, not forced open
    press(app, pygame.K_d, pygame.KMOD_SHIFT, frames=2)
    assert isinstance(app.stack.top, GambleScene) and app.stack.top.gamble.stake_cents == played.win_cents


def test_gamble_off_offers_nothing(tmp_path):
    app = hens_app(tmp_path, gamble="off")
    scene = hens(app)
    winning_round(app, scene, gamble=False)
    assert scene.offers.offered is None and not any(w.enabled() for w in scene.widgets if w.action == "gamble")
    press(app, pygame.K_d, pygame.KMOD_SHIFT, frames=2)          # the key opens nothing
    assert app.stack.top is scene and side_draws(app) == []
    app.checkpoints.close()
    pygame.display.quit()


def test_spin_chance_no_thanks_keeps_the_credit(tmp_path):
    app = hens_app(tmp_path, credit="0.40", gamble="off")
    scene = hens(app)
    offer = app.stack.top
    assert isinstance(offer, SpinChanceScene) and offer.chance.chance == Fraction(40, 100)
    assert offer.green == pytest.approx(0.4)                    # the meter's green share
    app.render()
    from games.happy_money_hens.view.spin_chance_scene import METER
    for frac, hue in ((0.2, "green"), (0.37, "green"), (0.43, "red"), (0.9, "red")):
        r, g, b = app.surface.get_at(app.layout.pt(METER.x + METER.w * frac, METER.y + METER.h * 0.75))[:3]
        assert (g > r + 40) if hue == "green" else (r > g + 60), (frac, (r, g, b))
    click(app, button(offer, "decline"))
    assert app.stack.top is scene and app.cabinet.balance == 40 and side_draws(app) == []
    assert scene.offers.check_spin_chance() is None             # not offered again at this credit
    app.checkpoints.close()
    pygame.display.quit()


def test_spin_chance_play_win_spins_at_the_current_bet_and_loss_takes_the_credit(tmp_path):
    seen = set()
    for seed in range(1, 16):
        app = hens_app(tmp_path / str(seed), credit="0.40", gamble="off", seed=seed)
        scene = hens(app)
        offer = app.stack.top
        click(app, button(offer, "play"))
        kind, stake, prize, won = side_draws(app)[-1]           # recorded before the pointer runs
        assert (kind, stake, prize) == ("spin_chance", 40, 100 if won else 0)
        assert offer.presentation is not None and offer.presentation.index == 0
        assert app.cabinet.balance == (100 if won else 0)
        press(app, pygame.K_SPACE)
        run(app, 3)
        if won:                                                 # the spin plays at once, at the current bet
            played = scene.played
            assert played.mode == "base" and played.cost_cents == scene.bet == 100
            assert app.cabinet.balance == 0
            settle(app, scene)
            assert app.cabinet.balance == played.win_cents
        else:
            assert scene.played is None and app.cabinet.balance == 0 and app.stack.top is scene
        seen.add(bool(won))
        app.checkpoints.close()
        pygame.display.quit()
        if seen == {True, False}:
            break
    assert seen == {True, False}


def test_spin_chance_opens_by_itself_when_a_round_leaves_less_than_the_price(tmp_path):
    app = hens_app(tmp_path, credit="1.40", gamble="off")
    scene = hens(app)
    assert app.stack.top is scene                               # 1.40 covers a spin: no offer
    for _ in range(40):
        press(app, pygame.K_SPACE)
        played = scene.played
        settle(app, scene)
        if played.win_cents == 0:
            break
    assert played.win_cents == 0 and app.cabinet.balance < 100
    assert isinstance(app.stack.top, SpinChanceScene)
    assert app.stack.top.chance.credit_cents == app.cabinet.balance
    app.checkpoints.close()
    pygame.display.quit()


def test_on_5x_compares_the_win_with_the_base_bet_before_the_fortune_multiplier(tmp_path):
    from types import SimpleNamespace
    app = hens_app(tmp_path, gamble="on_5x")
    scene = hens(app)
    scene.select_mode("fortune_2")                              # price 2x, threshold still 5x the base bet
    for win, opens in ((499, False), (500, True)):
        scene.offers.offer(SimpleNamespace(win_cents=win, bet_cents=100, round_id=None))
        assert (scene.offers.offered is not None) == opens
        press(app, pygame.K_d, pygame.KMOD_SHIFT, frames=2)
        assert isinstance(app.stack.top, GambleScene) == opens
        if opens:
            click(app, button(app.stack.top, "collect"))
    assert app.stack.top is scene
    app.checkpoints.close()
    pygame.display.quit()


def test_a_win_offers_the_gamble_and_spin_collects_it_and_plays_on(tmp_path):
    """Issue 36: the gamble is offered, never forced. After a win the game stays on top
    with a GAMBLE button (and its key) while the win waits in WIN; it opens nothing by
    itself, and SPIN collects the win and plays the next round."""
    app = hens_app(tmp_path, credit="1000.00", gamble="on")
    try:
        scene = hens(app)
        played = winning_round(app, scene, gamble=False)
        run(app, 90)                                                # three seconds: nothing opens by itself
        assert app.stack.top is scene and scene.offers.offered is not None
        gamble = next(w for w in scene.widgets if w.action == "gamble")
        assert gamble.enabled()
        assert scene.shown_balance == app.cabinet.balance - played.win_cents   # the win waits in WIN
        rounds = len(app.cabinet.history(100))
        press(app, pygame.K_SPACE)                                  # SPIN: collected, the next round starts
        assert scene.offers.offered is None and not gamble.enabled()
        assert len(app.cabinet.history(100)) == rounds + 1 or scene.busy
        assert side_draws(app) == []
        settle(app, scene)
        if scene.offers.offered is not None:                        # that round won too: GAMBLE by click
            click(app, button(scene, "gamble"))
            assert isinstance(app.stack.top, GambleScene)
    finally:
        app.checkpoints.close()
        pygame.display.quit()
