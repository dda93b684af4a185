"""Piggy Farm's feature pictures: THE FARM WHEEL (bronze, silver, gold), the egg hunt's
twelve nests, RISK THE FARM's barn doors, and the banner that announces things.

Like the board, each view holds plain state that the scene's steps set, and draws
from surfaces built once per window size.
"""
from __future__ import annotations

import math
from fractions import Fraction

import pygame

from cabinet.core.i18n import N_, _, current, formats, translate
from cabinet.ui import draw as D
from cabinet.ui.figures import times
from cabinet.ui.wheel_parts import WheelArt
from cabinet.ui.wheel_view import WheelSlice, WheelView

from . import art
from .layout import RECT

TIER_RIM = {"bronze": ((214, 140, 70), (110, 60, 20)), "silver": ((214, 220, 232), (100, 106, 124)),
            "gold": ((255, 210, 70), (150, 96, 10))}
TIERS = tuple(TIER_RIM)


def wheel_art(tier: str) -> WheelArt:
    """The tier's rim and the pointer: files of the game's skin (tools/make_assets.py)."""
    return WheelArt(art.GAME, rim=f"wheel.{tier}.rim")


TIER_WORDS = {"bronze": N_("BRONZE"), "silver": N_("SILVER"), "gold": N_("GOLD")}     # a wheel's tier as read
TIER_TEXT = {"bronze": (255, 200, 150), "silver": (235, 240, 255), "gold": (255, 224, 110)}


def slice_color(kind: str, value, tier: str) -> tuple[int, int, int]:
    """Coins warm (deeper red for bigger prizes), free spins green, upgrade blue."""
    if kind == "free_spins":
        return (50, 170, 80) if int(value) < 5 else (30, 140, 120)
    if kind == "upgrade":
        return (70, 110, 230)
    ladder = {"bronze": [500, 1000, 2000], "silver": [2500, 5000, 10000], "gold": [20000, 50000, 100000]}[tier]
    k = sum(1 for v in ladder if int(value) >= v) - 1
    return [(236, 150, 40), (226, 96, 40), (196, 40, 60)][max(min(k, 2), 0)]


def visual_slices(slices, wedges_about: int = 12) -> list[tuple[int, float]]:
    """The wheel as drawn: about `wedges_about` wedges, each math slice split into
    copies in proportion to its weight (at least one), the copies sharing its weight
    equally, so every slice's drawn share of the wheel is exactly its chance. Copies
    are spread around the wheel. Returns (math slice index, share of the wheel) per wedge."""
    total_weight = sum(s.weight for s in slices)
    copies = [max(1, round(wedges_about * s.weight / total_weight)) for s in slices]
    total = sum(copies)
    placed: list[tuple[float, int]] = []
    for i, n in enumerate(copies):
        for k in range(n):
            placed.append(((k + 0.5 * (i / len(copies))) / n, i))
    wedges = [i for _, i in sorted(placed)]
    for j in range(total):                  # no two equal neighbours where a swap fixes it
        if wedges[j] == wedges[(j + 1) % total]:
            for m in range(j + 2, j + total):
                a, b = wedges[m % total], wedges[(m + 1) % total]
                if a != wedges[j] and b != wedges[j] and wedges[(m - 1) % total] != wedges[(j + 1) % total]:
                    wedges[(j + 1) % total], wedges[m % total] = wedges[m % total], wedges[(j + 1) % total]
                    break
    return [(i, slices[i].weight / (total_weight * copies[i])) for i in wedges]


