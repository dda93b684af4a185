"""Grinning Harvest's round generator: `play(rng, mode, force=None) -> Round`.

Base round: three reels stop (uniform stops on the strips of math.yaml); every
pumpkin shows a value drawn from `pumpkin_values.base`; the 5 paylines pay (the
wild substitutes for all but pumpkin and vault). Then:
- pumpkins on reels 1 AND 3 with a vault on reel 2 trigger the Hold-n-Win bonus:
  those pumpkins and vaults do not pay in the base game, they carry over and the
  vaults collect them before the first bonus spin (see bonus.py);
- otherwise every vault in view collects every pumpkin in view, each vault
  independently, paid at once.
A buy mode plays the bonus alone from its option's starting board. The round pays
at most 15,000x the bet: it ends at the cap, with the cap paid.

Events: the closed set of events.py.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from cabinet.core.forcing import search
from cabinet.core.rng import Rng
from cabinet.core import events as E
from cabinet.core.round import Round, event

from .bonus import BonusSetup, draw_pumpkin, run_bonus
from .tables import JACKPOTS, REELS, ROWS, Maths, ValueTable, load

FEATURES = ("collect", "bonus", "jackpot_mini", "jackpot_minor", "jackpot_mega", "jackpot_grand",
            "great_skull", "vaults_3", "big_win", "max_win", "vaults_in_view_2", "vaults_in_view_3")
FORCE_LABELS = {"bonus": "Hold-n-Win bonus", "jackpot_mini": "Mini Jackpot", "jackpot_minor": "Minor Jackpot", "jackpot_mega": "Mega Jackpot",
                "jackpot_grand": "Grand Jackpot", "great_skull": "Great Skull", "vaults_3": "3 Vaults",
                "big_win": "Big win", "max_win": "Max win 15,000x"}
# A forced round is a natural round given its category (no boosted tables): the
# rarest, a base max win given a trigger board, takes about 11,000 attempts a book.
FORCE_ATTEMPTS = 200_000


def window(m: Maths, stops: list[int]) -> list[list[str]]:
    """The 3x3 board (rows top to bottom) for the given reel stops."""
    board = [[""] * REELS for _ in range(ROWS)]
    for c, stop in enumerate(stops):
        strip = m.strips[c]
        for r in range(ROWS):
            board[r][c] = m.symbols[int(strip[(stop + r) % len(strip)])]
    return board


def is_trigger(m: Maths, board: list[list[str]]) -> bool:
    """Pumpkins on reels 1 and 3 and a vault on reel 2."""
    col = lambda c, s: any(board[r][c] == s for r in range(ROWS))  # noqa: E731
    return col(0, "pumpkin") and col(2, "pumpkin") and col(1, "vault")


# ---------------------------------------------------------------- forced rounds
# Every category a base round can be forced into needs a board the category cannot
# do without: a jackpot coin is paid only by a collect or the bonus, a big win (lines
# pay at most 100x) only with a pumpkin and a vault in view, the Great Skull, 3
# Vaults and the max win (a collect pays at most 3 x 3 pumpkins) only in the bonus.
# Drawing the stops uniformly among those boards and everything else from the
# natural tables, then keeping the first attempt in the category, is exactly the
# rules' law given the category: the library's forced strata are unbiased samples
# of the rules in every route (a jackpot by a collect or by the bonus) and every
# conditional (a buy's win given a Grand Jackpot or a Great Skull), not only in the
# category's rate.
_NEEDS_TRIGGER = {"bonus", "vaults_3", "great_skull", "max_win"}
_NEEDS_PUMPKIN_AND_VAULT = {"jackpot_mini", "jackpot_minor", "jackpot_mega", "jackpot_grand", "big_win"}


def proposal(m: Maths, mode: str, force: str | None) -> tuple[ValueTable, BonusSetup, bool, bool]:
    """(base values, bonus setup, needs a trigger board, needs a pumpkin and a vault in
    view) for a natural or forced round: always the natural tables; a forced base
    round's stops are drawn among the boards its category needs (above)."""
    setup = BonusSetup(m.values_for(mode), m.row_for(mode), m.pumpkin_chance, m.vault_chance)
    if force is not None and force not in FORCE_LABELS:
        raise ValueError(f"unknown forcing condition {force!r}; known: {sorted(FORCE_LABELS)}")
    base = mode == "base" and force is not None
    return m.values_base, setup, base and force in _NEEDS_TRIGGER, base and force in _NEEDS_PUMPKIN_AND_VAULT


# ---------------------------------------------------------------- rounds
_FORCED_STOPS: dict = {}


