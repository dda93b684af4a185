"""The cabinet app: window, frame loop, global keys, and the scene stack.

    app = App(config, cabinet)          # creates the window (or the dummy one)
    app.run()                           # until quit; tests call app.step(dt) instead

The display is created with SDL_FRAMEBUFFER_ACCELERATION=0 (a 1080p flip through
software OpenGL costs ~15 ms on this machine, 0.6 ms without) and without
pygame.SCALED; scenes lay out in logical 1920x1080 through `app.layout`.
"""
from __future__ import annotations

import collections
import gc
import os
import time
from pathlib import Path
from typing import Any, Callable

os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")

import pygame  # noqa: E402  (the variable above must be set before SDL starts)

from cabinet.core import cash_desk, i18n  # noqa: E402
from cabinet.core.cabinet import CabinetLocked  # noqa: E402
from cabinet.core.config_types import Config  # noqa: E402
from cabinet.core.i18n import _  # noqa: E402
from cabinet.core.ledger import LedgerError  # noqa: E402
from cabinet.core.pin import PinGuard  # noqa: E402

from . import asset_files  # noqa: E402
from . import host, launch_probe, memory, preparations, screenshots, touch, window  # noqa: E402,F401  (host, touch: SDL's hints before the display starts)
from .audio import Audio  # noqa: E402
from .checkpoints import CheckpointWriter  # noqa: E402
from .clock import RealClock  # noqa: E402
from .game_opening import GameOpening  # noqa: E402
from .input import InputMap  # noqa: E402
from . import screens  # noqa: E402,F401  (every scene module: each registers its scenes by name)
from .kiosk import Session, default_script  # noqa: E402
from .layout import Assets, Layout  # noqa: E402
from .player_prefs import PlayerPrefs  # noqa: E402
from .prepare import Preparer  # noqa: E402
from .toast import draw_toast  # noqa: E402
from .operator.test_screens import input_line  # noqa: E402
from .review import ReviewDesk  # noqa: E402
from .scene import Scene, SceneStack, scene_class  # noqa: E402


