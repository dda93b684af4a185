"""Drawing Grinning Harvest's board from the scene's state (no state changes here).

The reels (base game) or the sticky HoldGrid (bonus), value plates on pumpkins and
vaults, jackpot coins, paylines, values flying into a vault, the row above the reels,
the Big Pumpkin / Big Skull and the multipliers. Side panels and banners are in
`panels.py`. Every picture comes pre-rendered from `app.assets`; per frame only blits.
"""
from __future__ import annotations

import math

import pygame

from cabinet.ui import draw as D
from cabinet.ui.reels import line_points, pulse

from . import art, pictures as art_scene, panels
from ..math.tables import JACKPOTS

ROW_ITEMS = ("web", "x2", "x3", "x4", "x5", "skull")
FRAME_PAD = 30


def shown_value(scene, kind: str, cell, value_x100: int) -> int:
    """The value a plate may show: never more than the round can still pay (the sheet:
    "the displayed value will always be the minimum amount you can win"). When the
    Vaults together hold more than the cap, each shows its share of the capped pay in
    proportion to what it collected (rounded down), so together they never show more
    than is paid and no Vault that collected reads 0.00; the side panel says the cap."""
    cap = scene.value_cap_x100
    if kind != "vault":
        return max(0, min(value_x100, cap))
    total = sum(scene.vault_values.values())
    if total <= cap:
        return max(0, min(value_x100, cap))
    return max(0, value_x100) * cap // total


def value_text(scene, label: str | None, value_x100: int) -> str:
    """What a pumpkin shows: its jackpot's name, or its value shortened and rounded down."""
    if label in JACKPOTS and value_x100 == scene.maths.jackpots[label]:
        return label.upper()
    return scene.app.cabinet.currency.short(scene.cents(value_x100))


# ------------------------------------------------------------------ cached pictures
def _img(scene, key, build):
    return scene.app.assets.surface(("gh",) + key, build)


def _plate(scene, w: int, h: int, style: str) -> pygame.Surface:
    colors = {"pumpkin": ((70, 24, 60), (30, 8, 30), (255, 170, 60)),
              "vault": ((255, 214, 102), (170, 100, 20), (255, 245, 200)),
              "fly": ((255, 190, 60), (200, 90, 10), (255, 240, 190)),
              "dim": ((50, 40, 60), (24, 18, 30), (120, 100, 130))}[style]

    def plate() -> pygame.Surface:
        return art.plate((w, h), *colors)

    return _img(scene, ("plate", w, h, style), plate)


def _coin(scene, name: str, size: int) -> pygame.Surface:
    return _img(scene, ("coin", name, size), lambda: art.jackpot_coin(name, size))


def row_item(scene, item: str, size: int) -> pygame.Surface:
    """A row cell's picture: web, multiplier badge or small skull."""
    if item == "web":
        return _img(scene, ("web", size), lambda: art.web(size))
    if item == "skull":
        return _img(scene, ("skull", size, False), lambda: art.skull(size))
    return _img(scene, ("mult", item, size), lambda: art.multiplier_badge(item, size))


