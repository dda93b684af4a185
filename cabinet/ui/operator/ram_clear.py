"""RAM CLEAR's confirmation: what is cleared, where the old files are kept. Reached from
the operator menu (behind the PIN); the clear itself is App.ram_clear."""
from __future__ import annotations

import pygame

from cabinet.core.i18n import N_, _

from .. import draw as D
from ..overlay import Overlay
from ..scene import register


@register("ram_clear")
class RamClearConfirm(Overlay):
    """RAM CLEAR's confirmation: what is cleared, where the old files are kept."""

    title = N_("RAM CLEAR")
    panel_rect = pygame.Rect(360, 200, 1200, 680)

    def __init__(self, app):
        super().__init__(app)
        self.widgets = [*self.confirm_buttons(N_("CLEAR ALL DATA"), style="red", width=480)]

    def on_action(self, action: str) -> bool:
        if action in ("close", "operator"):
            self.app.pop(self)
        elif action == "confirm":
            self.app.ram_clear()
        else:
            return False
        return True

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface)
        A, cab = self.app.assets, self.app.cabinet
        if cab.locked:
            now = _("The cabinet is locked: {reason}").format(reason=cab.locked)
        else:
            now = _("The balance of {amount} and any interrupted round leave play.").format(
                amount=cab.currency.format(cab.balance))
        lines = [_("A fresh ledger starts: balance, meters and history begin again from zero "
                   "(with the demo credit, if this cabinet gives one)."),
                 now,
                 _("The old ledger and its key are kept, untouched, in a ramclear-<date> folder of the data "
                   "directory, and the clear is logged in the new ledger.")]
        y = 310.0
        for text in lines:
            y += A.blit_text(surface, text, 30, (440, y), D.CREAM, wrap=1040).height / self.app.layout.scale + 26
        self.draw_widgets(surface)

