"""Happy Money Hens' display rules and the defects found in play, each on the real
scene: the gamble that crashed when a win shrank the bonus entries, the line-win
caption after a bet change and after a lost gamble, one START per bonus round (and
autoplay going on by itself), spin chance when the credit is reduced below the price
of play, the EGG and GOLD pictures, upright labels inside their wheel segments, the
record of gamble results, the win-limit banner and the reason a fortune bet is off."""
from __future__ import annotations

from fractions import Fraction

import pygame
import pytest

from cabinet.core.rng import Rng
from cabinet.ui.wheel_labels import HUB_CLEAR, MARGIN, RIM_CLEAR
from games.happy_money_hens.view import art
from games.happy_money_hens.view.gamble_scene import GambleScene
from games.happy_money_hens.view.offers import Offers
from games.happy_money_hens.view.spin_chance_scene import SpinChanceScene
from tests.happy_money_hens.test_scene_offers import ENTRY_X, hens, hens_app, press, run, settle, side_draws
from tests.ui.text_record import recorded_texts
from tests.config_edit import reconfigure


class Always(Rng):
    """Every chance succeeds (below() answers 0)."""

    def below(self, n):
        return 0


class Never(Rng):
    def below(self, n):
        return n - 1


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setattr(Offers, "bonus_values", lambda self, bet: sorted(
        ((code, Fraction(x * bet)) for code, x in ENTRY_X.items()), key=lambda kv: kv[1]))
    application = hens_app(tmp_path, credit="5000.00")
    yield application
    application.checkpoints.close()
    pygame.display.quit()


def _gamble(app, stake_x: int) -> GambleScene:
    scene = hens(app)
    gamble = scene.offers.open_gamble(stake_x * scene.bet, scene.bet)
    run(app, 1)
    return gamble


# -- the gamble crash ----------------------------------------------------------------
def test_a_cash_win_that_shrinks_the_bonus_entries_keeps_the_screen_and_the_choice_valid(app):
    gamble = _gamble(app, 40)                       # entries worth >= 40x: six of them
    for _ in range(8):
        gamble.on_action("plus")
    assert gamble.entry == 5 and gamble.bonus_option().label == "DC+PF+HB"
    rng, app.cabinet.rng = app.cabinet.rng, Always(0)
    gamble.on_action("mult:1")
    gamble.on_action("cash")                        # x2 wins: 80x at risk, two entries left
    app.cabinet.rng = rng
    assert len(gamble.gamble.bonus_options()) == 2
    for _ in range(150):                            # every frame of the spin is drawn
        run(app, 1)
    assert app.stack.top is gamble and gamble.idle() and gamble.at_risk == 80 * hens(app).bet
    assert gamble.entry == 1 and gamble.bonus_option().label == "DC+PF+HB"
    gamble.on_action("plus")                        # nothing past the end
    assert gamble.entry == 1


# -- the line-win caption ----------------------------------------------------------------
def _line_round(app):
    scene = hens(app)
    reconfigure(app, gamble="off")
    for _ in range(200):
        press(app, pygame.K_SPACE)
        settle(app, scene)
        if scene.all_lines:
            return scene
    raise AssertionError("no line win in 200 rounds")


def _caption(app) -> str | None:
    return next((t for t, _ in recorded_texts(app) if t.startswith("LINE ")), None)


