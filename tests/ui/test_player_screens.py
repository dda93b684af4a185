"""The screens of issue 17 a player reads and works: the history in words with its
paging, a recall with every live control off, the sound panel and the player's
settings kept across restarts, the celebrations (feature total, max win, the balance
counting with the win), the buy menu's cards and keys, and the autoplay message."""
from __future__ import annotations

import json

import pygame
import pytest

from cabinet.core.cabinet import Cabinet
from cabinet.ui.app import App, start_scenes
from cabinet.ui.buy_menu import BuyMenu
from cabinet.ui.clock import ManualClock
from cabinet.ui.figures import feature_words
from cabinet.ui.history import PER_PAGE, HistoryScene
from tests.ui.conftest import first_over, make_app, make_config, open_game, open_only, play_rounds, press, settle, shift
from tests.ui.toy_game import TOY

K = pygame


# -- history and recall ------------------------------------------------------------------
@pytest.mark.slow
def test_history_rows_say_what_was_played_what_it_cost_and_its_features_in_words(books):
    scene = open_only(books, "piggy_farm")
    assert scene.play("risk_the_farm", "risk_win")          # a $550 buy at the $1.00 bet, and it won
    settle(books, scene)
    books.open("history")
    hist = books.stack.top
    rec = hist.rounds[0]
    number, when, name, mode, cost, win, features = hist.cells(rec)
    assert number == f"#{rec.id}" and ":" in when
    assert name == "Piggy Farm" and mode == "RISK THE FARM"
    assert cost == "$550.00" and win == books.cabinet.currency.format(rec.win_cents)
    assert features == feature_words(scene.spec, rec.features) and "risk" not in features
    assert "risk_the_farm" not in " ".join(hist.cells(rec))
    books.pop(hist)


def test_history_turns_pages_of_ten(app):
    play_rounds(app, PER_PAGE + 3)
    shift(app, K.K_h)
    hist = app.stack.top
    assert isinstance(hist, HistoryScene) and hist.pages == 2 and hist.page == 0
    press(app, K.K_RIGHT)
    assert hist.page == 1 and hist.selected == PER_PAGE
    press(app, K.K_PAGEUP)
    assert hist.page == 0 and hist.selected == 0


def test_a_recall_turns_off_buy_force_bets_autoplay_and_spin_and_refuses_their_keys(app):
    scene = play_rounds(app, 2)
    shift(app, K.K_h)
    press(app, K.K_RETURN)
    recall = app.stack.top
    assert recall.recall_mode and recall is not scene
    off = {w.action: w.enabled() for w in recall.widgets}
    for action in ("buy_menu", "demo", "bet_up", "bet_down", "autoplay", "ante"):
        assert off.get(action, False) is False, action
    assert off["close"] and off["info"]
    before = recall.bet_index
    for key in (K.K_UP, K.K_b, K.K_1, K.K_a):
        shift(app, key)
    assert app.stack.top is recall and recall.bet_index == before
    labels = {w.action: w.text() for w in recall.widgets if hasattr(w, "text")}
    assert labels["close"] == "< BACK"


# -- sound panel and the player's settings ---------------------------------------------------
def test_the_sound_panel_sets_volumes_and_switches_and_they_hold_across_a_restart(tmp_path):
    app = make_app(tmp_path)
    open_game(app).on_action("sound_panel")
    panel = app.stack.top
    assert panel.scene_name == "sound_panel"
    for action in ("sound_down", "sound_down", "sound_down", "music_down", "music", "turbo"):
        panel.on_action(action)
    assert app.audio.effects_level == pytest.approx(0.7) and app.audio.music_level == pytest.approx(0.9)
    assert app.audio.music_on is False and app.turbo is True
    saved = json.loads((tmp_path / "data" / "player.json").read_text())
    assert saved == {"sound": True, "music": False, "effects_volume": 0.7, "music_volume": 0.9, "turbo": True,
                     "language": ""}      # "" = the cabinet's default language
    app.checkpoints.close()
    again = App(app.config, Cabinet(app.config, games={"toyui": TOY}, seed=7), size=(960, 540), clock=ManualClock())
    assert (again.audio.effects_level, again.audio.music_level) == (pytest.approx(0.7), pytest.approx(0.9))
    assert again.audio.music_on is False and again.turbo is True and again.audio.sound_on is True
    again.checkpoints.close()


