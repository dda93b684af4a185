"""The panels either side of the board: the round's counters on the left (tumble win,
free spins left, multipliers); on the right what belongs to what is being played (the
wheel guide and a small paytable in the base game, the wheel's odds while it is up,
the feature's rules beside the paytable in free spins, the nest prizes in a hunt, the
odds in the barn); and the FARM WHEEL BOOST (ante) card under the BUY button.
"""
from __future__ import annotations

import pygame

from cabinet.core.i18n import _, formats, translate
from cabinet.core.money import win_cents
from cabinet.ui import draw as D
from cabinet.ui.figures import times

from . import art
from .features import TIER_WORDS
from .layout import ANTE, LEFT, RIGHT

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


def draw_right(scene, surface: pygame.Surface) -> None:
    """The right panel for what is on screen now."""
    if scene.hunt.active:
        _right_hunt(scene, surface)
    elif scene.risk.active:
        _right_risk(scene, surface)
    elif scene.wheel.tier:
        _right_wheel(scene, surface, scene.wheel.tier)
    elif scene.fs is not None:
        _paytable(scene, surface, _right_feature(scene, surface, scene.fs))
    else:
        _paytable(scene, surface, _wheel_guide(scene, surface))


def _title(scene, surface, text: str, y: float, color=(255, 214, 70)) -> None:
    scene.app.assets.blit_text(surface, text, 36, (RIGHT.centerx, y), color, anchor="midtop", bold=True,
                               outline=(60, 20, 0), fit=RIGHT.w - 30)


def _wheel_guide(scene, surface) -> float:
    """Which wheel 3, 4 and 5 windmills spin; returns where the paytable starts."""
    lay, A = scene.app.layout, scene.app.assets
    x0, y = RIGHT.x + 24, RIGHT.y + 22
    _title(scene, surface, _("THE FARM WHEEL"), y)
    y += 48
    wm = scene.boardview.face("WM", 54)
    for n, tier in sorted(scene.pm.tier_by_scatters.items()):
        for k in range(n):
            surface.blit(wm, lay.pt(x0 + k * 40, y))
        A.blit_text(surface, translate(TIER_WORDS[tier]), 30, (RIGHT.right - 30, y + 28), TIER_COLORS[tier],
                    anchor="midright", bold=True)
        y += 62
    return y + 6


TIER_COLORS = {"bronze": (230, 160, 90), "silver": (220, 226, 240), "gold": (255, 214, 70)}


def _right_feature(scene, surface, fs: dict) -> float:
    """The rules of the free-spins feature being played; returns where the paytable starts."""
    A = scene.app.assets
    x, y = RIGHT.centerx, RIGHT.y + 22
    _title(scene, surface, translate(FEATURE_NAMES.get(fs["feature"], "FREE SPINS")), y)
    y += 54
    raw = scene.pm.raw
    if fs["feature"] == "growing_season":
        lines = [(_("SPIN k PAYS xk"), (140, 255, 120)), (_("this spin: x{multiplier}").format(multiplier=fs["mult"]),
                                                            D.CREAM),
                 (_("windmills sleep: no wheel,"), D.MUTED), (_("no extra spins"), D.MUTED)]
    else:
        grid, more = raw["sticky_grid"], raw["free_spins"]
        lines = [(_("STICKY GRID"), (255, 150, 230)),
                 (_("a winning cell charges x{first}, then x{growth} per win,").format(
                     first=grid["first_charge"], growth=grid["growth"]), D.CREAM),
                 (_("up to x{cap}; a cluster pays x its cells' sum").format(cap=grid["cap"]), D.CREAM),
                 (_("{windmills}+ windmills: +{count} spins").format(
                     windmills=more["retrigger_scatters"], count=more["retrigger_spins"]), (120, 210, 255))]
        if fs["feature"] == "hog_wild":
            spawn = sorted(int(k) for k in scene.pm.mode("hog_wild")["spawn_weights"])
            lines.append((_("{low} to {high} wild pigs join every spin").format(low=spawn[0], high=spawn[-1]),
                          (150, 240, 110)))
    for text, color in lines:
        A.blit_text(surface, text, 24, (x, y), color, anchor="midtop", bold=color != D.MUTED, fit=RIGHT.w - 30)
        y += 32
    return y + 10


