"""Every scene module of the shell, imported once so each registers its scenes by
name (scene.register). Only the app imports this; scenes open each other by name
through `app.open(name, ...)` and never import one another."""
from __future__ import annotations

from . import (autoplay, buy_menu, celebration, demo, game_scene, history, info, kiosk,  # noqa: F401
               library_view, lobby, locked, operator, showcase, sound_panel)
