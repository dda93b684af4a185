"""Happy Money Hens' round generator: play(rng, mode, force) -> Round.

A spin round (base, fortune_1_2, fortune_1_5, fortune_2): the 5x3 reels stop, the
20 lines pay (wild on reels 2-4), every feature symbol in view is added to its pot
with its own trigger draw (pots.py), and triggered pots start the mini-reel bonus
(bonus.py) with their combination (lifted by the 1.5x / 2x fortune bets).
A bought round (buy_mystery, buy_triple): a base game delivering one BLUE, one RED
and one GOLD, then the pots trigger the purchased combination. A gamble bonus round
(bonus_dc ... bonus_dc_pf_hb): the bonus alone, with that combination.

Forcing (`force`, for the book builder and demos) draws from the exact conditional
distribution of the category: 'pot_<name>' a bonus that awards the pot ('pot_grand_2' /
'pot_grand_3': GRAND exactly twice / three times or more, where a mode lists them); 'full_board'
one that fills all 35 reels with every row active; 'big_bonus' one whose own win is at
least the mode's math.yaml big_bonus_x times its cost; 'combo_<CODE>' a bonus with
that final combination; each outside the categories its mode lists before it
(excluded_before; where a mode does not list one: pot_grand, full_board, big_bonus). Its
rejection loops are searches (cabinet/core/forcing.py): every attempt on its own
sub-stream, so a book replays its kept attempts directly. In a gamble bonus library
(mode bonus_*) 'full_board' is any full board, GRAND or not (its only category; 1 in
58,351 bonuses without DOUBLE COINS). The pot, full-board and big-bonus searches
(every mode) run in batches: an attempt's combination comes from its sub-stream and its bonus
plays on Rng(the sub-stream's first seed), which the vectorised bonus (batch_bonus.py)
decides many at a time; the combo_<CODE> searches play attempt by attempt. A big bonus
of DOUBLE COINS alone (bonus_dc) is drawn cash values last (tails.py): an attempt
is kept with the exact chance its paying coins reach the threshold over that chance's
maximum, and the kept bonus replays with its paying coins' cash values drawn given the
total, from its sub-stream; several GRANDs in one bonus (pot_grand_2, pot_grand_3:
buy_mystery, bonus_pf) alike, the GRAND letters of its processed coins drawn given their
count; a big bonus of HAPPY BOOST without DOUBLE COINS (bonus_hb, bonus_pf_hb: without a
GRAND) alike, given its counted coins and spins, what the coins hold and the spins'
boosts (boost_tail.py), and of DOUBLE COINS with HAPPY BOOST (bonus_dc_hb) given its
single and double counted coins and spins, their cash values and the boosts
(double_boost_tail.py); 'big_grand' (bonus_pf_hb: a GRAND and at least big_grand_x
times the bet) alike, its coins' contents (GRAND's at least its length) and boosts
given its counted coins and spins (grand_boost_tail.py). The tail laws: forced_tails.py.
Events are the closed set documented in events.py.
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np

from cabinet.core.forcing import first_accepted, search
from cabinet.core.rng import Rng
from cabinet.core.rng_batch import BookStreams
from cabinet.core.rng_stream import Stream
from cabinet.core import events as E
from cabinet.core.round import Round, event
from cabinet.mechanics.exact_chance import chance_fraction
from cabinet.mechanics.lines import LineEvaluator

from .batch_bonus import BonusLockstep
from .bonus import HensBonus
from .categories import MULTI_GRAND, batch_flags, bonus_feats, multi_grand
from .forced_tails import big_boost_tail, big_grand_tail, boost_last, cash_last, contents_last, tail_of
from .modes import (BONUS_MODES, BUY_MODES, SPIN_MODES, _fraction_table, _pick_fraction, _pick_index,
                    natural_combo_weights)
from .tails import SCALE
from .tables import COMBOS, FOUND, POT_FILL, POT_NAMES, HensMath, combo_code, combo_features, combo_from_code, load
from .pots import BITS, count_distribution, triggered_given_counts, triggered_given_final, upgrade

__all__ = ["BONUS_MODES", "BUY_MODES", "SPIN_MODES", "big_boost_tail", "big_grand_tail", "boost_last", "cash_last",
           "evaluator", "excluded_before", "natural_combo_weights", "play"]

POT_COLOURS = ("BLUE", "RED", "GOLD")
# the book categories' order where a mode does not list the one forced (math.yaml book_forces)
DEFAULT_ORDER = ("pot_grand", "full_board", "big_bonus")
MAX_FORCE_TRIES = 200_000
BONUS_FORCE_TRIES = 20_000_000     # a gamble bonus library's full board: about 1 in 60,000 bonuses


def evaluator(m: HensMath | None = None) -> LineEvaluator:
    """The shared payline evaluator configured with this game's lines and pays."""
    m = m or load()
    not_sub = [m.symbols[i] for i in m.feature_index]
    return LineEvaluator(m.symbols, m.lines.tolist(), m.pays, wild=m.symbols[m.wild], not_substituted=not_sub)


