"""The panels either side of the board: the round's counters on the left (tumble win,
free spins left, multipliers), the wheel guide and a small paytable on the right, and
the FARM WHEEL BOOST (ante) card under the BUY button.
"""
from __future__ import annotations

import pygame

from cabinet.core.money import win_cents
from cabinet.ui import draw as D

from .layout import ANTE, LEFT, RIGHT

FEATURE_NAMES = {"free_spins": "FREE SPINS", "hog_wild": "HOG WILD", "growing_season": "GROWING SEASON"}


def _panel(app, key: str, rect: pygame.Rect, top=(60, 40, 24), bottom=(30, 18, 10)) -> pygame.Surface:
    lay = app.layout
    size = lay.rect(rect).size
    return app.assets.surface(("pf_panel", key, size), lambda: D.rounded_panel(
        size, top, bottom, radius=lay.px(24), border=(230, 180, 90), border_width=lay.px(3), alpha=225))


def draw_panel_backs(scene, surface: pygame.Surface) -> None:
    """Both side panels' backs (composed once into the scene's background)."""
    lay = scene.app.layout
    surface.blit(_panel(scene.app, "left", LEFT), lay.pt(LEFT.x, LEFT.y))
    surface.blit(_panel(scene.app, "right", RIGHT), lay.pt(RIGHT.x, RIGHT.y))


def draw_left(scene, surface: pygame.Surface) -> None:
    """Counters: the running tumble win, free spins, multipliers."""
    app, A = scene.app, scene.app.assets
    cur = app.cabinet.currency
    bet = scene.bet
    x = LEFT.centerx
    y = LEFT.y + 30
    fs = scene.fs
    if fs is not None:
        A.blit_text(surface, FEATURE_NAMES.get(fs["feature"], "FREE SPINS"), 40, (x, y), (255, 214, 70), anchor="midtop",
                    bold=True, outline=(60, 20, 0))
        y += 60
        A.blit_text(surface, "SPIN", 26, (x, y), D.MUTED, anchor="midtop", bold=True)
        A.blit_text(surface, f"{fs['index']} of {fs['of']}", 56, (x, y + 28), D.CREAM, anchor="midtop", bold=True)
        left = fs["of"] - fs["index"]
        A.blit_text(surface, f"{left} spin{'s' if left != 1 else ''} left", 28, (x, y + 86), (170, 230, 150),
                    anchor="midtop", bold=True)
        y += 140
        if fs["feature"] == "growing_season":
            A.blit_text(surface, "THIS SPIN PAYS", 26, (x, y), D.MUTED, anchor="midtop", bold=True)
            A.blit_text(surface, f"x{fs['mult']}", 110, (x, y + 26), (140, 255, 120), anchor="midtop", bold=True,
                        outline=(20, 70, 10))
            y += 150
            A.blit_text(surface, "windmills sleep here", 24, (x, y), (200, 200, 255), anchor="midtop")
            y += 40
        else:
            if fs["start"] > 1:
                A.blit_text(surface, "START MULTIPLIER", 24, (x, y), D.MUTED, anchor="midtop", bold=True)
                A.blit_text(surface, f"x{fs['start']}", 64, (x, y + 26), (255, 150, 230), anchor="midtop", bold=True,
                            outline=(60, 0, 50))
                y += 104
            A.blit_text(surface, "STICKY GRID", 24, (x, y), D.MUTED, anchor="midtop", bold=True)
            if fs["charged"]:
                A.blit_text(surface, f"{fs['charged']} cells charged", 30, (x, y + 28), D.CREAM, anchor="midtop", bold=True)
                A.blit_text(surface, f"top cell x{fs['top']}", 30, (x, y + 62), (255, 150, 230), anchor="midtop", bold=True)
            else:
                A.blit_text(surface, "wins charge cells", 28, (x, y + 28), D.CREAM, anchor="midtop", bold=True)
                A.blit_text(surface, "x1, x2, x4 ... x128", 28, (x, y + 62), (255, 150, 230), anchor="midtop", bold=True)
            y += 110
        A.blit_text(surface, "FEATURE WIN", 26, (x, y), D.MUTED, anchor="midtop", bold=True)
        A.blit_chars(surface, cur.format(win_cents(bet, fs["won"])), 44, (x, y + 28), (255, 214, 70), anchor="midtop",
                     bold=True)
        if fs.get("spawned"):
            n = fs["spawned"]
            A.blit_text(surface, f"+{n} WILD PIG{'S' if n > 1 else ''} this spin", 28, (x, y + 86), (150, 240, 110),
                        anchor="midtop", bold=True)
    elif scene.hunt.active:
        _hunt_counters(scene, surface, x, y)
    elif scene.risk.active:
        _risk_counters(scene, surface, x, y)
    else:
        A.blit_text(surface, "PIGGY FARM", 46, (x, y), (255, 190, 200), anchor="midtop", bold=True, outline=(90, 20, 40))
        A.blit_text(surface, "Oink more. Win more!", 26, (x, y + 50), D.CREAM, anchor="midtop")
        y += 110
        A.blit_text(surface, "5+ touching symbols pay", 26, (x, y), D.CREAM, anchor="midtop", bold=True)
        A.blit_text(surface, "anywhere on the board", 26, (x, y + 30), D.CREAM, anchor="midtop")
        y += 80
        A.blit_text(surface, "Wins explode and tumble:", 26, (x, y), D.CREAM, anchor="midtop", bold=True)
        A.blit_text(surface, "new symbols drop in", 26, (x, y + 30), D.CREAM, anchor="midtop")
        y += 80
        if scene.mode_id == "ante":
            A.blit_text(surface, "FARM WHEEL BOOST ON", 28, (x, y), (120, 210, 255), anchor="midtop", bold=True)
            A.blit_text(surface, "the wheel comes 5x as often", 24, (x, y + 32), D.CREAM, anchor="midtop")
    if scene.hunt.active or scene.risk.active:
        return
    ty = LEFT.bottom - 200
    A.blit_text(surface, "TUMBLE WIN", 28, (x, ty), D.MUTED, anchor="midtop", bold=True)
    A.blit_chars(surface, cur.format(win_cents(bet, scene.tumble_x100)), 52, (x, ty + 32),
                 (255, 214, 70) if scene.tumble_x100 else D.CREAM, anchor="midtop", bold=True)
    if scene.tumble_count:
        A.blit_text(surface, f"tumble {scene.tumble_count}", 28, (x, ty + 92), (170, 230, 150), anchor="midtop", bold=True)
    if scene.capped:
        A.blit_text(surface, "MAX WIN REACHED", 30, (x, LEFT.bottom - 40), (255, 120, 100), anchor="midtop", bold=True)


