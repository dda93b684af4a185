"""Every figure a screen shows about a game is the math's (issue 15 item 3): the lobby
tile, the bets page and the buy cards are checked against the GameSpec and the book
libraries, computed here on their own, at more than one bet."""
from __future__ import annotations

import numpy as np
import pytest

from cabinet.ui.figures import times
from tests.ui.conftest import open_only as game

GAMES = ("happy_money_hens", "grinning_harvest", "piggy_farm")


@pytest.fixture
def app(books_module):
    return books_module


def largest_paid(setup, mode: str, bet: int) -> int:
    """The largest win any book of the mode pays at this bet, under the cabinet's limits."""
    books = setup.library.books(mode)
    pay = books.payout_x100.astype(np.int64)
    jack = books.jackpot_x100 if books.jackpot_x100 is not None else np.zeros_like(pay)
    paid = bet * pay // 100
    cap = setup.cap
    if cap.max_x is not None and mode not in cap.exempt_modes:
        paid = np.minimum(paid, cap.max_x * bet)
    if cap.max_cents is not None:
        jp = np.minimum(bet * jack // 100, paid)
        paid = np.minimum(paid - jp, cap.max_cents) + jp
    return int(paid.max())


@pytest.mark.slow
def test_each_lobby_tile_states_the_rtp_at_its_bets_the_limit_and_the_bets(app):
    """The RTP: from the lowest return of a spin or buy at a bet it is offered at, after
    the win limits, to the highest (tests/ui/test_rtp_at_bet.py checks the offers)."""
    while len(app.stack.scenes) > 1:
        app.pop()
    lobby = app.stack.top
    cur = app.cabinet.currency
    for gid, setup in app.cabinet.games.items():
        spec = setup.spec
        name, rtp, top, bets = lobby.tile_lines(spec)
        rtps = sorted(float(setup.library.books(m.id).rtp_at(b, setup.cap)) * 100 for m in spec.modes
                      if m.kind in ("spin", "buy") for b in setup.bet_ladder if setup.offers(m.id, b))
        assert rtp == (f"RTP {rtps[0]:.2f}%" if f"{rtps[0]:.2f}" == f"{rtps[-1]:.2f}"
                       else f"RTP {rtps[0]:.2f}-{rtps[-1]:.2f}%")
        if setup.cap.max_cents is not None:
            assert top == f"WINS UP TO {cur.format(setup.cap.max_cents)}"      # the sheet's money limit
        else:
            assert top == f"MAX WIN {spec.max_win_x:,}x"
        assert bets.startswith(f"BET {cur.format(setup.bet_ladder[0])} - {cur.format(setup.bet_ladder[-1])}")
    assert lobby.tile_lines(app.cabinet.games["happy_money_hens"].spec)[2] == "WINS UP TO $250,000.00"


@pytest.mark.slow
@pytest.mark.parametrize("gid", GAMES)
def test_the_bets_page_and_the_buy_cards_state_price_rtp_and_maximum_win_as_the_libraries(app, gid):
    scene = game(app, gid)
    setup = app.cabinet.games[gid]
    cur = app.cabinet.currency
    for index in sorted({0, scene.bet_index, len(scene.ladder) - 1}):      # lowest, default and top bets
        scene.bet_index = index
        bet = scene.bet
        scene.on_action("info")
        info = app.stack.top
        cards = {c.title: dict(c.rows) for c in next(p for p in info.pages if p.tab == "Bets").grid}
        app.pop(info)
        scene.on_action("buy_menu")
        menu = app.stack.top
        buy_rows = {menu.options[i].label: dict(menu._rows(i)) for i in range(len(menu.options))}
        app.pop(menu)
        for mode in scene.modes:
            if mode.kind not in ("spin", "buy"):
                continue
            shown = [cards[mode.label]] + ([buy_rows[mode.label]] if mode.kind == "buy" else [])
            books = setup.library.books(mode.id)
            for rows in shown:
                if setup.not_offered(mode.id, bet) == "price":     # no whole-cent price here: not sold
                    assert rows["Price"] == f"{times(mode.cost_x100 / 100)} the bet"
                    assert rows["Offered"] == f"at bets in steps of {cur.format(mode.exact_bet_step())}"
                    continue
                assert rows["Price"].startswith(cur.format(bet * mode.cost_x100 // 100))
                if not setup.offers(mode.id, bet):
                    assert cur.format(setup.option_max_bet[mode.id]) in rows["Offered"]
                    assert books.rtp_at(bet, setup.cap) < setup.rtp_min or setup.option_limits[mode.id] == "buy_cost"
                    continue
                exact = float(books.rtp_at(bet, setup.cap))
                rtp = rows.get("RTP") or rows["RTP at this bet"]
                assert rtp == f"{exact * 100:.2f}%" or (f"{exact * 100:.2f}%" == f"{setup.spec.rtp[mode.id] * 100:.2f}%"
                                                         and float(rtp[:-1]) == pytest.approx(exact * 100, abs=1e-3))
                assert ("RTP at this bet" in rows) == (books.rtp_at(bet, setup.cap) != books.rtp())
                assert rows["Maximum win"].startswith(cur.format(largest_paid(setup, mode.id, bet)))


def test_piggy_farm_wheel_odds_and_happy_money_hens_trigger_chances_are_the_maths(app):
    from games.happy_money_hens.math.tables import load as hens
    from games.piggy_farm.math.tables import load as piggy
    game(app, "piggy_farm")
    app.stack.top.on_action("info")
    info = app.stack.top
    page = next(p for p in info.pages if p.tab == "Wheel")
    tiers = [c for col in page.columns for c in col if c.picture is not None]
    for card, (tier, slices) in zip(tiers, piggy().wheel.tiers.items()):
        total = sum(s.weight for s in slices)
        assert [v for _, v in card.rows] == [f"{100 * s.weight / total:.1f}%" for s in slices]
    game(app, "happy_money_hens")
    app.stack.top.on_action("info")
    info = app.stack.top
    page = next(p for p in info.pages if p.tab == "Pots")
    rows = dict(r for col in page.columns for c in col for r in c.rows)
    m = hens()
    for mode, n in m.trigger.items():
        assert rows[m.raw["modes"][mode]["label"]].startswith(f"{100 * n / m.feature_den:.2f}%")
