"""Issue #36: jurisdiction profiles. `jurisdiction: uk` against each point the UKGC
findings name: config refusals and forced values, autoplay refused in the scene, no
celebration or win sound for a win equal to the stake (one for a win above it), no
turbo, the gamble and buys off, the minimum round time, the loss limit stopping play,
and the operator's SETTINGS page locking the forced rows. Screens are driven with the
toy UI game (tests/ui/toy_game.py) on a real Cabinet."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pygame
import pytest

from cabinet.core import jurisdiction
from cabinet.core import operator_settings as settings
from cabinet.core.cabinet import Cabinet
from cabinet.core.config import load_config
from cabinet.core.schema import ConfigError
from cabinet.ui.app import App, start_scenes
from cabinet.ui.celebration import celebrate, celebrates
from cabinet.ui.clock import ManualClock
from cabinet.ui.celebration import stake_of
from cabinet.ui.presentation import WIN_CUES, Presentation, Step
from cabinet.ui.round_show import show_round
from tests.ui.conftest import click, finish_round, make_app, open_game, press, run, shift
from tests.ui.textcheck import text_problems
from tests.ui.toy_game import TOY

K = pygame

UK = """
data_dir: {data}
math_source: live
demo_tools: true
demo_credit: "100.00"
jurisdiction: uk
sound: {{enabled: true, volume: 0.5}}
rtp_bounds: {{min: 0.4, max: 0.99}}
{extra}
games:
  toyui: {{bet_ladder: ["0.10", "0.20", "0.50", "1.00"], default_bet: "1.00"}}
