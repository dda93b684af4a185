"""config.yaml's currency is an ISO 4217 code (issue #37 item 2): its minor units (EUR
100, JPY 1, KWD 1000) decide how every amount in the file is written, and a refusal says
what is allowed in that currency."""
from __future__ import annotations

import pytest

from cabinet.core.config import load_config
from cabinet.core.schema import ConfigError


def load(tmp_path, text):
    path = tmp_path / "config.yaml"
    path.write_text(f"data_dir: {tmp_path / 'data'}\n" + text, encoding="utf-8")
    return load_config(path)


def refusal(tmp_path, text) -> str:
    with pytest.raises(ConfigError) as err:
        load(tmp_path, text)
    return str(err.value)


def test_the_code_gives_the_minor_units_every_amount_is_read_in(tmp_path):
    jpy = load(tmp_path, 'currency: {code: JPY}\ndemo_credit: "5000"\n'
                         'games:\n  grinning_harvest: {bet_ladder: ["20", "100", "500"], default_bet: "100"}\n')
    assert (jpy.currency.units, jpy.demo_credit) == (1, 5000)
    assert jpy.games["grinning_harvest"].bet_ladder == (20, 100, 500)
    kwd = load(tmp_path, 'currency: {code: KWD}\ndemo_credit: "1000.000"\ncash: {denominations: ["0.500", "5.000"]}\n'
                         'games:\n  grinning_harvest: {bet_ladder: ["0.100", "0.250"], default_bet: "0.250"}\n')
    assert (kwd.currency.units, kwd.demo_credit, kwd.cash.denominations) == (1000, 1000000, (500, 5000))
    assert kwd.games["grinning_harvest"].bet_ladder == (100, 250)


def test_an_amount_with_the_wrong_decimals_for_the_currency_says_what_is_allowed(tmp_path):
    line = refusal(tmp_path, 'currency: {code: JPY}\ndemo_credit: "1000.00"\n')
    assert "demo_credit" in line and "no decimals" in line and "1 minor units" in line and 'like "1000"' in line
    line = refusal(tmp_path, 'currency: {code: KWD}\ncash: {denominations: ["0.50"]}\n')
    assert "cash.denominations" in line and "3 decimals" in line and 'like "20.000"' in line
    line = refusal(tmp_path, 'currency: {code: KWD}\ngames:\n  piggy_farm: {bet_ladder: ["1.00"]}\n')
    assert "bet_ladder" in line and "3 decimals" in line


def test_a_code_outside_the_data_and_a_lone_separator_are_refused(tmp_path):
    line = refusal(tmp_path, "currency: {code: XYZ}\n")
    assert "currency.code" in line and "EUR" in line and "JPY" in line and "KWD" in line
    line = refusal(tmp_path, 'currency: {code: EUR, thousands: "."}\n')
    assert "only one is set" in line and "both" in line
    assert load(tmp_path, 'currency: {code: EUR, thousands: "", decimal: ","}\n').currency.format(123456) == "€1234,56"