def _paytable(scene, surface, y: float) -> None:
    """A compact paytable with the symbols themselves, from `y` down."""
    lay, A = scene.app.layout, scene.app.assets
    x0 = RIGHT.x + 24
    cols = [(0, "5"), (2, "8-9"), (4, "12+")]                 # pay bands shown (index into math.yaml rows)
    pays = scene.pm.raw["pays_x100"]
    row_h = min(56, (RIGHT.bottom - 40 - (y + 32)) / len(pays))
    A.blit_text(surface, _("PAYS x BET"), 24, (x0 + 56, y + 10), D.MUTED, anchor="center", bold=True, fit=130)
    for k, (_key, head) in enumerate(cols):
        A.blit_text(surface, head, 26, (x0 + 190 + k * 120, y + 10), D.MUTED, anchor="center", bold=True)
    y += 32
    for sid, row in pays.items():
        face = scene.boardview.face(sid, min(52, row_h - 2))
        surface.blit(face, lay.pt(x0 + 10, y - 4))
        for k, (band, _head) in enumerate(cols):
            A.blit_text(surface, times(row[band] / 100)[:-1], 30, (x0 + 190 + k * 120, y + row_h / 2 - 6), D.CREAM,
                        anchor="center", bold=True)
        y += row_h
    A.blit_text(surface, _("Wild joins every cluster it touches"), 22, (RIGHT.centerx, y + 6), (200, 170, 130),
                anchor="midtop", fit=RIGHT.w - 30)


def _odds_rows(scene, surface, rows: list[tuple[str, str, float, bool]], y: float, row_h: float = 58) -> None:
    """A table of (name, amount, chance, lit) rows: the prize, its money at the bet, its
    chance as a percentage and a bar of that share."""
    lay, A = scene.app.layout, scene.app.assets
    x0 = RIGHT.x + 24
    bar_w = RIGHT.w - 48
    row_h = min(row_h, (RIGHT.bottom - 30 - y) / max(len(rows), 1))
    for name, amount, chance, lit in rows:
        color = (255, 250, 220) if lit else D.CREAM
        A.blit_text(surface, name, 26, (x0, y), (255, 214, 70) if lit else color, anchor="topleft", bold=True,
                    fit=190)
        A.blit_text(surface, amount, 24, (x0 + 250, y + 2), color, anchor="midtop", bold=True)
        A.blit_text(surface, chance_text(chance), 26, (RIGHT.right - 24, y), color, anchor="topright", bold=True)
        bar = lay.rect(x0, y + 30, bar_w, 10)
        pygame.draw.rect(surface, (60, 40, 24), bar, border_radius=lay.px(5))
        pygame.draw.rect(surface, (255, 214, 70) if lit else (200, 150, 80),
                         (bar.x, bar.y, max(1, round(bar.w * chance)), bar.h), border_radius=lay.px(5))
        y += row_h


def chance_text(p: float) -> str:
    """A chance as a player reads it: 24.7%, 0.82%, 0.02% (never a bare 0.0%)."""
    if p >= 0.1:
        return formats.percent(p * 100, 1)
    if p >= 0.0001:
        return formats.percent(p * 100, 2)
    return _("1 in {count}").format(count=formats.number(round(1 / p))) if p > 0 else formats.percent(0, 0)


def _right_wheel(scene, surface, tier: str) -> None:
    """The wheel on screen, slice by slice: what it pays and its chance (each drawn
    at exactly that share of the wheel)."""
    A = scene.app.assets
    _title(scene, surface, translate(f"{tier.capitalize()} wheel").upper(), RIGHT.y + 22, TIER_COLORS[tier])
    A.blit_text(surface, _("each slice is drawn at its chance"), 22, (RIGHT.centerx, RIGHT.y + 68), D.MUTED,
                anchor="midtop", fit=RIGHT.w - 30)
    slices = scene.pm.wheel.tiers[tier]
    total = sum(s.weight for s in slices)
    rows = []
    for s in slices:
        if s.kind == "coin":
            name, amount = times(int(s.value) / 100), scene.money(int(s.value))
        elif s.kind == "free_spins":
            name = _("FREE SPINS x{multiplier}").format(multiplier=int(s.value))
            amount = _("{count} spins").format(count=scene.pm.raw["free_spins"]["spins"])
        else:
            name = _("UPGRADE")
            amount = _("to {tier}").format(tier=translate(TIER_WORDS[scene.pm.wheel.next_tier(tier)]))
        rows.append((name, amount, s.weight / total, False))
    _odds_rows(scene, surface, rows, RIGHT.y + 120, row_h=96)


