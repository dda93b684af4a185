"""Grinning Harvest on screen: it plays a Round's events (see math/events.py for the closed
set) as timed steps, and keeps the picture as plain state that `board.py` draws.

Every step hook SETS state from its event (absolute values, never increments), so
skipping (SPACE) and crash-resume, which run steps instantly, end on the same picture.
Base game: 3x3 reels stop reel by reel, pumpkins show their values (format_short,
rounded down) or jackpot coins, paylines light, each vault collects on its own (values
fly from the pumpkins into it). Bonus: the board holds pumpkins and vaults (HoldGrid),
the row above the reels shows webs, multipliers and skulls, three skulls wake the
Great Skull, the counter of 3 resets on each landing, the total (and the cap) closes it.
"""
from __future__ import annotations

from typing import Any

import pygame

from cabinet.ui.game_scene import GameScene
from cabinet.ui.hold_view import HoldGrid
from cabinet.ui.presentation import Step, wait
from cabinet.ui.reels import ReelSet

from . import art, board, pictures, shots, sounds
from ..math.tables import JACKPOTS, load
from .layout import REELS_RECT, ROW_H, ROW_Y

Cell = tuple[int, int]


class GrinningHarvestScene(GameScene):
    """3x3 reels, 5 lines, pumpkins and vaults, four jackpots, the Hold-n-Win bonus."""

    REELS_RECT, ROW_Y, ROW_H = REELS_RECT, ROW_Y, ROW_H
    SPIN_TIME, STOP_TIME = 0.45, 0.28

    SHOTS = shots.SHOTS

    # == set-up ====================================================================
    def build(self) -> None:
        self.maths = load()
        self._faces: dict[int, dict[str, pygame.Surface]] = {}
        strip = [self.maths.symbols[int(i)] for i in self.maths.strips[1]]
        self.reels = ReelSet(self.app, self.REELS_RECT, 3, 3, self.faces, strip, gap=12, name="gh_reels",
                             board=[["witch", "vault", "pumpkin"], ["cat", "wild", "cat"],
                                    ["pumpkin", "bat", "ghost"]])
        self.grid = HoldGrid(self.app, self.REELS_RECT, 3, 3, gap=12, name="gh_hold",
                             cell_colors=((46, 24, 70), (16, 8, 30)), rim=(150, 80, 60))
        sounds.register(self.app.audio)
        self.reset_picture()
        self.pumpkins = {(2, 0): ("6x", 600), (0, 2): ("mini", 2500)}   # the idle board's values

    def relayout(self) -> None:
        self._faces = {}

    def faces(self, size: int) -> dict[str, pygame.Surface]:
        """Symbol faces at a real size, built once (the ReelSet and HoldGrid use them)."""
        if size not in self._faces:
            self._faces[size] = {k: art.symbol_face(k, size).convert_alpha() for k in art.PAINTERS}
        return self._faces[size]

    def reset_picture(self) -> None:
        """The state board.py draws, as at the start of a round."""
        self.in_bonus = False
        self.pumpkins: dict[Cell, tuple[str, int]] = {}     # base board: label, value_x100
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
        self.base_line_x100 = 0
        self.caption = ""
        self.grid.clear()
        self.grid.spinning = False

    def pay_icon(self, symbol: str, size_px: int) -> pygame.Surface | None:
        """The symbol's face for its paytable row."""
        if symbol not in art.PAINTERS:
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
        tl.state.update(lines=[], columns={})     # the line wins and reel columns shown so far
        return []

    def timeline_end(self, tl) -> list[Step]:
        return [wait(0.25, "round shown")]

    def _set_win(self, x100: int) -> None:
        self.shown_win = self.cents(x100)

    # -- base game ----------------------------------------------------------------
    def present_reel_stop(self, ev) -> list[Step]:
        c = ev["reel"]
        column = list(ev["symbols"])
        values = {(p["row"], c): (p["label"], p["value_x100"]) for p in ev["pumpkins"]}
        columns = self.timeline.state["columns"]
        columns[c] = column
        steps = []
        if c == 0:
            def spin() -> None:
                self.pumpkins, self.vault_values, self.win_lines, self.caption = {}, {}, [], ""
                self.anticipation = None
                self.reels.spin()
            steps.append(Step(self.SPIN_TIME, start=spin, label="reels spin", sound="spin"))
        if c == 2 and "pumpkin" in columns.get(0, ()) and "vault" in columns.get(1, ()):
            # A pumpkin on reel 1 and a vault on reel 2: reel 3 may trigger the bonus, so it spins on.
            steps.append(Step(0.9, start=lambda: setattr(self, "anticipation", 2), label="anticipation",
                              sound="gh_tease"))

        def land(p: float) -> None:
            self.reels.land(c, column, min(p * 1.3, 1.0))
            for r in range(3):
                self.pumpkins.pop((r, c), None)
            self.pumpkins.update(values)
        jackpot = any(lab in JACKPOTS for lab, _ in values.values())
        steps.append(Step(self.STOP_TIME, tick=land, end=lambda: setattr(self, "anticipation", None),
                          label=f"reel {c + 1} stops",
                          sound="gh_jackpot_land" if jackpot else ("gh_land" if values or "vault" in column
                                                                    else "reel_stop")))
        return steps

    def present_line_win(self, ev) -> list[Step]:
        tl = self.timeline
        tl.add("lines", ev["pay_x100"])
        shown = tl.win(ev["pay_x100"])
        lines = tl.state["lines"]
        lines.append(ev)
        upto = len(lines)
        name = self.maths.names[ev["symbol"]]

        def show() -> None:
            self.win_lines = lines[:upto]
            self.caption = f"LINE {ev['line'] + 1}: {ev['count']} x {name.upper()}  {self.money(ev['pay_x100'])}"
            self._set_win(shown)
        return [Step(0.8, start=show, label=f"line {ev['line'] + 1} pays", sound="coin")]

    def present_collect(self, ev) -> list[Step]:
        vault = tuple(ev["vault"])
        after = ev["vault_value_x100"]
        before = after - ev["amount_x100"]
        base = ev["phase"] == "base"
        shown = self.timeline.win(ev["amount_x100"]) if base else self.timeline.won_x100
        flights = [(tuple(p["cell"]), vault, self.value_text(p["label"], p["value_x100"])) for p in ev["pumpkins"]]
        cells = [tuple(p["cell"]) for p in ev["pumpkins"]]

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
                self._set_win(self.base_line_x100 + self.bonus_total_x100)
            self.caption = f"VAULT COLLECTS {self.money(ev['amount_x100'])}"
        return [Step(1.0, start=start, tick=tick, end=end, label="vault collects", sound="gh_collect")]

    def _set_vault(self, cell: Cell, value_x100: int) -> None:
        self.vault_values[cell] = value_x100
        if cell in self.items:
            self.items[cell] = dict(self.items[cell], value_x100=value_x100)
        self.bonus_total_x100 = sum(v for c, v in self.vault_values.items() if c in self.items)

    def present_jackpot(self, ev) -> list[Step]:
        name, value = ev["name"], ev["value_x100"]

        def start() -> None:
            self.jackpot_hit = name
            self.banner = (f"{name.upper()} JACKPOT", self.money(value), "jackpot_" + name)

        def end() -> None:
            self.banner = None
        return [Step(1.8, start=start, end=end, label="jackpot", sound="gh_jackpot")]

    # -- the bonus ----------------------------------------------------------------
    def present_bonus_trigger(self, ev) -> list[Step]:
        start_items = {tuple(c): {"kind": "vault", "value_x100": 0} for c in ev["vaults"]}
        start_items.update({tuple(p["cell"]): {"kind": "pumpkin", "label": p["label"],
                                               "value_x100": p["value_x100"]} for p in ev["pumpkins"]})
        line_now = self.timeline.total("lines")
        from_base = ev["source"] == "base"

        def start() -> None:
            self.trigger_cells = sorted(start_items) if from_base else []
            self.banner = ("HOLD-N-WIN", "Pumpkins and the Vault carry over" if from_base
                           else self._buy_label(ev["option"]), "bonus")

        def end() -> None:
            self.in_bonus = True
            self.trigger_cells = []
            self.banner = None
            self.win_lines, self.pumpkins, self.caption = [], {}, ""
            self.items = {c: dict(it) for c, it in start_items.items()}
            self.vault_values = {c: 0 for c, it in start_items.items() if it["kind"] == "vault"}
            self.collected = set()
            self.grid.clear()
            for c, it in start_items.items():
                self.grid.set_cell(c, self.grid_key(it))
            self.row_items = ["web", "web", "web"]
            self.lives = self.maths.lives
            self.bonus_total_x100 = 0
            self.base_line_x100 = line_now
            self._set_win(line_now)
        return [Step(2.0 if from_base else 1.2, start=start, end=end, label="bonus trigger", sound="bonus")]

    def present_bonus_spin(self, ev) -> list[Step]:
        landed = {tuple(it["cell"]): it for it in ev["landed"]}
        before = {tuple(m["cell"]): m["before_x100"] for m in ev["multipliers"] if m["target"] == "pumpkin"}
        row, great, mults = list(ev["row"]), ev["great_skull"], list(ev["multipliers"])

        def spin() -> None:
            self.spin_no = ev["spin"]
            self.grid.spinning, self.row_spinning = True, True
            self.great_skull, self.skull_p, self.mult_fx, self.mult_p = None, 0.0, [], 0.0
            self.banner, self.lives_reset, self.caption = None, False, ""
            for c in landed:
                self.grid.clear_cell(c)
                self.items.pop(c, None)

        def land(p: float) -> None:
            self.grid.spinning, self.row_spinning = False, False
            self.row_items = row
            for c, it in landed.items():
                item = {"kind": it["kind"], "label": it.get("label"),
                        "value_x100": before.get(c, it["value_x100"]) if it["kind"] == "pumpkin" else 0}
                if it["kind"] == "vault":
                    self.vault_values[c] = 0
                self.items[c] = item
                self.grid.set_cell(c, self.grid_key(item), pop=min(1.0, p * 1.4))
        steps = [Step(0.5, start=spin, label=f"bonus spin {ev['spin']}", sound="spin"),
                 Step(0.45, tick=land, label="bonus land",
                      sound="gh_land" if landed else "reel_stop")]
        if great is not None:
            def wake(p: float) -> None:
                self.great_skull, self.skull_p = great, p
                self.banner = ("GREAT SKULL", f"x{great} on every Pumpkin and Vault", "skull")

            def slept() -> None:
                self.banner = None
            steps.append(Step(1.8, tick=wake, end=slept, label="great skull", sound="gh_skull"))
        if mults:
            def grow(p: float) -> None:
                self.mult_fx, self.mult_p = mults, p

            def apply() -> None:
                for m in mults:
                    c = tuple(m["cell"])
                    if m["target"] == "vault":
                        self._set_vault(c, m["after_x100"])
                    elif c in self.items:
                        self.items[c] = dict(self.items[c], value_x100=m["after_x100"])
                self.mult_fx = []
                self._set_win(self.base_line_x100 + self.bonus_total_x100)
            kind = "row" if great is None else "skull"
            steps.append(Step(1.0, tick=grow, end=apply, label=f"{kind} multiplier", sound="gh_multiplier"))
        return steps

    def present_counter(self, ev) -> list[Step]:
        def show() -> None:
            self.lives, self.lives_reset = ev["lives"], ev["reset"]
        return [Step(0.3, start=show, label="counter", sound="gh_reset" if ev["reset"] else None)]

    def present_bonus_end(self, ev) -> list[Step]:
        total, capped = ev["total_x100"], ev["capped"]
        line_now = self.timeline.total("lines")

        def show() -> None:
            self.capped = capped
            self.bonus_total_x100 = total        # what the bonus pays (the cap, if reached)
            self.grid.spinning = self.row_spinning = False
            self.banner = ("BONUS WIN", self.money(total) + ("  (MAX WIN)" if capped else ""), "total")
            self._set_win(line_now + total)
        return [Step(2.2, start=show, label="bonus total", sound="win")]

    def present_cap(self, ev) -> list[Step]:
        def show() -> None:
            self.capped = True
            self.banner = ("MAX WIN", f"{ev['cap_x100'] // 100:,}x the bet - the round ends here", "cap")
            self._set_win(ev["cap_x100"])
        return [Step(2.0, start=show, label="max win", sound="big_win")]

    def present_round_end(self, ev) -> list[Step]:
        def show() -> None:
            self.shown_win = self.played.win_cents
        return [Step(0.0, start=show, label="round end")]

    def round_finished(self, played) -> None:
        self.flights, self.mult_fx = [], []

    # == text ========================================================================
    def value_text(self, label: str | None, value_x100: int) -> str:
        return board.value_text(self, label, value_x100)

    def grid_key(self, item: dict) -> str:
        return "vault" if item["kind"] == "vault" else "pumpkin"

    def _buy_label(self, mode_id: str) -> str:
        return next((m.label for m in self.buy_modes if m.id == mode_id), mode_id)

    # == frame =========================================================================
    def animate(self, dt: float) -> None:
        self.reels.update(dt)
        self.grid.update(dt)

    def draw_background(self, surface: pygame.Surface) -> None:
        board.draw_background(self, surface)

    def draw_board(self, surface: pygame.Surface) -> None:
        board.draw_board(self, surface)

    # == shots (demo gallery only) ========================================================
    def shot_line_win(self) -> None:
        shots.seek_round(self, lambda r: any(e["type"] == "line_win" for e in r.events), "line")

    def shot_collect(self) -> None:
        shots.seek_round(self, lambda r: "collect" in r.features and "bonus" not in r.features, "vault collects")

    def shot_multiplier(self) -> None:
        def row_multiplied(r) -> bool:
            return any(e["type"] == "bonus_spin" and e["multipliers"] and not e["great_skull"] for e in r.events)
        shots.seek_round(self, row_multiplied, "row multiplier", mode="buy_skull_row", within=0.7)
