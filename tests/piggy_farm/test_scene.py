"""Piggy Farm on screen, driven by real pygame events (SPACE, clicks, SHIFT+keys) on a
ManualClock: the balance moves by exactly each round's payout, and the scene's state
(board, wheel, sticky grid, nests, barn) shows what the round's events say."""
from __future__ import annotations

import pygame
import pytest

from cabinet.core.money import win_cents
from cabinet.ui.buy_menu import BuyMenu
from games.piggy_farm import GAME
from games.piggy_farm.view.features import nest_rect
from games.piggy_farm.view.layout import ANTE
from tests.ui.conftest import check_paid, events, click, force_next, open_game, pixel, play_out, press, run, shift

K = pygame
BUYS = [m.id for m in GAME.modes if m.kind == "buy"]


def final_board(played) -> list[list[str]]:
    boards = [e["board"] for e in played.round.events if e["type"] in ("board", "wild_spawn", "tumble")]
    return boards[-1]


def run_until(app, scene, label: str, dt=1 / 30, limit=3000) -> None:
    for _ in range(limit):
        pres = scene.presentation
        if pres is None or (pres.current is not None and pres.current.label.startswith(label)):
            return
        run(app, 1, dt)
    pytest.fail(f"no step {label!r}")


def test_a_base_round_drops_tumbles_and_pays_its_payout(app):
    scene = open_game(app)
    for _ in range(40):                                     # natural rounds until one with a tumble
        before = app.cabinet.balance
        press(app, K.K_SPACE)
        played = scene.played
        assert app.cabinet.balance == before - 100
        play_out(app, scene, dt=1 / 30)                       # watched, not skipped
        check_paid(app, before, played)
        assert scene.boardview.board == final_board(played)
        if events(played, "tumble"):
            break
    else:
        pytest.fail("no tumble in 40 base rounds")
    wins = events(played, "cluster_win")
    assert scene.last_win == win_cents(100, sum(w["win_x100"] for w in wins)) == played.win_cents


def test_a_cluster_is_outlined_with_its_pay_then_explodes_and_refills_fall(app):
    scene = open_game(app)
    shift(app, K.K_2)                                       # FREE SPINS buy: clusters for sure
    shift(app, K.K_RETURN)
    played = scene.played
    assert played.mode == "free_spins"
    first = events(played, "cluster_win")[0]
    run_until(app, scene, "cluster")
    run(app, 2, 0.1)
    shown = scene.boardview.clusters[0]
    assert shown.cells == {tuple(c) for c in first["cells"]}
    assert app.cabinet.currency.format(win_cents(100, first["win_x100"])) in shown.text
    run_until(app, scene, "tumble explode")
    run(app, 1, 0.2)
    assert scene.boardview.exploding                         # winners burst
    run_until(app, scene, "tumble fall")
    run(app, 1, 0.2)
    tumble = events(played, "tumble")[0]
    assert scene.boardview.board == tumble["board"] and 0 < scene.boardview.fall_p < 1
    press(app, K.K_SPACE)
    play_out(app, scene)


@pytest.mark.slow
def test_a_forced_wheel_decelerates_onto_the_drawn_slice_and_pays(app):
    scene = open_game(app)
    force_next(app, "wheel_silver")
    before = app.cabinet.balance
    press(app, K.K_SPACE)
    played = scene.played
    spins = events(played, "wheel_spin")
    assert spins[0]["tier"] == "silver"
    run_until(app, scene, "wheel spin")
    angles = []
    for _ in range(6):
        run(app, 1, 0.6)
        angles.append(scene.wheel.view.angle)
    assert len(set(angles)) > 3                             # it turns
    run_until(app, scene, "wheel result") if not spins[0]["upgrade"] else run_until(app, scene, "wheel upgrade")
    view = scene.wheel.views["silver"]
    assert scene.wheel.wedges["silver"][view.slice_at_pointer()] == spins[0]["index"]
    # the pixels under the pointer are the landed slice's colour (nearest of the wheel's colours)
    run(app, 1, 0.01)
    cx, cy = view.center
    colors = {sl.color for sl in view.slices}
    votes = []                        # beside the pointer's tip, down the slice (its label covers some points)
    for side in (-1, 1):
        for depth in (0.6, 0.68, 0.78, 0.86):
            seen = pixel(app, (cx + side * view.radius * 0.06, cy - view.radius * depth))
            votes.append(min(colors, key=lambda c: sum((a - b) ** 2 for a, b in zip(c, seen))))
    assert max(set(votes), key=votes.count) == view.slices[view.slice_at_pointer()].color, votes
    play_out(app, scene)
    last = spins[-1]
    view = scene.wheel.views[last["tier"]]
    assert scene.wheel.wedges[last["tier"]][view.slice_at_pointer()] == last["index"]
    check_paid(app, before, played)


