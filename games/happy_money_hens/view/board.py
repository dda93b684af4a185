"""The base game's picture: framed 5x3 reels, the winning line, the three feature pots,
the fortune bet panel with the price of play, and the banners. Reads the scene's
state (set by its steps); every panel is pre-rendered once through `app.assets`.
"""
from __future__ import annotations

import math

import pygame

from cabinet.core.i18n import N_, _, translate
from cabinet.core.money import win_cents
from cabinet.ui import draw as D
from cabinet.ui.reels import line_points, pulse

from . import art
from .layout import FORTUNE, FORTUNE_X, POT_X, REELS

LINE_COLOURS = [(255, 90, 90), (90, 200, 255), (120, 240, 120), (255, 210, 70), (240, 120, 240)]
LINE_CYCLE = 1.3   # seconds per line when the round's wins are cycled


def _surf(scene, key, build):
    return scene.app.assets.surface(("hmh_base",) + key + (scene.app.layout.size,), build)


def draw_base(scene, surface: pygame.Surface) -> None:
    """The whole base-game board of a HensScene."""
    lay = scene.app.layout
    frame_r = REELS.inflate(44, 44)

    def reel_frame() -> pygame.Surface:
        return art.reel_frame((lay.px(frame_r.w), lay.px(frame_r.h)))

    frame = _surf(scene, ("frame",), reel_frame)
    surface.blit(frame, lay.pt(frame_r.x, frame_r.y))
    win = _current_line(scene)
    cells = {(reel, row) for row, reel in win["positions"]} if win is not None else set()
    scene.reels.draw(surface, skip=cells)
    _draw_winners(scene, surface, cells)
    _draw_hot_cells(scene, surface)
    _draw_line(scene, surface)
    _draw_pots(scene, surface)
    _draw_flying(scene, surface)
    _draw_plaque(scene, surface)
    _draw_fortune_panel(scene, surface)


def _draw_winners(scene, surface: pygame.Surface, cells: set[tuple[int, int]]) -> None:
    """The line's winning symbols, each in its own loop (a hen flaps, an egg wobbles)."""
    lay, size = scene.app.layout, scene.reels.face_size()
    for reel, row in cells:
        sym = scene.reels.reels[reel].column[row]
        scene.winners.draw(surface, sym, lay.pt(*scene.reels.cell_rect(reel, row).center), size, scene.time)


def _draw_hot_cells(scene, surface: pygame.Surface) -> None:
    lay = scene.app.layout

    def hot_glow() -> pygame.Surface:
        return D.radial_glow(lay.px(150), (255, 240, 170), 0.9)

    for row, reel in scene.hot_cells:
        r = scene.reels.cell_rect(reel, row)
        glow = _surf(scene, ("hot",), hot_glow)
        surface.blit(glow, glow.get_rect(center=lay.pt(*r.center)))


def _current_line(scene):
    if scene.busy or not scene.all_lines:
        return scene.win_line
    return scene.all_lines[int(scene.time / LINE_CYCLE) % len(scene.all_lines)]


def _draw_line(scene, surface: pygame.Surface) -> None:
    win = _current_line(scene)
    if win is None:
        return
    lay, A = scene.app.layout, scene.app.assets
    col = LINE_COLOURS[win["line"] % len(LINE_COLOURS)]

    def win_frame() -> pygame.Surface:
        return _win_frame((lay.px(scene.reels.cell_w), lay.px(scene.reels.cell_h)), col)

    frame = _surf(scene, ("winframe", col), win_frame)
    for row, reel in win["positions"]:
        surface.blit(frame, lay.pt(*scene.reels.cell_rect(reel, row).topleft))
    pts = [lay.pt(*p) for p in line_points(scene.reels, scene.lines[win["line"]])]
    glow = 0.5 + 0.5 * pulse(scene.time, 6)
    pygame.draw.lines(surface, (30, 10, 10), False, pts, lay.px(16))
    pygame.draw.lines(surface, D.lerp_color(col, (255, 255, 255), glow * 0.4), False, pts, lay.px(9))
    for p in pts[:1]:
        pygame.draw.circle(surface, col, p, lay.px(22))
        A.blit_text(surface, str(win["line"] + 1), 28, lay.to_logical(p), (20, 10, 10), anchor="center", bold=True)
    A.blit_text(surface, line_ticker(scene, win), 38, (960, 922), D.CREAM, anchor="center", bold=True,
                outline=(40, 20, 0))


