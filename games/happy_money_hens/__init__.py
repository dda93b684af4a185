"""Happy Money Hens: 5x3, 20 lines, three feature pots, the 5x7 mini-reel bonus with
DOUBLE COINS, POT FILL and HAPPY BOOST, fortune bets, two buys, gamble, spin chance.

Modes: base, fortune_1_2, fortune_1_5, fortune_2 (spins), buy_mystery, buy_triple
(buys), and seven `bonus_*` libraries (kind 'gamble', one per feature combination):
the bonuses the gamble's bonus wheel awards. They are not bet modes a player buys
(a UI lists kind 'spin' as spins and kind 'buy' as buys); their cost is the price at
which the library returns 94.5%, and the wheel prices an entry at the library's
exact mean value (math/gamble.py). The package map is in math/__init__.py and
view/__init__.py.
"""
from __future__ import annotations

from pathlib import Path

from cabinet.core.game import BetMode, GameSpec, MathHooks, ReviewHooks, ViewInfo
from cabinet.core.money import WinCap

from . import review
from .math import batch, categories, events, feature_odds, help, many, par, par_live, paytable, rules, sim, tables

_MATH = Path(__file__).parent
_RAW = tables.load().raw

GAME = GameSpec(
    id=_RAW["id"],
    name=_RAW["name"],
    bet_ladder=tuple(_RAW["bet_ladder"]),
    # the math file's modes: spins and buys, and the gamble's seven bonus libraries (kind
    # 'gamble': the cabinet plays a won bonus entry as a round of its bonus_* mode)
    modes=help.describe_modes(tuple(BetMode(mid, v["label"], int(v["cost"]), v.get("kind", "spin"),
                                            v.get("description", "")) for mid, v in _RAW["modes"].items())),
    play=rules.play,
    rtp={mid: float(_RAW["rtp"]) for mid in _RAW["modes"]},
    max_win_x=None,                 # the sheet's limit is money only: win_cap ($250,000.00 a game)
    version=str(_RAW["version"]),
    math_files=(str(_MATH / "math.yaml"),),
    events=events.CATALOGUE,
    default_bet=int(_RAW["default_bet"]),
    # the sheet's limit: $250,000.00 per game, jackpots excluded (no multiple of the bet)
    win_cap=WinCap(max_cents=tables.load().max_win_cents),
    math=MathHooks(
        simulate=sim.simulate,
        play_batch=batch.play_batch,
        play_many=many.play_many,
        # compiled by mypyc for the math tools (python -m cabinet.math compile)
        compiled=("games.happy_money_hens.math.rules", "games.happy_money_hens.math.bonus",
                  "games.happy_money_hens.math.pots", "cabinet.mechanics.lines", "cabinet.mechanics.hold_and_win"),
        evaluate=paytable.evaluate,
        paytable=paytable.paytable,
        feature_names=categories.FEATURE_NAMES,
        par_info=par.par_info,
        payout_sources=par.payout_sources,
        batch_sources=par.batch_sources,
        plain_source=par.PLAIN_SOURCE,
        live_rtp=par_live.live_rtp,
        tail_odds=par_live.tail_odds,
        tail_from_x=par_live.TAIL_FROM_X,
        feature_odds=feature_odds.feature_odds,
        book_forces={mode: {cat: float(f) for cat, f in cats.items()} for mode, cats in _RAW["book_forces"].items()},
        forced_books=_RAW.get("forced_books", {}),
        book_counts=_RAW.get("books", {}),
        # the forced bonuses' searches, recorded by `python -m cabinet.math find-books happy_money_hens`
        found=tables.FOUND,
        # the forced books that regenerate slowest keep their rounds (`python -m cabinet.math
        # bench --regen`: 2.1-7.9x the slowest natural bonus rounds of their mode): big
        # HAPPY BOOST bonuses drawn contents last (their coins, pots and boosts given the
        # total), GRAND won two or three times, full boards of a long bonus
        stored_rounds={"base": ("full_board",), "fortune_1_5": ("pot_grand", "full_board"),
                       "buy_mystery": ("pot_grand_3", "pot_grand_2"), "bonus_dc": ("big_bonus",),
                       "bonus_pf": ("pot_grand_2",), "bonus_hb": ("big_bonus",), "bonus_pf_hb": ("big_bonus",),
                       "bonus_dc_hb": ("big_bonus",)},
    ),
    review=ReviewHooks(
        force_categories=dict(help.FORCE_LABELS),
        # the modes with a big_bonus threshold, and those listing GRAND won several times
        force_modes={"big_bonus": tuple(tables.load().big_bonus_x100),
                     **{cat: tuple(mode for mode, cats in _RAW["book_forces"].items() if cat in cats)
                        for cat in categories.MULTI_GRAND}},
        board_draws=review.board_draws,
        event_adds=review.event_adds,
        payout_forces=review.payout_forces,
    ),
    view=ViewInfo(
        scene="games.happy_money_hens.view.scene:HensScene",
        rules="games.happy_money_hens.view.rules_pages",
        help=help.help_pages,
        feature_labels=help.FEATURE_LABELS,
        mode_words=help.mode_words,
        feature_words=help.feature_labels,
        asset_ids=str(Path(__file__).parent / "view" / "asset_ids.yaml"),
        buy_keys={"buy_mystery": 1, "buy_triple": 2},
    ),
)