def forced_stops(m: Maths, need_trigger: bool, need_collect: bool) -> np.ndarray:
    """Every stop triple (one per reel) whose board is a trigger (need_trigger) or
    shows a pumpkin and a vault (need_collect), in stop order; computed once."""
    key = (id(m), need_trigger, need_collect)
    if key not in _FORCED_STOPS:
        shows = {}
        for name in ("pumpkin", "vault"):
            code = m.symbols.index(name)
            shows[name] = [np.array([any(int(st[(t + r) % len(st)]) == code for r in range(ROWS)) for t in range(len(st))])
                           for st in m.strips]
        pk, vt = shows["pumpkin"], shows["vault"]
        grid = np.ix_(*(np.arange(len(st)) for st in m.strips))
        if need_trigger:
            ok = pk[0][grid[0]] & vt[1][grid[1]] & pk[2][grid[2]]
        else:
            ok = (pk[0][grid[0]] | pk[1][grid[1]] | pk[2][grid[2]]) & (vt[0][grid[0]] | vt[1][grid[1]] | vt[2][grid[2]])
        _FORCED_STOPS[key] = np.argwhere(ok)
    return _FORCED_STOPS[key]


def _base(rng: Rng, m: Maths, base_values: ValueTable, setup: BonusSetup, need_trigger: bool,
          need_collect: bool) -> tuple[int, list[dict[str, Any]], set[str], bool]:
    """Draw a base spin (stops, then pumpkin values reel by reel) and settle it. A
    forced round's stops are drawn uniformly among those showing a trigger or a
    collect (exactly the natural stops given that board), without a retry loop."""
    if need_trigger or need_collect:
        ok = forced_stops(m, need_trigger, need_collect)
        stops = [int(v) for v in ok[rng.below(len(ok))]]
    else:
        stops = [rng.below(len(m.strips[c])) for c in range(REELS)]
    board = window(m, stops)
    pumpkins: dict[tuple[int, int], dict[str, Any]] = {}
    for c in range(REELS):
        for r in range(ROWS):
            if board[r][c] == "pumpkin":
                pumpkins[(r, c)] = draw_pumpkin(rng, m, base_values)
    return settle_base(rng, m, board, pumpkins, setup, stops)


def settle_base(rng: Rng, m: Maths, board: list[list[str]], pumpkins: dict[tuple[int, int], dict[str, Any]],
                setup: BonusSetup, stops: list[int] | None = None) -> tuple[int, list[dict[str, Any]], set[str], bool]:
    """Score a base board whose pumpkins show the given items: line wins, then either
    the bonus trigger (played with `rng` and `setup`) or each vault's collect.
    Returns (payout_x100, events, features, capped)."""
    events: list[dict[str, Any]] = []
    for c in range(REELS):
        events.append(E.reel_stop(reel=c, stop=None if stops is None else stops[c], symbols=[board[r][c] for r in range(ROWS)],
                                  pumpkins=[{"row": r, "label": pumpkins[(r, c)]["label"],
                                       "value_x100": pumpkins[(r, c)]["value_x100"]}
                                      for r in range(ROWS) if (r, c) in pumpkins]))
    if sorted(pumpkins) != sorted((r, c) for r in range(ROWS) for c in range(REELS) if board[r][c] == "pumpkin"):
        raise ValueError("every pumpkin on the board needs a value, and only pumpkins")
    features: set[str] = set()
    line_x100 = 0
    for w in m.lines.evaluate(board):
        line_x100 += w.pay_x100
        events.append(E.line_win(line=w.line, symbol=w.symbol, count=w.count,
                                 positions=[list(p) for p in w.positions], pay_x100=w.pay_x100))
    vaults = [(r, c) for r in range(ROWS) for c in range(REELS) if board[r][c] == "vault"]
    if len(vaults) >= 2:                  # several vaults in view on reel 2 (reported rates)
        features.add(f"vaults_in_view_{len(vaults)}")
    collect_x100 = bonus_x100 = 0
    capped = False
    if is_trigger(m, board):
        features.add("bonus")
        start = dict(pumpkins)
        start.update({cell: {"kind": "vault", "value_x100": 0} for cell in vaults})
        events.append(_trigger_event("base", "base", start))
        res = run_bonus(rng, m, setup, start, m.max_win_x100 - line_x100)
        events += res.events
        features |= res.features
        bonus_x100, capped = res.total_x100, res.capped
    elif vaults and pumpkins:
        features.add("collect")
        listed = [{"cell": list(c), "label": it["label"], "value_x100": it["value_x100"]}
                  for c, it in sorted(pumpkins.items())]
        amount = sum(it["value_x100"] for it in pumpkins.values())
        for cell in vaults:               # each vault collects independently
            collect_x100 += amount
            events.append(event("collect", phase="base", vault=list(cell), pumpkins=listed,
                                amount_x100=amount, vault_value_x100=amount))
        for cell, it in sorted(pumpkins.items()):
            if it["label"] in JACKPOTS:
                features.add(f"jackpot_{it['label']}")
                events.append(event("jackpot", name=it["label"], cell=list(cell), value_x100=it["value_x100"]))
    total = line_x100 + collect_x100 + bonus_x100
    if total >= m.max_win_x100:
        total, capped = m.max_win_x100, True
    events.append(E.round_end(payout_x100=total, line_x100=line_x100, collect_x100=collect_x100, bonus_x100=bonus_x100))
    return total, events, features, capped


