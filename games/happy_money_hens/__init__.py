"""Happy Money Hens: 5x3, 20 lines, three feature pots, the 5x7 mini-reel bonus with
DOUBLE COINS, POT FILL and HAPPY BOOST, fortune bets, two buys, gamble, spin chance.

Files: math.yaml (every number), mathfile.py (math.yaml -> arrays), rules.py (round
generator `play`), bonus.py (the bonus, one at a time), pots.py (feature pots and
their exact odds), sim.py + sim_bonus.py (vectorised `simulate`), events.py (event
names and payloads), gamble.py (the gamble wheels' prizes from the libraries),
help.py (help text from math.yaml), analysis.py (exact base-game figures).

Modes: base, fortune_1_2, fortune_1_5, fortune_2 (spins), buy_mystery, buy_triple
(buys), and seven `bonus_*` libraries (kind 'gamble', one per feature combination):
the bonuses the gamble's bonus wheel awards. They are not bet modes a player buys
(a UI lists kind 'spin' as spins and kind 'buy' as buys); their cost is the price at
which the library returns 94.5%, and the wheel prices an entry at the library's
exact mean value (gamble.py).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from cabinet.core.game import BetMode, GameSpec
from cabinet.core.money import WinCap

from .mathfile import COMBOS, POT_NAMES, combo_code, load
from .rules import evaluator, play as _rules_play
from .sim import simulate


def play(rng, mode: str, force: str | None = None):
    """The round generator, with the round's jackpot part marked: the sheet's
    $250,000 limit is "excluding jackpots", and the M-I-N-I / M-I-N-O-R / M-A-J-O-R /
    G-R-A-N-D pot awards are this game's jackpots. The payout itself is untouched
    (so the book libraries, built from rules.play, stay valid)."""
    rnd = _rules_play(rng, mode, force)
    pots = sum(int(e["value_x100"]) for e in rnd.events if e["type"] == "pot_award")
    rnd.jackpot_x100 = min(pots, rnd.payout_x100)
    return rnd


_HERE = Path(__file__).parent

FEATURE_NAMES = (("bonus",) + tuple(f"combo_{combo_code(c)}" for c in COMBOS)
                 + tuple(f"pot_{p.lower()}" for p in POT_NAMES) + ("full_board", "capped"))


def evaluate(board: list[list[str]]) -> dict[str, Any]:
    """One board's line wins (no features), pays as multiples of the total base bet."""
    m = load()
    if len(board) != 3 or any(len(r) != 5 for r in board):
        raise ValueError("a Happy Money Hens board is 3 rows of 5 reels")
    wins = [{"symbol": w.symbol, "count": w.count, "positions": [list(p) for p in w.positions],
             "line": w.line, "pay_x": w.pay_x100 / 100} for w in evaluator(m).evaluate(board)]
    return {"wins": wins, "total_x": sum(int(round(w["pay_x"] * 100)) for w in wins) / 100}


def paytable() -> dict[str, Any]:
    """The line paytable in issue 3's shape."""
    m = load()
    feats = [m.symbols[i] for i in m.feature_index]
    return {"symbols": list(m.symbols), "wild": m.symbols[m.wild], "not_substituted": feats,
            "scatters": feats, "lines": m.lines.tolist(),
            "pays": {s: {str(k): v / 100 for k, v in p.items()} for s, p in m.pays.items()}}


def payout_sources(rnd) -> dict[str, int]:
    """A round's payout by source (x100, summing to the payout) for the PAR sheet:
    line wins, bonus cash coins, pot awards, happy boosts."""
    line = pots = boosts = 0
    for e in rnd.events:
        if e["type"] == "round_end":
            line = int(e["line_x100"])
        elif e["type"] == "pot_award":
            pots += int(e["value_x100"])
        elif e["type"] == "boost":
            boosts += sum(int(b["add_x100"]) for b in e["boosts"])
    line = min(line, rnd.payout_x100)
    pots = min(pots, rnd.payout_x100 - line)
    boosts = min(boosts, rnd.payout_x100 - line - pots)
    return {"line wins": line, "bonus cash coins": rnd.payout_x100 - line - pots - boosts,
            "pot awards": pots, "happy boosts": boosts}


