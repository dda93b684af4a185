"""Review tools (demo tools on, never with real play): the force menu (F10 or the
FORCE button) lists what the next round can be drawn from, in three columns:

- FEATURES: the game's own outcome categories (spec.review.force_categories);
- WINS BY PAYOUT: no win, big, mega and epic wins, the max win and a game's own bands
  (Happy Money Hens' win that opens the gamble), each only where a book of a mode
  the cabinet offers is in it at the current bet (cabinet/core/review_draws.py);
- BOARDS: hand-built boards (games/<id>/review/boards/*.yaml, <data_dir>/boards/*.yaml,
  cabinet/core/hand_board.py), played through the game's rules.

SHOWCASE ALL plays every feature category in turn on its own.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pygame

from cabinet.core import review_draws
from cabinet.core.books import game_package
from cabinet.core.config_types import Config
from cabinet.core.hand_board import BoardError, find_boards, load_board
from cabinet.core.i18n import N_, _, translate
from cabinet.core.resources import package_file

from . import draw as D
from cabinet.core.game_words import mode_label
from .overlay import Overlay
from .review_words import band_words, category_words
from .scene import register
from .widgets import Button

COLUMNS = ((N_("FEATURES"), 150), (N_("WINS BY PAYOUT"), 710), (N_("BOARDS"), 1270))
COL_W, ROW_H, TOP, ROWS = 540, 55, 316, 10
BOTTOM = 872                # the buttons' row starts at 880
MAX_ROWS = 14               # a column longer than ROWS packs its rows closer, down to this many


def row_height(rows: int) -> int:
    """The pitch of a column's buttons: ROW_H for up to ROWS of them, closer for more
    (a game with many outcome categories, Piggy Farm's eleven), so every one shows."""
    return ROW_H if rows <= ROWS else (BOTTOM - TOP) // min(rows, MAX_ROWS)


def demo_allowed(config: Config) -> bool:
    """Demo tools need the switch on and real play off (config refuses both at once)."""
    return config.demo_tools and not config.real_play


def board_folders(app: Any, game_id: str) -> list[Path]:
    """Where a game's hand-built boards are looked for: its package's review/boards/
    and the cabinet's <data_dir>/boards/."""
    setup = app.cabinet.games.get(game_id)
    package = game_package(setup.spec) if setup is not None else None
    own = [package_file(package, "review", "boards")] if package and package in sys.modules else []
    return own + [Path(app.data_dir) / "boards"]


def force_home(game: Any, force: str) -> str | None:
    """The mode the game would play `force` in from the screen (GameScene.play's
    rule: the mode on screen, unless the category lives in others), None if none
    of them is offered at the current bet."""
    homes = game.spec.review.force_modes.get(force)
    mode = game.spin_mode()
    if homes and mode not in homes:
        mode = next((m for m in homes if any(x.id == m for x in game.modes)), None)
    return mode if mode is not None and game.offered(mode) else None


def library_holds(library: Any, mode: str, category: str) -> bool:
    """Whether a mode's books hold a round of the category (live math: every one can,
    but for the ones only the shipped books hold: see category_choices)."""
    if library is None:
        return True
    if mode not in library.modes:
        return False
    books = library.books(mode)
    names = list(books.meta["feature_names"])
    return category in names and bool((books.features & (1 << names.index(category))).any())


def category_choices(app: Any, game: Any) -> list[tuple[str, str]]:
    """(force, label) of each of the game's outcome categories the next round can be
    drawn from here: its mode is offered at the bet and that mode's library holds it
    (a category only another way to play holds is not listed)."""
    setup = app.cabinet.games.get(game.spec.id)
    library = setup.library if setup is not None else None
    out = []
    for force in game.spec.review.force_categories:
        mode = force_home(game, force)
        if library is None and force in game.spec.review.books_only_forces:
            continue                           # live math: a search of millions of rounds
        if mode is not None and library_holds(library, mode, force):
            out.append((force, category_words(game.spec, force)))
    return out


def band_choices(app: Any, game: Any) -> list[tuple[str, str, str]]:
    """(force, label, mode) of each payout band that has a book at the current bet, in
    the mode on screen if it has one, else the first offered mode that has."""
    setup = app.cabinet.games.get(game.spec.id)
    if setup is None:
        return []
    modes = [game.spin_mode()] + [m.id for m in game.modes if m.kind in ("spin", "buy") and m.id != game.spin_mode()
                                  and game.offered(m.id)]
    out = []
    for force, band in review_draws.bands(game.spec, app.config).items():
        homes = review_draws.homes(setup.library, modes, band, game.bet, setup.cap)
        if homes:
            out.append((force, band_words(force, band, app.config), homes[0]))
    return out


@register("force_menu")
class ForceMenu(Overlay):
    """Pick what the next round is drawn from."""

    title = N_("FORCE NEXT ROUND")
    panel_rect = pygame.Rect(110, 130, 1700, 860)

    def __init__(self, app, game):
        super().__init__(app)
        self.game = game
        self.categories = category_choices(app, game)
        self.bands = band_choices(app, game)
        found = find_boards(board_folders(app, game.spec.id), game.spec.id)
        self.boards = [path for path in found if self._board_name(path) is not None]
        self.bad_boards = len(found) - len(self.boards)      # files that cannot be played: left out, counted
        self.widgets = [self.close_button(),
                        Button((290, 880, 420, 80), N_("SHOWCASE ALL"), "showcase", style="gold", font_size=30,
                               enabled=lambda: bool(self.categories)),
                        Button((750, 880, 420, 80), N_("LIBRARY"), "library", font_size=30),   # library_view.py
                        Button((1210, 880, 420, 80), N_("CLEAR"), "clear", font_size=30)]
        columns = ([(f"force_{i}", label) for i, (_force, label) in enumerate(self.categories)],
                   [(f"band_{i}", label) for i, (_force, label, _mode) in enumerate(self.bands)],
                   [(f"board_{i}", self._board_name(path) or path.stem) for i, path in enumerate(self.boards)])
        for (_title, x), items in zip(COLUMNS, columns):
            pitch = row_height(len(items))
            for r, (action, label) in enumerate(items[:MAX_ROWS]):
                self.widgets.append(Button((x, TOP + r * pitch, COL_W - 40, pitch - 8), label, action,
                                           font_size=24 if pitch >= ROW_H else 22))
        choices = [
            w
            for w in self.widgets
            if isinstance(w, Button) and w.action.partition("_")[0] in ("force", "band", "board")
        ]
        self._focus: Button | None = choices[0] if choices else None   # ENTER chooses it; the arrows move it

    def _specs(self) -> dict[str, Any]:
        return {k: s.spec for k, s in self.app.cabinet.games.items()}

    def _board_name(self, path: Path) -> str | None:
        """A board's name (None: the file cannot be played here)."""
        try:
            board = load_board(path, self._specs())
        except BoardError:
            return None
        if board.game != self.game.spec.id or not any(m.id == board.mode for m in self.game.modes) \
                or not self.game.offered(board.mode):
            return None
        return board.name

    def on_action(self, action: str) -> bool:
        kind, _sep, index = action.partition("_")
        if kind in ("force", "band", "board") and index.isdigit():
            self.choose(kind, int(index))
        elif action == "showcase":
            self.app.pop(self)
            self.game.start_showcase([cat for cat, _ in self.categories])
        elif action == "library":
            self.app.pop(self)
            self.app.open("library", self.game)
        elif action == "clear":
            self.game.force_next, self.game.force_mode = None, None
            self.app.pop(self)
        elif action == "close":
            self.app.pop(self)
        else:
            return False
        return True

    def choose(self, kind: str, i: int) -> None:
        game = self.game
        if kind == "force":
            force, label = self.categories[i]
            mode = None
        elif kind == "band":
            force, label, mode = self.bands[i]
        else:
            try:
                board = load_board(self.boards[i], self._specs())
            except BoardError as exc:
                game.message(str(exc)[:120], 6.0)
                self.app.pop(self)
                return
            if board.game != game.spec.id:
                game.message(_("{file} is a board of {game}").format(file=self.boards[i].name, game=board.game), 6.0)
                self.app.pop(self)
                return
            force, label, mode = board.force, _("board '{name}'").format(name=board.name), board.mode
        game.force_next, game.force_mode = force, mode
        self.app.pop(self)
        if mode and mode != game.spin_mode():
            game.message(_("Next round: {force} ({mode})").format(force=label, mode=mode_label(game.spec, mode)))
        else:
            game.message(_("Next round: {force}").format(force=label))

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface)
        A = self.app.assets
        said = _("{game}: the next round is drawn from the one chosen (at the bet on screen, {amount})").format(
            game=self.game.spec.name, amount=self.app.cabinet.currency.format(self.game.bet))
        A.blit_text(surface, said, 26, (960, 226), D.MUTED, anchor="center", fit=1640)
        empty = (_("No feature can be forced at this bet"), _("No band has a book at this bet"),
                 _("No board files (review/boards/*.yaml)"))
        if self.bad_boards:
            left_out = _("1 board file cannot be played here (left out)") if self.bad_boards == 1 else \
                _("{count} board files cannot be played here (left out)").format(count=self.bad_boards)
            A.blit_text(surface, A.shorten(left_out, 22, COL_W - 40), 22,
                        (COLUMNS[2][1] + (COL_W - 40) // 2, BOTTOM - 6), D.MUTED, anchor="midbottom")
        for (title, x), items, none in zip(COLUMNS, (self.categories, self.bands, self.boards), empty):
            A.blit_text(surface, translate(title), 28, (x + (COL_W - 40) // 2, 280), D.GOLD, anchor="center", bold=True,
                        fit=COL_W - 40)
            if not items:
                A.blit_text(surface, A.shorten(none, 22, COL_W - 40), 22, (x + (COL_W - 40) // 2, TOP + 24),
                            D.MUTED, anchor="center")
        self.draw_widgets(surface)
