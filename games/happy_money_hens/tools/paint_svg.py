"""Happy Money Hens' line art as SVG text (`python -m games.happy_money_hens.tools.make_assets`
writes it under assets/happy_money_hens/<skin>/): the coin body of every kind (its value
is printed on it by view/art.py), the bonus side's life eggs, letter ring and the pots'
veil, and the pots' level pips.
"""
from __future__ import annotations

import io
from functools import partial

import pygame

from cabinet.ui import svg
from cabinet.ui.asset_build import Painter

from ..view.art import COIN_TINTS, POT_COLOURS


def coin(tint) -> str:
    """A round coin lit from the upper left, a dark rim and a bright inner ring; no value."""
    lit = tuple(min(int(c * 1.2), 255) for c in tint)

    def shade(k: float) -> tuple[int, ...]:
        return tuple(min(int(c * k), 255) for c in tint)

    # the light falls off from (42%, 38%) of the square; the coin spans 2%..98% of it
    defs = svg.radial("body", [(0, lit), (0.06, lit), (0.4, shade(0.925)), (0.8, shade(0.6)), (1, shade(0.45))],
                      cx=0.4167, cy=0.375, r=0.646)
    body = svg.circle(50, 50, 48, "url(#body)")
    body += svg.circle(50, 50, 45.7, None, svg.lerp(tint, (60, 30, 0), 0.55), 4.6)
    body += svg.circle(50, 50, 37.2, None, svg.lerp(tint, (255, 255, 255), 0.45), 1.7)
    return svg.document(100, 100, body, defs, title="coin")


def raster(text: str, size: int) -> pygame.Surface:
    """SVG text drawn at `size` px (for pictures that contain one, e.g. a full pot)."""
    return pygame.image.load_sized_svg(io.BytesIO(text.encode()), (size, size))


def life_egg(lit: bool) -> str:
    col = (255, 225, 120) if lit else (70, 70, 86)
    body = svg.ellipse(50, 50, 35, 50, svg.lerp(col, (0, 0, 0), 0.4))
    body += svg.ellipse(50, 49, 31, 45, col)
    if lit:
        body += svg.ellipse(37.5, 27.5, 7.5, 12.5, (255, 255, 230))
    return svg.document(100, 100, body, title="life egg " + ("lit" if lit else "spent"))


