"""Kiosk mode's attract loop and the player's session (protection tools, history).

Attract: after `attract_idle_seconds` without input on the lobby (kiosk only), the
cabinet plays a script of steps until someone touches it (attract_script.py: for each
game a title card, a demonstration of one of its features and one of its biggest
recent wins, varied each time round), under a PRESS ANY KEY OR TOUCH TO PLAY call.
Each time round the loop speaks the next of the operator's offered languages (config
language.offered); the player who touches the cabinet gets back the language in
effect before the loop began (their own choice, or the default).
A round shown keeps the game's own controls in view (the fortune bet's titles), all
of them off. Any key, click or touch returns to the lobby (the app ends the loop and
uses the input up). With the review tools on (never under real play) every game's
whole showcase script plays instead (showcase.py).

The script is a hook: `app.attract_script(app, turn)` returns the steps of one time
round the loop (`turn`: how many came before; objects with `seconds` and
`begin(app) -> Scene | None`, like attract_script's `Card`, `Feature` and `Recall`).

Session: the player's session starts at power-up, after a cash-out and after an idle
reset (the attract loop starting); in kiosk mode the history shows only its rounds.
Protection (config `protection`): a session clock with the net position since the
session started, and a reality check every N minutes that the player confirms.
"""
from __future__ import annotations

import math
from typing import Any, Callable, Iterable

import pygame

from cabinet.core import cash_desk, i18n
from cabinet.core.i18n import N_, _, formats

from . import draw as D
from .attract_call import CALL, draw_call  # noqa: F401  (CALL re-exported)
from .attract_script import CARD_SECONDS, RECALL_SECONDS, AttractStep, Card, default_script  # noqa: F401
from .logo_art import CABINET_NAME
from .overlay import Overlay
from .scene import Scene, register
from .showcase import attract_showcase
from .widgets import Button


