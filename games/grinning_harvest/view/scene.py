"""Grinning Harvest on screen: it plays a Round's events (see math/events.py for the closed
set) as timed steps, and keeps the picture as plain state that `board.py` draws.

Every step hook SETS state from its event (absolute values, never increments), so
skipping (SPACE) and crash-resume, which run steps instantly, end on the same picture.
Base game: 3x3 reels stop reel by reel, pumpkins show their values (Currency.short,
rounded down) or jackpot coins, paylines light, each vault collects on its own (values
fly from the pumpkins into it). Bonus: the board holds pumpkins and vaults (HoldGrid),
the row above the reels shows webs, multipliers and skulls, three skulls wake the
Great Skull, the counter of 3 resets on each landing, the total (and the cap) closes it.

Display rules of the sheet: a value shown is the least the player can win, never more
than is paid: plates, counters and banners are held to what the round can still pay
(`value_cap_x100`: the max win less what the round won before the bonus; each vault is
held to it on its own and the panel says when the capped amount is paid) and shortened
values are rounded down. The bonus shows the WINNINGS of each spin and the TOTAL
WINNINGS next to the spins remaining. Balance, bet and the PRIZE field are in the bar
at the top of the screen (`hud_layout = "top"`); the buy button is the sheet's BONUS.
"""
from __future__ import annotations

from typing import Any

import pygame

from cabinet.core.i18n import N_, _, translate
from cabinet.ui.figures import times
from cabinet.ui.game_scene import GameScene
from cabinet.core.game_words import mode_label
from cabinet.ui.hold_view import HoldGrid
from cabinet.ui.hud import Hud
from cabinet.ui.moments import Moment
from cabinet.ui.presentation import Step, wait
from cabinet.ui.reels import ReelSet
from cabinet.ui.start_board import StartReels
from cabinet.ui.symbol_anim import SymbolAnimator
from cabinet.ui.timeline import building
from cabinet.ui.widgets import Button

from . import art, board, panels, pictures, shots, sounds
from .bonus_steps import HoldAndWinSteps
from ..math.paytable import evaluate
from ..math.tables import JACKPOTS, load
from .layout import IDLE, REELS_RECT, ROW_H, ROW_Y

Cell = tuple[int, int]


# How each symbol moves while it wins (cabinet/ui/symbol_anim.py); the rest pulse.
WIN_STYLES = {"pumpkin": "grin", "bat": "flap", "ghost": "bounce", "cat": "wobble", "witch": "wobble",
              "hat": "wobble", "candy": "spin"}


class HarvestHud(Hud):
    """The shared HUD with the sheet's names: the round's total prize is in the PRIZE
    field (to the right of the BALANCE)."""

    win_label = N_("PRIZE")


