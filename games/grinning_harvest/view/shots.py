"""The gallery (`main.py --shots`, demo tools only): the scene's SHOTS, and a helper
that plays real rounds until one shows a wanted event, then stops the clock inside
the step that presents it.

The rounds are drawn by the cabinet as usual (on the gallery's throw-away ledger);
the scene never makes outcomes up, it only keeps playing until one fits."""
from __future__ import annotations

from typing import Callable

from cabinet.ui.shots import Shot

DT = 1 / 30

# Every state the issue lists, for `main.py --shots DIR --game grinning_harvest`.
SHOTS = [
    Shot("base_board", caption="The idle game: 3x3 reels under the Big Pumpkin, jackpots on the left"),
    Shot("base_spinning", mode="base", at="reel 1 stops", within=0.2, caption="Reels spinning"),
    Shot("line_win", prepare="shot_line_win", caption="A line win: the payline drawn, its pay shown"),
    Shot("collect", prepare="shot_collect", caption="A vault collecting the pumpkins' values"),
    Shot("grand_jackpot", mode="base", force="jackpot_grand", at="jackpot", within=0.5,
         caption="A Grand jackpot coin collected"),
    Shot("anticipation", mode="base", force="bonus", at="anticipation", within=0.6,
         caption="Reel 3 spins on: a pumpkin on reel 1 and a vault on reel 2"),
    Shot("bonus_trigger", mode="base", force="bonus", at="bonus trigger", within=0.6,
         caption="The bonus trigger: pumpkins on reels 1 and 3, a vault on reel 2"),
    Shot("bonus_start_collect", mode="base", force="bonus", at="vault collects", within=0.6,
         caption="Carried-over pumpkins collected before the first bonus spin"),
    Shot("bonus_spin", mode="buy_skull_row", at="bonus land", within=0.9, caption="A bonus spin lands"),
    Shot("multiplier", prepare="shot_multiplier", caption="A multiplier from the row applied below it"),
    Shot("great_skull", mode="buy_harvest", force="great_skull", at="great skull", within=0.8,
         caption="Three skulls wake the Great Skull"),
    Shot("three_vaults", mode="buy_vaults", force="vaults_3", at=0.85, caption="Three sticky vaults"),
    Shot("bonus_total", mode="buy_patch", at="bonus total", within=0.7, caption="The bonus total"),
    Shot("max_win", mode="buy_harvest", force="max_win", at="max win", within=0.7,
         caption="The cap reached: 15,000x"),
    Shot("buy_menu", action="buy_menu", caption="The buy menu, four options"),
    Shot("buy_confirm", action="buy_3", caption="SHIFT+3: a buy option's confirmation page"),
    Shot("info", action="info", caption="The game's rules, written from math.yaml"),
    Shot("paytable", action="paytable", caption="Paytable from the math"),
]


def seek_round(scene, wanted: Callable[[object], bool], label: str, mode: str = "base", within: float = 0.5,
               tries: int = 400) -> bool:
    """Play `mode` rounds until `wanted(round)`; leave that one on screen `within`
    the first step whose label starts with `label`. False if none came up."""
    app = scene.app
    if not app.config.demo_tools or app.config.real_play:
        return False
    for _ in range(tries):
        _settle(scene)
        if not scene.play(mode):
            return False
        if wanted(scene.played.round):
            break
    else:
        _settle(scene)
        return False
    pres = scene.presentation
    target = next(i for i, s in enumerate(pres.steps) if s.label.startswith(label))
    while scene.presentation is pres and pres.index < target:
        app.step(DT)
    hold = pres.steps[target].duration * within
    while scene.presentation is pres and pres.index == target and pres.elapsed < hold:
        app.step(min(DT, hold - pres.elapsed + 1e-6))
    return True


def _settle(scene) -> None:
    """Finish the round on screen and close any celebration over the scene."""
    app = scene.app
    for _ in range(2000):
        while app.stack.top is not scene:
            app.pop()
        if not scene.busy:
            return
        scene.skip()
        app.step(DT)
