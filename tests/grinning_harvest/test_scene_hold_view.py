"""The sticky coin grid (cabinet/ui/hold_view.py) that Grinning Harvest's bonus board
uses: geometry (top-down and bottom-up rows), held items, landing pop, dimmed and
locked cells, read back from the pixels it draws."""
from __future__ import annotations

import pygame
import pytest

from cabinet.ui.hold_view import HoldGrid
from cabinet.ui.layout import Assets, Layout

RED, BLUE = (230, 40, 40), (40, 60, 230)


@pytest.fixture
def canvas():
    pygame.display.init()
    pygame.display.set_mode((480, 270))
    lay = Layout((480, 270))          # a quarter of 1920x1080: scale 0.25
    app = type("App", (), {"layout": lay, "assets": Assets(lay)})()
    yield app, pygame.Surface((480, 270))
    pygame.display.quit()


def disc(color):
    cache = {}

    def face(key, size):
        if size not in cache:
            s = pygame.Surface((size, size), pygame.SRCALPHA)
            pygame.draw.circle(s, color if key == "coin" else BLUE, (size // 2, size // 2), size // 2)
            cache[size] = s.convert_alpha()
        return cache[size]
    return face


def centre(app, grid, cell):
    return app.layout.pt(*grid.cell_rect(cell).center)


def test_rows_count_from_the_top_or_from_the_bottom(canvas):
    app, _ = canvas
    top = HoldGrid(app, (0, 0, 700, 700), rows=7, cols=5, gap=0)
    up = HoldGrid(app, (0, 0, 700, 700), rows=7, cols=5, gap=0, bottom_up=True)
    assert top.cell_rect((0, 0)).y == 0 and up.cell_rect((0, 0)).y == 600
    assert up.cell_rect((6, 4)) == pygame.Rect(560, 0, 140, 100)


def test_a_held_item_is_drawn_in_its_cell_and_an_empty_cell_shows_its_panel(canvas):
    app, surf = canvas
    grid = HoldGrid(app, (400, 100, 600, 600), rows=3, cols=3, cell_colors=((10, 200, 10), (10, 200, 10)))
    grid.set_cell((1, 2), "coin")
    grid.draw(surf, disc(RED))
    assert tuple(surf.get_at(centre(app, grid, (1, 2))))[:3] == RED
    empty = tuple(surf.get_at(centre(app, grid, (0, 0))))[:3]
    assert empty[1] > 150 and empty[0] < 80           # the (green) empty panel


def test_a_landing_item_pops_in_from_its_centre(canvas):
    app, surf = canvas
    grid = HoldGrid(app, (400, 100, 600, 600), rows=3, cols=3)
    grid.set_cell((0, 0), "coin", pop=0.05)
    grid.draw(surf, disc(RED))
    rect = app.layout.rect(grid.cell_rect((0, 0)))
    assert tuple(surf.get_at(rect.center))[:3] == RED
    near_edge = (rect.centerx + rect.w * 0.4, rect.centery)
    assert tuple(surf.get_at((int(near_edge[0]), int(near_edge[1]))))[:3] != RED   # still small


def test_dimmed_and_locked_cells_are_darker(canvas):
    app, surf = canvas
    grid = HoldGrid(app, (400, 100, 600, 600), rows=3, cols=3, cell_colors=((200, 200, 200), (200, 200, 200)),
                    locked_rows=[2])
    grid.set_cell((0, 0), "coin")
    grid.set_cell((0, 1), "coin")
    grid.dim.add((0, 1))
    grid.draw(surf, disc(RED))
    bright = surf.get_at(centre(app, grid, (0, 0)))
    dim = surf.get_at(centre(app, grid, (0, 1)))
    assert dim.r < bright.r * 0.7
    open_cell, locked = surf.get_at(centre(app, grid, (1, 0))), surf.get_at(centre(app, grid, (2, 0)))
    assert locked.r < open_cell.r * 0.6


def test_clearing_a_cell_forgets_its_item_pop_and_dimming(canvas):
    app, _ = canvas
    grid = HoldGrid(app, (0, 0, 300, 300), rows=3, cols=3)
    grid.set_cell((2, 2), "coin", pop=0.3)
    grid.dim.add((2, 2))
    grid.clear_cell((2, 2))
    assert (2, 2) not in grid.held and (2, 2) not in grid.pop and (2, 2) not in grid.dim


def test_a_ghost_shows_only_in_empty_open_cells(canvas):
    app, surf = canvas
    grid = HoldGrid(app, (400, 100, 600, 600), rows=3, cols=3, cell_colors=((0, 0, 0), (0, 0, 0)), locked_rows=[2])
    grid.set_cell((0, 0), "coin")
    asked = []

    def ghost(cell, size):
        asked.append(cell)
        s = pygame.Surface((size, size), pygame.SRCALPHA)
        s.fill((0, 200, 0, 255))
        return s.convert_alpha()
    grid.draw(surf, disc(RED), ghost)
    assert sorted(asked) == [(0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]
    assert tuple(surf.get_at(centre(app, grid, (1, 1))))[:3] == (0, 200, 0)
    assert tuple(surf.get_at(centre(app, grid, (0, 0))))[:3] == RED