class GrinningHarvestScene(HoldAndWinSteps, GameScene):
    """3x3 reels, 5 lines, pumpkins and vaults, four jackpots, the Hold-n-Win bonus."""

    REELS_RECT, ROW_Y, ROW_H = REELS_RECT, ROW_Y, ROW_H
    SPIN_TIME, STOP_TIME = 0.5, 0.28
    hud_layout = "top"
    music_events = {"bonus_trigger": "quiet", "bonus_spin": "feature", "counter": "feature", "bonus_end": "feature"}
    SHOTS = shots.SHOTS
    idle_layers = IDLE

    # == set-up ====================================================================
    def build(self) -> None:
        self.maths = load()
        self._faces: dict[int, dict[str, pygame.Surface]] = {}
        self.rest = self.start_board()                  # the start board, also after a bought bonus
        self.rest_pumpkins = self.start_pumpkins(self.rest.board)
        self.reels = ReelSet(self.app, self.REELS_RECT, 3, 3, self.faces, self.start_reels().strips, gap=12,
                             name="gh_reels", board=[list(row) for row in self.rest.board], stops=self.rest.stops)
        self.reels.warm()
        self.winners = SymbolAnimator(self.app, "gh", self.faces, WIN_STYLES)
        self.winners.warm(self.reels.face_size(), art.SYMBOLS)
        self.grid = HoldGrid(self.app, self.REELS_RECT, 3, 3, gap=12, name="gh_hold",
                             cell_colors=((46, 24, 70), (16, 8, 30)), rim=(150, 80, 60))
        sounds.register(self.app.audio)
        self.hud = HarvestHud(self)
        for w in self.widgets:              # the sheet's BONUS button ("pressing the BONUS button")
            if isinstance(w, Button) and w.action == "buy_menu":
                w.label = "BONUS"
        self.reset_picture()
        self.pumpkins = dict(self.rest_pumpkins)        # the start board's values

    def prepare_slices(self, scratch: pygame.Surface):
        """Each banner style's panel and glow (panels.py), behind the splash, not in the
        round frame that first shows the banner."""
        for style in panels.BANNER_STYLES:
            yield N_("its banners")
            panels.banner_pictures(self, style)

    def start_reels(self) -> StartReels:
        """The start board: a window of the base strips with no line win and no Vault (a
        Vault would collect the pumpkins in view, or trigger the bonus)."""
        strips = [[self.maths.symbols[int(i)] for i in strip] for strip in self.maths.strips]
        return StartReels(strips, 3, evaluate, {"vault": 0})

    def start_pumpkins(self, rest: list[list[str]]) -> dict[Cell, tuple[str, int]]:
        """A value for each pumpkin on the start board, drawn as the base game draws them
        (pumpkin_values.base) from the display stream, jackpot coins left out: a jackpot
        at rest would read as one that was never won."""
        table, rng = self.maths.values_base, self.app.cabinet.show_rng
        plain = [i for i, label in enumerate(table.labels) if label not in JACKPOTS]
        weights = [int(table.weights[i]) for i in plain]
        values = {}
        for r, row in enumerate(rest):
            for c, sym in enumerate(row):
                if sym == "pumpkin":
                    i = plain[rng.weighted(weights)]
                    values[(r, c)] = (table.labels[i], int(table.value_x100[i]))
        return values

    def relayout(self) -> None:
        self._faces = {}

    def faces(self, size: int) -> dict[str, pygame.Surface]:
        """Symbol faces at a real size, built once (the ReelSet and HoldGrid use them)."""
        if size not in self._faces:
            self._faces[size] = {k: art.symbol_face(k, size).convert_alpha() for k in art.SYMBOLS}
        return self._faces[size]

    def reset_picture(self) -> None:
        """The state board.py draws, as at the start of a round."""
        self.in_bonus = False
        self.pumpkins = {}                                  # base board: cell -> (label, value_x100)
        self.vault_values: dict[Cell, int] = {}              # vault cell -> value_x100 shown
        self.items: dict[Cell, dict[str, Any]] = {}          # bonus board
        self.collected: set[Cell] = set()
        self.win_lines: list[dict] = []
        self.flights: list[tuple[Cell, Cell, str]] = []      # value labels flying into a vault
        self.flight_p = 0.0
        self.trigger_cells: list[Cell] = []
        self.anticipation: int | None = None                 # a reel spinning on for the bonus
        self.row_items: list[str] | None = None
        self.row_spinning = False
        self.great_skull: int | None = None
        self.skull_p = 0.0
        self.mult_fx: list[dict] = []
        self.mult_p = 0.0
        self.lives = 0
        self.lives_reset = False
        self.spin_no = 0
        self.banner: tuple[str, str, str] | None = None      # title, subtitle, style
        self.jackpot_hit: str | None = None
        self.capped = False
        self.bonus_total_x100 = 0
        self.spin_start_x100 = 0                             # the bonus total when this spin began
        self.base_line_x100 = 0
        self.value_cap_x100 = self.maths.max_win_x100        # the most the round can still pay
        self.caption = ""
        self.grid.clear()
        self.grid.spinning = False

    def pay_icon(self, symbol: str, size_px: int) -> pygame.Surface | None:
        """The symbol's face for its paytable row."""
        if symbol not in art.SYMBOLS:
            return None
        return self.app.assets.surface(("gh_icon", symbol, size_px), lambda: art.symbol_face(symbol, size_px))

    def symbol_name(self, symbol: str) -> str:
        """Symbol ids by their names in math.yaml ('cat' -> 'Black Cat')."""
        return self.maths.names.get(symbol, symbol)

    def is_bonus(self, played) -> bool:
        """Autoplay's stop-on-bonus: the Hold-n-Win (a base collect is not a bonus)."""
        return "bonus" in played.round.features

    @classmethod
    def tile_art(cls, size: tuple[int, int]) -> pygame.Surface | None:
        return pictures.tile(size)

    # == round ======================================================================
    def round_started(self, played) -> None:
        self.reset_picture()

    def timeline_start(self, tl) -> list[Step]:
        tl.state.update(lines=[], columns={}, vaults={})   # line wins, reel columns, vault values so far
        return []

    def timeline_end(self, tl) -> list[Step]:
        return [wait(0.25, "round shown")]

    def _set_win(self, x100: int) -> None:
        """The WIN meter: never more than the round pays (the max win holds it)."""
        self.shown_win = self.cents(min(x100, self.maths.max_win_x100))

    # -- base game ----------------------------------------------------------------
    def present_reel_stop(self, ev) -> list[Step]:
        """Reel 0's event plans the whole spin (every reel on its own strip, landing on
        its recorded stop); each reel's steps begin as it lands. A Pumpkin on reel 1 and
        a Vault on reel 2: reel 3 may trigger the bonus, so it spins on, slower, glowing."""
        tl = building(self.timeline)
        if ev["reel"] == 0:
            stops = sorted((e for e in tl.played.round.events if e["type"] == "reel_stop"), key=lambda e: e["reel"])
            columns = [list(e["symbols"]) for e in stops]
            values = {(p["row"], e["reel"]): (p["label"], p["value_x100"]) for e in stops for p in e["pumpkins"]}
            teases = [2] if "pumpkin" in columns[0] and "vault" in columns[1] else []

            def spin() -> None:
                self.vault_values, self.win_lines, self.caption = {}, [], ""
                self.anticipation = None
                self.pumpkins = dict(values)         # each plate shows once its reel's board is in view

            def sound(c: int) -> str:
                shown = [lab for (_, cc), (lab, _) in values.items() if cc == c]
                if any(lab in JACKPOTS for lab in shown):
                    return "gh_jackpot_land"
                return "gh_land" if shown or "vault" in columns[c] else "reel_stop"

            def end_tease(c: int) -> None:
                if self.anticipation == c:
                    self.anticipation = None

            tl.state["reel_steps"] = self.reels.spin_steps(
                columns, [e["stop"] for e in stops], spin=self.SPIN_TIME, stagger=self.STOP_TIME, teases=teases,
                tease_sound="gh_tease", sound=sound, on_start=spin,
                on_tease=lambda c: setattr(self, "anticipation", c),
                on_stop=end_tease)
        return tl.state["reel_steps"][ev["reel"]]

    def present_line_win(self, ev) -> list[Step]:
        tl = building(self.timeline)
        tl.add("lines", ev["pay_x100"])
        shown = tl.win(ev["pay_x100"])
        lines = tl.state["lines"]
        lines.append(ev)
        upto = len(lines)
        name = self.maths.names[ev["symbol"]]

        def show() -> None:
            self.win_lines = lines[:upto]
            self.caption = _("LINE {line}: {count} x {symbol}  {amount}").format(
                line=ev["line"] + 1,
                count=ev["count"],
                symbol=translate(name).upper(),
                amount=self.money(ev["pay_x100"]),
            )
            self._set_win(shown)
        return [Step(0.8, start=show, label=f"line {ev['line'] + 1} pays", sound="coin")]

    def present_collect(self, ev) -> list[Step]:
        vault = tuple(ev["vault"])
        after = ev["vault_value_x100"]
        before = after - ev["amount_x100"]
        base = ev["phase"] == "base"
        tl = building(self.timeline)
        shown = tl.win(ev["amount_x100"]) if base else tl.won_x100
        flights = [(tuple(p["cell"]), vault, self.value_text(p["label"], min(p["value_x100"], self.value_cap_now())))
                   for p in ev["pumpkins"]]
        cells = [tuple(p["cell"]) for p in ev["pumpkins"]]
        vaults = tl.state["vaults"]
        total_before = sum(vaults.values())
        vaults[vault] = after
        cap_left = self.timeline_cap()

        def start() -> None:
            self.banner = None
            self.flights = flights
            self._set_vault(vault, before)

        values = [p["value_x100"] for p in ev["pumpkins"]]

        def tick(p: float) -> None:
            self.flight_p = p
            # The vault counts up as each value arrives.
            arrived = sum(v for i, v in enumerate(values) if board.flight_progress(p, i, len(values)) >= 1.0)
            self._set_vault(vault, before + arrived)

        def end() -> None:
            self.flights = []
            self._set_vault(vault, after)
            if base:
                self._set_win(shown)
            else:
                self.collected.update(cells)
                self.grid.dim.update(cells)
                self._set_win(self.base_line_x100 + self.shown_total_x100)
            amount = max(0, min(ev["amount_x100"], cap_left - total_before))    # what it adds to the pay
            self.caption = _("VAULT COLLECTS {amount}").format(amount=self.money(amount))
        return [Step(1.0, start=start, tick=tick, end=end, label="vault collects", sound="gh_collect")]

    def timeline_cap(self) -> int:
        """While the steps are built: what the round's bonus (or base collects) may pay."""
        return self.maths.max_win_x100 - building(self.timeline).total("lines")

    def value_cap_now(self) -> int:
        return self.timeline_cap() if self.timeline is not None else self.maths.max_win_x100

    def _set_vault(self, cell: Cell, value_x100: int) -> None:
        self.vault_values[cell] = value_x100
        if cell in self.items:
            self.items[cell] = dict(self.items[cell], value_x100=value_x100)
        self.bonus_total_x100 = sum(v for c, v in self.vault_values.items() if c in self.items)

    # == what the screen may show (never more than is paid) ===========================
    @property
    def shown_total_x100(self) -> int:
        """TOTAL WINNINGS of the bonus: its vaults' sum, held to what it can pay."""
        return min(self.bonus_total_x100, self.value_cap_x100)

    @property
    def shown_spin_x100(self) -> int:
        """WINNINGS of the bonus spin on screen (what it added to the total)."""
        return max(0, self.shown_total_x100 - min(self.spin_start_x100, self.value_cap_x100))

    def present_jackpot(self, ev) -> list[Step]:
        name, value = ev["name"], ev["value_x100"]

        def start() -> None:
            self.jackpot_hit = name
            self.banner = (_("{name} JACKPOT").format(name=name.upper()), self.money(value), "jackpot_" + name)

        def end() -> None:
            self.banner = None
        moment = Moment("jackpot", _("{name} JACKPOT!").format(name=name.upper()),
                        _("{times} the bet").format(times=times(value / 100)),
                        building(self.timeline).cents(value), art.JACKPOT_COLORS[name][0])
        return [Step(1.2, start=start, end=end, label="jackpot", sound="gh_jackpot"),
                self.moments.step(moment, label=f"moment jackpot {name}")]

    def present_cap(self, ev) -> list[Step]:
        def show() -> None:
            self.capped = True
            self.banner = (_("MAX WIN"), _("{times} the bet - the round ends here").format(
                times=times(ev["cap_x100"] // 100)), "cap")
            self._set_win(ev["cap_x100"])
        return [Step(2.0, start=show, label="max win", sound="big_win")]

    def present_round_end(self, ev) -> list[Step]:
        def show() -> None:
            assert self.played is not None          # the round on screen
            self.shown_win = self.played.win_cents
        return [Step(0.0, start=show, label="round end")]

    def round_finished(self, played) -> None:
        """The round is over: its banner and the bonus board go; the reels show the base
        board the round landed on (a bought bonus: the idle board). The bonus's figures
        (total, counter, row) stay in the state until the next round starts."""
        self.flights, self.mult_fx = [], []
        self.banner, self.trigger_cells, self.anticipation = None, [], None
        self.great_skull, self.row_spinning, self.grid.spinning = None, False, False
        if self.in_bonus:
            self.in_bonus = False
            self.grid.clear()
            self.vault_values, self.win_lines = {}, []
            stops = [e for e in played.round.events if e["type"] == "reel_stop"]
            if stops:
                self.pumpkins = {(p["row"], e["reel"]): (p["label"], p["value_x100"]) for e in stops
                                 for p in e["pumpkins"]}
            else:
                self.reels.set_board([list(row) for row in self.rest.board], self.rest.stops)
                self.pumpkins = dict(self.rest_pumpkins)

    # == text ========================================================================
    def value_text(self, label: str | None, value_x100: int) -> str:
        return board.value_text(self, label, value_x100)

    def grid_key(self, item: dict) -> str:
        return "vault" if item["kind"] == "vault" else "pumpkin"

    def _buy_label(self, mode_id: str) -> str:
        return mode_label(self.spec, mode_id)

    # == frame =========================================================================
    def animate(self, dt: float) -> None:
        self.reels.update(dt)
        self.grid.update(dt)

    def draw_background(self, surface: pygame.Surface) -> None:
        board.draw_background(self, surface)

    def draw_board(self, surface: pygame.Surface) -> None:
        board.draw_board(self, surface)
