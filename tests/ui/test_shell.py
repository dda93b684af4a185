"""The cabinet shell driven by real pygame events: input map, scene stack, lobby, rounds."""
from __future__ import annotations

import pygame
import pytest

from cabinet.ui.celebration import big_win_tier
from cabinet.ui.game_scene import GameScene
from cabinet.ui.input import InputMap, parse_spec
from cabinet.ui.layout import Layout
from cabinet.ui.lobby import Lobby
from cabinet.ui.presentation import Presentation, Step
from cabinet.ui.hud import HudScene
from cabinet.ui.scene import Host, Scene, SceneStack
from tests.ui.conftest import finish_round, make_app, open_game, press, run, run_seconds, shift

K = pygame


def key_event(key, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod)


# -- input map ------------------------------------------------------------------------

def test_shift_specs_match_with_num_lock_and_plain_keys_do_not_match_shifted():
    imap = InputMap()
    assert "buy_1" in imap.actions(key_event(K.K_1, K.KMOD_LSHIFT | K.KMOD_NUM | K.KMOD_CAPS))
    assert imap.actions(key_event(K.K_1)) == ()
    assert "spin" in imap.actions(key_event(K.K_SPACE))
    assert "spin" not in imap.actions(key_event(K.K_SPACE, K.KMOD_RSHIFT))
    assert "confirm" in imap.actions(key_event(K.K_RETURN, K.KMOD_LSHIFT))
    assert "confirm" in imap.actions(key_event(K.K_KP_ENTER, K.KMOD_LSHIFT))
    assert "confirm" not in imap.actions(key_event(K.K_RETURN))


def test_every_sheet_shortcut_has_its_action():
    imap = InputMap()
    sheet = {(K.K_s, 1): "sound", (K.K_m, 1): "music", (K.K_i, 1): "info", (K.K_g, 1): "info",
             (K.K_p, 1): "paytable", (K.K_UP, 1): "bet_up", (K.K_DOWN, 1): "bet_down",
             (K.K_ESCAPE, 0): "close", (K.K_BACKSPACE, 0): "close", (K.K_t, 1): "turbo",
             (K.K_b, 1): "buy_menu", (K.K_f, 1): "buy_menu", (K.K_LEFT, 1): "prev", (K.K_RIGHT, 1): "next",
             (K.K_2, 1): "buy_2", (K.K_3, 1): "buy_3", (K.K_4, 1): "buy_4", (K.K_a, 1): "autoplay"}
    for (key, shifted), action in sheet.items():
        assert action in imap.actions(key_event(key, K.KMOD_LSHIFT if shifted else 0)), action


def test_rebinding_from_config_replaces_the_default():
    imap = InputMap({"spin": ["return"]})
    assert "spin" in imap.actions(key_event(K.K_RETURN))
    assert "spin" not in imap.actions(key_event(K.K_SPACE))
    assert parse_spec("ctrl+shift+o").mods == K.KMOD_CTRL | K.KMOD_SHIFT


# -- layout, stack, presentation ----------------------------------------------------

def test_layout_maps_logical_to_real_and_back_with_letterbox():
    lay = Layout((1280, 1024))             # 5:4 window: bars above and below
    assert lay.scale == pytest.approx(1280 / 1920)
    assert lay.pt(0, 0) == (0, lay.oy) and lay.oy > 0
    x, y = lay.to_logical(lay.pt(960, 540))
    assert abs(x - 960) < 2 and abs(y - 540) < 2


class Probe(Scene):
    def __init__(self, app, name, log, opaque=True, modal=True, eats=()):
        super().__init__(app)
        self.name, self.log, self.opaque, self.modal, self.eats = name, log, opaque, modal, eats

    def on_action(self, action):
        self.log.append((self.name, action))
        return action in self.eats

    def draw(self, surface):
        self.log.append((self.name, "draw"))


def test_top_scene_gets_events_first_and_may_pass_them_down_and_opaque_hides_below():
    log: list = []
    stack = SceneStack()
    bottom = stack.push(Probe(None, "bottom", log, eats=("spin",)))
    stack.push(Probe(None, "overlay", log, opaque=False, modal=False))
    assert stack.dispatch(key_event(K.K_SPACE), ("spin",))
    assert log == [("overlay", "spin"), ("bottom", "spin")]
    log.clear()
    stack.draw(None)
    assert log == [("bottom", "draw"), ("overlay", "draw")]
    log.clear()
    stack.push(Probe(None, "page", log))
    stack.draw(None)
    assert log == [("page", "draw")]
    assert stack.dispatch(key_event(K.K_SPACE), ("spin",))       # modal: not passed down
    assert ("bottom", "spin") not in log
    stack.pop()
    stack.replace(Probe(None, "other", log))
    assert stack.scenes[0] is bottom and stack.top.name == "other"


