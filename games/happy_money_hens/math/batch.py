"""Happy Money Hens' books, many at once: play_batch(seeds, mode, force) ->
(payout_x100 int64[n], features per round, jackpot_x100 int64[n]).

For every seed it gives exactly what `rules.play(Rng.for_book(seed), mode, force)`
gives: the rules of rules.py over arrays, drawing from `BookStreams` (the streams of
Rng.for_book, cabinet/core/rng_batch.py) in play's order:

- a spin mode: the five stops; per feature symbol in view (reel by reel) its
  trigger draw, then per symbol its pot-growth draw; the fortune bets' upgrade
  (one draw when a single pot triggered and the mode lifts it);
- a buy: MYSTERY's combination; the stops of the bought round's strips; the reels
  of BLUE, RED and GOLD (pops among the five) and their rows;
- a gamble bonus library (`bonus_*`): nothing before the bonus;
- then every bonus of the batch in lockstep (batch_bonus.py), each from where its
  book's stream stands.

A forced round (`force`) is always played by `play`. tests/happy_money_hens/
test_batch.py compares play_batch with play seed by seed in every mode.
"""
from __future__ import annotations


import numpy as np

from cabinet.core.rng_batch import BookStreams
from cabinet.core.batch import batch_by_play, feature_tuples, pop_columns

from .batch_bonus import BonusLockstep
from .pots import BITS
from .categories import FEATURE_NAMES, batch_flags
from .rules import BONUS_MODES, BUY_MODES, SPIN_MODES, play
from .sim import HensSim
from .tables import COMBOS, HensMath, combo_code, load

NAMES = tuple(sorted(FEATURE_NAMES))       # a Round lists its features sorted
_F = {f: i for i, f in enumerate(NAMES)}


_SIMS: dict[int, HensSim] = {}


def _sim(m: HensMath) -> HensSim:
    """The vectorised engine's tables (line pays by stop, feature bits by stop)."""
    if id(m) not in _SIMS:
        _SIMS[id(m)] = HensSim(m)
    return _SIMS[id(m)]


def _spin_part(m: HensMath, st: BookStreams, mode: str, n: int) -> tuple[np.ndarray, np.ndarray]:
    """(line pay, final combination) of n spin rounds (rules._spin_natural)."""
    sim = _sim(m)
    everyone = np.arange(n)
    stops = st.below_many(everyone, [len(s) for s in m.strips], np.full(n, len(m.strips)))
    line = sim.line_pays_stops(stops)
    bits = np.stack([sim.feat[reel][stops[:, reel]] for reel in range(len(m.strips))], axis=1)   # (n, 5)
    order, k = np.argsort(bits == 0, axis=1, kind="stable"), (bits > 0).sum(axis=1)
    draws = st.below_many(everyone, m.feature_den, 2 * k)        # k trigger draws, then k growth draws
    combo = np.zeros(n, dtype=np.int64)
    j: int | np.ndarray
    for j in range(int(k.max()) if n else 0):
        hit = (j < k) & (draws[:, j] < m.trigger[mode])
        combo |= np.where(hit, bits[everyone, order[:, j]], 0)
    low = m.min_features[mode]
    single = np.isin(combo, BITS)
    lift = np.flatnonzero(single) if low >= 2 else np.zeros(0, dtype=np.intp)
    if len(lift):                              # pots.upgrade: a missing feature at random (below(2))
        j = st.below(lift, 2)
        missing = np.array([[b for b in BITS if not c & b] for c in BITS])   # per single bit, the other two
        combo[lift] |= missing[np.searchsorted(BITS, combo[lift]), j]
    if low >= 3:
        combo = np.where(combo > 0, 7, 0)
    return line, combo


def _buy_part(m: HensMath, st: BookStreams, mode: str, n: int) -> tuple[np.ndarray, np.ndarray]:
    """(line pay, combination) of n bought rounds (rules._combo_for / _buy_board)."""
    everyone = np.arange(n)
    if mode == "buy_triple":
        combo = np.full(n, 7, dtype=np.int64)
    else:
        combo = np.asarray(COMBOS)[st.weighted_cum(everyone, np.cumsum(m.mystery_weights))]
    reels = len(m.buy_strips)
    bounds = [len(s) for s in m.buy_strips] + [reels - i for i in range(3)] + [3, 3, 3]
    d = st.below_many(everyone, bounds, np.full(n, len(bounds)))
    stops, picks, rows = d[:, :reels], d[:, reels:reels + 3], d[:, reels + 3:]
    board = np.empty((n, 3, reels), dtype=np.int64)
    for reel, s in enumerate(m.buy_strips):
        board[:, :, reel] = s[(stops[:, reel:reel + 1] + np.arange(3)) % len(s)]
    free = np.tile(np.arange(reels), (n, 1))
    for i in range(3):                         # reels.pop(below(len(reels)))
        reel = free[everyone, picks[:, i]]
        board[everyone, rows[:, i], reel] = m.feature_index[i]
        free = pop_columns(free, picks[:, i])
    return _sim(m).line_pays_boards(board), combo


def natural_parts(m: HensMath, seeds: np.ndarray, mode: str):
    """The parts of n natural rounds, as play_batch totals them: (line pay int64[n],
    combination int64[n], the rows with a bonus, BonusLockstep.run()'s results for
    those rows, or None when there are none)."""
    n = len(seeds)
    st = BookStreams(seeds)
    if mode in SPIN_MODES:
        line, combo = _spin_part(m, st, mode, n)
    elif mode in BUY_MODES:
        line, combo = _buy_part(m, st, mode, n)
    else:
        line, combo = np.zeros(n, dtype=np.int64), np.full(n, BONUS_MODES[mode], dtype=np.int64)
    bi = np.flatnonzero(combo)
    res = BonusLockstep(m, st, bi, combo[bi]).run() if len(bi) else None
    return line, combo, bi, res


def play_batch(seeds, mode: str, force: str | None = None):
    """(payout_x100 int64[n], features of each round, jackpot_x100 int64[n]): exactly
    `play(Rng.for_book(seed), mode, force)` for each seed."""
    seeds = np.asarray(seeds, dtype=np.uint64).reshape(-1)
    if mode not in SPIN_MODES + BUY_MODES and mode not in BONUS_MODES:
        raise KeyError(f"happy_money_hens has no mode {mode!r}")
    n = len(seeds)
    if force is not None or not n:
        return batch_by_play(play, seeds, mode, force)
    m = load()
    line, combo, bi, res = natural_parts(m, seeds, mode)
    flags = np.zeros((n, len(NAMES)), dtype=bool)
    total, jackpot = line.copy(), np.zeros(n, dtype=np.int64)
    if len(bi):
        total[bi] += res["total_x100"]
        jackpot[bi] = np.minimum(res["pot_x100"], total[bi])
        flags[bi, _F["bonus"]] = True
        for c in COMBOS:
            flags[bi[combo[bi] == c], _F[f"combo_{combo_code(c)}"]] = True
        for name, on in batch_flags(m, mode, res).items():
            flags[bi, _F[name]] = on
    return total, feature_tuples(flags, NAMES), jackpot
