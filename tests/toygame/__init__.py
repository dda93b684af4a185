"""Toy Reels: the test game of the math toolchain (tests only, never in games/)."""
from pathlib import Path

from cabinet.core.game import BetMode, GameSpec

from . import rules

GAME = GameSpec(
    id="toygame",
    name="Toy Reels",
    bet_ladder=(10, 20, 50, 100),
    modes=(BetMode("base", "Spin", 100),
           BetMode("buy_bonus", "Buy Coin Bonus", 2000, kind="buy", description="5 coins")),
    play=rules.play,
    scene="tests.toygame.scene:ToyScene",
    rtp={"base": 0.945, "buy_bonus": 0.952},
    max_win_x=1_250,
    version="toy-1",
    math_files=(str(Path(rules.__file__)),),
    force_categories={"jackpot": "Three crowns on a line"},
    book_forces={"base": {"jackpot": rules.JACKPOT_RATE}},
    simulate=rules.simulate,
    evaluate=rules.evaluate,
    paytable=rules.paytable,
    feature_names=("bonus", "jackpot"),
    extra={"par_info": rules.par_info, "payout_sources": rules.payout_sources},
)
