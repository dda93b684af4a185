"""Piggy Farm's gallery (`main.py --shots`, demo tools only): the shots the scene's
rounds are stopped at (real rounds drawn by the cabinet, forced where a category is
named), and the prepared states (`prepare=`, functions below called with the scene)."""
from __future__ import annotations

from typing import Any

from cabinet.ui.shots import Shot


# -- the prepared states (`prepare=`: called with the game scene before its picture) --

def shot_ante_on(scene: Any) -> None:
    """FARM WHEEL BOOST switched on, as its button does."""
    scene.toggle_ante()


def shot_wild_on_grid(scene: Any) -> None:
    """Free spins with a charged grid, a WILD standing on charged cells."""
    board = [list(r) for r in scene.boardview.board]
    for r, c in ((2, 2), (4, 5)):
        board[r][c] = "WD"
    scene.boardview.board = board
    scene.boardview.grid = [[(1 << ((r + c) % 4)) if (r + c) % 3 == 0 else 0 for c in range(7)] for r in range(7)]
    scene.fs = {"feature": "free_spins", "index": 3, "of": 10, "start": 1, "mult": 1, "won": 0, "charged": 16,
               "top": 8}


def shot_ante_kept(scene: Any) -> None:
    """FARM WHEEL BOOST on at a $3 bet, out to the lobby and back into the game."""
    scene.on_action("bet_up")
    scene.on_action("bet_up")
    scene.select_mode("ante")
    scene.app.pop(scene)
    scene.app.open_game(scene.spec.id)


SHOTS = [
    Shot("base_board", caption="Idle base game"),
    Shot("cluster_win", mode="free_spins", at="cluster", within=0.9, caption="A cluster win (first free spin)"),
    Shot(
        "mid_tumble",
        mode="free_spins",
        at="tumble fall",
        within=0.45,
        caption="Mid-tumble: survivors fall, refills drop",
    ),
    Shot(
        "wheel_bronze", mode="base", force="wheel_bronze", at="wheel spin", within=0.55, caption="Bronze wheel spinning"
    ),
    Shot("wheel_silver", mode="base", force="wheel_silver", at="wheel spin", within=1.0, caption="Silver wheel landed"),
    Shot("wheel_gold", mode="base", force="wheel_gold", at="wheel spin", within=1.0, caption="Gold wheel landed"),
    Shot(
        "wheel_upgrade",
        mode="wheel_buy",
        force="upgrade",
        at="wheel upgrade",
        within=0.8,
        caption="UPGRADE: the spin moves on to the next wheel",
    ),
    Shot(
        "moment_wheel_transition",
        mode="base",
        force="wheel",
        at="transition in",
        within=0.3,
        caption="Into THE FARM WHEEL: the windmills that triggered it celebrate",
    ),
    Shot(
        "moment_wheel_transition_out",
        mode="base",
        force="wheel",
        at="transition out",
        within=0.45,
        caption="The curtains open on THE FARM WHEEL",
    ),
    Shot(
        "moment_wheel_upgrade",
        mode="wheel_buy",
        force="upgrade",
        at="moment wheel upgrade",
        within=0.5,
        caption="A wheel upgrade: a full-screen moment",
    ),
    Shot(
        "moment_free_spins",
        mode="free_spins",
        at="transition in",
        within=0.95,
        caption="Into the free spins: the curtains close on the feature",
    ),
    Shot("moment_hunt", mode="egg_hunt", at="transition out", within=0.3, caption="The curtains open on the egg hunt"),
    Shot("moment_max_win", mode="base", force="max_win", at=1.0, after=2.5, caption="The max win celebration"),
    Shot("feature_total", mode="free_spins", at=1.0, after=1.0, caption="The free spins' total-win summary"),
    Shot("free_spins_grid", mode="free_spins", at=0.7, caption="Free spins with a charged sticky grid"),
    Shot(
        "retrigger",
        mode="free_spins",
        force="retrigger",
        at="retrigger",
        within=0.6,
        caption="Retrigger: 3+ windmills add 5 free spins",
    ),
    Shot("hog_wild", mode="hog_wild", at="wild spawn", within=0.9, caption="HOG WILD extra wilds"),
    Shot(
        "growing_season",
        mode="growing_season",
        at="board drops, windmills asleep",
        within=1.0,
        caption="GROWING SEASON multiplier, windmills asleep",
    ),
    Shot("egg_hunt", mode="golden_egg_hunt", at="nest 4", within=0.3, caption="Golden egg hunt mid-way"),
    Shot(
        "egg_hunt_end",
        mode="egg_hunt",
        at="nests revealed",
        within=0.8,
        caption="The hunt is over: the nests left closed open, empty; the right panel lists the nest prizes",
    ),
    Shot("wild_on_grid", prepare=shot_wild_on_grid, caption="A charged sticky-grid cell under a WILD: both readable"),
    Shot("risk_the_farm", mode="risk_the_farm", at="risk draw", within=0.7, caption="RISK THE FARM draw"),
    Shot("risk_result", mode="risk_the_farm", at="risk doors", within=1.0, caption="RISK THE FARM: the doors open"),
    Shot("max_win", mode="base", force="max_win", at="cap reached", within=0.6, caption="50,000x cap reached"),
    Shot("ante_on", prepare=shot_ante_on, caption="FARM WHEEL BOOST on"),
    Shot(
        "ante_kept", prepare=shot_ante_kept, caption="FARM WHEEL BOOST and a raised bet, kept after the lobby and back"
    ),
    Shot("buy_menu", action="buy_menu", caption="Buy menu"),
    Shot("paytable", action="paytable", caption="Paytable"),
    Shot("info", action="info", caption="Game information"),
]
