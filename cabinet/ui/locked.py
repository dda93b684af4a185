"""The notice shown when the cabinet is locked (audit mismatch, unreadable ledger).

Play stops and the data stays untouched for inspection; the message names what is
wrong. ESC quits (outside kiosk mode); the operator menu remains reachable.
"""
from __future__ import annotations

import pygame

from . import draw as D
from .scene import Scene, register


@register("locked")
class LockedNotice(Scene):
    """Full-screen: CABINET LOCKED and the reason."""

    def __init__(self, app, reason: str):
        super().__init__(app)
        self.reason = reason

    def on_action(self, action: str) -> bool:
        if action == "close" and not self.app.kiosk:
            self.app.running = False
        return True

    def draw(self, surface: pygame.Surface) -> None:
        lay, A = self.app.layout, self.app.assets
        surface.blit(A.surface(("locked_bg", lay.size), lambda: D.vertical_gradient(
            lay.size, [(40, 8, 16), (10, 4, 10)])), (0, 0))
        A.blit_text(surface, "CABINET LOCKED", 110, (960, 380), D.RED, anchor="center", bold=True,
                    outline=(30, 0, 0))
        A.blit_text(surface, self.reason, 34, (960, 520), D.CREAM, anchor="midtop", wrap=1500)
        A.blit_text(surface, "The data is left untouched for inspection. Call the operator.", 30,
                    (960, 700), D.MUTED, anchor="center")
