"""The cabinet's own pictures as SVG text, for `python -m cabinet.ui.asset_build`, which
writes them under assets/cabinet/ with their manifest: the HUD's icons (sound, music,
turbo; each on and off), the general rules' pictograms and the lobby's emblem (rings and
dots) for a game that brings no tile art. Drawn on a 100-unit square; the loader rasterises each
at the size a screen shows it, so they stay crisp at every window size.
"""
from __future__ import annotations

import math
from functools import partial
from typing import Callable

from . import svg

CREAM = (255, 244, 214)
GOLD = (255, 205, 60)
OFF = (235, 90, 80)
DIM = svg.lerp(CREAM, (60, 60, 80), 0.45)   # an icon that is off
NAVY = (40, 44, 100)
ICONS = ("sound", "music", "turbo")
PICTOGRAMS = ("recovery", "malfunction", "outcome", "limit", "history", "payback")


# -- HUD icons -------------------------------------------------------------------------------
def _speaker(c, on: bool) -> str:
    u = 5.0
    body = [(2 * u, 7.5 * u), (6 * u, 7.5 * u), (11 * u, 3 * u), (11 * u, 17 * u), (6 * u, 12.5 * u),
            (2 * u, 12.5 * u)]
    out = svg.polygon(body, c)
    if on:
        for r in (4.0, 7.0):
            a = 0.9
            x0, y0 = 11 * u + r * u * math.cos(-a), 10 * u + r * u * math.sin(-a)
            x1, y1 = 11 * u + r * u * math.cos(a), 10 * u + r * u * math.sin(a)
            out += svg.path(f"M{svg.num(x0)},{svg.num(y0)} A{svg.num(r * u)},{svg.num(r * u)} 0 0 1 "
                            f"{svg.num(x1)},{svg.num(y1)}", None, c, 1.6 * u)
    return out


def _note(c, on: bool) -> str:
    u = 5.0
    return (svg.ellipse(6 * u, 14.8 * u, 3 * u, 2.3 * u, c) + svg.ellipse(14 * u, 12.8 * u, 3 * u, 2.3 * u, c)
            + svg.line(8.4 * u, 14.5 * u, 8.4 * u, 4 * u, c, 1.5 * u, "butt")
            + svg.line(16.4 * u, 12.5 * u, 16.4 * u, 2 * u, c, 1.5 * u, "butt")
            + svg.polygon([(8.4 * u, 4 * u), (16.4 * u, 2 * u), (16.4 * u, 5 * u), (8.4 * u, 7 * u)], c))


def _bolt(c, on: bool) -> str:
    u = 5.0
    return svg.polygon([(11 * u, 1.5 * u), (4 * u, 11 * u), (9.5 * u, 11 * u), (8 * u, 18.5 * u),
                        (16 * u, 8.5 * u), (10.5 * u, 8.5 * u)], c)


def icon(kind: str, on: bool) -> str:
    """`kind` in ICONS, cream when on; off: dimmed with a red stroke across."""
    body = {"sound": _speaker, "music": _note, "turbo": _bolt}[kind](CREAM if on else DIM, on)
    if not on:
        body += svg.line(10, 90, 90, 10, OFF, 11)
    return svg.document(100, 100, body, title=f"{kind} {'on' if on else 'off'}")


# -- the general rules' pictograms -----------------------------------------------------------
def pictogram(kind: str) -> str:
    """One of PICTOGRAMS on a navy disc ringed in gold."""
    c, R, lw = 50.0, 48.0, 7.0
    out = svg.circle(c, c, R, NAVY, GOLD, 3.4)
    if kind == "recovery":        # a circular arrow
        r = R * 0.5
        a0, a1 = math.radians(40), math.radians(320)
        x0, y0 = c + r * math.cos(a0), c - r * math.sin(a0)
        x1, y1 = c + r * math.cos(a1), c - r * math.sin(a1)
        out += svg.path(f"M{svg.num(x0)},{svg.num(y0)} A{svg.num(r)},{svg.num(r)} 0 1 0 {svg.num(x1)},{svg.num(y1)}",
                        None, CREAM, lw, cap="butt")
        out += svg.polygon(
            [(x0 - lw * 1.6, y0 - lw * 0.4), (x0 + lw * 1.2, y0 - lw * 1.4), (x0 + lw * 0.6, y0 + lw * 1.6)], CREAM
        )
    elif kind == "malfunction":   # a warning triangle
        out += svg.polygon([(c, c - R * 0.55), (c + R * 0.58, c + R * 0.42), (c - R * 0.58, c + R * 0.42)],
                           (240, 170, 60), (240, 170, 60), 4)
        out += svg.line(c, c - R * 0.25, c, c + R * 0.1, (40, 20, 0), lw)
        out += svg.circle(c, c + R * 0.27, lw * 0.55, (40, 20, 0))
    elif kind == "outcome":       # a die
        side = R * 0.95
        out += svg.rect(c - side / 2, c - side / 2, side, side, side / 6, CREAM)
        for dx, dy in ((-1, -1), (1, 1), (0, 0), (1, -1), (-1, 1)):
            out += svg.circle(c + dx * side / 4, c + dy * side / 4, side / 10, NAVY)
    elif kind == "limit":         # a padlock
        bw, bh = R * 0.95, R * 0.72
        top = c - R * 0.08
        sw = R * 0.64 - lw
        out += svg.path(f"M{svg.num(c - sw / 2)},{svg.num(top + 2)} V{svg.num(top - R * 0.3)} "
                        f"A{svg.num(sw / 2)},{svg.num(sw / 2)} 0 0 1 {svg.num(c + sw / 2)},{svg.num(top - R * 0.3)} "
                        f"V{svg.num(top + 2)}", None, CREAM, lw, cap="butt")
        out += svg.rect(c - bw / 2, top, bw, bh, 100 / 24, GOLD)
        out += svg.circle(c, top + bh / 2, 100 / 22, NAVY)
    elif kind == "history":       # a clock
        out += svg.circle(c, c, R * 0.6, None, CREAM, lw)
        out += svg.line(c, c, c, c - R * 0.4, CREAM, lw) + svg.line(c, c, c + R * 0.3, c, CREAM, lw)
    else:                         # the payback: a coin with a percent sign
        out += svg.circle(c, c, R * 0.62, GOLD, (150, 100, 20), lw / 2)
        ink = (90, 50, 0)
        out += svg.line(c - R * 0.25, c + R * 0.3, c + R * 0.25, c - R * 0.3, ink, lw)
        for fx, fy in ((-0.22, -0.2), (0.22, 0.2)):
            out += svg.circle(c + fx * R, c + fy * R, lw * 0.45, None, ink, lw / 2)
    return svg.document(100, 100, out, title=kind)


