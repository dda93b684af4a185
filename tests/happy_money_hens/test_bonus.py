"""BONUS GAME, DOUBLE COINS, POT FILL and HAPPY BOOST sentences, on hand-built bonus
states (row 0 is the bottom row)."""
from games.happy_money_hens.math.bonus import HensBonus
from games.happy_money_hens.math.tables import load
from cabinet.core.rng import Rng

from .helpers import NeverRng, ScriptedRng, bonus, cash, land, pot_fill, types

DC, PF, HB = 1, 2, 4


def test_15_active_mini_reels_and_4_inactive_rows_with_counts_10_14_18_22():
    b = bonus(DC)
    assert (b.board.rows, b.board.reels) == (7, 5)
    assert b.active == [True, True, True, False, False, False, False]
    assert b.counts == {3: 10, 4: 14, 5: 18, 6: 22}


def test_every_coin_on_an_active_row_decrements_each_inactive_row_count():
    b = bonus(DC)
    land(b, {(0, 0): cash(100), (1, 2): cash(50), (5, 1): cash(200)})   # (5,1) lands on an inactive row
    b.spin()
    assert b.counts == {3: 8, 4: 12, 5: 16, 6: 20}


def test_double_coins_decrement_the_counts_by_2():
    b = bonus(DC)
    land(b, {(0, 0): cash(100, double=True), (2, 4): cash(50)})
    b.spin()
    assert b.counts == {3: 7, 4: 11, 5: 15, 6: 19}


def test_double_coins_pay_two_coins_of_the_same_value():
    b = bonus(DC, cells={(0, 0): cash(250, double=True), (0, 1): cash(100)})
    assert b.total_x100() == 2 * 250 + 100


def test_when_a_count_reaches_zero_the_row_activates_and_its_coins_count():
    b = bonus(DC, cells={(3, 0): cash(1000)})
    b.counts[3] = 1
    assert b.total_x100() == 0                     # inactive row: not paid
    land(b, {(0, 0): cash(100)})
    b.spin()
    assert b.active[3] and "row_activate" in types(b.events)
    assert b.total_x100() == 1000 + 100


def test_coins_stick_on_inactive_rows_but_are_not_processed():
    b = bonus(PF)
    land(b, {(4, 2): pot_fill("MINI")})
    b.spin()
    coin = b.board.cells[4][2]
    assert coin["kind"] == "pot_fill" and b.names == [0, 0, 0, 0]
    assert b.board.lives == 2                      # no coin on an active row


def test_pot_fill_coins_on_an_inactive_row_are_processed_when_it_activates():
    b = bonus(PF, cells={(3, 1): pot_fill("MINOR", hidden_cash=300)})
    b.counts[3] = 1
    land(b, {(0, 0): cash(100)})
    b.spin()
    assert b.names[1] == 1 and b.board.cells[3][1]["kind"] == "cash"
    assert b.board.cells[3][1]["value_x100"] == 300


def test_three_lives_minus_one_per_round_reset_by_a_coin_on_an_active_row():
    b = bonus(DC)
    assert b.board.lives == 3
    land(b, {})
    b.spin()
    assert b.board.lives == 2
    land(b, {(6, 0): cash(50)})                    # inactive row: no reset
    b.spin()
    assert b.board.lives == 1
    land(b, {(1, 1): cash(50)})
    b.spin()
    assert b.board.lives == 3


def test_at_zero_lives_the_bonus_ends_paying_all_coins_on_active_rows():
    b = bonus(DC, rng=NeverRng(1), cells={(0, 0): cash(100), (2, 4): cash(2500), (6, 0): cash(25000)})
    b.start = lambda: None                         # keep the hand-built start
    land(b, {})                                    # nothing lands any more
    total = b.run()
    assert total == 2600 and b.board.lives == 0
    assert b.events[-1]["type"] == "bonus_end" and b.events[-1]["total_x100"] == 2600


def test_the_bonus_starts_with_coins_stuck_on_active_rows():
    m = load()
    for seed in range(20):
        b = HensBonus(Rng(seed), m, DC, [])
        b.start()
        held = list(b.board.held())
        assert min(m.start_counts) <= len(held) <= max(m.start_counts)
        assert all(r < 3 for (r, _), _ in held)
        assert b.events[0]["type"] == "bonus_start" and len(b.events[0]["stuck"]) == len(held)


def test_starting_pot_fill_coins_add_their_letter_and_turn_into_cash():
    b = bonus(PF, rng=ScriptedRng([0, 0]))
    coins = iter([pot_fill("MAJOR", hidden_cash=150)] + [cash(100)] * 10)
    import games.happy_money_hens.math.bonus as mod
    orig = mod.draw_coin
    mod.draw_coin = lambda rng, m, combo: next(coins)
    try:
        b.start()
    finally:
        mod.draw_coin = orig
    assert b.names[2] == 1
    assert all(c["kind"] == "cash" for _, c in b.board.held())
    assert "letters" in types(b.events) and "coin_convert" in types(b.events)