def test_presentation_skip_and_fast_forward_run_each_hook_once_in_order():
    log: list = []
    steps = [Step(1.0, start=lambda i=i: log.append(("start", i)), end=lambda i=i: log.append(("end", i)))
             for i in range(3)]
    pres = Presentation(steps)
    assert pres.advance(0.5) == []
    assert pres.advance(0.6) == [1]
    pres.skip_to_end()
    assert pres.done
    assert log == [("start", 0), ("end", 0), ("start", 1), ("end", 1), ("start", 2), ("end", 2)]


def test_big_win_tiers_use_the_base_bet_and_never_fire_when_win_is_not_above_stake():
    class Cfg:
        class big_win:
            big, mega, epic = 15, 30, 60
    assert big_win_tier(1400, 100, 100, Cfg) is None
    assert big_win_tier(1500, 100, 100, Cfg) == "big"
    assert big_win_tier(3000, 100, 100, Cfg) == "mega"
    assert big_win_tier(6000, 100, 100, Cfg) == "epic"
    assert big_win_tier(6000, 100, 10000, Cfg) is None       # a 60x win on a 100x buy
    assert big_win_tier(100, 100, 100, Cfg) is None


# -- lobby and game through real events ------------------------------------------

def test_lobby_enter_opens_the_game_and_escape_returns_then_quits(app):
    run(app, 2)
    assert isinstance(app.stack.top, Lobby)
    press(app, K.K_RETURN)
    assert isinstance(app.stack.top, GameScene)
    press(app, K.K_ESCAPE)
    assert isinstance(app.stack.top, Lobby) and app.running
    press(app, K.K_BACKSPACE)
    assert not app.running


def test_the_app_and_a_game_scene_have_the_faces_lower_modules_type_against(app):
    """scene.Host and hud.HudScene stand for App and GameScene below them (no import
    back up): every member they name is there."""
    for face in (Host, HudScene):
        assert not isinstance(object(), face)
    assert isinstance(app, Host)
    assert isinstance(open_game(app), HudScene)


def test_kiosk_escape_and_window_close_do_not_quit(tmp_path):
    app = make_app(tmp_path)
    app.kiosk = True
    press(app, K.K_ESCAPE)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    run(app, 1)
    assert app.running


def test_spin_debits_the_stake_then_credits_exactly_the_round_win(app):
    scene = open_game(app)
    cab = app.cabinet
    for _ in range(12):
        before = cab.balance
        press(app, K.K_SPACE)
        played = scene.played
        assert played is not None and cab.balance == before - played.cost_cents == before - scene.bet
        finish_round(app, scene)
        assert cab.balance == before - played.cost_cents + played.win_cents
        assert scene.last_win == played.win_cents
        while app.stack.top is not scene:     # a celebration may be up
            press(app, K.K_SPACE)
    assert cab.audit()[0]
    assert [r.state for r in cab.history(12)] == ["settled"] * 12


def test_space_during_a_presentation_skips_to_its_end_and_settles(app):
    scene = open_game(app)
    press(app, K.K_SPACE)
    played = scene.played
    pres = scene.presentation
    assert not pres.done
    press(app, K.K_SPACE)
    assert pres.done and not scene.busy
    rec = app.cabinet.ledger.round(played.round_id)
    assert rec.state == "settled" and rec.balance_after == rec.balance_before - played.cost_cents + played.win_cents


def test_bet_moves_along_the_ladder_with_shift_up_down_and_not_during_a_round(app):
    scene = open_game(app)
    assert scene.bet == 100
    shift(app, K.K_DOWN)
    shift(app, K.K_DOWN)
    assert scene.bet == 20
    for _ in range(6):
        shift(app, K.K_UP)
    assert scene.bet == 100                    # top of this ladder
    shift(app, K.K_DOWN)
    press(app, K.K_SPACE)
    shift(app, K.K_UP)
    assert scene.bet == 50 and scene.played.bet_cents == 50


