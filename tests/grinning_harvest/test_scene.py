"""Grinning Harvest on screen, driven by real pygame events (SPACE, clicks, SHIFT+keys)
on a ManualClock: the balance moves by exactly each round's payout and the scene's
state shows what the round's events say."""
from __future__ import annotations

import pygame
import pytest

from cabinet.ui.buy_menu import BuyMenu
from games.grinning_harvest import GAME
from games.grinning_harvest.view.scene import GrinningHarvestScene
from tests.ui.conftest import check_paid, events, force_next, game_app, open_game, pixel, play_out, press, run, shift

K = pygame


def test_a_base_round_stops_reel_by_reel_shows_the_board_and_pays_its_payout(app):
    scene = open_game(app)
    before = app.cabinet.balance
    press(app, K.K_SPACE)
    played = scene.played
    assert app.cabinet.balance == before - 100
    run(app, 1, scene.SPIN_TIME + 0.05)                    # past the spin: reel 1 lands first
    assert scene.reels.state(0) in ("landing", "stopped")
    assert scene.reels.state(2) == "spinning"
    play_out(app, scene, dt=1 / 30)
    stops = events(played, "reel_stop")
    for ev in stops:
        assert scene.reels.reels[ev["reel"]].column == ev["symbols"]
    shown = {(p["row"], ev["reel"]): (p["label"], p["value_x100"]) for ev in stops for p in ev["pumpkins"]}
    assert scene.pumpkins == shown
    assert [w["line"] for w in scene.win_lines] == [w["line"] for w in events(played, "line_win")]
    check_paid(app, before, played)


def test_a_vault_collects_every_pumpkin_on_its_own_and_the_win_is_paid(app):
    scene = open_game(app)
    for _ in range(400):                                   # natural rounds until a base collect
        before = app.cabinet.balance
        press(app, K.K_SPACE)
        played = scene.played
        press(app, K.K_SPACE)                              # skip to the end
        play_out(app, scene)
        if "collect" in played.round.features and "bonus" not in played.round.features:
            break
    else:
        pytest.fail("no collect in 400 rounds")
    collects = events(played, "collect")
    for ev in collects:
        assert scene.vault_values[tuple(ev["vault"])] == ev["vault_value_x100"]
        assert ev["amount_x100"] == sum(p["value_x100"] for p in ev["pumpkins"])
    assert len(collects) == sum(s.count("vault") for s in (e["symbols"] for e in events(played, "reel_stop")))
    assert not scene.is_bonus(played)                         # autoplay's stop-on-bonus ignores collects
    check_paid(app, before, played)


def test_a_forced_grand_jackpot_lights_the_grand_plaque_and_pays(app):
    scene = open_game(app)
    force_next(app, "jackpot_grand")
    before = app.cabinet.balance
    press(app, K.K_SPACE)
    played = scene.played
    assert "jackpot_grand" in played.round.features
    pres = scene.presentation
    while pres.current is None or pres.current.label != "jackpot":
        run(app, 1, 1 / 30)
    run(app, 1, 0.2)
    assert scene.banner[0] == "GRAND JACKPOT" and scene.jackpot_hit == "grand"
    play_out(app, scene)
    check_paid(app, before, played)


def state(scene) -> dict:
    return {"items": {c: dict(it) for c, it in scene.items.items()}, "vaults": dict(scene.vault_values),
            "lives": scene.lives, "total": scene.bonus_total_x100, "in_bonus": scene.in_bonus,
            "row": list(scene.row_items or []), "collected": set(scene.collected)}


@pytest.mark.slow
def test_a_forced_bonus_carries_over_collects_first_and_ends_on_its_events(app):
    scene = open_game(app)
    head_base = pixel(app, (960, 200))
    force_next(app, "bonus")
    before = app.cabinet.balance
    press(app, K.K_SPACE)
    played = scene.played
    trig = events(played, "bonus_trigger")[0]
    pres = scene.presentation
    first = next(i for i, s in enumerate(pres.steps) if s.label == "vault collects")
    while pres.index <= first:                                # through the carry-over collect
        run(app, 1, 1 / 30)
    assert scene.in_bonus
    carried = {tuple(p["cell"]) for p in trig["pumpkins"]}
    assert carried <= set(scene.items) and carried <= scene.collected
    start = [e for e in events(played, "collect") if e["phase"] == "bonus_start"]
    for ev in start:
        assert scene.vault_values[tuple(ev["vault"])] == ev["vault_value_x100"]
    assert scene.lives == 3
    head_bonus = pixel(app, (960, 178))                       # the Big Pumpkin became the Big Skull
    assert head_base[0] > head_base[2] + 80 and min(head_bonus) > 150
    play_out(app, scene, dt=1 / 20)
    end = events(played, "bonus_end")[0]
    assert scene.bonus_total_x100 == end["total_x100"]
    assert scene.lives == events(played, "counter")[-1]["lives"]
    spins = events(played, "bonus_spin")
    assert scene.row_items == spins[-1]["row"]
    assert sum(1 for it in scene.items.values() if it["kind"] == "vault") == end["vaults"]
    assert scene.is_bonus(played)
    check_paid(app, before, played)


