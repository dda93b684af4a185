"""Writes Piggy Farm's assets: `python -m games.piggy_farm.tools.make_assets`.

assets/piggy_farm/<skin>/ gets every symbol (256 px), the backdrop (1920x1080) and
the board's frame (its size on a 1920x1080 window) for both skins, assets/sounds/
piggy_farm/ the cues, and assets/piggy_farm/manifest.yaml the lot.
"""
from __future__ import annotations

from functools import partial

from cabinet.ui.asset_build import Painter, board_sizes, tool_main

SYMBOL_PX = 256
COLORS = {"farm": {"panel_top": (60, 40, 24), "panel_bottom": (30, 18, 10), "panel_rim": (230, 180, 90)},
          "night": {"panel_top": (30, 36, 70), "panel_bottom": (12, 14, 34), "panel_rim": (170, 190, 240)}}
LABELS = {"farm": "Sunny farm", "night": "Moonlit farm"}


def painters(skin: str) -> dict:
    from ..view.layout import COLS, RECT, ROWS
    from . import paint, paint_scene

    out: dict[str, tuple[str, Painter]] = {
        f"symbol.{sid}": (f"symbols/{sid}.png", partial(paint.symbol, sid, SYMBOL_PX, skin)) for sid in paint.DRAWERS
    }
    for px in board_sizes(96):                              # the board's faces (board.BoardView.SYMBOL)
        out.update({f"symbol.{sid}@{px}": (f"symbols/{px}/{sid}.png", partial(paint.symbol, sid, px, skin))
                    for sid in paint.DRAWERS})
    out["backdrop"] = ("backdrop.png", partial(paint_scene.farm_backdrop, (1920, 1080), skin))
    out["frame"] = ("frame.png", partial(paint_scene.frame, ROWS, COLS, RECT.w // COLS, skin))
    barn_w, barn_h = RECT.w - 120, RECT.h - 160             # features.RiskView's barn
    out.update({"nest": ("features/nest.png", paint_scene.nest),
                "egg_closed": ("features/egg_closed.png", lambda: paint_scene.egg("closed")),
                "egg_open": ("features/egg_open.png", lambda: paint_scene.egg("open")),
                "rooster": ("features/rooster.png", paint_scene.rooster),
                "barn": ("features/barn.png", partial(paint_scene.barn, barn_w + 80, barn_h + 110)),
                "door": ("features/door.png", partial(paint_scene.door, (barn_w - 180) // 2, barn_h - 150))})
    out.update(wheel_painters(skin))
    from ..view.rules_pages import SAMPLE
    from . import paint_rules
    out.update(paint_rules.painters(skin, len(SAMPLE), len(SAMPLE[0].split())))
    from cabinet.ui import idle_art
    night = skin == "night"
    out["idle.cloud"] = (
        "idle/cloud.png",
        partial(idle_art.cloud, (360, 130), (70, 80, 120) if night else (255, 255, 255),
                (46, 52, 90) if night else (214, 226, 244), 235),
    )
    out["idle.tower"] = (
        "idle/tower.png",
        partial(idle_art.tower, (160, 380), (140, 140, 170) if night else (236, 226, 204),
                (80, 40, 60) if night else (150, 54, 40)),
    )
    out["idle.sails"] = ("idle/sails.png", partial(idle_art.sails, 440, (180, 184, 210) if night else (244, 236, 214),
                                                   (60, 44, 50) if night else (110, 70, 40)))
    out.update(key_art(skin))
    return out


def key_art(skin: str) -> dict:
    """The logo and the lobby tile in `skin` (painted last: the tile is the scene's
    tile_art, drawn from the pictures written above in that skin)."""
    from cabinet.ui import asset_files, logo_art
    from . import paint
    from ..view.scene import PiggyFarmScene

    def scene_art(size):
        asset_files.use_skin("piggy_farm", skin)
        return PiggyFarmScene.tile_art(size)
    return logo_art.painters(("PIGGY", "FARM"), ((255, 214, 228), (236, 96, 150), (80, 18, 48)),
                             lambda: paint.symbol("GP", 256, skin), scene_art)


def wheel_painters(skin: str) -> dict:
    """The FARM WHEEL's still parts (SVG): each tier's rim with its 24 light sockets and
    the pointer; at night the metals take the moonlight and the pointer is a cooler red."""
    from cabinet.ui import svg, wheel_parts
    from ..view.features import TIER_RIM
    moon = (150, 170, 230)
    out: dict[str, tuple[str, Painter]] = {}
    for tier, (rim, dark) in TIER_RIM.items():
        if skin == "night":
            rim, dark = svg.lerp(rim, moon, 0.3), svg.lerp(dark, (20, 24, 60), 0.35)
        out[f"wheel.{tier}.rim"] = (f"wheel/{tier}_rim.svg",
                                    partial(wheel_parts.rim_svg, rim, dark, 24, f"{tier} rim"))
    pointer = dict(body=(190, 40, 70), edge=(214, 224, 255), shadow=(10, 12, 40), cap=(150, 24, 60)) \
        if skin == "night" else {}
    out["wheel.pointer"] = ("wheel/pointer.svg", lambda: wheel_parts.pointer_svg(**pointer))
    return out


def main() -> int:
    from . import cues, music

    def skins() -> dict[str, tuple[str, dict[str, tuple[str, Painter]]]]:
        return {skin: (LABELS[skin], painters(skin)) for skin in LABELS}

    return tool_main(
        "piggy_farm",
        "Piggy Farm",
        skins,
        cues.bank,
        COLORS,
        themes=music.THEMES,
    )


if __name__ == "__main__":
    raise SystemExit(main())
