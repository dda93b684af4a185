"""The App's share of opening a game's scene (App mixes this in): a game to play
(`open_game`: the scene class its GameSpec names, its books warmed first) and a round
to show again in it, marked RECALL (`recall`, `present_recall`). A game that cannot
open is said in a toast, never a crash.
"""
from __future__ import annotations

import traceback
from typing import Any, Callable, Protocol

from cabinet.core.book_format import LibraryError
from cabinet.core.i18n import _

from .round_show import show_round
from .scene import Scene


class OpeningHost(Protocol):
    """What opening a game reads and calls of the App (cabinet/ui/app.py)."""

    cabinet: Any

    def toast(self, text: str, seconds: float = 2.0) -> None: ...
    def push(self, scene: Scene) -> Scene: ...
    def _game_scene(self, setup: Any) -> Callable[..., Scene] | None: ...
    def _warm_books(self, setup: Any) -> bool: ...
    def present_recall(self, played: Any, record: Any = None, title: str | None = None) -> Scene | None: ...


class GameOpening:
    """Opening games and recalled rounds, on an OpeningHost (App mixes this in)."""

    def open_game(self: OpeningHost, game_id: str) -> Scene | None:
        """Push the game's scene (its class is named by the GameSpec)."""
        setup = self.cabinet.games.get(game_id)
        if setup is None:
            self.toast(self.cabinet.refused.get(game_id, _("{game} is not available").format(game=game_id)))
            return None
        game_scene = self._game_scene(setup)
        if game_scene is None or not self._warm_books(setup):
            return None
        return self.push(game_scene(self, setup))

    def _warm_books(self: OpeningHost, setup: Any) -> bool:
        """Build the tables the game's books need on first use now, not during the first
        such round on screen (`Library.warm`, once per process). A book that does not
        regenerate keeps the game closed, said in a toast (False)."""
        library = getattr(setup, "library", None)
        if library is None:
            return True
        try:
            library.warm([*setup.modes, *(m.id for m in setup.spec.modes if m.kind == "gamble")])
        except Exception as exc:                # a bug or a damaged library: never a crash
            traceback.print_exc()
            why = exc if isinstance(exc, LibraryError) else \
                _("one of its books does not play back ({error})").format(error=exc)
            self.toast(_("{game} cannot open: {reason}").format(game=setup.spec.name, reason=why), 8.0)
            return False
        return True

    def _game_scene(self: OpeningHost, setup: Any) -> Callable[..., Scene] | None:
        """The scene class the game's spec names (None, said in a toast, if it fails to load)."""
        try:
            return setup.spec.view.load_scene()
        except (ImportError, AttributeError) as exc:
            self.toast(_("{game} cannot open: {reason}").format(game=setup.spec.name, reason=exc))
            return None

    def recall(self: OpeningHost, round_id: int, attract: bool = False) -> Scene | None:
        """Replay a past round in its game's scene, marked RECALL (no money moves).
        For the attract loop (`attract`): no live controls, and the credit shown is
        the cabinet's credit now, not the round's."""
        cabinet = self.cabinet
        try:
            played = cabinet.replay(round_id)
        except (KeyError, LookupError) as exc:
            self.toast(_("Cannot recall round {id}: {reason}").format(id=round_id, reason=exc))
            return None
        record = cabinet.ledger.round(round_id) if getattr(cabinet, "ledger", None) and not attract else None
        scene = self.present_recall(played, record)
        if scene is not None and attract:        # no live controls: the game's own stay in view, off
            scene.widgets = [w for w in scene.widgets if w in getattr(scene, "own_buttons", ())]
        return scene

    def present_recall(self: OpeningHost, played: Any, record: Any = None, title: str | None = None) -> Scene | None:
        """Present a PlayedRound in its game's scene, marked RECALL (no money moves):
        a ledger round with its row (`record`), or a library's book (review tools:
        cabinet.core.replay.book_round, with the `title` the frame shows)."""
        if played.game not in self.cabinet.games:
            self.toast(_("{game} is not offered any more; its rounds cannot be shown").format(game=played.game))
            return None
        return show_round(self, played, record=record, title=title)
