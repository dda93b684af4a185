"""Toy Reels on screen: the smallest complete GameScene, and the UI tests' game.

It shows how a game plugs into the shell: pre-rendered faces, a ReelSet, one
`present_<event>` method per event type, `draw_board`, and an ante toggle button.
"""
from __future__ import annotations

import math

import pygame

from cabinet.core.money import win_cents
from cabinet.ui import draw as D
from cabinet.ui.game_scene import GameScene
from cabinet.ui.presentation import Step, wait
from cabinet.ui.reels import ReelSet, line_points, pulse
from tests.toygame import rules

COLORS = {"J": (70, 160, 255), "Q": (190, 90, 230), "K": (240, 120, 60), "A": (240, 200, 60),
          "C": (255, 215, 0), "S": (110, 230, 160)}


def face(letter: str, size: int, font: pygame.font.Font) -> pygame.Surface:
    """A jewel tile with the symbol's letter (crown and star drawn as shapes)."""
    color = COLORS[letter]
    surf = D.rounded_panel((size, size), D.lerp_color(color, (255, 255, 255), 0.35),
                           D.lerp_color(color, (0, 0, 0), 0.45), radius=size // 6, border=(255, 245, 220),
                           border_width=max(2, size // 40))
    c = size // 2
    if letter == "S":
        pts = [(c + math.cos(a) * r, c + math.sin(a) * r) for i in range(10)
               for a, r in [(-math.pi / 2 + i * math.pi / 5, size * (0.36 if i % 2 == 0 else 0.15))]]
        pygame.draw.polygon(surf, (255, 250, 200), pts)
    elif letter == "C":
        w = size * 0.6
        x0, y0 = c - w / 2, c + size * 0.18
        pts = [(x0, y0), (x0, y0 - w * 0.55), (x0 + w * 0.25, y0 - w * 0.25), (c, y0 - w * 0.7),
               (x0 + w * 0.75, y0 - w * 0.25), (x0 + w, y0 - w * 0.55), (x0 + w, y0)]
        pygame.draw.polygon(surf, (255, 250, 210), pts)
        pygame.draw.polygon(surf, (150, 90, 0), pts, max(2, size // 50))
    else:
        label = font.render(letter, True, (255, 255, 255))
        rim = font.render(letter, True, (40, 20, 40))
        surf.blit(rim, rim.get_rect(center=(c + size // 40, c + size // 40)))
        surf.blit(label, label.get_rect(center=(c, c)))
    return surf


class ToyScene(GameScene):
    """Toy Reels: 3x3 reels, three lines, a coin bonus."""

    static_background = True        # the starfield never changes: composed with the bars once

    help_pages = [("How to play", "Three of a kind on one of the three rows pays. Three STARs anywhere "
                                  "start the coin bonus: each coin pays its value. The ante spin costs 1.25x.")]

    def build(self) -> None:
        self._faces: dict[int, dict[str, pygame.Surface]] = {}
        self.reels = ReelSet(self.app, (660, 200, 600, 600), 3, 3, self.faces, rules.STRIPS[0])
        self.win_lines: list[int] = []
        self.coins: list[int] = []
        self.bonus = False
        if not any(w.action == "ante" for w in self.widgets):
            self.add_button((24, 600, 190, 80), lambda: "ANTE ON" if self.mode_id == "ante" else "ANTE OFF",
                            "ante", lit=lambda: self.mode_id == "ante", enabled=lambda: not self.busy)

    def relayout(self) -> None:
        self._faces = {}

    def faces(self, size: int) -> dict[str, pygame.Surface]:
        if size not in self._faces:
            font = self.app.assets.font(110, True)
            self._faces[size] = {k: face(k, size, font).convert_alpha() for k in COLORS}
        return self._faces[size]

    def on_action(self, action: str) -> bool:
        if action == "ante":
            self.select_mode("base" if self.mode_id == "ante" else "ante")
            return True
        return super().on_action(action)

    # -- presentation --------------------------------------------------------------
    def round_started(self, played) -> None:
        self.win_lines, self.coins, self.bonus = [], [], False

    def present_reels(self, event) -> list[Step]:
        return [self.reels.spin_step(0.4)] + self.reels.stop_steps(event["board"])

    def present_line_win(self, event) -> list[Step]:
        def show() -> None:
            self.win_lines.append(event["line"])
            self.shown_win += win_cents(self.played.bet_cents, event["pay_x100"])
        return [Step(0.7, start=show, label=f"line {event['line'] + 1} pays", sound="coin")]

    def present_bonus_start(self, event) -> list[Step]:
        return [Step(1.0, start=lambda: setattr(self, "bonus", True), label="coin bonus", sound="bonus")]

    def present_coin(self, event) -> list[Step]:
        def show() -> None:
            self.coins.append(event["value_x100"])
            self.shown_win += win_cents(self.played.bet_cents, event["value_x100"])
        return [Step(0.5, start=show, label="coin", sound="coin")]

    def round_steps(self, played) -> list[Step]:
        return super().round_steps(played) + [wait(0.3)]

    # -- frame ---------------------------------------------------------------------
    def animate(self, dt: float) -> None:
        self.reels.update(dt)

    def draw_board(self, surface: pygame.Surface) -> None:
        lay, A = self.app.layout, self.app.assets
        frame = A.surface(("toy_frame", lay.size), lambda: D.rounded_panel(
            (lay.px(660), lay.px(660)), (60, 40, 120), (20, 14, 50), radius=lay.px(30), border=D.GOLD,
            border_width=lay.px(6)))
        surface.blit(frame, lay.pt(630, 170))
        self.reels.draw(surface)
        glow = 0.5 + 0.5 * pulse(self.time)
        for li in self.win_lines:
            pts = [lay.pt(*p) for p in line_points(self.reels, rules.LINES[li])]
            pygame.draw.lines(surface, D.lerp_color(D.GOLD, (255, 255, 255), glow * 0.5), False, pts, lay.px(10))
        if self.bonus or self.coins:
            A.blit_text(surface, "COIN BONUS", 54, (1580, 260), D.GOLD, anchor="center", bold=True, outline=(60, 30, 0))
            for i, value in enumerate(self.coins):
                A.blit_text(surface, f"{value / 100:g}x", 40, (1580, 340 + i * 56), D.CREAM, anchor="center", bold=True)
