"""What the shared controls do in a game scene: one named step per action.

A key (cabinet/ui/input.py) or a HUD button gives an action name; the game scene
(GameScene.on_action) lets its game handle it first, then looks it up in ACTIONS
here. A recalled round (RECALL) answers only SPIN, INFO, PAYS, the sound panel and
CLOSE; the controls that would bet or open a menu are swallowed there.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, cast

from cabinet.core.i18n import N_, translate

from .autoplay import NOT_AVAILABLE
from .autoplay import allowed as autoplay_allowed
from .demo import demo_allowed

if TYPE_CHECKING:
    from .hud import HudScene
    from .scene import Scene

Step = Callable[["HudScene", str], None]

# In a recall only these are done; these others are swallowed (they would bet or open
# a menu); any other action is not the recall's (False).
RECALL_DOES = frozenset({"spin", "close", "sound_panel", "info", "paytable"})
RECALL_SWALLOWS = frozenset({"bet_up", "bet_down", "autoplay", "buy_menu", "demo"})


def spin(scene: HudScene, _action: str) -> None:
    """SPIN / START: skip the presentation, stop autoplay, or play a round."""
    if scene.recall_mode and not scene.busy:
        return
    if scene.presenting:
        scene.skip()
    elif scene.autoplay:
        scene.stop_autoplay(N_("STOP pressed"))
    else:
        scene.play(wait=False)             # the commit on the ledger's writer (game_scene.play)


def change_bet(scene: HudScene, action: str) -> None:
    """One step up or down the bet ladder, between rounds."""
    if scene.busy or scene.autoplay:
        return
    step = 1 if action == "bet_up" else -1
    scene.bet_index = max(0, min(len(scene.ladder) - 1, scene.bet_index + step))
    scene.app.audio.play("click")
    scene.bet_changed()


def close(scene: HudScene, _action: str) -> None:
    """Back to the lobby (a recall closes at once; a game only between rounds)."""
    if not scene.recall_mode and (scene.busy or scene.autoplay):
        scene.message("Stop autoplay first" if scene.autoplay else "Finish the round first")
    else:
        scene.app.pop(cast("Scene", scene))       # a HudScene is a game scene: a Scene


def sound_panel(scene: HudScene, _action: str) -> None:
    scene.app.open("sound_panel")


def history(scene: HudScene, _action: str) -> None:
    if scene.busy or scene.autoplay:
        scene.message("Finish the round first")
    else:
        scene.app.open("history")


def autoplay(scene: HudScene, _action: str) -> None:
    """AUTO: stop a running autoplay, or open its menu where the profile allows it."""
    if scene.autoplay:
        scene.stop_autoplay(N_("STOP pressed"))
    elif not scene.busy and not scene.recall_mode:
        if autoplay_allowed(scene.app):
            scene.app.open("autoplay_menu", scene)
        else:
            scene.message(translate(NOT_AVAILABLE))           # AUTO is greyed out
            scene.app.audio.play("refuse")


def info(scene: HudScene, action: str) -> None:
    scene.app.open("info", scene, paytable=action == "paytable")


def buy_menu(scene: HudScene, _action: str) -> None:
    scene.open_buy_menu()


def force_menu(scene: HudScene, _action: str) -> None:
    """The review tools' force menu (demo tools on, between rounds)."""
    if demo_allowed(scene.app.config) and not scene.busy:
        scene.app.open("force_menu", scene)


def toggle(scene: HudScene, action: str) -> None:
    """SOUND, MUSIC and TURBO buttons (their keys are handled by the app first)."""
    toggles = {"sound": scene.app.toggle_sound, "music": scene.app.toggle_music,
               "turbo": scene.app.toggle_turbo}
    toggles[action]()


ACTIONS: dict[str, Step] = {
    "spin": spin, "bet_up": change_bet, "bet_down": change_bet, "close": close,
    "sound_panel": sound_panel, "history": history, "autoplay": autoplay,
    "info": info, "paytable": info, "buy_menu": buy_menu, "demo": force_menu,
    "sound": toggle, "music": toggle, "turbo": toggle,
}


def buy_option(action: str) -> int | None:
    """`buy_1`..`buy_9` (SHIFT+1..9): the buy menu opened on that option (0-based)."""
    if action.startswith("buy_") and action[4:].isdigit():
        return int(action[4:]) - 1
    return None


def handle(scene: HudScene, action: str) -> bool:
    """Do a shared action in a game scene; True when it was one (used or swallowed)."""
    option = buy_option(action)
    if scene.recall_mode and action not in RECALL_DOES:
        return action in RECALL_SWALLOWS or option is not None
    if option is not None:
        scene.open_buy_menu(option)
        return True
    step = ACTIONS.get(action)
    if step is None:
        return False
    step(scene, action)
    return True
