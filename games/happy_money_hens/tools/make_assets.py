"""Writes Happy Money Hens' assets: `python -m games.happy_money_hens.tools.make_assets`.

assets/happy_money_hens/farm/ gets every reel symbol and feature egg (256 px), the
three pots at each level (256 px) and the backdrop (1920x1080); assets/sounds/
happy_money_hens/ the cues; assets/happy_money_hens/manifest.yaml the lot.
"""
from __future__ import annotations

from functools import partial

from cabinet.ui.asset_build import Painter, board_sizes, tool_main

SYMBOLS = ("A", "K", "Q", "J", "ROOSTER", "HEN", "CHICK", "EGG", "WILD", "BLUE", "RED", "GOLD")
PX = 256


def painters() -> dict:
    from . import paint
    from ..view.layout import REELS

    out: dict[str, tuple[str, Painter]] = {
        f"symbol.{n}": (f"symbols/{n}.png", partial(paint.symbol_face, n, PX)) for n in SYMBOLS
    }
    for px in board_sizes(REELS.h / 3 * 0.92):            # the reels' faces (cabinet/ui/reels.py)
        out.update({f"symbol.{n}@{px}": (f"symbols/{px}/{n}.png", partial(paint.symbol_face, n, px))
                    for n in SYMBOLS})
    for colour in paint.POT_COLOURS:
        for level in range(5):
            out[f"pot.{colour}.{level}"] = (f"pots/{colour}_{level}.png",
                                            partial(paint.feature_pot, (PX, PX), colour, level))
    out["backdrop"] = ("backdrop.png", partial(paint.backdrop, (1920, 1080)))
    out.update(wheel_painters())
    from . import paint_svg
    out.update(paint_svg.painters())
    from cabinet.ui import idle_art
    out["idle.cloud"] = ("idle/cloud.png", partial(idle_art.cloud, (390, 135), (236, 178, 196), (150, 112, 168), 215))
    out["idle.star"] = ("idle/star.png", lambda: idle_art.star(48))
    out.update(key_art())
    return out


def key_art() -> dict:
    """The logo and the lobby tile (painted last: the tile is the scene's tile_art, drawn
    from the pictures written above)."""
    from cabinet.ui import logo_art
    from . import paint
    from ..view.scene import HensScene
    return logo_art.painters(("HAPPY MONEY", "HENS"), ((255, 240, 150), (240, 150, 30), (90, 34, 8)),
                             lambda: paint.symbol_face("HEN", 256), HensScene.tile_art)


def wheel_painters() -> dict:
    """The gamble wheel's still parts (SVG): the gold rim with its 20 light sockets (the
    rules page's bonus wheel in violet) and the pointer."""
    from cabinet.ui import wheel_parts
    return {"wheel.rim": ("wheel/rim.svg", partial(wheel_parts.rim_svg, (212, 170, 70), (110, 70, 20), 20)),
            "wheel.bonus.rim": ("wheel/bonus_rim.svg",
                                partial(wheel_parts.rim_svg, (140, 120, 230), (64, 50, 120), 20, "bonus wheel rim")),
            "wheel.pointer": ("wheel/pointer.svg", wheel_parts.pointer_svg)}


def main() -> int:
    from . import cues, music

    def skins() -> dict[str, tuple[str, dict[str, tuple[str, Painter]]]]:
        return {"farm": ("Farm at dusk", painters())}

    return tool_main("happy_money_hens", "Happy Money Hens", skins, cues.bank, themes=music.THEMES)


if __name__ == "__main__":
    raise SystemExit(main())
