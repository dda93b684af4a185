"""The gamble and spin chance offers, their keys and the pictures, each on the real
Happy Money Hens scene driven by real key presses (findings of players, issue #36):
spin chance only when the credit is REDUCED below the price of play (never for a bet
step), a keyboard control for every gamble control (ESC never decides) and for spin
chance, each listed on the rules' and KEYBOARD pages, the win held in the WIN meter
while it is at risk, and the pictures (double coins, the spin chance meter's labels,
the mystery-buy icons, the BETS page's fortune lights and words)."""
from __future__ import annotations

from fractions import Fraction

import pygame
import pytest

from games.happy_money_hens.view.gamble_scene import KEY_ACTIONS, KEY_ROWS, GambleScene
from games.happy_money_hens.view.offers import Offers
from games.happy_money_hens.view.spin_chance_scene import SpinChanceScene
from tests.happy_money_hens.test_scene_offers import (ENTRY_X, button, click, hens, hens_app, press, run, settle,
                                                     side_draws)


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
    # the question up, a click on COLLECT still collects (it only dismisses the question first)
    gamble = _open_gamble(app)
    press(app, pygame.K_ESCAPE)
    assert gamble.asking
    click(app, button(gamble, "collect"))
    assert gamble.gamble.status == "collected" and app.stack.top is hens(app)


def test_the_rules_list_every_gamble_key(gamble_app):
    from cabinet.ui.rules_common import rules_book
    app = gamble_app
    page = next(p for p in rules_book(hens(app)) if p.tab == "Gamble")
    card = next(c for col in page.columns for c in col if c.title == "Gamble keys")
    rows = dict(card.rows)
    assert ["Gamble the win offered (GAMBLE)", "Collect it and spin on"] + [label for label, *_ in KEY_ROWS] \
        == list(rows)
    assert rows["Gamble the win offered (GAMBLE)"] == "SHIFT+D" and rows["Collect it and spin on"] == "SPACE"
    assert rows["Spin the chosen wheel / skip"] == "SPACE"
    assert rows["Choose a wheel"] == "LEFT/RIGHT (or SHIFT+LEFT/RIGHT)"
    assert "SHIFT+1" in rows["Cash wheel x1.5 / x2 / x3"] and "RETURN" in rows["Collect the win"]
    assert "ESCAPE" in rows["Ask to collect (again: collect)"]


def _keys_page_cards(app) -> dict[str, str]:
    """The KEYBOARD page's cards: title -> every word on it."""
    from cabinet.ui.rules_common import rules_book
    page = next(p for p in rules_book(hens(app)) if p.tab == "Keys")
    return {c.title: " ".join([*c.text, *(f"{a} {b}" for a, b in c.rows)]) for col in page.columns for c in col}


def test_the_keyboard_page_names_every_key_the_gamble_and_spin_chance_handle(gamble_app):
    app = gamble_app
    cards = _keys_page_cards(app)
    assert {"Play", "Gamble keys", "Spin chance keys"} <= set(cards)
    handled = {*KEY_ACTIONS, "spin", "close"}                  # every action GambleScene.on_key takes

    def names_every_key(action: str, text: str) -> bool:       # keys sharing a modifier: 'SHIFT+DOWN/UP'
        return all(part.upper() in text for spec in app.input.table[action] for part in spec.split("+"))
    for action in handled:
        assert names_every_key(action, cards["Gamble keys"]), action
    for action in ("confirm", "close", "spin"):                # what SpinChanceScene.on_action takes from keys
        assert names_every_key(action, cards["Spin chance keys"]), action
    # another game lists no gamble
    from cabinet.ui.rules_common import keyboard_page
    from types import SimpleNamespace
    other = SimpleNamespace(app=app, spec=SimpleNamespace(view=SimpleNamespace(rules="")), buy_modes=[])
    assert all("Gamble" not in c.title for col in keyboard_page(other).columns for c in col)


