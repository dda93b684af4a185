"""Kiosk mode's attract loop and the player-protection session tools.

Attract: after `attract_idle_seconds` without input on the lobby (kiosk only), the
cabinet replays the biggest recorded win of each game, marked RECALL, between title
cards (with the review tools on, never under real play: every game's showcase
script instead, showcase.py); any key, click or touch returns to the lobby.

Protection (config `protection`): a session clock with the net position since the
session started, and a reality check every N minutes that the player confirms.
"""
from __future__ import annotations

import math

import pygame

from . import draw as D
from .overlay import Overlay
from .scene import Scene, register
from .showcase import attract_showcase
from .widgets import Button

CARD_SECONDS = 4.0


def best_wins(cabinet, per_game: int = 1) -> list[int]:
    """Round ids of the biggest settled win of each offered game (wins only)."""
    best: dict[str, list] = {}
    for rec in cabinet.history(100):
        if rec.win_cents > 0 and rec.game in cabinet.games:
            best.setdefault(rec.game, []).append(rec)
    ids = []
    for game in sorted(best):
        ids += [r.id for r in sorted(best[game], key=lambda r: -r.win_cents)[:per_game]]
    return ids


@register("attract")
class Attract(Scene):
    """Title cards and big-win recalls until someone touches the cabinet."""

    def __init__(self, app):
        super().__init__(app)
        self.rounds = best_wins(app.cabinet)
        self.next_round = 0
        self.t = 0.0

    def resume(self) -> None:
        self.t = 0.0             # a title card between two recalls

    def update(self, dt: float) -> None:
        self.t += dt
        if self.t >= CARD_SECONDS and self.app.stack.top is self and attract_showcase(self.app) is not None:
            return                  # with the review tools on: the games' showcase scripts, looping
        if self.t >= CARD_SECONDS and self.rounds and self.app.stack.top is self:
            rid = self.rounds[self.next_round % len(self.rounds)]
            self.next_round += 1
            scene = self.app.recall(rid)
            if scene is not None:
                scene.auto_close = 2.5
            self.t = 0.0

    def handle_event(self, event, actions) -> bool:
        return True

    def draw(self, surface: pygame.Surface) -> None:
        lay, A = self.app.layout, self.app.assets
        surface.blit(A.surface(("lobby_bg", lay.size), lambda: D.starfield(lay.size)), (0, 0))
        glow = A.surface(("attract_glow", lay.px(600)), lambda: D.radial_glow(lay.px(600), (255, 170, 60), 0.7))
        cx, cy = lay.pt(960, 480)
        surface.blit(glow, (cx - glow.get_width() // 2, cy - glow.get_height() // 2))
        size = int(130 * (1 + 0.05 * math.sin(self.t * 3)))
        A.blit_text(surface, "SLOT CABINET", size, (960, 420), D.GOLD, anchor="center", bold=True, outline=(90, 40, 0))
        names = [setup.spec.name for setup in self.app.cabinet.games.values()]
        if names:
            name = names[int(self.app.time / CARD_SECONDS) % len(names)]
            A.blit_text(surface, name, 64, (960, 580), D.CREAM, anchor="center", bold=True)
        if int(self.app.time * 2) % 2 == 0:
            A.blit_text(surface, "TOUCH TO PLAY", 48, (960, 760), D.CYAN, anchor="center", bold=True)


@register("reality_check")
class RealityCheck(Overlay):
    """'You have played N minutes; net position X' - CONTINUE or back to the LOBBY."""

    title = "REALITY CHECK"
    panel_rect = pygame.Rect(460, 260, 1000, 560)

    def __init__(self, app, minutes: int, net_cents: int):
        super().__init__(app)
        self.minutes, self.net = minutes, net_cents
        self.widgets = [Button((560, 660, 360, 100), "CONTINUE", "continue", style="green", font_size=36),
                        Button((1000, 660, 360, 100), "LOBBY", "lobby", font_size=36)]

    def on_action(self, action: str) -> bool:
        if action in ("continue", "select", "close"):
            self.app.pop(self)
        elif action == "lobby":
            self.app.pop(self)
            game = self.app.stack.find("game")
            if game is not None and not game.busy:
                game.stop_autoplay()
                self.app.pop(game)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface)
        A, cur = self.app.assets, self.app.cabinet.currency
        A.blit_text(surface, f"You have been playing for {self.minutes} minutes.", 38, (960, 420), D.CREAM,
                    anchor="center", bold=True)
        A.blit_text(surface, f"Net position this session: {cur.format(self.net)}", 38, (960, 500),
                    D.GOLD if self.net >= 0 else D.RED, anchor="center", bold=True)
        self.draw_widgets(surface)


class Session:
    """Session clock, net position and reality-check timing (injectable clock time)."""

    def __init__(self, app):
        self.app = app
        prot = getattr(app.config, "protection", None)
        self.enabled = bool(getattr(prot, "enabled", False))
        self.show_clock = bool(getattr(prot, "session_clock", True))
        self.every = 60.0 * float(getattr(prot, "reality_check_minutes", 30))
        self._seen: tuple[int, int] | None = None       # (balance, net) last computed
        self.start_net = self._net_meter() if self.enabled else 0
        self.next_check = self.every

    def _net_meter(self) -> int:
        m = self.app.cabinet.meters() if getattr(self.app.cabinet, "ledger", None) else {}
        return (m.get("total_won", 0) + m.get("side_won", 0)) - (m.get("total_bet", 0) + m.get("side_staked", 0))

    @property
    def net(self) -> int:
        """Won minus staked since the session started (deposits do not count); the
        meters are read again only when the balance moved."""
        balance = self.app.cabinet.balance
        if self._seen is None or self._seen[0] != balance:
            self._seen = (balance, self._net_meter() - self.start_net)
        return self._seen[1]

    def update(self) -> None:
        if self.enabled and self.app.time >= self.next_check:
            self.next_check += self.every
            if not isinstance(self.app.stack.top, RealityCheck):
                self.app.open("reality_check", int(self.app.time // 60), self.net)

    def draw(self, surface: pygame.Surface) -> None:
        if not (self.enabled and self.show_clock):
            return
        A = self.app.assets
        t = int(self.app.time)
        text = f"SESSION {t // 3600}:{t // 60 % 60:02d}:{t % 60:02d}   NET {self.app.cabinet.currency.format(self.net)}"
        A.blit_text(surface, text, 24, (240, 48), D.CYAN, anchor="midleft", bold=True)
