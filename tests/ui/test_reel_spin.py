"""The reels of every game spin as real reels (issue #35 item 1): a burst of frames
rendered headless during a base spin shows each reel on its own strip at its own
phase (no two reels' columns are the same picture, every symbol a reel draws while
it spins is on that reel's strip of the game's math), the reels land left to right,
and the last frame, watched or skipped with SPACE, shows exactly the round's board."""
from __future__ import annotations

import numpy as np
import pygame
import pygame.surfarray as sa
import pytest

from games.grinning_harvest import GAME as GH
from games.happy_money_hens import GAME as HMH
from games.piggy_farm import GAME as PF
from tests.ui.conftest import force_next, game_app, open_game, press, run


def _strips(gid: str) -> list[list[str]]:
    """The base game's reel strips, read from the game's math (not from the view)."""
    if gid == "grinning_harvest":
        from games.grinning_harvest.math.tables import load as gh
        m = gh()
        return [[m.symbols[int(i)] for i in s] for s in m.strips]
    if gid == "happy_money_hens":
        from games.happy_money_hens.math.tables import load as hmh
        h = hmh()
        return [[h.symbols[int(i)] for i in s] for s in h.strips]
    from games.piggy_farm.math.tables import load as pf
    p = pf()
    return [[p.symbols[i] for i in col] for col in p.strips["base"]]


def _reels(scene):
    return scene.boardview.reels if hasattr(scene, "boardview") else scene.reels


def _outcome(played) -> list[list[str]]:
    """The round's first board (rows of symbol ids), from its recorded events."""
    board = next((e for e in played.round.events if e["type"] == "board"), None)
    if board is not None:
        return [list(r) for r in board["board"]]
    stops = sorted((e for e in played.round.events if e["type"] == "reel_stop"), key=lambda e: e["reel"])
    return [[e["symbols"][r] for e in stops] for r in range(len(stops[0]["symbols"]))]


def _column_pixels(app, reels, c: int) -> np.ndarray:
    rect = reels.cell_rect(c, 0).union(reels.cell_rect(c, reels.rows - 1))
    return sa.array3d(app.surface.subsurface(app.layout.rect(rect)))


def _spin(gid: str, tmp_path):
    spec = {"grinning_harvest": GH, "happy_money_hens": HMH, "piggy_farm": PF}[gid]
    app = game_app(tmp_path, spec, seed=5)
    scene = open_game(app)
    reels = _reels(scene)
    press(app, pygame.K_SPACE)                     # SPIN (and one frame)
    assert scene.played is not None
    return app, scene, reels


@pytest.mark.parametrize("gid", ["grinning_harvest", "happy_money_hens", "piggy_farm"])
def test_a_burst_of_frames_shows_every_reel_on_its_own_strip_at_its_own_phase(gid, tmp_path):
    app, scene, reels = _spin(gid, tmp_path)
    strips = _strips(gid)
    played = scene.played
    board = _outcome(played)
    landed_at: dict[int, int] = {}
    compared = 0
    for frame in range(150):
        run(app, 1, 1 / 60)
        app.render()
        moving = [c for c in range(reels.cols) if reels.state(c) == "spinning"]
        for c in range(reels.cols):
            for sym, index in reels.drawn[c]:
                if index is not None:             # a strip cell (the others are a board's cells)
                    assert strips[c][index] == sym, f"reel {c + 1} drew {sym} as strip[{index}]"
            if reels.state(c) == "stopped" and c not in landed_at:
                landed_at[c] = frame
        if gid == "grinning_harvest":             # reels 1 and 3 cannot hold a Vault
            assert not any(sym == "vault" for c in (0, 2) for sym, _ in reels.drawn[c])
        pictures = {c: _column_pixels(app, reels, c) for c in moving}
        for a in moving:
            for b in moving:
                if a < b:
                    compared += 1
                    assert not np.array_equal(pictures[a], pictures[b]), f"frame {frame}: reels {a + 1}, {b + 1} alike"
        if not reels.moving and frame > 10:
            break
    assert compared > 20                           # the burst did catch reels spinning together
    assert sorted(landed_at) == list(range(reels.cols))
    order = [landed_at[c] for c in range(reels.cols)]
    assert order == sorted(order) and order[0] < order[-1], f"reels landed at frames {order}"
    assert reels.board() == board
    _assert_shows(app, scene, reels, board)


def _assert_shows(app, scene, reels, board) -> None:
    """The frame on screen shows `board` at rest: the reels draw its cells and nothing
    else (Piggy Farm's board view draws its resting board itself)."""
    app.render()
    if hasattr(scene, "boardview"):
        assert scene.boardview.board == board and not reels.moving
        return
    for c in range(reels.cols):
        assert reels.drawn[c] == [(board[r][c], None) for r in range(reels.rows)]


