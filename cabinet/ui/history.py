"""History and recall: the last 100 rounds (time, game, mode, bet, win, balance before
and after, features) and any of them replayed on screen exactly as it played, from
its outcome id, marked RECALL. SHIFT+H from the lobby or a game (between rounds);
UP/DOWN choose, ENTER or a click recalls, ESC closes. Works after a restart: the
rounds come from the ledger."""
from __future__ import annotations

import time

import pygame

from . import draw as D
from .scene import Scene, register
from .widgets import Button

ROW_H, TOP, VISIBLE = 58, 190, 12
COLUMNS = ((60, "TIME"), (300, "GAME"), (610, "MODE"), (860, "BET"), (1040, "WIN"), (1230, "BALANCE"),
           (1560, "FEATURES"))


@register("history")
class HistoryScene(Scene):
    """A full-screen list of settled rounds, newest first."""

    def __init__(self, app):
        super().__init__(app)
        self.rounds = app.session.history(100)     # in kiosk mode: this player's session only
        self.selected = 0
        self.first = 0
        self.widgets = [Button((1780, 30, 100, 70), "X", "close", font_size=34),
                        Button((1560, 960, 320, 80), "RECALL", "select", style="gold", font_size=34,
                               enabled=lambda: bool(self.rounds))]

    def on_action(self, action: str) -> bool:
        if action in ("close", "history"):
            self.app.pop(self)
        elif action in ("up", "down", "page_up", "page_down") and self.rounds:
            step = {"up": -1, "down": 1, "page_up": -VISIBLE, "page_down": VISIBLE}[action]
            self.selected = max(0, min(len(self.rounds) - 1, self.selected + step))
            self.first = min(max(self.first, self.selected - VISIBLE + 1), self.selected)
        elif action in ("select", "spin") and self.rounds:
            self.app.recall(self.rounds[self.selected].id)
        else:
            return False
        return True

    def handle_event(self, event, actions) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            x, y = self.app.layout.to_logical(event.pos)
            row = int((y - TOP) // ROW_H)
            if 40 < x < 1880 and 0 <= row < VISIBLE and self.first + row < len(self.rounds):
                self.selected = self.first + row
                self.app.recall(self.rounds[self.selected].id)
                return True
        if event.type == pygame.MOUSEWHEEL:
            return self.on_action("up" if event.y > 0 else "down")
        return super().handle_event(event, actions)

    def draw(self, surface: pygame.Surface) -> None:
        lay, A = self.app.layout, self.app.assets
        cur = self.app.cabinet.currency
        surface.blit(A.surface(("history_bg", lay.size), lambda: D.vertical_gradient(
            lay.size, [(16, 18, 44), (34, 24, 70), (12, 10, 28)])), (0, 0))
        A.blit_text(surface, "HISTORY", 64, (960, 70), D.GOLD, anchor="center", bold=True, outline=(70, 30, 0))
        for x, name in COLUMNS:
            A.blit_text(surface, name, 24, (x, 150), D.MUTED, bold=True)
        if not self.rounds:
            A.blit_text(surface, "No rounds played yet", 40, (960, 450), D.CREAM, anchor="center")
        names = {gid: setup.spec.name for gid, setup in self.app.cabinet.games.items()}
        for i, rec in enumerate(self.rounds[self.first:self.first + VISIBLE]):
            y = TOP + i * ROW_H
            lit = self.first + i == self.selected
            row = A.surface(("history_row", lit), lambda lit=lit: D.rounded_panel(
                (lay.px(1840), lay.px(ROW_H - 8)), (70, 70, 150) if lit else (40, 40, 90),
                (50, 50, 110) if lit else (28, 28, 64), radius=lay.px(12),
                border=D.GOLD if lit else None, border_width=lay.px(3)))
            surface.blit(row, lay.pt(40, y))
            when = time.strftime("%d %b %H:%M:%S", time.localtime(rec.started_at))
            after = cur.format(rec.balance_after) if rec.balance_after is not None else "-"
            cells = (when, names.get(rec.game, rec.game), rec.mode, cur.format(rec.bet_cents),
                     cur.format(rec.win_cents), f"{cur.format(rec.balance_before)} > {after}",
                     ", ".join(rec.features)[:30] or "-")
            for (x, _), text in zip(COLUMNS, cells):
                color = D.GOLD if (text == cells[4] and rec.win_cents) else D.CREAM
                A.blit_text(surface, text, 26, (x, y + (ROW_H - 8) // 2), color, anchor="midleft")
        self.draw_widgets(surface)
        A.blit_text(surface, f"{len(self.rounds)} rounds   UP/DOWN choose   ENTER recall   ESC close", 26,
                    (60, 1000), D.MUTED, anchor="midleft")
