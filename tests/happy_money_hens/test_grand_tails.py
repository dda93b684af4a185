"""The tails of the DOUBLE COINS + POT FILL bonuses (TRIPLE BONUS, the gamble's
DC+PF and DC+PF+HB libraries) to the rules' top (issue #32): GRAND won three times or
more and exactly twice are book categories there, drawn letters last from the rules'
law given the category (math/tails.py), so the libraries hold the rounds above
2,000x the bet at their natural odds and every shown maximum (buy card, rules page)
comes from books that reach them."""
from __future__ import annotations

import pytest

from cabinet.core.books import load_mode
from cabinet.core.rng import Rng
from games.happy_money_hens import GAME
from games.happy_money_hens.math.tables import POT_NAMES, load

MODES = ("buy_triple", "bonus_dc_pf", "bonus_dc_pf_hb")
GRAND_X100 = 100_000          # GRAND's value, x100 of the bet


def test_the_grand_tails_are_the_first_categories_full_boards_included():
    """GRAND won three times or more, then exactly twice, listed first wherever they are
    categories: their strata hold every such round, full boards included (a full board
    listed before them held its two-GRAND rounds as its few books fell: buy_triple until
    2026-12-07)."""
    forces = load().raw["book_forces"]
    for mode in MODES:
        order = list(forces[mode])
        assert order[:2] == ["pot_grand_3", "pot_grand_2"], mode
        assert order[2:] in ([], ["full_board"]), mode
        # GRAND three times is some hundred times rarer than twice; both well above 1e-7
        assert 1e-7 < forces[mode]["pot_grand_3"] < forces[mode]["pot_grand_2"] / 100


@pytest.mark.parametrize("mode", MODES)
def test_a_forced_grand_tail_round_wins_the_grands(mode):
    grand = POT_NAMES.index("GRAND")
    for force, times, exactly in (("pot_grand_3", 3, False), ("pot_grand_2", 2, True)):
        rec = Rng.recording(7)
        rnd = GAME.play(rec, mode, force)
        awards = [e for e in rnd.events if e["type"] == "pot_award" and e.get("pot") == POT_NAMES[grand]]
        assert force in rnd.features and "pot_grand" in rnd.features
        assert (len(awards) == times) if exactly else (len(awards) >= times), (mode, force, awards)
        assert rnd.payout_x100 >= times * GRAND_X100
        again = GAME.play(Rng.for_book(7, rec.trace.values), mode, force)     # replayed from its hint
        assert (again.payout_x100, again.events) == (rnd.payout_x100, rnd.events)


@pytest.mark.parametrize("mode", MODES)
def test_the_library_reaches_three_grands(mode):
    """The shipped library's top (what the buy card and the rules pages show) is a
    round of three GRANDs or more: above everything the rules pay at 1e-6."""
    books = load_mode(GAME, mode)
    assert int(books.payout_x100.max()) >= 3 * GRAND_X100