def letter_ring(w: int, h: int) -> str:
    """The white frame over the pot letter being filled (w x h logical px)."""
    line = max(3, h // 16)
    body = svg.rect(line / 2 + 1, line / 2 + 1, w - line - 2, h - line - 2, max(6, h // 6), None, (255, 255, 255),
                    line + 2)
    return svg.document(w, h, body, title="letter ring")


def veil(w: int, h: int) -> str:
    """The dark glass over the pots while a feature card shows (w x h logical px)."""
    return svg.document(w, h, svg.rect(0, 0, w, h, max(6, w // 20), (16, 14, 30, 170)), title="pots veil")


def pip(colour: str | None) -> str:
    """A pot's level pip: lit in the pot's colour, or (None) an empty one."""
    fill = POT_COLOURS[colour] if colour else (70, 70, 86)
    body = svg.circle(50, 50, 50, (20, 16, 30)) + svg.circle(50, 50, 37.5, fill)
    return svg.document(100, 100, body, title=f"{colour or 'empty'} pip")


def rules_painters() -> dict:
    """The rules page's mini-reel board: its backdrop and frame, the live and the dead
    rows' tiles and the rows' count badge."""
    from cabinet.ui import cabinet_art

    from ..math.tables import load
    bonus = load().raw["bonus"]
    board = cabinet_art.board_svgs(bonus["rows"], bonus["reels"], (26, 24, 50), (160, 110, 40), "mini reels")
    out: dict[str, tuple[str, Painter]] = {
        f"rules.board.{part}": (f"rules/board_{part}.svg", partial(board.__getitem__, part)) for part in board
    }
    # the tile is the cell less an eighth; its corner the cell's sixth, its border the cell's 30th
    out["rules.tile.live"] = ("rules/tile_live.svg", partial(svg.tile, 100, 100, 19, (60, 50, 110), (255, 204, 77),
                                                              3.8, "live row"))
    out["rules.tile.dead"] = ("rules/tile_dead.svg", partial(svg.tile, 100, 100, 19, (38, 36, 60), (90, 90, 120),
                                                              3.8, "row not yet in play"))

    def count_badge() -> str:
        return svg.document(100, 100, svg.circle(50, 50, 50, (120, 60, 160))
                            + svg.circle(50, 50, 47, None, (250, 244, 228), 6), title="row count badge")

    out["rules.count"] = ("rules/count.svg", count_badge)
    out["rules.spin_meter"] = ("rules/spin_meter.svg", spin_meter)
    return out


def spin_meter() -> str:
    """The rules page's spin chance: a bar, green for the chance to win the spin and red
    for the rest, and the needle that stops on it (an illustration: 400 x 100 units)."""
    x, y, w, h, r = 16, 35, 368, 40, 40 / 3
    split, needle = x + w * 0.35, x + w * 0.22
    body = (svg.rect(x, y, split - x, h, r, (60, 190, 100)) + svg.rect(split, y, x + w - split, h, r, (220, 60, 60))
            + svg.rect(x, y, w, h, r, None, (250, 244, 228), 3.4)
            + svg.polygon([(needle - 12.5, 8), (needle + 12.5, 8), (needle, y)], (250, 244, 228)))
    return svg.document(400, 100, body, title="spin chance meter")


def reel_frame(w: float, h: float, radius: float) -> str:
    """The base game's wooden hen-house frame (w x h logical px) with a gold inlay, six
    brass studs a side and a dark glass window where the reels turn."""
    inset, gold_w, glass_w = w / 140, w / 300, w / 400
    defs = (svg.linear("wood", [(0, (150, 92, 50)), (1, (82, 44, 22))])
            + svg.linear("glass", [(0, (32, 30, 60)), (1, (14, 12, 30))])
            + svg.linear("sheen", [(0, (255, 255, 255, 34)), (0.5, (255, 255, 255, 0)), (1, (255, 255, 255, 0))]))
    body = svg.rect(0, 0, w, h, radius, "url(#wood)") + svg.rect(0, 0, w, h, radius, "url(#sheen)")
    body += svg.rect(gold_w / 2, gold_w / 2, w - gold_w, h - gold_w, radius - gold_w / 2, None, (255, 214, 120),
                     gold_w)
    gx, gy, gw, gh, gr = inset, inset, w - 2 * inset, h - 2 * inset, radius - 6
    body += svg.rect(gx, gy, gw, gh, gr, "url(#glass)") + svg.rect(gx, gy, gw, gh, gr, "url(#sheen)")
    body += svg.rect(gx + glass_w / 2, gy + glass_w / 2, gw - glass_w, gh - glass_w, gr - glass_w / 2, None,
                     (60, 40, 20), glass_w)
    for k in range(6):
        y = h * (k + 0.5) / 6
        for x in (w * 0.006 + 6, w - w * 0.006 - 6):
            body += svg.circle(x, y, w / 280, (255, 220, 140))
    return svg.document(w, h, body, defs, title="reel frame")


def painters() -> dict:
    """image id -> (file under the skin's folder, () -> SVG text)."""
    from ..view.bonus_side import LETTER_RING, VEIL

    out: dict[str, tuple[str, Painter]] = {
        f"coin.{kind}": (f"coins/{kind}.svg", partial(coin, tint)) for kind, tint in COIN_TINTS.items()
    }
    out.update({f"life.{state}": (f"bonus/life_{state}.svg", partial(life_egg, state == "lit"))
                for state in ("lit", "spent")})
    out["letter_ring"] = ("bonus/letter_ring.svg", lambda: letter_ring(*LETTER_RING))
    out["pots_veil"] = ("bonus/pots_veil.svg", lambda: veil(*VEIL))
    out.update({f"pip.{c}": (f"pips/{c}.svg", partial(pip, c)) for c in POT_COLOURS})
    out["pip.empty"] = ("pips/empty.svg", lambda: pip(None))
    from ..view.layout import REELS
    out["reel_frame"] = ("reel_frame.svg", partial(reel_frame, REELS.w + 44, REELS.h + 44, 34))
    out.update(rules_painters())
    return out
