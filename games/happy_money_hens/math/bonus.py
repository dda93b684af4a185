"""The mini-reel bonus, one bonus at a time (the rules books regenerate from).

Board: 7 rows of 5 mini reels, row 0 at the bottom. Rows 0-2 start active; rows 3-6
start inactive with counts 10, 14, 18, 22 (math.yaml). Each bonus spin, in order:

1. every mini reel without a stuck coin may land a coin (HoldAndWin; one chance on
   active rows, a lower one on inactive rows);
2. lives: back to 3 if a coin landed on a row that was active when it landed, else -1;
3. pot-fill coins that landed on active rows add their letters (cell order: bottom
   row first, left to right); a completed name pays its pot to the completing coin
   and empties, otherwise the coin turns into the cash coin it carries;
4. every coin that landed on an active row takes 1 (a double coin 2) off the count of
   each inactive row; rows reaching 0 activate, bottom first, and their pot-fill
   coins (stuck there earlier or just landed) are processed as in 3;
5. HAPPY BOOST: with its chance, 1-3 distinct coins on active rows gain a boost value;
6. the bonus ends at 0 lives (a full board of 35 coins plays on until then: no
   coin can land, so the lives run out), and pays the sum of the coins on active rows.

A double coin is two coins of one value: it pays twice its cash value, takes 2 off
the counts and, as a pot-fill coin, adds two letters (a completed name takes the
first, the second starts the name again); a completing coin holds the pot's value.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from cabinet.core.rng import Rng
from cabinet.core.round import event
from cabinet.mechanics.hold_and_win import HoldAndWin

from .tables import DOUBLE_COINS, HAPPY_BOOST, POT_FILL, POT_NAMES, HensMath, combo_code, combo_features


_CUMS: dict = {}


def _cum(m: HensMath, name: str) -> list[int]:
    """Cumulative weights of a math table, computed once (weighted_cum draws)."""
    key = (id(m), name)
    if key not in _CUMS:
        _CUMS[key] = np.cumsum(getattr(m, name)).tolist()
    return _CUMS[key]


def draw_coin(rng: Rng, m: HensMath, combo: int) -> dict[str, Any]:
    """One coin for the combination: double (DC), pot fill (PF) or cash, with the cash
    value it shows (pot-fill coins carry theirs hidden until processed)."""
    double = bool(combo & DOUBLE_COINS) and rng.chance(*m.double)
    pot = None
    if combo & POT_FILL and rng.chance(*m.pot_fill):
        pot = POT_NAMES[rng.weighted_cum(_cum(m, "pot_weights"))]
    cash = int(m.cash_values[rng.weighted_cum(_cum(m, "cash_weights"))])
    return {"kind": "pot_fill" if pot else "cash", "double": double, "cash_x100": cash,
            "value_x100": 0 if pot else cash * (2 if double else 1), "pot": pot}


def coin_view(cell: tuple[int, int], coin: dict[str, Any]) -> dict[str, Any]:
    """A coin as events show it: where, what kind, double or not, value or pot."""
    view = {"row": cell[0], "reel": cell[1], "kind": coin["kind"], "double": coin["double"]}
    if coin["kind"] == "pot_fill":
        view["pot"] = coin["pot"]
    else:
        view["value_x100"] = coin["value_x100"]
    return view


class HensBonus:
    """One bonus in progress; `run()` plays it to the end and returns the total."""

    def __init__(self, rng: Rng, m: HensMath, combo: int, events: list | None = None,
                 contents: dict[int, dict[str, Any]] | None = None,
                 boosts: dict[int, list[tuple[int, int]]] | None = None):
        if not 1 <= combo <= 7:
            raise ValueError(f"combination must be 1..7, got {combo}")
        self.rng, self.m, self.combo = rng, m, combo
        # `contents`: {k: {"pot": name or None, "cash_x100": value}} puts what the k-th
        # coin holds in place of what it drew (the draws are still made, so the skeleton
        # does not change): a rare forced bonus's contents drawn last (tails.py)
        self.contents = contents or {}
        # `boosts`: {spin: [(pick, value_x100), ...]} puts HAPPY BOOST's boosts of every
        # spin in place of those it drew (none on a spin it does not list; pick: the
        # index into the coins on active rows not boosted yet that spin), the draws
        # still made alike (boost_tail.py)
        self.boosts = boosts
        self.pool_sizes: list[int] = []            # coins on active rows at each spin's HAPPY BOOST
        self.drawn: list[dict[str, Any]] = []      # every coin, in draw order
        self.events = events if events is not None else []
        # The sheet: the bonus ends when the lives reach zero, full board or not
        # (a full board still plays out its lives: Happy Boost can strike on them).
        self.board = HoldAndWin(rows=m.rows, reels=m.reels, lives=m.lives, end_when_full=False)
        self.active = [r < m.active_rows for r in range(m.rows)]
        self.counts = {m.active_rows + i: c for i, c in enumerate(m.row_counts)}
        self.names = [0] * len(POT_NAMES)          # letters currently in each pot name
        self.awards: list[str] = []
        self.spins = 0

    # ---- pieces -----------------------------------------------------------------
    def _pick(self, rng: Rng, row: int, reel: int) -> dict[str, Any]:
        return self._coin(rng)

    def _coin(self, rng: Rng) -> dict[str, Any]:
        coin = draw_coin(rng, self.m, self.combo)
        k = len(self.drawn)
        self.drawn.append(coin)
        held = self.contents.get(k)
        if held is not None:
            if "pot" in held:
                coin["pot"] = held["pot"]
                coin["kind"] = "pot_fill" if held["pot"] else "cash"
            coin["cash_x100"] = int(held.get("cash_x100", coin["cash_x100"]))
            coin["value_x100"] = 0 if coin["pot"] else coin["cash_x100"] * (2 if coin["double"] else 1)
        return coin

    def counted(self) -> list[tuple[int, int]]:
        """(draw index, 2 if double else 1) of every coin on an active row (each was
        processed), in draw order."""
        index = {id(c): k for k, c in enumerate(self.drawn)}
        return sorted((index[id(coin)], 2 if coin["double"] else 1) for (r, _), coin in self.board.held()
                      if self.active[r])

    def paying_cash(self) -> list[tuple[int, int]]:
        """(draw index, multiplier) of every coin on an active row paying its cash
        value (times 2 when double), in draw order: what tails.cash_tail redraws."""
        index = {id(c): k for k, c in enumerate(self.drawn)}
        out = [(index[id(coin)], 2 if coin["double"] else 1) for (r, _), coin in self.board.held()
               if self.active[r] and coin["kind"] == "cash" and "pot_award" not in coin]
        return sorted(out)

    def process_pot_fill(self, cell: tuple[int, int]) -> None:
        """Add a pot-fill coin's letters; pay the pot or turn the coin into cash."""
        coin = self.board.cells[cell[0]][cell[1]]
        p = POT_NAMES.index(coin["pot"])
        letters = self.m.pot_letters[p]
        add = 2 if coin["double"] else 1
        before = self.names[p]
        after = before + add
        completed = after >= len(letters)
        if completed:
            after -= len(letters)
        self.names[p] = after
        shown = [letters[(before + i) % len(letters)] for i in range(add)]
        self.events.append(event("letters", row=cell[0], reel=cell[1], pot=coin["pot"], letters=shown,
                                 before=before, after=after, completed=completed))
        coin["kind"] = "cash"
        if completed:
            coin["value_x100"] = int(self.m.pot_values[p])
            coin["pot_award"] = coin["pot"]
            self.awards.append(coin["pot"])
            self.events.append(event("pot_award", row=cell[0], reel=cell[1], pot=coin["pot"],
                                     value_x100=coin["value_x100"]))
        else:
            coin["value_x100"] = coin["cash_x100"] * add
            self.events.append(event("coin_convert", row=cell[0], reel=cell[1], double=coin["double"],
                                     value_x100=coin["value_x100"]))

    def _activate_rows(self) -> None:
        for row in sorted(self.counts):
            if not self.active[row] and self.counts[row] <= 0:
                self.active[row] = True
                self.events.append(event("row_activate", row=row))
                for reel in range(self.m.reels):
                    coin = self.board.cells[row][reel]
                    if coin is not None and coin["kind"] == "pot_fill":
                        self.process_pot_fill((row, reel))

    def _boost(self) -> None:
        rng, m = self.rng, self.m
        cells, active = self.board.cells, self.active          # the coins on active rows, row by row
        pool = [rc for rc in self.board.every_cell if active[rc[0]] and cells[rc[0]][rc[1]] is not None]
        self.pool_sizes.append(len(pool))
        drawn = []                                 # (pick, value) of each boost drawn
        if rng.chance(*m.boost):
            k = min(int(m.boost_counts[rng.weighted_cum(_cum(m, "boost_count_weights"))]), len(pool))
            for i in range(k):
                pick = rng.below(len(pool) - i)
                drawn.append((pick, int(m.boost_values[rng.weighted_cum(_cum(m, "boost_weights"))])))
        if self.boosts is not None:
            drawn = self.boosts.get(self.spins, [])
        boosts = []
        for pick, add in drawn:
            r, c = pool.pop(pick)
            coin = self.board.cells[r][c]
            coin["value_x100"] += add
            boosts.append({"row": r, "reel": c, "add_x100": add, "value_x100": coin["value_x100"]})
        if boosts:
            self.events.append(event("boost", boosts=boosts))

    # ---- the bonus ----------------------------------------------------------------
    def start(self) -> None:
        """Stick the starting coins on the active rows and process their pot fills."""
        rng, m = self.rng, self.m
        n = int(m.start_counts[rng.weighted_cum(_cum(m, "start_weights"))])
        pool = [(r, c) for r in range(m.active_rows) for c in range(m.reels)]
        cells = sorted(pool.pop(rng.below(len(pool))) for _ in range(n))
        for cell in cells:
            self.board.place(cell[0], cell[1], self._coin(rng))
        self.events.append(event(
            "bonus_start", combination=combo_features(self.combo), code=combo_code(self.combo),
            rows=m.rows, reels=m.reels, active_rows=[r for r in range(m.rows) if self.active[r]],
            row_counts={str(r): c for r, c in self.counts.items()}, lives=self.board.lives,
            stuck=[coin_view(cell, self.board.cells[cell[0]][cell[1]]) for cell in cells]))
        for cell in cells:
            if self.board.cells[cell[0]][cell[1]]["kind"] == "pot_fill":
                self.process_pot_fill(cell)

    def spin(self) -> None:
        """One bonus spin, steps 1-5 of the module docstring."""
        m = self.m
        self.spins += 1
        chance = [[m.land_active if a else m.land_inactive] * m.reels for a in self.active]
        landed = self.board.draw_landings_at_once(self.rng, chance, m.land_den, self._pick)
        was_active = list(self.active)
        reset = self.board.settle(landed, resets=lambda cell, coin: was_active[cell[0]])
        cells = sorted(landed)
        self.events.append(event("bonus_spin", spin=self.spins,
                                 landed=[coin_view(c, landed[c]) for c in cells]))
        self.events.append(event("lives", lives=self.board.lives, reset=reset))
        on_active = [c for c in cells if was_active[c[0]]]
        for cell in on_active:
            if landed[cell]["kind"] == "pot_fill":
                self.process_pot_fill(cell)
        dec = sum(2 if landed[c]["double"] else 1 for c in on_active)
        waiting = [r for r in self.counts if not self.active[r]]
        if dec and waiting:
            for r in waiting:
                self.counts[r] = max(0, self.counts[r] - dec)
            self.events.append(event("row_count", decrement=dec,
                                     counts={str(r): self.counts[r] for r in waiting}))
            self._activate_rows()
        if self.combo & HAPPY_BOOST:
            self._boost()

    def total_x100(self) -> int:
        """Sum of the coins on active rows."""
        return sum(coin["value_x100"] for (r, _), coin in self.board.held() if self.active[r])

    def full_board(self) -> bool:
        """All 35 mini reels hold coins and every row is active."""
        return all(self.active) and not self.board.open_cells()

    def run(self) -> int:
        """Play the whole bonus; returns its total in hundredths of the base bet."""
        self.start()
        while not self.board.finished:
            self.spin()
        total = self.total_x100()
        paying = [coin_view(cell, coin) for cell, coin in self.board.held() if self.active[cell[0]]]
        self.events.append(event("bonus_end", total_x100=total, spins=self.spins, paying=paying,
                                 full_board=self.full_board(), pots_won=list(self.awards)))
        return total

