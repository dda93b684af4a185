"""The help text and the math file agree on every number the player reads."""
from games.happy_money_hens.math.help import help_pages
from games.happy_money_hens.math.tables import load


def text():
    return "\n".join(t for _, t in help_pages())


def test_help_states_the_pots_rows_coins_and_boosts_of_the_math_file():
    m, t = load(), text()
    assert "FROM THE BOTTOM, 10, 14, 18, 22" in t
    for name, v in (("M-I-N-I", "10X"), ("M-I-N-O-R", "20X"), ("M-A-J-O-R", "50X"), ("G-R-A-N-D", "1000X")):
        assert f"{name}: {v}" in t
    assert "0.5X, 1X, 1.5X, 2X, 2.5X, 3X, 4X, 5X, 10X, 25X, 50X, 100X, 250X" in t
    assert "2X, 3X, 4X, 5X, 6X, 8X, 10X, 12X, 15X, 18X, 20X, 25X, 30X, 40X, 50X, 100X" in t
    assert f"{m.raw['bonus']['lives']} LIVES" in t


def test_help_states_prices_trigger_chances_and_that_levels_change_nothing():
    m, t = load(), text()
    assert f"MYSTERY BONUS: {m.costs['buy_mystery'] / 100:g}X" in t
    assert f"TRIPLE BONUS: {m.costs['buy_triple'] / 100:g}X" in t
    for mode, n in m.trigger.items():
        assert f"{100 * n / m.feature_den:.2f}%" in t
    assert "DOES NOT CHANGE THE CHANCE OF TRIGGERING THE BONUS" in t


def test_help_states_rtp_limits_and_the_real_gamble_chance():
    t = text()
    assert "94.50%" in t and "$250,000.00" in t and "2500X BASE BET" in t
    assert "REAL CHANCE" in t and "EXACTLY THE WIN DIVIDED BY THE PRIZE" in t
    assert "CREDIT / PRICE" in t