@pytest.mark.slow
def test_spin_chance_plays_on_its_listed_key_and_esc_says_no_thanks(tmp_path):
    from tests.happy_money_hens.test_scene_offers import hens_app as offers_app
    app = offers_app(tmp_path, credit="2.50", gamble="off")
    scene = hens(app)
    scene.bet_index = scene.ladder.index(200)
    scene.bet_changed()
    app.cabinet.ledger.cash_out(100)                           # 1.50 left, under the 2.00 price
    scene.offers.stepped_at = None
    scene.offers.check_spin_chance()
    offer = app.stack.top
    assert isinstance(offer, SpinChanceScene)
    press(app, pygame.K_SPACE, frames=2)                       # a held SPACE never wagers the credit
    assert app.stack.top is offer and offer.won is None
    press(app, pygame.K_RETURN, pygame.KMOD_SHIFT, frames=2)   # SHIFT+RETURN, as the page lists: PLAY
    assert offer.won is not None
    assert tuple(side_draws(app)[-1])[:2] == ("spin_chance", 150)
    run(app, 400)
    _close(app)
    app = offers_app(tmp_path / "b", credit="2.50", gamble="off")
    scene = hens(app)
    scene.bet_index = scene.ladder.index(200)
    scene.bet_changed()
    app.cabinet.ledger.cash_out(100)
    scene.offers.stepped_at = None
    scene.offers.check_spin_chance()
    offer = app.stack.top
    assert isinstance(offer, SpinChanceScene)
    press(app, pygame.K_ESCAPE, frames=2)                      # NO THANKS: nothing drawn, the credit kept
    assert app.stack.top is scene and offer.won is None and app.cabinet.balance == 150
    _close(app)


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
    for _ in range(4000):                              # the round, TOTAL WIN, until the gamble is offered
        if scene.offers.offered is not None:
            break
        if scene.waiting_for_start or app.stack.top.scene_name == "big_win":
            press(app, pygame.K_SPACE)
        run(app, 1, dt=0.1)
        seen.append(_drawn_balance(scene))
    assert app.stack.top is scene and _drawn_balance(scene) == after_bet     # held while offered
    press(app, pygame.K_d, pygame.KMOD_SHIFT, frames=2)                 # GAMBLE, by choice
    gamble = app.stack.top
    assert isinstance(gamble, GambleScene) and played.win_cents > 0
    assert app.cabinet.balance == after_bet + played.win_cents          # credited by the cabinet...
    assert max(seen) == after_bet                                       # ...never shown in the balance
    assert scene.last_win == played.win_cents                           # it is in the WIN meter
    assert _drawn_balance(scene) == after_bet
    press(app, pygame.K_RETURN, frames=2)                               # collected: now it is the player's
    assert app.stack.top is scene
    assert _drawn_balance(scene) == app.cabinet.balance == after_bet + played.win_cents


# -- 4. the pictures: double coins alike, the meter's labels, opaque "?", pot-fill doubles --
def _drawn_rects(app) -> dict[str, list[pygame.Rect]]:
    """Render once: the real-pixel box of every label blit_text drew, by text."""
    assets, seen = app.assets, {}
    original = assets.blit_text

    def record(target, text, *args, **kwargs):
        rect = original(target, text, *args, **kwargs)
        seen.setdefault(str(text), []).append(pygame.Rect(rect))
        return rect
    try:
        assets.blit_text = record
        app.render()
    finally:
        del assets.blit_text
    return seen


def _coin(kind="cash", double=True, value=400, boost=0, pot=None):
    return {"kind": kind, "double": double, "boost_x100": boost, "value_x100": value, "pot": pot}


def _alike(a: pygame.Surface, b: pygame.Surface, tol: int = 6) -> bool:
    """Where `b` is opaque, `a` shows the same colours (within `tol`)."""
    w, h = b.get_size()
    for x in range(0, w, 2):
        for y in range(0, h, 2):
            pb = b.get_at((x, y))
            if pb.a == 255 and any(abs(u - v) > tol for u, v in zip(a.get_at((x, y))[:3], pb[:3])):
                return False
    return True


