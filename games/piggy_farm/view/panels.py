"""The panels either side of the board: their backs, and the round's counters on the
left (tumble win, free spins left, multipliers; a hunt's and the barn's counters).
The right panel is right_panel.py; the FARM WHEEL BOOST (ante) card, ante_card.py.
"""
from __future__ import annotations

import pygame

from cabinet.core.i18n import _, formats, translate
from cabinet.core.money import win_cents
from cabinet.ui import draw as D
from cabinet.ui.figures import times

from . import art
from .ante_card import ante_wheel_ratio
from .layout import LEFT, RIGHT

FEATURE_NAMES = {"free_spins": "FREE SPINS", "hog_wild": "HOG WILD", "growing_season": "GROWING SEASON"}


def _panel(app, key: str, rect: pygame.Rect) -> pygame.Surface:
    """A side panel's back in the skin's colours."""
    lay = app.layout
    size = lay.rect(rect).size
    return app.assets.surface(("pf_panel", key, size), lambda: D.rounded_panel(
        size, art.color("panel_top"), art.color("panel_bottom"), radius=lay.px(24), border=art.color("panel_rim"),
        border_width=lay.px(3)))            # opaque: the farm (the barn) does not show through


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
        A.blit_text(
            surface,
            translate(FEATURE_NAMES.get(fs["feature"], "FREE SPINS")),
            40,
            (x, y),
            (255, 214, 70),
            anchor="midtop", fit=300,
            bold=True,
            outline=(60, 20, 0),
        )
        y += 60
        A.blit_text(surface, _("SPIN"), 26, (x, y), D.MUTED, anchor="midtop", fit=300, bold=True)
        A.blit_text(
            surface,
            _("{number} of {count}").format(number=fs["index"], count=fs["of"]),
            56,
            (x, y + 28),
            D.CREAM,
            anchor="midtop",
            fit=300,
            bold=True,
        )
        left = fs["of"] - fs["index"]
        A.blit_text(
            surface,
            (_("1 spin left") if left == 1 else _("{count} spins left").format(count=left)),
            28,
            (x, y + 86),
            (170, 230, 150),
            anchor="midtop",
            fit=300,
            bold=True,
        )
        y += 140
        if fs["feature"] == "growing_season":
            A.blit_text(surface, _("THIS SPIN PAYS"), 26, (x, y), D.MUTED, anchor="midtop", fit=300, bold=True)
            A.blit_text(
                surface,
                f"x{fs['mult']}",
                110,
                (x, y + 26),
                (140, 255, 120),
                anchor="midtop",
                fit=300,
                bold=True,
                outline=(20, 70, 10),
            )
            y += 150
            A.blit_text(surface, _("windmills sleep here"), 24, (x, y), (200, 200, 255), anchor="midtop", fit=300)
            y += 40
        else:
            if fs["start"] > 1:
                A.blit_text(surface, _("START MULTIPLIER"), 24, (x, y), D.MUTED, anchor="midtop", fit=300, bold=True)
                A.blit_text(
                    surface,
                    f"x{fs['start']}",
                    64,
                    (x, y + 26),
                    (255, 150, 230),
                    anchor="midtop",
                    fit=300,
                    bold=True,
                    outline=(60, 0, 50),
                )
                y += 104
            A.blit_text(surface, _("STICKY GRID"), 24, (x, y), D.MUTED, anchor="midtop", fit=300, bold=True)
            if fs["charged"]:
                A.blit_text(
                    surface,
                    _("{count} cells charged").format(count=fs["charged"]),
                    30,
                    (x, y + 28),
                    D.CREAM,
                    anchor="midtop",
                    fit=300,
                    bold=True,
                )
                A.blit_text(
                    surface,
                    _("top cell x{multiplier}").format(multiplier=fs["top"]),
                    30,
                    (x, y + 62),
                    (255, 150, 230),
                    anchor="midtop",
                    fit=300,
                    bold=True,
                )
            else:
                A.blit_text(
                    surface, _("wins charge cells"), 28, (x, y + 28), D.CREAM, anchor="midtop", fit=300, bold=True
                )
                A.blit_text(
                    surface,
                    "x1, x2, x4 ... x128",
                    28,
                    (x, y + 62),
                    (255, 150, 230),
                    anchor="midtop",
                    fit=300,
                    bold=True,
                )
            y += 110
        A.blit_text(surface, _("FEATURE WIN"), 26, (x, y), D.MUTED, anchor="midtop", fit=300, bold=True)
        A.blit_chars(surface, cur.format(win_cents(bet, fs["won"])), 44, (x, y + 28), (255, 214, 70), anchor="midtop",
                     bold=True)
        if fs.get("spawned"):
            n = fs["spawned"]
            spawned = _("+1 WILD PIG this spin") if n == 1 else _("+{count} WILD PIGS this spin").format(count=n)
            A.blit_text(surface, spawned, 28, (x, y + 86), (150, 240, 110), anchor="midtop", fit=300, bold=True)
    elif scene.hunt.active:
        _hunt_counters(scene, surface, x, y)
    elif scene.risk.active:
        _risk_counters(scene, surface, x, y)
    else:
        A.blit_text(
            surface,
            "PIGGY FARM",
            46,
            (x, y),
            (255, 190, 200),
            anchor="midtop",
            fit=300,
            bold=True,
            outline=(90, 20, 40),
        )
        A.blit_text(surface, _("Oink more. Win more!"), 26, (x, y + 50), D.CREAM, anchor="midtop", fit=300)
        y += 110
        A.blit_text(surface, _("5+ touching symbols pay"), 26, (x, y), D.CREAM, anchor="midtop", fit=300, bold=True)
        A.blit_text(surface, _("anywhere on the board"), 26, (x, y + 30), D.CREAM, anchor="midtop", fit=300)
        y += 80
        A.blit_text(surface, _("Wins explode and tumble:"), 26, (x, y), D.CREAM, anchor="midtop", fit=300, bold=True)
        A.blit_text(surface, _("new symbols drop in"), 26, (x, y + 30), D.CREAM, anchor="midtop", fit=300)
        y += 80
        if scene.mode_id == "ante":
            ratio = ante_wheel_ratio(scene)
            A.blit_text(
                surface, _("FARM WHEEL BOOST ON"), 28, (x, y), (120, 210, 255), anchor="midtop", fit=300, bold=True
            )
            A.blit_text(surface, _("the wheel comes {ratio}x as often").format(ratio=formats.number(ratio)) if ratio
                        else _("more windmills, more wheels"),
                        24, (x, y + 32), D.CREAM, anchor="midtop", fit=300)
    if scene.hunt.active or scene.risk.active:
        return
    ty = LEFT.bottom - 200
    A.blit_text(surface, _("TUMBLE WIN"), 28, (x, ty), D.MUTED, anchor="midtop", fit=300, bold=True)
    A.blit_chars(surface, cur.format(win_cents(bet, scene.tumble_x100)), 52, (x, ty + 32),
                 (255, 214, 70) if scene.tumble_x100 else D.CREAM, anchor="midtop", bold=True)
    if scene.tumble_count:
        A.blit_text(
            surface,
            _("tumble {number}").format(number=scene.tumble_count),
            28,
            (x, ty + 92),
            (170, 230, 150),
            anchor="midtop",
            fit=300,
            bold=True,
        )
    if scene.capped:
        A.blit_text(
            surface,
            _("MAX WIN REACHED"),
            30,
            (x, LEFT.bottom - 40),
            (255, 120, 100),
            anchor="midtop",
            fit=300,
            bold=True,
        )