def test_forced_free_spins_show_the_spins_the_sticky_grid_and_pay(app):
    scene = open_game(app)
    force_next(app, "free_spins")
    before = app.cabinet.balance
    press(app, K.K_SPACE)
    played = scene.played
    assert events(played, "free_spins_start")
    press(app, K.K_SPACE)                                   # skip: the steps set the same state
    play_out(app, scene)
    grids = events(played, "sticky_grid")
    if grids:
        assert scene.boardview.grid == grids[-1]["values"]
    last = events(played, "free_spin")[-1]
    assert (scene.fs["index"], scene.fs["of"]) == (last["index"], last["of"])
    assert scene.fs["won"] == min(events(played, "free_spins_end")[-1]["win_x100"], GAME.max_win_x * 100)
    check_paid(app, before, played)


def test_the_ante_toggle_arms_the_boost_and_spins_cost_three_bets(app):
    scene = open_game(app)
    click(app, ANTE.center)
    assert scene.mode_id == "ante"
    before = app.cabinet.balance
    press(app, K.K_SPACE)
    played = scene.played
    assert played.mode == "ante" and app.cabinet.balance == before - 300
    press(app, K.K_SPACE)
    play_out(app, scene)
    check_paid(app, before, played)
    click(app, ANTE.center)
    assert scene.mode_id == "base"


@pytest.mark.parametrize("option", range(7))
def test_each_buy_is_bought_through_the_menu_and_pays_its_payout(app, option):
    scene = open_game(app)
    before = app.cabinet.balance
    shift(app, K.K_1)                                       # the first buy's confirmation page
    assert isinstance(app.stack.top, BuyMenu)
    for _ in range(option):
        shift(app, K.K_RIGHT)
    shift(app, K.K_RETURN)
    played = scene.played
    assert played.mode == BUYS[option]
    assert app.cabinet.balance == before - GAME.mode(BUYS[option]).cost_cents(100)
    press(app, K.K_SPACE)
    play_out(app, scene)
    check_paid(app, before, played)
    mode = played.mode
    if mode in ("golden_egg_hunt", "egg_hunt"):
        reveals = events(played, "hunt_reveal")
        assert len(scene.hunt.opened) == len(reveals)
        assert sorted((v or 0) for v in scene.hunt.opened.values()) == sorted((e["prize_x100"] or 0) for e in reveals)
    elif mode == "risk_the_farm":
        assert scene.risk.won == events(played, "risk_draw")[0]["won"] and scene.risk.open_p == 1.0
    elif mode == "growing_season":
        assert scene.fs["mult"] == events(played, "free_spin")[-1]["multiplier"] and scene.boardview.asleep
    elif mode == "hog_wild":
        spawns = events(played, "wild_spawn")
        assert spawns and all(1 <= len(e["cells"]) <= 3 for e in spawns)


@pytest.mark.slow
def test_the_hunt_opens_the_nests_the_player_picks_by_click_and_keys(app):
    scene = open_game(app)
    before = app.cabinet.balance
    shift(app, K.K_1)
    for _ in range(BUYS.index("golden_egg_hunt")):
        shift(app, K.K_RIGHT)
    shift(app, K.K_RETURN)
    played = scene.played
    reveals = events(played, "hunt_reveal")
    run_until(app, scene, "nest 1")
    run(app, 1, 0.1)
    assert scene.hunt.waiting
    click(app, nest_rect(6).center)                          # pick nest 7 with the mouse
    run(app, 2, 0.05)
    assert scene.hunt.opened[6] == reveals[0]["prize_x100"]
    run_until(app, scene, "nest 2")
    run(app, 1, 0.1)
    scene.hunt.cursor = 0
    press(app, K.K_RIGHT)                                    # cursor to nest 2, ENTER opens it
    press(app, K.K_RETURN)
    run(app, 2, 0.05)
    assert scene.hunt.opened[1] == reveals[1]["prize_x100"]
    play_out(app, scene)                                       # the rest open by themselves
    assert len(scene.hunt.opened) == len(reveals)
    check_paid(app, before, played)


@pytest.mark.slow
def test_skipping_a_round_shows_the_same_picture_as_watching_it(app):
    scene = open_game(app)
    shift(app, K.K_3)                                        # HOG WILD: spawns, grid, tumbles
    shift(app, K.K_RETURN)
    played = scene.played
    play_out(app, scene, dt=1 / 20)
    watched = (scene.boardview.board, scene.boardview.grid, dict(scene.fs), scene.shown_win)
    scene.begin(played, recall=True)
    scene.skip()
    run(app, 2, 0.05)
    skipped = (scene.boardview.board, scene.boardview.grid, dict(scene.fs), scene.shown_win)
    assert skipped == watched


