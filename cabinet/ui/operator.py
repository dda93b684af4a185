"""The operator menu, behind a PIN (CTRL+SHIFT+O, PIN from config): meters, recent
rounds, audit status and RUN AUDIT, demo credit top-up, gamble mode, volume, demo
tools on/off, RAM CLEAR (with a confirmation; also the only way out of a lock), and
in kiosk mode the only way out. The gamble, volume and demo-tools settings
changed here are saved at once in <data_dir>/operator.json and hold across restarts
(cabinet/core/operator_settings.py; config.yaml stays the operator's hand-written file)."""
from __future__ import annotations

import time

import pygame

from cabinet.core.config import GAMBLE_SETTINGS
from cabinet.core.operator_settings import save

from . import draw as D
from .overlay import Overlay
from .scene import register
from .widgets import Button

DIGITS = {getattr(pygame, f"K_{d}"): str(d) for d in range(10)}
DIGITS.update({getattr(pygame, f"K_KP{d}"): str(d) for d in range(10)})


@register("pin_pad")
class PinPad(Overlay):
    """Enter the operator PIN with digit keys or the on-screen pad; ENTER submits."""

    title = "OPERATOR"
    panel_rect = pygame.Rect(660, 140, 600, 800)

    def __init__(self, app):
        super().__init__(app)
        self.entered = ""
        self.error = ""
        self.widgets = [self.close_button()]
        for i, label in enumerate(["1", "2", "3", "4", "5", "6", "7", "8", "9", "C", "0", "OK"]):
            r, c = divmod(i, 3)
            self.widgets.append(Button((740 + c * 150, 380 + r * 130, 130, 110), label, f"pin_{label}",
                                       style="green" if label == "OK" else "panel", font_size=44))

    def handle_event(self, event, actions) -> bool:
        if event.type == pygame.KEYDOWN and event.key in DIGITS:
            return self.on_action(f"pin_{DIGITS[event.key]}")
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.on_action("pin_OK")
        return super().handle_event(event, actions)

    def on_action(self, action: str) -> bool:
        if action == "close":
            self.app.pop(self)
        elif action == "pin_C":
            self.entered = ""
        elif action == "pin_OK":
            if self.entered == str(getattr(self.app.config, "operator_pin", "")):
                self.app.pop(self)
                self.app.open("operator_menu")
            else:
                self.entered, self.error = "", "Wrong PIN"
                self.app.audio.play("refuse")
        elif action.startswith("pin_") and len(self.entered) < 8:
            self.entered += action[4:]
            self.error = ""
        return True

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface)
        A = self.app.assets
        A.blit_text(surface, "*" * len(self.entered) or "enter PIN", 54, (960, 290), D.CREAM, anchor="center",
                    bold=True)
        if self.error:
            A.blit_text(surface, self.error, 30, (960, 345), D.RED, anchor="center", bold=True)
        self.draw_widgets(surface)


