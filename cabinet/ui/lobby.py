"""The lobby: a tile per game (art, name, RTP, max win); arrows/ENTER/click open one.

ESC / BACKSPACE quits from here (not in kiosk mode, where the operator menu is the
only way out). Tile art is the game's `lobby.tile` picture (assets/<game>/, painted at
build time from the scene's `tile_art` with the game's logo: cabinet/ui/logo_art.py),
so the first frame shows every game's own art without importing its scene; a game
without one gets the cabinet's emblem (assets/cabinet/: rings and a crown of dots)
tinted in colours derived from the game's id, with the game's initials. The title is
the cabinet's own logo (`lobby.logo`, asset_build.CABINET_NAME).
"""
from __future__ import annotations

import math
import zlib
from typing import Any

import pygame

from cabinet.core import assets as files
from cabinet.core import i18n
from cabinet.core.i18n import N_, _

from . import asset_files, cabinet_art, preparations
from .logo_art import CABINET_NAME, fit as _fit
from . import draw as D
from .figures import bet_range, headline_max, rtp_text
from .lobby_grid import TileGrid, tile_grid
from .scene import Scene, register
from .widgets import Button

TILE_H = 600                 # a full-size tile's height (lobby_grid.TILE)


def emblem(size: tuple[int, int], game_id: str, name: str, font: pygame.font.Font) -> pygame.Surface:
    """A generic tile picture: the emblem's glowing rings and the game's initials in
    colours derived from its id."""
    hue = zlib.crc32(game_id.encode()) % 360
    base = pygame.Color(0)
    base.hsva = (hue, 70, 60, 100)
    light = pygame.Color(0)
    light.hsva = ((hue + 30) % 360, 45, 100, 100)
    w, h = size
    surf = D.vertical_gradient(size, [(base.r, base.g, base.b), (12, 10, 30)]).convert_alpha()
    glow = D.radial_glow(min(w, h) // 2, (light.r, light.g, light.b), 0.8)
    surf.blit(glow, glow.get_rect(center=(w // 2, h // 2)))
    side = int(min(w, h) * cabinet_art.EMBLEM_SPAN)
    rings = asset_files.image("cabinet", "emblem.rings", side)
    rings.fill((*tuple(light)[:3], 255), special_flags=pygame.BLEND_RGBA_MULT)
    for part in (rings, asset_files.image("cabinet", "emblem.dots", side)):
        surf.blit(part, part.get_rect(center=(w // 2, h // 2)))
    initials = "".join(part[0] for part in name.split()[:3]).upper()
    label = font.render(initials, True, (255, 240, 200))
    surf.blit(label, label.get_rect(center=(w // 2, h // 2)))
    return surf


@register("lobby")
class Lobby(Scene):
    """Game selection; the bottom of the stack."""

    music = "music.lobby"

    def __init__(self, app):
        super().__init__(app)
        self.selected = 0
        self.t = 0.0
        self._kept: dict[tuple, pygame.Surface] = {}    # its own pictures: a long game does not evict them
        cab = app.cabinet

        def can_cash_out() -> bool:
            return not cab.locked and cab.handpay is None and cab.balance > 0

        self.widgets = [Button((640, 996, 400, 68), N_("CASH OUT"), "cash_out", style="gold", font_size=30,
                               enabled=can_cash_out)]

    @property
    def specs(self) -> list:
        return [setup.spec for setup in self.app.cabinet.games.values()]

    def grid(self) -> TileGrid:
        """The tiles' places for the games offered now (lobby_grid.py)."""
        return tile_grid(len(self.specs))

    def tile_rects(self) -> list[pygame.Rect]:
        return list(self.grid().rects)

    # -- input --------------------------------------------------------------------
    def on_action(self, action: str) -> bool:
        n = len(self.specs)
        if action in ("left", "right", "up", "down") and n:
            self.selected = self.grid().move(min(self.selected, n - 1), action)
            self.app.audio.play("click")
            return True
        if action in ("select", "spin", "confirm") and n:
            self.app.open_game(self.specs[self.selected].id)
            return True
        if action == "history":
            self.app.open("history")
            return True
        if action == "cash_out":
            self.app.open("cash_out")
            return True
        if action == "close":
            if not self.app.kiosk:
                self.app.running = False
            return True
        return False

    def handle_event(self, event, actions) -> bool:
        if event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            pos = self.app.layout.to_logical(event.pos)
            for i, rect in enumerate(self.tile_rects()):
                if rect.collidepoint(pos):
                    self.selected = i
                    if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
                        self.app.open_game(self.specs[i].id)
                    return True
        return super().handle_event(event, actions)

    # -- frame --------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.t += dt
        preparations.want_all(self.app, self)    # behind the splash, or in frames' spare time

    @property
    def ready(self) -> bool:
        """Every game's scene, menus and celebrations prepared (preparations.py)."""
        return not self.app.prepared.pending

    def _tile(self, spec, rect: pygame.Rect, lit: bool) -> pygame.Surface:
        lay, A = self.app.layout, self.app.assets

        s = rect.h / TILE_H                  # every size in a tile at its scale (lobby_grid.py)

        def px(v: float) -> int:
            return max(1, lay.px(v * s))

        def build() -> pygame.Surface:
            w, h = lay.px(rect.w), lay.px(rect.h)
            top, bottom = ((78, 70, 150), (30, 24, 70)) if lit else ((52, 50, 110), (22, 20, 52))
            tile = D.rounded_panel((w, h), top, bottom, radius=px(28),
                                   border=D.GOLD if lit else (90, 90, 150), border_width=px(5 if lit else 3))
            art_rect = pygame.Rect(px(22), px(22), w - px(44), int(h * 0.52))
            art = self._art(spec, art_rect.size)
            mask = pygame.Surface(art_rect.size, pygame.SRCALPHA)
            pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=lay.px(18))
            art = art.convert_alpha()
            art.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
            tile.blit(art, art_rect)
            y = art_rect.bottom + px(22)
            lines = zip(self.tile_lines(spec), (46, 30, 30, 24), (D.GOLD if lit else D.CREAM, D.CREAM, D.CYAN, D.MUTED))
            at = pygame.Rect(lay.pt(rect.x, rect.y), (w, h))     # where the tile goes, for the text check
            placed = []
            for text, size, color in lines:
                label = fitted(A, text, size * s, w - px(36), color)
                placed.append((text, label, tile.blit(label, label.get_rect(midtop=(w // 2, y)))))
                y += label.get_height() + px(8)
            if lit:
                chip = D.rounded_panel((px(280), px(46)), (255, 214, 102), (196, 128, 28),
                                       radius=px(23), border=(255, 240, 190), border_width=px(2))
                play = _("PLAY")
                label = A.font(max(8, round(A.fit(play, 28, 260, True) * s)), True).render(play, True, (40, 24, 8))
                spot = chip.get_rect(midbottom=(w // 2, h - px(14)))
                chip.blit(label, label.get_rect(center=(chip.get_width() // 2, chip.get_height() // 2)))
                tile.blit(chip, spot)
                placed.append(("PLAY", label, label.get_rect(center=spot.center)))
            with D.text_bounds(at):
                for text, label, where in placed:
                    D.record_text(text, label, where.move(at.topleft))
            return tile
        return self._keep(("tile", spec.id, lit, rect.size, i18n.current()), build)

    def _keep(self, key: tuple, build) -> pygame.Surface:
        """A picture of the lobby's, built once (Assets.surface) and kept by the lobby
        itself: back from a game, its first frame draws without building anything."""
        surf = self._kept.get(key)
        if surf is None:
            surf = self._kept[key] = self.app.assets.surface(key, build)
        return surf

    def relayout(self) -> None:
        self._kept.clear()

    def tile_lines(self, spec) -> tuple[str, str, str, str]:
        """What a tile says (figures.py: from the spec and the cabinet's limits): the
        name, the RTP (from the lowest return of a way to play at a bet it is offered
        at, after the win limits, to the highest), the top prize or win limit, the bets
        and the buys."""
        cab = self.app.cabinet
        setup = cab.games[spec.id]
        buys = sum(1 for m in spec.modes if m.kind == "buy" and m.id in setup.modes)
        return (spec.name, rtp_text(spec, setup), headline_max(spec, setup, cab.currency),
                _("BET {amount}").format(amount=bet_range(setup.bet_ladder, cab.currency))
                + (_("   {count} BONUS BUYS").format(count=buys) if buys else ""))

    def _art(self, spec, size: tuple[int, int]) -> pygame.Surface:
        """The game's key art from its asset file (checked at start), else the emblem."""
        try:
            if asset_files.has_image(spec.id, "lobby.tile"):
                return asset_files.image(spec.id, "lobby.tile", size)
        except files.AssetError:
            pass
        return emblem(size, spec.id, spec.name, self.app.assets.font(120, True))

    def _static(self) -> pygame.Surface:
        """Backdrop, title, the unselected tiles and the bar, composed once per selection."""
        lay, A = self.app.layout, self.app.assets

        def build() -> pygame.Surface:
            surf = backdrop(lay.size).convert()
            if asset_files.has_image(files.CABINET, "lobby.logo"):
                logo = _fit(asset_files.image(files.CABINET, "lobby.logo"), (lay.px(1100), lay.px(150)))
                surf.blit(logo, logo.get_rect(center=lay.pt(960, 102)))
            else:
                A.blit_text(surf, CABINET_NAME, 110, (960, 110), D.GOLD, anchor="center", bold=True,
                            outline=(90, 40, 0))
            A.blit_text(
                surf, _("Choose a game"), 34, (960, 194), D.CREAM, anchor="center", bold=True, outline=(40, 20, 0)
            )
            for i, (spec, rect) in enumerate(zip(self.specs, self.tile_rects())):
                if i == self.selected:
                    continue
                sh = D.shadow((lay.px(rect.w), lay.px(rect.h)), lay.px(28))
                sx, sy = lay.pt(rect.x, rect.y)
                surf.blit(sh, (sx - lay.px(4), sy))
                surf.blit(self._tile(spec, rect, False), (sx, sy))
            if not self.specs:
                A.blit_text(surf, _("No games are available"), 50, (960, 480), D.CREAM, anchor="center", bold=True)
            y = 930
            for gid, reason in list(self.app.cabinet.refused.items())[:3]:
                A.blit_text(surf, f"{gid}: {reason}"[:140], 22, (960, y), (230, 150, 150), anchor="center")
                y += 28
            surf.blit(D.rounded_panel((lay.px(1900), lay.px(80)), (30, 30, 70), (12, 12, 30), radius=lay.px(20),
                                      border=D.GOLD_DARK, border_width=lay.px(3), alpha=235), lay.pt(10, 990))
            A.blit_text(surf, _("BALANCE"), 24, (50, 1014), D.MUTED, bold=True)
            hint = (
                _("ARROWS choose   ENTER play   SHIFT+H history")
                if self.grid().rows > 1
                else _("LEFT / RIGHT choose   ENTER play   SHIFT+H history")
            ) + ("" if self.app.kiosk else _("   ESC quit"))
            A.blit_text(surf, hint, A.fit(hint, 26, 1830), (1880, 1030), D.MUTED, anchor="midright")
            return surf
        key = ("lobby_static", self.selected, tuple(s.id for s in self.specs), tuple(self.app.cabinet.refused),
               lay.size, i18n.current())
        return self._keep(key, build)

    def draw(self, surface: pygame.Surface) -> None:
        lay, A = self.app.layout, self.app.assets
        surface.blit(self._static(), (0, 0))
        rects = self.tile_rects()
        if self.specs:
            i = min(self.selected, len(rects) - 1)
            spec, rect = self.specs[i], rects[i]
            lift = int(8 + 6 * math.sin(self.t * 3))

            def gold_glow() -> pygame.Surface:
                return _tint(D.shadow((lay.px(rect.w), lay.px(rect.h)), lay.px(28), lay.px(26), 255), D.GOLD)

            glow = self._keep(("tile_glow_gold", rect.size, lay.size), gold_glow)
            gx, gy = lay.pt(rect.x, rect.y - lift)
            surface.blit(glow, (gx - lay.px(26), gy - lay.px(26)))
            surface.blit(self._tile(spec, rect, True), (gx, gy))
        A.blit_text(surface, self.app.cabinet.currency.format(self.app.cabinet.balance), 40, (190, 1030),
                    D.CREAM, anchor="midleft", bold=True)
        self.draw_widgets(surface)


def fitted(assets: Any, text: str, size: float, width: int, color: Any) -> pygame.Surface:
    """`text` rendered bold at `size` (logical points), smaller if it would be wider than
    `width` pixels (a long name on a small tile)."""
    points = max(8, round(size))
    label = assets.font(points, True).render(text, True, color)
    while label.get_width() > width and points > 8:
        points -= 1
        label = assets.font(points, True).render(text, True, color)
    return label


def backdrop(size: tuple[int, int]) -> pygame.Surface:
    """The lobby's own look: a dusk sky over golden fields (rolling hills in bands),
    stars above; built once per window size."""
    w, h = size
    surf = D.vertical_gradient(size, [(14, 12, 40), (44, 26, 78), (120, 56, 70), (214, 120, 60)]).convert()
    for i in range(160):                                          # stars, thinning towards the horizon
        x, y = (i * 0.618034) % 1.0, ((i * 0.414213 + i * i * 0.00071) % 1.0) ** 1.6
        b = 140 + (i * 53) % 110
        pygame.draw.circle(surf, (b, b, min(255, b + 30)), (int(x * w), int(y * h * 0.6)), 1 + (i % 9 == 0))
    glow = D.radial_glow(int(h * 0.5), (255, 190, 90), 0.7)
    surf.blit(glow, glow.get_rect(center=(w // 2, int(h * 0.78))))
    for i, (y0, amp, color) in enumerate(((0.70, 0.05, (150, 96, 40)), (0.78, 0.04, (112, 70, 30)),
                                          (0.86, 0.03, (74, 46, 24)))):
        pts = [(x, int(h * (y0 + amp * math.sin(x / w * math.pi * (2 + i) + i * 1.7)))) for x in range(0, w + 20, 20)]
        pygame.draw.polygon(surf, color, pts + [(w, h), (0, h)])
        for k in range(0, w, max(6, w // 160)):                 # rows of wheat on each band
            x = k + (i * 7) % 11
            y = int(h * (y0 + amp * math.sin(x / w * math.pi * (2 + i) + i * 1.7)))
            pygame.draw.line(surf, D.lerp_color(color, (255, 214, 120), 0.35), (x, y + 4), (x + 3, y - 6 - i * 2), 2)
    return surf


def _tint(surf: pygame.Surface, color) -> pygame.Surface:
    out = surf.copy()
    out.fill((*color, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return out