@pytest.mark.parametrize("content, problem", [
    ("{not json", "cannot be read"),
    ('{"effects_volume": 7, "turbo": "yes", "sound": false}', "effects_volume = 7 is not allowed"),
    ('["a list"]', "not a JSON object"),
    ('{"loudness": 1}', "loudness is not a player setting"),
])
def test_a_bad_player_settings_file_is_named_in_one_line_and_never_crashes(tmp_path, capsys, content, problem):
    (tmp_path / "data").mkdir(parents=True)
    (tmp_path / "data" / "player.json").write_text(content)
    app = make_app(tmp_path)
    err = capsys.readouterr().err
    assert problem in err and "Traceback" not in err
    assert problem.split(" ")[0] in app.toast_text
    assert all(line.startswith("player settings: ") for line in err.strip().splitlines())
    if "sound" in content and "7" in content:
        assert app.audio.sound_on is False and app.audio.effects_level == 1.0   # the good value is used
    assert (tmp_path / "data" / "player.json").read_text() == content            # left as it was
    app.checkpoints.close()


def test_turbo_is_kept_across_a_restart_only_where_turbo_is_allowed(tmp_path):
    (tmp_path / "data").mkdir(parents=True)
    (tmp_path / "data" / "player.json").write_text('{"turbo": true}')
    config = make_config(tmp_path, turbo=False)
    app = App(config, Cabinet(config, games={"toyui": TOY}, seed=7), size=(960, 540), clock=ManualClock())
    start_scenes(app)
    assert app.turbo is False
    app.checkpoints.close()


# -- celebrations ------------------------------------------------------------------------------
def test_a_feature_round_ends_with_its_total_win_summary(books):
    scene = open_only(books, "grinning_harvest")
    summary = first_over(books, scene, "buy_harvest")
    assert summary is not None and summary.scene_name == "big_win"
    assert "Hold-n-Win bonus" in summary.features
    assert summary.win == books.cabinet.history(1)[0].win_cents
    settle(books, scene)


@pytest.mark.slow
def test_the_max_win_gets_its_own_celebration_and_the_balance_counts_up_with_it(books):
    scene = open_only(books, "piggy_farm")
    start = books.cabinet.balance
    show = first_over(books, scene, "base", "max_win")
    win = books.cabinet.history(1)[0].win_cents
    assert show.tier == "max" and show.title == "MAX WIN" and win == scene.spec.max_win_x * scene.bet
    assert books.cabinet.balance == start - scene.bet + win               # paid (settled) before it shows
    assert scene.hud.held_cents > 0                                       # but the screen counts it up
    shown = scene.shown_balance - scene.hud.held_cents
    assert shown == start - scene.bet + show.shown
    show.update(30.0)
    settle(books, scene)
    assert scene.hud.held_cents == 0


# -- buys, keys and messages -----------------------------------------------------------------
@pytest.mark.slow
def test_shift_5_6_7_open_piggy_farms_fifth_sixth_and_seventh_buys(books):
    scene = open_only(books, "piggy_farm")
    assert len(scene.buy_modes) == 7
    for k, key in ((4, K.K_5), (5, K.K_6), (6, K.K_7)):
        shift(books, key)
        menu = books.stack.top
        assert isinstance(menu, BuyMenu) and menu.option == k
        rows = dict(menu._rows(k))
        assert rows["Key"] == f"SHIFT+{k + 1}" and "Price" in rows and "RTP" in rows and "Maximum win" in rows
        assert menu._option_card(k).text[0] == scene.buy_modes[k].description != ""
        books.pop(menu)


def test_stopping_autoplay_says_why_in_words(app):
    scene = open_game(app)
    scene.start_autoplay(10)
    scene.on_action("autoplay")
    assert scene.message_text == "Autoplay stopped: STOP pressed"