def test_the_line_caption_reads_the_bet_the_round_was_paid_at(app):
    scene = _line_round(app)
    paid_bet = scene.bet
    scene.time = 0.0                                 # the first of the cycled line wins
    before = _caption(app)
    win = scene.all_lines[0]
    assert before.endswith("PAYS " + app.cabinet.currency.format(paid_bet * win["pay_x100"] // 100))
    scene.on_action("bet_up")
    assert scene.bet > paid_bet
    scene.time = 0.0
    assert _caption(app) == before


def test_a_gambled_win_takes_the_line_caption_down(app):
    scene = _line_round(app)
    assert scene.all_lines
    rng, app.cabinet.rng = app.cabinet.rng, Never(0)
    gamble = scene.offers.open_gamble(scene.last_win, scene.bet, None)
    gamble.on_action("cash")
    app.cabinet.rng = rng
    for _ in range(200):
        run(app, 1, dt=0.1)
    assert app.stack.top is scene and scene.last_win == 0
    assert scene.all_lines == [] and scene.win_line is None
    texts = recorded_texts(app)
    assert not any(t.startswith("LINE ") for t, _ in texts)


# -- START per bonus round ----------------------------------------------------------------
@pytest.mark.slow
def test_each_bonus_round_waits_for_start(app):
    scene = hens(app)
    reconfigure(app, gamble="off")
    scene.play("buy_triple")
    spins = sum(1 for e in scene.played.round.events if e["type"] == "bonus_spin")
    assert spins >= 3
    presses = 0
    for _ in range(5000):
        if not scene.busy:
            break
        if scene.waiting_for_start:
            at = scene.presentation.index
            run(app, 90, dt=0.1)                       # nine seconds: nothing moves without START
            assert scene.presentation.index == at and scene.waiting_for_start
            assert scene.presentation.current.label.startswith("bonus spin")
            press(app, pygame.K_SPACE)
            presses += 1
        else:
            press(app, pygame.K_SPACE)                 # SPACE mid-animation skips to the next round, no further
    assert not scene.busy and presses == spins


def test_autoplay_goes_on_through_the_bonus_rounds_by_itself(app):
    scene = hens(app)
    reconfigure(app, gamble="off")
    scene.force_next = "combo_DC"
    scene.start_autoplay(1, stop_on_bonus=True)
    run(app, 2, dt=0.1)
    played = scene.played
    assert played is not None and "bonus" in played.round.features
    for _ in range(6000):
        if not scene.busy:
            break
        run(app, 1, dt=0.1)
    assert not scene.busy and app.cabinet.history(1)[0].id == played.round_id
    assert app.cabinet.history(1)[0].state == "settled"


# -- spin chance ----------------------------------------------------------------------------
def _drain_to(app, cents):
    app.cabinet.ledger.cash_out(app.cabinet.balance - cents)


def test_spin_chance_is_offered_with_a_fortune_bet_when_a_round_leaves_only_a_base_spin(tmp_path):
    app = hens_app(tmp_path, credit="2.50", gamble="off")
    scene = hens(app)
    scene.on_action("fortune:fortune_2")                   # the price of play is now 2.00: covered
    assert app.stack.top is scene
    rng, app.cabinet.rng = app.cabinet.rng, Never(0)       # a losing round: 0.50 left... then 2.00 price
    scene.on_action("fortune:base")
    app.cabinet.ledger.cash_out(100)                       # 1.50 left: covers a base spin only
    scene.on_action("fortune:fortune_2")                   # a step of the price: no offer (the sheet)
    assert app.stack.top is scene
    app.cabinet.rng = rng
    scene.offers.stepped_at = None
    scene.offers.check_spin_chance()                       # as after a round that left 1.50
    offer = app.stack.top
    assert isinstance(offer, SpinChanceScene)
    assert (offer.chance.credit_cents, offer.chance.spin_price_cents) == (150, 200)
    rng, app.cabinet.rng = app.cabinet.rng, Always(0)
    offer.on_action("play")
    app.cabinet.rng = rng                                  # the round itself as usual
    press(app, pygame.K_SPACE)
    run(app, 3)
    played = scene.played                                  # the spin won is the current play
    assert played.mode == "fortune_2" and played.cost_cents == 200
    assert tuple(side_draws(app)[-1]) == ("spin_chance", 150, 200, 1)
    app.checkpoints.close()
    pygame.display.quit()


# -- pictures ---------------------------------------------------------------------------------
def _gold_share(surf: pygame.Surface) -> float:
    import pygame.surfarray as sa
    px = sa.array3d(surf).astype(int)
    n = px.shape[0]
    c = px[n // 4: 3 * n // 4, n // 4: 3 * n // 4]
    gold = (c[..., 0] > 200) & (c[..., 1] > 150) & (c[..., 2] < 110)
    return float(gold.mean())


def test_the_egg_pay_symbol_is_not_a_golden_egg_like_the_gold_feature(app):
    egg, gold = art.symbol_face("EGG", 186), art.symbol_face("GOLD", 186)   # the reels' faces at 1920x1080
    assert _gold_share(gold) > 0.2
    assert _gold_share(egg) < 0.05


def _inside_slice(pt, start, span, r):
    x, y = pt
    rho = (x * x + y * y) ** 0.5
    import math
    theta = math.degrees(math.atan2(x, -y)) % 360
    rel = (theta - start) % 360
    clear = math.degrees(math.asin(min(1.0, MARGIN * r / max(rho, 1e-9))))
    return HUB_CLEAR * r - 1e-6 <= rho <= RIM_CLEAR * r + 1e-6 and (
        span >= 360 or clear - 1e-6 <= rel <= span - clear + 1e-6
    )


@pytest.mark.parametrize("stake_x", [8, 30, 44, 79, 149])
def test_gamble_labels_are_upright_and_inside_their_segments(app, stake_x):
    gamble = _gamble(app, stake_x)
    for _ in range(stake_x % 4):
        gamble.on_action("plus")
    for view in (gamble.cash_view, gamble.bonus_view):
        r = view._r()
        for i, place in enumerate(view.label_places()):
            if place is None:
                continue
            assert place.turn % 360 == 0                   # level: "LOSE" reads upright
            for pt in place.outline():
                assert _inside_slice(pt, view.starts[i], view.spans[i], r), (view.slices[i].label, pt)
    lose = gamble.cash_view.label_places()[1]
    assert lose is not None and lose.center[1] > 0          # the red segment's LOSE, below the hub


def test_the_gamble_lists_the_last_results_from_the_ledger(app):
    rng, app.cabinet.rng = app.cabinet.rng, Always(0)
    gamble = _gamble(app, 8)
    gamble.on_action("cash")
    app.cabinet.rng = rng
    run(app, 150)
    assert gamble.results and gamble.results[0]["won"] and gamble.results[0]["stake_cents"] == 8 * hens(app).bet
    texts = [t for t, _ in recorded_texts(app)]
    assert "LAST RESULTS" in texts and "WON" in texts


def test_the_win_limit_collecting_by_itself_is_announced(app):
    scene = hens(app)
    gamble = _gamble(app, 2000)                            # even x1.5 would pass 2500x
    assert gamble.outcome == "limit"
    texts = [t for t, _ in recorded_texts(app)]
    assert "WIN LIMIT REACHED" in texts
    assert any(t.endswith("COLLECTED") and app.cabinet.currency.format(2000 * scene.bet) in t for t in texts)
    run(app, 150, dt=0.05)
    assert app.stack.top is scene and "Win limit reached" in (scene.message_text or "")


def test_a_fortune_bet_off_at_this_bet_says_it_is_the_win_limit(app, monkeypatch):
    scene = hens(app)
    monkeypatch.setattr(type(scene), "offered_up_to", lambda self, mode: 500 if mode == "fortune_2" else None)
    scene.bet_index = scene.ladder.index(max(b for b in scene.ladder if b > 500))
    texts = [t for t, _ in recorded_texts(app)]
    assert any(t.startswith("WIN LIMIT") and "$5.00" in t for t in texts), texts
