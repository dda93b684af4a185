"""Buy menu, autoplay, info pages, turbo and sound, driven by real key and mouse events."""
from __future__ import annotations

import pygame

from cabinet.ui.autoplay import AutoplayMenu
from cabinet.ui.buy_menu import BuyMenu
from cabinet.ui.game_scene import GameScene
from cabinet.ui.info import InfoScene
from tests.ui.conftest import click, make_app, press, run, shift

K = pygame


def open_game(app) -> GameScene:
    press(app, K.K_RETURN)
    assert isinstance(app.stack.top, GameScene)
    return app.stack.top


def settle(app, scene, limit=60.0):
    t = 0.0
    while (scene.busy or app.stack.top is not scene) and t < limit:
        if app.stack.top is not scene:
            press(app, K.K_SPACE)          # close a celebration
        run(app, 1, 0.1)
        t += 0.1


def test_shift_2_goes_straight_to_the_second_buy_and_shift_enter_buys_it(app):
    scene = open_game(app)
    shift(app, K.K_2)
    menu = app.stack.top
    assert isinstance(menu, BuyMenu) and menu.option == 1
    shift(app, K.K_RIGHT)
    assert menu.option == 0                # wraps between the two options
    shift(app, K.K_LEFT)
    assert menu.option == 1
    before = app.cabinet.balance
    press(app, K.K_RETURN, K.KMOD_RSHIFT)
    assert app.stack.top is scene and scene.played.mode == "buy_big"
    assert before - app.cabinet.balance == 4000
    played = scene.played
    settle(app, scene)
    assert app.cabinet.balance == before - 4000 + played.win_cents


def test_buy_menu_lists_every_option_and_a_click_confirms(app):
    scene = open_game(app)
    shift(app, K.K_b)
    menu = app.stack.top
    assert isinstance(menu, BuyMenu) and menu.option is None
    assert [m.id for m in menu.options] == ["buy_bonus", "buy_big"]
    assert [menu.price(i) for i in range(2)] == [2000, 4000]
    click(app, pygame.Rect(menu._card(0)).center)
    assert menu.option == 0
    assert "Coin Bonus" in {t for t, *_ in menu.laid()[0].texts} or any(
        "COIN BONUS" in t for t, *_ in menu.laid()[0].texts)
    click(app, (1140, 840))                # the BUY button
    assert scene.played is not None and scene.played.mode == "buy_bonus"


def test_a_buy_the_balance_cannot_cover_is_refused_clearly_and_nothing_is_debited(tmp_path):
    app = make_app(tmp_path, credit="30.00")
    open_game(app)
    shift(app, K.K_2)
    press(app, K.K_RETURN, K.KMOD_LSHIFT)
    menu = app.stack.top
    assert isinstance(menu, BuyMenu) and "Not enough credit" in menu.refusal
    assert app.cabinet.balance == 3000
    press(app, K.K_ESCAPE)
    assert isinstance(app.stack.top, GameScene)


def test_autoplay_runs_the_chosen_rounds_shows_what_is_left_and_shift_a_stops_it(app):
    scene = open_game(app)
    shift(app, K.K_a)
    menu = app.stack.top
    assert isinstance(menu, AutoplayMenu) and menu.rounds == 10
    shift(app, K.K_RIGHT)
    shift(app, K.K_RIGHT)
    shift(app, K.K_LEFT)
    assert menu.rounds == 25
    menu.stop_on_bonus = False
    press(app, K.K_SPACE)                   # SPACE starts autoplay when its menu is open
    assert scene.autoplay is not None and scene.autoplay.left == 25
    played = 0
    for _ in range(3000):
        run(app, 1, 0.1)
        if app.stack.top is not scene:
            press(app, K.K_SPACE)
        if scene.autoplay and scene.autoplay.left <= 22:
            break
    assert scene.autoplay.left <= 22
    shift(app, K.K_a)
    assert scene.autoplay is None
    rounds = len(app.cabinet.history(100))
    settle(app, scene)
    run(app, 30, 0.1)
    played = len(app.cabinet.history(100))
    assert played - rounds <= 1 and not scene.busy


