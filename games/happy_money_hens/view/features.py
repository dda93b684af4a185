"""The mini-reel bonus on screen: 35 mini reels in 7 rows of 5, counts, lives, pot names.

`BonusView.steps(pairs)` turns (event, snapshot) pairs (bonus_state.py) into timed
steps; each step SETS `snap` (the board after its event) and `anim` (which event is
animating and how far), so skip and resume draw the same picture. Everything drawn
is pre-rendered once through `app.assets`; a frame only blits.
"""
from __future__ import annotations

import math
from typing import Any, Callable

import pygame

from cabinet.core.i18n import _
from cabinet.core.money import win_cents
from cabinet.ui import draw as D
from cabinet.ui.presentation import Step

from . import art
from .bonus_side import FEATURE_LABEL, draw_side
from .bonus_side import ring as _ring
from .bonus_state import BonusSnapshot

GRID = pygame.Rect(570, 112, 790, 826)
GAP = 10
CELL_W = (GRID.w - 4 * GAP) / 5
CELL_H = (GRID.h - 6 * GAP) / 7
COIN = 98


def cell_rect(row: int, reel: int) -> pygame.Rect:
    """Logical rect of a mini reel; row 0 is the bottom row."""
    x = GRID.x + reel * (CELL_W + GAP)
    y = GRID.bottom - (row + 1) * CELL_H - row * GAP
    return pygame.Rect(round(x), round(y), round(CELL_W), round(CELL_H))


