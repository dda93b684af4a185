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
  ends after 3 consecutive empty spins (or when the board is full);
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

from .model import JACKPOTS, REELS, ROWS, Maths, RowTable, ValueTable


@dataclass
class BonusSetup:
    """What one bonus draws from (the natural tables, or a forcing proposal's)."""

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


def _total(board: HoldAndWin) -> int:
    return sum(item["value_x100"] for _, item in board.held() if item["kind"] == "vault")


def run_bonus(rng: Rng, m: Maths, setup: BonusSetup, start: dict[tuple[int, int], dict[str, Any]],
              cap_left_x100: int) -> BonusResult:
    """Play a bonus from its starting items (vaults and pumpkins by cell) to its end.

    The starting pumpkins are collected by the starting vaults before the first spin.
    `cap_left_x100` is what the round may still win (the cap minus any line wins):
    the bonus stops as soon as its vaults reach it, and pays it."""
    res = BonusResult(0, False)
    spinnable = [[c in m.pumpkin_reels or c in m.vault_reels for c in range(REELS)] for _ in range(ROWS)]
    board = HoldAndWin(ROWS, REELS, lives=m.lives, spinnable=spinnable)
    for cell, item in sorted(start.items()):
        board.place(cell[0], cell[1], dict(item, value_x100=0) if item["kind"] == "vault" else dict(item))
    start_pumpkins = [(cell, it["value_x100"], it["label"]) for cell, it in sorted(start.items())
                      if it["kind"] == "pumpkin"]
    _collect(board, _vault_cells(board), start_pumpkins, "bonus_start", res)
    if _total(board) >= cap_left_x100:
        return _capped(res, cap_left_x100, board)
    while not board.finished:
        nvaults = len(_vault_cells(board))
        chance = [[setup.pumpkin_chance if c in m.pumpkin_reels else
                   (setup.vault_chance if c in m.vault_reels and nvaults < m.max_vaults else 0)
                   for c in range(REELS)] for _ in range(ROWS)]

        def pick(g: Rng, r: int, c: int) -> dict[str, Any]:
            if c in m.vault_reels:
                return {"kind": "vault", "value_x100": 0}
            return draw_pumpkin(g, m, setup.values)

        old_vaults = _vault_cells(board)
        landed = board.draw_landings(rng, chance, m.chance_den, pick)
        # at most max_vaults: later vault landings beyond the limit are dropped
        vault_room = m.max_vaults - len(old_vaults)
        for cell in [c for c, it in sorted(landed.items()) if it["kind"] == "vault"][max(vault_room, 0):]:
            del landed[cell]
        row_idx = [rng.weighted_cum(setup.row.cum[c]) for c in range(REELS)]
        row = [setup.row.items[k] for k in row_idx]
        great = None
        if all(k == setup.row.skull for k in row_idx):
            great = int(m.great_skull_mult[rng.weighted_cum(m.great_skull_cum)])
            res.features.add("great_skull")
        applied = []
        # vault values first: the multiplier above a (held) vault, then the Great Skull
        for cell in old_vaults:
            vault = board.cells[cell[0]][cell[1]]
            mult = int(setup.row.multipliers[row_idx[cell[1]]]) if cell[0] == 0 else 1
            mult *= great or 1
            if mult > 1 and vault["value_x100"] > 0:
                before = vault["value_x100"]
                vault["value_x100"] = before * mult
                applied.append({"cell": list(cell), "target": "vault", "multiplier": mult,
                                "before_x100": before, "after_x100": vault["value_x100"]})
        new_pumpkins = []
        for cell, item in sorted(landed.items()):
            if item["kind"] != "pumpkin":
                continue
            mult = int(setup.row.multipliers[row_idx[cell[1]]]) if cell[0] == 0 else 1
            mult *= great or 1
            if mult > 1:
                applied.append({"cell": list(cell), "target": "pumpkin", "multiplier": mult,
                                "before_x100": item["value_x100"], "after_x100": item["value_x100"] * mult})
                item["value_x100"] *= mult
            new_pumpkins.append((cell, item["value_x100"], item["label"]))
        board.settle(landed)
        res.spins += 1
        res.events.append(event("bonus_spin", spin=res.spins,
                                landed=[{"cell": list(c), **it} for c, it in sorted(landed.items())],
                                row=row, great_skull=great, multipliers=applied))
        _collect(board, _vault_cells(board), new_pumpkins, "bonus", res)
        res.events.append(event("counter", lives=board.lives, reset=bool(landed)))
        if _total(board) >= cap_left_x100:
            return _capped(res, cap_left_x100, board)
    res.total_x100 = _total(board)
    if len(_vault_cells(board)) >= 3:
        res.features.add("vaults_3")
    res.events.append(event("bonus_end", total_x100=res.total_x100, spins=res.spins,
                            vaults=len(_vault_cells(board)), capped=False))
    return res


def _capped(res: BonusResult, cap_left_x100: int, board: HoldAndWin) -> BonusResult:
    """The vaults reached what the round may still win: the bonus ends, paying that."""
    res.total_x100 = cap_left_x100
    res.capped = True
    if len(_vault_cells(board)) >= 3:
        res.features.add("vaults_3")
    res.events.append(event("bonus_end", total_x100=cap_left_x100, spins=res.spins,
                            vaults=len(_vault_cells(board)), capped=True))
    return res
