"""The cabinet's splash (issue #35 item 6): the window opens right after the program
check with the cabinet's logo and a progress bar naming what loads, and stays up while
the start checks read every game and its books (on a worker thread: `run_while`), the
ledger opens, and every screen is prepared (preparations.py: `prepare`, a slice at a
time with a splash frame between). The first lobby frame is then the finished lobby.

A splash frame is drawn at most every SPLASH_FRAME seconds (the work behind it gets the
rest) and reads the window's events, so the window answers while it loads; a close
request is kept and stops the cabinet once the lobby is up.
"""
from __future__ import annotations

import threading
import time
from typing import Any, Callable

import pygame

from cabinet.core.i18n import N_, Message, _, formats

from . import launch_probe, window

SPLASH_FRAME = 1 / 30          # seconds between splash frames while loading
CHECKS = N_("the games and their books")      # what loads while the start checks run (main.py)
BACK = [(14, 12, 40), (44, 26, 78), (120, 56, 70)]
GOLD, CREAM, MUTED = (255, 204, 64), (255, 244, 220), (190, 180, 220)


class Splash:
    """The splash on the window: `show(label, fraction)` draws a frame, "Loading" and
    the label (an i18n.Message: what loads) in the cabinet's language (main.py's
    open_splash sets it: the player's choice kept in player.json, else the default)."""

    def __init__(self, fullscreen: bool, size: tuple[int, int], kiosk: bool):
        pygame.display.init()
        pygame.font.init()
        self.surface = window.open_window(fullscreen, size, kiosk)
        self.label: str = Message(N_("the cabinet"))
        self.fraction = 0.0
        self.quit_asked = False
        self._last = 0.0
        self._back: pygame.Surface | None = None
        self._fonts: dict[int, pygame.font.Font] = {}
        self.show(self.label, 0.0)
        launch_probe.mark("first_frame")

    # -- drawing -----------------------------------------------------------------
    def _font(self, px: int) -> pygame.font.Font:
        font = self._fonts.get(px)
        if font is None:
            try:
                from . import asset_files
                font = asset_files.font(px, True)
            except Exception:                      # the font files are checked later: the default face
                font = pygame.font.Font(None, px)
            self._fonts[px] = font
        return font

    def _logo(self, box: tuple[int, int]) -> pygame.Surface:
        """The cabinet's own logo (assets/cabinet lobby.logo), else its name in gold."""
        from cabinet.core import assets as files

        from . import asset_files
        try:
            if asset_files.has_image(files.CABINET, "lobby.logo"):
                logo = asset_files.image(files.CABINET, "lobby.logo")
                scale = min(box[0] / logo.get_width(), box[1] / logo.get_height())
                return pygame.transform.smoothscale(logo, (max(int(logo.get_width() * scale), 1),
                                                           max(int(logo.get_height() * scale), 1)))
        except Exception:                          # the asset check runs later and names the problem
            pass
        from .logo_art import CABINET_NAME
        return self._font(max(box[1] // 2, 12)).render(CABINET_NAME, True, GOLD)

    def _background(self) -> pygame.Surface:
        size = self.surface.get_size()
        if self._back is None or self._back.get_size() != size:
            w, h = size                 # pygame only: numpy's import (~0.5 s) waits until after the first frame
            column = pygame.Surface((1, len(BACK)))
            for y, color in enumerate(BACK):
                column.set_at((0, y), color)
            back = pygame.transform.smoothscale(pygame.transform.scale(column, (2, len(BACK) * 2)), size).convert()
            glow = pygame.Surface((64, 64), pygame.SRCALPHA)
            for r in range(32, 0, -1):          # rings brighter towards the centre: a soft light once scaled up
                pygame.draw.circle(glow, (255, 190, 90, int(115 * (1 - r / 32) ** 2)), (32, 32), r)
            glow = pygame.transform.smoothscale(glow, (max(h * 2 // 3, 2),) * 2)
            back.blit(glow, glow.get_rect(center=(w // 2, int(h * 0.42))))
            logo = self._logo((int(w * 0.6), int(h * 0.2)))
            back.blit(logo, logo.get_rect(center=(w // 2, int(h * 0.4))))
            self._back = back
        return self._back

    def show(self, label: str, fraction: float) -> None:
        """A splash frame now: the logo, the bar at `fraction`, `label` under it."""
        self.label, self.fraction = label, max(0.0, min(1.0, fraction))
        surf = self.surface
        w, h = surf.get_size()
        surf.blit(self._background(), (0, 0))
        bar = pygame.Rect(0, 0, int(w * 0.44), max(h // 60, 8))
        bar.center = (w // 2, int(h * 0.66))
        pygame.draw.rect(surf, (30, 26, 66), bar.inflate(8, 8), border_radius=bar.h)
        filled = bar.copy()
        filled.w = max(int(bar.w * self.fraction), bar.h)
        pygame.draw.rect(surf, GOLD, filled, border_radius=bar.h)
        pygame.draw.rect(surf, (255, 240, 190), bar.inflate(8, 8), 2, border_radius=bar.h)
        text = self._font(max(h // 36, 12)).render(self.line(), True, CREAM)
        surf.blit(text, text.get_rect(midtop=(w // 2, bar.bottom + h // 40)))
        pct = self._font(max(h // 48, 10)).render(formats.percent(int(self.fraction * 100), 0), True, MUTED)
        surf.blit(pct, pct.get_rect(midbottom=(w // 2, bar.top - h // 80)))
        pygame.display.flip()
        self._last = time.perf_counter()

    def line(self) -> str:
        """What the splash says under the bar, in the cabinet's language."""
        return _("Loading {what}").format(what=self.label)

    def pump(self) -> None:
        """Read the window's events (a close request is kept for later)."""
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.quit_asked = True

    def tick(self, label: str | None = None, fraction: float | None = None) -> None:
        """A splash frame if one is due (at most every SPLASH_FRAME seconds)."""
        if time.perf_counter() - self._last >= SPLASH_FRAME:
            self.pump()
            self.show(label or self.label, self.fraction if fraction is None else fraction)

    # -- loading behind it ----------------------------------------------------------
    CHECKS = Message(CHECKS)

    def run_while(self, label: str, fn: Callable[[], Any], upto: float) -> Any:
        """`fn()` on a worker thread while the splash animates the bar towards `upto`;
        its result, or its exception raised here."""
        out: dict[str, Any] = {}

        def work() -> None:
            try:
                out["value"] = fn()
            except BaseException as exc:         # raised again on the splash's thread
                out["error"] = exc
        worker = threading.Thread(target=work, name="start-checks", daemon=True)
        start = self.fraction
        worker.start()
        t0 = time.perf_counter()
        while worker.is_alive():
            worker.join(SPLASH_FRAME)
            creep = 1 - 1 / (1 + (time.perf_counter() - t0) / 3)      # towards `upto`, never past it
            self.tick(label, start + (upto - start) * creep)
        if "error" in out:
            raise out["error"]
        self.show(label, upto)
        return out.get("value")

    def prepare(self, app: Any, start: float) -> None:
        """Every preparation of the lobby (preparations.py) to its end, the bar filling
        from `start` to full with each slice's label."""
        from . import preparations
        lobby = app.stack.find("lobby")
        if lobby is None:
            return
        preparations.want_all(app, lobby)

        def between() -> None:
            done = preparations.progress(app)
            self.tick(app.prepared.label or Message(N_("the screens")), start + (1 - start) * done)
        app.prepared.finish(between)
        self.show(Message(N_("the lobby")), 1.0)
