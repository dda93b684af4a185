"""Piggy Farm's right panel, for what is being played: the wheel guide and a small
paytable in the base game, the feature's rules beside the paytable in free spins, the
wheel's odds while it is up, the nest prizes in a hunt, the odds in the barn (the
panels' backs and the left counters: panels.py).
"""
from __future__ import annotations

import pygame

from cabinet.core.i18n import _, formats, translate
from cabinet.ui import draw as D
from cabinet.ui.figures import times

from .features import TIER_WORDS
from .layout import RIGHT
from .panels import FEATURE_NAMES


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
