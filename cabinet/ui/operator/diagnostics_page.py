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

from .. import draw as D
from .page import Page


def duration(seconds: float) -> str:
    s = int(seconds)
    return f"{s // 86400}d {s // 3600 % 24:02d}:{s // 60 % 60:02d}:{s % 60:02d}"


class DiagnosticsPage(Page):
    title = "DIAGNOSTICS"

    def __init__(self, menu):
        super().__init__(menu)
        self.rng: dict[str, Any] | None = None
        self.program: dict[str, Any] | None = None
        self.busy = ""                        # what runs in the background now
        self.fingerprints: dict[str, str] = {}
        for i, (label, action) in enumerate((("DISPLAY TEST", "display_test"), ("SOUND TEST", "sound_test"),
                                             ("INPUT TEST", "input_test"), ("TOUCH TEST", "touch_test"),
                                             ("RNG SELF-TEST", "rng"), ("VERIFY PROGRAM", "verify"))):
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
            self.say("RNG self-test passed (logged)" if self.rng["passed"] else "RNG self-test FAILED (logged)",
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
            ("VERSION", f"cabinet {version()}, Python {platform.python_version()}, pygame-ce {pygame.version.ver}, "
                        f"SDL {'.'.join(map(str, pygame.get_sdl_version()))}"),
            ("UPTIME", f"{duration(time.time() - app.started_wall)} since the cabinet started "
                       f"({time.strftime('%d %b %Y %H:%M', time.localtime(app.started_wall))})"),
            ("DISPLAY", f"{pygame.display.get_driver()} driver, {app.surface.get_width()}x{app.surface.get_height()}"
                        f"{', fullscreen' if app.fullscreen else ''}{', kiosk' if app.kiosk else ''}"),
            ("SOUND", "mixer on" if app.audio.available else "silent (no audio device)"),
        ]
        for head, text in lines:
            self.text(surface, head, (x, y), 22, D.MUTED, bold=True)
            self.text(surface, text, (x + 150, y), 24, D.CREAM)
            y += 40
        y += 10
        self.text(surface, "RNG SELF-TEST", (x, y), 26, D.GOLD, bold=True)
        y += 38
        if self.busy == "RNG self-test":
            self.text(surface, "running...", (x, y), 24, D.MUTED)
            y += 34
        elif self.rng is None:
            self.text(surface, "not run since the cabinet started", (x, y), 24, D.MUTED)
            y += 34
        else:
            verdict = "PASSED" if self.rng["passed"] else "FAILED"
            self.text(surface, f"{verdict} at {time.strftime('%H:%M:%S', time.localtime(self.rng['at']))} in "
                               f"{self.rng['seconds']} s (every p above {rng_selftest.ALPHA})", (x, y), 24,
                      D.GREEN if self.rng["passed"] else D.RED, bold=True)
            y += 34
            for r in self.rng["results"]:
                self.text(surface, f"{r.name}: p = {r.p:.4f} ({r.draws:,} draws)", (x + 20, y), 22,
                          D.CREAM if r.passed else D.RED)
                y += 30
        y += 12
        self.text(surface, "PROGRAM VERIFICATION", (x, y), 26, D.GOLD, bold=True)
        y += 38
        for text, color in self.program_lines():
            self.text(surface, text[:100], (x, y), 22, color)
            y += 30

    def program_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        if self.busy == "program verification":
            return [("hashing the critical files...", D.MUTED)]
        out: list[tuple[str, tuple[int, int, int]]] = []
        p = self.program
        if p is not None:
            good = not p["differences"]
            out.append((f"{p['files']} critical files hashed: " + ("all match the signed manifest" if good else
                        f"{len(p['differences'])} problems"), D.GREEN if good else D.RED))
            out.append((p["signer"], D.GREEN if p["release"] else D.RED))
            out += [(d, D.RED) for d in p["differences"][:3]]
        else:
            out.append(("Press VERIFY PROGRAM to hash the code and books against their manifest.", D.MUTED))
        for gid, setup in self.cab.games.items():
            lib = "live math (no books)" if gid not in self.fingerprints else \
                f"books fingerprint {self.fingerprints[gid][:12]}... matched at start"
            out.append((f"{setup.spec.name} {setup.spec.version}: {lib}", D.CREAM))
        return out


def verify_program() -> dict[str, Any]:
    """The start's program check, again: signature, signer and every file's digest."""
    verdict = release.check_program()
    return {"files": len(verdict.found), "differences": list(verdict.problems), "signer": verdict.signer_line(),
            "release": verdict.release}
