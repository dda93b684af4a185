"""No input sequence crashes the gamble or spin chance, and the money always adds up.

A seeded random player drives the real scenes through the app with a few thousand
inputs: - and +, the multipliers, the cash wheel, the bonus wheel (keys and clicks on
the wheels), COLLECT, SPACE / START mid-spin, NO THANKS and PLAY, bet and fortune
changes, rounds, gambles on wins up to and past the win limit, and credits drained
below the price of play. After every input the meters' identity must hold (balance ==
credits in - credits out - bets + wins - side stakes + side wins), the ledger's full
audit (every meter equal to its records, the hash chain) every 100 inputs and at the
end (a full audit reads the whole ledger, so one per input made the test quadratic),
and nothing may raise.
"""
from __future__ import annotations

import pytest

import random

import pygame

from cabinet.ui.celebration import BigWin
from games.happy_money_hens.view.gamble_scene import BONUS_C, CASH_C, GambleScene
from games.happy_money_hens.view.spin_chance_scene import SpinChanceScene
from tests.happy_money_hens.test_scene_offers import click, hens, hens_app, press, run
from tests.config_edit import reconfigure

INPUTS = 2500
GAMBLE_KEYS = ("plus", "minus", "mult:0", "mult:1", "mult:2", "cash", "bonus", "collect", "spin", "confirm")


AUDIT_EVERY = 100


def _identity(cabinet, full: bool) -> None:
    if full:
        ok, why = cabinet.audit()
        assert ok, why
    m = cabinet.meters()
    assert m["balance"] == (m["credits_in"] - m["credits_out"] - m["total_bet"] + m["total_won"]
                            - m["side_staked"] + m["side_won"])


def _stake(rnd: random.Random, bet: int, balance: int) -> int:
    """A win to gamble: small, around the bonus entries, or near the win limit (2500x)."""
    x = rnd.choice([rnd.randint(1, 12), rnd.randint(20, 200), rnd.randint(1500, 2600), 2500, 1667, 834])
    return max(1, min(balance, x * bet + rnd.choice([0, 0, 1, -1, 37])))


def _on_game(app, scene, rnd: random.Random) -> None:
    cab = app.cabinet
    pick = rnd.random()
    if scene.busy:
        press(app, pygame.K_SPACE) if pick < 0.6 else run(app, rnd.randint(1, 6), dt=rnd.choice([0.05, 0.3, 1.0]))
    elif pick < 0.30 and cab.balance > 0:
        scene.offers.open_gamble(_stake(rnd, scene.bet, cab.balance), scene.bet)
    elif pick < 0.42:
        if cab.balance > 2:                    # leave a credit below the price of play
            cab.ledger.cash_out(cab.balance - rnd.randint(1, max(1, min(cab.balance - 1, 2 * scene.mode_cost()))))
        scene.offers.check_spin_chance()
    elif pick < 0.52:
        scene.on_action(rnd.choice(["bet_up", "bet_down"]))
    elif pick < 0.62:
        scene.on_action(rnd.choice(["fortune:base", "fortune:fortune_1_2", "fortune:fortune_1_5", "fortune:fortune_2"]))
    elif pick < 0.82:
        if cab.balance < scene.mode_cost():
            cab.deposit(rnd.choice([500, 20_000, 600_000]))
        press(app, pygame.K_SPACE)             # a round (its win may open the gamble)
    else:
        run(app, rnd.randint(1, 4), dt=0.2)


def _on_gamble(app, gamble: GambleScene, rnd: random.Random) -> None:
    pick = rnd.random()
    if pick < 0.55:
        gamble.on_action(rnd.choice(GAMBLE_KEYS))
    elif pick < 0.7:
        click(app, rnd.choice([CASH_C, BONUS_C]))
    elif pick < 0.8:
        app.render()                           # a frame drawn in any state (mid-spin included)
    else:
        run(app, rnd.randint(1, 8), dt=rnd.choice([1 / 30, 0.25, 1.0]))


def _on_spin_chance(app, offer: SpinChanceScene, rnd: random.Random) -> None:
    pick = rnd.random()
    if pick < 0.5:
        offer.on_action(rnd.choice(["play", "decline", "spin", "play"]))
    else:
        run(app, rnd.randint(1, 8), dt=rnd.choice([1 / 30, 0.4, 1.0]))


@pytest.mark.slow
def test_random_inputs_never_crash_the_gamble_or_spin_chance_and_the_money_adds_up(tmp_path):
    app = hens_app(tmp_path, credit="3000.00", gamble="on", seed=21)
    reconfigure(app, min_round_seconds=0)
    scene = hens(app)
    rnd = random.Random(20260317)
    seen: set[str] = set()
    try:
        for i in range(INPUTS):
            top = app.stack.top
            if isinstance(top, GambleScene):
                seen.add("gamble")
                if top.outcome == "limit":
                    seen.add("limit")
                if top.presentation is not None:
                    seen.add(f"spin:{top.outcome}")
                _on_gamble(app, top, rnd)
            elif isinstance(top, SpinChanceScene):
                seen.add("spin_chance")
                if top.won is not None:
                    seen.add(f"spin_chance:{top.won}")
                _on_spin_chance(app, top, rnd)
            elif top is scene:
                _on_game(app, scene, rnd)
            elif isinstance(top, BigWin):
                press(app, pygame.K_SPACE)
                run(app, 5, dt=0.5)
            else:
                app.pop()
            _identity(app.cabinet, full=i % AUDIT_EVERY == AUDIT_EVERY - 1 or i == INPUTS - 1)
    finally:
        app.checkpoints.close()
        pygame.display.quit()
    # the sequence went through every kind of state it is meant to test
    assert {"gamble", "limit", "spin:won", "spin:lost", "spin_chance", "spin_chance:True",
            "spin_chance:False"} <= seen, seen
