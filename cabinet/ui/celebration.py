"""Big-win celebrations in tiers (thresholds in config, as multiples of the base bet).

No celebration when the win is not more than the stake: a 50x win on a 100x buy
is a loss, whatever the tier thresholds say.
"""
from __future__ import annotations

import math
from typing import Any

import pygame

from . import draw as D
from .overlay import Overlay
from .scene import register

TIERS = (("epic", "EPIC WIN"), ("mega", "MEGA WIN"), ("big", "BIG WIN"))
SECONDS = {"big": 3.0, "mega": 4.0, "epic": 5.0}


def tier_multiples(config: Any) -> dict[str, int]:
    """{'big': 15, 'mega': 30, 'epic': 60} from config (multiples of the base bet)."""
    thresholds = getattr(config, "big_win", None)
    out = {}
    for key, default in (("big", 15), ("mega", 30), ("epic", 60)):
        value = thresholds.get(key) if isinstance(thresholds, dict) else getattr(thresholds, key, None)
        out[key] = int(value) if value is not None else default
    return out


def big_win_tier(win_cents: int, bet_cents: int, cost_cents: int, config: Any) -> str | None:
    """'big' / 'mega' / 'epic' for a win at or over that multiple of the base bet,
    None when below the first tier or not more than the stake."""
    stake = cost_cents if cost_cents > 0 else bet_cents
    if win_cents <= stake:
        return None
    multiples = tier_multiples(config)
    for key, _ in TIERS:
        if win_cents >= multiples[key] * bet_cents:
            return key
    return None


@register("big_win")
class BigWin(Overlay):
    """An overlay counting the win up; SPACE or a click completes it, then closes it."""

    panel = False

    def __init__(self, app, tier: str, win_cents: int, bet_cents: int | None = None):
        super().__init__(app)
        self.tier, self.win = tier, win_cents
        self.duration = SECONDS[tier]
        self.t = 0.0
        # With the bet known, the title climbs BIG -> MEGA -> EPIC as the count passes each.
        multiples = tier_multiples(app.config)
        order = [key for key, _ in reversed(TIERS)]
        self.steps = [(multiples[k] * bet_cents, dict(TIERS)[k]) for k in order[:order.index(tier) + 1]] \
            if bet_cents else [(0, dict(TIERS)[tier])]

    @property
    def title(self) -> str:
        shown = self.shown
        reached = [name for cents, name in self.steps if shown >= cents]
        return reached[-1] if reached else self.steps[0][1]

    def enter(self) -> None:
        self.app.audio.play("big_win")

    @property
    def shown(self) -> int:
        p = min(self.t / self.duration, 1.0)
        return int(self.win * (1 - (1 - p) ** 3))

    def on_action(self, action: str) -> bool:
        if action in ("spin", "select", "close", "confirm"):
            self._advance()
            return True
        return False

    def handle_event(self, event, actions) -> bool:
        if event.type == pygame.MOUSEBUTTONUP:
            self._advance()
            return True
        return super().handle_event(event, actions)

    def _advance(self) -> None:
        if self.t < self.duration:
            self.t = self.duration
        else:
            self.app.pop(self)

    def update(self, dt: float) -> None:
        speed = 3.0 if self.app.turbo else 1.0
        self.t += dt * speed
        if self.t >= self.duration + 1.5:
            self.app.pop(self)

    def draw(self, surface: pygame.Surface) -> None:
        lay, A = self.app.layout, self.app.assets
        self.draw_frame(surface)
        glow = A.surface(("bigwin_glow", lay.px(520)), lambda: D.radial_glow(lay.px(520), (255, 190, 60)))
        cx, cy = lay.pt(960, 500)
        surface.blit(glow, (cx - glow.get_width() // 2, cy - glow.get_height() // 2))
        coin = A.surface(("coin", lay.px(36)), lambda: _coin(lay.px(36)))
        for i in range(36):  # coins raining, positions from index and time only
            x = (i * 0.618034 % 1.0) * 1920
            y = ((self.t * (260 + (i * 37) % 200) + i * 97) % 1240) - 80
            wob = math.sin(self.t * 3 + i) * 18
            surface.blit(coin, lay.pt(x + wob, y))
        scale = 1.0 + 0.04 * math.sin(self.t * 6)
        size = int(120 * scale)
        A.blit_text(surface, self.title, size, (960, 400), D.GOLD, anchor="center", bold=True, outline=(90, 30, 0))
        band = A.surface(("bigwin_band", lay.size), lambda: D.rounded_panel(
            (lay.px(900), lay.px(190)), (40, 20, 60), (10, 6, 20), radius=lay.px(40), border=D.GOLD,
            border_width=lay.px(4), alpha=215))
        surface.blit(band, band.get_rect(center=lay.pt(960, 590)))
        A.blit_chars(surface, self.app.cabinet.currency.format(self.shown), 96, (960, 560), D.CREAM,
                     anchor="center", bold=True, outline=(40, 20, 0))
        A.blit_text(surface, "SPACE to continue", 28, (960, 648), D.MUTED, anchor="center")


def _coin(d: int) -> pygame.Surface:
    surf = pygame.Surface((d, d), pygame.SRCALPHA)
    pygame.draw.circle(surf, D.GOLD_DARK, (d // 2, d // 2), d // 2)
    pygame.draw.circle(surf, D.GOLD, (d // 2, d // 2), d // 2 - max(2, d // 10))
    pygame.draw.circle(surf, (255, 240, 180), (d // 2 - d // 7, d // 2 - d // 7), max(2, d // 8))
    return surf
