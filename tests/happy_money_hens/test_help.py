"""The help text and the math file agree on every number the player reads, and it
says what the sheet says (in sentence case, as the other games' pages)."""
from games.happy_money_hens.math.help import FEATURE_LABELS, FORCE_LABELS, general_rules, help_pages, sections, x
from games.happy_money_hens.math.tables import load


def text():
    return "\n".join(t for _, t in help_pages())


def test_help_states_the_pots_rows_coins_and_boosts_of_the_math_file():
    m, t = load(), text()
    b = m.raw["bonus"]
    assert "from the bottom, " + ", ".join(str(c) for c in b["row_counts"]) in t
    for name in ("MINI", "MINOR", "MAJOR", "GRAND"):
        assert f"{'-'.join(b['pots'][name]['letters'])}: a fixed value of {x(b['pots'][name]['value'])}" in t
    assert ", ".join(x(v) for v in b["cash_values"]) in t
    assert ", ".join(x(v) for v in b["boost_values"]) in t
    assert f"and {b['lives']} lives" in t


def test_help_states_trigger_chances_and_that_levels_change_nothing():
    m, t = load(), text()
    for mode, n in m.trigger.items():
        assert f"{m.raw['modes'][mode]['label']}: {100 * n / m.feature_den:.2f}%" in t
    assert "does not increase the chance of triggering the bonus" in t


def test_help_states_rtp_limits_and_the_real_gamble_chance():
    t = text()
    g = load().raw["gamble"]
    assert "94.50%" in t and "$250,000.00, excluding jackpots" in t
    assert f"{g['limit_x']:,}x the base bet or $250,000.00, whichever is lower" in t
    assert "the real chance can be much lower than it looks" in t
    assert "exactly the chance of winning the spin" in t


def test_the_sheets_general_rules_are_all_there():
    t = " ".join(" ".join(p) for _, _, p in general_rules())
    for rule in ("recover to the last known state", "Malfunction voids all pays and plays",
                 "is pre-determined", "odds of getting any particular outcome are always the same",
                 "will not exceed $250,000.00, excluding jackpots"):
        assert rule in t


def test_no_internal_id_and_no_text_of_another_game_reaches_the_player():
    t = text() + " ".join(" ".join(p) for _, p in sections().values()) + " ".join(FEATURE_LABELS.values())
    t += " ".join(FORCE_LABELS.values())
    for leak in ("FORTUNE_1_2", "fortune_1_2", "DC+PF", "combo_", "pot_grand", "buy_mystery", "in clusters",
                 "/100000"):
        assert leak not in t, leak
    assert not any(line.isupper() and len(line) > 40 for line in t.split("\n"))     # not all capitals


def test_force_labels_name_every_forcing_category_in_the_sheets_words():
    from games.happy_money_hens.math import categories

    assert set(FORCE_LABELS) >= {"pot_grand", "full_board"} | {
        f for f in categories.FEATURE_NAMES if f.startswith("combo_")
    }
    assert FORCE_LABELS["pot_grand"] == "GRAND pot won"
    assert FORCE_LABELS["combo_DC+PF"] == "Bonus: Double Coins + Pot Fill"
    assert FORCE_LABELS["combo_HB"] == "Bonus: Happy Boost"
    assert "35 mini reels" in FORCE_LABELS["full_board"]
    from games.happy_money_hens.math.tables import load
    low = load().big_grand_x100["bonus_pf_hb"]                     # 1,200x the bet (math.yaml big_grand_x)
    assert FORCE_LABELS["big_grand"] == f"GRAND pot won, {x(low)} the bet or more in all"
    assert FEATURE_LABELS["big_grand"] == ""           # the history says 'GRAND pot won' and the win
    for label in FORCE_LABELS.values():            # no id: no code letters, no underscores
        assert "_" not in label and not any(code in label.split() for code in ("DC", "PF", "HB")), label
