"""What follows a settled round on screen: a big-win celebration in tiers (thresholds
in config, as multiples of the base bet), a max-win celebration when a round reaches
the game's top prize or win limit, and a total-win summary at the end of every
feature (which features, and where the win came from: GameSpec.math.payout_sources).

No tier celebration when the win is not more than the stake: a 50x win on a 100x buy
is a loss, whatever the tier thresholds say. With config celebrate_wins_above_stake
(forced by jurisdiction: uk) a win no bigger than the stake gets no celebration at all:
no win sound, no line or cluster cues, no counter fanfare, no summary (`celebrates`,
the one decision the scenes consult). While a win counts up, the balance shows it
counting too (the game's HUD holds back what is still to come).

The loss limit (config protection.loss_limit, with player protection on) is checked
after every round a player plays: when the session's net loss reaches it, autoplay
stops and the LOSS LIMIT dialog stops play until a new session starts (a cash-out) or
the limit is raised.
"""
from __future__ import annotations

import math
from typing import Any

import pygame

from cabinet.core import jurisdiction
from cabinet.core.win_tiers import TIERS, big_win_tier, tier_multiples  # noqa: F401  (re-exported)

from . import draw as D
from .attract_call import draw_call
from .figures import cap_of, feature_words, times
from .moments import band_panel, coin_rain
from .overlay import Overlay
from .scene import register

SECONDS = {"big": 3.0, "mega": 4.0, "epic": 5.0, "max": 7.0, None: 2.5}    # the count-up
HOLD = 1.5                   # the full win stays this long after the count-up, then closes
# The cue each celebration plays, as long as it lasts (count-up + HOLD): assets/sounds/fanfares/.
FANFARE = {"big": "fanfare.big", "mega": "fanfare.mega", "epic": "fanfare.epic", "max": "fanfare.max",
           None: "moment.summary"}


def lasts(tier: str | None) -> float:
    """How long a celebration of this tier stays up by itself (without turbo or a skip)."""
    return SECONDS[tier] + HOLD


def is_max_win(scene: Any, played: Any) -> bool:
    """Whether the round paid the most a round of its mode can pay at its bet."""
    setup = scene.app.cabinet.games.get(scene.spec.id)
    limit = cap_of(scene.spec, setup).limit_cents(played.bet_cents, played.mode)
    return bool(played.win_cents) and limit is not None and played.win_cents >= limit


