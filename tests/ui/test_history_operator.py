"""History and recall, and the operator menu behind its PIN, through real events."""
from __future__ import annotations

import pytest

import pygame

from cabinet.ui.game_scene import GameScene
from cabinet.ui.history import HistoryScene
from cabinet.ui.lobby import Lobby
from cabinet.ui.operator import OperatorMenu, PinPad
from tests.ui.conftest import make_app, play_rounds, press, run, shift
from tests.config_edit import reconfigure

K = pygame


@pytest.mark.slow
def test_history_lists_settled_rounds_newest_first_and_recall_replays_one_without_money(app):
    play_rounds(app, 6)
    shift(app, K.K_h)
    hist = app.stack.top
    assert isinstance(hist, HistoryScene) and len(hist.rounds) == 6
    assert [r.id for r in hist.rounds] == sorted((r.id for r in hist.rounds), reverse=True)
    press(app, K.K_DOWN)
    press(app, K.K_DOWN)
    target = hist.rounds[2]
    balance = app.cabinet.balance
    meters = app.cabinet.meters()
    press(app, K.K_RETURN)
    recall = app.stack.top
    assert isinstance(recall, GameScene) and recall.recall_mode and recall.played.round_id == target.id
    original = app.cabinet.replay(target.id)
    assert recall.played.round.events == original.round.events
    assert recall.shown_balance == target.balance_before - target.cost_cents
    press(app, K.K_SPACE)                   # skip to the end of the recall
    run(app, 3)
    assert recall.recall_mode and not recall.busy
    assert recall.last_win == target.win_cents and recall.shown_balance == target.balance_after
    press(app, K.K_SPACE)                   # SPIN does nothing in a recall
    assert not recall.busy
    assert app.cabinet.balance == balance and app.cabinet.meters() == meters
    press(app, K.K_ESCAPE)
    assert app.stack.top is hist
    press(app, K.K_ESCAPE)
    assert isinstance(app.stack.top, GameScene) and not app.stack.top.recall_mode


def test_history_survives_a_restart_and_opens_from_the_lobby(tmp_path):
    app = make_app(tmp_path)
    play_rounds(app, 3)
    app.checkpoints.close()
    app.cabinet.ledger.close()
    pygame.display.quit()
    app2 = make_app(tmp_path)
    assert isinstance(app2.stack.top, Lobby)
    shift(app2, K.K_h)
    assert isinstance(app2.stack.top, HistoryScene) and len(app2.stack.top.rounds) == 3


def operator(app, pin: str) -> None:
    press(app, K.K_o, K.KMOD_LCTRL | K.KMOD_LSHIFT)
    assert isinstance(app.stack.top, PinPad)
    for d in pin:
        press(app, getattr(K, f"K_{d}"))
    press(app, K.K_RETURN)


def test_operator_menu_needs_the_pin_and_tops_up_demo_credit(app):
    operator(app, "9999")
    pad = app.stack.top
    assert isinstance(pad, PinPad) and pad.error == "Wrong PIN"
    press(app, K.K_ESCAPE)
    operator(app, "1234")
    menu = app.stack.top
    assert isinstance(menu, OperatorMenu) and menu.current == "meters"
    press(app, K.K_2)                           # the cash page
    before = app.cabinet.balance
    menu.on_action("top_up")
    assert app.cabinet.balance == before + 10000 and app.cabinet.audit()[0]
    press(app, K.K_5)                           # settings
    menu.on_action("set_gamble_next")
    assert app.config.gamble == "off"           # on_5x -> off
    import json
    from cabinet.core.operator_settings import settings_path
    saved = json.loads(settings_path(app.config).read_text())     # kept across restarts: what changed
    assert saved.pop("mac") and saved == {"gamble": "off"}           # the menu's file carries its MAC
    press(app, K.K_ESCAPE)
    assert isinstance(app.stack.top, Lobby)


def test_in_kiosk_mode_the_operator_menu_is_the_way_out(tmp_path):
    app = make_app(tmp_path)
    app.kiosk = True
    press(app, K.K_ESCAPE)
    assert app.running
    operator(app, "1234")
    app.stack.top.on_action("quit")
    assert not app.running


def test_force_menu_draws_the_next_round_from_the_chosen_category(app):
    from cabinet.ui.demo import ForceMenu
    press(app, K.K_RETURN)
    scene = app.stack.top
    scene.on_action("demo")
    menu = app.stack.top
    assert isinstance(menu, ForceMenu) and [c for c, _ in menu.categories] == ["jackpot", "top_coin"]
    press(app, K.K_RETURN)                    # choose the selected category
    assert scene.force_next == "jackpot"
    press(app, K.K_SPACE)
    assert "jackpot" in scene.played.round.features
    assert scene.force_next is None