# ------------------------------------------------------------------ value plates
def draw_value(scene, surface, rect: pygame.Rect, kind: str, label: str | None, value_x100: int,
               dim: bool = False) -> None:
    """A pumpkin's value (or jackpot coin) / a vault's value over a real-pixel cell rect
    (the value as `shown_value` holds it)."""
    lay, A = scene.app.layout, scene.app.assets
    text = value_text(scene, label, value_x100) if kind == "pumpkin" else value_text(scene, None, value_x100)
    if kind == "pumpkin" and label in JACKPOTS and text == label.upper():
        size = int(rect.w * 0.5)
        coin = _coin(scene, label, size)
        surface.blit(coin, coin.get_rect(center=(rect.centerx, rect.bottom - size // 2 - lay.px(6))))
        return
    w, h = int(rect.w * 0.82), lay.px(50)
    style = "dim" if dim else ("vault" if kind == "vault" else "pumpkin")
    plate = _plate(scene, w, h, style)
    y = rect.bottom - h - lay.px(4)
    surface.blit(plate, (rect.centerx - w // 2, y))
    color = (60, 20, 10) if kind == "vault" and not dim else ((170, 160, 180) if dim else D.CREAM)
    size = 40 if len(text) <= 7 else 34
    cx, cy = lay.to_logical((rect.centerx, y + h // 2))
    A.blit_chars(surface, text, size, (cx, cy), color, anchor="center", bold=True)


# ------------------------------------------------------------------ board
def draw_background(scene, surface) -> None:
    lay = scene.app.layout
    surface.blit(_img(scene, ("bg", lay.size), lambda: art_scene.backdrop(lay.size)), (0, 0))


def draw_board(scene, surface) -> None:
    lay = scene.app.layout
    fr = pygame.Rect(scene.REELS_RECT).inflate(2 * FRAME_PAD, 2 * FRAME_PAD)
    real = lay.rect(fr)
    surface.blit(_img(scene, ("frame", real.size), lambda: art_scene.reel_frame(real.size)),
                 real.topleft)
    draw_big_head(scene, surface)
    if scene.in_bonus:
        draw_row(scene, surface)
        scene.grid.draw(surface, lambda key, size: scene.faces(size)[key], lambda cell, size: ghost(scene, cell, size))
        for cell, item in scene.items.items():
            if scene.grid.pop.get(cell, 1.0) < 0.6:
                continue
            draw_value(scene, surface, lay.rect(scene.grid.cell_rect(cell)), item["kind"], item.get("label"),
                       shown_value(scene, item["kind"], cell, item["value_x100"]), dim=cell in scene.collected)
        if scene.great_skull and scene.skull_p < 1.0:
            draw_skull_light(scene, surface, real)
    else:
        cells = {(c, r) for ev in scene.win_lines for r, c in ev["positions"]}
        scene.reels.draw(surface, skip=cells)
        size = scene.reels.face_size()
        for c, r in cells:                 # the winning symbols, each in its own loop
            scene.winners.draw(surface, scene.reels.reels[c].column[r], lay.pt(*scene.reels.cell_rect(c, r).center),
                               size, scene.time)
        draw_base_values(scene, surface)
        draw_lines(scene, surface)
    draw_trigger(scene, surface)
    draw_anticipation(scene, surface)
    draw_line_badges(scene, surface)
    draw_flights(scene, surface)
    draw_multipliers(scene, surface)
    panels.draw_jackpots(scene, surface)
    panels.draw_side(scene, surface)
    panels.draw_banner(scene, surface)


def draw_skull_light(scene, surface, frame: pygame.Rect) -> None:
    """The field glows red while the Great Skull wakes."""

    def red_glow() -> pygame.Surface:
        return D.radial_glow(max(frame.size) // 2, (255, 30, 20), 0.9)

    light = _img(scene, ("skull_light", frame.size), red_glow)
    light.set_alpha(round(170 * math.sin(math.pi * scene.skull_p)))
    surface.blit(light, light.get_rect(center=frame.center))


def ghost(scene, cell, size: int) -> pygame.Surface | None:
    """A faint pumpkin on reels 1 and 3 and a faint vault on reel 2 (while another may land)."""
    m = scene.maths
    if cell[1] in m.pumpkin_reels:
        kind = "pumpkin"
    elif cell[1] in m.vault_reels and sum(1 for it in scene.items.values() if it["kind"] == "vault") < m.max_vaults:
        kind = "vault"
    else:
        return None

    def build() -> pygame.Surface:
        img = scene.faces(size)[kind].copy()
        img.fill((70, 50, 100, 70), special_flags=pygame.BLEND_RGBA_MULT)   # a dark silhouette
        return img
    return _img(scene, ("ghost", kind, size), build)


def _reel_shift(scene, c: int) -> int | None:
    """Real px from reel c's landing board to its place (None while it spins): the
    value plates ride on their pumpkins and vaults."""
    return scene.reels.window_shift(c)


def draw_base_values(scene, surface) -> None:
    lay = scene.app.layout
    clip = surface.get_clip()
    surface.set_clip(lay.rect(scene.REELS_RECT))
    for (r, c), (label, value) in scene.pumpkins.items():
        shift = _reel_shift(scene, c)
        if shift is not None:
            draw_value(scene, surface, lay.rect(scene.reels.cell_rect(c, r)).move(0, shift), "pumpkin", label,
                       shown_value(scene, "pumpkin", (r, c), value))
    for (r, c), value in scene.vault_values.items():
        shift = _reel_shift(scene, c)
        if shift is not None:
            draw_value(scene, surface, lay.rect(scene.reels.cell_rect(c, r)).move(0, shift), "vault", None,
                       shown_value(scene, "vault", (r, c), value))
    surface.set_clip(clip)


def draw_lines(scene, surface) -> None:
    if not scene.win_lines:
        return
    lay = scene.app.layout
    glow = pulse(scene.time, 5.0)
    lines = scene.maths.raw["lines"]
    for i, ev in enumerate(scene.win_lines):
        color = panels.LINE_COLORS[ev["line"] % len(panels.LINE_COLORS)]
        pts = [lay.pt(*p) for p in line_points(scene.reels, lines[ev["line"]])]
        left = (lay.pt(scene.REELS_RECT[0] - FRAME_PAD + 4, 0)[0], pts[0][1])
        right = (lay.pt(scene.REELS_RECT[0] + scene.REELS_RECT[2] + FRAME_PAD - 4, 0)[0], pts[-1][1])
        path = [left] + pts + [right]
        pygame.draw.lines(surface, (30, 10, 10), False, path, lay.px(16))
        pygame.draw.lines(surface, D.lerp_color(color, (255, 255, 255), glow * 0.4), False, path, lay.px(9))
        for r, c in ev["positions"]:
            rect = lay.rect(scene.reels.cell_rect(c, r)).inflate(-lay.px(6), -lay.px(6))
            pygame.draw.rect(surface, color, rect, lay.px(5), border_radius=lay.px(18))
        for x, y in pts:
            pygame.draw.circle(surface, color, (x, y), lay.px(12))


def draw_trigger(scene, surface) -> None:
    if not scene.trigger_cells:
        return
    lay = scene.app.layout
    g = pulse(scene.time, 8.0)
    for r, c in scene.trigger_cells:
        rect = lay.rect(scene.reels.cell_rect(c, r)).inflate(-lay.px(4), -lay.px(4))
        pygame.draw.rect(surface, D.lerp_color((255, 120, 20), (255, 240, 160), g), rect, lay.px(8),
                         border_radius=lay.px(20))


def draw_anticipation(scene, surface) -> None:
    """A burning frame round the reel that may still trigger the bonus."""
    if scene.anticipation is None or scene.in_bonus:
        return
    lay = scene.app.layout
    c = scene.anticipation
    col = scene.reels.cell_rect(c, 0).union(scene.reels.cell_rect(c, 2)).inflate(10, 10)
    real = lay.rect(col)

    def tease_glow() -> pygame.Surface:
        return D.radial_glow(max(real.size) // 2, (255, 120, 20), 0.8)

    glow = _img(scene, ("tease", real.size), tease_glow)
    surface.blit(glow, glow.get_rect(center=real.center))
    g = pulse(scene.time, 12.0)
    pygame.draw.rect(surface, D.lerp_color((255, 100, 20), (255, 240, 120), g), real, lay.px(7),
                     border_radius=lay.px(22))


def draw_line_badges(scene, surface) -> None:
    """Payline numbers on both sides of the frame, at the rows each line starts and ends on."""
    if scene.in_bonus:
        return
    lay, A = scene.app.layout, scene.app.assets
    lines = scene.maths.raw["lines"]
    lit = {ev["line"] for ev in scene.win_lines}
    x_left = scene.REELS_RECT[0] - FRAME_PAD // 2 - 2
    x_right = scene.REELS_RECT[0] + scene.REELS_RECT[2] + FRAME_PAD // 2 + 2
    for side, x, end in (("l", x_left, 0), ("r", x_right, -1)):
        per_row: dict[int, list[int]] = {}
        for i, line in enumerate(lines):
            per_row.setdefault(line[end], []).append(i)
        for row, ids in per_row.items():
            cy = scene.reels.cell_rect(0, row).centery
            for k, i in enumerate(ids):
                y = cy + (k - (len(ids) - 1) / 2) * 40
                on = i in lit
                size = lay.px(34)
                badge = _img(scene, ("lbadge", i, size, on), lambda i=i, on=on: art.line_badge(i, size, on))
                surface.blit(badge, badge.get_rect(center=lay.pt(x, y)))
                A.blit_text(surface, str(i + 1), 24, (x, y + 1), (40, 10, 10) if on else D.CREAM, anchor="center",
                            bold=True)


def flight_progress(p: float, i: int, n: int) -> float:
    """How far the i-th of n collected values has flown at step progress p: each
    leaves a little after the one before and all arrive by p = 1."""
    return min(1.0, max(0.0, (p - 0.35 * i / max(n, 1)) / 0.65))


def _ease(p: float) -> float:
    return p * p * (3 - 2 * p)


def draw_flights(scene, surface) -> None:
    """Values travelling from pumpkins into the collecting vault."""
    if not scene.flights:
        return
    lay, A = scene.app.layout, scene.app.assets
    rect_of = (scene.grid.cell_rect if scene.in_bonus else lambda cell: scene.reels.cell_rect(cell[1], cell[0]))
    w, h = lay.px(150), lay.px(50)
    plate = _plate(scene, w, h, "fly")
    n = len(scene.flights)
    for i, (src, dst, text) in enumerate(scene.flights):
        # Staggered: each value leaves a little after the one before.
        p = flight_progress(scene.flight_p, i, n)
        if p <= 0.0 or p >= 1.0:
            continue
        a, b = rect_of(src).center, rect_of(dst).center
        q = _ease(p)
        x = a[0] + (b[0] - a[0]) * q
        y = a[1] + (b[1] - a[1]) * q - math.sin(q * math.pi) * 90
        rx, ry = lay.pt(x, y)
        surface.blit(plate, (rx - w // 2, ry - h // 2))
        A.blit_chars(surface, text, 36, (x, y), (60, 20, 10), anchor="center", bold=True)


def row_rect(scene, c: int) -> pygame.Rect:
    cell = scene.reels.cell_rect(c, 0)
    return pygame.Rect(cell.x, scene.ROW_Y, cell.w, scene.ROW_H)


def draw_row(scene, surface) -> None:
    """The row above the reels: one cell per reel (web, multiplier or skull)."""
    lay = scene.app.layout
    for c in range(3):
        real = lay.rect(row_rect(scene, c))

        def row_cell() -> pygame.Surface:
            return D.rounded_panel(real.size, (70, 30, 90), (26, 10, 40), radius=real.h // 3, border=(200, 120, 255),
                                   border_width=max(2, real.h // 28))

        panel = _img(scene, ("rowcell", real.size), row_cell)
        surface.blit(panel, real.topleft)
        size = lay.px(scene.ROW_H * 0.9)
        if scene.row_spinning:
            item = ROW_ITEMS[int(scene.time * 14 + c * 2) % len(ROW_ITEMS)]
        elif scene.row_items:
            item = scene.row_items[c]
        else:
            continue
        img = row_item(scene, item, size)
        if item == "skull" and scene.great_skull:
            img = _img(scene, ("skull", size, True), lambda: art.skull(size, glow=True))
        surface.blit(img, img.get_rect(center=real.center))


def head_center(scene) -> tuple[float, float]:
    return (960, 178) if scene.in_bonus else (960, 200)


def draw_big_head(scene, surface) -> None:
    """The Big Pumpkin (base) or the Big Skull (bonus; awake on three skulls)."""
    lay, A = scene.app.layout, scene.app.assets
    cx, cy = head_center(scene)
    bob = math.sin(scene.time * 2.0) * 5
    if scene.in_bonus:
        awake = bool(scene.great_skull)
        size = lay.px(180 if awake else 150)
        img = _img(scene, ("bigskull", size, awake), lambda: art_scene.big_skull(size, awake))
        if awake:
            grow = min(1.0, scene.skull_p * 3)             # it swells as it wakes (one cached picture, scaled)
            if grow < 1.0:
                side = lay.px(150 + 30 * grow)
                img = pygame.transform.smoothscale(img, (side, side))
            shake = math.sin(scene.time * 50) * 6 * max(0.0, 1 - scene.skull_p * 2)
            surface.blit(img, img.get_rect(center=lay.pt(cx + shake, cy)))
            A.blit_text(surface, f"x{scene.great_skull}", 96, (cx + 150, cy + 10), (255, 90, 60), anchor="center",
                        bold=True, outline=(40, 0, 0))
            return
    else:
        size = lay.px(210)
        img = _img(scene, ("bigpumpkin", size), lambda: art_scene.big_pumpkin(size))
    surface.blit(img, img.get_rect(center=lay.pt(cx, cy + bob)))


def draw_multipliers(scene, surface) -> None:
    """Each multiplier drops from the row (or the Great Skull) onto its cell."""
    if not scene.mult_fx:
        return
    lay, A = scene.app.layout, scene.app.assets
    p = scene.mult_p
    for m in scene.mult_fx:
        r, c = m["cell"]
        dst = scene.grid.cell_rect((r, c)).center
        src = head_center(scene) if scene.great_skull else row_rect(scene, c).center
        q = _ease(min(1.0, p / 0.55))
        x, y = src[0] + (dst[0] - src[0]) * q, src[1] + (dst[1] - src[1]) * q
        if p < 0.55:
            A.blit_text(surface, f"x{m['multiplier']}", 80, (x, y), (150, 255, 100), anchor="center", bold=True,
                        outline=(10, 40, 0))
        else:
            rect = lay.rect(scene.grid.cell_rect((r, c)))
            pygame.draw.rect(surface, (150, 255, 100), rect, lay.px(6), border_radius=lay.px(18))
            A.blit_text(surface, f"x{m['multiplier']}", 56, (dst[0], dst[1] - 40), (150, 255, 100), anchor="center",
                        bold=True, outline=(10, 40, 0))
            kind = m["target"]
            label = scene.items.get((r, c), {}).get("label")
            draw_value(scene, surface, rect, kind, label if kind == "pumpkin" else None,
                       shown_value(scene, kind, (r, c), m["after_x100"]))