@pytest.mark.slow
def test_skipping_ends_on_the_same_picture_as_watching(app):
    scene = open_game(app)
    force_next(app, "great_skull")
    press(app, K.K_SPACE)
    watched_round = scene.played
    play_out(app, scene, dt=1 / 20)
    watched = state(scene)
    # Replay the same round, skipped at once: the hooks set state, so the picture matches.
    scene.begin(watched_round, recall=True)
    press(app, K.K_SPACE)
    assert state(scene) == watched


@pytest.mark.slow
def test_a_restart_mid_bonus_resumes_on_the_right_picture_and_pays_once(tmp_path):
    app = game_app(tmp_path, GAME, seed=11)
    scene = open_game(app)
    force_next(app, "bonus")
    press(app, K.K_SPACE)
    played = scene.played
    pres = scene.presentation
    first_spin = next(i for i, s in enumerate(pres.steps) if s.label.startswith("bonus spin"))
    while pres.index <= first_spin + 1:
        run(app, 1, 1 / 30)
    app.checkpoints.flush()
    balance_open = app.cabinet.balance
    app.checkpoints.close()
    app.cabinet.ledger.close()
    pygame.display.quit()
    app2 = game_app(tmp_path, GAME, seed=11)                                  # "restart" on the same ledger
    scene2 = app2.stack.top
    assert isinstance(scene2, GrinningHarvestScene) and scene2.played.round_id == played.round_id
    assert scene2.in_bonus and scene2.presentation.index > first_spin
    play_out(app2, scene2, dt=1 / 20)
    assert app2.cabinet.balance == balance_open + played.win_cents
    resumed = state(scene2)
    scene2.begin(played, recall=True)                          # the same round, skipped at once
    press(app2, K.K_SPACE)
    assert state(scene2) == resumed
    app2.checkpoints.close()


@pytest.mark.slow
def test_three_skulls_wake_the_great_skull_and_multiply_the_field(app):
    scene = open_game(app)
    force_next(app, "great_skull")
    before = app.cabinet.balance
    press(app, K.K_SPACE)
    played = scene.played
    spin = next(e for e in events(played, "bonus_spin") if e["great_skull"])
    pres = scene.presentation
    wake = next(i for i, s in enumerate(pres.steps) if s.label == "great skull")
    while pres.index < wake or pres.elapsed < 1.0:
        run(app, 1, 1 / 30)
    assert scene.great_skull == spin["great_skull"] and scene.row_items == ["skull"] * 3
    assert scene.banner[:2] == ("GREAT SKULL", f"x{spin['great_skull']} on every Vault and new Pumpkin")
    for m in spin["multipliers"]:          # while the banner says so, every plate shows the multiplied value
        cell = tuple(m["cell"])
        assert m["multiplier"] % spin["great_skull"] == 0
        shown = scene.vault_values[cell] if m["target"] == "vault" else scene.items[cell]["value_x100"]
        assert shown == m["after_x100"]
    play_out(app, scene)
    check_paid(app, before, played)


@pytest.mark.parametrize("key,mode", [(K.K_1, "buy_harvest"), (K.K_2, "buy_vaults"), (K.K_3, "buy_skull_row"),
                                      (K.K_4, "buy_patch")])
def test_each_buy_option_through_shift_keys_pays_exactly_its_payout(app, key, mode):
    scene = open_game(app)
    shift(app, key)
    menu = app.stack.top
    assert isinstance(menu, BuyMenu) and menu.options[menu.option].id == mode
    shift(app, K.K_RIGHT)
    shift(app, K.K_LEFT)                                      # SHIFT+LEFT/RIGHT move between options
    assert menu.options[menu.option].id == mode
    before = app.cabinet.balance
    press(app, K.K_RETURN, K.KMOD_LSHIFT)
    played = scene.played
    assert played.mode == mode and before - app.cabinet.balance == GAME.mode(mode).cost_cents(100)
    trig = events(played, "bonus_trigger")[0]
    assert trig["source"] == "buy" and trig["option"] == mode
    press(app, K.K_SPACE)
    play_out(app, scene)
    assert not scene.in_bonus and scene.bonus_total_x100 == events(played, "bonus_end")[0]["total_x100"]
    check_paid(app, before, played)


def test_values_are_shortened_and_rounded_down_and_jackpots_named(app):
    scene = open_game(app)
    for _ in range(2):
        press(app, K.K_UP, K.KMOD_LSHIFT)                     # bet 15.00
    assert scene.bet == 1500
    assert scene.value_text("10x", 1000) == "150.00"
    assert scene.value_text("grand", 100000) == "GRAND"
    assert scene.value_text("grand", 300000) == "45.00K"      # a multiplied coin shows its value
    assert scene.value_text("7x", 6_833_700) == "1.02M"       # 1,025,055.00 rounds down


def test_collects_jackpots_and_the_skull_have_their_own_sound_cues(app):
    scene = open_game(app)
    force_next(app, "jackpot_grand")
    press(app, K.K_SPACE)
    cues = {s.label: s.sound for s in scene.presentation.steps}
    assert cues["vault collects"] == "gh_collect" and cues["jackpot"] == "gh_jackpot"
    play_out(app, scene)
    force_next(app, "great_skull")
    press(app, K.K_SPACE)
    assert {s.label: s.sound for s in scene.presentation.steps}["great skull"] == "gh_skull"
    if app.audio.available:                                    # registered with the cabinet's mixer
        assert {"gh_collect", "gh_jackpot", "gh_skull"} <= set(app.audio.sounds)
