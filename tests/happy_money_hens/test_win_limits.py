"""The sheet's limits and no other: 'ANY COMBINATION OF WINS IN A SINGLE GAME IS LIMITED
AND WILL NOT EXCEED $250,000.00 EXCLUDING JACKPOTS', and a gamble win is collected
when it 'WOULD EXCEED THE WIN LIMIT OF 2500X BASE BET OR $250,000.00, WHICHEVER IS THE
LOWER VALUE'. No multiple of the bet caps a round; the cabinet applies the money limit."""
from cabinet.core.cabinet import Cabinet
from cabinet.core.config import load_config
from cabinet.core.money import WinCap
from cabinet.core.rng import Rng
from games.happy_money_hens import GAME
from games.happy_money_hens.math.gamble import start_gamble
from games.happy_money_hens.math.help import help_pages
from games.happy_money_hens.math.categories import FEATURE_NAMES
from games.happy_money_hens.math.rules import play
from games.happy_money_hens.math.gamble import gamble_cap
from games.happy_money_hens.math.tables import load

from .test_gamble import FakeLibrary


def cabinet(tmp_path, extra=""):
    (tmp_path / "config.yaml").write_text("data_dir: .\nmath_source: live\ndemo_credit: '9000000.00'\n" + extra)
    return Cabinet(load_config(tmp_path / "config.yaml"), games={GAME.id: GAME}, seed=3)


def test_the_game_states_a_money_limit_only():
    assert GAME.max_win_x is None                              # no invented multiple of the bet
    assert GAME.win_cap == WinCap(max_x=None, max_cents=25_000_000)
    assert "max_win_x" not in load().raw and "capped" not in FEATURE_NAMES
    for bet in GAME.bet_ladder:                                # the same $250,000.00 at every bet
        assert GAME.win_cap.limit_cents(bet) == 25_000_000


def test_rounds_are_never_capped_by_the_rules():
    rnd = play(Rng(5), "buy_triple", "full_board")
    assert not rnd.capped and rnd.payout_x100 == [e for e in rnd.events if e["type"] == "round_end"][0]["payout_x100"]
    assert "win_cap" not in GAME.events and "cap" not in GAME.events


def test_the_cabinet_holds_the_game_to_250000_excluding_jackpots_without_any_config(tmp_path):
    cab = cabinet(tmp_path)
    cap = cab.games[GAME.id].cap
    assert cap.max_x is None and cap.max_cents == 25_000_000
    # a hand-built 5,000x round with a 1,000x GRAND at the top bet: the GRAND is paid in full
    bet = 800_000
    win, capped = cap.apply(bet * 5000, bet, "base", jackpot=bet * 1000)
    assert capped and win == 25_000_000 + bet * 1000
    # at $0.10 the same 5,000x is $500.00: nothing is cut (the old 5,000x cap would not show either)
    assert cap.apply(10 * 5000, 10, "base") == (50_000, False)
    assert cap.apply(10 * 6000, 10, "base") == (60_000, False)


def test_a_config_limit_can_only_lower_the_game_limit(tmp_path):
    low = cabinet(tmp_path, "games:\n  happy_money_hens:\n    win_limit: '1000.00'\n")
    assert low.games[GAME.id].cap.max_cents == 100_000


def test_gamble_limit_is_2500x_or_250000_whichever_is_lower():
    cap = gamble_cap()
    assert cap == WinCap(max_x=2500, max_cents=25_000_000)
    for bet in GAME.bet_ladder:
        assert cap.limit_cents(bet) == min(2500 * bet, 25_000_000)
        assert start_gamble(bet, bet, FakeLibrary()).limit_cents == min(2500 * bet, 25_000_000)


def test_help_states_the_sheets_limits_and_no_5000x():
    text = "\n".join(t for _, t in help_pages())
    assert "will not exceed $250,000.00, excluding jackpots" in text
    assert "2,500x the base bet or $250,000.00, whichever is lower" in text
    assert "5,000x" not in text.lower() and "5000x" not in text.lower()