def _hunt_counters(scene, surface, x: int, y: int) -> None:
    A, hunt = scene.app.assets, scene.hunt
    A.blit_text(surface, hunt.title, 34, (x, y), (255, 214, 70), anchor="midtop", bold=True, outline=(60, 20, 0),
                wrap=300)
    y += 90
    opened = len(hunt.opened)
    prizes = sum(1 for v in hunt.opened.values() if v is not None)
    A.blit_text(surface, "NESTS OPENED", 26, (x, y), D.MUTED, anchor="midtop", bold=True)
    A.blit_text(surface, f"{opened} of 12", 52, (x, y + 28), D.CREAM, anchor="midtop", bold=True)
    A.blit_text(surface, f"{prizes} prize{'s' if prizes != 1 else ''} found", 30, (x, y + 86), (170, 230, 150),
                anchor="midtop", bold=True)
    y += 150
    if hunt.ladder:
        low, high, least = hunt.ladder
        A.blit_text(surface, f"{low / 100:,g}x to {high / 100:,g}x a nest", 26, (x, y), (255, 214, 70), anchor="midtop",
                    bold=True)
        A.blit_text(surface, f"at least {least} prizes", 26, (x, y + 30), D.CREAM, anchor="midtop")
        y += 70
    A.blit_text(surface, "The rooster ends the hunt", 24, (x, y), D.CREAM, anchor="midtop")
    y += 50
    A.blit_text(surface, "HUNT WIN", 26, (x, y), D.MUTED, anchor="midtop", bold=True)
    total = sum(v for v in hunt.opened.values() if v)
    A.blit_chars(surface, scene.money(total), 48, (x, y + 28), (255, 214, 70), anchor="midtop", bold=True)


