"""Piggy Farm's natural round: play(rng, mode) -> Round (forced.play, the game's
round generator, adds the forced categories).

Deterministic in its Rng. Every number comes from math.yaml (tables.py); the cluster
finding, tumble, wheel and pick game are the shared mechanisms of cabinet/mechanics
(the board itself is board.py's columns and bitboards). The event names and payloads
are listed in events.py; the events of every spin and drop (board, cluster_win,
sticky_grid, tumble, spin_end, free_spin, round_end) are written as dict literals, the
fields in the order `event` and events.py's constructors give them (a free-spins
round is mostly those), the rest through `event`. The vectorised simulator in sim.py is the same rules written
for many rounds at once (tests compare the two). A round forced into a category (a
demo's wheel tier, a book stratum) is forced.py's, built on this module.
"""
from __future__ import annotations

from typing import Callable

from cabinet.core.rng import Rng
from cabinet.core.round import Round, event
from cabinet.mechanics.clusters import lane_clusters
from cabinet.mechanics.pick import assign_nests

from . import events as E
from .board import Board, Layout, layout
from .tables import PiggyMath, load

VERSION = "2"          # 2: pays of 0.05x, the wheel and free spins that reach 50,000x naturally
TOP_EGG_X100 = 500000


class Spin:
    """Per-round working state: the board, strip positions, running total, events."""

    __slots__ = ("pm", "rng", "mode", "lay", "events", "features", "total", "capped", "cap")

    def __init__(self, pm: PiggyMath, rng: Rng, mode: str):
        self.pm, self.rng, self.mode = pm, rng, mode
        self.lay = layout(pm)
        self.events: list[dict] = []
        self.features: set[str] = set()
        self.total = 0
        self.capped = False
        self.cap = None if pm.mode(mode).get("cap_exempt") else pm.cap_x100

    def add(self, win: int) -> None:
        self.total += win
        if self.cap is not None and self.total >= self.cap and not self.capped:
            self.capped = True
            self.events.append(E.cap(cap_x100=self.cap))

    def ids(self, board: list[list[int]]) -> list[list[str]]:
        return [[self.pm.symbols[s] for s in row] for row in board]


def drop(sp: Spin, strips: str, phase: str, tops: list[int] | None = None) -> Board:
    """Draw a stop per reel (unless given) and show the window; emits BOARD. The seven
    stops are seven `below(length)` calls in turn: the same numbers as one
    `integers(0, lengths)` draw (rng_stream), without its array (free_spins draws many
    spins' stops in one call: the same numbers again)."""
    lay = sp.lay
    if tops is None:
        tops = list(map(sp.rng.below, lay.lengths[strips]))
    board = lay.drop(strips, tops)       # the board's own copy of `tops`: the event keeps this one
    sp.events.append({"phase": phase, "strips": strips, "tops": tops, "board": board.ids(), "type": E.BOARD})
    return board


def masks(pm: PiggyMath, board: list[list[int]]) -> tuple[dict[int, int], int, int]:
    """(pay symbol -> cell mask, wild mask, scatter mask) of one board (rows)."""
    m = Board.of_rows(layout(pm), "", board, [0] * pm.shape.cols).masks()
    return {s: m[s] for s in pm.pay_ids}, m[pm.wild], m[pm.scatter]


def bump(lay: Layout, grid: list[int], mask: int) -> None:
    """Charge / bump every cell of `mask` once (the sticky-grid rule of math.yaml,
    tabled: lay.bumped)."""
    bumped = lay.bumped
    for i in lay.index(mask):
        grid[i] = bumped[grid[i]]


def chain(sp: Spin, board: Board, grid: list[int] | None = None, multiplier: int = 1) -> tuple[int, int]:
    """Evaluate, pay, explode and refill until no cluster forms (or the cap); `board`
    is updated in place.

    `grid` is the sticky grid (flat, row-major) or None; `multiplier` the round's
    fixed factor (free-spins start multiplier x growing-season spin number).
    Returns the chain's win and the final board, packed (lay.lanes)."""
    lay, won = board.lay, 0
    lanes, wild_at, full, least = lay.lanes, lay.wild_at, lay.full, lay.least
    events, names, pay, band, index, cells = sp.events, lay.names, lay.pay, lay.band, lay.index, lay.cells
    packed = sum(board.packs)
    while not sp.capped:
        clusters = lane_clusters(packed, (packed >> wild_at) & full, lanes, least)
        if not clusters:
            break
        union = drop_win = 0
        for symbol, mask, size in clusters:
            if grid is None:
                grid_sum, mult = 0, multiplier
            else:
                grid_sum = 0
                for i in index(mask):
                    grid_sum += grid[i]
                mult = max(grid_sum, 1) * multiplier
            p = pay[symbol][size]
            events.append({"symbol": names[symbol], "size": size, "band": band[size], "cells": cells(mask),
                           "pay_x100": p, "grid_sum": grid_sum, "multiplier": mult, "win_x100": p * mult,
                           "type": E.CLUSTER_WIN})
            drop_win += p * mult
            union |= mask
        if grid is not None:
            bump(lay, grid, union)
            events.append({"values": [grid[rs] for rs in lay.row_slices], "type": E.STICKY_GRID})
        won += drop_win
        sp.add(drop_win)
        if sp.capped:
            break
        falls, refills = board.tumble(union)
        events.append({"removed": cells(union), "falls": falls, "refills": refills, "tops": list(board.tops),
                       "board": board.ids(), "type": E.TUMBLE})
        packed = sum(board.packs)
    return won, packed