@register("operator_menu")
class OperatorMenu(Overlay):
    """Meters, audit, recent rounds and the cabinet's switches."""

    title = "OPERATOR MENU"
    panel_rect = pygame.Rect(80, 60, 1760, 960)

    def __init__(self, app):
        super().__init__(app)
        cfg = app.config
        self.widgets = [
            self.close_button(),
            Button((1240, 190, 540, 80), lambda: f"TOP UP {app.cabinet.currency.format(self._top_up())}", "top_up",
                   style="green", font_size=30,
                   enabled=lambda: not getattr(cfg, "real_play", False) and not app.cabinet.locked),
            Button((1240, 290, 540, 80), lambda: f"GAMBLE: {getattr(cfg, 'gamble', 'off').upper()}", "gamble",
                   font_size=30),
            Button((1240, 390, 380, 80), lambda: f"VOLUME {round(app.audio.volume * 100)}%  -", "vol_down",
                   font_size=30),
            Button((1640, 390, 140, 80), "+", "vol_up", font_size=40),
            Button((1240, 490, 540, 80),
                   lambda: "DEMO TOOLS: " + ("ON" if getattr(cfg, "demo_tools", False) else "OFF"), "demo_tools", font_size=30, enabled=lambda: not getattr(cfg, "real_play", False)),
            Button((1240, 590, 540, 80), "RUN AUDIT", "audit", font_size=30),
            Button((1240, 690, 540, 80), "RAM CLEAR...", "ram_clear", style="red", font_size=30),
            Button((1240, 880, 540, 90), "EXIT CABINET", "quit", style="red", font_size=34),
        ]
        self.audit = app.cabinet.audit_status()

    def _top_up(self) -> int:
        return int(getattr(self.app.config, "demo_credit", 100000) or 100000)

    def on_action(self, action: str) -> bool:
        cfg, cab = self.app.config, self.app.cabinet
        if action in ("close", "operator"):
            self.app.pop(self)
        elif action == "top_up" and not getattr(cfg, "real_play", False) and not cab.locked:
            cab.deposit(self._top_up())
            self.app.toast(f"Credit added: {cab.currency.format(self._top_up())}")
            self.audit = cab.audit()
        elif action == "gamble":
            now = getattr(cfg, "gamble", "off")
            cfg.gamble = (GAMBLE_SETTINGS[(GAMBLE_SETTINGS.index(now) + 1) % len(GAMBLE_SETTINGS)]
                          if now in GAMBLE_SETTINGS else "off")
        elif action in ("vol_up", "vol_down"):
            self.app.audio.set_volume(self.app.audio.volume + (0.1 if action == "vol_up" else -0.1))
            self.app.audio.play("click")
        elif action == "demo_tools" and not getattr(cfg, "real_play", False):
            cfg.demo_tools = not getattr(cfg, "demo_tools", False)
        elif action == "audit":
            self.audit = cab.audit()
        elif action == "ram_clear":
            self.app.open("ram_clear")
        elif action == "quit":
            self.app.running = False
        else:
            return False
        if action in ("gamble", "vol_up", "vol_down", "demo_tools"):
            self._save()
        return True

    def _save(self) -> None:
        """Keep the switches across restarts (<data_dir>/operator.json)."""
        try:
            save(self.app.config, self.app.audio.volume)
        except OSError as exc:
            self.app.toast(f"Settings not saved ({exc}); they hold until restart")

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface)
        A, cab = self.app.assets, self.app.cabinet
        cur = cab.currency
        ok, message = self.audit
        if cab.locked or not ok:      # nothing more is read from a ledger that cannot be trusted
            self._draw_locked(surface, message)
            return
        A.blit_text(surface, "AUDIT: OK", 34, (140, 150), D.GREEN, bold=True)
        A.blit_text(surface, message, 22, (140, 200), D.MUTED)
        A.blit_text(surface, f"BALANCE {cur.format(cab.balance)}", 34, (620, 150), D.CREAM, bold=True)
        meters = cab.meters()
        y = 290
        for name in ("credits_in", "credits_out", "total_bet", "total_won", "games_played", "games_won",
                     "side_staked", "side_won"):
            if name in meters:
                value = meters[name]
                shown = str(value) if name.startswith("games") else cur.format(int(value))
                A.blit_text(surface, name.replace("_", " ").upper(), 26, (140, y), D.MUTED, bold=True)
                A.blit_text(surface, shown, 26, (560, y), D.CREAM, anchor="topright", bold=True)
                y += 40
        for gid, per in list(meters.get("per_game", {}).items())[:4]:
            A.blit_text(surface, f"{gid}: {per['games_played']} games, bet {cur.format(per['total_bet'])}, "
                                 f"won {cur.format(per['total_won'])}", 24, (140, y), D.CREAM)
            y += 34
        A.blit_text(surface, "RECENT ROUNDS", 28, (640, 290), D.GOLD, bold=True)
        for i, rec in enumerate(cab.history(12)):
            when = time.strftime("%H:%M:%S", time.localtime(rec.started_at))
            A.blit_text(surface, f"#{rec.id} {when} {rec.game} {rec.mode} bet {cur.format(rec.bet_cents)} "
                                 f"win {cur.format(rec.win_cents)}", 22, (640, 332 + i * 34), D.CREAM)
        self.draw_widgets(surface)


    def _draw_locked(self, surface: pygame.Surface, message: str) -> None:
        A = self.app.assets
        A.blit_text(surface, "AUDIT: FAILED", 44, (660, 170), D.RED, anchor="center", bold=True)
        r = A.blit_text(surface, message, 30, (660, 230), D.CREAM, anchor="midtop", wrap=980)
        y = 230 + r.height / self.app.layout.scale + 60
        help_text = ("The data is left untouched for inspection. RUN AUDIT checks it again. A storage error "
                     "clears when the cabinet restarts; anything else needs RAM CLEAR, which keeps the old "
                     "files in a backup folder and starts a fresh ledger.")
        A.blit_text(surface, help_text, 26, (660, y), D.MUTED, anchor="midtop", wrap=980)
        self.draw_widgets(surface)


@register("ram_clear")
class RamClearConfirm(Overlay):
    """RAM CLEAR's confirmation: what is cleared, where the old files are kept."""

    title = "RAM CLEAR"
    panel_rect = pygame.Rect(360, 200, 1200, 680)

    def __init__(self, app):
        super().__init__(app)
        self.widgets = [
            self.close_button(),
            Button((440, 740, 480, 100), "CANCEL", "close", font_size=34),
            Button((1000, 740, 480, 100), "CLEAR ALL DATA", "confirm", style="red", font_size=34),
        ]

    def on_action(self, action: str) -> bool:
        if action in ("close", "operator"):
            self.app.pop(self)
        elif action == "confirm":
            self.app.ram_clear()
        else:
            return False
        return True

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface)
        A, cab = self.app.assets, self.app.cabinet
        if cab.locked:
            now = f"The cabinet is locked: {cab.locked}"
        else:
            now = f"The balance of {cab.currency.format(cab.balance)} and any interrupted round leave play."
        lines = ["A fresh ledger starts: balance, meters and history begin again from zero "
                 "(with the demo credit, if this cabinet gives one).",
                 now,
                 "The old ledger and its key are kept, untouched, in a ramclear-<date> folder of the data "
                 "directory, and the clear is logged in the new ledger."]
        y = 310
        for text in lines:
            y += A.blit_text(surface, text, 30, (440, y), D.CREAM, wrap=1040).height / self.app.layout.scale + 26
        self.draw_widgets(surface)

