"""The toast: a short notice under the top bar at the right, where the sound and menu
buttons are; a long one (wrapped: a damaged file's reason) as a notice in the middle
of the screen, clear of every title. Opaque: its text lies above the screen's."""
from __future__ import annotations

from typing import Any

import pygame

from . import draw as D

TOAST_WRAP = 1600     # logical width of a toast's text: a longer one (a damaged file's reason) wraps
TOAST_SHORT = 760     # a toast this wide at most sits under the top bar, a wider one in the middle


def draw_toast(surface: pygame.Surface, assets: Any, layout: Any, text: str) -> None:
    """Draw `text` as the toast onto `surface` (logical units through `layout`)."""
    wide = assets.font(28, True).size(text)[0] > layout.px(TOAST_SHORT)
    label = assets.text(text, 28, D.CREAM, bold=True, wrap=TOAST_WRAP if wide else 0)
    w, h = label.get_width() + layout.px(50), label.get_height() + layout.px(20)

    def toast_panel() -> pygame.Surface:
        return D.rounded_panel((w, h), (40, 44, 96), (20, 22, 50), radius=min(h // 2, layout.px(30)), border=D.GOLD)

    panel = assets.surface(("toast", w, h), toast_panel)
    if wide:
        box = panel.get_rect(center=layout.pt(960, 480))
    else:
        box = panel.get_rect(topright=layout.pt(1904, 100))
    surface.blit(panel, box)
    D.text_layer(box)
    at = label.get_rect(center=box.center)
    surface.blit(label, at)
    with D.text_bounds(surface.get_rect()):
        D.record_text(text, label, at)
