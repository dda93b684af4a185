"""Issue 15's buy-cost cap, the config half: `max_buy_cost` caps what a single buy may
cost; a buy dearer than that at a bet is not offered there, and the refusal says why
(the cabinet's option_refusal path), validated like the rest of config."""
from __future__ import annotations

import pytest

from cabinet.core.cabinet import Cabinet
from cabinet.core.round_commit import BetRefused
from cabinet.core.config import load_config
from cabinet.core.schema import ConfigError
from cabinet.core.startup import prepare
from tests.toygame import GAME          # buy_bonus costs 20x the bet; ladder 0.10 0.20 0.50 1.00


def cabinet(tmp_path, cap: str) -> Cabinet:
    (tmp_path / "config.yaml").write_text(f"data_dir: .\nmath_source: live\ndemo_credit: '500.00'\n"
                                          f"max_buy_cost: {cap}\n")
    return Cabinet(load_config(tmp_path / "config.yaml"), games={GAME.id: GAME}, seed=3)


def test_a_buy_dearer_than_the_cap_is_not_offered_at_that_bet_and_says_why(tmp_path):
    cab = cabinet(tmp_path, '"10.00"')
    setup = cab.games[GAME.id]
    assert [setup.offers("buy_bonus", b) for b in setup.bet_ladder] == [True, True, True, False]
    assert setup.offers("base", 100)                                   # spins are not buys
    played = cab.start_round(GAME.id, "buy_bonus", 50)                 # 10.00: within the cap
    assert played.cost_cents == 1000
    with pytest.raises(BetRefused) as refused:
        cab.start_round(GAME.id, "buy_bonus", 100)                     # 20.00: above it
    assert str(refused.value) == ("Buy Coin Bonus is offered at bets up to $0.50: above, a single buy may cost at "
                                  "most $10.00 on this cabinet")
    assert cab.balance == 50000 - 1000                                 # nothing debited for the refusal


def test_a_cap_below_every_price_keeps_the_buy_off_the_cabinet(tmp_path):
    cab = cabinet(tmp_path, '"1.00"')
    with pytest.raises(BetRefused, match="Buy Coin Bonus is not offered on this cabinet: a single buy may cost at "
                                         "most \\$1.00"):
        cab.start_round(GAME.id, "buy_bonus", 10)


def test_no_cap_offers_every_buy(tmp_path):
    cab = cabinet(tmp_path, "null")
    assert all(cab.games[GAME.id].offers("buy_bonus", b) for b in cab.games[GAME.id].bet_ladder)


@pytest.mark.parametrize("value, words", [('"10"', "2 decimals"), ("10.5", "wrong type"), ('"-5.00"', "from")])
def test_a_bad_cap_is_refused_naming_the_key(tmp_path, value, words):
    (tmp_path / "config.yaml").write_text(f"max_buy_cost: {value}\n")
    with pytest.raises(ConfigError) as err:
        load_config(tmp_path / "config.yaml")
    line = str(err.value)
    assert line.startswith("max_buy_cost = ") and words in line and "allowed" in line


def test_the_cap_and_a_win_limit_each_hold_where_they_are_lower(tmp_path):
    """Happy Money Hens from its books: the win limit keeps some options below the top
    bets; a cap lower still is the reason at the bets it cuts."""
    (tmp_path / "config.yaml").write_text('data_dir: data\nmax_buy_cost: "100.00"\n')
    plan = prepare(tmp_path / "config.yaml", create=False)
    setup = plan.offer.games["happy_money_hens"]
    buys = [m.id for m in setup.spec.modes if m.kind == "buy"]
    for mode in buys:
        top = setup.option_max_bet[mode]
        assert setup.spec.mode(mode).cost_cents(top) <= 10000
        assert setup.option_limits[mode] == "buy_cost"
        above = [b for b in setup.bet_ladder if b > top]
        assert above and not setup.offers(mode, above[0])
