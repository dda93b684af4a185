"""'Any combination of wins in a single game is limited and will not exceed
$250,000.00 excluding jackpots': the pot awards are paid beyond the limit."""
from cabinet.core.cabinet import Cabinet
from cabinet.core.config import load_config
from cabinet.core.money import win_cents
from cabinet.core.rng import Rng
from games.happy_money_hens import GAME


def test_round_marks_its_pot_awards_as_jackpot():
    rnd = GAME.play(Rng(5), "buy_triple", "pot_grand")
    awards = [e for e in rnd.events if e["type"] == "pot_award"]
    assert any(e["pot"] == "GRAND" for e in awards)
    assert rnd.jackpot_x100 == sum(e["value_x100"] for e in awards)
    assert 0 < rnd.jackpot_x100 <= rnd.payout_x100


def test_grand_at_top_bet_is_paid_beyond_the_limit(tmp_path):
    (tmp_path / "config.yaml").write_text(
        "data_dir: .\nmath_source: live\ndemo_tools: true\ndemo_credit: '9000000.00'\n"
        "games:\n  happy_money_hens:\n    win_limit: '250000.00'\n")
    cab = Cabinet(load_config(tmp_path / "config.yaml"), games={GAME.id: GAME}, seed=3)
    bet = 800_000                                        # $8,000.00, the top of the ladder
    played = cab.start_round(GAME.id, "buy_triple", bet, force="pot_grand")
    jackpot = win_cents(bet, played.round.jackpot_x100)
    other = win_cents(bet, played.round.payout_x100) - jackpot
    assert jackpot >= 1000 * bet                         # the GRAND alone is $8,000,000
    assert played.win_cents == min(other, 25_000_000) + jackpot
    assert played.win_cents > 25_000_000
