"""Grinning Harvest's Hold-n-Win on screen: the present_<event> methods of the bonus
(the part of the scene that presents it; GrinningHarvestScene mixes this in).

Like the rest of the scene every step SETS state from its event: the trigger (a base
trigger keeps the reels with the carried-over Pumpkins and Vault framed; a bought bonus
opens on its own starting board, named once), each spin (the row above the reels, the
landed items, the Great Skull whose multiplied values show while its banner does, the
row multipliers), the counter of spins left and the total.
"""
from __future__ import annotations

from typing import Any, Protocol

from cabinet.ui.hold_view import HoldGrid
from cabinet.ui.moments import Moment, Moments
from cabinet.ui.presentation import Step
from cabinet.ui.reels import ReelSet
from cabinet.ui.timeline import Timeline, building

from ..math.tables import Maths

Cell = tuple[int, int]


class HoldAndWinHost(Protocol):
    """What the bonus's steps read and set of the scene that presents them
    (GrinningHarvestScene: its `reset_picture` says what each is)."""

    timeline: Timeline | None
    maths: Maths
    reels: ReelSet
    grid: HoldGrid
    moments: Moments
    in_bonus: bool
    pumpkins: dict[Cell, tuple[str, int]]
    vault_values: dict[Cell, int]
    items: dict[Cell, dict[str, Any]]
    collected: set[Cell]
    win_lines: list[dict]
    trigger_cells: list[Cell]
    row_items: list[str] | None
    row_spinning: bool
    great_skull: int | None
    skull_p: float
    mult_fx: list[dict]
    mult_p: float
    lives: int
    lives_reset: bool
    spin_no: int
    banner: tuple[str, str, str] | None
    capped: bool
    bonus_total_x100: int
    spin_start_x100: int
    base_line_x100: int
    value_cap_x100: int
    caption: str

    @property
    def shown_total_x100(self) -> int: ...
    def money(self, x100: int) -> str: ...
    def grid_key(self, item: dict) -> str: ...
    def _set_win(self, x100: int) -> None: ...
    def _set_vault(self, cell: Cell, value_x100: int) -> None: ...
    def _buy_label(self, mode_id: str) -> str: ...