def test_showcase_plays_every_category_on_its_own(app):
    press(app, K.K_RETURN)
    scene = app.stack.top
    scene.start_showcase(["jackpot"])
    for _ in range(600):
        run(app, 1, 0.1)
        if app.stack.top is not scene:
            press(app, K.K_SPACE)
        if not scene.showcase and not scene.busy and app.cabinet.history(1):
            break
    assert "jackpot" in app.cabinet.history(1)[0].features


def test_demo_tools_off_means_no_force_menu(tmp_path):
    from cabinet.ui.demo import ForceMenu
    app = make_app(tmp_path)
    reconfigure(app, demo_tools=False)
    press(app, K.K_RETURN)
    app.stack.top.on_action("demo")
    assert not isinstance(app.stack.top, ForceMenu)


def test_real_play_makes_the_review_tools_impossible_even_if_switched_on(tmp_path):
    from cabinet.ui.demo import ForceMenu
    app = make_app(tmp_path)
    reconfigure(app, real_play=True, demo_tools=True)
    press(app, K.K_RETURN)
    scene = app.stack.top
    scene.on_action("demo")
    assert not isinstance(app.stack.top, ForceMenu)
    scene.force_next = "jackpot"                  # even set by hand, the cabinet refuses it
    press(app, K.K_SPACE)
    assert not scene.busy and "demo tool" in scene.message_text


def test_a_locked_cabinet_says_why_offers_no_play_and_the_operator_menu_still_opens(tmp_path):
    from cabinet.ui.locked import LockedNotice
    data = tmp_path / "data"
    data.mkdir(parents=True)
    (data / "ledger.sqlite").write_bytes(b"this is not a database" * 100)
    app = make_app(tmp_path)
    notice = app.stack.top
    assert isinstance(notice, LockedNotice) and "ledger" in notice.reason
    press(app, K.K_RETURN)                       # nothing opens under the notice
    assert app.stack.top is notice
    operator(app, "1234")
    menu = app.stack.top
    assert isinstance(menu, OperatorMenu) and menu.current == "system" and not menu.shown.audit[0]
    run(app, 2)
    press(app, K.K_ESCAPE)
    press(app, K.K_ESCAPE)
    assert not app.running
    assert (data / "ledger.sqlite").read_bytes() == b"this is not a database" * 100


def test_operator_menu_works_from_the_keyboard_alone(app):
    from cabinet.ui.widgets import Button
    operator(app, "1234")
    menu = app.stack.top
    press(app, K.K_2)                          # digit 2: the cash page
    assert menu.current == "cash"
    live = [w for w in menu.widgets if isinstance(w, Button) and w.enabled() and w.action != "close"]
    before = app.cabinet.balance
    for _ in range([w.action for w in live].index("top_up") + 1):
        press(app, K.K_DOWN)                   # the focus ring walks the buttons
    press(app, K.K_RETURN)
    assert app.cabinet.balance == before + 10000
    press(app, K.K_5)                          # settings; its first row's ">" sets the gamble
    live = [w for w in menu.widgets if isinstance(w, Button) and w.enabled() and w.action != "close"]
    menu._focus = None
    for _ in range([w.action for w in live].index("set_gamble_next") + 1):
        press(app, K.K_DOWN)
    press(app, K.K_RETURN)
    assert app.config.gamble == "off" and app.stack.top is menu


def test_the_force_menu_shows_every_category_of_every_game_inside_its_panel():
    """Piggy Farm lists eleven outcome categories: a column longer than ten packs its
    rows closer (demo.row_height), so each one has a button, inside the panel and above
    the menu's own buttons, none overlapping the next."""
    from games.grinning_harvest import GAME as GH
    from games.happy_money_hens import GAME as HMH
    from games.piggy_farm import GAME as PF
    from cabinet.ui.demo import BOTTOM, TOP, row_height
    for spec in (GH, HMH, PF):
        n = len(spec.review.force_categories)
        pitch = row_height(n)
        assert TOP + (n - 1) * pitch + (pitch - 8) <= BOTTOM, (spec.id, n, pitch)
        assert pitch - 8 >= 30, (spec.id, pitch)
    assert len(PF.review.force_categories) > 10