# -- the lobby's emblem ------------------------------------------------------------------------
EMBLEM_SPAN = 1.1       # the emblem's square is this times the tile art's shorter side


def emblem(part: str) -> str:
    """The emblem's rings (white, for the lobby to tint in the game's colours) or its
    crown of cream dots, on a transparent square; the lobby prints the initials."""
    c = 50 * EMBLEM_SPAN
    out = ""
    if part == "rings":
        for i in range(6):
            out += svg.circle(c, c, 100 * (0.16 + i * 0.07), None, (255, 255, 255, 150 - i * 18), 0.9)
    else:
        for i in range(12):
            a = i * math.pi / 6
            out += svg.circle(c + math.cos(a) * 47, c + math.sin(a) * 47, 1.5, (255, 230, 160))
    return svg.document(2 * c, 2 * c, out, title=f"emblem {part}")


# -- the rules pages' payline cells ---------------------------------------------------------
CELL_W, CELL_H = 100, 95        # a reel window's cell in a payline diagram (its usual shape)


def line_cell(lit: bool) -> str:
    """A cell of a payline diagram: unlit (navy), or lit in white and grey for the page
    to tint in the line's colour (fill at 65% of it, the border the colour itself)."""
    if lit:
        return svg.tile(CELL_W, CELL_H, 21, (166, 166, 166), (255, 255, 255), 4, "payline cell, lit")
    return svg.tile(CELL_W, CELL_H, 21, (36, 38, 78), (70, 74, 130), 3.5, "payline cell")


def arrow_head() -> str:
    """A gold arrowhead pointing right (the rules pages' "this becomes that")."""
    return svg.document(100, 100, svg.polygon([(5, 8), (95, 50), (5, 92)], (255, 204, 77), (255, 204, 77), 4),
                        title="arrow head")


def board_svgs(rows: int, cols: int, backdrop, frame, title: str = "rules board") -> dict[str, str]:
    """A rules page's board of rows x cols square cells (100 units each): its backdrop
    (under the cells) and its frame (over them), as rules_art.board_picture lays them."""
    w, h, radius = cols * 100, rows * 100, 100 / 6
    return {"back": svg.tile(w, h, radius, backdrop, title=f"{title} backdrop"),
            "frame": svg.tile(w, h, radius, None, frame, 100 / 18, title=f"{title} frame")}


# -- the big win's raining coin ------------------------------------------------------------------
def win_coin() -> str:
    """A gold coin (dark rim, gold face, a highlight up and left), as the big-win
    celebration rains it."""
    face = svg.radial("face", [(0.0, (255, 226, 128)), (0.7, (255, 204, 77)), (1.0, (214, 160, 40))],
                      cx=0.42, cy=0.4, r=0.6)
    body = (svg.circle(50, 50, 50, (168, 112, 24)) + svg.circle(50, 50, 40, "url(#face)")
            + svg.circle(50, 50, 40, None, (150, 98, 20), 2.5)
            + svg.circle(36, 36, 12.5, (255, 240, 180), opacity=0.9))
    return svg.document(100, 100, body, defs=face, title="big win coin")


def painters() -> dict[str, tuple[str, Callable[[], object]]]:
    """image id -> (file under assets/cabinet/, () -> SVG text)."""
    out: dict[str, tuple[str, Callable[[], object]]] = {}
    for kind in ICONS:
        for on in (True, False):
            state = "on" if on else "off"
            out[f"icon.{kind}.{state}"] = (f"icons/{kind}_{state}.svg", partial(icon, kind, on))
    for kind in PICTOGRAMS:
        out[f"pictogram.{kind}"] = (f"pictograms/{kind}.svg", partial(pictogram, kind))
    out.update({f"emblem.{part}": (f"lobby/emblem_{part}.svg", partial(emblem, part)) for part in ("rings", "dots")})
    out.update({f"rules.cell{'_lit' if lit else ''}": (f"rules/cell{'_lit' if lit else ''}.svg",
                                                       partial(line_cell, lit)) for lit in (False, True)})
    out["rules.arrow"] = ("rules/arrow.svg", arrow_head)
    out["celebration.coin"] = ("celebration/coin.svg", win_coin)
    return out
