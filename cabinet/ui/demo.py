"""Review tools (demo tools on, never with real play): the force menu lists a game's
outcome categories (spec.force_categories) so the next round is drawn from the one
chosen; SHOWCASE plays every category in turn on its own."""
from __future__ import annotations

import pygame

from . import draw as D
from .overlay import Overlay
from .scene import register
from .widgets import Button


def demo_allowed(config) -> bool:
    """Demo tools need the switch on and real play off (config refuses both at once)."""
    return bool(getattr(config, "demo_tools", False)) and not getattr(config, "real_play", False)


@register("force_menu")
class ForceMenu(Overlay):
    """Pick the category the next round is drawn from."""

    title = "FORCE NEXT ROUND"

    def __init__(self, app, game):
        super().__init__(app)
        self.game = game
        self.categories = list(game.spec.force_categories.items())
        self.selected = 0
        self.widgets = [self.close_button(),
                        Button((420, 810, 360, 80), "SHOWCASE ALL", "showcase", style="gold", font_size=30,
                               enabled=lambda: bool(self.categories)),
                        Button((800, 810, 320, 80), "LIBRARY", "library", font_size=30),   # library_view.py
                        Button((1140, 810, 360, 80), "CLEAR", "clear", font_size=30)]
        for i, (cat, label) in enumerate(self.categories[:16]):
            r, c = divmod(i, 2)
            self.widgets.append(Button((420 + c * 560, 230 + r * 72, 520, 62), label, f"force_{i}", font_size=26,
                                       lit=lambda i=i: self.selected == i))

    def on_action(self, action: str) -> bool:
        if action.startswith("force_"):
            self.choose(int(action[6:]))
        elif action in ("up", "down", "left", "right") and self.categories:
            step = {"up": -2, "down": 2, "left": -1, "right": 1}[action]
            self.selected = (self.selected + step) % len(self.categories)
        elif action == "select" and self.categories:
            self.choose(self.selected)
        elif action == "showcase":
            self.app.pop(self)
            self.game.start_showcase([cat for cat, _ in self.categories])
        elif action == "library":
            self.app.pop(self)
            self.app.open("library", self.game)
        elif action == "clear":
            self.game.force_next = None
            self.app.pop(self)
        elif action in ("close",):
            self.app.pop(self)
        else:
            return False
        return True

    def choose(self, i: int) -> None:
        cat, label = self.categories[i]
        self.game.force_next = cat
        self.app.pop(self)
        self.game.message(f"Next round: {label}")

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface)
        A = self.app.assets
        A.blit_text(surface, f"{self.game.spec.name}: the next round is drawn from the category chosen", 26,
                    (960, 185), D.MUTED, anchor="center")
        if not self.categories:
            A.blit_text(surface, "This game lists no outcome categories", 34, (960, 450), D.CREAM, anchor="center")
        self.draw_widgets(surface)
