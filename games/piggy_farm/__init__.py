"""Piggy Farm: a 7x7 cluster-tumble game with THE FARM WHEEL, sticky-grid free spins,
an ante (FARM WHEEL BOOST) and seven buys. Every number lives in math.yaml; the
package map is in math/__init__.py and view/__init__.py.
"""
from __future__ import annotations

from pathlib import Path

from cabinet.core.game import BetMode, GameSpec, MathHooks, ReviewHooks, ViewInfo

from . import review

from .math import batch, events, forced, help, many, par, par_live, paytable, rules, sim, tables
from .math.feature_odds import feature_odds

_MATH = Path(__file__).parent
_BET_LADDER = (20, 40, 60, 80, 100, 120, 160, 200, 240, 300, 400, 500, 600, 800, 1000, 1200, 1600, 2000,
               2400, 3000, 4000, 5000, 6000, 8000, 10000)
_PM = tables.load()
_RAW = _PM.raw

GAME = GameSpec(
    id=_RAW["id"],
    name=_RAW["name"],
    # $0.20 to $100, each a multiple of $0.20 (every pay is a multiple of 0.05x: whole cents)
    bet_ladder=_BET_LADDER,
    modes=help.describe_modes(tuple(BetMode(mid, m["label"], int(m["cost_x100"]), m["kind"])
                                    for mid, m in _RAW["modes"].items())),
    play=forced.play,
    rtp={mid: float(_RAW["rtp"]) for mid in _RAW["modes"]},
    max_win_x=_PM.cap_x100 // 100,
    version=rules.VERSION,
    math_files=(str(_MATH / "math.yaml"),),
    events=events.CATALOGUE,
    default_bet=100,
    cap_exempt_modes=tuple(mid for mid, m in _RAW["modes"].items() if m.get("cap_exempt")),
    math=MathHooks(
        simulate=sim.simulate,
        # books: every mode vectorised, exactly play's rounds seed for seed
        play_batch=batch.play_batch,
        play_many=many.play_many,
        # compiled by mypyc for the math tools (python -m cabinet.math compile)
        compiled=("games.piggy_farm.math.rules", "games.piggy_farm.math.board", "cabinet.mechanics.clusters"),
        evaluate=paytable.evaluate,
        paytable=paytable.paytable,
        feature_names=sim.FEATURES,
        par_info=par.par_info,
        payout_sources=par.payout_sources,
        batch_sources=par.batch_sources,
        plain_source=par.PLAIN_SOURCE,
        live_rtp=par_live.live_rtp,
        tail_odds=par_live.tail_odds,
        feature_odds=feature_odds,
        book_forces=forced.book_forces(),
        # max-win books are natural capped rounds found by batched searches (0.1 to ~15 CPU s
        # each): 50 of them carry the 1 in 7,149,814 category (the ante's 1 in 1,062,800);
        # FREE SPINS x5 books (base about 0.25 CPU s each: a gold trigger is 1 in 194,088
        # spins; ante 0.07) put some 5% (base) and 1.5% (ante) of themselves at 5,000x the
        # cost or more, where the natural and wheel books hold only a few; wheel books take
        # the default
        # big wins (math.yaml big_win_x): a hunt's is drawn exactly given the category (0.2 ms a
        # book); HOG WILD's by rejection, about 300,000 rounds (~14 CPU s) a book; the huge wins
        # (math.yaml huge_win_x) by rejection too, about 5,800,000 rounds (~4 CPU minutes) a
        # book. Every batched search's first accepted attempt (these, GROWING SEASON's big
        # wins of 6x its price or more, the max wins' and the wheel books' triggers) is
        # recorded in found.json (`python -m cabinet.math find-books piggy_farm`): the build
        # checks one attempt a book.
        # THE FARM WHEEL's stratum carries the base game's sampling luck (its heavy-tailed
        # free spins: with 3,000 books its mean was +-23% at one standard error, 2.8 pp of
        # RTP, which the weights then took out of the natural books' body, issue #32):
        # 40,000 books (base) and 20,000 (ante, five times as many natural wheel books)
        forced_books={"base": {"max_win": 50, "free_spins_x5": 600, "wheel": 40_000},
                      "ante": {"max_win": 50, "free_spins_x5": 1500, "wheel": 20_000},
                      "golden_egg_hunt": {"big_win": 200}, "egg_hunt": {"big_win": 200},
                      "hog_wild": {"huge_win": 4, "big_win": 8}, "free_spins": {"huge_win": 4},
                      "growing_season": {"big_win": 1000}},
        # FARM WHEEL BUY's value is heavy-tailed (free spins up to the cap): 10,000 books
        # leave its sample RTP 3.8 standard errors from the rules' and the weights would
        # carry 27 pp of it; at 300,000 the books carry it themselves. The free-spins buys
        # and the hunt take enough books for every payout band the rules reach (rates.json
        # bands: FREE SPINS and HOG WILD 50-100x about 1 in 30,000, GOLDEN EGG HUNT 20-50x
        # 1 in 14,000, GROWING SEASON's no-win 1 in 7,500); the hunt's 5,000x egg stratum
        # takes the default 1% of them (1,000 books), drawn exactly given the category.
        # GROWING SEASON pays 10x its price or more about 1 in 770,000 rounds (up to 14x:
        # its wins are spin k's times k, one late spin makes them, so splitting on the win
        # does not split): its rounds of 6x or more are a stratum (math.yaml big_win_x,
        # 1,000 books found by rejection, found.json), the rest 300,000 natural books
        # the ante's books pay 102.8% +- 2.7 pp at equal weights, the luck of its wheel
        # stratum's heavy tail (25,413 books, the top five 15% of its sum): the weights take
        # the correction from each held band's mean by that band's sampling noise, so the
        # tail that brought the luck gives it back and the body's bands hardly move
        # (cabinet/math/optimize.py noise_column; docs/math.md)
        rtp_tilt={"ante": "noise"},
        book_counts={"wheel_buy": 300_000, "free_spins": 300_000, "hog_wild": 300_000, "growing_season": 300_000,
                     "golden_egg_hunt": 100_000},
        found=tables.FOUND,
    ),
    review=ReviewHooks(
        force_categories=dict(forced.FORCES),
        force_modes=dict(forced.FORCE_MODES),
        # a huge win of a buy is about 1 round in 5.8 million: its books keep their searches'
        # attempts (found.json), a live search would hold the screen for a minute or more
        books_only_forces=("huge_win",),
        board_draws=review.board_draws,
        event_adds=review.event_adds,
    ),
    view=ViewInfo(
        scene="games.piggy_farm.view.scene:PiggyFarmScene",
        rules="games.piggy_farm.view.rules_pages",
        help=help.help_pages,
        feature_labels=help.FEATURE_LABELS,
        mode_words=help.mode_words,
        asset_ids=str(Path(__file__).parent / "view" / "asset_ids.yaml"),
    ),
)
