"""Spin chance: a meter whose green share is credit / the current price of play, a
pointer, PLAY and NO THANKS. PLAY draws and records the result (offers.py) before the
pointer runs; green awards a spin of the current play at the current bet, played at once.

Keys (KEY_ROWS, listed on the KEYBOARD page): SHIFT+RETURN (confirm, as a purchase is
confirmed) plays, ESC / BACKSPACE say NO THANKS; a SPACE still held from the round
only skips the pointer's run, it never wagers the credit.
"""
from __future__ import annotations

import math

import pygame

from cabinet.core.i18n import N_, _, formats, translate
from cabinet.mechanics.spin_chance import SpinChance
from cabinet.ui import draw as D
from cabinet.core.game_words import mode_label
from cabinet.ui.presentation import Presentation, Step
from cabinet.ui.scene import Scene
from cabinet.ui.widgets import Button

from . import art

METER = pygame.Rect(360, 470, 1200, 110)
SWEEPS = 3.5          # pointer passes over the meter before it settles
# (what the key does, its actions in the cabinet's key map)
KEY_ROWS = (
    (N_("Play the spin chance"), ("confirm",)),
    (N_("No thanks (keep the credit)"), ("close",)),
    (N_("Skip the pointer's run"), ("spin",)),
)


def key_rows(keys) -> tuple[tuple[str, str], ...]:
    """(what it does, its keys) of every spin-chance control, from the key map `keys`, in
    the player's language."""
    return tuple((translate(label), keys.describe_group(actions))
                 for label, actions in KEY_ROWS)


class SpinChanceScene(Scene):
    """The meter over the game's backdrop."""

    opaque = True

    def __init__(self, app, offers, chance: SpinChance):
        super().__init__(app)
        self.offers, self.game, self.chance = offers, offers.scene, chance
        self.green = float(chance.chance)
        self.pointer = 0.0                 # 0..1 along the meter
        self.target = 0.0
        self.won: bool | None = None
        self.presentation: Presentation | None = None
        self.time = 0.0
        self.widgets = [
            Button((560, 720, 360, 110), "PLAY", "play", style="green", font_size=52, enabled=self.idle),
            Button((1000, 720, 360, 110), "NO THANKS", "decline", style="red", font_size=44, enabled=self.idle),
        ]

    def idle(self) -> bool:
        return self.presentation is None and self.won is None

    def on_action(self, action: str) -> bool:
        if action in ("spin", "confirm") and self.presentation is not None:
            self.presentation.skip_to_end()
            return True
        if not self.idle():
            return action in ("play", "decline", "close", "confirm")
        if action in ("play", "confirm"):
            self.play()
            return True
        if action in ("decline", "close"):
            self.offers.declined_at = (self.app.cabinet.balance, self.chance.spin_price_cents)
            self.app.pop(self)
            return True
        return False

    def play(self) -> None:
        self.won = self.offers.play_spin_chance(self.chance)        # recorded before it is shown
        credit, price = self.chance.credit_cents, self.chance.spin_price_cents
        # Where the pointer settles: inside the drawn segment of the result (presentation only).
        spot = ((credit * 7919 + price * 104729) % 1000) / 1000 * 0.8 + 0.1
        self.target = self.green * spot if self.won else self.green + (1 - self.green) * spot

        def tick(p: float) -> None:
            travel = SWEEPS * 2 + self.target
            pos = travel * (1 - (1 - p) ** 3)
            k = math.floor(pos)
            frac = pos - k
            self.pointer = frac if k % 2 == 0 else 1 - frac
            if p >= 1:
                self.pointer = self.target
        self.presentation = Presentation([Step(3.0, tick=tick, label="pointer runs", sound="hmh_wheel"),
                                          Step(1.3, label="result", sound="hmh_pot" if self.won else "hmh_lose")],
                                         self.app.audio.play)

    def update(self, dt: float) -> None:
        self.time += dt
        if self.presentation is not None:
            self.presentation.advance(dt)
            if self.presentation.done:
                self.presentation = None
                self.app.pop(self)
                if self.won:
                    self.offers.awarded_spin()

    # -- drawing ----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        lay, A = self.app.layout, self.app.assets
        cur = self.app.cabinet.currency

        def bg() -> pygame.Surface:
            s = art.backdrop(lay.size).convert()
            veil = pygame.Surface(lay.size, pygame.SRCALPHA)
            veil.fill((10, 6, 30, 170))
            s.blit(veil, (0, 0))
            r = lay.rect(260, 200, 1400, 700)
            s.blit(D.rounded_panel(r.size, (70, 40, 100), (26, 14, 40), radius=lay.px(40), border=D.GOLD,
                                   border_width=lay.px(5), alpha=240), r.topleft)
            return s
        surface.blit(A.surface(("hmh_sc_bg", lay.size), bg), (0, 0))
        A.blit_text(surface, _("SPIN CHANCE"), 80, (960, 270), D.GOLD, anchor="center", bold=True, outline=(80, 30, 0),
                    fit=1360)
        A.blit_text(
            surface,
            _("WAGER YOUR CREDIT OF {credit} FOR A SPIN AT {price}").format(
                credit=cur.format(self.chance.credit_cents), price=cur.format(self.chance.spin_price_cents)
            ),
            34,
            (960, 350),
            D.CREAM,
            anchor="center",
            bold=True,
            fit=1360,
        )
        mode = self.game.spin_mode()
        if mode != "base":          # the current play is a fortune bet: say what the spin is
            note = _("BET {amount} WITH {mode}").format(amount=cur.format(self.game.bet),
                                                         mode=mode_label(self.game.spec, mode).upper()) + "  ·  "
        else:
            note = ""
        A.blit_text(
            surface,
            note + _("CHANCE {chance}").format(chance=formats.percent(self.green * 100, 1)),
            30,
            (960, 405),
            D.MUTED,
            anchor="center",
            bold=True,
            fit=1360,
        )
        gw = round(METER.w * self.green)
        meter = A.surface(("hmh_sc_meter", lay.size, gw), lambda: _meter(lay, gw))
        surface.blit(meter, lay.pt(METER.x, METER.y))
        _segment_label(A, lay, surface, _("SPIN"), METER.x, gw, (20, 60, 20), beside="left")
        _segment_label(A, lay, surface, _("LOSE"), METER.x + gw, METER.w - gw, (80, 10, 10), beside="right")
        px = METER.x + METER.w * self.pointer
        pts = [lay.pt(px, METER.y - 8), lay.pt(px - 26, METER.y - 52), lay.pt(px + 26, METER.y - 52)]
        pygame.draw.polygon(surface, (255, 240, 190), pts)
        pygame.draw.polygon(surface, (90, 40, 0), pts, lay.px(3))
        pygame.draw.line(surface, (255, 250, 220), lay.pt(px, METER.y), lay.pt(px, METER.bottom), lay.px(5))
        if self.presentation is not None and self.presentation.index >= 1:
            text, col = (_("SPIN AWARDED!"), D.GREEN) if self.won else (_("CREDIT LOST"), D.RED)
            A.blit_text(surface, text, 64, (960, 650), col, anchor="center", bold=True, outline=(20, 10, 10), fit=1360)
        self.draw_widgets(surface)
        if self.idle():             # each button's key under it
            keys = self.app.input
            for x, action in ((740, "confirm"), (1180, "close")):
                A.blit_text(surface, keys.describe_words(action), 24, (x, 860), D.MUTED, anchor="center", bold=True)


