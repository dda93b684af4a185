"""DIAGNOSTICS: the display, sound, input and touch tests (test_screens.py), the RNG
service's statistical self-test, program verification, the versions and the uptime.

The self-test and the verification run off the frame loop (a thread) and are logged
(`rng_selftest`, `program_verified`). Program verification is the start's program
check (`cabinet.core.release.check_program`, what `main.py --verify` prints): the
release signature over manifest.sha256, then every critical file's sha256 against it;
the page names the signer and each file that differs, and each game's book
fingerprint matched at start.
"""
from __future__ import annotations

import platform
import threading
import time
from typing import Any

import pygame

from cabinet.core import release, rng_selftest
from cabinet.core.program import version
from cabinet.core.books import fingerprint
from cabinet.core.i18n import N_, _, formats

from .. import draw as D
from ..history import when_text
from .page import Page


def duration(seconds: float) -> str:
    """An uptime as '2d 03:04:05' (days, then hours:minutes:seconds), the day's mark in
    the current language ('2 T 03:04:05')."""
    s = int(seconds)
    return _("{days}d {time}").format(days=formats.number(s // 86400),
                                      time=f"{s // 3600 % 24:02d}:{s // 60 % 60:02d}:{s % 60:02d}")


class DiagnosticsPage(Page):
    title = N_("DIAGNOSTICS")

    def __init__(self, menu):
        super().__init__(menu)
        self.rng: dict[str, Any] | None = None
        self.program: dict[str, Any] | None = None
        self.busy = ""                        # what runs in the background now
        self.fingerprints: dict[str, str] = {}
        for i, (label, action) in enumerate(((N_("DISPLAY TEST"), "display_test"), (N_("SOUND TEST"), "sound_test"),
                                             (N_("INPUT TEST"), "input_test"), (N_("TOUCH TEST"), "touch_test"),
                                             (N_("RNG SELF-TEST"), "rng"), (N_("VERIFY PROGRAM"), "verify"))):
            self.button((360, 130 + i * 100, 400, 84), label, action, font_size=28,
                        enabled=lambda: not self.busy)

    def refresh(self) -> None:
        self.fingerprints = {gid: fingerprint(s.spec) for gid, s in self.cab.games.items() if s.library is not None}

    # -- actions ---------------------------------------------------------------------
    def on_action(self, action: str) -> bool:
        if action in ("display_test", "sound_test", "input_test", "touch_test"):
            self.app.open(action)
        elif action == "rng":
            self._background("RNG self-test", self._run_rng)
        elif action == "verify":
            self._background("program verification", self._run_verify)
        else:
            return False
        return True

    def _background(self, what: str, job) -> None:
        self.busy = what
        threading.Thread(target=job, name=what, daemon=True).start()

    def _run_rng(self) -> None:
        try:
            self.rng = rng_selftest.run()
            self.rng["at"] = time.time()
        finally:
            self.busy = ""

    def _run_verify(self) -> None:
        try:
            self.program = verify_program()
        finally:
            self.busy = ""

    def update_logs(self) -> None:
        """Log what finished in the background (on the main thread: the ledger's connection)."""
        if self.rng is not None and not self.rng.get("logged"):
            self.rng["logged"] = True
            self.cab.log("rng_selftest", {"passed": self.rng["passed"], "seconds": self.rng["seconds"],
                                          "p": {r.name: round(r.p, 6) for r in self.rng["results"]}})
            self.say(_("RNG self-test passed (logged)") if self.rng["passed"] else _("RNG self-test FAILED (logged)"),
                     bad=not self.rng["passed"])
        if self.program is not None and not self.program.get("logged"):
            self.program["logged"] = True
            self.cab.log("program_verified", {"files": self.program["files"], "signer": self.program["signer"],
                                              "differences": self.program["differences"][:20]})

    # -- frame -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.update_logs()
        x, y = 800, 130
        app = self.app
        lines = [
            (_("VERSION"), _("cabinet {version}, Python {python}, pygame-ce {pygame}, SDL {sdl}").format(
                version=version(), python=platform.python_version(), pygame=pygame.version.ver,
                sdl=".".join(map(str, pygame.get_sdl_version())))),
            (_("UPTIME"), _("{duration} since the cabinet started ({when})").format(
                duration=duration(time.time() - app.started_wall), when=when_text(app.started_wall, year=True))),
            (_("DISPLAY"), _("{driver} driver, {size}").format(
                driver=pygame.display.get_driver(), size=f"{app.surface.get_width()}x{app.surface.get_height()}")
             + (_(", fullscreen") if app.fullscreen else "") + (_(", kiosk") if app.kiosk else "")),
            (_("SOUND"), _("mixer on") if app.audio.available else _("silent (no audio device)")),
        ]
        for head, text in lines:
            self.text(surface, head, (x, y), self.app.assets.fit(head, 22, 140, True), D.MUTED, bold=True)
            self.text(surface, text, (x + 150, y), 24, D.CREAM)
            y += 40
        y += 10
        self.text(surface, _("RNG SELF-TEST"), (x, y), 26, D.GOLD, bold=True)
        y += 38
        if self.busy == "RNG self-test":
            self.text(surface, _("running..."), (x, y), 24, D.MUTED)
            y += 34
        elif self.rng is None:
            self.text(surface, _("not run since the cabinet started"), (x, y), 24, D.MUTED)
            y += 34
        else:
            said = (_("PASSED at {time} in {seconds} s (every p above {alpha})") if self.rng["passed"] else
                    _("FAILED at {time} in {seconds} s (every p above {alpha})")).format(
                time=time.strftime("%H:%M:%S", time.localtime(self.rng["at"])), seconds=self.rng["seconds"],
                alpha=rng_selftest.ALPHA)
            self.text(surface, said, (x, y), 24,
                      D.GREEN if self.rng["passed"] else D.RED, bold=True)
            y += 34
            for r in self.rng["results"]:
                self.text(surface, _("{test}: p = {p} ({draws} draws)").format(
                    test=r.name, p=formats.number(r.p, 4), draws=formats.number(r.draws)), (x + 20, y), 22,
                          D.CREAM if r.passed else D.RED)
                y += 30
        y += 12
        self.text(surface, _("PROGRAM VERIFICATION"), (x, y), 26, D.GOLD, bold=True)
        y += 38
        for text, color in self.program_lines():
            self.text(surface, text[:100], (x, y), 22, color)
            y += 30

    def program_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        if self.busy == "program verification":
            return [(_("hashing the critical files..."), D.MUTED)]
        out: list[tuple[str, tuple[int, int, int]]] = []
        p = self.program
        if p is not None:
            good = not p["differences"]
            out.append(((_("{count} critical files hashed: all match the signed manifest") if good else
                         _("{count} critical files hashed: {problems} problems")).format(
                count=p["files"], problems=len(p["differences"])), D.GREEN if good else D.RED))
            out.append((p["signer"], D.GREEN if p["release"] else D.RED))
            out += [(d, D.RED) for d in p["differences"][:3]]
        else:
            out.append((_("Press VERIFY PROGRAM to hash the code and books against their manifest."), D.MUTED))
        for gid, setup in self.cab.games.items():
            lib = _("live math (no books)") if gid not in self.fingerprints else \
                _("books fingerprint {digest}... matched at start").format(digest=self.fingerprints[gid][:12])
            out.append((f"{setup.spec.name} {setup.spec.version}: {lib}", D.CREAM))
        return out


def verify_program() -> dict[str, Any]:
    """The start's program check, again: signature, signer and every file's digest."""
    verdict = release.check_program()
    return {"files": len(verdict.found), "differences": list(verdict.problems), "signer": verdict.signer_line(),
            "release": verdict.release}
