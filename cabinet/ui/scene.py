"""Scenes, the scene registry and the scene stack.

Scenes are opened by name (`app.open("history")`): each scene class registers
itself with `@register("name")`, and `screens.py` imports every scene module of
the shell once, so no scene imports another and there is no web of imports
between them. `SceneStack.find` takes a name too.

The top scene gets each event first and may pass it down (a scene that does not
consume an event and is not `modal` lets the one below try). Only scenes from the
topmost opaque one upwards are updated and drawn: a game under a full-screen info
page is neither drawn nor advanced, a game under a buy-menu overlay is drawn.

Scenes know the App by its face, `Host`, defined here: no module below app.py imports
app.py, not even for a type, so no import closes a circle.
"""
from __future__ import annotations

import collections
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import pygame

from .widgets import Screen

if TYPE_CHECKING:          # types only, and all from modules below this one
    from cabinet.core.config import Config
    from cabinet.core.pin import PinGuard

    from .audio import Audio
    from .checkpoints import CheckpointWriter
    from .input import InputMap
    from .widgets import Widget


_REGISTRY: dict[str, type["Scene"]] = {}


def register(name: str):
    """Class decorator: the scene opens by `name` (`app.open(name, ...)`)."""
    def add(cls: type["Scene"]) -> type["Scene"]:
        if _REGISTRY.get(name, cls) is not cls:
            raise ValueError(f"two scenes registered as {name!r}: {_REGISTRY[name].__name__}, {cls.__name__}")
        _REGISTRY[name] = cls
        cls.scene_name = name
        return cls
    return add


def scene_class(name: str) -> type["Scene"]:
    """The scene class registered under `name` (KeyError naming the known ones)."""
    try:
        return _REGISTRY[name]
    except KeyError:
        raise KeyError(f"no scene {name!r}; registered: {sorted(_REGISTRY)}") from None


@runtime_checkable
class Host(Screen, Protocol):
    """The App (app.py) as a scene sees it; tests/ui/test_shell.py checks that App has
    every member named here."""

    config: "Config"
    cabinet: Any
    surface: pygame.Surface          # the window's surface (its pixel format)
    languages: tuple[str, ...]       # the languages offered to the player (player_prefs.py)
    prepared: Any                    # the screens prepared ahead (prepare.Preparer)
    audio: "Audio"
    input: "InputMap"
    checkpoints: "CheckpointWriter"
    stack: "SceneStack"
    kiosk: bool
    running: bool
    turbo: bool
    turbo_allowed: bool
    skip_allowed: bool
    min_round_seconds: float
    time: float
    game_choices: dict[str, tuple[int, str]]
    pin_guard: "PinGuard"
    input_log: collections.deque[str]        # the operator's input test's lines

    def open(self, name: str, *args: Any, **kwargs: Any) -> "Scene": ...
    def push(self, scene: "Scene") -> "Scene": ...
    def pop(self, scene: "Scene | None" = None) -> "Scene | None": ...
    def open_game(self, game_id: str) -> "Scene | None": ...
    def recall(self, round_id: int) -> "Scene | None": ...
    def step(self, dt: float) -> None: ...
    def toast(self, text: str, seconds: float = 2.0) -> None: ...
    def toggle_sound(self) -> None: ...
    def toggle_music(self) -> None: ...
    def toggle_turbo(self) -> None: ...
    def save_player_settings(self) -> None: ...
    def set_language(self, tag: str, keep: bool = True) -> None: ...
    def show_lock(self) -> None: ...
    def show_handpay(self) -> None: ...
    def ram_clear(self) -> None: ...
    def stop(self, reason: str) -> None: ...