LABEL_PAD = 16         # a segment's label keeps this far from its ends
BESIDE_GAP = 14        # a label too wide for its segment stands this far outside the meter


def _segment_label(A, lay, surface: pygame.Surface, text: str, x: float, width: float, color, beside: str) -> None:
    """A segment's label inside it when it fits there, else beside the meter's end it
    touches (left of the meter for SPIN, right for LOSE), in the panel's cream."""
    label_w = A.text(text, 40, color, True).get_width() / lay.scale
    if width >= label_w + 2 * LABEL_PAD:
        A.blit_text(surface, text, 40, (x + width / 2, METER.centery), color, anchor="center", bold=True)
    elif beside == "right":
        A.blit_text(surface, text, 28, (METER.right + BESIDE_GAP, METER.centery), D.CREAM, anchor="midleft",
                    bold=True)
    else:
        A.blit_text(surface, text, 28, (METER.x - BESIDE_GAP, METER.centery), D.CREAM, anchor="midright",
                    bold=True)


def _meter(lay, green_px: int) -> pygame.Surface:
    w, h = lay.px(METER.w), lay.px(METER.h)
    g = lay.px(green_px) if green_px > 0 else 0
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    s.fill((0, 0, 0, 0))
    red = D.rounded_panel((w, h), (240, 90, 80), (150, 30, 30), radius=h // 3, border=(255, 220, 200),
                          border_width=max(2, h // 30))
    s.blit(red, (0, 0))
    if g > 0:
        green = D.rounded_panel((w, h), (110, 230, 130), (30, 130, 60), radius=h // 3, border=(220, 255, 220),
                                border_width=max(2, h // 30))
        s.blit(green, (0, 0), pygame.Rect(0, 0, g, h))
    return s