@pytest.mark.parametrize("gid", ["grinning_harvest", "happy_money_hens", "piggy_farm"])
def test_space_mid_spin_lands_at_once_on_the_rounds_board(gid, tmp_path):
    app, scene, reels = _spin(gid, tmp_path)
    board = _outcome(scene.played)
    run(app, 20, 1 / 60)
    assert reels.moving
    press(app, pygame.K_SPACE)                     # quick stop
    assert not reels.moving
    assert reels.board() == board
    if hasattr(scene, "boardview"):               # the skip ran the tumbles too: their last board shows
        last = [e["board"] for e in scene.last_played.round.events if "board" in e][-1]
        board = [list(r) for r in last]
    _assert_shows(app, scene, reels, board)


def test_reels_spin_at_speed_with_blurred_faces_after_a_pull_back(tmp_path):
    app, scene, reels = _spin("happy_money_hens", tmp_path)
    reel = reels.reels[0]
    run(app, 1, 0.01)
    start, _ = reel.at(reels.clock)
    run(app, 4, 1 / 60)                            # the pull: the strip moves up first
    pulled, speed = reel.at(reels.clock)
    assert pulled > start and speed <= 0
    app.render()
    assert not reels.blurring[0]
    run(app, 20, 1 / 60)
    _, speed = reel.at(reels.clock)
    assert speed > 0.9 * reel.speed                # then full speed, downwards, blurred
    app.render()
    assert reels.blurring[0]
    press(app, pygame.K_SPACE)
    app.render()
    assert not any(reels.blurring)


def test_grinning_harvest_anticipates_reel_3_after_a_pumpkin_and_a_vault(tmp_path):
    app = game_app(tmp_path, GH, seed=5)
    scene = open_game(app)
    force_next(app, "bonus")                       # a trigger: Pumpkins on reels 1 and 3, a Vault on reel 2
    press(app, pygame.K_SPACE)
    labels = [s.label for s in scene.presentation.steps]
    assert labels.index("anticipation") == labels.index("reel 3 stops") - 1
    while scene.presentation.current.label != "anticipation":
        run(app, 1, 1 / 60)
    run(app, 30, 1 / 60)
    reels = scene.reels
    assert scene.anticipation == 2                 # the burning frame round reel 3
    assert [reels.state(c) for c in range(3)] == ["stopped", "stopped", "spinning"]
    assert 0 < reels.reels[2].at(reels.clock)[1] < 0.7 * reels.reels[2].speed     # slower
    while scene.presentation.current.label == "anticipation":
        run(app, 1, 1 / 60)
    assert scene.anticipation is None and reels.state(2) != "spinning"   # reel 3 lands as its stop step begins


def test_a_bought_round_spins_the_strips_without_feature_symbols_and_lands_them(tmp_path):
    from games.happy_money_hens.math.tables import load
    m = load()
    buy = [[m.symbols[int(i)] for i in s] for s in m.buy_strips]
    app = game_app(tmp_path, HMH, seed=5)
    scene = open_game(app)
    assert scene.play("buy_mystery")
    board = _outcome(scene.played)
    assert {"BLUE", "RED", "GOLD"} <= {s for row in board for s in row}
    for _ in range(60):
        run(app, 1, 1 / 60)
        app.render()
        for c in range(5):
            for sym, index in scene.reels.drawn[c]:
                assert index is None or buy[c][index] == sym
    assert scene.reels.board() == board


def test_piggy_farm_anticipates_the_column_after_the_second_windmill():
    from games.piggy_farm.view.board import BoardView
    strips = _strips("piggy_farm")

    def drop(windmills, **kw):
        board = [["AP"] * 7 for _ in range(7)]
        for r, c in windmills:
            board[r][c] = "WM"
        view = BoardView(None, board, {"base": strips})
        return view, view.drop_steps(board, "base", [0] * 7, **kw)

    def labels(windmills, **kw):
        return [s.label for s in drop(windmills, **kw)[1]]

    got = labels([(1, 0), (4, 2)])                 # the second windmill lands in column 3
    assert got[0] == "board drops" and got.index("anticipation") == got.index("reel 4 stops") - 1
    view, steps = drop([(1, 0), (4, 2)])
    for step in steps:
        step.begin()
        assert view.teasing == (3 if step.label == "anticipation" else None)   # column 4 glows meanwhile
        step.finish()
    assert "anticipation" not in labels([(1, 0), (4, 2)], teases=False)   # GROWING SEASON: windmills sleep
    assert "anticipation" not in labels([(1, 0)])
    assert "anticipation" not in labels([(1, 0), (4, 6)])                   # no column after the second


@pytest.mark.parametrize("spec, force", [(GH, "bonus"), (PF, "wheel")])
def test_the_anticipation_rises_with_a_sound_the_game_has(tmp_path, spec, force):
    """A teased reel (or Piggy Farm's teased column) plays a rising cue the game's
    manifest names: never a cue no file stands for (silence)."""
    app = game_app(tmp_path, spec, seed=5)
    scene = open_game(app)
    for _ in range(6):                             # a trigger whose teased column is still to come
        force_next(app, force)
        press(app, pygame.K_SPACE)
        teases = [s for s in scene.presentation.steps if s.label == "anticipation"]
        if teases:
            break
        while scene.busy:
            press(app, pygame.K_SPACE)
            run(app, 3, 0.1)
    assert teases, "no round of the category teased a reel"
    assert all(s.sound and s.sound in app.audio.cue_names() for s in teases), [s.sound for s in teases]
