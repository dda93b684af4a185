"""AUDIT / RAM CLEAR: the ledger's audit status, RUN AUDIT (the full audit now, logged),
and RAM CLEAR (PIN already given, then a confirmation: the old files kept as a backup,
the clear logged in the new ledger). The only page, with diagnostics, that opens while
the cabinet is locked: RAM CLEAR is the only way out of a lock."""
from __future__ import annotations

from cabinet.core.i18n import N_, _, translate

from .. import draw as D
from .page import Page

HELP = N_("The data is left untouched for inspection. RUN AUDIT checks it again. A storage error clears when the "
          "cabinet restarts; anything else needs RAM CLEAR, which keeps the old files in a backup folder and starts "
          "a fresh ledger.")


class SystemPage(Page):
    title = N_("AUDIT / RAM CLEAR")

    def __init__(self, menu):
        super().__init__(menu)
        self.audit = self.cab.audit_status()
        self.button((360, 700, 460, 90), N_("RUN AUDIT"), "audit", font_size=32)
        self.button((860, 700, 460, 90), N_("RAM CLEAR..."), "ram_clear", style="red", font_size=32)

    def refresh(self) -> None:
        self.audit = self.cab.audit_status()

    def on_action(self, action: str) -> bool:
        if action == "audit":
            self.audit = self.cab.audit()
            self.say(_("Audit passed (logged)") if self.audit[0] else _("Audit FAILED: the cabinet is locked"),
                     bad=not self.audit[0])
        elif action == "ram_clear":
            self.app.open("ram_clear")
        else:
            return False
        return True

    def draw(self, surface) -> None:
        ok, message = self.audit
        self.text(
            surface, _("AUDIT: OK") if ok else _("AUDIT: FAILED"), (360, 150), 48, D.GREEN if ok else D.RED, bold=True
        )
        y = self.paragraph(surface, message, (360, 230), 28, D.CREAM)
        if not ok or self.cab.locked:
            self.paragraph(surface, translate(HELP), (360, y + 30), 26, D.MUTED)
        else:
            self.paragraph(
                surface,
                _(
                    "RUN AUDIT walks every chain entry from the first: each link, the balance chain, "
                    "every checkpoint MAC, the meters and the game states. A start checks the entries "
                    "written since the last start the same way, and the ones before by their digest "
                    "(a digest that differs runs the full audit)."
                ),
                (360, y + 30),
                26,
                D.MUTED,
            )