_EV: dict[int, LineEvaluator] = {}


def _ev(m: HensMath) -> LineEvaluator:
    if id(m) not in _EV:
        _EV[id(m)] = evaluator(m)
    return _EV[id(m)]


def draw_board(rng: Rng, strips) -> tuple[list[int], list[list[int]]]:
    """Stops per reel and the board (rows top to bottom of symbol indices)."""
    stops = [rng.below(len(s)) for s in strips]
    board = [[int(s[(stop + r) % len(s)]) for s, stop in zip(strips, stops)] for r in range(3)]
    return stops, board


def feature_cells(m: HensMath, board) -> list[tuple[int, int, int]]:
    """(reel, row, bit) of every feature symbol in view, reel by reel."""
    out = []
    for reel in range(5):
        for row in range(3):
            s = board[row][reel]
            if s in m.feature_index:
                out.append((reel, row, BITS[m.feature_index.index(s)]))
    return out


def _board_events(m: HensMath, stops, board, events: list) -> int:
    """reel_stop and line_win events; returns the line pay (x100)."""
    for reel, stop in enumerate(stops):
        events.append(E.reel_stop(reel=reel, stop=stop, symbols=[m.symbols[board[r][reel]] for r in range(3)]))
    named = [[m.symbols[s] for s in row] for row in board]
    total = 0
    for w in _ev(m).evaluate(named):
        events.append(E.line_win(line=w.line, symbol=w.symbol, count=w.count,
                                 positions=[list(p) for p in w.positions], pay_x100=w.pay_x100))
        total += w.pay_x100
    return total


def _feature_events(m: HensMath, rng: Rng, cells, flags, events: list, grow: bool) -> None:
    for (reel, row, bit), hit in zip(cells, flags):
        grows = grow and rng.chance(m.grow, m.feature_den)
        events.append(event("feature_symbol", symbol=m.symbols[m.feature_index[BITS.index(bit)]],
                            pot=POT_COLOURS[BITS.index(bit)], feature=combo_features(bit)[0],
                            reel=reel, row=row, triggered=bool(hit), grows=bool(grows)))


def _trigger_events(combo: int, triggered: int, added, mode: str, events: list) -> None:
    events.append(event("pot_trigger", pots=[POT_COLOURS[BITS.index(b)] for b in BITS if triggered & b],
                        combination=combo_features(combo), code=combo_code(combo),
                        added_by_fortune=combo_features(sum(added)) if added else []))
    if mode in SPIN_MODES:
        events.append(event("pot_levels_reset", level=1))


def _spin_natural(m: HensMath, rng: Rng, mode: str, events: list) -> tuple[int, int]:
    stops, board = draw_board(rng, m.strips)
    line = _board_events(m, stops, board, events)
    cells = feature_cells(m, board)
    flags = [rng.chance(m.trigger[mode], m.feature_den) for _ in cells]
    _feature_events(m, rng, cells, flags, events, grow=True)
    triggered = 0
    for (_, _, bit), hit in zip(cells, flags):
        triggered |= bit if hit else 0
    combo = 0
    if triggered:
        combo, added = upgrade(rng, triggered, m.min_features[mode])
        _trigger_events(combo, triggered, added, mode, events)
    return line, combo