class App(PlayerPrefs, GameOpening):
    """Owns the window, the layout and assets, the input map, audio and the scenes."""

    def __init__(self, config: Config, cabinet: Any, *, size: tuple[int, int] | None = None,
                 clock: Any = None, kiosk: bool | None = None, audio: bool = True, windowed: bool = False,
                 wall: Callable[[], float] = time.time):
        memory.keep_large_blocks_returnable()  # pictures freed go back to the system (weeks of running)
        self.config = config
        self.cabinet = cabinet
        self.wall = wall                     # wall time: the PIN lockout, the uptime
        self.started_wall = wall()
        self.stop_reason: str | None = None  # why the frame loop ended (a signal, EXIT CABINET)
        self.input_log: collections.deque[str] = collections.deque(maxlen=14)   # the input test's lines
        self.service = touch.ServiceCorner()
        failures, last = cash_desk.pin_state(cabinet)     # the log, and while locked the MAC'd pending lines
        self.pin_guard = PinGuard(failures, last, clock=lambda: self.wall())
        self.kiosk = config.display.kiosk if kiosk is None else bool(kiosk)
        self.data_dir = config.data_path
        self.clock = clock or RealClock(config.display.fps)
        pygame.display.init()
        pygame.font.init()
        self.fullscreen = (config.display.fullscreen and not windowed) or self.kiosk
        self.windowed_size = size or (config.display.width, config.display.height)
        self.surface = window.open_window(self.fullscreen, self.windowed_size, self.kiosk)
        self.layout = Layout(self.surface.get_size())
        self.assets = Assets(self.layout)
        for gid, setup in getattr(cabinet, "games", {}).items():    # each game's skin (config games.<id>.skin)
            if getattr(setup, "manifest", None) is not None:
                asset_files.use_skin(gid, setup.skin, setup.manifest)
        self.input = InputMap(config.keys)
        sound = config.sound
        self.audio = Audio(sound.volume, sound.music_volume, sound.enabled and audio)
        if not sound.music:
            self.audio.music_on = False
        self.turbo_allowed = config.turbo_allowed
        self.skip_allowed = config.skip_allowed
        self.min_round_seconds = config.min_round_seconds
        self.turbo = False
        self._toast: tuple[str, float] | None = None
        self.time = 0.0                      # seconds of the injectable clock since start
        self._load_player_settings()
        self.stack = SceneStack()
        self.prepared = Preparer()           # screens prepared ahead (preparations.py)
        # What a scene in play wants built a few frames ahead (a gamble's wheels while the
        # round that wins it plays): after the flip, under any scene, within the budget.
        self.soon = Preparer()
        self._settle_gc = True
        self.checkpoints = CheckpointWriter(cabinet)
        self.running = True
        self.last_input = 0.0
        self._cursor_hidden_at = 0.0
        self.session = Session(self)
        self.attract_script = default_script    # the attract loop's steps (kiosk.py): a hook for showcases
        self.game_choices: dict[str, tuple[int, str]] = {}   # per game: (bet, spin mode) for the session
        self.attract_after = float(config.attract_idle_seconds)
        self.review = ReviewDesk(self)         # pause, step, slow motion, math overlay (review mode only)

    # -- window -----------------------------------------------------------------
    def toggle_fullscreen(self) -> None:
        """F11 / ALT+ENTER: desktop fullscreen <-> window; never raises (dummy driver)."""
        if self.kiosk:
            return
        try:
            window.set_fullscreen(not self.fullscreen, self.windowed_size)
            self.fullscreen = not self.fullscreen
        except pygame.error as exc:
            self.toast(_("Fullscreen not available here ({reason})").format(reason=exc))
        self.relayout()

    def relayout(self) -> None:
        """The window size changed: rebuild layout and assets at the new size."""
        surface = pygame.display.get_surface()
        if surface is None:
            return
        self.surface = surface
        if surface.get_size() != self.layout.size:
            self.layout = Layout(surface.get_size())
            self.assets = Assets(self.layout)
            for scene in self.stack.scenes:
                scene.relayout()

    def screenshot(self) -> Path | None:
        """F12 (screenshots.py: only in the operator menu, or with the review tools outside kiosk)."""
        return screenshots.take(self)

    # -- scenes -----------------------------------------------------------------
    def push(self, scene: Scene) -> Scene:
        self._settle_gc |= not getattr(scene, "light", False)
        return self.stack.push(scene)

    def pop(self, scene: Scene | None = None) -> Scene | None:
        self._settle_gc |= not getattr(scene or self.stack.top, "light", False)
        return self.stack.pop(scene)

    def _settle_memory(self) -> None:
        """After a scene change: collect what was made since the last freeze (a closed
        scene's cycles: the frozen assets are not scanned again, a few ms, not a full
        pass over everything alive); at the lobby, freeze what is alive, so the cyclic
        GC's passes skip the loaded assets and caches while animations run."""
        self._settle_gc = False
        gc.collect()                  # the objects made since the last freeze: a closed scene's cycles
        if all(getattr(s, "scene_name", "") == "lobby" for s in self.stack.scenes):
            gc.freeze()               # what lives at the lobby lives long (assets, caches, the lobby)

    def open(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """Push the scene registered as `name` (scene.register), built with
        (app, *args, **kwargs): scenes open each other by name, never by import."""
        return self.push(scene_class(name)(self, *args, **kwargs))

    OPERATOR_SCENES = ("pin_pad", "operator_menu", "ram_clear", "display_test", "sound_test", "input_test",
                       "touch_test")

    def show_lock(self) -> None:
        """Put the lock notice up (once) when the cabinet is locked, under any open
        operator scene so the operator's work goes on; closing it shows the notice."""
        if self.cabinet.locked and self.stack.find("locked") is None:
            self._under_operator("locked", self.cabinet.locked)

    def show_handpay(self) -> None:
        """The handpay notice, while a handpay waits for the attendant (once; under the
        operator's scenes, like the lock notice)."""
        if self.cabinet.handpay is not None and not self.cabinet.locked and self.stack.find("handpay") is None:
            self._under_operator("handpay")

    def _under_operator(self, name: str, *args: Any) -> None:
        kept: list[Scene] = []
        while self.stack.top is not None and self.stack.top.scene_name in self.OPERATOR_SCENES:
            kept.append(self.stack.top)
            self.pop()
        self.open(name, *args)
        for scene in reversed(kept):
            self.push(scene)
            scene.relayout()             # an overlay re-photographs what is below it: the notice

    def stop(self, reason: str) -> None:
        """End the frame loop gracefully (a signal, EXIT CABINET); run() then shuts down."""
        self.stop_reason = reason
        self.running = False

    def ram_clear(self) -> None:
        """The operator's confirmed RAM CLEAR: the checkpoint writer's connection is
        closed first, then the cabinet clears and everything starts over on the lobby."""
        self.checkpoints.close()
        try:
            folder = self.cabinet.ram_clear()
        except CabinetLocked as exc:
            self.toast(i18n.said(exc), 6.0)
            return
        finally:
            self.checkpoints = CheckpointWriter(self.cabinet)
        while self.stack.scenes:
            self.pop()
        start_scenes(self)
        self.toast(_("RAM CLEAR done: the old files are in {folder}").format(folder=folder.name), 6.0)

    def toast(self, text: str, seconds: float = 2.0) -> None:
        """A short message over everything (sound on/off, screenshot saved...)."""
        self._toast = (text, self.time + seconds)

    @property
    def toast_text(self) -> str | None:
        return i18n.shown(self._toast[0]) if self._toast and self._toast[1] > self.time else None

    # -- events -----------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if touch.from_touch(event):          # SDL's copy of a touch: the finger event is used
            return
        event = touch.as_mouse(event, self.surface.get_size())
        etype = event.type
        if etype == pygame.QUIT:             # the window's close (ALT+F4): never in kiosk mode
            if not self.kiosk:
                self.stop("window closed")
            return
        if etype in (pygame.WINDOWSIZECHANGED, pygame.VIDEORESIZE):
            self.relayout()
            return
        if etype == pygame.MOUSEMOTION and self.kiosk and not getattr(event, "touch", False):
            pygame.mouse.set_visible(True)
            self._cursor_hidden_at = self.time + 3.0
        if etype in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            self.last_input = self.time
            line = input_line(self, event)
            if line:
                self.input_log.append(line)
            pos = self.layout.to_logical(event.pos) if hasattr(event, "pos") else None
            self.service.feed(event, pos, self.time)
            if etype in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and self._end_attract():
                return
        actions = self.input.actions(event)
        if "fullscreen" in actions:
            self.toggle_fullscreen()
            return
        if "screenshot" in actions:
            if self.screenshot() is None and not screenshots.allowed(self):
                self.stack.dispatch(event, ())          # not a screenshot here: nothing else either
            return
        if "sound" in actions:
            self.toggle_sound()
            return
        if "music" in actions:
            self.toggle_music()
            return
        if "turbo" in actions:
            self.toggle_turbo()
            return
        if "operator" in actions:
            if not (self.stack.find("pin_pad") or self.stack.find("operator_menu")):
                self.open("pin_pad")
            return
        if self.review.handle(event, actions):      # review mode only
            return
        self.stack.dispatch(event, actions)

    def _maybe_attract(self) -> None:
        """Kiosk: start the attract loop after the configured idle time on the lobby;
        the player who left ends their session (what the history shows starts again)."""
        top = self.stack.top
        if self.kiosk and top is not None and top.scene_name == "lobby" and \
                self.time - self.last_input >= self.attract_after:
            self.session.new_session("idle")
            self.open("attract")

    def _end_attract(self) -> bool:
        """Any touch during the attract loop returns to the lobby (and is used up)."""
        attract = self.stack.find("attract")
        if attract is None:
            return False
        self.pop(attract)
        return True

    def toggle_turbo(self) -> None:
        if not self.turbo_allowed:
            self.toast(_("Turbo is not available here"))
            return
        self.turbo = not self.turbo
        self.toast(_("Turbo on") if self.turbo else _("Turbo off"))
        self.save_player_settings()

    # -- frame ------------------------------------------------------------------
    def step(self, dt: float) -> None:
        """One frame: events, update(dt), draw, flip. A locked cabinet (a failed check,
        damaged data, a storage error: CabinetLocked or LedgerError out of any scene)
        shows the lock notice instead of crashing. What is left to prepare runs after
        the flip, while the frame has used less than preparations.FRAME_BUDGET (at the
        lobby; `soon`, what a scene in play wants ahead, under any scene)."""
        started = time.perf_counter()
        try:
            for event in pygame.event.get():
                self.handle_event(event)
                if not self.running:
                    return
            self.time += dt
            if self.kiosk and self._cursor_hidden_at and self.time > self._cursor_hidden_at:
                pygame.mouse.set_visible(False)
                self._cursor_hidden_at = 0.0
            self.audio.poll()
            self.stack.update(self.review.scene_dt(dt))      # paused, a single step, slow motion
            self.audio.want(self.stack.music())          # the theme the scenes ask for: crossfades
            self.review.after_update()
            self.session.update()
            self._maybe_attract()
            self._results_shown()
            if self.service.due(self.time) and self.stack.find("pin_pad") is None and \
                    self.stack.find("operator_menu") is None:
                self.open("pin_pad")
        except (CabinetLocked, LedgerError) as exc:
            self.cabinet.lock(str(exc))
        if self.cabinet.locked:
            self.show_lock()
        elif self.cabinet.handpay is not None:
            self.show_handpay()
        self.render()
        pygame.display.flip()
        if launch_probe.active():
            self._probe()
        if self._settle_gc:
            self._settle_memory()
        elif self.prepared.jobs and not self.cabinet.locked and \
                getattr(self.stack.top, "scene_name", "") == "lobby":   # not under a game being played
            self.prepared.run(preparations.FRAME_BUDGET, started)
        elif self.soon.jobs and not self.cabinet.locked:
            self.soon.run(preparations.FRAME_BUDGET, started)

    def _probe(self) -> None:
        """`bench --launch`: the first frame, then the first frame of a finished lobby."""
        launch_probe.mark("first_frame")
        top = self.stack.top
        if top is not None and top.scene_name == "lobby" and getattr(top, "ready", True) \
                and launch_probe.mark("lobby"):
            self.stop("launch probe")

    def render(self) -> pygame.Surface:
        """Draw every visible scene and the toast onto the window surface."""
        if self.layout.ox or self.layout.oy:
            self.surface.fill((0, 0, 0))
        self.stack.draw(self.surface)
        self.review.draw(self.surface)
        self.session.draw(self.surface)
        text = self.toast_text
        if text:
            draw_toast(self.surface, self.assets, self.layout, text)
        return self.surface

    def _results_shown(self) -> None:
        """A settled round's result counts as shown once its game is on top again and
        idle (its celebration closed): RESULT_SHOWN, so a restart does not show it again."""
        top: Any = self.stack.top
        # a settlement still on the ledger's writer is written first (one queue, in order)
        if getattr(top, "result_pending", None) is not None and not getattr(top, "presenting", top.busy):
            top.result_seen()

    def run(self, frames: int | None = None) -> None:
        """The frame loop until quit (or `frames` frames: main.py --frames); music starts
        with it; then the graceful stop."""
        self.audio.start_music()
        drawn = 0
        while self.running and self.stack.scenes and (frames is None or drawn < frames):
            self.step(self.clock.tick())
            drawn += 1
        self.audio.stop_music()
        self.shutdown()

    def shutdown(self) -> None:
        """Every checkpoint written, the stop logged, the ledger closed."""
        self.checkpoints.close()
        self.cabinet.log("shutdown", {"reason": self.stop_reason or "quit", "balance": self.cabinet.balance})
        self.cabinet.close()


def start_scenes(app: App, start_game: str | None = None) -> None:
    """Lobby at the bottom; a locked cabinet's notice, a crashed round's game, or
    the game asked for on the command line on top."""
    cabinet = app.cabinet
    app.open("lobby")
    try:
        interrupted = cabinet.open_round() or cabinet.unshown_result()
        if interrupted is not None:
            app.open_game(interrupted.game)      # the scene resumes it (or shows its result again)
        elif start_game and start_game in cabinet.games and not cabinet.locked:
            app.open_game(start_game)
    except (CabinetLocked, LedgerError) as exc:  # a round that cannot be shown again
        cabinet.lock(str(exc))
    app.show_lock()