"""


def uk_config(tmp: Path, extra: str = ""):
    tmp.mkdir(parents=True, exist_ok=True)
    path = tmp / "config.yaml"
    path.write_text(UK.format(data=tmp / "data", extra=extra))
    return load_config(path)


def uk_app(tmp: Path, extra: str = "", seed: int = 7) -> App:
    config = uk_config(tmp, extra)
    app = App(config, Cabinet(config, games={"toyui": TOY}, seed=seed), size=(960, 540), clock=ManualClock())
    start_scenes(app)
    return app


@pytest.fixture
def app(tmp_path):
    application = uk_app(tmp_path)
    yield application
    application.checkpoints.close()
    pygame.display.quit()


def sounds_of(app) -> list[str]:
    played: list[str] = []
    real = app.audio.play
    app.audio.play = lambda name: played.append(name) or real(name)
    return played


# -- config ----------------------------------------------------------------------------
@pytest.mark.parametrize("line, key", [
    ("autoplay_allowed: true", "autoplay_allowed"),
    ("turbo_allowed: true", "turbo_allowed"),
    ("skip_allowed: true", "skip_allowed"),
    ("min_round_seconds: 1.0", "min_round_seconds"),
    ("celebrate_wins_above_stake: false", "celebrate_wins_above_stake"),
    ("protection: {enabled: false}", "protection.enabled"),
    ("protection: {session_clock: false}", "protection.session_clock"),
    ("protection: {loss_limit: null}", "protection.loss_limit"),
    ("buys_allowed: true", "buys_allowed"),
    ("gamble: on_5x", "gamble"),
])
def test_uk_refuses_each_forced_key_set_otherwise_in_one_line(tmp_path, line, key):
    with pytest.raises(ConfigError) as err:
        uk_config(tmp_path, line)
    msg = str(err.value)
    assert (
        "\n" not in msg and msg.startswith(f"{key} = ") and "with jurisdiction: uk (UKGC" in msg and "allowed:" in msg
    )


def test_uk_turbo_refusal_words(tmp_path):
    with pytest.raises(ConfigError, match=r"^turbo_allowed = true is not allowed with jurisdiction: uk \(UKGC: no "
                                          r"turbo\); allowed: false or leave it out$"):
        uk_config(tmp_path, "turbo_allowed: true")


def test_uk_forces_the_values_the_file_leaves_out(tmp_path):
    cfg = uk_config(tmp_path)
    assert (cfg.autoplay_allowed, cfg.turbo_allowed, cfg.skip_allowed, cfg.buys_allowed) == (False,) * 4
    assert cfg.min_round_seconds == 2.5 and cfg.celebrate_wins_above_stake is True and cfg.gamble == "off"
    assert cfg.protection.enabled and cfg.protection.session_clock and cfg.protection.loss_limit == 10000


def test_uk_accepts_the_forced_values_written_and_stricter_ones(tmp_path):
    cfg = uk_config(tmp_path, "turbo_allowed: false\ngamble: \"off\"\nmin_round_seconds: 3.0\n"
                              "protection: {enabled: true, loss_limit: \"50.00\"}")
    assert cfg.min_round_seconds == 3.0 and cfg.protection.loss_limit == 5000


def test_no_profile_keeps_the_defaults(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text(f"data_dir: {tmp_path / 'data'}\n")
    cfg = load_config(path)
    assert cfg.jurisdiction == "none" and cfg.autoplay_allowed and cfg.buys_allowed and cfg.turbo_allowed
    assert cfg.protection.loss_limit is None and cfg.celebrate_wins_above_stake is False
    assert jurisdiction.forces_line(cfg) is None


def test_check_config_line_says_what_uk_forces(tmp_path):
    line = jurisdiction.forces_line(uk_config(tmp_path))
    assert line is not None and "\n" not in line
    assert line.startswith("jurisdiction uk forces: autoplay off, turbo off, slam stop off, rounds at least 2.5 s")
    assert "bonus buys off" in line and "gamble off" in line and "net position shown" in line


def test_an_operator_setting_cannot_break_the_profile(tmp_path):
    cfg = uk_config(tmp_path)
    for key, raw in (("turbo_allowed", True), ("skip_allowed", True), ("protection", False), ("gamble", "on"),
                     ("min_round_seconds", 1.0)):
        with pytest.raises(ConfigError, match="with jurisdiction: uk"):
            settings.check(cfg, key, raw)
    assert settings.check(cfg, "min_round_seconds", 3.0).min_round_seconds == 3.0


def test_the_decision_a_win_equal_to_the_stake_is_not_celebrated(tmp_path):
    cfg = uk_config(tmp_path)
    assert not jurisdiction.celebrates(100, 100, cfg) and jurisdiction.celebrates(101, 100, cfg)
    assert not jurisdiction.celebrates(0, 100, cfg)
    assert jurisdiction.celebrates(50, 100, dataclasses.replace(_Plain(), celebrate_wins_above_stake=False))


@dataclasses.dataclass
class _Plain:
    celebrate_wins_above_stake: bool = False


# -- screens ---------------------------------------------------------------------------
def test_autoplay_is_refused_in_the_scene(app):
    scene = open_game(app)
    played = sounds_of(app)
    shift(app, K.K_a)
    assert app.stack.top is scene and scene.autoplay is None
    assert scene.message_text == "Autoplay is not available here" and "refuse" in played


def _auto_button(scene):
    return next(w for w in scene.widgets if getattr(w, "action", None) == "autoplay")


def test_the_auto_button_is_greyed_out_where_autoplay_is_not_allowed(app, tmp_path):
    scene = open_game(app)
    auto = _auto_button(scene)
    assert not auto.enabled()                                   # drawn greyed, as TURBO is
    click(app, auto.rect.center)
    assert app.stack.top is scene and scene.autoplay is None
    plain = make_app(tmp_path / "none")                         # no profile: AUTO is live and opens its menu
    try:
        game = open_game(plain)
        assert _auto_button(game).enabled()
        click(plain, _auto_button(game).rect.center)
        assert plain.stack.top is not game and plain.stack.top.scene_name == "autoplay_menu"
    finally:
        plain.checkpoints.close()


def _protection_page(app):
    from tests.ui.operator_menu import login, tap, texts_drawn
    menu = login(app)
    tap(app, "tab_settings")
    tap(app, "section_protection")
    return menu.page("settings"), " ".join(texts_drawn(app))


def test_the_protection_settings_show_the_uk_loss_limit_and_never_offer_none(app):
    from tests.ui.operator_menu import tap
    page, shown = _protection_page(app)
    assert "Loss limit" in shown and "$100.00" in shown and "UKGC: a loss limit is set" in shown
    assert app.config.protection.loss_limit == 10000
    for _ in range(12):                                         # < all the way down: the lowest amount, never none
        tap(app, "set_loss_limit_prev")
    assert app.config.protection.loss_limit == 2000
    for _ in range(2):
        tap(app, "set_loss_limit_next")
    assert app.config.protection.loss_limit == 10000
    assert [p for p in text_problems(app, "settings protection uk") if "SESSION" not in p] == []


def test_without_a_profile_the_loss_limit_row_reads_none_and_can_be_set(tmp_path):
    from tests.ui.operator_menu import tap, texts_drawn
    app = make_app(tmp_path)
    try:
        page, shown = _protection_page(app)
        assert "Loss limit" in shown and app.config.protection.loss_limit is None
        tap(app, "set_loss_limit_next")
        assert app.config.protection.loss_limit == 2000 and "$20.00" in " ".join(texts_drawn(app))
        tap(app, "set_loss_limit_prev")
        assert app.config.protection.loss_limit is None
    finally:
        app.checkpoints.close()


def test_turbo_is_refused(app):
    scene = open_game(app)
    shift(app, K.K_t)
    assert app.stack.top is scene and not app.turbo and not app.turbo_allowed


def _first_round(app, scene, want):
    """Play rounds until one whose win satisfies `want`; returns it."""
    for _ in range(80):
        assert scene.play()
        finish_round(app, scene)
        while app.stack.top is not scene:
            press(app, K.K_SPACE)
        if want(scene.last_played):
            return scene.last_played
    raise AssertionError("no such round")


def test_a_round_stays_at_least_2_5_seconds_and_space_does_not_cut_it(app):
    scene = open_game(app)
    assert scene.play()
    press(app, K.K_SPACE)                      # no slam stop
    run(app, 20, 0.1)                          # 2.0 s
    assert scene.busy
    run(app, 10, 0.1)
    assert not scene.busy


def test_no_celebration_or_win_sound_for_a_win_equal_to_the_stake_and_one_above_it(app):
    scene = open_game(app)
    won = _first_round(app, scene, lambda p: p.win_cents > p.cost_cents)     # a line: 2x the stake or more
    # a win above the stake: the end of round plays a win sound (or opens a celebration)
    played = sounds_of(app)
    assert celebrates(app, won)
    if not celebrate(scene, won):
        app.audio.play("win")
    assert {"win", "big_win"} & set(played) or app.stack.top is not scene
    while app.stack.top is not scene:
        press(app, K.K_SPACE)
    # the same round paying exactly its stake: no sound, no overlay, and the recall plays no win cue
    equal = dataclasses.replace(won, win_cents=won.cost_cents)
    played.clear()
    assert not celebrates(app, equal)
    assert celebrate(scene, equal) is True            # dealt with: the caller plays no win sound
    assert app.stack.top is scene and played == []
    recall = show_round(app, equal, celebrate=True)
    assert recall is not None and recall.presentation.quiet
    finish_round(app, recall)
    assert app.stack.top is recall and not {"coin", "win", "big_win"} & set(played)
    assert "reel_stop" in played                       # the rest of the round still sounds


def test_a_quiet_presentation_drops_only_win_cues():
    heard: list[str] = []
    steps = [Step(0.1, sound="reel_stop"), Step(0.1, sound="coin"), Step(0.1, sound="bonus"), Step(0.1, sound="win")]
    Presentation(steps, heard.append, quiet=True).advance(1.0)
    assert heard == ["reel_stop", "bonus"]
    heard.clear()
    Presentation(steps, heard.append).advance(1.0)
    assert heard == ["reel_stop", "coin", "bonus", "win"]


def test_gamble_and_buys_are_off(app):
    assert app.config.gamble == "off" and app.config.buys_allowed is False


def test_protection_shows_the_net_position(app):
    assert app.session.enabled and app.session.show_clock


def test_the_loss_limit_stops_play_with_a_dialog(tmp_path):
    app = uk_app(tmp_path, "protection: {loss_limit: \"3.00\"}", seed=3)
    try:
        scene = open_game(app)
        for _ in range(60):
            if app.stack.top is not scene:
                break
            assert scene.play()
            finish_round(app, scene)
            run(app, 2)
            while app.stack.top.scene_name == "big_win":
                press(app, K.K_SPACE)
        top = app.stack.top
        assert top.scene_name == "loss_limit", top
        assert -app.session.net >= 300 and scene.autoplay is None
        for key in (K.K_SPACE, K.K_ESCAPE, K.K_RETURN):        # nothing closes it but a new session
            press(app, key)
            assert app.stack.top is top
        scene.static_background = False          # textcheck drops every _backdrop (the game's is a method)
        # the session line (app-level, kiosk.Session.draw) is drawn over every scene: checked apart
        assert [p for p in text_problems(app, "loss limit") if "SESSION" not in p] == []
        pygame.image.save(app.render(), str(tmp_path / "loss_limit.png"))
        app.session.new_session("cash_out")
        run(app, 2)
        assert app.stack.top is scene
    finally:
        app.checkpoints.close()
        pygame.display.quit()


def test_the_settings_page_shows_the_profile_and_locks_its_rows(app, tmp_path):
    from tests.ui.operator_menu import login, tap, texts_drawn
    menu = login(app)
    tap(app, "tab_settings")
    page = menu.page("settings")
    shown = " ".join(texts_drawn(app))
    assert "JURISDICTION: UK" in shown and "fixed by jurisdiction: uk (UKGC: no turbo)" in shown
    before = app.config.turbo_allowed
    assert not any(
        getattr(w, "action", None) == "set_turbo_allowed_next" and w.enabled() for w in app.stack.top.widgets
    )
    page.on_action("set_turbo_allowed_next")
    assert app.config.turbo_allowed == before is False
    assert [p for p in text_problems(app, "settings uk") if "SESSION" not in p] == []
    pygame.image.save(app.render(), str(tmp_path / "settings_uk.png"))


def test_uk_offers_no_bonus_buy_and_check_config_says_what_it_forces(tmp_path):
    cfg = uk_config(tmp_path)
    cab = Cabinet(cfg, games={"toyui": TOY}, seed=3)
    try:
        assert "toyui" in cab.games
        kinds = {TOY.mode(m).kind for m in cab.games["toyui"].modes}
        assert kinds == {"spin"} and {m.id for m in TOY.modes if m.kind == "buy"}   # the toy has buys; none offered
    finally:
        cab.close()
    import main
    (tmp_path / "cc").mkdir()
    (tmp_path / "cc" / "config.yaml").write_text(f"jurisdiction: uk\ndata_dir: {tmp_path / 'cc' / 'data'}\n")
    out = main.check_config(str(tmp_path / "cc" / "config.yaml"))
    assert out.splitlines()[-1] == jurisdiction.forces_line(load_config(tmp_path / "cc" / "config.yaml"))


def test_a_round_winning_no_more_than_its_stake_is_presented_without_a_win_cue(tmp_path):
    """GameScene.begin decides the presentation's quiet once: a winning round of the
    seeded toy, shown (in recall: no money moves) as it is and with its win set to its
    stake: the first plays its win cues, the second none."""
    app = uk_app(tmp_path)
    try:
        scene = open_game(app)
        sounds: list[str] = []
        app.audio.play = lambda name, *a, **k: sounds.append(name)
        for _ in range(40):
            assert scene.play()
            played = scene.played
            while scene.busy:
                app.step(1 / 30)
            if played.win_cents > stake_of(played):
                break
        else:
            raise AssertionError("the seeded toy gave no win above its stake in 40 rounds")
        for win, quiet in ((played.win_cents, False), (stake_of(played), True)):
            sounds.clear()
            scene.begin(dataclasses.replace(played, win_cents=win), recall=True)
            assert scene.presentation.quiet is quiet
            while scene.busy:
                app.step(1 / 30)
            assert bool(WIN_CUES & set(sounds)) is not quiet, (win, sounds)
    finally:
        app.checkpoints.close()
        pygame.display.quit()


# -- issue 36 gap 7: the UK profile's points as behaviour on screen -----------------------
def _session_net(app) -> int:
    return sum(r.win_cents - r.cost_cents for r in app.cabinet.history(100))


def test_uk_shows_the_net_position_on_screen_after_every_round(app):
    """The session clock and the NET figure are drawn over the game, and NET is what
    the rounds of this session won minus what they cost (a deposit does not count)."""
    from tests.ui.operator_menu import texts_drawn
    scene = open_game(app)
    cur = app.cabinet.currency
    for _ in range(4):
        assert scene.play()
        finish_round(app, scene)
        run(app, 2)
        while app.stack.top is not scene:
            press(app, K.K_SPACE)
        said = " | ".join(texts_drawn(app))
        assert "SESSION " in said and f"NET {cur.format(_session_net(app))}" in said, said
    app.cabinet.ledger.deposit(500)                       # money in is not a win
    said = " | ".join(texts_drawn(app))
    assert f"NET {cur.format(_session_net(app))}" in said


def test_uk_reality_check_interrupts_every_interval_with_the_time_and_the_net_position(app):
    from tests.ui.operator_menu import texts_drawn
    scene = open_game(app)
    assert scene.play()
    finish_round(app, scene)
    while app.stack.top is not scene:
        press(app, K.K_SPACE)
    cur, every = app.cabinet.currency, app.config.protection.reality_check_minutes
    run(app, every - 1, 60.0)                             # a minute short of the interval: nothing yet
    assert app.stack.top is scene
    run(app, 2, 60.0)
    check = app.stack.top
    assert check.scene_name == "reality_check", check
    said = " | ".join(texts_drawn(app))
    assert f"You have been playing for {every} minutes." in said
    assert f"Net position this session: {cur.format(_session_net(app))}" in said
    assert text_problems(app, "reality check") == []      # the session clock over the dialog, clear of it
    rounds = len(app.cabinet.history(100))
    press(app, K.K_SPACE)                                 # SPACE does not play past it
    assert app.stack.top is check and len(app.cabinet.history(100)) == rounds
    press(app, K.K_RETURN)                                # ENTER is CONTINUE
    assert app.stack.top is scene
    run(app, every + 1, 60.0)                             # and again after the next interval
    assert app.stack.top.scene_name == "reality_check"
    assert f"playing for {2 * every} minutes" in " | ".join(texts_drawn(app))


def test_uk_refuses_the_buys_on_screen_and_in_the_cabinet(app):
    from cabinet.core.round_commit import BetRefused
    scene = open_game(app)
    before = app.cabinet.balance
    assert not any(getattr(w, "action", "") == "buy_menu" for w in scene.widgets)      # no BUY button
    for key in (K.K_b, K.K_f, K.K_1, K.K_2):              # SHIFT+B / F, SHIFT+1 / 2: nothing opens
        shift(app, key)
        assert app.stack.top is scene, (key, app.stack.top)
    assert not scene.buy_modes
    with pytest.raises(BetRefused):
        app.cabinet.start_round("toyui", "buy_bonus", 100)
    assert app.cabinet.balance == before and not app.cabinet.history(5)


def test_uk_offers_no_gamble_after_a_win_in_happy_money_hens(tmp_path):
    """Happy Money Hens under `jurisdiction: uk` (the file says nothing of the gamble):
    a win goes straight to the credit, no gamble screen opens and none is recorded."""
    from games.happy_money_hens import GAME
    from games.happy_money_hens.view.gamble_scene import GambleScene
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "config.yaml").write_text(
        f"data_dir: {tmp_path / 'data'}\nmath_source: live\ndemo_tools: true\ndemo_credit: \"1000.00\"\n"
        "jurisdiction: uk\nsound: {enabled: false}\n")
    config = load_config(tmp_path / "config.yaml")
    assert config.gamble == "off"
    hens = App(config, Cabinet(config, games={GAME.id: GAME}, seed=3), size=(960, 540), clock=ManualClock())
    try:
        start_scenes(hens)
        scene = hens.open_game(GAME.id)
        run(hens, 2)
        for _ in range(3):
            before = hens.cabinet.balance
            scene.force_next = "win:big"
            assert scene.play(), scene.message_text
            for _ in range(600):
                press(hens, K.K_SPACE, frames=5)            # skip, START a bonus, close a celebration
                if isinstance(hens.stack.top, GambleScene) or (not scene.busy and hens.stack.top is scene):
                    break
            assert not isinstance(hens.stack.top, GambleScene) and hens.stack.find(GambleScene) is None
            rec = hens.cabinet.history(1)[0]
            assert rec.win_cents > rec.cost_cents
            assert hens.cabinet.balance == before - rec.cost_cents + rec.win_cents
            assert not hens.cabinet.side_draws_of(rec.id)
    finally:
        hens.checkpoints.close()
        pygame.display.quit()


def test_with_uk_buys_off_the_buy_price_cap_is_not_offered_as_a_choice(app):
    """The profile turns bonus buys off: the settings page says so on the cap's row
    and its arrows change nothing (there is no buy price left to cap)."""
    from tests.ui.operator_menu import login, tap, texts_drawn
    login(app)
    tap(app, "tab_settings")
    tap(app, "section_cabinet")
    shown = " ".join(texts_drawn(app))
    assert "Highest price of a buy" in shown and "no bonus buys, so no buy price to cap" in shown
    before = app.config.max_buy_cost
    tap(app, "set_max_buy_cost_next")
    assert app.config.max_buy_cost == before