class BonusView:
    """Draws the bonus board of a HensScene and builds its steps."""

    def __init__(self, scene):
        self.scene = scene
        self.snap: BonusSnapshot | None = None
        self.anim: tuple[str, float] = ("", 1.0)
        self.counted = -1            # coins counted so far in the final count-up (-1: not counting)

    @property
    def app(self):
        return self.scene.app

    # -- steps --------------------------------------------------------------------
    def _set(self, snap: BonusSnapshot, kind: str, counted: int = -1) -> Callable[[], None]:
        def start() -> None:
            self.snap, self.anim, self.counted = snap, (kind, 0.0), counted
        return start

    def _tick(self, kind: str) -> Callable[[float], None]:
        def tick(p: float) -> None:
            self.anim = (kind, p)
        return tick

    def steps(self, pairs: list[tuple[dict[str, Any], BonusSnapshot]], bet: int,
              set_win: Callable[[int], None], base: int = 0,
              moments: Callable[[dict[str, Any], BonusSnapshot], list[Step]] | None = None) -> list[Step]:
        """One or more steps per bonus event; `set_win(cents)` shows the running win,
        `base` cents (the round's line wins) plus the coins counted so far; after an
        event's own steps, its big moments (`moments(event, snapshot)`: a pot won, the
        full board)."""
        out: list[Step] = []
        durations = {"bonus_start": 2.2, "lives": 0.3, "letters": 0.6, "pot_award": 1.5, "coin_convert": 0.4,
                     "row_count": 0.35, "row_activate": 1.0, "boost": 1.3}
        sounds = {"bonus_start": "hmh_land", "letters": "hmh_letter", "pot_award": "hmh_pot",
                  "coin_convert": "coin", "row_count": "click", "row_activate": "hmh_row", "boost": "hmh_boost"}
        for e, snap in pairs:
            kind = e["type"]
            if kind == "bonus_spin":
                # The sheet: the mini reels spin in each round "when the player presses START".
                out.append(Step(0.75, start=self._set(snap, "spin"), tick=self._tick("spin"),
                                label=f"bonus spin {snap.spins}", sound="spin", hold=True))
                out.append(Step(0.3, start=self._set(snap, "landed"), tick=self._tick("landed"),
                                label=f"bonus spin {snap.spins} lands",
                                sound="hmh_land" if snap.landed else "reel_stop"))
            elif kind == "bonus_end":
                paying = snap.focus["paying"]
                seconds = min(0.16 * len(paying), 4.0)
                running = [0]
                for _row, _reel, v in paying:
                    running.append(running[-1] + win_cents(bet, v))

                def count(p: float, snap=snap, paying=paying, running=running, base=base) -> None:
                    k = min(len(paying), int(p * len(paying) + 1e-9))
                    self.snap, self.anim, self.counted = snap, ("count", p), k
                    set_win(base + running[k])
                out.append(Step(seconds, start=self._set(snap, "count", 0), tick=count, label="bonus count-up",
                                sound="hmh_count"))
                out.append(Step(1.4, start=self._set(snap, "total", len(paying)), tick=self._tick("total"),
                                label="bonus total", sound="win"))
            else:
                out.append(Step(durations.get(kind, 0.4), start=self._set(snap, kind), tick=self._tick(kind),
                                label=kind.replace("_", " "), sound=sounds.get(kind)))
            if moments is not None:
                out.extend(moments(e, snap))
        return out

    # -- pre-rendered pieces -------------------------------------------------------------
    def _surf(self, key, build):
        return self.app.assets.surface(("hmh_bonus",) + key + (self.app.layout.size,), build)

    def _cell_bg(self, active: bool) -> pygame.Surface:
        lay = self.app.layout
        size = (lay.px(CELL_W), lay.px(CELL_H))

        def active_cell() -> pygame.Surface:
            return D.rounded_panel(size, (96, 62, 40), (50, 28, 18), radius=lay.px(16), border=(230, 170, 90),
                                   border_width=lay.px(3))

        def idle_cell() -> pygame.Surface:
            return D.rounded_panel(size, (70, 72, 84), (38, 40, 50), radius=lay.px(16), border=(110, 112, 128),
                                   border_width=lay.px(3))

        if active:
            return self._surf(("cell", True), active_cell)
        return self._surf(("cell", False), idle_cell)

    def _veil(self) -> pygame.Surface:
        lay = self.app.layout

        def build() -> pygame.Surface:
            s = pygame.Surface((lay.px(CELL_W), lay.px(CELL_H)), pygame.SRCALPHA)
            pygame.draw.rect(s, (40, 42, 56, 150), s.get_rect(), border_radius=lay.px(16))
            return s
        return self._surf(("veil",), build)

    def coin_face(self, coin: dict[str, Any], bet: int) -> pygame.Surface:
        """A stuck coin as it shows now: cash value, pot-fill name, pot award. Every double
        coin shows the same way, whatever its value or boost: the pair's coin behind, the
        front coin with what the pair is worth in all (or its pot) under "DOUBLE"."""
        lay = self.app.layout
        size = lay.px(COIN)
        key: tuple[Any, ...]
        sub: str | None
        if coin["kind"] == "pot_fill":
            key = ("pf", coin["pot"], coin["double"])
            kind, text, sub = coin["pot"], coin["pot"], ("DOUBLE" if coin["double"] else "POT FILL")
        elif coin.get("pot_award"):
            cents = win_cents(bet, coin["value_x100"])
            text = self.app.cabinet.currency.short(cents)
            key = ("award", coin["pot_award"], text)
            kind = sub = coin["pot_award"]
        else:
            boosted = bool(coin.get("boost_x100"))
            text = self.app.cabinet.currency.short(win_cents(bet, coin["value_x100"]))
            key = ("cash", text, coin["double"], boosted)
            kind, sub = ("boost" if boosted else "cash"), ("DOUBLE" if coin["double"] else None)

        def build() -> pygame.Surface:
            if not coin["double"]:
                return art.coin_label(art.coin(size, kind), text, sub)
            w = lay.px(CELL_W) - 4
            s = pygame.Surface((w, size), pygame.SRCALPHA)
            s.fill((0, 0, 0, 0))
            back = art.coin(size, kind, dim=0.25)          # the pair's other coin: no label to clash
            s.blit(back, (w - size, 0))
            s.blit(art.coin_label(art.coin(size, kind), text, sub), (0, 0))
            return s
        return self._surf(key + ("coin", size), build)

    def _spin_strip(self) -> pygame.Surface:
        """A blurred column of ghost coins scrolled through every spinning mini reel."""
        lay = self.app.layout
        w, h = lay.px(CELL_W), lay.px(CELL_H)

        def build() -> pygame.Surface:
            s = pygame.Surface((w, h * 4), pygame.SRCALPHA)
            s.fill((0, 0, 0, 0))
            ghost = art.coin(lay.px(COIN * 0.8), "ghost")
            ghost.set_alpha(120)
            for i in (0, 2):
                s.blit(ghost, ghost.get_rect(center=(w // 2, h * i + h // 2)))
            small = pygame.transform.smoothscale(s, (w, max(1, h * 4 // 8)))
            return pygame.transform.smoothscale(small, (w, h * 4))
        return self._surf(("strip",), build)

    # -- drawing ----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        snap = self.snap
        if snap is None:
            return
        lay = self.app.layout
        bet = self.scene.bet
        kind, p = self.anim
        t = self.scene.time
        strip = None
        for row in range(snap.rows):
            for reel in range(snap.reels):
                r = cell_rect(row, reel)
                pos = lay.pt(r.x, r.y)
                surface.blit(self._cell_bg(snap.active[row]), pos)
                coin = snap.cells.get((row, reel))
                hidden = kind == "spin" and (row, reel) in snap.landed
                if coin is None or hidden:
                    if kind == "spin":
                        strip = strip or self._spin_strip()
                        h = lay.px(CELL_H)
                        off = int((t * 9 + reel * 0.37 + row * 0.21) * h) % (2 * h)
                        surface.blit(strip, pos, pygame.Rect(0, off, lay.px(CELL_W), h))
                    continue
                face = self.coin_face(coin, bet)
                drop = 0
                if kind in ("landed", "bonus_start") and (row, reel) in snap.landed and p < 1:
                    drop = -lay.px(40) * (1 - p)
                c = lay.pt(*r.center)
                surface.blit(face, face.get_rect(center=(c[0], c[1] + drop)))
                if not snap.active[row]:
                    surface.blit(self._veil(), pos)
        self._draw_counts(surface, snap)
        draw_side(self, surface, snap)
        self._draw_focus(surface, snap, kind, p)
        if self.scene.waiting_for_start:
            self._draw_start_prompt(surface)

    def _draw_start_prompt(self, surface: pygame.Surface) -> None:
        """The bonus waits for START: a pulsing call under the left panel's total."""
        lay, A = self.app.layout, self.app.assets
        glow = round(2 + 2 * math.sin(self.scene.time * 5)) / 4      # five shades: the labels stay cached

        def start_pill() -> pygame.Surface:
            return D.rounded_panel((lay.px(210), lay.px(84)), (255, 214, 102), (190, 120, 20), radius=lay.px(42),
                                   border=(255, 250, 220), border_width=lay.px(3))

        pill = self._surf(("start_pill",), start_pill)
        surface.blit(pill, pill.get_rect(center=lay.pt(355, 690)))
        A.blit_text(
            surface,
            _("PRESS START"),
            A.fit(_("PRESS START"), 28, 230, True),
            (355, 676),
            D.lerp_color((70, 30, 0), (140, 40, 0), glow),
            anchor="center",
            bold=True,
        )
        A.blit_text(
            surface,
            _("TO SPIN"),
            A.fit(_("TO SPIN"), 22, 230, True),
            (355, 706),
            (70, 30, 0),
            anchor="center",
            bold=True,
        )

    def _draw_counts(self, surface: pygame.Surface, snap: BonusSnapshot) -> None:
        A = self.app.assets
        for row, count in snap.counts.items():
            r = cell_rect(row, 0)
            if snap.active[row]:
                A.blit_text(surface, _("ON"), 30, (r.x - 44, r.centery), D.GREEN, anchor="center", bold=True,
                            outline=(0, 40, 10))
                continue
            lay = self.app.layout

            def count_badge() -> pygame.Surface:
                return D.rounded_panel((lay.px(70), lay.px(70)), (120, 110, 150), (60, 54, 80), radius=lay.px(35),
                                       border=(220, 210, 255), border_width=lay.px(3))

            badge = self._surf(("badge",), count_badge)
            surface.blit(badge, badge.get_rect(center=lay.pt(r.x - 44, r.centery)))
            if snap.focus.get("type") == "row_count":       # the counts just went down

                def badge_ring() -> pygame.Surface:
                    return _ring((lay.px(82), lay.px(82)), D.GOLD, True)

                ring = self._surf(("badge_ring",), badge_ring)
                surface.blit(ring, ring.get_rect(center=lay.pt(r.x - 44, r.centery)))
            A.blit_text(surface, str(count), 44, (r.x - 44, r.centery + 2), D.CREAM, anchor="center", bold=True,
                        outline=(30, 20, 50))

    def _glow(self, color, radius: int) -> pygame.Surface:
        lay = self.app.layout
        return self._surf(("glow", color, radius), lambda: D.radial_glow(lay.px(radius), color, 1.0))

    def _draw_focus(self, surface: pygame.Surface, snap: BonusSnapshot, kind: str, p: float) -> None:
        lay, A = self.app.layout, self.app.assets
        f = snap.focus
        bet = self.scene.bet
        if kind in ("letters", "pot_award", "coin_convert") and "cell" in f:
            r = cell_rect(*f["cell"])
            col = art.JACKPOT_COLOURS.get(f.get("pot", ""), D.GOLD)

            def pot_ring() -> pygame.Surface:
                return _ring((lay.px(CELL_W + 12), lay.px(CELL_H + 12)), col)

            ring = self._surf(("ring", col), pot_ring)
            surface.blit(ring, lay.pt(r.x - 6, r.y - 6))
            if kind == "pot_award":

                def award_panel() -> pygame.Surface:
                    return D.rounded_panel((lay.px(620), lay.px(190)), D.lerp_color(col, (0, 0, 0), 0.35),
                                           D.lerp_color(col, (0, 0, 0), 0.75), radius=lay.px(36), border=D.GOLD,
                                           border_width=lay.px(5), alpha=240)

                panel = self._surf(("award_panel", f["pot"]), award_panel)
                cy = GRID.y + 120 if f["cell"][0] < 4 else GRID.bottom - 120
                surface.blit(panel, panel.get_rect(center=lay.pt(GRID.centerx, cy)))
                A.blit_text(
                    surface,
                    _("{pot} WON!").format(pot=f["pot"]),
                    54,
                    (GRID.centerx, cy - 38),
                    D.CREAM,
                    anchor="center",
                    bold=True,
                    outline=(30, 10, 10),
                )
                amount = self.app.cabinet.currency.format(win_cents(bet, f["value_x100"]))
                A.blit_text(surface, amount, 64, (GRID.centerx, cy + 34), D.GOLD, anchor="center", bold=True,
                            outline=(80, 20, 0))
        elif kind == "row_activate":
            row = f["row"]
            r0, r1 = cell_rect(row, 0), cell_rect(row, 4)
            band = pygame.Rect(r0.x, r0.y, r1.right - r0.x, r0.h)
            alpha = int(255 * (1 - p))

            def row_flash() -> pygame.Surface:
                return _flash((lay.px(band.w), lay.px(band.h)))

            g = self._surf(("rowflash",), row_flash)
            g.set_alpha(alpha)
            surface.blit(g, lay.pt(band.x, band.y))
            A.blit_text(surface, _("ROW ACTIVATED!"), 46, (band.centerx, band.centery), D.CREAM, anchor="center",
                        bold=True, outline=(20, 90, 30), fit=band.w - 20)
        elif kind == "boost":

            def boost_ring() -> pygame.Surface:
                return _ring((lay.px(CELL_W + 12), lay.px(CELL_H + 12)), (255, 150, 40))

            ring = self._surf(("ring", (255, 150, 40)), boost_ring)
            for (cell, add) in f["boosts"]:
                r = cell_rect(*cell)
                surface.blit(ring, lay.pt(r.x - 6, r.y - 6))
                A.blit_text(surface, f"+{self.app.cabinet.currency.short(win_cents(bet, add))}", 40,
                            (r.centerx, r.y + 10 - 40 * p), (255, 240, 150), anchor="center", bold=True,
                            outline=(120, 40, 0))
            if not self.scene.waiting_for_start:    # the left panel's foot, clear of the board (PRESS START's place)
                for i, word in enumerate(("HAPPY", "BOOST!")):
                    A.blit_text(surface, word, 44, (355, 668 + i * 48), (255, 210, 80), anchor="center", bold=True,
                                outline=(120, 40, 0))
        elif kind in ("count", "total"):
            paying = f["paying"]

            def paying_ring() -> pygame.Surface:
                return _ring((lay.px(CELL_W + 12), lay.px(CELL_H + 12)), D.GOLD)

            ring = self._surf(("ring", D.GOLD), paying_ring)
            for row, reel, _value in paying[:max(self.counted, 0)]:
                r = cell_rect(row, reel)
                surface.blit(ring, lay.pt(r.x - 6, r.y - 6))
            if kind == "total":

                def total_panel() -> pygame.Surface:
                    return D.rounded_panel((lay.px(700), lay.px(220)), (90, 50, 20), (40, 20, 10), radius=lay.px(40),
                                           border=D.GOLD, border_width=lay.px(5), alpha=235)

                panel = self._surf(("total_panel",), total_panel)
                surface.blit(panel, panel.get_rect(center=lay.pt(GRID.centerx, GRID.centery)))
                A.blit_text(surface, _("BONUS WIN"), 44, (GRID.centerx, GRID.centery - 55), D.CREAM, anchor="center",
                            bold=True)
                amount = self.app.cabinet.currency.format(win_cents(bet, snap.total_x100))
                A.blit_text(surface, amount, 84, (GRID.centerx, GRID.centery + 25), D.GOLD, anchor="center",
                            bold=True, outline=(80, 30, 0))
        elif kind == "bonus_start" and p < 0.8:

            def intro_panel() -> pygame.Surface:
                return D.rounded_panel((lay.px(740), lay.px(230)), (120, 40, 110), (50, 14, 50), radius=lay.px(40),
                                       border=D.GOLD, border_width=lay.px(5), alpha=240)

            panel = self._surf(("intro_panel",), intro_panel)
            cy = GRID.y + 190
            surface.blit(panel, panel.get_rect(center=lay.pt(GRID.centerx, cy)))
            A.blit_text(surface, _("MINI REEL BONUS"), 60, (GRID.centerx, cy - 62), D.GOLD, anchor="center", bold=True,
                        outline=(70, 20, 0), fit=GRID.w - 20)
            A.blit_text(surface, _("COINS STICK  ·  3 LIVES  ·  EVERY COIN COUNTS DOWN THE UPPER ROWS"), 24,
                        (GRID.centerx, cy + 6), D.CREAM, anchor="center", bold=True, fit=GRID.w - 20)
            A.blit_text(surface, " + ".join(FEATURE_LABEL[f] for f in snap.combination), 30, (GRID.centerx, cy + 56),
                        (255, 220, 150), anchor="center", bold=True)
        elif kind == "lives" and snap.lives_reset:
            A.blit_text(
                surface,
                _("LIVES RESET"),
                30,
                (355, 482),
                D.GREEN,
                anchor="center",
                bold=True,
                outline=(0, 40, 0),
                fit=240,
            )


def _flash(size: tuple[int, int]) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    s.fill((0, 0, 0, 0))
    pygame.draw.rect(s, (140, 255, 160, 150), s.get_rect(), border_radius=max(4, size[1] // 7))
    return s
