"""Grinning Harvest's books, many at once: play_batch(seeds, mode, force) ->
(payout_x100 int64[n], features per round, jackpot_x100 int64[n]).

For every seed it gives exactly what `rules.play(Rng.for_book(seed), mode, force)`
gives (payout and feature tuple; this game has no jackpot part, so that is 0): the
rules of rules.py / bonus.py written over arrays, drawing from `BookStreams` (the
same streams as Rng.for_book, cabinet/core/rng_batch.py) in exactly play's order:

- base: the three stops, then one value per pumpkin (reel by reel, top to bottom);
  a trigger board goes on to the bonus with each book's stream where play's is;
- a buy: the option's starting board (per reel: a row among the free ones, then
  the pumpkin's value), then the bonus;
- the bonus, spin by spin for every book still playing: each open cell in row
  order (a landing draw where its chance is not 0, then a pumpkin's value), the
  row above reel by reel, the Great Skull's multiplier on three skulls.

A forced round (`force`) is always played by `play`. tests/grinning_harvest/
test_batch.py compares play_batch with play seed by seed in every mode.

`forced_accepts(mode, force)` is the same engine on a forced category's boards
(rules.proposal: natural tables, a base round's stops among the boards the category
needs), deciding a forced search's attempts many at once on their own
streams (cabinet/core/forcing.py first_accepted): rules.play keeps the first attempt
in the category and plays only it with its events.
"""
from __future__ import annotations

import numpy as np

from cabinet.core.batch import batch_by_play, feature_tuples, pop_columns
from cabinet.core.rng_batch import BookStreams

from .bonus import BonusSetup
from .tables import JACKPOTS, REELS, ROWS, Maths, ValueTable, load
from .rules import FEATURES, big_win_x100, forced_stops, play, proposal

_F = {f: i for i, f in enumerate(FEATURES)}
EMPTY, PUMPKIN, VAULT = 0, 1, 2


def _jackpot_flags(flags: np.ndarray, rows: np.ndarray, labels: np.ndarray, values: ValueTable) -> None:
    """Set jackpot_<name> on `rows` whose pumpkin value index in `labels` is that jackpot."""
    for j in JACKPOTS:
        hit = labels == values.labels.index(j)
        flags[rows[hit], _F[f"jackpot_{j}"]] = True


class BonusBatch:
    """Bonuses in lockstep, one per row of `st` listed in `rows`, each from its start
    board: `kind` int8 (k, ROWS, REELS) EMPTY / PUMPKIN / VAULT; `start_x100` the
    starting pumpkins' total (each starting vault collects it at once); `setup` the
    tables and landing chances drawn from."""

    def __init__(self, m: Maths, st: BookStreams, rows: np.ndarray, kind: np.ndarray, start_x100: np.ndarray,
                 cap_left: np.ndarray, setup: BonusSetup, flags: np.ndarray):
        # the bonuses' own streams (the batch's other books draw nothing more)
        self.m, self.st, self.rows, self.kind = m, st.subset(rows), np.arange(len(rows)), kind
        self.values, self.row, self.flags = setup.values, setup.row, flags   # flags: (k, len(FEATURES)) of these rows
        self.chances = setup.pumpkin_chance, setup.vault_chance
        self.vault = np.where(kind[:, :, 1] == VAULT, start_x100[:, None], 0).astype(np.int64)   # (k, ROWS)
        self.cap_left = cap_left
        self.capped = self.vault.sum(axis=1) >= cap_left
        self.lives = np.full(len(rows), m.lives)
        self.mults = setup.row.multipliers

    def run(self) -> tuple[np.ndarray, np.ndarray]:
        """Play every bonus to its end: (payout_x100 int64[k], capped bool[k])."""
        live = np.flatnonzero(~self.capped)
        while len(live):
            self._spin(live)
            live = live[~self.capped[live] & (self.lives[live] > 0)]
            if 2 * len(live) < len(self.st) > 64:         # draw only for the books still playing
                self.st = self.st.subset(self.rows[live])
                self.rows[live] = np.arange(len(live))
        self.flags[:, _F["vaults_3"]] |= (self.kind[:, :, 1] == VAULT).sum(axis=1) >= 3
        pay = np.where(self.capped, self.cap_left, self.vault.sum(axis=1))
        return pay, self.capped

    def _spin(self, ix: np.ndarray) -> None:
        m, st, kind = self.m, self.st, self.kind
        rows = self.rows[ix]
        old_vault = kind[ix, :, 1] == VAULT
        room = m.max_vaults - old_vault.sum(axis=1)
        landed = np.zeros((len(ix), ROWS, REELS), dtype=bool)
        value = np.zeros((len(ix), ROWS, REELS), dtype=np.int64)
        for r in range(ROWS):                          # open cells in row order (HoldAndWin.open_cells)
            for c in range(REELS):
                pumpkin = c in m.pumpkin_reels
                if not pumpkin and c not in m.vault_reels:
                    continue
                draws = kind[ix, r, c] == EMPTY
                if not pumpkin:
                    draws &= room > 0                  # a vault's chance is 0 with no room left
                sel = np.flatnonzero(draws)
                if not len(sel):
                    continue
                hit = st.chance(rows[sel], self.chances[0] if pumpkin else self.chances[1], m.chance_den)
                sel = sel[hit]
                landed[sel, r, c] = True
                if pumpkin and len(sel):
                    vi = st.weighted_cum(rows[sel], self.values.cum)
                    value[sel, r, c] = self.values.value_x100[vi]
                    _jackpot_flags(self.flags, ix[sel], vi, self.values)
        items = np.stack([st.weighted_cum(rows, self.row.cum[c]) for c in range(REELS)], axis=1)
        great = np.ones(len(ix), dtype=np.int64)
        skulls = np.flatnonzero((items == self.row.skull).all(axis=1))
        if len(skulls):
            great[skulls] = m.great_skull_mult[st.weighted_cum(rows[skulls], m.great_skull_cum)]
            self.flags[ix[skulls], _F["great_skull"]] = True
        # never more than max_vaults: vaults landing past the room are taken back
        new_vault = landed[:, :, 1] & (np.cumsum(landed[:, :, 1], axis=1) <= room[:, None])
        landed[:, :, 1] = new_vault
        top = self.mults[items]                          # (k, REELS): the row above, per reel
        factor = np.ones((len(ix), ROWS, REELS), dtype=np.int64)
        factor[:, 0, :] = top
        factor *= great[:, None, None]
        vault = self.vault[ix] * np.where(old_vault, factor[:, :, 1], 1)
        amount = (value * factor * landed).sum(axis=(1, 2))
        now_vault = old_vault | new_vault
        vault += np.where(now_vault, amount[:, None], 0)
        self.vault[ix] = vault
        kind[ix] = np.where(landed, np.where(np.arange(REELS) == 1, VAULT, PUMPKIN), kind[ix]).astype(kind.dtype)
        self.lives[ix] = np.where(landed.any(axis=(1, 2)), m.lives, self.lives[ix] - 1)
        self.capped[ix] |= vault.sum(axis=1) >= self.cap_left[ix]


