"""A buy is offered only at the bets where its price is exactly its cost, a whole
number of minor units (cabinet.core.game.BetMode.price_exact, applied by
GameSetup.offers): Happy Money Hens' Mystery bonus costs 45.53x the bet, so not at
$0.10 ($4.553) but at $1.00 ($45.53); the buy card and the buy key say why, and
a refused buy charges nothing."""
from __future__ import annotations

import pygame
import pytest

from cabinet.core.round_commit import BetRefused
from cabinet.core.game import BetMode
from cabinet.ui.buy_menu import BuyMenu
from games.happy_money_hens import GAME
from tests.ui.conftest import game_app, open_game, run, shift


def test_a_price_is_exact_only_at_multiples_of_its_bet_step():
    mystery, triple, fortune = (BetMode("m", "M", 4553, "buy"), BetMode("t", "T", 9404, "buy"),
                                BetMode("f", "F", 120))
    assert (mystery.exact_bet_step(), triple.exact_bet_step(), fortune.exact_bet_step()) == (100, 25, 5)
    assert [b for b in (10, 20, 25, 40, 50, 100, 150, 200) if triple.price_exact(b)] == [25, 50, 100, 150, 200]
    assert [b for b in (10, 50, 99, 100, 300) if mystery.price_exact(b)] == [100, 300]
    for mode in (mystery, triple, fortune):
        for bet in range(1, 1001):
            assert mode.price_exact(bet) == (bet % mode.exact_bet_step() == 0)
            assert mode.price_exact(bet) == (mode.cost_cents(bet) * 100 == bet * mode.cost_x100)


def test_the_cabinet_sells_a_buy_only_where_its_price_is_exact(tmp_path):
    app = game_app(tmp_path, GAME, seed=4)
    cab = app.cabinet
    try:
        setup = cab.games[GAME.id]
        assert setup.bet_ladder == (10, 100, 1500)
        assert setup.not_offered("buy_mystery", 10) == "price" and setup.offers("buy_mystery", 100)
        assert setup.not_offered("buy_triple", 10) == "price" and setup.offers("buy_triple", 100)
        assert setup.offers("base", 10) and setup.offers("fortune_1_2", 10)
        before = cab.balance
        with pytest.raises(BetRefused, match=r"Mystery bonus is offered at bets in steps of \$1\.00: "
                                             r"at \$0\.10 its price would not be whole cents"):
            cab.start_round(GAME.id, "buy_mystery", 10)
        assert cab.balance == before and cab.meters()["games_played"] == 0
        played = cab.start_round(GAME.id, "buy_mystery", 100)
        assert played.cost_cents == 4553 and cab.balance == before - 4553    # the win is credited at settle
    finally:
        app.checkpoints.close()
        pygame.display.quit()


def test_the_buy_card_and_the_buy_key_say_why_a_buy_is_off_this_bet(tmp_path):
    app = game_app(tmp_path, GAME, seed=4)
    try:
        scene = open_game(app)
        scene.bet_index = 0                                # $0.10
        scene.bet_changed()
        index = [m.id for m in scene.buy_modes].index("buy_mystery")
        shift(app, pygame.K_1 + index)                     # the buy's key opens its card
        menu = app.stack.top
        assert isinstance(menu, BuyMenu) and menu.option == index
        card = menu._option_card(index)
        rows = dict(card.rows)
        assert rows["Offered"] == "at bets in steps of $1.00" and rows["Price"] == "45.53x the bet"   # no $4.55
        assert "At this bet its price (45.53x) would not be whole cents" in card.text[-1]
        before = app.cabinet.balance
        menu.confirm()
        assert menu.refusal.startswith("Mystery bonus is offered at bets in steps of $1.00")
        run(app, 2)
        assert app.cabinet.balance == before and app.cabinet.meters()["games_played"] == 0
        app.pop(menu)
        scene.bet_index = 1                                # $1.00: offered, at exactly 45.53
        assert dict(menu._option_card(index).rows)["Price"].startswith("$45.53")
        assert "Offered" not in dict(menu._option_card(index).rows)
    finally:
        app.checkpoints.close()
        pygame.display.quit()
