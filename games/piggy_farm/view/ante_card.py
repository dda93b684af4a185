"""Piggy Farm's FARM WHEEL BOOST (ante) card under the BUY button: the toggle's caption
on its own dark plate, with the ante's price, and how much more often its own reels
bring THE FARM WHEEL (from the shipped libraries).
"""
from __future__ import annotations

import pygame

from cabinet.core.i18n import _, formats
from cabinet.ui import draw as D
from cabinet.ui.figures import times

from .layout import ANTE


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