def _bonuses(m: Maths, st: BookStreams, rows: np.ndarray, kind: np.ndarray, start: np.ndarray,
             cap_left: np.ndarray, setup: BonusSetup, flags: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    sub = flags[rows]
    bonus = BonusBatch(m, st, rows, kind, start, cap_left, setup, sub)
    pay, capped = bonus.run()
    flags[rows] = sub
    return pay, capped


def _finish(m: Maths, mode: str, total: np.ndarray, capped: np.ndarray, flags: np.ndarray):
    """(payout_x100, flags (n, len(FEATURES))) with big_win and max_win set."""
    flags[:, _F["big_win"]] = total >= big_win_x100(m, mode)
    flags[:, _F["max_win"]] = capped
    return total, flags


def pumpkin_labels(st: BookStreams, pumpkin: np.ndarray, values: ValueTable) -> np.ndarray:
    """Each pumpkin's value drawn from its book's stream as rules._base draws them (reel
    by reel, top to bottom): its index in the value table, (n, ROWS, REELS), -1 where
    the board (`pumpkin`: where pumpkins are) shows none."""
    label = np.full(pumpkin.shape, -1, dtype=np.int64)
    for c in range(REELS):
        for r in range(ROWS):
            sel = np.flatnonzero(pumpkin[:, r, c])
            if len(sel):
                label[sel, r, c] = st.weighted_cum(sel, values.cum)
    return label


def bonus_triggers(pumpkin: np.ndarray, vault_mid: np.ndarray) -> np.ndarray:
    """The boards that start the bonus: a pumpkin on reels 1 and 3 and a vault on reel 2
    (`vault_mid`: (n, ROWS), where reel 2 shows one)."""
    return np.asarray(pumpkin[:, :, 0].any(axis=1) & pumpkin[:, :, 2].any(axis=1) & vault_mid.any(axis=1))


def _base(m: Maths, st: BookStreams, values: ValueTable, setup: BonusSetup, stops_from: np.ndarray | None,
          parts: dict[str, np.ndarray] | None = None):
    """Base rounds, one per row of `st`: stops reel by reel, or (a forced round)
    one draw among the stop triples `stops_from` (rules._base). `parts`, if given,
    receives each round's line_x100 and collect_x100 (as its round_end event's)."""
    n = len(st)
    everyone = np.arange(n)
    board = np.empty((n, ROWS, REELS), dtype=np.int16)
    triple = None if stops_from is None else stops_from[st.below(everyone, len(stops_from))]
    for c in range(REELS):
        strip = m.strips[c]
        stops = st.below(everyone, len(strip)) if triple is None else triple[:, c]
        board[:, :, c] = strip[(stops[:, None] + np.arange(ROWS)) % len(strip)]
    flags = np.zeros((n, len(FEATURES)), dtype=bool)
    pumpkin = board == m.sym["pumpkin"]
    label = pumpkin_labels(st, pumpkin, values)
    pv = np.where(label >= 0, values.value_x100[label], 0)
    line = m.lines.pays_batch(board)
    vault = board[:, :, 1] == m.sym["vault"]
    nv = vault.sum(axis=1)
    for k in (2, 3):
        flags[:, _F[f"vaults_in_view_{k}"]] = nv == k
    trig = bonus_triggers(pumpkin, vault)
    coll = ~trig & (nv > 0) & pumpkin.any(axis=(1, 2))
    flags[:, _F["collect"]] = coll
    flags[:, _F["bonus"]] = trig
    paid = np.flatnonzero(coll | trig)            # pumpkins collected (in the base game or at the bonus start)
    for j in JACKPOTS:
        flags[paid, _F[f"jackpot_{j}"]] = (label[paid] == values.labels.index(j)).any(axis=(1, 2))
    total = line + np.where(coll, nv * pv.sum(axis=(1, 2)), 0)
    if parts is not None:
        parts["line_x100"], parts["collect_x100"] = line, total - line
    capped = np.zeros(n, dtype=bool)
    ti = np.flatnonzero(trig)
    if len(ti):
        kind = np.where(pumpkin[ti], PUMPKIN, np.where(vault[ti][:, :, None] & (np.arange(REELS) == 1),
                                                       VAULT, EMPTY)).astype(np.int8)
        pay, cap = _bonuses(m, st, ti, kind, pv[ti].sum(axis=(1, 2)), m.max_win_x100 - line[ti], setup, flags)
        total[ti] = line[ti] + pay
        capped[ti] = cap
    capped |= total >= m.max_win_x100
    return _finish(m, "base", np.minimum(total, m.max_win_x100), capped, flags)


def _buy(m: Maths, st: BookStreams, mode: str, setup: BonusSetup):
    """Bought bonuses, one per row of `st`, from the option's start (rules.buy_start)."""
    opt, values = m.buy(mode), setup.values
    n = len(st)
    everyone = np.arange(n)
    flags = np.zeros((n, len(FEATURES)), dtype=bool)
    flags[:, _F["bonus"]] = True
    kind = np.zeros((n, ROWS, REELS), dtype=np.int8)
    start = np.zeros(n, dtype=np.int64)
    for reel, count, item in ((0, opt.start_pumpkins_per_reel, PUMPKIN), (1, opt.start_vaults, VAULT),
                              (2, opt.start_pumpkins_per_reel, PUMPKIN)):
        free = np.tile(np.arange(ROWS), (n, 1))      # rules.buy_start: rows.pop(below(len(rows)))
        for k in range(count):
            j = st.below(everyone, ROWS - k)
            r = free[everyone, j]
            free = pop_columns(free, j)
            kind[everyone, r, reel] = item
            if item == PUMPKIN:
                vi = st.weighted_cum(everyone, values.cum)
                start += values.value_x100[vi]
                _jackpot_flags(flags, everyone, vi, values)
    pay, capped = _bonuses(m, st, everyone, kind, start, np.full(n, m.max_win_x100, dtype=np.int64), setup, flags)
    return _finish(m, mode, pay, capped, flags)


def _rounds(m: Maths, st: BookStreams, mode: str, force: str | None, parts: dict[str, np.ndarray] | None = None):
    """(payout_x100, flags) of one round per row of `st`, natural or forced into
    `force`, drawing exactly what rules.one_round draws (`parts`: as _base's)."""
    base_values, setup, need_trigger, need_collect = proposal(m, mode, force)
    if mode != "base":
        return _buy(m, st, mode, setup)
    stops_from = forced_stops(m, need_trigger, need_collect) if need_trigger or need_collect else None
    return _base(m, st, base_values, setup, stops_from, parts)


def forced_accepts(mode: str, force: str, earlier: list[str]):
    """`accepts` of forcing.first_accepted(streams=True): for every attempt's stream,
    whether its round is in `force` and in none of `earlier`."""
    m = load()
    col, out = _F[force], [_F[e] for e in earlier]

    def accepts(st: BookStreams) -> np.ndarray:
        _, flags = _rounds(m, st, mode, force)
        return flags[:, col] & ~flags[:, out].any(axis=1)
    return accepts


def base_parts(seeds) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(payout_x100, line_x100, collect_x100) of natural base rounds: play_batch's
    payouts with each round's line wins and base collects."""
    parts: dict[str, np.ndarray] = {}
    total, _ = _rounds(load(), BookStreams(np.asarray(seeds, dtype=np.uint64).reshape(-1)), "base", None, parts)
    return total, parts["line_x100"], parts["collect_x100"]


def play_batch(seeds, mode: str = "base", force: str | None = None):
    """(payout_x100 int64[n], features of each round, jackpot_x100 int64[n]): exactly
    `play(Rng.for_book(seed), mode, force)` for each seed."""
    seeds = np.asarray(seeds, dtype=np.uint64).reshape(-1)
    m = load()
    if mode != "base":
        m.buy(mode)                                   # KeyError for an unknown mode
    if force is not None or not len(seeds):
        return batch_by_play(play, seeds, mode, force)
    total, flags = _rounds(m, BookStreams(seeds), mode, None)
    return total, feature_tuples(flags, FEATURES), np.zeros(len(total), dtype=np.int64)