def tumble_chain(sp: Spin, strips: str, board: list[list[int]], tops: list[int],
                 grid: list[int] | None = None, multiplier: int = 1) -> tuple[int, list[list[int]]]:
    """`chain` on a hand-built board given as rows, with its strip stops (`tops` is
    updated in place); returns the chain's win and the final board as rows."""
    b = Board.of_rows(layout(sp.pm), strips, board, tops)
    won, _ = chain(sp, b, grid, multiplier)
    tops[:] = b.tops
    return won, b.rows()


def spin_once(sp: Spin, strips: str, phase: str, grid=None, multiplier: int = 1, tops=None) -> tuple[int, int]:
    """One spin with its whole tumble chain; returns (win, windmills on the final board)."""
    board = drop(sp, strips, phase, tops)
    if phase == "hog_wild":
        spawn_wilds(sp, board)
    win, packed = chain(sp, board, grid, multiplier)
    lay = sp.lay
    scat = (packed >> lay.scatter_at) & lay.full
    n = scat.bit_count()
    sp.events.append({"win_x100": win, "total_x100": sp.total, "scatters": n, "scatter_cells": lay.cells(scat),
                      "type": E.SPIN_END})
    return win, n


def spawn_wilds(sp: Spin, board: Board) -> None:
    """HOG WILD: 1 to 3 extra wilds land on cells holding neither a wild nor a windmill."""
    lay = board.lay
    k = lay.spawn_counts[sp.rng.weighted_cum(lay.spawn_cum)]        # math.yaml's spawn_weights
    m = board.masks()
    free = lay.cells(lay.full & ~(m[lay.wild] | m[lay.scatter]))   # row-major
    cells = []
    for _ in range(min(k, len(free))):
        cell = free.pop(sp.rng.below(len(free)))
        board.put(cell[0], cell[1], lay.wild)
        cells.append(cell)
    sp.events.append(event(E.WILD_SPAWN, cells=cells, board=board.ids()))


def free_spins(sp: Spin, kind: str, spins: int, strips: str, start_multiplier: int = 1) -> int:
    """A free-spins round: 'free_spins' / 'hog_wild' (sticky grid, retriggers) or
    'growing_season' (spin k pays xk, windmills asleep). Returns its win.

    The spins' strip stops are the round's last draws, and nothing but the stops is
    drawn between spins (HOG WILD's spawns aside): so the stops of every spin still to
    come are drawn in one call, the same numbers as one call a spin (a round that
    reaches the cap leaves the rest of its call unused)."""
    pm = sp.pm
    sticky = kind != "growing_season"
    grid = [0] * pm.shape.cells if sticky else None     # a fresh grid every round: nothing leaks
    fs = pm.raw["free_spins"]
    retrigger, more = int(fs["retrigger_scatters"]), int(fs["retrigger_spins"])
    bounds = sp.lay.bounds[strips]
    ahead: list[list[int]] | None = [] if kind != "hog_wild" else None
    sp.features.add(kind)
    events = sp.events
    events.append(event(E.FREE_SPINS_START, feature=kind, spins=spins, start_multiplier=start_multiplier,
                        sticky=sticky, strips=strips))
    won, i = 0, 0
    while i < spins and not sp.capped:
        i += 1
        mult = start_multiplier * (i if kind == "growing_season" else 1)
        events.append({"index": i, "of": spins, "multiplier": mult, "type": E.FREE_SPIN})
        tops = None
        if ahead is not None:
            if not ahead:
                ahead = sp.rng.gen.integers(0, bounds, size=(spins - i + 1, len(bounds))).tolist()[::-1]
            tops = ahead.pop()
        win, scatters = spin_once(sp, strips, kind, grid, mult, tops)
        won += win
        if sticky and not sp.capped and scatters >= retrigger:
            spins += more
            sp.features.add("retrigger")
            events.append(event(E.RETRIGGER, added=more, of=spins, scatters=scatters))
    sp.events.append(event(E.FREE_SPINS_END, win_x100=won))
    return won