def test_a_bet_that_cannot_be_placed_says_so_and_changes_nothing(tmp_path):
    app = make_app(tmp_path, credit="0.50")
    scene = open_game(app)
    press(app, K.K_SPACE)
    assert not scene.busy and app.cabinet.balance == 50
    assert "Not enough credit" in scene.message_text
    shift(app, K.K_DOWN)
    press(app, K.K_SPACE)
    assert scene.busy and app.cabinet.balance == 0


def test_escape_leaves_the_game_only_when_no_round_is_in_progress(app):
    scene = open_game(app)
    press(app, K.K_SPACE)
    press(app, K.K_ESCAPE)
    assert app.stack.top is scene and "Finish the round" in scene.message_text
    finish_round(app, scene)
    while app.stack.top is not scene:
        press(app, K.K_SPACE)
    press(app, K.K_ESCAPE)
    assert isinstance(app.stack.top, Lobby)


def test_a_restart_resumes_the_open_round_from_its_checkpoint_and_pays_it_once(tmp_path):
    app = make_app(tmp_path)
    scene = open_game(app)
    press(app, K.K_SPACE)
    played = scene.played
    run(app, 40, 1 / 60)                       # part of the way: some steps checkpointed
    app.checkpoints.flush()
    rec = app.cabinet.ledger.round(played.round_id)
    assert rec.state == "open" and 0 < rec.checkpoint < len(scene.presentation.steps)
    balance_open = app.cabinet.balance
    app.checkpoints.close()
    app.cabinet.ledger.close()
    pygame.display.quit()
    # "Restart": a new cabinet and app on the same data directory.
    app2 = make_app(tmp_path)
    scene2 = app2.stack.top
    assert isinstance(scene2, GameScene) and scene2.played.round_id == played.round_id
    assert scene2.presentation.index == rec.checkpoint
    finish_round(app2, scene2)
    assert app2.cabinet.balance == balance_open + played.win_cents
    assert app2.cabinet.audit()[0]
    assert app2.cabinet.open_round() is None


def test_min_round_seconds_holds_the_round_even_when_skipped(tmp_path):
    app = make_app(tmp_path, min_round=2.5)
    scene = open_game(app)
    press(app, K.K_SPACE)
    press(app, K.K_SPACE)                      # skip: the presentation is done...
    run_seconds(app, 2.0)
    assert scene.busy                          # ...but the round stays on screen
    run_seconds(app, 0.7)
    assert not scene.busy


def test_skip_forbidden_by_config_leaves_the_presentation_running(tmp_path):
    app = make_app(tmp_path, skip=False, turbo=False)
    scene = open_game(app)
    press(app, K.K_SPACE)
    press(app, K.K_SPACE)
    assert scene.busy and scene.presentation.index < len(scene.presentation.steps)
    shift(app, K.K_t)
    assert not app.turbo and "not available" in app.toast_text


def test_turbo_runs_the_presentation_faster(tmp_path):
    def duration(turbo: bool) -> float:
        app = make_app(tmp_path / str(turbo))
        scene = open_game(app)
        if turbo:
            shift(app, K.K_t)
            assert app.turbo
        press(app, K.K_SPACE)
        total = scene.presentation.total_duration
        t = 0.0
        while scene.busy:
            run(app, 1, 0.05)
            t += 0.05
        pygame.display.quit()
        return t / total
    assert duration(True) < 0.5 * duration(False)


def test_ante_button_click_switches_the_spin_mode_and_its_price(app):
    from tests.ui.conftest import click
    scene = open_game(app)
    click(app, (119, 640))
    assert scene.mode_id == "ante"
    before = app.cabinet.balance
    press(app, K.K_SPACE)
    assert before - app.cabinet.balance == 125 and scene.played.mode == "ante"


def test_spin_button_click_starts_a_round(app):
    from tests.ui.conftest import click
    scene = open_game(app)
    click(app, (1670, 1015))
    assert scene.busy


def test_f12_saves_a_screenshot_and_f11_never_crashes(app):
    run(app, 1)
    press(app, K.K_F12)
    shots = list((app.data_dir / "screenshots").glob("*.png"))
    assert len(shots) == 1 and shots[0].stat().st_size > 1000
    press(app, K.K_F11)
    press(app, K.K_RETURN, K.KMOD_LALT)
    run(app, 2)
    assert app.running