def _risk_counters(scene, surface, x: int, y: int) -> None:
    A = scene.app.assets
    m = scene.pm.mode("risk_the_farm")
    num, den = (int(v) for v in m["chance"])
    A.blit_text(surface, "RISK THE FARM", 36, (x, y), (255, 120, 100), anchor="midtop", bold=True, outline=(60, 10, 0))
    y += 70
    A.blit_text(surface, "ONE DRAW", 28, (x, y), D.MUTED, anchor="midtop", bold=True)
    A.blit_text(surface, f"{m['prize_x100'] / 100:,g}x", 64, (x, y + 34), (255, 214, 70), anchor="midtop", bold=True)
    A.blit_text(surface, scene.money(int(m["prize_x100"])), 36, (x, y + 100), D.CREAM, anchor="midtop", bold=True)
    A.blit_text(surface, "or nothing", 30, (x, y + 146), D.CREAM, anchor="midtop")
    A.blit_text(surface, f"about 1 time in {den / num:.1f}", 26, (x, y + 196), (170, 230, 150), anchor="midtop",
                bold=True)


def draw_right(scene, surface: pygame.Surface) -> None:
    """The wheel guide and a compact paytable with the symbols themselves."""
    lay, A = scene.app.layout, scene.app.assets
    x0 = RIGHT.x + 24
    y = RIGHT.y + 22
    A.blit_text(surface, "THE FARM WHEEL", 36, (RIGHT.centerx, y), (255, 214, 70), anchor="midtop", bold=True,
                outline=(60, 20, 0))
    y += 48
    wm = scene.boardview.face("WM", 54)
    for n, tier in sorted(scene.pm.tier_by_scatters.items()):
        for k in range(n):
            surface.blit(wm, lay.pt(x0 + k * 40, y))
        A.blit_text(surface, tier.upper(), 30, (RIGHT.right - 30, y + 28), {"bronze": (230, 160, 90), "silver": (220, 226, 240),
                    "gold": (255, 214, 70)}[tier], anchor="midright", bold=True)
        y += 62
    y += 6
    cols = [(0, "5"), (2, "8-9"), (4, "12+")]                 # pay bands shown (index into math.yaml rows)
    A.blit_text(surface, "PAYS x BET", 24, (x0 + 56, y + 10), D.MUTED, anchor="center", bold=True)
    for k, (_, head) in enumerate(cols):
        A.blit_text(surface, head, 26, (x0 + 190 + k * 120, y + 10), D.MUTED, anchor="center", bold=True)
    y += 32
    pays = scene.pm.raw["pays_x100"]
    for sid, row in pays.items():
        face = scene.boardview.face(sid, 52)
        surface.blit(face, lay.pt(x0 + 10, y - 4))
        for k, (band, _) in enumerate(cols):
            A.blit_text(surface, f"{row[band] / 100:g}", 30, (x0 + 190 + k * 120, y + 22), D.CREAM, anchor="center",
                        bold=True)
        y += 56
    A.blit_text(surface, "Wild joins every cluster it touches", 22, (RIGHT.centerx, y + 6), (200, 170, 130),
                anchor="midtop")


def draw_ante(scene, surface: pygame.Surface) -> None:
    """The caption under the FARM WHEEL BOOST toggle: its price per spin."""
    app, A = scene.app, scene.app.assets
    cur = app.cabinet.currency
    ante = scene.spec.mode("ante")
    on = scene.mode_id == "ante"
    A.blit_text(surface, "FARM WHEEL", 22, (ANTE.centerx, ANTE.y + 22), (40, 24, 8) if on else D.CREAM, anchor="center",
                bold=True)
    A.blit_text(surface, f"{cur.format(ante.cost_cents(scene.bet))} / spin", 22, (ANTE.centerx, ANTE.bottom + 18),
                D.CREAM, anchor="center", bold=True)
    A.blit_text(surface, f"{ante.cost_x100 / 100:g}x bet, wheel 5x as often", 18, (ANTE.centerx, ANTE.bottom + 42),
                D.MUTED, anchor="center")
