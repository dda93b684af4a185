"""Grinning Harvest's Hold-n-Win on screen: the present_<event> methods of the bonus
(the part of the scene that presents it; GrinningHarvestScene mixes this in).

Like the rest of the scene every step SETS state from its event: the trigger (a base
trigger keeps the reels with the carried-over Pumpkins and Vault framed; a bought bonus
opens on its own starting board, named once), each spin (the row above the reels, the
landed items, the Great Skull whose multiplied values show while its banner does, the
row multipliers), the counter of spins left and the total.
"""
from __future__ import annotations

from cabinet.ui.moments import Moment
from cabinet.ui.presentation import Step


class HoldAndWinSteps:
    """present_bonus_trigger / _bonus_spin / _counter / _bonus_end."""

    def present_bonus_trigger(self, ev) -> list[Step]:
        start_items = {tuple(c): {"kind": "vault", "value_x100": 0} for c in ev["vaults"]}
        start_items.update({tuple(p["cell"]): {"kind": "pumpkin", "label": p["label"],
                                               "value_x100": p["value_x100"]} for p in ev["pumpkins"]})
        line_now = self.timeline.total("lines")
        cap_left = self.maths.max_win_x100 - line_now
        from_base = ev["source"] == "base"
        self.timeline.state["vaults"] = {c: 0 for c, it in start_items.items() if it["kind"] == "vault"}
        vaults, pumpkins = len(ev["vaults"]), len(ev["pumpkins"])
        board_text = (f"{vaults} Vault{'s' if vaults != 1 else ''} and {pumpkins} Pumpkin{'s' if pumpkins != 1 else ''}"
                      " on the board")

        def start() -> None:
            self.value_cap_x100 = cap_left
            if from_base:
                self.trigger_cells = sorted(start_items)
                self.banner = ("HOLD-N-WIN", "Pumpkins and the Vault carry over", "bonus")
            else:                          # a bought bonus opens on its own starting board
                self.trigger_cells = []
                show_board()
                self.banner = (self._buy_label(ev["option"]).upper(), board_text, "bonus")

        def show_board() -> None:
            self.in_bonus = True
            self.win_lines, self.pumpkins, self.caption = [], {}, ""
            self.items = {c: dict(it) for c, it in start_items.items()}
            self.vault_values = {c: 0 for c, it in start_items.items() if it["kind"] == "vault"}
            self.collected = set()
            self.grid.clear()
            for c, it in start_items.items():
                self.grid.set_cell(c, self.grid_key(it))
            self.row_items = ["web", "web", "web"]
            self.lives = self.maths.lives
            self.bonus_total_x100 = self.spin_start_x100 = 0

        def end() -> None:
            self.trigger_cells = []
            self.banner = None
            show_board()
            self.base_line_x100 = line_now
            self._set_win(line_now)

        def tick(p: float) -> None:
            if not from_base:              # the name first, then the starting board uncovered
                self.banner = (self._buy_label(ev["option"]).upper(), board_text, "bonus") if p < 0.6 else None

        def trigger_shown() -> None:
            self.banner = None

        # The transition (moments.py): the carried-over Pumpkins and the Vault celebrate, the
        # curtains close on HOLD-N-WIN, the bonus board is set behind them, they open on it.
        cells = [self.reels.cell_rect(c[1], c[0]) for c in sorted(start_items)] if from_base else []
        cover, uncover = self.moments.transition("HOLD-N-WIN", board_text, cells, (255, 150, 40))
        if from_base:
            return [Step(2.0, start=start, tick=tick, end=trigger_shown, label="bonus trigger", sound="bonus"),
                    cover, Step(0.0, start=end, label="bonus board"), uncover]
        return [cover, Step(0.0, start=show_board, label="bonus board"), uncover,
                Step(2.0, start=start, tick=tick, end=end, label="bonus trigger", sound="bonus")]

    def present_bonus_spin(self, ev) -> list[Step]:
        landed = {tuple(it["cell"]): it for it in ev["landed"]}
        before = {tuple(m["cell"]): m["before_x100"] for m in ev["multipliers"] if m["target"] == "pumpkin"}
        row, great, mults = list(ev["row"]), ev["great_skull"], list(ev["multipliers"])
        vaults = self.timeline.state["vaults"]
        start_total = sum(vaults.values())            # the bonus total when this spin begins
        for m in mults:
            if m["target"] == "vault":
                vaults[tuple(m["cell"])] = m["after_x100"]

        def spin() -> None:
            self.spin_no = ev["spin"]
            self.spin_start_x100 = start_total
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
        def multiply(after: bool) -> None:
            """Every multiplied Pumpkin and Vault shows its value before / after (absolute)."""
            for m in mults:
                c, v = tuple(m["cell"]), m["after_x100"] if after else m["before_x100"]
                if m["target"] == "vault":
                    self._set_vault(c, v)
                elif c in self.items:
                    self.items[c] = dict(self.items[c], value_x100=v)
            self._set_win(self.base_line_x100 + self.shown_total_x100)

        if great is not None:
            # The banner says what the Great Skull multiplies (every Vault and every Pumpkin landed
            # this spin; those collected before are inside the Vaults): the plates show it meanwhile.
            def wake(p: float) -> None:
                self.great_skull, self.skull_p = great, p
                self.banner = ("GREAT SKULL", f"x{great} on every Vault and new Pumpkin", "skull")
                shown = p >= 0.35
                multiply(shown)
                self.mult_fx, self.mult_p = (mults, 1.0) if shown else ([], 0.0)

            def slept() -> None:
                self.banner = None
                self.mult_fx = []
                multiply(True)
            steps.append(self.moments.step(Moment("great_skull", "THE GREAT SKULL!",
                                                  f"x{great} on every Vault and new Pumpkin", color=(150, 240, 110)),
                                           label="moment great skull"))
            steps.append(Step(1.8, tick=wake, end=slept, label="great skull", sound="gh_skull"))
        elif mults:
            def grow(p: float) -> None:
                self.mult_fx, self.mult_p = mults, p
                multiply(p >= 0.55)              # the totals change when the plates show the new values

            def apply() -> None:
                multiply(True)
                self.mult_fx = []
            steps.append(Step(1.0, tick=grow, end=apply, label="row multiplier", sound="gh_multiplier"))
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
            self.value_cap_x100 = min(self.value_cap_x100, total) if capped else self.value_cap_x100
            self.grid.spinning = self.row_spinning = False
            self.banner = ("BONUS WIN", self.money(total) + ("  (MAX WIN)" if capped else ""), "total")
            self._set_win(line_now + total)
        return [Step(2.2, start=show, label="bonus total", sound="win")]