def summary_lines(scene: Any, played: Any) -> list[tuple[str, int]]:
    """Where a feature round's win came from, in money at its bet ([] when the
    round was cut by a limit: then the total alone is true)."""
    sources = scene.spec.math.payout_sources
    if sources is None or played.capped:
        return []
    parts = sources(played.round)
    return [(name[:1].upper() + name[1:], played.bet_cents * int(x100) // 100) for name, x100 in parts.items() if x100]


def stake_of(played: Any) -> int:
    """What the round cost the player (its base bet when something else paid for it)."""
    return played.cost_cents if played.cost_cents > 0 else played.bet_cents


def celebrates(app: Any, played: Any) -> bool:
    """Whether the round's win earns any celebration (a sound, a line or cluster cue,
    a counter fanfare, an overlay): cabinet.core.jurisdiction.celebrates, on its stake."""
    return jurisdiction.celebrates(played.win_cents, stake_of(played), app.config)


def quiet(app: Any, played: Any) -> bool:
    """A presentation of this round plays no win cues (`Presentation(quiet=...)`): it
    wins something, but no more than its stake, under celebrate_wins_above_stake."""
    return bool(played.win_cents) and not celebrates(app, played)


def celebrate(scene: Any, played: Any) -> bool:
    """Open the round's celebration over the game, if it earns one: the max win, a
    big-win tier, or the feature's total-win summary. True when the win is dealt with:
    one opened, or the round earns none because its win is no bigger than its stake
    (`celebrates`: the caller then plays no win sound either). Also checks the loss
    limit after a played round."""
    app = scene.app
    if not getattr(scene, "recall_mode", False):
        check_loss_limit(scene)
    if quiet(app, played):
        return True
    feature = scene.is_bonus(played)
    tier = "max" if is_max_win(scene, played) else big_win_tier(played.win_cents, played.bet_cents,
                                                                  played.cost_cents, app.config)
    if tier is None and not feature:
        return False
    words = feature_words(scene.spec, played.round.features) if feature else ""
    lines = summary_lines(scene, played) if feature else []
    app.open("big_win", tier, played.win_cents, played.bet_cents, features=words, lines=lines)
    return True


@register("big_win")
class BigWin(Overlay):
    """A win counting up (a tier's title climbing BIG -> MEGA -> EPIC as it passes
    each), the max-win celebration (tier 'max'), or a feature's summary (tier None),
    with the features in words and the win's parts; SPACE or a click completes it,
    then closes it; it closes by itself (autoplay goes on)."""

    panel = False
    veil_alpha = 215          # the game's own banners stay quiet under the celebration

    def __init__(self, app, tier: str | None, win_cents: int, bet_cents: int | None = None,
                 features: str = "", lines: list[tuple[str, int]] | None = None):
        super().__init__(app)
        self.tier, self.win = tier, win_cents
        self.bet = bet_cents
        self.features, self.lines = features, list(lines or [])
        self.duration = SECONDS[tier]
        self.t = 0.0
        multiples = tier_multiples(app.config)
        order = [key for key, _ in reversed(TIERS)]
        if tier in order and bet_cents:
            self.steps = [(multiples[k] * bet_cents, dict(TIERS)[k]) for k in order[:order.index(tier) + 1]]
        else:
            self.steps = [(0, {"max": "MAX WIN", None: "TOTAL WIN"}.get(tier, dict(TIERS).get(tier or "", "WIN")))]
        game = app.stack.find("game")
        self.hud = getattr(game, "hud", None)
        if getattr(game, "recall_mode", False) and getattr(game, "recall_record", None) is None:
            self.hud = None          # a book nobody played (showcase, clip): no money moved, the balance stands
        if self.hud is not None:
            self.hud.held_cents = self.win          # the photo of the game shows the balance before the win

    @property
    def title(self) -> str:  # type: ignore[override]  # the tier reached: read-only, unlike Overlay's
        shown = self.shown
        reached = [name for cents, name in self.steps if shown >= cents]
        return reached[-1] if reached else self.steps[0][1]

    def enter(self) -> None:
        self.app.audio.play_fanfare(FANFARE[self.tier])

    def leave(self) -> None:
        self.app.audio.stop_fanfare()
        if self.hud is not None:
            self.hud.held_cents = 0

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
        if self.hud is not None:
            self.hud.held_cents = self.win - self.shown
        if self.t >= self.duration + HOLD:
            self.app.pop(self)

    def draw(self, surface: pygame.Surface) -> None:
        lay, A = self.app.layout, self.app.assets
        cur = self.app.cabinet.currency
        self.draw_frame(surface)
        big = self.tier is not None

        def tier_glow() -> pygame.Surface:
            return D.radial_glow(lay.px(520), (255, 120, 200) if self.tier == "max" else (255, 190, 60))

        glow = A.surface(("bigwin_glow", lay.px(520), self.tier == "max"), tier_glow)
        cx, cy = lay.pt(960, 480)
        surface.blit(glow, (cx - glow.get_width() // 2, cy - glow.get_height() // 2))
        if big:
            self._coins(surface, 60 if self.tier == "max" else 36)
        scale = 1.0 + (0.04 * math.sin(self.t * 6) if big else 0.0)
        size = int((130 if self.tier == "max" else 120 if big else 96) * scale)
        A.blit_text(surface, self.title, size, (960, 330), D.GOLD, anchor="center", bold=True, outline=(90, 30, 0))
        if self.tier == "max" and self.bet:
            A.blit_text(surface, f"THE TOP PRIZE: {times(self.win / self.bet)} THE BET", 40, (960, 420), D.CREAM,
                        anchor="center", bold=True, outline=(60, 20, 40))
        elif self.features:
            A.blit_text(surface, self.features, 38, (960, 420), D.CREAM, anchor="center", bold=True,
                        outline=(40, 20, 0))
        band = A.surface(("bigwin_band", lay.size), lambda: band_panel(lay))
        surface.blit(band, band.get_rect(center=lay.pt(960, 545)))
        A.blit_chars(surface, cur.format(self.shown), 96, (960, 545), D.CREAM, anchor="center", bold=True,
                     outline=(40, 20, 0))
        y = 660
        if len(self.lines) > 1:                  # where the win came from (one part says nothing more)
            for name, cents in self.lines:
                A.blit_text(surface, name, 30, (940, y), D.CREAM, anchor="midright", bold=True)
                A.blit_text(surface, cur.format(cents), 30, (980, y), D.GOLD, anchor="midleft", bold=True)
                y += 40
        if self.app.stack.find("attract") is not None:       # the kiosk's attract loop: its call, no prompt
            draw_call(self.app, surface, y + 40)
        else:
            A.blit_text(surface, "SPACE to continue", 28, (960, y + 20), D.MUTED, anchor="center")
        self._balance(surface)

    def _coins(self, surface: pygame.Surface, count: int) -> None:
        coin_rain(self.app, surface, self.t, count)

    def _balance(self, surface: pygame.Surface) -> None:
        """The balance, counting up with the win, over the game's dimmed balance."""
        if self.hud is None:
            return
        lay, A = self.app.layout, self.app.assets
        game = self.hud.scene

        def balance_chip() -> pygame.Surface:
            return D.rounded_panel((lay.px(520), lay.px(110)), (40, 36, 90), (18, 16, 44), radius=lay.px(20),
                                   border=D.GOLD, border_width=lay.px(3), alpha=245)

        chip = A.surface(("bigwin_balance", lay.size), balance_chip)
        surface.blit(chip, lay.pt(30, 955))
        A.blit_text(surface, "BALANCE", 24, (60, 972), D.MUTED, bold=True)
        A.blit_chars(surface, self.app.cabinet.currency.format(game.shown_balance - self.hud.held_cents), 46,
                     (60, 1004), D.CREAM, bold=True)


def loss_limit_reached(app: Any) -> tuple[int, int] | None:
    """(net loss, limit) when the session's net loss has reached config
    protection.loss_limit (player protection on); None otherwise."""
    limit = app.config.protection.loss_limit
    session = getattr(app, "session", None)
    if limit is None or session is None or not getattr(session, "enabled", False):
        return None
    lost = -session.net
    return (lost, limit) if lost >= limit else None


def check_loss_limit(scene: Any) -> bool:
    """After a played round: at the loss limit, stop autoplay and open the dialog."""
    app = scene.app
    reached = loss_limit_reached(app)
    if reached is None or app.stack.find("loss_limit") is not None:
        return False
    stop = getattr(scene, "stop_autoplay", None)
    if stop is not None:
        stop("loss limit reached")
    app.open("loss_limit", *reached)
    return True


@register("loss_limit")
class LossLimit(Overlay):
    """Play stops: the session's net loss reached the loss limit. It stays until a new
    session starts (a cash-out) or the operator raises the limit; the operator menu
    (CTRL+SHIFT+O) still opens over it."""

    title = "LOSS LIMIT REACHED"
    panel_rect = pygame.Rect(410, 300, 1100, 480)

    def __init__(self, app, lost_cents: int, limit_cents: int):
        super().__init__(app)
        self.lost, self.limit = lost_cents, limit_cents

    def enter(self) -> None:
        self.app.audio.play("refuse")

    def on_action(self, action: str) -> bool:
        return action not in ("operator", "fullscreen", "screenshot")   # nothing else gets past it

    def handle_event(self, event, actions) -> bool:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return True
        return super().handle_event(event, actions)

    def update(self, dt: float) -> None:
        if loss_limit_reached(self.app) is None:      # a new session, or a higher limit
            self.app.pop(self)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface)
        A, cur = self.app.assets, self.app.cabinet.currency
        lines = ((f"This session's net loss is {cur.format(self.lost)}.", D.CREAM),
                 (f"The loss limit set on this cabinet is {cur.format(self.limit)}.", D.CREAM),
                 ("Play has stopped.", D.GOLD),
                 ("Please cash out or call an attendant.", D.MUTED))
        for i, (text, colour) in enumerate(lines):
            A.blit_text(surface, text, 36, (960, 450 + i * 70), colour, anchor="center", bold=i == 2)