def test_every_double_coin_shows_the_same_way_and_a_pot_fill_pair_has_one_label(gamble_app):
    from games.happy_money_hens.view import art
    from games.happy_money_hens.view.features import COIN
    app = gamble_app
    scene = hens(app)
    bonus, size, short = scene.bonus, app.layout.px(COIN), app.cabinet.currency.short
    for coin, kind in ((_coin(value=400), "cash"), (_coin(value=7), "cash"), (_coin(value=800, boost=300), "boost")):
        face = bonus.coin_face(coin, scene.bet)
        # the front coin: what the pair is worth in all, under DOUBLE (plain, odd and boosted alike)
        front = art.coin_label(art.coin(size, kind), short(scene.bet * coin["value_x100"] // 100), "DOUBLE")
        shown = face.subsurface((0, 0, size, size))
        assert _alike(shown, front), coin
    # a double pot-fill coin: the coin behind carries no label (no "MAJOR AJOR")
    face = bonus.coin_face(_coin(kind="pot_fill", value=0, pot="MAJOR"), scene.bet)
    w = face.get_width()
    back = pygame.Surface((w, size), pygame.SRCALPHA)
    back.blit(art.coin(size, "MAJOR", dim=0.25), (w - size, 0))
    assert _alike(
        face.subsurface((size + 2, 0, w - size - 2, size)), back.subsurface((size + 2, 0, w - size - 2, size))
    )


@pytest.mark.slow
def test_the_spin_chance_labels_stay_inside_their_part_of_the_meter_or_beside_it(gamble_app):
    from games.happy_money_hens.view.spin_chance_scene import METER
    app = gamble_app
    scene = hens(app)
    meter = app.layout.rect(METER)
    for pct in (97, 90, 50, 10, 3):
        offer = scene.offers.open_spin_chance(scene.bet * pct // 100)
        run(app, 1)
        gx = meter.x + round(meter.w * float(offer.green))
        rects = _drawn_rects(app)
        for text, (lo, hi) in (("SPIN", (meter.x, gx)), ("LOSE", (gx, meter.right))):
            for r in rects.get(text, []):
                inside = lo <= r.left and r.right <= hi
                beside = r.right <= meter.x or r.left >= meter.right
                assert inside or beside, (pct, text, r, lo, hi)
        assert "LOSE" in rects
        app.pop(offer)
        run(app, 1)


def test_the_mystery_buy_question_marks_are_opaque(gamble_app):
    from games.happy_money_hens.view.rules_pages import buy_picture
    app = gamble_app
    pic = buy_picture(hens(app), "buy_mystery").paint(660, 200)
    n = pic.get_height()
    step = (pic.get_width() - n) // 2
    tiles = [pic.subsurface((i * step, 0, n, n)) for i in range(3)]
    # nothing of each feature's face ("x2", "POT", "+") shows through: the three icons are alike
    assert all(tiles[0].get_at((x, y)) == t.get_at((x, y)) for t in tiles[1:]
               for x in range(0, n, 2) for y in range(0, n, 2))


# -- 5. the BETS page: the sheet's FORTUNE BET words, no particular feature singled out ----
def test_the_fortune_pictures_light_no_particular_feature(gamble_app):
    from games.happy_money_hens.view.rules_pages import mode_picture
    app = gamble_app
    scene = hens(app)
    for mode in ("fortune_1_2", "fortune_1_5", "fortune_2"):
        pic = mode_picture(scene, mode).paint(600, 200)
        w, h = pic.get_size()
        alphas = []
        for i in range(3):                                  # each egg's opacity (the top of the picture)
            xs = range(i * w // 3 + w // 12, (i + 1) * w // 3 - w // 12, 3)
            alphas.append(sum(pic.get_at((x, y)).a for x in xs for y in range(h // 8, h // 2, 3)))
        assert max(alphas) - min(alphas) <= 0.1 * max(alphas), (mode, alphas)


def test_the_bets_page_names_each_fortune_bet_in_the_sheets_words(gamble_app, monkeypatch):
    """The BETS page (SHIFT+I, its Bets tab): each fortune bet's card shows the sheet's
    FORTUNE BET words in its picture (1.2x MORE BONUSES, 1.5x AT LEAST 2 OF 3 FEATURES,
    2x ALL 3 FEATURES), read off the words painted onto the card's own picture."""
    from games.happy_money_hens.view import art
    app = gamble_app
    scene = hens(app)
    press(app, pygame.K_i, pygame.KMOD_SHIFT, frames=3)
    info = app.stack.top
    page = next(p for p in info.pages if p.tab == "Bets")
    info.page = info.pages.index(page)
    run(app, 2)
    painted: list[str] = []
    real = art.outlined
    monkeypatch.setattr(art, "outlined", lambda text, *a, **k: painted.append(text) or real(text, *a, **k))
    words = {}
    for card in page.grid:
        key = card.picture.key if card.picture is not None else None
        if isinstance(key, tuple) and len(key) > 1 and isinstance(key[1], tuple) and key[1][0] == "hmh_mode":
            painted.clear()
            card.picture.paint(600, 200)
            words[key[1][1]] = list(painted)
    assert words == {"fortune_1_2": ["MORE BONUSES"], "fortune_1_5": ["AT LEAST 2 OF 3 FEATURES"],
                     "fortune_2": ["ALL 3 FEATURES"]}, words
    labels = {c.title for c in page.grid}
    assert all(scene.spec.mode(m).label in labels for m in words)      # each on the card of its bet