def par_info() -> dict[str, Any]:
    """Reel strips and design notes for the PAR sheet (python -m cabinet.math par)."""
    m = load()
    raw = m.raw
    fp = raw["feature_pots"]
    names = lambda strips: [[m.symbols[int(x)] for x in s] for s in strips]
    notes = [f"Feature pots: each feature symbol in view triggers its pot with chance {mode} "
             f"{n}/{fp['den']}; k symbols of a colour trigger with 1-(1-q)^k (exact odds: pots.py). "
             "Pot levels are display state only and never change an outcome."
             for mode, n in fp["trigger"].items()]
    notes.append("Bonus: rows 0-2 active, counts 10/14/18/22; land chance "
                 f"{raw['bonus']['land_active']}/{raw['bonus']['land_den']} on active rows, "
                 f"{raw['bonus']['land_inactive']}/{raw['bonus']['land_den']} on inactive rows; "
                 "full board = 35 coins with every row active.")
    notes.append("bonus_* modes are the gamble's bonus-wheel libraries (kind gamble), not bet modes.")
    notes.append("Design figures and the commands that produced them: games/happy_money_hens/NOTES.md.")
    return {"reel_strips": {"base and fortune bets": names(m.strips),
                            "bought rounds (before the 3 feature symbols are placed)": names(m.buy_strips)},
            "notes": notes}


def win_cap() -> WinCap:
    """The game's win limits as data: max_win_x per round, 250,000.00 per game."""
    raw = load().raw
    return WinCap(max_x=int(raw["max_win_x"]), max_cents=int(raw["max_win_cents"]))


def spec_for(kinds: tuple[str, ...], spec_id: str, name: str, play_fn, books_dir: str | None = None) -> GameSpec:
    """A GameSpec over the math file's modes of the given kinds."""
    m = load()
    raw = m.raw
    modes = tuple(BetMode(mid, v["label"], int(v["cost"]), v.get("kind", "spin"), v.get("description", ""))
                  for mid, v in raw["modes"].items() if v.get("kind", "spin") in kinds)
    ids = {x.id for x in modes}
    forces = {mode: {cat: float(f) for cat, f in cats.items()}
              for mode, cats in raw["book_forces"].items() if mode in ids}
    labels = {"pot_grand": "GRAND pot won", "full_board": "all 35 mini reels filled, every row active"}
    labels.update({f"combo_{combo_code(c)}": f"bonus with {combo_code(c)}" for c in COMBOS})
    extra = {"win_cap": win_cap(), "payout_sources": payout_sources, "par_info": par_info, "forced_books": raw.get("forced_books", {}), "books": raw.get("books", {}),
             "buy_keys": {"buy_mystery": 1, "buy_triple": 2}, "gamble": raw["gamble"]}
    if books_dir:
        extra["books_dir"] = books_dir
    return GameSpec(
        id=spec_id, name=name, bet_ladder=tuple(raw["bet_ladder"]), modes=modes, play=play_fn,
        scene="games.happy_money_hens.scene:HensScene",
        rtp={x.id: float(raw["rtp"]) for x in modes}, max_win_x=int(raw["max_win_x"]),
        version=str(raw["version"]),
        math_files=tuple(str(_HERE / f) for f in ("math.yaml", "mathfile.py", "rules.py", "bonus.py", "pots.py")),
        force_categories=labels, book_forces=forces, simulate=simulate, evaluate=evaluate,
        paytable=paytable, feature_names=FEATURE_NAMES, default_bet=int(raw["default_bet"]), extra=extra)


# Bet modes (kind spin and buy) and the gamble's seven bonus libraries (kind gamble):
# the cabinet plays a won bonus entry as a round of its bonus_* mode.
GAME = spec_for(("spin", "buy", "gamble"), load().raw["id"], load().raw["name"], play)