class Scene:
    """Base scene: widgets, actions, update(dt) and draw(surface) in logical layout."""

    scene_name = ""      # set by @register

    opaque = True        # covers everything below: those are not drawn
    modal = True         # unconsumed input does not fall through to the scene below
    music: str | None = None    # the theme it asks for (a sound id music.*; '' none); None: the one below's

    def __init__(self, app: Host):
        self.app = app
        self.widgets: list["Widget"] = []

    @property
    def busy(self) -> bool:
        """A round is under way on this scene (a game scene says when); no other scene is."""
        return False

    # -- life cycle -------------------------------------------------------------
    def enter(self) -> None:
        """Called when pushed on the stack."""

    def leave(self) -> None:
        """Called when popped or replaced."""

    def pause(self) -> None:
        """Called when another scene is pushed on top of this one."""

    def resume(self) -> None:
        """Called when the scene above is popped."""

    def relayout(self) -> None:
        """The window size changed, or the scene left the stack: drop any surfaces
        cached outside `app.assets` (drawing builds them again)."""

    # -- input ------------------------------------------------------------------
    def on_action(self, action: str) -> bool:
        """Handle a named action; return True when it was used."""
        return False

    def handle_event(self, event: pygame.event.Event, actions: tuple[str, ...]) -> bool:
        """Widgets first (mouse), then the actions of the key; True when consumed."""
        for widget in list(self.widgets):
            action = widget.handle(event, self.app.layout)
            if action:
                self.on_action(action)
                return True
        for action in actions:
            if self.on_action(action):
                return True
        for action in actions:
            if self.navigate(action):
                return True
        return self.modal and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def navigate(self, action: str) -> bool:
        """Keyboard focus among the widgets (arrows, ENTER) when on_action did not use
        the key; scenes with `keyboard_nav` get it (menus), others ignore it."""
        return False

    # -- frame ------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Advance animations by dt seconds of the injectable clock."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene onto the real-size surface."""

    def draw_widgets(self, surface: pygame.Surface) -> None:
        for widget in self.widgets:
            widget.draw(surface, self.app)


class SceneStack:
    """push / pop / replace; dispatch events top-down; draw from the top opaque up."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> Scene:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()
        return scene

    def pop(self, scene: Scene | None = None) -> Scene | None:
        """Pop the top scene (or `scene`, wherever it is, with everything above it)."""
        if not self.scenes:
            return None
        target = scene if scene is not None else self.scenes[-1]
        if target not in self.scenes:
            return None
        while self.scenes:
            gone = self.scenes.pop()
            self._leave(gone)
            if gone is target:
                break
        if self.scenes:
            self.scenes[-1].resume()
        return target

    def music(self) -> str:
        """The theme the scenes ask for: the top-most one that names one, else the lobby's."""
        for scene in reversed(self.scenes):
            track = scene.music
            if track is not None:
                return track
        return "music.lobby"

    def replace(self, scene: Scene) -> Scene:
        if self.scenes:
            self._leave(self.scenes.pop())
        self.scenes.append(scene)
        scene.enter()
        return scene

    @staticmethod
    def _leave(gone: Scene) -> None:
        """A scene off the stack lets go of its own pictures at once. Closing a light
        scene (an overlay) runs no collection (App._settle_memory), and most scenes are
        reference cycles (a button's callback holds its scene), so a closed PIN pad kept
        its backdrop, a full-screen picture (8 MB at 1080p), until the GC's next full
        pass: an attendant opening the pad over a handpay again and again grew the
        random-input soak by hundreds of MB (`python -m cabinet.ui.soak input`)."""
        gone.leave()
        gone.relayout()

    def find(self, kind: type | str) -> Scene | None:
        """The topmost scene of a class or registered name (e.g. "game", the game
        scene under a menu)."""
        if isinstance(kind, str):
            kind = scene_class(kind)
        for scene in reversed(self.scenes):
            if isinstance(scene, kind):
                return scene
        return None

    def visible(self) -> list[Scene]:
        """Scenes from the topmost opaque one to the top, bottom first."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        return self.scenes[start:]

    def dispatch(self, event: pygame.event.Event, actions: tuple[str, ...]) -> bool:
        for scene in reversed(list(self.scenes)):
            if scene not in self.scenes:
                continue
            if scene.handle_event(event, actions):
                return True
        return False

    def update(self, dt: float) -> None:
        for scene in self.visible():
            scene.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.visible():
            scene.draw(surface)