class FarmWheel:
    """The three tiers' wheels; `tier` is the one on screen (None: no wheel)."""

    def __init__(self, app, tiers: dict):
        self.app = app
        self.tiers = tiers
        self.tier: str | None = None
        self._views: dict[str, dict[str, WheelView]] = {}      # per language: its slice labels
        self.wedges: dict[str, list[int]] = {name: [i for i, _ in visual_slices(s)] for name, s in tiers.items()}
        self.result_text = ""

    @property
    def views(self) -> dict[str, WheelView]:
        """The tiers' wheels labelled in the current language (built the first time a
        language is shown; a disc is cached by its labels, so each language draws its own)."""
        lang = current()
        views = self._views.get(lang)
        if views is None:
            views = self._views[lang] = {name: self._build(name, slices) for name, slices in self.tiers.items()}
        return views

    def _build(self, name: str, slices) -> WheelView:
        shown = []
        for i, share in visual_slices(slices):
            s = slices[i]
            if s.kind == "free_spins":
                label = _("FREE SPINS\nx{multiplier}").format(multiplier=int(s.value))
                # TRANSLATORS: a narrow wheel slice's short form of FREE SPINS x{multiplier}
                short = _("FS x{multiplier}").format(multiplier=int(s.value))
            elif s.kind == "upgrade":
                label, short = _("UPGRADE"), _("UP")
            else:
                label = times(int(s.value) / 100)
                short = label.replace(formats.active().group, "")      # 1,000x -> 1000x
            shown.append(WheelSlice(label, slice_color(s.kind, s.value, name), size=share, short=short))
        return WheelView(self.app, f"farm_{name}", (RECT.centerx, RECT.centery + 34), 292, shown,
                         art=wheel_art(name), hub_label=translate(TIER_WORDS[name]), font_size=40, turns=3)

    def relayout(self) -> None:
        """The window size changed: every language's wheels re-render at the new size."""
        for views in self._views.values():
            for view in views.values():
                view.relayout()

    def warm(self) -> None:
        """Build every tier's disc, rim and glow now (about 12 ms each at 1600x900), so the wheel's
        first frame on screen does not stall."""
        shown = self.tier
        for name, view in self.views.items():
            view._disc()
            view._rim()
            self.tier = name
            self.draw_glow(pygame.Surface((1, 1)))
        self.tier = shown

    def wedge_for(self, tier: str, index: int, salt: int) -> int:
        """A drawn wedge showing math slice `index` (which copy depends on `salt`)."""
        options = [w for w, i in enumerate(self.wedges[tier]) if i == index]
        return options[salt % len(options)]

    @property
    def view(self) -> WheelView | None:
        return self.views.get(self.tier) if self.tier else None

    def draw_glow(self, surface: pygame.Surface) -> None:
        """The tier's coloured light behind the wheel (composed into the scene's backdrop)."""
        view, tier = self.view, self.tier
        if view is None or tier is None:       # a wheel on screen has its tier
            return
        lay = self.app.layout
        g = self.app.assets.surface(("pf_wheel_glow", tier, lay.px(440)),
                                    lambda: D.radial_glow(lay.px(440), TIER_RIM[tier][0], 0.9))
        cx, cy = lay.pt(*view.center)
        surface.blit(g, (cx - g.get_width() // 2, cy - g.get_height() // 2))

    def draw(self, surface: pygame.Surface, time: float) -> None:
        view, tier = self.view, self.tier
        if view is None or tier is None:       # a wheel on screen has its tier
            return
        lay, A = self.app.layout, self.app.assets
        view.lit_phase = time
        view.draw(surface)
        A.blit_text(surface, _("THE FARM WHEEL - {tier}").format(tier=translate(TIER_WORDS[tier])),
                    52, (RECT.centerx, RECT.y + 8), TIER_TEXT[tier], anchor="midtop", bold=True, outline=(50, 20, 0),
                    fit=RECT.w - 20)
        if self.result_text:
            label = A.text(self.result_text, 54, (255, 250, 220), True, (80, 30, 0))
            w, h = label.get_width() + lay.px(60), label.get_height() + lay.px(20)

            def result_pill() -> pygame.Surface:
                return D.rounded_panel((w, h), (150, 60, 30), (80, 24, 12), radius=h // 2, border=(255, 214, 70),
                                       border_width=lay.px(4))

            pill = A.surface(("pf_result", w, h), result_pill)
            px, py = lay.pt(RECT.centerx, RECT.bottom - 36)
            surface.blit(pill, (px - w // 2, py - h // 2))
            surface.blit(label, (px - label.get_width() // 2, py - label.get_height() // 2))


NEST_COLS, NEST_ROWS = 4, 3


def nest_rect(i: int) -> pygame.Rect:
    """The logical rect of nest i (0-based, row by row)."""
    w, h = RECT.w // NEST_COLS, (RECT.h - 120) // NEST_ROWS
    r, c = divmod(i, NEST_COLS)
    return pygame.Rect(RECT.x + c * w, RECT.y + 90 + r * h, w, h)


class HuntView:
    """Twelve nests: closed eggs, opened prizes, the rooster, a cursor."""

    def __init__(self, app):
        self.app = app
        self.active = False
        self.title = ""
        self.opened: dict[int, int | None] = {}     # nest -> prize_x100 (None: the rooster)
        self.last: int | None = None
        self.cursor = 0
        self.waiting = False                          # a pick is awaited
        self.left = 0.0                               # seconds before a nest opens by itself
        self.ended = False                            # the hunt is over: closed nests show they were empty
        self.ladder: tuple[int, int, int] | None = None    # (smallest, largest prize x100, prizes at least)

    def nest_at(self, pos: tuple[float, float]) -> int | None:
        """The nest under a logical point, if any."""
        for i in range(NEST_COLS * NEST_ROWS):
            if nest_rect(i).collidepoint(pos):
                return i
        return None

    def _nest(self) -> pygame.Surface:
        lay = self.app.layout
        size = (lay.px(160), lay.px(80))
        return self.app.assets.surface(("pf_nest", size), lambda: art.picture("nest", size))

    def _egg(self, kind: str) -> pygame.Surface:
        lay = self.app.layout
        size = (lay.px(96), lay.px(120))
        return self.app.assets.surface(("pf_egg", kind, size), lambda: art.picture(f"egg_{kind}", size))

    def draw(self, surface: pygame.Surface, time: float, bet_text) -> None:
        if not self.active:
            return
        lay, A = self.app.layout, self.app.assets

        def hunt_panel() -> pygame.Surface:
            return D.rounded_panel((lay.px(RECT.w + 40), lay.px(RECT.h + 40)), (255, 226, 150), (200, 150, 70),
                                   radius=lay.px(30), border=(110, 60, 20), border_width=lay.px(5))

        panel = A.surface(("pf_hunt_bg", lay.size), hunt_panel)
        surface.blit(panel, lay.pt(RECT.x - 20, RECT.y - 20))
        A.blit_text(surface, self.title, 52, (RECT.centerx, RECT.y + 16), (120, 50, 10), anchor="midtop", bold=True,
                    outline=(255, 240, 200))
        nest, rooster = (
            self._nest(),
            self.app.assets.surface(("pf_rooster", lay.px(110)), lambda: art.picture("rooster", lay.px(110))),
        )
        for i in range(NEST_COLS * NEST_ROWS):
            r = nest_rect(i)
            cx, cy = lay.pt(r.centerx, r.centery + 30)
            if self.waiting and i == self.cursor and i not in self.opened:
                ring = lay.rect(r.inflate(-14, -10))
                pygame.draw.rect(surface, (255, 255, 255), ring, max(lay.px(5), 2), border_radius=lay.px(24))
                pygame.draw.rect(surface, (230, 120, 20), ring.inflate(-lay.px(8), -lay.px(8)), max(lay.px(3), 1),
                                 border_radius=lay.px(20))
            surface.blit(nest, (cx - nest.get_width() // 2, cy - nest.get_height() // 4))
            if i not in self.opened and self.ended:        # revealed at the end: nothing was in it
                A.blit_text(surface, _("EMPTY"), 26, (r.centerx, r.centery + 52), (235, 205, 150), anchor="center",
                            bold=True)
                continue
            if i not in self.opened:
                wob = math.sin(time * 3 + i) * 3 if self.waiting else 0
                egg = self._egg("closed")
                surface.blit(egg, (cx - egg.get_width() // 2 + lay.px(wob), cy - egg.get_height() + lay.px(14)))
                A.blit_text(
                    surface, "?", 54, (r.centerx + wob, r.centery - 20), (140, 80, 10), anchor="center", bold=True
                )
                A.blit_text(surface, str(i + 1), 24, (r.x + 18, r.y + 6), (120, 70, 20), bold=True)
                continue
            prize = self.opened[i]
            if i == self.last:

                def cursor_glow() -> pygame.Surface:
                    return D.radial_glow(lay.px(110), (255, 255, 200), 1.0)

                g = A.surface(("pf_cursor", lay.px(110)), cursor_glow)
                surface.blit(g, (cx - g.get_width() // 2, cy - g.get_height() // 2 - lay.px(30)))
            if prize is None:
                surface.blit(rooster, (cx - rooster.get_width() // 2, cy - rooster.get_height() + lay.px(20)))
                A.blit_text(surface, _("ROOSTER!"), 34, (r.centerx, r.y + 4), (200, 30, 30), anchor="midtop",
                            bold=True, outline=(255, 240, 220))
            else:
                egg = self._egg("open")
                surface.blit(egg, (cx - egg.get_width() // 2, cy - egg.get_height() + lay.px(20)))
                A.blit_text(surface, times(prize / 100), 48, (r.centerx, r.y + 2), (200, 60, 0),
                            anchor="midtop", bold=True, outline=(255, 245, 210))
                A.blit_text(
                    surface,
                    bet_text(prize),
                    30,
                    (r.centerx, r.bottom + 4),
                    (255, 250, 230),
                    anchor="midbottom",
                    bold=True,
                    outline=(90, 40, 0),
                )
        if self.waiting:
            secs = max(1, math.ceil(self.left - 1e-6))
            pick = _("Pick a nest: click it, or ARROWS and ENTER  -  one opens by itself in {seconds} s").format(
                seconds=secs)
            A.blit_text(
                surface,
                pick,
                28,
                (RECT.centerx, RECT.bottom + 2),
                (120, 50, 10),
                anchor="midbottom",
                bold=True,
                fit=RECT.w,
            )


class RiskView:
    """RISK THE FARM: barn doors that shake, then open on 4,000x or an empty barn."""

    def __init__(self, app, prize_x100: int):
        self.app = app
        self.prize_x100 = prize_x100   # math.yaml's risk_the_farm prize (the barn's sign)
        self.active = False
        self.shake = 0.0          # 0..1 tension
        self.open_p = 0.0         # doors opening 0..1
        self.won: bool | None = None
        self.prize_text = ""
        self.prize_x = ""         # the prize as a multiple of the bet ('4,000x'), from the round

    def draw(self, surface: pygame.Surface, time: float) -> None:
        if not self.active:
            return
        lay, A = self.app.layout, self.app.assets
        barn = pygame.Rect(RECT.x + 60, RECT.y + 120, RECT.w - 120, RECT.h - 160)

        def barn_picture() -> pygame.Surface:
            return art.picture("barn", (lay.px(barn.w + 80), lay.px(barn.h + 110)))

        body = A.surface(("pf_barn", lay.size), barn_picture)
        surface.blit(body, lay.pt(barn.x - 40, barn.y - 110))
        inside = pygame.Rect(barn.x + 90, barn.y + 130, barn.w - 180, barn.h - 150)
        ir = lay.rect(inside)
        if self.won:
            surface.fill((255, 214, 90), ir)

            def gold_glow() -> pygame.Surface:
                return D.radial_glow(lay.px(300), (255, 255, 220), 1.0)

            g = A.surface(("pf_gold_glow", lay.px(300)), gold_glow)
            surface.blit(g, g.get_rect(center=ir.center))
            A.blit_text(
                surface,
                self.prize_x,
                110,
                (inside.centerx, inside.centery - 40),
                (160, 60, 0),
                anchor="center",
                bold=True,
                outline=(255, 250, 220),
            )
            A.blit_text(surface, self.prize_text, 60, (inside.centerx, inside.centery + 60), (120, 40, 0),
                        anchor="center", bold=True)
        else:
            surface.fill((40, 26, 20), ir)
            if self.won is False:
                A.blit_text(surface, _("Empty barn"), 64, (inside.centerx, inside.centery - 20), (220, 200, 180),
                            anchor="center", bold=True)
                A.blit_text(surface, _("not this time"), 40, (inside.centerx, inside.centery + 40), (170, 150, 130),
                            anchor="center")
        # the two doors slide apart
        half = inside.w // 2
        jitter = math.sin(time * 40) * 8 * self.shake if self.open_p <= 0 else 0

        def door_picture() -> pygame.Surface:
            return art.picture("door", (lay.px(half), lay.px(inside.h)))

        door = A.surface(("pf_door", lay.px(half), lay.px(inside.h)), door_picture)
        slide = int(self.open_p * half)
        clip = surface.get_clip()
        surface.set_clip(lay.rect(barn.x + 20, inside.y, barn.w - 40, inside.h))     # doors slide behind the walls
        surface.blit(door, lay.pt(inside.x - slide + jitter, inside.y))
        surface.blit(door, lay.pt(inside.centerx + slide - jitter, inside.y))
        surface.set_clip(clip)
        if self.open_p <= 0:
            sign = _("{prize} OR NOTHING").format(prize=times(Fraction(self.prize_x100, 100)))
            A.blit_text(
                surface,
                sign,
                A.fit(sign, 60, inside.w + 140, True),
                (inside.centerx, inside.y - 60),
                (255, 240, 200),
                anchor="center",
                bold=True,
                outline=(90, 10, 10),
            )



class Banner:
    """A big announcement across the board: title, line under it, colour."""

    def __init__(self, app):
        self.app = app
        self.title = ""
        self.sub = ""
        self.color = (255, 214, 70)

    def set(self, title: str = "", sub: str = "", color=(255, 214, 70)) -> None:
        """Show a banner (no title: hide it)."""
        self.title, self.sub, self.color = title, sub, color

    def draw(self, surface: pygame.Surface, y: float | None = None) -> None:
        if not self.title:
            return
        lay, A = self.app.layout, self.app.assets
        y = RECT.centery if y is None else y
        w, h = lay.px(900), lay.px(230 if self.sub else 150)

        def banner_panel() -> pygame.Surface:
            return D.rounded_panel((w, h), (120, 50, 30), (60, 20, 14), radius=lay.px(40), border=(255, 214, 70),
                                   border_width=lay.px(6), alpha=235)

        panel = A.surface(("pf_banner", w, h), banner_panel)
        x0, y0 = lay.pt(RECT.centerx, y)
        surface.blit(panel, (x0 - w // 2, y0 - h // 2))
        ty = y - (40 if self.sub else 0)
        A.blit_text(surface, self.title, 76, (RECT.centerx, ty), self.color, anchor="center", bold=True,
                    outline=(60, 20, 0), fit=860)
        if self.sub:
            A.blit_text(surface, self.sub, 46, (RECT.centerx, y + 52), (255, 245, 225), anchor="center", bold=True,
                        fit=860)
