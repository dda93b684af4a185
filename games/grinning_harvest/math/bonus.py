"""The Hold-n-Win bonus of Grinning Harvest, one round at a time (events included).

Built on the shared `HoldAndWin` board: pumpkins land on reels 1 and 3, vaults on
reel 2 (at most 3); both stick to the end. Scoring is this game's own:

- every vault has a value (what it has collected so far, starting at 0);
- a vault collects only pumpkins that land on the same spin as it or later; each
  vault collects independently (a pumpkin landing with two vaults in view is added
  to both);
- each spin the row above the reels shows, per reel, a web (nothing), a multiplier
  2x-5x or a small skull. A multiplier applies to the symbol directly below it (the
  top-row cell of its reel): to a vault there (its value is multiplied first, before
  it collects this spin's pumpkins) or to a pumpkin landing there on this spin;
- three skulls wake the Great Skull: 3x-9x on every vault value and every pumpkin
  value on the field for that roll (vaults before they collect, pumpkins before they
  are collected; pumpkins collected on earlier spins are already inside the vaults);
- the counter starts at 3, every new pumpkin or vault resets it to 3, the bonus
  ends after 3 consecutive empty spins, full board or not (on a full board the
  last 3 spins still show the row above, whose multipliers and Great Skull still
  multiply the vaults);
- the bonus pays the sum of the vault values; the round ends at the win cap.

Events (see rules.py for the full list and payloads): bonus_spin, collect,
jackpot, counter, bonus_end.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cabinet.core.rng import Rng
from cabinet.core.round import event
from cabinet.mechanics.hold_and_win import HoldAndWin

from .tables import JACKPOTS, REELS, ROWS, Maths, RowTable, ValueTable


@dataclass
class BonusSetup:
    """What one bonus draws from (the natural tables of a mode or buy)."""

    values: ValueTable
    row: RowTable
    pumpkin_chance: int
    vault_chance: int


@dataclass
class BonusResult:
    total_x100: int
    capped: bool
    events: list[dict[str, Any]] = field(default_factory=list)
    features: set[str] = field(default_factory=set)
    spins: int = 0


def pumpkin_item(m: Maths, values: ValueTable, k: int) -> dict[str, Any]:
    """The item a pumpkin cell holds: its label ('5x', 'grand'...) and value."""
    return {"kind": "pumpkin", "label": values.labels[k], "value_x100": int(values.value_x100[k])}


def draw_pumpkin(rng: Rng, m: Maths, values: ValueTable) -> dict[str, Any]:
    return pumpkin_item(m, values, rng.weighted_cum(values.cum))


def _collect(board: HoldAndWin, vaults: list[tuple[int, int]], pumpkins: list[tuple[tuple[int, int], int, str]],
             phase: str, res: BonusResult) -> None:
    """Every listed vault adds the listed pumpkins' (already multiplied) values."""
    if not pumpkins:
        return
    amount = sum(v for _, v, _ in pumpkins)
    for cell in vaults:
        vault = board.cells[cell[0]][cell[1]]
        vault["value_x100"] += amount
        res.events.append(event("collect", phase=phase, vault=list(cell),
                                pumpkins=[{"cell": list(c), "value_x100": v, "label": lab}
                                          for c, v, lab in pumpkins],
                                amount_x100=amount, vault_value_x100=vault["value_x100"]))
    for c, v, lab in pumpkins:
        if lab in JACKPOTS:
            res.features.add(f"jackpot_{lab}")
            res.events.append(event("jackpot", name=lab, cell=list(c), value_x100=v))


def _vault_cells(board: HoldAndWin) -> list[tuple[int, int]]:
    return [cell for cell, item in board.held() if item["kind"] == "vault"]