def _acceptance(m: HensMath, mode: str, t: int) -> tuple[Fraction, dict]:
    """For forcing triggered pots = t: the chance of exactly t given each count triple,
    and its largest value over the boards that can show t (the rejection bound)."""
    key = (id(m), mode, t)
    if key not in _ACCEPT:
        q = Fraction(m.trigger[mode], m.feature_den)
        table = {k: triggered_given_counts(q, k, t) for k, p in count_distribution().items() if p}
        _ACCEPT[key] = (max(table.values()), table)
    return _ACCEPT[key]


_ACCEPT: dict = {}


def _spin_forced(m: HensMath, rng: Rng, mode: str, final: int, events: list) -> tuple[int, int]:
    """A spin round's base part drawn from its exact distribution given the final
    combination: the triggered pots T given the final combination, then the board by
    rejection (accepted with P(exactly T | board) / its maximum), then the trigger
    draws of each colour given the board and T."""
    cond = triggered_given_final(mode, final)
    ts = sorted(cond)
    t = ts[_pick_fraction(rng, [cond[x] for x in ts])]
    bound, table = _acceptance(m, mode, t)

    def attempt(sub: Rng):
        stops, board = draw_board(sub, m.strips)
        cells = feature_cells(m, board)
        counts = tuple(sum(1 for c in cells if c[2] == b) for b in BITS)
        if any(t & b and k == 0 for b, k in zip(BITS, counts)):
            return None
        if not chance_fraction(sub, table[counts] / bound):
            return None
        flags = []
        for b in BITS:                 # trigger draws of a colour in T, given >= 1 hit
            own = [c for c in cells if c[2] == b]
            while True:
                hits = [bool(t & b) and sub.chance(m.trigger[mode], m.feature_den) for _ in own]
                if not t & b or any(hits):
                    break
            flags.append(dict(zip([(c[0], c[1]) for c in own], hits)))
        return stops, board, cells, [flags[BITS.index(c[2])][(c[0], c[1])] for c in cells]

    stops, board, cells, flat = search(rng, attempt, MAX_FORCE_TRIES, f"a board for combination {final} in {mode}")
    line = _board_events(m, stops, board, events)
    _feature_events(m, rng, cells, flat, events, grow=True)
    added = [b for b in BITS if final & b and not t & b]
    if len(added) > 1:             # the upgrade's order is uniform among orders
        if rng.below(2):
            added.reverse()
    _trigger_events(final, t, added, mode, events)
    return line, final


def _buy_board(m: HensMath, rng: Rng, combo: int, events: list) -> int:
    """A base game delivering one BLUE, one RED and one GOLD on three reels."""
    stops, board = draw_board(rng, m.buy_strips)
    reels = [0, 1, 2, 3, 4]
    picked = [reels.pop(rng.below(len(reels))) for _ in range(3)]
    cells = []
    for bit, reel in zip(BITS, picked):
        row = rng.below(3)
        board[row][reel] = m.feature_index[BITS.index(bit)]
        cells.append((reel, row, bit))
    cells.sort()
    line = _board_events(m, stops, board, events)
    _feature_events(m, rng, cells, [bool(combo & c[2]) for c in cells], events, grow=False)
    _trigger_events(combo, combo, [], "buy", events)
    return line


def _combo_for(m: HensMath, rng: Rng, mode: str, events: list, need: int | None) -> tuple[int, int]:
    """(line pay, combination) of a round's base part; `need` forces the combination."""
    if mode in SPIN_MODES:
        if need is None:
            return _spin_natural(m, rng, mode, events)
        return _spin_forced(m, rng, mode, need, events)
    if mode in BONUS_MODES:
        return 0, BONUS_MODES[mode]
    if mode == "buy_triple":
        combo = 7
    elif need is not None:
        combo = need
    else:
        combo = COMBOS[rng.weighted(m.mystery_weights)]
    return _buy_board(m, rng, combo, events), combo


def _finish(m: HensMath, mode: str, line: int, events: list, bonus: HensBonus | None,
            combo: int) -> tuple[Round, set]:
    feats: set = set()
    total = line
    if bonus is not None:
        total += bonus.total_x100()
        feats |= {"bonus", f"combo_{combo_code(combo)}"} | bonus_feats(m, mode, bonus)
    events.append(E.round_end(line_x100=line, payout_x100=total))
    # The sheet's only limit is $250,000.00 a game "excluding jackpots", in money: the
    # cabinet applies it at the bet played (no multiple of the bet caps a round here).
    # The pot awards are this game's jackpots, marked as the round's jackpot part.
    pots = sum(int(e["value_x100"]) for e in events if e["type"] == "pot_award")
    return Round(mode, total, events, tuple(sorted(feats)), False, min(pots, total)), feats


