"""The PIN pad: digit keys or the on-screen pad (mouse, touch); ENTER or OK submits.

It guards the operator menu (CTRL+SHIFT+O, or a 3-second press on the screen's top-left
corner on a touch cabinet), an attendant's handpay, and a PIN change (the new PIN
twice). A PIN has 4 to 12 digits (config PIN_DIGITS): the pad takes no more than 12
and shows how many were entered. The PIN is checked against the ledger's record, or
config.yaml's while the ledger is locked (cabinet/core/pin.py). Every wrong PIN is an
event in the ledger (`pin_failure`); after 3 in a row the pad refuses further tries
for 30 s, then 60 s, 120 s ... up to 15 minutes, and says so with a call for the
attendant. The count is kept by the app across pads, restarts only with an
`operator_login` in the chain, and is rebuilt from the event log at start.
"""
from __future__ import annotations

from typing import Callable

import pygame

from cabinet.core import pin as pin_rules
from cabinet.core.config import PIN_DIGITS
from cabinet.core.i18n import N_, _
from cabinet.core.pin import delay_after

from .. import draw as D
from ..overlay import Overlay
from ..scene import register
from ..widgets import Button

DIGITS = {getattr(pygame, f"K_{d}"): str(d) for d in range(10)}
DIGITS.update({getattr(pygame, f"K_KP{d}"): str(d) for d in range(10)})
PURPOSES = {"login": N_("OPERATOR"), "handpay": N_("ATTENDANT"), "new_pin": N_("NEW PIN"), "confirm": N_("OPERATOR")}


def clock_text(seconds: float) -> str:
    s = int(seconds + 0.999)
    return f"{s // 60}:{s % 60:02d}"


@register("pin_pad")
class PinPad(Overlay):
    """Enter a PIN. `purpose`: login (opens the operator menu), handpay or confirm
    (calls `on_ok`), new_pin (asks twice, then `on_ok(new_pin)`)."""

    panel_rect = pygame.Rect(660, 120, 600, 860)

    def __init__(self, app, purpose: str = "login", on_ok: Callable[..., None] | None = None, why: str = ""):
        super().__init__(app)
        self.purpose, self.on_ok, self.why = purpose, on_ok, why
        self.title = PURPOSES.get(purpose, PURPOSES["login"])
        self.entered = ""
        self.first: str | None = None        # new_pin: the first entry, waiting for the second
        self.error = ""
        self.widgets = [self.close_button()]
        def unlocked() -> bool:
            return self.app.pin_guard.wait() <= 0

        for i, label in enumerate(["1", "2", "3", "4", "5", "6", "7", "8", "9", "C", "0", "OK"]):
            r, c = divmod(i, 3)
            self.widgets.append(Button((740 + c * 150, 420 + r * 130, 130, 110), label, f"pin_{label}",
                                       style="green" if label == "OK" else "panel", font_size=44,
                                       enabled=unlocked))

    def handle_event(self, event, actions) -> bool:
        if event.type == pygame.KEYDOWN and event.key in DIGITS:
            return self.on_action(f"pin_{DIGITS[event.key]}")
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.on_action("pin_OK")
        return super().handle_event(event, actions)

    def on_action(self, action: str) -> bool:
        if action == "close":
            self.app.pop(self)
        elif action == "pin_C":
            self.entered = ""
        elif action == "pin_OK":
            self.submit()
        elif action.startswith("pin_") and self.app.pin_guard.wait() <= 0:
            if len(self.entered) < PIN_DIGITS[1]:
                self.entered += action[4:]
                self.error = ""
            else:
                self.error = _("A PIN has at most {count} digits").format(count=PIN_DIGITS[1])
        return True

    def submit(self) -> None:
        entered, self.entered = self.entered, ""
        if self.purpose == "new_pin":
            self._new_pin(entered)
            return
        guard = self.app.pin_guard
        result = guard.attempt(entered, lambda p: pin_rules.check(p, self.app.config, self.app.cabinet))
        if result == "locked":
            self.error = _("Locked: try again in {time}").format(time=clock_text(guard.wait()))
            return
        if result == "wrong":
            wait = delay_after(guard.failures)
            self.app.cabinet.log("pin_failure", {"purpose": self.purpose, "in_a_row": guard.failures,
                                                 "locked_seconds": wait})
            self.error = "" if wait else _("Wrong PIN")        # a lockout shows its own live countdown
            self.app.audio.play("refuse")
            return
        self.app.pop(self)
        if self.purpose == "login":
            self.app.open("operator_menu")
        elif self.on_ok is not None:
            self.on_ok()

    def _new_pin(self, entered: str) -> None:
        if self.first is None:
            self.first = entered
            self.error = ""
            return
        first, self.first = self.first, None
        if entered != first:
            self.error = _("The two entries differ: enter the new PIN again")
            return
        self.app.pop(self)
        if self.on_ok is not None:
            self.on_ok(entered)

    def prompt(self) -> str:
        if self.purpose == "new_pin":
            return _("enter the new PIN") if self.first is None else _("enter it again")
        return _("enter PIN")

    def note(self) -> str:
        """The small line under the entry: how many digits, or which PIN a locked cabinet takes."""
        if self.entered:
            return _("{count} of {least} to {most} digits").format(count=len(self.entered), least=PIN_DIGITS[0],
                                                                   most=PIN_DIGITS[1])
        if self.purpose == "login" and getattr(self.app.cabinet, "locked", None):
            return _("Ledger locked: config.yaml's PIN opens AUDIT / RAM CLEAR")
        return ""

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface)
        A = self.app.assets
        wait = self.app.pin_guard.wait()
        if self.why:
            A.blit_text(surface, self.why, 26, (960, 200), D.MUTED, anchor="midtop", wrap=520)
        entry = "*" * len(self.entered) or self.prompt()
        A.blit_text(surface, entry, A.fit(entry, 54, 540, True), (960, 290), D.CREAM, anchor="center", bold=True)
        note = self.note()
        if note:
            A.blit_text(surface, note, A.fit(note, 22, 560), (960, 332), D.MUTED, anchor="center")
        if wait > 0:
            locked = _("Too many wrong PINs: locked for {time}").format(time=clock_text(wait))
            A.blit_text(surface, locked, A.fit(locked, 30, 560, True), (960, 362), D.RED, anchor="center", bold=True)
            called = _("ATTENDANT CALLED")
            A.blit_text(surface, called, A.fit(called, 28, 560, True), (960, 398), D.GOLD, anchor="center", bold=True)
        elif self.error:
            A.blit_text(surface, self.error, A.fit(self.error, 30, 560, True), (960, 372), D.RED, anchor="center",
                        bold=True)
        self.draw_widgets(surface)