def line_ticker(scene, win) -> str:
    """The line win's caption, at the bet the round was played at (not the bet now)."""
    cur = scene.app.cabinet.currency
    pay = cur.format(win_cents(scene.lines_bet, win["pay_x100"]))
    return _("LINE {line}:  {count} x {symbol}  PAYS {amount}").format(line=win["line"] + 1, count=win["count"],
                                                                      symbol=win["symbol"], amount=pay)


def _win_frame(size: tuple[int, int], col) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    s.fill((0, 0, 0, 0))
    pygame.draw.rect(s, (*col, 255), s.get_rect(), max(4, size[0] // 30), border_radius=max(6, size[0] // 8))
    return s


def _draw_pots(scene, surface: pygame.Surface) -> None:
    lay, A = scene.app.layout, scene.app.assets
    for colour, x in POT_X.items():
        level = scene.pot_levels.get(colour, 1)
        bursting = colour in scene.bursting
        center = (x - 80, 172)
        if bursting:
            p = scene.burst_p

            def burst_glow(colour: str = colour) -> pygame.Surface:
                return D.radial_glow(lay.px(130), D.lerp_color(art.POT_COLOURS[colour], (255, 255, 255), 0.5), 1.0)

            glow = _surf(scene, ("burst", colour), burst_glow)
            surface.blit(glow, glow.get_rect(center=lay.pt(*center)))
            for k in range(10):
                a = k * math.tau / 10 + p * 2
                d = 40 + 140 * p
                q = (center[0] + math.cos(a) * d, center[1] + math.sin(a) * d * 0.6)
                coin = _surf(scene, ("spark", colour), lambda colour=colour: art.coin(lay.px(30), colour))
                surface.blit(coin, coin.get_rect(center=lay.pt(*q)))

        def feature_pot(colour: str = colour, level: int = level) -> pygame.Surface:
            return art.feature_pot((lay.px(128), lay.px(128)), colour, level)

        pot = _surf(scene, ("pot", colour, level), feature_pot)
        bob = int(lay.px(6) * math.sin(scene.time * 5)) if bursting else 0
        surface.blit(pot, pot.get_rect(center=(lay.pt(*center)[0], lay.pt(*center)[1] + bob)))
        A.blit_text(surface, art.POT_FEATURE[colour], 28, (x - 4, 128), art.POT_COLOURS[colour], bold=True,
                    outline=(20, 10, 20))
        if bursting and int(scene.time * 6) % 2 == 0:
            A.blit_text(surface, _("TRIGGERED!"), 30, (x - 4, 162), (255, 255, 255), bold=True, outline=(120, 20, 20))
        elif not bursting:
            A.blit_text(
                surface,
                _("LEVEL {level}").format(level=level),
                30,
                (x - 4, 162),
                D.CREAM,
                bold=True,
                outline=(20, 10, 20),
            )
        for i in range(4):
            on = i < level

            def level_pip(on: bool = on, colour: str = colour) -> pygame.Surface:
                return art.image(f"pip.{colour if on else 'empty'}", lay.px(24))

            pip = _surf(scene, ("pip", colour, on), level_pip)
            surface.blit(pip, lay.pt(x - 2 + i * 30, 198))


def _draw_flying(scene, surface: pygame.Surface) -> None:
    """A feature symbol's coin flying from its cell into its pot."""
    if scene.flying is None:
        return
    lay = scene.app.layout
    pot, (x0, y0), p = scene.flying
    x1, y1 = POT_X[pot] - 80, 172
    q = p * p * (3 - 2 * p)
    x, y = x0 + (x1 - x0) * q, y0 + (y1 - y0) * q - 160 * math.sin(math.pi * q)
    c = _surf(scene, ("fly", pot), lambda: art.coin(lay.px(64), pot))
    surface.blit(c, c.get_rect(center=lay.pt(x, y)))


def _draw_plaque(scene, surface: pygame.Surface) -> None:
    """A wooden '20 LINES' sign on the left of the reels."""
    lay, A = scene.app.layout, scene.app.assets

    def wooden_sign() -> pygame.Surface:
        return D.rounded_panel((lay.px(190), lay.px(120)), (170, 110, 60), (100, 56, 26), radius=lay.px(18),
                               border=(255, 214, 120), border_width=lay.px(3))

    sign = _surf(scene, ("plaque",), wooden_sign)
    surface.blit(sign, lay.pt(24, 262))
    A.blit_text(surface, str(len(scene.lines)), 60, (119, 306), D.CREAM, anchor="center", bold=True,
                outline=(60, 30, 10))
    A.blit_text(surface, _("WIN LINES"), 26, (119, 356), D.CREAM, anchor="center", bold=True, outline=(60, 30, 10),
                fit=180)


def _draw_fortune_panel(scene, surface: pygame.Surface) -> None:
    lay, A = scene.app.layout, scene.app.assets

    def fortune_panel() -> pygame.Surface:
        return D.rounded_panel((lay.px(358), lay.px(640)), (70, 40, 100), (30, 16, 46), radius=lay.px(28),
                               border=D.GOLD, border_width=lay.px(3), alpha=235)

    panel = _surf(scene, ("fortune",), fortune_panel)
    surface.blit(panel, lay.pt(FORTUNE_X, 246))
    A.blit_text(surface, _("FORTUNE BET"), 40, (FORTUNE_X + 179, 290), D.GOLD, anchor="center", bold=True,
                outline=(60, 20, 0), fit=330)


FORTUNE_NOTE = {"base": N_("STANDARD SPINS"), "fortune_1_2": N_("MORE BONUSES"),
                "fortune_1_5": N_("MORE BONUSES, 2+ FEATURES"), "fortune_2": N_("MORE BONUSES, ALL 3 FEATURES")}


def draw_prices(scene, surface: pygame.Surface) -> None:
    """The price of play on each fortune bet button (drawn over the buttons) and what
    the selected level gives."""
    A = scene.app.assets
    FX = FORTUNE_X
    A.blit_text(surface, translate(FORTUNE_NOTE.get(scene.mode_id, "")), 22, (FX + 179, 856), D.CREAM, anchor="center",
                bold=True, fit=330)
    cur = scene.app.cabinet.currency
    for i, (mode, _price) in enumerate(FORTUNE):
        if not any(m.id == mode for m in scene.spin_modes):
            continue
        price = scene.spec.mode(mode).cost_cents(scene.bet)
        on = scene.mode_id == mode
        top = scene.offered_up_to(mode)
        if top is not None and scene.bet > top:     # the win limit keeps it off this bet
            text = _("WIN LIMIT: BETS UP TO {amount}").format(amount=cur.format(top)) if top else \
                _("NOT OFFERED (WIN LIMIT)")
        else:
            text = _("PLAY {amount}").format(amount=cur.format(price))
        A.blit_text(surface, text, 26 if len(text) < 20 else 22, (FORTUNE_X + 179, 330 + i * 128 + 78),
                    (255, 250, 220) if on else D.MUTED, anchor="center", bold=True, fit=320)


def draw_banner(scene, surface: pygame.Surface) -> None:
    """The announcement on top of either board (combination, win limit)."""
    if not scene.banner:
        return
    lay, A = scene.app.layout, scene.app.assets

    def banner_panel() -> pygame.Surface:
        return D.rounded_panel((lay.px(1000), lay.px(200)), (120, 40, 110), (50, 14, 50), radius=lay.px(40),
                               border=D.GOLD, border_width=lay.px(5), alpha=240)

    panel = _surf(scene, ("banner",), banner_panel)
    surface.blit(panel, panel.get_rect(center=lay.pt(960, 575)))
    A.blit_text(surface, scene.banner, 56 if len(scene.banner) < 30 else 44, (960, 545), D.GOLD, anchor="center",
                bold=True, outline=(70, 20, 0), fit=960)
    if scene.sub_banner:
        A.blit_text(surface, scene.sub_banner, 32, (960, 620), D.CREAM, anchor="center", bold=True, fit=960)
