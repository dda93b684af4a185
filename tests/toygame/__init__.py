"""Toy Reels: the template game (tests only, never in games/). Every game has this
shape: `__init__.py` holding only `GAME = GameSpec(...)`, `math.yaml` (every number),
`math/` (no pygame: tables, rules, events, sim, paytable, help, par), `view/` (the
scene and its pictures) and, for design-only scripts, `tools/`."""
from pathlib import Path

from cabinet.core.game import GameSpec, MathHooks, ReviewHooks, ViewInfo

from .math import events, help, par, paytable, rules, sim, tables

_HERE = Path(__file__).parent
_RAW = tables.load().raw

GAME = GameSpec(
    id=_RAW["id"],
    name=_RAW["name"],
    bet_ladder=tuple(_RAW["bet_ladder"]),
    modes=tables.bet_modes(),
    play=rules.play,
    rtp={mid: float(v) for mid, v in _RAW["rtp"].items()},
    max_win_x=int(_RAW["max_win_x"]),
    version=_RAW["version"],
    math_files=(str(_HERE / "math.yaml"),),
    events=events.CATALOGUE,
    math=MathHooks(
        simulate=sim.simulate,
        evaluate=paytable.evaluate,
        paytable=paytable.paytable,
        feature_names=rules.FEATURES,
        par_info=par.par_info,
        payout_sources=par.payout_sources,
        tail_odds=par.tail_odds,
        book_forces={"base": {"jackpot": rules.JACKPOT_RATE, "top_coin": rules.top_coin_stratum_rate()}},
        forced_books={"base": {"top_coin": 50}},
        # every feature rate is exact here (every stop combination enumerated)
        rate_targets={mode: {k: float(v) for k, v in rules.exact_rates(mode).items() if 0 < v < 1}
                      for mode in _RAW["modes"]},
    ),
    review=ReviewHooks(force_categories=dict(rules.FORCE_LABELS)),
    view=ViewInfo(scene="tests.toygame.view.scene:ToyScene", help=help.help_pages),
)