class HarvestBonus:
    """A bonus in progress, advanced one scripted spin at a time (no randomness here:
    `run_bonus` draws the spins; tests script them on hand-built states).

    `start`: the carried-over (or bought) items by cell; the vaults collect the
    starting pumpkins at once. `cap_left_x100`: what the round may still win."""

    def __init__(self, m: Maths, start: dict[tuple[int, int], dict[str, Any]], cap_left_x100: int):
        self.m = m
        self.cap_left = cap_left_x100
        self.res = BonusResult(0, False)
        spinnable = [[c in m.pumpkin_reels or c in m.vault_reels for c in range(REELS)] for _ in range(ROWS)]
        self.board = HoldAndWin(ROWS, REELS, lives=m.lives, spinnable=spinnable, end_when_full=False)
        self.mult = dict(zip(m.row.items, (int(x) for x in m.row.multipliers)))
        for cell, item in sorted(start.items()):
            self._check_cell(cell, item)
            self.board.place(cell[0], cell[1], dict(item, value_x100=0) if item["kind"] == "vault" else dict(item))
        if len(self.vaults()) > m.max_vaults:
            raise ValueError(f"at most {m.max_vaults} vaults")
        pumpkins = [(cell, it["value_x100"], it["label"]) for cell, it in sorted(start.items())
                    if it["kind"] == "pumpkin"]
        _collect(self.board, self.vaults(), pumpkins, "bonus_start", self.res)
        self._check_cap()

    def _check_cell(self, cell: tuple[int, int], item: dict[str, Any]) -> None:
        reels = self.m.pumpkin_reels if item["kind"] == "pumpkin" else self.m.vault_reels
        if cell[1] not in reels:
            raise ValueError(f"a {item['kind']} cannot be on reel {cell[1] + 1}")

    def vaults(self) -> list[tuple[int, int]]:
        """Cells of the vaults on the board."""
        return _vault_cells(self.board)

    def total(self) -> int:
        """Sum of the vault values: what the bonus pays so far."""
        return sum(self.board.cells[r][c]["value_x100"] for r, c in self.vaults())

    @property
    def finished(self) -> bool:
        return self.res.capped or self.board.finished

    def open_chances(self, setup: BonusSetup) -> list[list[int]]:
        """Landing chance (/chance_den) of every cell this spin: pumpkins on reels 1
        and 3, vaults on reel 2 while fewer than max_vaults; held cells do not spin."""
        room = len(self.vaults()) < self.m.max_vaults
        return [[0 if self.board.cells[r][c] is not None else
                 setup.pumpkin_chance if c in self.m.pumpkin_reels else
                 (setup.vault_chance if c in self.m.vault_reels and room else 0)
                 for c in range(REELS)] for r in range(ROWS)]

    def spin(self, landed: dict[tuple[int, int], dict[str, Any]], row: list[str], great: int | None) -> None:
        """Play one spin: `landed` new items by (empty) cell, the row above (one item
        name per reel), the Great Skull's multiplier (only when the row is 3 skulls)."""
        if self.finished:
            raise RuntimeError("the bonus is over")
        if (great is not None) != all(x == "skull" for x in row):
            raise ValueError("the Great Skull wakes exactly when the row shows three skulls")
        for cell, item in landed.items():
            self._check_cell(cell, item)
        old_vaults = self.vaults()
        room = self.m.max_vaults - len(old_vaults)
        landed = dict(landed)
        for cell in [c for c, it in sorted(landed.items()) if it["kind"] == "vault"][max(room, 0):]:
            del landed[cell]                       # never more than max_vaults
        if great is not None:
            self.res.features.add("great_skull")
        g = great or 1
        applied = []

        def factor(cell: tuple[int, int]) -> int:
            return (self.mult[row[cell[1]]] if cell[0] == 0 else 1) * g

        for cell in old_vaults:                    # vault values first, before collecting
            vault = self.board.cells[cell[0]][cell[1]]
            f = factor(cell)
            if f > 1 and vault["value_x100"] > 0:
                before = vault["value_x100"]
                vault["value_x100"] = before * f
                applied.append({"cell": list(cell), "target": "vault", "multiplier": f,
                                "before_x100": before, "after_x100": vault["value_x100"]})
        new_pumpkins = []
        for cell, item in sorted(landed.items()):
            if item["kind"] != "pumpkin":
                continue
            item = landed[cell] = dict(item)
            f = factor(cell)
            if f > 1:
                applied.append({"cell": list(cell), "target": "pumpkin", "multiplier": f,
                                "before_x100": item["value_x100"], "after_x100": item["value_x100"] * f})
                item["value_x100"] *= f
            new_pumpkins.append((cell, item["value_x100"], item["label"]))
        self.board.settle({c: dict(it) for c, it in landed.items()})
        self.res.spins += 1
        self.res.events.append(event("bonus_spin", spin=self.res.spins,
                                     landed=[{"cell": list(c), **it} for c, it in sorted(landed.items())],
                                     row=list(row), great_skull=great, multipliers=applied))
        _collect(self.board, self.vaults(), new_pumpkins, "bonus", self.res)
        self.res.events.append(event("counter", lives=self.board.lives, reset=bool(landed)))
        self._check_cap()

    def _check_cap(self) -> None:
        if self.total() >= self.cap_left:
            self.res.capped = True

    def result(self) -> BonusResult:
        """Close the bonus: its pay (the cap if reached), flags and the bonus_end event."""
        res = self.res
        res.total_x100 = self.cap_left if res.capped else self.total()
        if len(self.vaults()) >= 3:
            res.features.add("vaults_3")
        res.events.append(event("bonus_end", total_x100=res.total_x100, spins=res.spins,
                                vaults=len(self.vaults()), capped=res.capped))
        return res


def run_bonus(rng: Rng, m: Maths, setup: BonusSetup, start: dict[tuple[int, int], dict[str, Any]],
              cap_left_x100: int) -> BonusResult:
    """Play a bonus from its starting items (vaults and pumpkins by cell) to its end,
    drawing each spin: landings cell by cell (HoldAndWin.draw_landings), then the row
    above reel by reel, then the Great Skull's multiplier if the row shows 3 skulls."""
    bonus = HarvestBonus(m, start, cap_left_x100)

    def pick(g: Rng, r: int, c: int) -> dict[str, Any]:
        if c in m.vault_reels:
            return {"kind": "vault", "value_x100": 0}
        return draw_pumpkin(g, m, setup.values)

    while not bonus.finished:
        landed = bonus.board.draw_landings(rng, bonus.open_chances(setup), m.chance_den, pick)
        row_idx = [rng.weighted_cum(setup.row.cum[c]) for c in range(REELS)]
        great = None
        if all(k == setup.row.skull for k in row_idx):
            great = int(m.great_skull_mult[rng.weighted_cum(m.great_skull_cum)])
        bonus.spin(landed, [setup.row.items[k] for k in row_idx], great)
    return bonus.result()
