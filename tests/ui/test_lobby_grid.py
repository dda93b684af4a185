"""Issue #33 item 6: the lobby lays out any number of games (1 to 6 here): tiles of one
size inside the room between the title and the bar, none overlapping, every tile's
text inside it and clear of the rest, and the arrows reach every tile."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from cabinet.core.cabinet import Cabinet
from cabinet.ui.app import App, start_scenes
from cabinet.ui.clock import ManualClock
from cabinet.ui.lobby import Lobby
from cabinet.ui.lobby_grid import AREA, tile_grid
from games.grinning_harvest import GAME as HARVEST
from games.happy_money_hens import GAME as HENS
from games.piggy_farm import GAME as PIGGY
from tests.ui.conftest import make_config, press, run
from tests.ui.textcheck import text_problems
from tests.ui.toy_game import TOY

# The shipped games first (their real names and figures), then Toy Reels under long names.
POOL = [HENS, HARVEST, PIGGY] + [replace(TOY, id=f"toy{i}", name=name) for i, name in
                                 enumerate(("Toy Reels Deluxe Harvest Edition", "Toy Reels", "Toy"), 1)]


def lobby_app(tmp: Path, n: int) -> App:
    config = make_config(tmp)
    app = App(config, Cabinet(config, games={s.id: s for s in POOL[:n]}, seed=1), size=(1600, 900),
              clock=ManualClock())
    start_scenes(app)
    run(app, n + 1, 0.1)          # every scene class imported (the tiles' art)
    return app


@pytest.mark.parametrize("n", range(1, 7))
def test_n_tiles_of_one_size_fill_the_room_without_overlapping(n):
    grid = tile_grid(n)
    rects = grid.rects
    assert len(rects) == n and grid.cols * grid.rows >= n > (grid.rows - 1) * grid.cols
    assert len({r.size for r in rects}) == 1
    assert all(AREA.contains(r) for r in rects)
    assert not [(a, b) for i, a in enumerate(rects) for b in rects[i + 1:] if a.colliderect(b)]
    w, h = rects[0].size
    assert abs(w / h - 520 / 600) < 0.01 and h <= 600
    if n <= 3:
        assert rects[0].size == (520, 600)                       # the full-size tile
    rows = sorted({r.y for r in rects})
    for y in rows:                                               # each row centred
        row = [r for r in rects if r.y == y]
        assert abs((row[0].left + row[-1].right) / 2 - AREA.centerx) <= 1


def test_more_tiles_never_grow_and_the_best_arrangement_wins():
    scales = [tile_grid(n).scale for n in range(1, 7)]
    assert scales == sorted(scales, reverse=True)
    assert (tile_grid(4).cols, tile_grid(6).cols, tile_grid(6).rows) == (4, 3, 2)


def test_the_arrows_reach_every_tile_and_up_down_keep_the_column():
    grid = tile_grid(6)                                          # two rows of three
    seen, i = [], 0
    for _ in range(6):
        seen.append(i)
        i = grid.move(i, "right")
    assert sorted(seen) == list(range(6)) and i == 0
    assert grid.move(1, "down") == 4 and grid.move(4, "up") == 1 and grid.move(0, "left") == 5
    five = tile_grid(5)
    assert five.rows == 1 and five.move(2, "down") == 2         # one row: up and down stay


@pytest.mark.slow
@pytest.mark.parametrize("n", range(1, 7))
def test_the_lobby_of_n_games_shows_every_title_inside_its_tile_with_no_overlap(tmp_path, n):
    app = lobby_app(tmp_path, n)
    lobby = app.stack.top
    assert isinstance(lobby, Lobby) and len(lobby.specs) == n
    from cabinet.ui import draw as D
    for selected in range(n):                                    # each tile lit (PLAY) once
        lobby.selected = selected
        assert not text_problems(app, f"lobby of {n}, tile {selected} lit")
    log = D.recording()
    app.assets = type(app.assets)(app.layout)
    lobby.relayout()                                             # the lobby's kept pictures drawn anew
    try:
        app.render()
    finally:
        D.stop_recording()
    for spec, rect in zip(lobby.specs, lobby.tile_rects()):
        tile = app.layout.rect(rect).inflate(0, 40)              # the lit tile is lifted a little
        assert any(b.text == spec.name and tile.contains(b.rect) for b in log.boxes), spec.name
    app.checkpoints.close()


@pytest.mark.slow
def test_the_keyboard_walks_a_lobby_of_six_and_enter_opens_the_tile_chosen(tmp_path):
    app = lobby_app(tmp_path, 6)
    lobby = app.stack.top
    press(app, pygame.K_DOWN)
    assert lobby.selected == 3
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert lobby.selected == 5
    press(app, pygame.K_UP)
    assert lobby.selected == 2
    press(app, pygame.K_RETURN)
    assert app.stack.top is not lobby and app.stack.top.spec.id == lobby.specs[2].id
    app.checkpoints.close()