def _round(m: HensMath, rng: Rng, mode: str) -> Round:
    """A natural round: base part, then the bonus if the pots trigger one."""
    events: list = []
    line, combo = _combo_for(m, rng, mode, events, None)
    bonus = None
    if combo:
        bonus = HensBonus(rng, m, combo, events)
        bonus.run()
    return _finish(m, mode, line, events, bonus, combo)[0]


def _forced_round(m: HensMath, rng: Rng, mode: str, combo: int, excluded: set) -> Round:
    """A round of combination `combo` outside the `excluded` categories. The base part
    and the bonus are independent given the combination, so: search for a bonus of
    that combination outside them (exact rejection), then draw the base part given it."""
    def attempt(sub: Rng):
        bonus_events: list = []
        bonus = HensBonus(sub, m, combo, bonus_events)
        bonus.run()
        return None if bonus_feats(m, mode, bonus) & excluded else (bonus, bonus_events)

    bonus, bonus_events = search(rng, attempt, MAX_FORCE_TRIES, f"combination {combo_code(combo)} in {mode}")
    events: list = []
    line, _ = _combo_for(m, rng, mode, events, combo)
    events += bonus_events
    return _finish(m, mode, line, events, bonus, combo)[0]


def _bonus_attempt_seed(gen: Stream) -> int:
    """The seed of a batched forced attempt: the first draw of its sub-stream
    (Rng.seed64), so the bonus plays on Rng(seed) and the vectorised engine
    (batch_bonus.py on BookStreams) decides many attempts at once."""
    return int(gen.integers(0, 2**63 - 1))


def _on(gen: Stream) -> Rng:
    """An Rng drawing from an attempt's own stream (what `accepts` is given)."""
    rng = Rng.__new__(Rng)
    rng.gen, rng.trace = gen, None
    return rng


_COMBO_TABLES: dict = {}


def _forced_in_batches(m: HensMath, rng: Rng, mode: str, wanted: str, excluded: set) -> Round:
    """A round of a bonus category ('full_board', 'big_bonus' or 'pot_<name>'): the first attempt
    whose combination and bonus are in it (an exact rejection over whole bonuses, as
    _forced_round), attempts decided in batches by BonusLockstep; then the base part
    given the kept combination (_combo_for). Attempt k, on its own sub-stream: its
    first draw is the bonus's seed (_bonus_attempt_seed), then its combination from
    the mode's natural weights (no draw where only one is possible); the bonus plays
    on Rng(seed). A category drawn contents last (forced_tails.tail_of) keeps an attempt with its
    tail's chance given the skeleton instead (the attempt's next draw) and draws the
    contents from the sub-stream after it (forced_tails.contents_last). The kept one is played with
    its events by HensBonus and checked."""
    if mode not in _COMBO_TABLES:
        weights = natural_combo_weights(mode)
        _COMBO_TABLES[mode] = [c for c, w in zip(COMBOS, weights) if w], _fraction_table(weights)
    only, (den, cum) = _COMBO_TABLES[mode]
    needs_pf = wanted.startswith("pot_")          # a pot is won only with POT FILL
    tail = tail_of(mode, wanted)       # drawn contents last (forced_tails.py), or a plain rejection
    if wanted in MULTI_GRAND:          # GRAND exactly twice is never three times: nothing to exclude
        excluded = excluded - set(MULTI_GRAND)
    if tail is not None and (excluded - {"full_board"} - tail.covers or tail.excludes - excluded):
        # the natural attempt's contents are replaced: only a category its skeleton
        # decides (the full board) can be excluded by its flags; one the tail's own
        # law leaves out (boost_tail.py: pot_grand) must be listed before it, and one
        # inside that (big_grand) may be
        raise ValueError(f"{mode}: {wanted} is drawn contents last and listed after {sorted(excluded)} in "
                         f"math.yaml book_forces: it must come after {sorted(tail.excludes)}, and after "
                         f"nothing else but full_board{' and ' if tail.covers else ''}"
                         f"{', '.join(sorted(tail.covers - tail.excludes))}")

    def combo_of(sub: Rng) -> int:
        return only[0] if len(only) == 1 else COMBOS[_pick_index(sub, den, cum)]

    def accepts(gens: list[Stream]) -> np.ndarray:
        seeds = np.array([_bonus_attempt_seed(g) for g in gens], dtype=np.uint64)
        combos = np.array([combo_of(_on(g)) for g in gens], dtype=np.int64)
        ok = np.zeros(len(gens), dtype=bool)
        play_ix = np.flatnonzero(combos & POT_FILL) if needs_pf else np.arange(len(gens))
        if len(play_ix):
            res = BonusLockstep(m, BookStreams(seeds[play_ix]), np.arange(len(play_ix)), combos[play_ix]).run()
            flags = batch_flags(m, mode, res)
            if tail is None:
                keep = flags[wanted].copy()
            else:
                u = np.array([_on(gens[i]).below(SCALE) for i in play_ix.tolist()], dtype=np.int64)
                keep = u < tail.weights_of(res)
            for f in excluded - (tail.covers if tail is not None else set()):
                keep &= ~flags[f]
            ok[play_ix] = keep
        return ok

    sub = first_accepted(rng, accepts, BONUS_FORCE_TRIES, f"{wanted} in {mode}", found=FOUND)
    seed = sub.seed64()
    combo = combo_of(sub)
    contents = boosts = None
    if tail is not None:
        sub.below(SCALE)                          # the kept attempt's acceptance draw
        contents, boosts = contents_last(m, sub, wanted, tail, seed, combo)
    bonus_events: list = []
    bonus = HensBonus(Rng(seed), m, combo, bonus_events, contents, boosts)
    bonus.run()
    feats = bonus_feats(m, mode, bonus)
    if wanted not in feats or feats & excluded:
        raise RuntimeError(f"{mode}: the vectorised bonus kept an attempt outside {wanted} (engines disagree)")
    events: list = []
    line, _ = _combo_for(m, rng, mode, events, combo)
    events += bonus_events
    return _finish(m, mode, line, events, bonus, combo)[0]


