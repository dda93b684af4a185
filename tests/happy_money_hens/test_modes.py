"""FORTUNE BET, BONUS BUY and PAYBACK sentences."""
import pytest
from cabinet.core.rng import Rng
from games.happy_money_hens import GAME
from games.happy_money_hens.math.analysis import bonus_rate
from games.happy_money_hens.math.tables import n_features, combo_from_code
from games.happy_money_hens.math.pots import combo_odds
from games.happy_money_hens.math.rules import play


def bonuses(mode, count, seed=0):
    rng, out = Rng(seed), []
    while len(out) < count:
        r = play(rng, mode)
        if "bonus" in r.features:
            out.append(r)
    return out


def codes(rounds):
    return [[e for e in r.events if e["type"] == "pot_trigger"][0]["code"] for r in rounds]


def test_fortune_bets_cost_1_2_1_5_and_2_times_the_bet():
    assert {m.id: m.cost_x100 for m in GAME.modes if m.id.startswith("fortune")} == \
        {"fortune_1_2": 120, "fortune_1_5": 150, "fortune_2": 200}


def test_every_fortune_bet_awards_more_bonuses_through_the_pseudo_mechanism():
    base = bonus_rate("base")
    for mode in ("fortune_1_2", "fortune_1_5", "fortune_2"):
        assert bonus_rate(mode) > base


def test_fortune_1_5_bonuses_start_with_at_least_2_features():
    assert all(n_features(combo_from_code(c)) >= 2 for c in codes(bonuses("fortune_1_5", 6)))
    assert all(combo_odds("fortune_1_5")[c] == 0 for c in (1, 2, 4))


def test_fortune_2_bonuses_start_with_all_3_features():
    assert codes(bonuses("fortune_2", 5)) == ["DC+PF+HB"] * 5
    assert set(c for c, p in combo_odds("fortune_2").items() if p) == {0, 7}


def test_awards_stay_those_of_the_base_bet():
    # payouts are hundredths of the base bet in every mode: the same board pays the same
    a = play(Rng(12), "base")
    b = play(Rng(12), "fortune_1_2")
    lines = lambda r: [e["pay_x100"] for e in r.events if e["type"] == "line_win"]
    assert lines(a) == lines(b)


def test_buying_shows_a_base_game_delivering_the_3_feature_symbols_then_the_purchase():
    for mode in ("buy_mystery", "buy_triple"):
        for seed in range(5):
            r = play(Rng(seed), mode)
            t = r.event_types()
            assert t[:5] == ["reel_stop"] * 5
            fs = [e for e in r.events if e["type"] == "feature_symbol"]
            assert sorted(e["pot"] for e in fs) == ["BLUE", "GOLD", "RED"]
            shown = [s for e in r.events if e["type"] == "reel_stop" for s in e["symbols"]]
            assert sorted(x for x in shown if x in ("BLUE", "RED", "GOLD")) == ["BLUE", "GOLD", "RED"]
            assert t.index("pot_trigger") < t.index("bonus_start")


def test_mystery_gives_any_combination_and_triple_all_three():
    seen = set(codes([play(Rng(s), "buy_mystery") for s in range(150)]))
    assert seen == {"DC", "PF", "HB", "DC+PF", "DC+HB", "PF+HB", "DC+PF+HB"}
    assert set(codes([play(Rng(s), "buy_triple") for s in range(10)])) == {"DC+PF+HB"}


def test_buy_prices_are_in_base_bets_and_follow_the_bet():
    mystery, triple = GAME.mode("buy_mystery"), GAME.mode("buy_triple")
    assert mystery.kind == triple.kind == "buy"
    assert triple.cost_cents(200) == 2 * triple.cost_cents(100)


def test_stated_rtp_is_94_50_percent_in_every_mode():
    assert set(GAME.rtp.values()) == {0.945} and set(GAME.rtp) == {m.id for m in GAME.modes}


def test_bet_range_is_0_10_to_8000():
    assert GAME.bet_ladder[0] == 10 and GAME.bet_ladder[-1] == 800_000