def farm_wheel(sp: Spin, tier: str, accept=None, award=None) -> None:
    """Spin THE FARM WHEEL from `tier` (following upgrades) and award the final slice.
    `award(sp, multiplier)`, if given, plays the free spins a free-spins slice starts
    (the max-win force's search); by default one natural round."""
    pm = sp.pm
    stops = pm.wheel.spin(sp.rng, tier, accept)
    sp.features.update({"wheel", f"wheel_{tier}"})
    if len(stops) > 1:
        sp.features.add("upgrade")
    for st in stops:
        sp.events.append(event(E.WHEEL_SPIN, tier=st.tier, index=st.index, slice_kind=st.slice.kind, value=st.slice.value,
                               label=st.slice.label, upgrade=st.slice.kind == pm.wheel.upgrade_kind))
    last = stops[-1]
    if last.slice.kind == "coin":
        sp.features.add("coin_prize")
        sp.events.append(event(E.COIN_PRIZE, tier=last.tier, win_x100=int(last.slice.value)))
        sp.add(int(last.slice.value))
    elif last.slice.kind == "free_spins":
        sp.features.add(f"free_spins_x{int(last.slice.value)}")
        fs = pm.raw["free_spins"]
        if award is not None:
            award(sp, int(last.slice.value))
        else:
            free_spins(sp, "free_spins", int(fs["spins"]), fs["strips"], int(last.slice.value))
    else:
        raise ValueError(f"unknown wheel slice kind {last.slice.kind!r}")


def base_spin(sp: Spin, strips: str) -> None:
    """A base (or ante) spin: tumble chain, then THE FARM WHEEL on 3+ windmills."""
    _, scatters = spin_once(sp, strips, "base")
    tier = sp.lay.tier_of[scatters]
    if tier is None or sp.capped:
        return
    sp.events.append(event(E.WHEEL_TRIGGER, scatters=scatters, tier=tier))
    farm_wheel(sp, tier)


def egg_hunt(sp: Spin, reveals: list[int | None] | None = None) -> None:
    """GOLDEN EGG HUNT / EGG HUNT: every reveal drawn before the first nest opens
    (`reveals`, if given, drawn already: a forced book's, forced.hunt_given)."""
    pm = sp.pm
    hunt = pm.hunt(sp.mode)
    if reveals is None:
        reveals = hunt.draw(sp.rng)
    nests = assign_nests(sp.rng, hunt.nests, reveals)
    sp.events.append(event(E.HUNT_START, nests=hunt.nests, min_prizes=hunt.min_prizes, ladder_x100=sorted(hunt.ladder)))
    found = 0
    for k, (prize, nest) in enumerate(zip(reveals, nests), start=1):
        if prize is not None:
            found += 1
            if prize >= TOP_EGG_X100:
                sp.features.add("hunt_5000x")
        sp.events.append(event(E.HUNT_REVEAL, pick=k, nest=nest, prize_x100=prize, rooster=prize is None,
                               total_x100=sp.total + (prize or 0)))
        if prize is not None:
            sp.add(prize)
            if sp.capped:
                break
    sp.features.add("hunt_prizes")
    sp.events.append(event(E.HUNT_END, prizes=found, total_x100=min(sp.total, pm.cap_x100)))


def play_once(pm: PiggyMath, rng: Rng, mode: str, spin: Callable[[Spin, str], None] | None = None) -> Spin:
    """One round of `mode`, its events and total on the returned Spin; `spin` plays a
    base or ante spin in place of base_spin (a forced round's, forced.steered_spin)."""
    sp = Spin(pm, rng, mode)
    m = pm.mode(mode)
    if mode in ("base", "ante"):
        (spin or base_spin)(sp, m["strips"])
    elif mode == "wheel_buy":
        tiers = m["tier_weights"]
        tier = list(tiers)[rng.weighted([int(v) for v in tiers.values()])]
        sp.events.append(event(E.WHEEL_TRIGGER, scatters=0, tier=tier))
        farm_wheel(sp, tier)
    elif mode in ("free_spins", "hog_wild", "growing_season"):
        free_spins(sp, mode, int(m["spins"]), m["strips"], int(m.get("start_multiplier", 1)))
    elif mode in ("golden_egg_hunt", "egg_hunt"):
        egg_hunt(sp)
    elif mode == "risk_the_farm":
        num, den = (int(x) for x in m["chance"])
        won = rng.chance(num, den)
        win = int(m["prize_x100"]) if won else 0
        if won:
            sp.features.add("risk_win")
        sp.events.append(event(E.RISK_DRAW, won=won, win_x100=win))
        sp.add(win)
    else:
        raise KeyError(f"piggy_farm has no mode {mode!r}")
    return sp




def finish(sp: Spin) -> Round:
    """The Round of a played Spin: its payout (capped), features and ROUND_END."""
    payout = min(sp.total, sp.cap) if sp.cap is not None else sp.total
    if sp.capped:
        sp.features.update({"capped", "max_win"})
    for level, x in sp.pm.win_levels(sp.mode).items():      # read live: a test lowers a level in pm.raw
        if payout >= x:
            sp.features.add(level)
    sp.events.append({"payout_x100": payout, "capped": sp.capped, "type": E.ROUND_END})
    return Round(sp.mode, payout, sp.events, tuple(sorted(sp.features)), sp.capped)


def play(rng: Rng, mode: str) -> Round:
    """One natural round of `mode`, decided in full."""
    return finish(play_once(load(), rng, mode))