def play(rng: Rng, mode: str, force: str | None = None) -> Round:
    """One round of `mode`; with `force`, one round of that category, drawn from the
    exact conditional distribution (rejection over whole bonuses)."""
    m = load()
    if mode not in SPIN_MODES + BUY_MODES and mode not in BONUS_MODES:
        raise KeyError(f"happy_money_hens has no mode {mode!r}")
    if force is None:
        return _round(m, rng, mode)
    excluded = excluded_before(m, mode, force)
    if force.startswith("combo_"):
        combo = combo_from_code(force[6:])
        return _forced_round(m, rng, mode, combo, excluded)
    if force == "big_bonus" and mode not in m.big_bonus_x100:
        raise KeyError(f"{mode} has no big_bonus (math.yaml big_bonus_x lists {sorted(m.big_bonus_x100)})")
    if force in {*MULTI_GRAND, "big_grand"} and not multi_grand(m, mode, force):
        raise KeyError(f"{mode} has no {force} (math.yaml book_forces lists it for "
                       f"{sorted(k for k in m.raw['book_forces'] if multi_grand(m, k, force))})")
    batched = {"full_board", "big_bonus", "big_grand", *MULTI_GRAND, *(f"pot_{p.lower()}" for p in POT_NAMES)}
    if force in batched:
        return _forced_in_batches(m, rng, mode, force, excluded)
    raise KeyError(f"unknown force category {force!r}")


def excluded_before(m: HensMath, mode: str, force: str) -> set:
    """The book categories are disjoint, in the order the mode lists them (math.yaml
    book_forces): a forced round is outside every category listed before its own. A
    category the mode does not list follows DEFAULT_ORDER, and combo_X (a demo force
    there) is outside pot_grand and full_board only: big_bonus has a threshold only in
    the modes that list it; a gamble bonus library's (bonus_*) is outside nothing: its full board is its only
    category, GRAND or not."""
    order = list(m.raw["book_forces"].get(mode, {}))
    if force in order:
        return set(order[:order.index(force)])
    if mode in BONUS_MODES:
        return set()
    return set(DEFAULT_ORDER[:DEFAULT_ORDER.index(force)] if force in DEFAULT_ORDER else DEFAULT_ORDER[:2])
