"""Issue #36: buy prices like 45.53x read oddly, so the buy menu and the BETS page say
why: each price is its bonus's average win divided by its RTP. Every figure is the
math's: the note's price and RTP from the GameSpec, each card's average win from the
book library, computed here on its own."""
from __future__ import annotations

from dataclasses import replace

import pytest

from cabinet.core.game import BetMode
from cabinet.ui.figures import price_note, times
from games.happy_money_hens import GAME as HENS
from tests.ui.conftest import open_only
from tests.ui.text_record import recorded_texts

ODD_PRICES = ("happy_money_hens", "grinning_harvest")


@pytest.fixture
def app(books_module):
    return books_module


def test_the_note_names_the_first_odd_price_and_the_buys_rtp_from_the_spec():
    buy = next(m for m in HENS.modes if m.kind == "buy")
    note = price_note(HENS, list(HENS.modes))
    assert note.startswith(f"Why {times(buy.cost_x100 / 100)}? ") and "45.53x" in note
    assert f"{HENS.rtp[buy.id] * 100:.2f}% RTP" in note and "average win divided by" in note


def test_no_note_when_every_price_is_a_whole_multiple_and_no_single_rtp_when_they_differ():
    round_prices = (BetMode("base", "Spin", 100), BetMode("buy_a", "A", 4000, kind="buy"))
    assert price_note(HENS, list(round_prices)) == ""
    two = replace(HENS, rtp={"buy_a": 0.95, "buy_b": 0.96})
    note = price_note(two, [BetMode("buy_a", "A", 4553, kind="buy"), BetMode("buy_b", "B", 100, kind="buy")])
    assert (
        note == "Why 45.53x? Each price is the bonus's average win divided by its RTP, so it is rarely a round number."
    )


def average_cents(setup, mode_id: str, bet: int) -> int:
    """What a round of the mode pays on average at this bet, from its books (limits applied)."""
    return round(setup.library.books(mode_id).mean_paid_cents(bet, setup.cap))


@pytest.mark.slow
@pytest.mark.parametrize("gid", ODD_PRICES)
def test_each_buy_card_shows_its_average_win_from_the_books_and_the_list_says_why(app, gid):
    scene = open_only(app, gid)
    setup, cur, bet = app.cabinet.games[gid], app.cabinet.currency, scene.bet
    scene.on_action("buy_menu")
    menu = app.stack.top
    for i, mode in enumerate(menu.options):
        rows = dict(menu._rows(i))
        cents = average_cents(setup, mode.id, bet)
        assert rows["Average win"] == f"{cur.format(cents)} ({times(cents / bet)})"
        rtp = float(setup.library.books(mode.id).rtp_at(bet, setup.cap))          # price x RTP = average win
        assert mode.cost_x100 / 100 * rtp == pytest.approx(cents / bet, abs=0.006)
    note = price_note(scene.spec, scene.modes)
    texts = [t for t, _ in recorded_texts(app)]
    assert note and note in texts
    menu.show(0)                                   # the confirmation page says it too
    assert note in [t for t, _ in recorded_texts(app)]
    app.pop(menu)
    scene.on_action("info")
    info = app.stack.top
    bets = next(p for p in info.pages if p.tab == "Bets")
    assert any(note in c.text for c in bets.grid)
    for card in bets.grid:
        mode = next((m for m in scene.modes if m.label == card.title), None)
        if mode is not None and mode.kind == "buy":
            cents = average_cents(setup, mode.id, bet)
            assert dict(card.rows)["Average win"] == f"{cur.format(cents)} ({times(cents / bet)})"
    app.pop(info)


@pytest.mark.slow
def test_piggy_farm_prices_are_whole_multiples_so_it_says_nothing_more(app):
    scene = open_only(app, "piggy_farm")
    assert all(m.cost_x100 % 100 == 0 for m in scene.buy_modes)
    scene.on_action("buy_menu")
    menu = app.stack.top
    assert menu.note == "" and all("Average win" not in dict(menu._rows(i)) for i in range(len(menu.options)))
    assert not any("average win" in t for t, _ in recorded_texts(app))
    app.pop(menu)