def _right_hunt(scene, surface) -> None:
    """The prizes a nest can hold at this bet and the chance of each."""
    A = scene.app.assets
    mode = scene.played.mode if scene.played is not None else "golden_egg_hunt"
    hunt = scene.pm.hunt(mode)
    _title(scene, surface, _("NEST PRIZES"), RIGHT.y + 22)
    counts = sorted(hunt.prize_counts)
    A.blit_text(surface, _("{low} to {high} prizes in {nests} nests, then the rooster").format(
        low=counts[0], high=counts[-1], nests=hunt.nests), 22, (RIGHT.centerx, RIGHT.y + 68), D.MUTED, anchor="midtop",
        fit=RIGHT.w - 30)
    total = sum(hunt.ladder.values())
    found = {v for v in scene.hunt.opened.values() if v}
    rows = [(times(v / 100), scene.money(v), w / total, v in found) for v, w in sorted(hunt.ladder.items())]
    _odds_rows(scene, surface, rows, RIGHT.y + 110)


def _right_risk(scene, surface) -> None:
    """RISK THE FARM's two outcomes and their chances."""
    m = scene.pm.mode("risk_the_farm")
    num, den = (int(v) for v in m["chance"])
    _title(scene, surface, _("THE ODDS"), RIGHT.y + 22, (255, 120, 100))
    scene.app.assets.blit_text(surface, _("one draw, decided before the doors open"), 22,
                               (RIGHT.centerx, RIGHT.y + 68), D.MUTED, anchor="midtop", fit=RIGHT.w - 30)
    rows = [(times(m["prize_x100"] / 100), scene.money(int(m["prize_x100"])), num / den, scene.risk.won is True),
            (_("NOTHING"), scene.money(0), 1 - num / den, scene.risk.won is False)]
    _odds_rows(scene, surface, rows, RIGHT.y + 130, row_h=70)
    A = scene.app.assets
    cost = scene.spec.mode("risk_the_farm").cost_x100
    for i, text in enumerate(
        (
            _("it costs {times} the bet ({amount})").format(times=times(cost / 100), amount=scene.money(cost)),
            _("the one mode the {times} cap does not hold:").format(times=times(scene.pm.cap_x100 / 100)),
            _("its whole win is that single prize"),
        )
    ):
        A.blit_text(surface, text, 24, (RIGHT.centerx, RIGHT.y + 300 + i * 34), D.CREAM, anchor="midtop",
                    fit=RIGHT.w - 30)


def ante_wheel_ratio(scene) -> float | None:
    """How many times as often FARM WHEEL BOOST's own reels bring THE FARM WHEEL as the
    base game's, from the shipped libraries (None without them: live math)."""
    if not hasattr(scene, "_ante_ratio"):
        setup = scene.app.cabinet.games.get(scene.spec.id)
        library = getattr(setup, "library", None)
        ratio = None
        if library is not None:
            try:
                freq = []
                for mode in ("base", "ante"):
                    mb = library.books(mode)
                    hit = (mb.features & library.feature_bit(mode, "wheel")) != 0
                    freq.append(int(mb.weight[hit].sum()) / int(mb.weight.sum()))
                ratio = freq[1] / freq[0] if freq[0] else None
            except KeyError:
                ratio = None
        scene._ante_ratio = ratio
    return scene._ante_ratio


def draw_ante(scene, surface: pygame.Surface) -> None:
    """The caption under the FARM WHEEL BOOST toggle, on its own dark plate: its price
    per spin, that it plays its own reels, and how much more often the wheel comes."""
    app, A = scene.app, scene.app.assets
    lay = app.layout
    cur = app.cabinet.currency
    ante = scene.spec.mode("ante")
    on = scene.mode_id == "ante"
    A.blit_text(surface, _("FARM WHEEL"), 22, (ANTE.centerx, ANTE.y + 22), (40, 24, 8) if on else D.CREAM,
                anchor="center", bold=True, fit=ANTE.w - 16)
    plate = pygame.Rect(ANTE.x, ANTE.bottom + 8, ANTE.w, 112)

    def caption_plate() -> pygame.Surface:
        return D.rounded_panel(lay.rect(plate).size, (40, 28, 16), (22, 14, 8), radius=lay.px(16),
                               border=(230, 180, 90), border_width=max(1, lay.px(2)), alpha=235)

    back = A.surface(("pf_ante_caption", lay.size), caption_plate)
    surface.blit(back, lay.pt(plate.x, plate.y))
    ratio = ante_wheel_ratio(scene)
    lines = [
        (_("{amount} a spin").format(amount=cur.format(ante.cost_cents(scene.bet))), 24, (255, 214, 70)),
        (_("{times} bet, own reels").format(times=times(ante.cost_x100 / 100)), 20, D.CREAM),
        (
            _("the wheel {ratio}x as often").format(ratio=formats.number(ratio)) if ratio else _("more windmills"),
            20,
            D.CREAM,
        ),
    ]
    for i, (text, size, color) in enumerate(lines):
        A.blit_text(surface, text, size, (plate.centerx, plate.y + 22 + i * 32), color, anchor="center", bold=True,
                    fit=plate.w - 12)