def test_a_capped_round_is_shown_as_max_win_reached(app):
    """Hand-built: a free-spins round whose one cluster reaches the cap (the events
    a capped round carries, events.py), replayed as a recall (no money moves)."""
    from cabinet.core.round_commit import PlayedRound
    from cabinet.core.round import Round, event
    scene = open_game(app)
    board = [["GP"] * 7 for _ in range(7)]
    cap = GAME.max_win_x * 100
    evs = [event("free_spins_start", feature="free_spins", spins=10, start_multiplier=1, sticky=True, strips="base"),
           event("free_spin", index=1, of=10, multiplier=1),
           event("board", phase="free_spins", strips="base", tops=[0] * 7, board=board),
           event("cluster_win", symbol="GP", size=49, band="12+", cells=[[r, c] for r in range(7) for c in range(7)],
                 pay_x100=cap, grid_sum=0, multiplier=1, win_x100=cap),
           event("cap", cap_x100=cap),
           event("free_spins_end", win_x100=cap),
           event("round_end", payout_x100=cap, capped=True)]
    rnd = Round("free_spins", cap, evs, ("capped", "max_win"), True)
    played = PlayedRound(0, "piggy_farm", "free_spins", 100, 5000, rnd, win_cents(100, cap), True)
    before = app.cabinet.balance
    scene.begin(played, recall=True)
    run_until(app, scene, "cap reached")
    run(app, 1, 0.1)
    assert scene.capped and scene.banner.title == "MAX WIN!"
    assert scene.shown_win == win_cents(100, cap)
    play_out(app, scene)
    assert app.cabinet.balance == before


def snapshot(scene) -> tuple:
    bv = scene.boardview
    return (bv.board, bv.grid, sorted(bv.exploding), [sorted(c.cells) for c in bv.clusters], dict(scene.fs or {}),
            scene.shown_win, scene.tumble_x100, scene.banner.title, scene.wheel.tier)


@pytest.mark.slow
@pytest.mark.parametrize("buy", [2, 3])
def test_a_round_resumed_mid_way_shows_what_watching_showed_at_that_step(app, buy):
    """Crash resume fast-forwards the steps already shown through the same hooks."""
    scene = open_game(app)
    shift(app, getattr(K, f"K_{buy}"))                      # FREE SPINS / HOG WILD
    shift(app, K.K_RETURN)
    played = scene.played
    pres = scene.presentation
    middle = len(pres.steps) // 2
    while pres.index < middle:
        run(app, 1, 1 / 30)
    pres.advance(0.0)                                        # the step at `middle` has begun, as after a resume
    watched = snapshot(scene)
    press(app, K.K_SPACE)
    play_out(app, scene)
    scene.begin(played, from_step=middle, recall=True)
    scene.presentation.advance(0.0)
    assert snapshot(scene) == watched
    press(app, K.K_SPACE)
    play_out(app, scene)


def test_the_huge_win_of_a_buy_is_refused_under_live_math_with_its_reason(app):
    """A huge win of a buy (about 1 round in 5.8 million) is held by the shipped books
    only: under live math the force menu does not offer it, and set by hand it is
    refused on screen with its reason, nothing debited."""
    from cabinet.ui.demo import ForceMenu
    scene = open_game(app)
    assert "huge_win" not in [force for force, _ in ForceMenu(app, scene).categories]
    scene.force_next = "huge_win"
    before = app.cabinet.balance
    press(app, K.K_SPACE)
    assert app.cabinet.balance == before and not scene.busy and app.cabinet.meters()["games_played"] == 0
    home = next(m for m in GAME.review.force_modes["huge_win"] if any(x.id == m for x in scene.modes))
    assert scene.message_text == (f"{GAME.review.force_categories['huge_win']} cannot be forced here "
                                  f"({GAME.mode(home).label}): only the shipped books hold it (math_source: books)")


@pytest.mark.parametrize("category, mode", [("hunt_5000x", "golden_egg_hunt"), ("risk_win", "risk_the_farm"),
                                            ("big_win", "golden_egg_hunt")])
def test_review_tools_play_a_buy_category_in_its_buy(app, category, mode):
    """The force menu's 'a 5,000x egg' / 'RISK THE FARM won' / 'Big win of a buy' (its
    eleventh button, the column packed closer) are categories of buys: forced from the
    base game, the round is bought in a mode the category lives in."""
    scene = open_game(app)
    force_next(app, category)
    before = app.cabinet.balance
    press(app, K.K_SPACE)
    played = scene.played
    assert played.mode == mode and category in played.round.features
    assert before - app.cabinet.balance == GAME.mode(mode).cost_cents(scene.bet)
