"""Play under `jurisdiction: uk` on screen (UKGC findings, issue #36), the toy UI game
on a real Cabinet: autoplay refused (its AUTO button greyed out), no turbo, a round
lasting at least 2.5 s that SPACE does not cut, no celebration or win sound for a win
equal to the stake (one for a win above it), the gamble and buys off (no BUY, refused
by the cabinet too) and no gamble after a win in Happy Money Hens."""
from __future__ import annotations

import dataclasses

import pygame
import pytest

from cabinet.core.cabinet import Cabinet
from cabinet.core.config import load_config
from cabinet.ui.app import App, start_scenes
from cabinet.ui.celebration import celebrate, celebrates
from cabinet.ui.clock import ManualClock
from cabinet.ui.celebration import stake_of
from cabinet.ui.presentation import WIN_CUES, Presentation, Step
from cabinet.ui.round_show import show_round
from tests.core.uk_profile import uk_app, uk_app_fixture
from tests.ui.conftest import click, finish_round, make_app, open_game, press, run, shift

K = pygame
app = uk_app_fixture()


def sounds_of(app) -> list[str]:
    played: list[str] = []
    real = app.audio.play
    app.audio.play = lambda name: played.append(name) or real(name)
    return played


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


def test_turbo_is_refused(app):
    scene = open_game(app)
    shift(app, K.K_t)
    assert app.stack.top is scene and not app.turbo and not app.turbo_allowed


def test_a_round_stays_at_least_2_5_seconds_and_space_does_not_cut_it(app):
    scene = open_game(app)
    assert scene.play()
    press(app, K.K_SPACE)                      # no slam stop
    run(app, 20, 0.1)                          # 2.0 s
    assert scene.busy
    run(app, 10, 0.1)
    assert not scene.busy


# -- a win no more than the stake: no celebration, no win cue ---------------------------
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


# -- the gamble and buys off ------------------------------------------------------------
def test_gamble_and_buys_are_off(app):
    assert app.config.gamble == "off" and app.config.buys_allowed is False


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