def test_pot_fill_letters_complete_a_name_and_pay_its_pot_into_the_coin():
    b = bonus(PF)
    b.names[0] = 3                                  # M-I-N- ; one letter to MINI
    land(b, {(0, 0): pot_fill("MINI", hidden_cash=400)})
    b.spin()
    coin = b.board.cells[0][0]
    assert coin["value_x100"] == 1000 and b.names[0] == 0 and b.awards == ["MINI"]
    assert [e for e in b.events if e["type"] == "pot_award"][0]["pot"] == "MINI"


def test_pot_values_are_mini_10_minor_20_major_50_grand_1000():
    m = load()
    assert dict(zip(("MINI", "MINOR", "MAJOR", "GRAND"), m.pot_values.tolist())) == \
        {"MINI": 1000, "MINOR": 2000, "MAJOR": 5000, "GRAND": 100000}
    assert ["".join(x) for x in m.pot_letters] == ["MINI", "MINOR", "MAJOR", "GRAND"]


def test_the_bonus_begins_with_all_pot_names_empty_and_a_won_name_resets():
    b = bonus(PF)
    assert b.names == [0, 0, 0, 0]
    b.names[3] = 4
    land(b, {(1, 1): pot_fill("GRAND")})
    b.spin()
    assert b.names[3] == 0 and b.board.cells[1][1]["value_x100"] == 100000


def test_a_pot_fill_coin_changes_to_a_cash_coin_if_the_pot_was_not_awarded():
    b = bonus(PF)
    land(b, {(1, 1): pot_fill("GRAND", hidden_cash=250)})
    b.spin()
    coin = b.board.cells[1][1]
    assert coin["kind"] == "cash" and coin["value_x100"] == 250 and b.names[3] == 1


def test_a_double_pot_fill_coin_adds_two_letters():
    b = bonus(DC | PF)
    land(b, {(0, 2): pot_fill("MINOR", hidden_cash=100, double=True)})
    b.spin()
    assert b.names[1] == 2
    assert b.board.cells[0][2]["value_x100"] == 200       # turns into a double cash coin
    b.names[0] = 3
    land(b, {(0, 3): pot_fill("MINI", double=True)})
    b.spin()
    assert b.awards == ["MINI"] and b.names[0] == 1          # second letter starts the name again


def test_happy_boost_boosts_only_coins_on_active_rows_by_the_listed_values():
    m = load()
    assert m.boost_values.tolist() == [v * 100 for v in (2, 3, 4, 5, 6, 8, 10, 12, 15, 18, 20, 25, 30, 40, 50, 100)]
    for seed in range(30):
        b = HensBonus(Rng(seed), m, HB, [])
        b.board.place(0, 0, cash(100))
        b.board.place(5, 0, cash(100))
        b._boost()
        assert b.board.cells[5][0]["value_x100"] == 100    # inactive row: never boosted
        for e in b.events:
            for x in e["boosts"]:
                assert x["row"] < 3 and x["add_x100"] in m.boost_values.tolist()


def test_cash_values_are_the_listed_ones():
    assert load().cash_values.tolist() == [int(v * 100) for v in
                                           (0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 10, 25, 50, 100, 250)]


def test_all_mini_reels_without_stuck_coins_spin_and_a_full_board_plays_out_its_lives():
    """'When the number of lives reaches zero, the bonus ends': a full board does not
    end it; with nothing left to land, three more rounds run the lives down."""
    b = bonus(DC)
    for r in range(7):
        for c in range(5):
            if (r, c) != (0, 0):
                b.board.place(r, c, cash(50))
    assert b.board.open_cells() == [(0, 0)]
    for r in range(3, 7):
        b.active[r] = True
    b.counts = {3: 0, 4: 0, 5: 0, 6: 0}
    land(b, {(0, 0): cash(100)})
    b.spin()
    assert b.full_board() and not b.board.finished and b.board.lives == 3
    land(b, {})                                   # nothing can land on a full board
    spins = 0
    while not b.board.finished:
        b.spin()
        spins += 1
    assert spins == 3 and b.board.lives == 0 and b.total_x100() == 34 * 50 + 100


def test_no_line_wins_are_awarded_during_the_bonus():
    from games.happy_money_hens.math.rules import play
    r = play(Rng(4), "buy_triple")
    start = r.event_types().index("bonus_start")
    assert "line_win" not in r.event_types()[start:]
