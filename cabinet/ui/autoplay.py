"""The autoplay menu: number of rounds and, as advanced settings, a total loss limit,
a single-win limit and stop-on-bonus. SHIFT+LEFT/RIGHT change the rounds; UP/DOWN
pick a setting and LEFT/RIGHT change it; SPACE or SHIFT+ENTER (or START) starts;
ESC or SHIFT+A closes. The game shows the rounds left; SHIFT+A or STOP ends it.

With config autoplay_allowed: false (forced by jurisdiction: uk) the menu does not
open: the game says "Autoplay is not available here" (`allowed`)."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from cabinet.core.i18n import N_, _, translate

from . import draw as D
from .overlay import Overlay
from .scene import register
from .widgets import Button

ROUNDS = (10, 25, 50, 100, 250, 500, 1000)
LOSS_X = (None, 10, 20, 50, 100, 250, 500, 1000)     # multiples of the price of play
WIN_X = (None, 10, 25, 50, 100, 250, 500, 1000)      # multiples of the base bet
ROWS = ("rounds", "loss", "win", "bonus")


@dataclass
class Autoplay:
    """An autoplay run: rounds left and the limits that stop it."""

    left: int
    loss_limit: int | None = None        # cents of net loss since it started
    single_win_limit: int | None = None  # stop after a win of at least this
    stop_on_bonus: bool = True
    start_balance: int = 0

    def after_round(self, win_cents: int, bonus: bool) -> str | None:
        """One round played: why the run stops now (None: it goes on)."""
        self.left -= 1
        if self.single_win_limit is not None and win_cents >= self.single_win_limit:
            return N_("single win limit reached")
        if self.stop_on_bonus and bonus:
            return N_("bonus")
        return N_("all rounds played") if self.left <= 0 else None

    def refuses_next(self, balance: int, cost: int) -> str | None:
        """Why the next round may not start at this balance and cost (None: it may)."""
        lost = self.start_balance - balance
        if self.loss_limit is not None and lost + cost > self.loss_limit:
            return N_("loss limit would be exceeded")
        return None


NOT_AVAILABLE = N_("Autoplay is not available here")


def allowed(app) -> bool:
    """Whether this cabinet lets a player start autoplay (config autoplay_allowed)."""
    return app.config.autoplay_allowed


@register("autoplay_menu")
class AutoplayMenu(Overlay):
    """Choose the settings, then start the game's autoplay (refused, and closed at
    once, where autoplay is not allowed)."""

    title = N_("AUTOPLAY")
    panel_rect = pygame.Rect(460, 140, 1000, 800)

    def __init__(self, app, game):
        super().__init__(app)
        self.game = game
        self.rounds_i, self.loss_i, self.win_i = 0, 0, 0
        self.stop_on_bonus = True
        self.row = 0
        self.widgets = [self.close_button(),
                        Button((760, 820, 400, 100), N_("START"), "start", style="green", font_size=44)]
        for i, row in enumerate(ROWS):
            y = 250 + i * 130
            self.widgets += [Button((1030, y, 80, 80), "<", f"dec_{row}", font_size=40),
                             Button((1310, y, 80, 80), ">", f"inc_{row}", font_size=40)]

    def enter(self) -> None:
        if not allowed(self.app):
            self.app.pop(self)
            self.app.audio.play("refuse")
            self.game.message(translate(NOT_AVAILABLE))

    # -- values -------------------------------------------------------------------
    @property
    def rounds(self) -> int:
        return ROUNDS[self.rounds_i]

    def loss_limit(self) -> int | None:
        x = LOSS_X[self.loss_i]
        return None if x is None else x * self.game.mode_cost()

    def win_limit(self) -> int | None:
        x = WIN_X[self.win_i]
        return None if x is None else x * self.game.bet

    def value_text(self, row: str) -> str:
        cur = self.app.cabinet.currency
        if row == "rounds":
            return str(self.rounds)
        if row == "loss":
            v = self.loss_limit()
            return _("NO LIMIT") if v is None else cur.format(v)
        if row == "win":
            v = self.win_limit()
            return _("NO LIMIT") if v is None else cur.format(v)
        return _("ON") if self.stop_on_bonus else _("OFF")

    def change(self, row: str, step: int) -> None:
        if row == "rounds":
            self.rounds_i = max(0, min(len(ROUNDS) - 1, self.rounds_i + step))
        elif row == "loss":
            self.loss_i = max(0, min(len(LOSS_X) - 1, self.loss_i + step))
        elif row == "win":
            self.win_i = max(0, min(len(WIN_X) - 1, self.win_i + step))
        else:
            self.stop_on_bonus = not self.stop_on_bonus
        self.app.audio.play("click")

    # -- input ----------------------------------------------------------------------
    def on_action(self, action: str) -> bool:
        if action in ("prev", "next"):            # SHIFT+LEFT/RIGHT: number of rounds
            self.change("rounds", -1 if action == "prev" else 1)
        elif action in ("left", "right"):
            self.change(ROWS[self.row], -1 if action == "left" else 1)
        elif action in ("up", "down"):
            self.row = (self.row + (-1 if action == "up" else 1)) % len(ROWS)
        elif action.startswith(("dec_", "inc_")):
            self.row = ROWS.index(action[4:])
            self.change(action[4:], -1 if action.startswith("dec_") else 1)
        elif action in ("spin", "confirm", "start", "select"):
            self.app.pop(self)
            if not allowed(self.app):
                self.game.message(translate(NOT_AVAILABLE))
                return True
            self.game.start_autoplay(self.rounds, self.loss_limit(), self.win_limit(), self.stop_on_bonus)
        elif action in ("close", "autoplay"):
            self.app.pop(self)
        else:
            return False
        return True

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface)
        lay, A = self.app.layout, self.app.assets
        names = {"rounds": _("Number of rounds"), "loss": _("Total loss limit"), "win": _("Single win limit"),
                 "bonus": _("Stop on any bonus")}
        for i, row in enumerate(ROWS):
            y = 250 + i * 130
            if i == self.row:

                def row_highlight() -> pygame.Surface:
                    return D.rounded_panel((lay.px(920), lay.px(110)), (80, 80, 160), (50, 50, 110),
                                           radius=lay.px(20), border=D.CYAN, border_width=lay.px(3), alpha=200)

                hi = A.surface(("auto_row", lay.size), row_highlight)
                surface.blit(hi, lay.pt(500, y - 15))
            A.blit_text(surface, names[row], A.fit(names[row], 34, 470, True), (540, y + 40), D.CREAM,
                        anchor="midleft", bold=True)
            value = self.value_text(row)
            with D.text_bounds(lay.rect(1110, y - 10, 200, 100)):      # between < and >
                A.blit_text(surface, value, A.fit(value, 36, 196, True), (1210, y + 40), D.GOLD, anchor="center",
                            bold=True)
        self.draw_widgets(surface)
        keys = _("SHIFT+LEFT/RIGHT rounds   UP/DOWN/LEFT/RIGHT settings   SPACE start")
        A.blit_text(surface, keys, A.fit(keys, 24, 960), (960, 790), D.MUTED, anchor="center")
