"""Writes Grinning Harvest's assets: `python -m games.grinning_harvest.tools.make_assets`.

assets/grinning_harvest/night/ gets every symbol, the jackpot coins and the row items
(256 px), the Big Pumpkin (400 px), the field (1920x1080) and the reel frame (its size
on a 1920x1080 window); assets/sounds/grinning_harvest/ the cues;
assets/grinning_harvest/manifest.yaml the lot.
"""
from __future__ import annotations

from functools import partial

from cabinet.ui.asset_build import Painter, board_sizes, tool_main

PX = 256


def painters() -> dict:
    from ..view.art import JACKPOT_COLORS, SYMBOLS
    from ..view.board import FRAME_PAD
    from ..view.layout import REELS_RECT
    import pygame

    from . import paint, paint_scene

    out: dict[str, tuple[str, Painter]] = {
        f"symbol.{n}": (f"symbols/{n}.png", partial(paint.symbol_face, n, PX)) for n in SYMBOLS
    }
    x, y, w, h = REELS_RECT
    for px in board_sizes(min((w - 24) / 3, h / 3) * 0.92):   # the reels' faces (gap 12; cabinet/ui/reels.py)
        out.update({f"symbol.{n}@{px}": (f"symbols/{px}/{n}.png", partial(paint.symbol_face, n, px))
                    for n in SYMBOLS})
    out.update({f"coin.{n}": (f"coins/{n}.png", partial(paint.jackpot_coin, n, PX)) for n in JACKPOT_COLORS})
    out["web"] = ("row/web.png", lambda: paint.web(PX))
    out["skull"] = ("row/skull.png", lambda: paint.skull(PX))
    out["skull_awake"] = ("row/skull_awake.png", lambda: paint.skull(PX, glow=True))
    out["multiplier"] = ("row/multiplier.png", lambda: paint.multiplier_flame(PX))
    out["big_pumpkin"] = ("big_pumpkin.png", lambda: paint_scene.big_pumpkin(400))
    out["backdrop"] = ("backdrop.png", partial(paint_scene.backdrop, (1920, 1080)))
    frame = pygame.Rect(REELS_RECT).inflate(2 * FRAME_PAD, 2 * FRAME_PAD)
    out["frame"] = ("frame.png", lambda: paint_scene.reel_frame(frame.size, FRAME_PAD))
    out.update(badge_painters())
    from cabinet.ui import svg
    # the rules page's bonus board: 3.2 x 3.2 cells (100 units each), the corner a sixth of a cell
    out["rules.bonus_frame"] = ("rules/bonus_frame.svg", partial(svg.tile, 320, 320, 100 / 6, (30, 14, 40),
                                                                  (255, 150, 50), 5, "bonus board"))
    out["rules.empty_cell"] = ("rules/empty_cell.svg",
                               partial(svg.tile, 86, 86, 12.5, (50, 30, 60), title="empty cell"))
    from cabinet.ui import idle_art, logo_art
    out["idle.bat"] = ("idle/bat.png", partial(idle_art.bat, (150, 84)))
    out["idle.mist"] = ("idle/mist.png", partial(idle_art.cloud, (480, 150), (120, 96, 150), (70, 52, 100), 150))
    out["idle.star"] = ("idle/star.png", partial(idle_art.star, 48, (230, 236, 255)))
    from ..view import pictures
    out.update(
        logo_art.painters(
            ("GRINNING", "HARVEST"),
            ((255, 214, 110), (235, 96, 20), (40, 8, 40)),
            lambda: paint_scene.big_pumpkin(256),
            pictures.tile,
        )
    )  # last: drawn from the files above
    return out


def badge_painters() -> dict:
    """The paylines' badges (SVG) beside the reels: a dark disc, the line's colour inside
    (dimmed when the line is not lit), a soft shine."""
    from cabinet.ui import svg
    from ..view.art import LINE_COLORS
    out: dict[str, tuple[str, Painter]] = {}
    for i, color in enumerate(LINE_COLORS):
        for on in (True, False):
            fill = color if on else svg.lerp(color, (40, 20, 50), 0.6)
            body = svg.circle(50, 50, 50, (30, 10, 20)) + svg.circle(50, 50, 40, fill) + \
                svg.ellipse(40, 30, 18, 9, (255, 255, 255, 70 if on else 25))
            state = "on" if on else "off"
            out[f"line_badge.{i}.{state}"] = (f"badges/line{i}_{state}.svg",
                                              partial(svg.document, 100, 100, body, title=f"line {i} badge {state}"))
    return out


def main() -> int:
    from . import cues, music

    def skins() -> dict[str, tuple[str, dict[str, tuple[str, Painter]]]]:
        return {"night": ("Moonlit field", painters())}

    return tool_main(
        "grinning_harvest",
        "Grinning Harvest",
        skins,
        cues.bank,
        themes=music.THEMES,
    )


if __name__ == "__main__":
    raise SystemExit(main())
