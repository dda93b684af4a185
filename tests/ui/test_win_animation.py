"""Winning symbols move (issue #35 item 2): each in a loop of pre-rendered frames of its
own face (cabinet/ui/symbol_anim.py); a line's winning symbols in Happy Money Hens and
Grinning Harvest and a Piggy Farm cluster before it explodes animate while the rest of
the board stands still; a tumble's falls have weight (longer falls land later, then a
small bounce)."""
from __future__ import annotations

import numpy as np
import pygame
import pygame.surfarray as sa
import pytest

from cabinet.ui.reel_motion import gravity_drop
from cabinet.ui.symbol_anim import FRAMES, LOOP, SymbolAnimator, pose, render_frame
from games.grinning_harvest import GAME as GH
from games.happy_money_hens import GAME as HMH
from games.piggy_farm import GAME as PF
from tests.ui.conftest import game_app, open_game, press, run


def test_each_style_moves_the_face_and_a_coin_turns_edge_on():
    face = pygame.Surface((60, 60), pygame.SRCALPHA)
    face.fill((200, 40, 40, 255))
    for style in ("pulse", "flap", "grin", "spin", "bounce", "wobble"):
        frames = [pygame.image.tobytes(render_frame(face, style, i / FRAMES), "RGBA") for i in range(FRAMES)]
        assert len(set(frames)) >= 3, style            # (a turning coin repeats: |cos|)
    assert pose("spin", 0.25)[0] < 0.1                    # a quarter turn: edge on
    assert pose("bounce", 0.25)[3] > 0.1                  # up in the air
    with pytest.raises(ValueError, match="unknown animation style"):
        SymbolAnimator(None, "x", lambda size: {}, {"HEN": "dance"})


def test_a_tumble_falls_under_gravity_and_bounces_once():
    assert gravity_drop(0.0, 3, 6) == 3
    assert gravity_drop(0.2, 6, 6) / 6 > gravity_drop(0.2, 1, 6) / 1    # a far fall has gone a smaller share
    landed_short = next(i for i in range(101) if gravity_drop(i / 100, 1, 6) <= 0.01)
    landed_long = next(i for i in range(101) if gravity_drop(i / 100, 6, 6) <= 0.01)
    assert landed_short < landed_long                     # heavier (longer) falls land later
    ups = [gravity_drop(i / 100, 6, 6) for i in range(landed_long, 101)]
    assert max(ups) > 0.05 and ups[-1] == 0.0             # a small bounce, then rest
    speeds = [gravity_drop(i / 100, 6, 6) - gravity_drop((i + 1) / 100, 6, 6) for i in range(0, 60)]
    assert speeds == sorted(speeds)                       # accelerating while it falls


def _cell_pixels(app, rect) -> np.ndarray:
    app.render()
    return sa.array3d(app.surface.subsurface(app.layout.rect(rect))).astype(int)


def _moved(app, rect, label: str, still=None) -> float:
    """The largest share of `rect`'s pixels changed (by more than 24 in a channel) over
    one loop of the animation while the step `label` shows; `still` stays unchanged."""
    scene = app.stack.top
    first, calm = _cell_pixels(app, rect), None if still is None else _cell_pixels(app, still)
    share = 0.0
    for _ in range(FRAMES):
        run(app, 1, LOOP / FRAMES * 0.7)
        assert scene.presentation.current.label.startswith(label)
        share = max(share, float((np.abs(first - _cell_pixels(app, rect)).max(axis=2) > 24).mean()))
        if still is not None:
            assert np.array_equal(calm, _cell_pixels(app, still))
    return share


def _round_until(app, scene, kind: str):
    """Natural base rounds (skipped) until one has a `kind` event and no feature."""
    for _ in range(300):
        press(app, pygame.K_SPACE)
        played = scene.played
        wanted = (any(e["type"] == kind for e in played.round.events)
                  and not set(played.round.features) & {"bonus", "collect", "wheel", "free_spins"})
        if wanted:
            return played
        while scene.busy or app.stack.top is not scene:
            press(app, pygame.K_SPACE)
    pytest.fail(f"no {kind} in 300 rounds")


@pytest.mark.parametrize("spec", [HMH, GH], ids=["happy_money_hens", "grinning_harvest"])
def test_a_lines_winning_symbols_move_and_the_others_stand_still(spec, tmp_path):
    app = game_app(tmp_path, spec, seed=4)
    scene = open_game(app)
    played = _round_until(app, scene, "line_win")
    while not scene.presentation.current.label.startswith("line"):
        run(app, 1, 1 / 60)
    run(app, 2, 1 / 60)
    win = next(e for e in played.round.events if e["type"] == "line_win")
    moving = scene.reels.cell_rect(win["positions"][0][1], win["positions"][0][0])
    lines = scene.lines if spec is HMH else scene.maths.raw["lines"]
    path = {(c, row) for e in played.round.events if e["type"] == "line_win" for c, row in enumerate(lines[e["line"]])}
    still = next(scene.reels.cell_rect(c, r) for r in range(3) for c in range(scene.reels.cols) if (c, r) not in path)
    assert _moved(app, moving, "line", still) > 0.15     # the line's pulse alone moves under 5%


def test_a_cluster_moves_before_it_explodes(tmp_path):
    from games.piggy_farm.view.board import CELL, RECT
    app = game_app(tmp_path, PF, seed=4)
    scene = open_game(app)
    played = _round_until(app, scene, "cluster_win")
    while not scene.presentation.current.label.startswith("cluster"):
        run(app, 1, 1 / 60)
    run(app, 2, 1 / 60)
    cl = next(e for e in played.round.events if e["type"] == "cluster_win")
    r, c = cl["cells"][-1]
    rect = (RECT.x + c * CELL, RECT.y + r * CELL, CELL, CELL)
    assert _moved(app, rect, "cluster") > 0.15
