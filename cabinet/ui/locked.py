"""The notice shown when the cabinet is locked: altered, missing or replaced ledger
data, a row that does not decode, or a storage error (disk full, I/O) during play.

Play stops and the data stays untouched; the message names what is wrong. A storage
error keeps the round in play open: the next start resumes it. The operator menu
(CTRL+SHIFT+O and the PIN) stays reachable: RAM CLEAR there is the only way to a
fresh ledger. ESC quits (outside kiosk mode).

`App.show_lock()` puts it up from anywhere (the app calls it whenever the cabinet is
locked, and when a CabinetLocked or LedgerError escapes a scene).
"""
from __future__ import annotations

import pygame

from cabinet.core.ledger import StorageError

from . import draw as D
from .scene import Scene, register


@register("locked")
class LockedNotice(Scene):
    """Full-screen: CABINET LOCKED (or STORAGE ERROR) and the reason."""

    def __init__(self, app, reason: str):
        super().__init__(app)
        self.reason = reason
        self.storage = reason.startswith(StorageError.PREFIX)

    def on_action(self, action: str) -> bool:
        if action == "close" and not self.app.kiosk:
            self.app.running = False
        return True

    def draw(self, surface: pygame.Surface) -> None:
        lay, A = self.app.layout, self.app.assets

        def backdrop() -> pygame.Surface:
            return D.vertical_gradient(lay.size, [(40, 8, 16), (10, 4, 10)])

        surface.blit(A.surface(("locked_bg", lay.size), backdrop), (0, 0))
        title = "STORAGE ERROR" if self.storage else "CABINET LOCKED"
        A.blit_text(surface, title, 110, (960, 300), D.RED, anchor="center", bold=True, outline=(30, 0, 0))
        head = "Call the attendant." if self.storage else "Play has stopped. Call the operator."
        A.blit_text(surface, head, 44, (960, 420), D.CREAM, anchor="center", bold=True)
        A.blit_text(surface, self.reason, 30, (960, 500), D.CREAM, anchor="midtop", wrap=1500)
        if self.storage:
            foot = ("Nothing is lost: the round in play stays open and resumes when the cabinet restarts.")
        else:
            foot = "The data is left untouched for inspection. Only the operator's RAM CLEAR starts fresh."
        A.blit_text(surface, foot, 30, (960, 860), D.MUTED, anchor="center", wrap=1600)

