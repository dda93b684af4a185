"""Grinning Harvest: a 3x3, 5-line Halloween game with pumpkins, Collector's Vaults,
four jackpots and a Hold-n-Win bonus with a multiplier row and the Great Skull.

Every number lives in `math.yaml`; `math/rules.play` is the per-round generator the
books regenerate from; `math/sim.simulate` is its vectorised twin. The package map is
in math/__init__.py and view/__init__.py.
"""
from __future__ import annotations

from pathlib import Path

from cabinet.core.game import BetMode, GameSpec, MathHooks, ReviewHooks, ViewInfo

from . import review
from .math import batch, events, feature_odds, forced, help, many, par, par_live, paytable, rules, sim, tables

_MATH = Path(__file__).parent
_M = tables.load()
_RAW = _M.raw

GAME = GameSpec(
    id="grinning_harvest",
    name=_RAW["name"],
    bet_ladder=tuple(int(c) for c in _RAW["bet_ladder_cents"]),
    modes=(BetMode("base", "Spin", 100, "spin", "A base-game spin."),)
    + tuple(BetMode(b.id, b.label, b.cost_x100, "buy", b.help) for b in _M.buys),
    play=forced.play,
    rtp={"base": float(_M.rtp["base"]), **{b.id: float(_M.rtp["buy"]) for b in _M.buys}},
    max_win_x=int(_RAW["max_win_x"]),
    version=_RAW["version"],
    math_files=(str(_MATH / "math.yaml"),),
    events=events.CATALOGUE,
    default_bet=int(_RAW["default_bet_cents"]),
    math=MathHooks(
        # forced books are natural rounds given their category (math/rules.py proposal): the
        # builder keeps them at equal weights and tilts only the natural books
        forced_natural=True,
        simulate=sim.simulate,
        play_batch=batch.play_batch,
        play_many=many.play_many,
        # compiled by mypyc for the math tools (python -m cabinet.math compile)
        compiled=("games.grinning_harvest.math.rules", "games.grinning_harvest.math.bonus",
                  "cabinet.mechanics.lines", "cabinet.mechanics.hold_and_win"),
        evaluate=paytable.evaluate,
        paytable=paytable.paytable,
        feature_names=rules.FEATURES,
        par_info=par.par_info,
        payout_sources=par.payout_sources,
        batch_sources=par.batch_sources,
        plain_source=par.PLAIN_SOURCE,
        live_rtp=par_live.live_rtp,
        tail_odds=par_live.tail_odds,
        tail_from_x=100,          # par_live.tail_odds: exact without the bonus + trigger odds x 12,000,000 bonuses
        feature_odds=feature_odds.feature_odds,
        book_forces={mode: {k: float(v) for k, v in cats.items()}
                     for mode, cats in (_RAW.get("book_forces") or {}).items()},
        forced_books={mode: {k: int(v) for k, v in cats.items()}
                      for mode, cats in (_RAW.get("forced_books") or {}).items()},
        book_counts={mode: int(n) for mode, n in (_RAW.get("books") or {}).items()},
        # the forced books' searches, recorded by `python -m cabinet.math find-books grinning_harvest`
        found=tables.FOUND,
    ),
    review=ReviewHooks(
        force_categories=dict(rules.FORCE_LABELS),
        board_draws=review.board_draws,
        event_adds=review.event_adds,
    ),
    view=ViewInfo(
        scene="games.grinning_harvest.view.scene:GrinningHarvestScene",
        rules="games.grinning_harvest.view.rules_pages",
        help=help.help_pages,
        feature_labels=help.FEATURE_LABELS,
        asset_ids=str(Path(__file__).parent / "view" / "asset_ids.yaml"),
        buy_keys={b.id: b.key for b in _M.buys},
    ),
)