def test_autoplay_stops_before_the_loss_limit_would_be_exceeded(tmp_path):
    app = make_app(tmp_path, credit="1000.00")
    scene = open_game(app)
    scene.start_autoplay(1000, loss_limit=500, stop_on_bonus=False)
    start = app.cabinet.balance
    for _ in range(20000):
        run(app, 1, 0.2)
        if app.stack.top is not scene:
            press(app, K.K_SPACE)
        if scene.autoplay is None and not scene.busy:
            break
    assert scene.autoplay is None and "loss limit" in scene.message_text
    lost = start - app.cabinet.balance
    assert lost <= 500 < lost + scene.bet     # stopped exactly when one more round could exceed it


def test_autoplay_single_win_limit_stops_after_a_win_that_reaches_it(app):
    scene = open_game(app)
    scene.start_autoplay(1000, single_win_limit=1, stop_on_bonus=False)
    for _ in range(20000):
        run(app, 1, 0.2)
        if app.stack.top is not scene:
            press(app, K.K_SPACE)
        if scene.autoplay is None and not scene.busy:
            break
    last = app.cabinet.history(1)[0]
    assert scene.autoplay is None and last.win_cents >= 1


def test_info_pages_open_turn_by_key_and_tab_and_close(app):
    open_game(app)
    shift(app, K.K_g)
    info = app.stack.top
    assert isinstance(info, InfoScene) and info.page == 0
    tabs = [p.tab for p in info.pages]
    assert tabs == ["Rules", "Bets", "Keys"]           # Toy Reels has no rules pages of its own: its help text
    press(app, K.K_RIGHT)
    assert info.page == 1
    texts = [t for t, *_ in info.laid(1).texts]
    assert "$1.00 (1x)" in texts and "$20.00 (20x)" in texts      # prices at the $1.00 bet, from the modes
    click(app, (info.widgets[3 + 2].rect.center))      # the KEYS tab
    assert info.page == 2
    press(app, K.K_BACKSPACE)
    assert isinstance(app.stack.top, GameScene)


def test_sound_and_music_toggle_with_shift_s_and_shift_m_silently_without_a_device(app):
    open_game(app)
    on = app.audio.sound_on
    shift(app, K.K_s)
    assert app.audio.sound_on is not on and "Sound" in app.toast_text
    music = app.audio.music_on
    shift(app, K.K_m)
    assert app.audio.music_on is not music
    app.audio.play("win")                  # never raises, device or not


def test_audio_without_a_mixer_is_silent_and_error_free(monkeypatch):
    from cabinet.ui import audio as audio_mod

    def broken(*a, **k):
        raise pygame.error("No available audio device")
    monkeypatch.setattr(audio_mod.pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(audio_mod.pygame.mixer, "init", broken)
    silent = audio_mod.Audio()
    assert not silent.available
    silent.play("win")
    silent.start_music()
    silent.toggle_music()
    silent.toggle_music()


def test_the_lobby_theme_loads_in_the_background_and_starts_when_ready():
    import time

    from cabinet.ui.audio import Audio
    audio = Audio()
    if not audio.available:
        return                              # no mixer at all here: covered by the silent test
    audio.start_music()
    deadline = time.monotonic() + 60            # a busy machine may take a while
    while audio.playing_track is None and time.monotonic() < deadline:
        audio.poll()
        time.sleep(0.01)
    assert audio.playing_track == "music.lobby"
    audio.toggle_music()
    assert audio.playing_track is None
    audio.stop_music()


def test_shift_enter_starts_autoplay_when_its_menu_is_open_and_stop_button_ends_it(app):
    scene = open_game(app)
    click(app, (1465, 1020))                 # the AUTO button
    assert isinstance(app.stack.top, AutoplayMenu)
    press(app, K.K_RETURN, K.KMOD_LSHIFT)
    assert scene.autoplay is not None and scene.autoplay.left == 10
    run(app, 2)
    assert scene.busy                        # the first round started on its own
    click(app, (1465, 1020))                 # now labelled STOP
    assert scene.autoplay is None


def test_bet_changes_in_the_buy_menu_reprice_every_option(app):
    scene = open_game(app)
    shift(app, K.K_b)
    menu = app.stack.top
    shift(app, K.K_DOWN)
    assert scene.bet == 50 and [menu.price(i) for i in range(2)] == [1000, 2000]
