"""Grinning Harvest: a 3x3, 5-line Halloween game with pumpkins, Collector's Vaults,
four jackpots and a Hold-n-Win bonus with a multiplier row and the Great Skull.

Every number lives in `math.yaml`; `rules.play` is the per-round generator the books
regenerate from; `sim.simulate` is its vectorised twin for `python -m cabinet.math sim`.
"""
from __future__ import annotations

from cabinet.core.game import BetMode, GameSpec

from . import rules
from .help import help_sections, par_info, payout_sources
from .model import MATH_FILE, load
from .sim import simulate

_m = load()

GAME = GameSpec(
    id="grinning_harvest",
    name=_m.raw["name"],
    bet_ladder=tuple(int(c) for c in _m.raw["bet_ladder_cents"]),
    modes=(BetMode("base", "Spin", 100, "spin", "A base-game spin."),)
    + tuple(BetMode(b.id, b.label, b.cost_x100, "buy", b.help) for b in _m.buys),
    play=rules.play,
    scene="games.grinning_harvest.scene:GrinningHarvestScene",
    rtp={"base": float(_m.rtp["base"]), **{b.id: float(_m.rtp["buy"]) for b in _m.buys}},
    max_win_x=int(_m.raw["max_win_x"]),
    version=_m.raw["version"],
    math_files=tuple(str(MATH_FILE.with_name(f)) for f in ("math.yaml", "model.py", "rules.py", "bonus.py")),
    force_categories=dict(rules.FORCE_LABELS),
    book_forces={mode: {k: float(v) for k, v in cats.items()}
                 for mode, cats in (_m.raw.get("book_forces") or {}).items()},
    simulate=simulate,
    evaluate=rules.evaluate,
    paytable=rules.paytable,
    feature_names=rules.FEATURES,
    default_bet=int(_m.raw["default_bet_cents"]),
    extra={"buy_keys": {b.id: b.key for b in _m.buys}, "events": rules.EVENT_TYPES,
           "help": help_sections, "par_info": par_info, "payout_sources": payout_sources,
           "forced_books": {mode: {k: int(v) for k, v in cats.items()}
                            for mode, cats in (_m.raw.get("forced_books") or {}).items()}},
)