def _hunt_counters(scene, surface, x: int, y: int) -> None:
    A, hunt = scene.app.assets, scene.hunt
    A.blit_text(
        surface,
        hunt.title,
        34,
        (x, y),
        (255, 214, 70),
        anchor="midtop",
        fit=300,
        bold=True,
        outline=(60, 20, 0),
        wrap=300,
    )
    y += 90
    opened = len(hunt.opened)
    prizes = sum(1 for v in hunt.opened.values() if v is not None)
    A.blit_text(surface, _("NESTS OPENED"), 26, (x, y), D.MUTED, anchor="midtop", fit=300, bold=True)
    A.blit_text(
        surface,
        _("{number} of {count}").format(number=opened, count=12),
        52,
        (x, y + 28),
        D.CREAM,
        anchor="midtop",
        fit=300,
        bold=True,
    )
    A.blit_text(
        surface,
        (_("1 prize found") if prizes == 1 else _("{count} prizes found").format(count=prizes)),
        30,
        (x, y + 86),
        (170, 230, 150),
        anchor="midtop",
        fit=300,
        bold=True,
    )
    y += 150
    if hunt.ladder:
        low, high, least = hunt.ladder
        ladder = _("{low} to {high} a nest").format(low=times(low / 100), high=times(high / 100))
        A.blit_text(surface, ladder, 26, (x, y), (255, 214, 70), anchor="midtop", fit=300, bold=True)
        A.blit_text(
            surface,
            _("at least {count} prizes").format(count=least),
            26,
            (x, y + 30),
            D.CREAM,
            anchor="midtop",
            fit=300,
        )
        y += 70
    A.blit_text(surface, _("The rooster ends the hunt"), 24, (x, y), D.CREAM, anchor="midtop", fit=300)
    y += 50
    A.blit_text(surface, _("HUNT WIN"), 26, (x, y), D.MUTED, anchor="midtop", fit=300, bold=True)
    total = sum(v for v in hunt.opened.values() if v)
    A.blit_chars(surface, scene.money(total), 48, (x, y + 28), (255, 214, 70), anchor="midtop", bold=True)


def _risk_counters(scene, surface, x: int, y: int) -> None:
    A = scene.app.assets
    m = scene.pm.mode("risk_the_farm")
    num, den = (int(v) for v in m["chance"])
    A.blit_text(
        surface,
        _("RISK THE FARM"),
        36,
        (x, y),
        (255, 120, 100),
        anchor="midtop",
        fit=300,
        bold=True,
        outline=(60, 10, 0),
    )
    y += 70
    A.blit_text(surface, _("ONE DRAW"), 28, (x, y), D.MUTED, anchor="midtop", fit=300, bold=True)
    A.blit_text(
        surface, times(m["prize_x100"] / 100), 64, (x, y + 34), (255, 214, 70), anchor="midtop", fit=300, bold=True
    )
    A.blit_text(
        surface, scene.money(int(m["prize_x100"])), 36, (x, y + 100), D.CREAM, anchor="midtop", fit=300, bold=True
    )
    A.blit_text(surface, _("or nothing"), 30, (x, y + 146), D.CREAM, anchor="midtop", fit=300)
    A.blit_text(
        surface,
        _("about 1 time in {odds}").format(odds=formats.number(den / num, 1)),
        26,
        (x, y + 196),
        (170, 230, 150),
        anchor="midtop",
        fit=300,
        bold=True,
    )
