"""Piggy Farm's rules-page art as SVG (`python -m games.piggy_farm.tools.make_assets`
writes it under assets/piggy_farm/<skin>/rules/): the sample boards' backdrop and frame
and their cells' tiles and rings, in each skin's palette. Which cell is lit, fresh, gone
or charged comes from the page (view/rules_pages.py); the symbols are the skin's own.
"""
from __future__ import annotations

from functools import partial
from typing import TypedDict

from cabinet.ui import cabinet_art, svg
from cabinet.ui.asset_build import Painter

RGB = tuple[int, int, int]


class Palette(TypedDict):
    back: RGB
    frame: RGB
    tiles: dict[str, RGB]             # a cell's tile by state
    rings: dict[str, RGB]             # a cell's ring by state
    gone: RGB


GOLD = (255, 204, 77)          # cabinet/ui/draw.py GOLD
# per skin: the board, the tiles by state, the rings by state
PALETTES: dict[str, Palette] = {
    "farm": Palette(back=(150, 110, 70), frame=(120, 80, 40),
                 tiles={"plain": (200, 190, 170), "lit": (250, 236, 190), "fresh": (232, 222, 200),
                        "charged": (250, 220, 140)},
                 rings={"lit": GOLD, "fresh": (90, 200, 255), "charged": GOLD}, gone=(255, 200, 80)),
    "night": Palette(back=(40, 52, 92), frame=(170, 190, 240),
                  tiles={"plain": (92, 104, 150), "lit": (150, 164, 220), "fresh": (120, 134, 190),
                         "charged": (230, 210, 150)},
                  rings={"lit": (255, 214, 110), "fresh": (150, 220, 255), "charged": (255, 214, 110)},
                  gone=(255, 214, 110)),
}
RADIUS = 18         # a tile's corner, in its 100 units (the cell's sixth)
RING = {"lit": 9.0, "fresh": 9.0, "charged": 7.7}


def painters(skin: str, rows: int, cols: int) -> dict[str, tuple[str, Painter]]:
    """image id -> (file under the skin's folder, () -> SVG text)."""
    p = PALETTES[skin]
    board = cabinet_art.board_svgs(rows, cols, p["back"], p["frame"], "sample board")
    out: dict[str, tuple[str, Painter]] = {
        f"rules.board.{part}": (f"rules/board_{part}.svg", partial(board.__getitem__, part)) for part in board
    }
    for state, fill in p["tiles"].items():
        out[f"rules.tile.{state}"] = (f"rules/tile_{state}.svg",
                                      partial(svg.tile, 100, 100, RADIUS, fill, title=f"{state} tile"))
    for state, color in p["rings"].items():
        out[f"rules.ring.{state}"] = (
            f"rules/ring_{state}.svg",
            partial(svg.tile, 100, 100, RADIUS, None, color, RING[state], title=f"{state} ring"),
        )

    def popped_cell() -> str:
        return svg.document(100, 100, svg.circle(50, 50, 33 - 3.85, None, p["gone"], 7.7), title="popped cell")

    out["rules.gone"] = ("rules/gone.svg", popped_cell)
    return out