def _trigger_event(source: str, option: str, start: dict[tuple[int, int], dict[str, Any]]) -> dict[str, Any]:
    return event("bonus_trigger", source=source, option=option,
                 vaults=[list(c) for c, it in sorted(start.items()) if it["kind"] == "vault"],
                 pumpkins=[{"cell": list(c), "label": it["label"], "value_x100": it["value_x100"]}
                           for c, it in sorted(start.items()) if it["kind"] == "pumpkin"])


def buy_start(rng: Rng, m: Maths, mode: str, values: ValueTable) -> dict[tuple[int, int], dict[str, Any]]:
    """A buy option's starting board: its vaults on reel 2 and its pumpkins on each of
    reels 1 and 3, at distinct random rows, values from the bonus value table."""
    opt = m.buy(mode)
    start: dict[tuple[int, int], dict[str, Any]] = {}
    for reel, count, make in ((0, opt.start_pumpkins_per_reel, True), (1, opt.start_vaults, False),
                              (2, opt.start_pumpkins_per_reel, True)):
        rows = list(range(ROWS))
        for _ in range(count):
            r = rows.pop(rng.below(len(rows)))
            start[(r, reel)] = draw_pumpkin(rng, m, values) if make else {"kind": "vault", "value_x100": 0}
    return start


def _buy(rng: Rng, m: Maths, mode: str, setup: BonusSetup) -> tuple[int, list[dict[str, Any]], set[str], bool]:
    start = buy_start(rng, m, mode, setup.values)
    events = [_trigger_event("buy", mode, start)]
    res = run_bonus(rng, m, setup, start, m.max_win_x100)
    events += res.events
    events.append(E.round_end(payout_x100=res.total_x100, line_x100=0, collect_x100=0, bonus_x100=res.total_x100))
    return res.total_x100, events, res.features | {"bonus"}, res.capped


def big_win_x100(m: Maths, mode: str) -> int:
    """A 'big win' (a book-building stratum and a reported rate): at least
    big_win.base x the bet in the base game, big_win.buy x the price in a buy.
    Base wins that large need a pumpkin and a vault (lines pay at most 100x)."""
    bw = m.raw["big_win"]
    return int(bw["base"]) * 100 if mode == "base" else int(bw["buy"]) * m.buy(mode).cost_x100


def one_round(rng: Rng, m: Maths, mode: str, force: str | None) -> Round:
    base_values, setup, need_trigger, need_collect = proposal(m, mode, force)
    if mode == "base":
        total, events, features, capped = _base(rng, m, base_values, setup, need_trigger, need_collect)
    else:
        total, events, features, capped = _buy(rng, m, mode, setup)
    if total >= big_win_x100(m, mode):
        features.add("big_win")
    if capped:
        features.add("max_win")
        events.insert(len(events) - 1, E.cap(cap_x100=m.max_win_x100))
    return Round(mode, int(total), events, tuple(f for f in FEATURES if f in features), capped)


def earlier_categories(m: Maths, mode: str, force: str) -> list[str]:
    """The book categories listed before `force` in the mode's book_forces. The book
    builder files a book under the first it is in: a forced book must not belong to
    an earlier one, or its category's share would carry rounds that belong elsewhere."""
    order = list((m.raw.get("book_forces") or {}).get(mode, {}))
    return order[:order.index(force)] if force in order else []


def in_category(rnd: Round, force: str, earlier: list[str]) -> bool:
    return force in rnd.features and not any(e in rnd.features for e in earlier)


def play(rng: Rng, mode: str = "base", force: str | None = None) -> Round:
    """One round of `mode` ('base' or a buy id). With `force`, a round of that
    category (one of FORCE_LABELS), a natural round (on the boards the category
    needs) drawn until it belongs to it and to none of the categories listed before
    it in math.yaml's book_forces: the rules' own law given the category. The
    search draws each attempt from its own sub-stream (cabinet/core/forcing.py), so a
    book replays its kept attempt directly. (The book builder's play, forced.py,
    decides the costliest categories' attempts in batches: the same kept attempt.)"""
    m = load()
    if mode != "base":
        m.buy(mode)                       # KeyError for an unknown mode
    if force is None:
        return one_round(rng, m, mode, None)
    if force not in FORCE_LABELS:
        raise ValueError(f"unknown forcing condition {force!r}; known: {sorted(FORCE_LABELS)}")
    earlier = earlier_categories(m, mode, force)

    def attempt(sub: Rng):
        rnd = one_round(sub, m, mode, force)
        return rnd if in_category(rnd, force, earlier) else None
    return search(rng, attempt, FORCE_ATTEMPTS, f"{force} in {mode}")