class HoldAndWinSteps:
    """present_bonus_trigger / _bonus_spin / _counter / _bonus_end, on a HoldAndWinHost."""

    def present_bonus_trigger(self: HoldAndWinHost, ev: dict[str, Any]) -> list[Step]:
        host = self        # read and set through a local name: mypy checks them against HoldAndWinHost
        start_items = {tuple(c): {"kind": "vault", "value_x100": 0} for c in ev["vaults"]}
        start_items.update({tuple(p["cell"]): {"kind": "pumpkin", "label": p["label"],
                                               "value_x100": p["value_x100"]} for p in ev["pumpkins"]})
        tl = building(host.timeline)
        line_now = tl.total("lines")
        cap_left = host.maths.max_win_x100 - line_now
        from_base = ev["source"] == "base"
        tl.state["vaults"] = {c: 0 for c, it in start_items.items() if it["kind"] == "vault"}
        vaults, pumpkins = len(ev["vaults"]), len(ev["pumpkins"])
        board_text = (f"{vaults} Vault{'s' if vaults != 1 else ''} and {pumpkins} Pumpkin{'s' if pumpkins != 1 else ''}"
                      " on the board")

        def start() -> None:
            host.value_cap_x100 = cap_left
            if from_base:
                host.trigger_cells = sorted(start_items)
                host.banner = ("HOLD-N-WIN", "Pumpkins and the Vault carry over", "bonus")
            else:                          # a bought bonus opens on its own starting board
                host.trigger_cells = []
                show_board()
                host.banner = (host._buy_label(ev["option"]).upper(), board_text, "bonus")

        def show_board() -> None:
            host.in_bonus = True
            host.win_lines, host.pumpkins, host.caption = [], {}, ""
            host.items = {c: dict(it) for c, it in start_items.items()}
            host.vault_values = {c: 0 for c, it in start_items.items() if it["kind"] == "vault"}
            host.collected = set()
            host.grid.clear()
            for c, it in start_items.items():
                host.grid.set_cell(c, host.grid_key(it))
            host.row_items = ["web", "web", "web"]
            host.lives = host.maths.lives
            host.bonus_total_x100 = host.spin_start_x100 = 0

        def end() -> None:
            host.trigger_cells = []
            host.banner = None
            show_board()
            host.base_line_x100 = line_now
            host._set_win(line_now)

        def tick(p: float) -> None:
            if not from_base:              # the name first, then the starting board uncovered
                host.banner = (host._buy_label(ev["option"]).upper(), board_text, "bonus") if p < 0.6 else None

        def trigger_shown() -> None:
            host.banner = None

        # The transition (moments.py): the carried-over Pumpkins and the Vault celebrate, the
        # curtains close on HOLD-N-WIN, the bonus board is set behind them, they open on it.
        cells = [host.reels.cell_rect(c[1], c[0]) for c in sorted(start_items)] if from_base else []
        cover, uncover = host.moments.transition("HOLD-N-WIN", board_text, cells, (255, 150, 40))
        if from_base:
            return [Step(2.0, start=start, tick=tick, end=trigger_shown, label="bonus trigger", sound="bonus"),
                    cover, Step(0.0, start=end, label="bonus board"), uncover]
        return [cover, Step(0.0, start=show_board, label="bonus board"), uncover,
                Step(2.0, start=start, tick=tick, end=end, label="bonus trigger", sound="bonus")]

    def present_bonus_spin(self: HoldAndWinHost, ev: dict[str, Any]) -> list[Step]:
        host = self        # read and set through a local name: mypy checks them against HoldAndWinHost
        landed = {tuple(it["cell"]): it for it in ev["landed"]}
        before = {tuple(m["cell"]): m["before_x100"] for m in ev["multipliers"] if m["target"] == "pumpkin"}
        row, great, mults = list(ev["row"]), ev["great_skull"], list(ev["multipliers"])
        vaults = building(host.timeline).state["vaults"]
        start_total = sum(vaults.values())            # the bonus total when this spin begins
        for m in mults:
            if m["target"] == "vault":
                vaults[tuple(m["cell"])] = m["after_x100"]

        def spin() -> None:
            host.spin_no = ev["spin"]
            host.spin_start_x100 = start_total
            host.grid.spinning, host.row_spinning = True, True
            host.great_skull, host.skull_p, host.mult_fx, host.mult_p = None, 0.0, [], 0.0
            host.banner, host.lives_reset, host.caption = None, False, ""
            for c in landed:
                host.grid.clear_cell(c)
                host.items.pop(c, None)

        def land(p: float) -> None:
            host.grid.spinning, host.row_spinning = False, False
            host.row_items = row
            for c, it in landed.items():
                item = {"kind": it["kind"], "label": it.get("label"),
                        "value_x100": before.get(c, it["value_x100"]) if it["kind"] == "pumpkin" else 0}
                if it["kind"] == "vault":
                    host.vault_values[c] = 0
                host.items[c] = item
                host.grid.set_cell(c, host.grid_key(item), pop=min(1.0, p * 1.4))
        steps = [Step(0.5, start=spin, label=f"bonus spin {ev['spin']}", sound="spin"),
                 Step(0.45, tick=land, label="bonus land",
                      sound="gh_land" if landed else "reel_stop")]
        def multiply(after: bool) -> None:
            """Every multiplied Pumpkin and Vault shows its value before / after (absolute)."""
            for m in mults:
                c, v = tuple(m["cell"]), m["after_x100"] if after else m["before_x100"]
                if m["target"] == "vault":
                    host._set_vault(c, v)
                elif c in host.items:
                    host.items[c] = dict(host.items[c], value_x100=v)
            host._set_win(host.base_line_x100 + host.shown_total_x100)

        if great is not None:
            # The banner says what the Great Skull multiplies (every Vault and every Pumpkin landed
            # this spin; those collected before are inside the Vaults): the plates show it meanwhile.
            def wake(p: float) -> None:
                host.great_skull, host.skull_p = great, p
                host.banner = ("GREAT SKULL", f"x{great} on every Vault and new Pumpkin", "skull")
                shown = p >= 0.35
                multiply(shown)
                host.mult_fx, host.mult_p = (mults, 1.0) if shown else ([], 0.0)

            def slept() -> None:
                host.banner = None
                host.mult_fx = []
                multiply(True)
            steps.append(host.moments.step(Moment("great_skull", "THE GREAT SKULL!",
                                                  f"x{great} on every Vault and new Pumpkin", color=(150, 240, 110)),
                                           label="moment great skull"))
            steps.append(Step(1.8, tick=wake, end=slept, label="great skull", sound="gh_skull"))
        elif mults:
            def grow(p: float) -> None:
                host.mult_fx, host.mult_p = mults, p
                multiply(p >= 0.55)              # the totals change when the plates show the new values

            def apply() -> None:
                multiply(True)
                host.mult_fx = []
            steps.append(Step(1.0, tick=grow, end=apply, label="row multiplier", sound="gh_multiplier"))
        return steps

    def present_counter(self: HoldAndWinHost, ev: dict[str, Any]) -> list[Step]:
        host = self        # read and set through a local name: mypy checks them against HoldAndWinHost
        def show() -> None:
            host.lives, host.lives_reset = ev["lives"], ev["reset"]
        return [Step(0.3, start=show, label="counter", sound="gh_reset" if ev["reset"] else None)]

    def present_bonus_end(self: HoldAndWinHost, ev: dict[str, Any]) -> list[Step]:
        host = self        # read and set through a local name: mypy checks them against HoldAndWinHost
        total, capped = ev["total_x100"], ev["capped"]
        line_now = building(host.timeline).total("lines")

        def show() -> None:
            host.capped = capped
            host.bonus_total_x100 = total        # what the bonus pays (the cap, if reached)
            host.value_cap_x100 = min(host.value_cap_x100, total) if capped else host.value_cap_x100
            host.grid.spinning = host.row_spinning = False
            host.banner = ("BONUS WIN", host.money(total) + ("  (MAX WIN)" if capped else ""), "total")
            host._set_win(line_now + total)
        return [Step(2.2, start=show, label="bonus total", sound="win")]
