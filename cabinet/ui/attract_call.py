"""The attract loop's call to play: PRESS ANY KEY OR TOUCH TO PLAY and the cabinet's
credit under it. Drawn by the call over a replayed round (kiosk.AttractCall) and, in
its own place, by a celebration over that round (celebration.BigWin), so that nothing
is ever written across it."""
from __future__ import annotations

from typing import Any

import pygame

from cabinet.core.i18n import N_, _, translate

from . import draw as D

CALL = N_("PRESS ANY KEY OR TOUCH TO PLAY")


def draw_call(app: Any, surface: pygame.Surface, y: float = 760) -> None:
    """The call to play at `y` and the cabinet's credit now under it (none shown when
    there is none)."""
    A = app.assets                  # the call pulses between two shades (always legible, never an empty band)
    shade = D.CYAN if int(app.time * 2) % 2 == 0 else (235, 250, 255)
    credit = app.cabinet.balance
    call = translate(CALL)
    A.blit_text(surface, call, A.fit(call, 52, 1800, True), (960, y if credit > 0 else y + 40), shade,
                anchor="center", bold=True, outline=(0, 20, 40))
    if credit > 0:
        A.blit_text(surface, _("CREDIT {amount}").format(amount=app.cabinet.currency.format(credit)), 40,
                    (960, y + 80), D.CREAM, anchor="center", bold=True, outline=(20, 20, 40))