@register("attract")
class Attract(Scene):
    """Plays the attract script in a loop until someone touches the cabinet."""

    def __init__(self, app, script: Callable[[Any, int], Iterable[AttractStep]] | None = None):
        super().__init__(app)
        self.script = script or app.attract_script
        self.turn = 0
        self.steps = list(self.script(app, 0)) or [Card()]
        self.index = 0
        self.t = 0.0
        self.step: AttractStep = self.steps[0]
        self.language = i18n.current()          # the language the next player gets back

    def _begin(self) -> None:
        if self.index >= len(self.steps):       # round the loop again: the next turn's steps
            self.turn += 1
            self._speak(self.turn)
            self.steps, self.index = list(self.script(self.app, self.turn)) or [Card()], 0
        self.step, self.t = self.steps[self.index], 0.0
        if self.step.begin(self.app) is None and not isinstance(self.step, Card):
            self.t = self.step.seconds          # nothing to show (a round that cannot be recalled): go on

    def _speak(self, turn: int) -> None:
        """The offered language for this time round the loop (not kept as a choice)."""
        offered = tuple(getattr(self.app, "languages", ()) or ())
        if len(offered) > 1:
            start = offered.index(self.language) if self.language in offered else 0
            tag = offered[(start + turn) % len(offered)]
            if tag != i18n.current():
                self.app.set_language(tag, keep=False)

    def enter(self) -> None:
        self._begin()

    def leave(self) -> None:
        super().leave()
        if i18n.current() != self.language and hasattr(self.app, "set_language"):
            self.app.set_language(self.language, keep=False)

    def resume(self) -> None:          # the step's scene closed: the next step
        self.index += 1
        self._begin()

    def update(self, dt: float) -> None:
        self.t += dt
        if self.t >= self.step.seconds and self.app.stack.top is self:
            if attract_showcase(self.app) is not None:
                return              # with the review tools on: the games' showcase scripts, looping
            self.index += 1
            self._begin()

    def handle_event(self, event, actions) -> bool:
        return True

    def draw(self, surface: pygame.Surface) -> None:
        lay, A = self.app.layout, self.app.assets
        surface.blit(A.surface(("lobby_bg", lay.size), lambda: D.starfield(lay.size)), (0, 0))

        def attract_glow() -> pygame.Surface:
            return D.radial_glow(lay.px(600), (255, 170, 60), 0.7)

        glow = A.surface(("attract_glow", lay.px(600)), attract_glow)
        cx, cy = lay.pt(960, 480)
        surface.blit(glow, (cx - glow.get_width() // 2, cy - glow.get_height() // 2))
        size = int(130 * (1 + 0.05 * math.sin(self.t * 3)))
        A.blit_text(surface, CABINET_NAME, size, (960, 400), D.GOLD, anchor="center", bold=True, outline=(90, 40, 0))
        games = self.app.cabinet.games
        gid = getattr(self.step, "game", "") or ""
        names = [games[gid].spec.name] if gid in games else [s.spec.name for s in games.values()]
        if names:
            A.blit_text(surface, names[int(self.app.time / CARD_SECONDS) % len(names)], 64, (960, 560), D.CREAM,
                        anchor="center", bold=True)
        draw_call(self.app, surface)


@register("attract_call")
class AttractCall(Scene):
    """The call to play over a replayed round (transparent; closes with the round)."""

    opaque = False
    light = True

    def __init__(self, app, seconds: float = RECALL_SECONDS):
        super().__init__(app)
        self.left = seconds

    def handle_event(self, event, actions) -> bool:
        return True

    def update(self, dt: float) -> None:
        """A replay that runs too long is closed (with this call above it)."""
        self.left -= dt
        scenes = self.app.stack.scenes
        if self.left <= 0 and self in scenes and scenes.index(self) > 0:
            self.app.pop(scenes[scenes.index(self) - 1])

    def draw(self, surface: pygame.Surface) -> None:
        if self.app.stack.top is not self:       # a celebration over the round draws the call in its place
            return
        lay = self.app.layout

        def attract_band() -> pygame.Surface:
            return D.rounded_panel((lay.px(1300), lay.px(170)), (20, 20, 50), (8, 8, 24), radius=lay.px(40),
                                   border=D.GOLD, border_width=lay.px(4), alpha=225)

        band = self.app.assets.surface(("attract_band", lay.size), attract_band)
        surface.blit(band, band.get_rect(center=lay.pt(960, 800)))
        draw_call(self.app, surface)


@register("reality_check")
class RealityCheck(Overlay):
    """'You have played N minutes; net position X' - CONTINUE or back to the LOBBY."""

    title = N_("REALITY CHECK")
    panel_rect = pygame.Rect(460, 260, 1000, 560)

    def __init__(self, app, minutes: int, net_cents: int):
        super().__init__(app)
        self.minutes, self.net = minutes, net_cents
        self.widgets = [Button((560, 660, 360, 100), N_("CONTINUE"), "continue", style="green", font_size=36),
                        Button((1000, 660, 360, 100), N_("LOBBY"), "lobby", font_size=36)]

    def on_action(self, action: str) -> bool:
        if action in ("continue", "select", "close"):
            self.app.pop(self)
        elif action == "lobby":
            self.app.pop(self)
            game: Any = self.app.stack.find("game")
            if game is not None and not game.busy:
                game.stop_autoplay()
                self.app.pop(game)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface)
        A, cur = self.app.assets, self.app.cabinet.currency
        played = (_("You have been playing for 1 minute.") if self.minutes == 1 else
                  _("You have been playing for {minutes} minutes.").format(minutes=formats.number(self.minutes)))
        A.blit_text(surface, played, A.fit(played, 38, 920, True), (960, 420), D.CREAM, anchor="center", bold=True)
        net = _("Net position this session: {amount}").format(amount=cur.format(self.net))
        A.blit_text(surface, net, A.fit(net, 38, 920, True), (960, 500), D.GOLD if self.net >= 0 else D.RED,
                    anchor="center", bold=True)
        self.draw_widgets(surface)


class Session:
    """The player's session: where it starts in the ledger (the history a kiosk shows),
    its clock, net position and reality-check timing (injectable clock time)."""

    def __init__(self, app):
        self.app = app
        self._seen: tuple[tuple[int, int], int] | None = None   # ((balance, pending credit), net) last computed
        self.configure()
        self.start_net = self._net_meter() if self.enabled else 0
        self.started = 0.0
        self.next_check = self.every
        self.since_seq = self._boundary()

    def configure(self) -> None:
        """(Again) from config: the operator may change the protection settings."""
        prot = self.app.config.protection
        was = getattr(self, "enabled", None)
        self.enabled = prot.enabled
        self.show_clock = prot.session_clock
        self.every = 60.0 * prot.reality_check_minutes
        if was is not None and self.enabled and not was:
            self.start_net, self._seen = self._net_meter(), None
            self.next_check = self.app.time + self.every

    def _boundary(self) -> int:
        cab = self.app.cabinet
        return cash_desk.session_start(cab) if getattr(cab, "ledger", None) is not None else 0

    def new_session(self, reason: str) -> None:
        """A new player: after a cash-out, or idle (logged, so a restart keeps the boundary)."""
        if reason == "idle":
            if self.app.cabinet.history(1, since_seq=self.since_seq) == []:
                return                        # nobody played since: the same empty session
            self.app.cabinet.log("session_reset", {"reason": "idle"})
        self.since_seq = self._boundary()
        self.start_net, self._seen = self._net_meter(), None
        self.started = self.app.time
        self.next_check = self.app.time + self.every

    def history(self, limit: int = 100) -> list[Any]:
        """The rounds a player may see: in kiosk mode this session's only."""
        cab = self.app.cabinet
        return cab.history(limit, since_seq=self.since_seq) if self.app.kiosk else cab.history(limit)

    def _net_meter(self) -> int:
        m = self.app.cabinet.totals() if getattr(self.app.cabinet, "ledger", None) else {}
        return (m.get("total_won", 0) + m.get("side_won", 0)) - (m.get("total_bet", 0) + m.get("side_staked", 0))

    @property
    def net(self) -> int:
        """Won minus staked since the session started (deposits do not count); the
        meters are read again only when the balance moved."""
        cab = self.app.cabinet
        balance = (cab.balance, getattr(cab, "pending_credit", 0))   # a win the writer is still crediting
        if self._seen is None or self._seen[0] != balance:
            self._seen = (balance, self._net_meter() - self.start_net)
        return self._seen[1]

    def update(self) -> None:
        if self.enabled and self.app.time >= self.next_check:
            self.next_check += self.every
            if not isinstance(self.app.stack.top, RealityCheck):
                self.app.open("reality_check", int((self.app.time - self.started) // 60), self.net)

    def draw(self, surface: pygame.Surface) -> None:
        if not (self.enabled and self.show_clock):
            return
        A = self.app.assets
        t = int(self.app.time - self.started)
        text = _("SESSION {time}   NET {amount}").format(time=f"{t // 3600}:{t // 60 % 60:02d}:{t % 60:02d}",
                                                           amount=self.app.cabinet.currency.format(self.net))
        D.text_layer()                  # drawn over every scene (a dialog's veil too): a layer of its own
        A.blit_text(surface, text, 24, (240, 48), D.CYAN, anchor="midleft", bold=True)