def test_gamble_bonus_libraries_exist_for_all_7_combinations_and_are_not_bet_modes():
    assert [m.id for m in GAME.modes if m.kind == "gamble"] == \
        ["bonus_dc", "bonus_pf", "bonus_dc_pf", "bonus_hb", "bonus_dc_hb", "bonus_pf_hb", "bonus_dc_pf_hb"]
    assert [m.id for m in GAME.modes if m.kind == "buy"] == ["buy_mystery", "buy_triple"]


def test_forced_rounds_land_in_their_own_disjoint_category():
    r = play(Rng(1), "base", "combo_DC+PF+HB")
    assert "combo_DC+PF+HB" in r.features and not {"pot_grand", "full_board"} & set(r.features)
    assert [e for e in r.events if e["type"] == "pot_trigger"][0]["code"] == "DC+PF+HB"
    # buy_triple lists full_board alone (math.yaml book_forces): any full board, GRAND or not
    r = play(Rng(2), "buy_triple", "full_board")
    assert "full_board" in r.features
    end = [e for e in r.events if e["type"] == "bonus_end"][0]
    assert end["full_board"] and len(end["paying"]) == 35
    r = play(Rng(3), "fortune_2", "pot_grand")
    assert "pot_grand" in r.features and "GRAND" in [e for e in r.events if e["type"] == "bonus_end"][0]["pots_won"]


@pytest.mark.slow
def test_a_gamble_bonus_librarys_forced_full_board_is_the_first_attempt_in_it_and_replays_from_its_hint():
    from cabinet.core.forcing import substream
    from games.happy_money_hens.math.bonus import HensBonus
    from games.happy_money_hens.math.tables import load
    rng = Rng.recording(5)
    r = play(rng, "bonus_pf", "full_board")
    assert "full_board" in r.features
    end = [e for e in r.events if e["type"] == "bonus_end"][0]
    assert end["full_board"] and len(end["paying"]) == 35
    (k,) = rng.trace.values
    # every earlier attempt's bonus (each on Rng(its sub-stream's first seed)) is
    # outside the category: the kept one is the natural bonus given a full board
    key = Rng(5).seed64()
    m = load()
    for j in range(0, k, max(1, k // 40)):
        b = HensBonus(Rng(substream(key, j).seed64()), m, 2, [])
        b.run()
        assert not b.full_board(), j
    again = play(Rng.for_book(5, [k]), "bonus_pf", "full_board")
    assert again.events == r.events and again.payout_x100 == r.payout_x100
    # the GRAND of a gamble bonus library, the same way
    r = play(Rng(6), "bonus_pf_hb", "pot_grand")
    assert "pot_grand" in r.features and "GRAND" in [e for e in r.events if e["type"] == "bonus_end"][0]["pots_won"]


def test_book_forces_cover_the_rare_awards_in_every_bet_mode():
    for mode in ("base", "fortune_1_2", "fortune_1_5", "fortune_2", "buy_mystery"):
        assert {"pot_grand", "full_board"} <= set(GAME.math.book_forces[mode])
    assert {"combo_DC+PF", "combo_DC+HB", "combo_PF+HB", "combo_DC+PF+HB"} <= set(GAME.math.book_forces["base"])
    # the gamble's bonus libraries where a full board is rare (no DOUBLE COINS) force it
    # first, then their top bands: bonus_pf's two GRANDs (50-100x its cost), bonus_hb's and
    # bonus_pf_hb's big bonuses (10-20x; bonus_pf_hb's below its GRANDs, listed before), and
    # bonus_pf_hb's tail, a GRAND and >= 1,200x the bet (big_grand), before its other GRANDs
    assert list(GAME.math.book_forces["bonus_pf"]) == ["full_board", "pot_grand_2"]
    assert list(GAME.math.book_forces["bonus_hb"]) == ["full_board", "big_bonus"]
    assert list(GAME.math.book_forces["bonus_pf_hb"]) == ["full_board", "big_grand", "pot_grand", "big_bonus"]


def test_payout_sources_split_every_round_exactly():
    from games.happy_money_hens.math.par import payout_sources
    for mode in ("base", "buy_mystery"):
        for seed in range(30):
            r = play(Rng(seed), mode)
            parts = payout_sources(r)
            assert sum(parts.values()) == r.payout_x100 and min(parts.values()) >= 0
