"""Every RTP a player or operator reads is true at the bet it is read at (issue #32
item 4). Happy Money Hens pays under a $250,000 limit on a game's wins (pots on top),
which lowers its return at the top bets; one policy (cabinet/core/game_setup.py
`offer_at_bets`) offers each bet mode, the base game included, only at the bets where
its return after the limit is at least config rtp_bounds.min. Every expected figure
here is computed on its own from the book libraries (ModeBooks.rtp_at), not read back
from the screens' code."""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from cabinet.core.mode_books import ModeBooks
from cabinet.core.cabinet import Cabinet
from cabinet.core.round_commit import BetRefused
from cabinet.core.config import load_config
from cabinet.core.startup import Libraries, offer_games
from cabinet.ui.operator.menu import OperatorMenu
from tests.ui.conftest import books_app, open_only, run, serve
from tests.ui.textcheck import text_problems

HENS = "happy_money_hens"
OPTIONS = ("fortune_1_2", "fortune_1_5", "fortune_2", "buy_mystery", "buy_triple")
MIN = Fraction(4, 5)                    # config rtp_bounds.min's default


@pytest.fixture(scope="module")
def app(books_module):
    return books_module


def pct(x: Fraction) -> str:
    return f"{float(x) * 100:.2f}%"


_SEEN: dict[tuple, Fraction] = {}


def returns(setup, mode: str, ladder=None) -> dict[int, Fraction]:
    """The mode's exact return at each bet, from its books under the cabinet's limits
    (each computed once here)."""
    books = setup.library.books(mode)
    out = {}
    for b in ladder or setup.bet_ladder:
        key = (id(books), b, setup.cap)
        if key not in _SEEN:
            _SEEN[key] = books.rtp_at(b, setup.cap)
        out[b] = _SEEN[key]
    return out


def offered_at(setup, mode: str, low: Fraction = MIN) -> list[int]:
    """The bets the policy offers the mode at: a whole-cent price and a return >= low."""
    mode_spec = setup.spec.mode(mode)
    return [b for b, r in returns(setup, mode).items() if r >= low and mode_spec.price_exact(b)]


def bets_cards(app, scene) -> dict[str, tuple[dict[str, str], tuple[str, ...]]]:
    scene.on_action("info")
    info = app.stack.top
    page = next(p for p in info.pages if p.tab == "Bets")
    app.pop(info)
    return {c.title: (dict(c.rows), c.text) for c in page.grid}


def general_text(app, scene) -> str:
    scene.on_action("info")
    info = app.stack.top
    page = next(p for p in info.pages if p.tab == "General")
    app.pop(info)
    return " ".join(t for col in page.columns for c in col for t in c.text)


def at_bet(scene, bet: int) -> None:
    scene.bet_index = scene.ladder.index(bet)
    scene.bet_changed()


# ------------------------------------------------------------------ Happy Money Hens, default config

@pytest.mark.slow
def test_the_lobby_tile_and_the_rules_state_the_range_the_books_give(app):
    setup = app.cabinet.games[HENS]
    ladder = setup.bet_ladder
    cur = app.cabinet.currency
    base = returns(setup, "base")
    assert base[ladder[0]] == setup.library.books("base").rtp()                # $0.10: the books' own RTP
    assert MIN <= base[ladder[-1]] < base[ladder[0]]                           # $8,000: lowered, still offered
    every = [r for m in ("base", *OPTIONS) for b, r in returns(setup, m).items() if b in offered_at(setup, m)]
    lo, hi = min(every), max(every)
    assert lo <= base[ladder[-1]] and pct(hi) == pct(base[ladder[0]])
    while len(app.stack.scenes) > 1:
        app.pop()
    tile = app.stack.top.tile_lines(setup.spec)
    assert tile[1] == f"RTP {float(lo) * 100:.2f}-{pct(hi)}"
    assert tile[3].startswith(f"BET {cur.format(ladder[0])} - {cur.format(ladder[-1])}")
    scene = open_only(app, HENS)
    text = general_text(app, scene)
    uncut = max(b for b in ladder if all(returns(setup, m)[b] == setup.library.books(m).rtp()
                                         for m in ("base", *OPTIONS) if b in offered_at(setup, m)))
    assert f"for this game is {pct(base[ladder[0]])} at bets up to {cur.format(uncut)}." in text
    assert (f"The $250,000.00 limit on a single game's wins lowers the return at bets above {cur.format(uncut)}: "
            f"the base game returns {pct(base[ladder[-1]])} at {cur.format(ladder[-1])}") in text
    assert f"every way to play returns at least {pct(lo)}" in text
    assert "for this game is 94.50%." not in text                              # the sheet's one figure is gone


def test_at_the_top_bet_the_base_game_is_offered_at_its_lowered_return(app):
    setup = app.cabinet.games[HENS]
    scene = open_only(app, HENS)
    top = setup.bet_ladder[-1]
    at_bet(scene, top)
    rows, _ = bets_cards(app, scene)[setup.spec.mode("base").label]
    assert rows["RTP at this bet"] == pct(returns(setup, "base")[top]) and "RTP" not in rows
    assert setup.offers("base", top) and scene.offered("base")
    at_bet(scene, 100)
    rows, _ = bets_cards(app, scene)[setup.spec.mode("base").label]
    assert rows["RTP"] == pct(setup.library.books("base").rtp())


def test_a_return_a_hair_under_the_stated_figure_is_not_shown_as_the_stated_figure(app):
    setup = app.cabinet.games[HENS]
    scene = open_only(app, HENS)
    stated = Fraction(str(setup.spec.rtp["base"]))
    # lowered by the limit (the books' own exact RTP may sit a few 1e-18 either side of the stated figure)
    own = setup.library.books("base").rtp()
    hair = [b for b, r in returns(setup, "base").items() if r < own and r < stated and pct(r) == pct(stated)]
    assert hair
    for bet in hair:                                  # $500: 94.495%, not "94.50%" beside "RTP at this bet"
        at_bet(scene, bet)
        shown = bets_cards(app, scene)[setup.spec.mode("base").label][0]["RTP at this bet"]
        assert shown != pct(stated) and float(shown[:-1]) / 100 == pytest.approx(float(returns(setup, "base")[bet]),
                                                                              abs=1e-5)


@pytest.mark.parametrize("mode", OPTIONS)
def test_an_option_is_offered_exactly_where_its_return_clears_the_minimum_and_refused_above_in_words(app, mode):
    setup, cab = app.cabinet.games[HENS], app.cabinet
    cur = cab.currency
    offered = offered_at(setup, mode)
    price_ok = [b for b in setup.bet_ladder if setup.spec.mode(mode).price_exact(b)]
    assert [b for b in setup.bet_ladder if setup.offers(mode, b)] == offered
    above = [b for b in price_ok if b not in offered]
    label = setup.spec.mode(mode).label
    if not above:                                    # clears 80% at every bet (Fortune bet 1.2x: 82.16% at $8,000)
        assert mode not in setup.option_max_bet
        return
    top = max(offered)
    assert all(returns(setup, mode)[b] < MIN for b in above) and setup.option_max_bet[mode] == top
    assert returns(setup, mode)[top] < setup.library.books(mode).rtp()       # offered although lowered
    words = (f"{label} is offered at bets up to {cur.format(top)}: above, the $250,000.00 win limit would bring "
             f"its return below 80.00%")
    with pytest.raises(BetRefused) as refused:
        cab.start_round(HENS, mode, above[0])
    assert str(refused.value) == words
    scene = open_only(app, HENS)
    at_bet(scene, setup.bet_ladder[-1])
    rows, text = bets_cards(app, scene)[label]
    assert rows["Offered"] == f"at bets up to {cur.format(top)}"
    assert (f"Above {cur.format(top)} the $250,000.00 win limit would bring its return below 80.00%, this "
            "cabinet's minimum, so it is not offered.") in text
    at_bet(scene, top)
    rows, _ = bets_cards(app, scene)[label]
    assert rows["RTP at this bet"] == pct(returns(setup, mode)[top])


def test_the_buy_menu_at_the_top_bet_says_why_and_sells_nothing(app):
    setup, cab = app.cabinet.games[HENS], app.cabinet
    scene = open_only(app, HENS)
    at_bet(scene, setup.bet_ladder[-1])
    scene.on_action("buy_menu")
    menu = app.stack.top
    before = cab.balance
    for i, mode in enumerate(menu.options):
        rows = dict(menu._rows(i))
        assert rows["Offered"] == f"at bets up to {cab.currency.format(max(offered_at(setup, mode.id)))}"
        menu.show(i)
        menu.confirm()
        assert menu.refusal and "would bring its return below 80.00%" in menu.refusal
    assert cab.balance == before
    found = text_problems(app, "buy menu at the top bet")
    app.pop(menu)
    assert not found, "\n".join(found)


@pytest.mark.slow
def test_the_screens_read_the_returns_kept_at_offer_time(app, monkeypatch):
    """No screen computes a return from the books: they were computed once when the
    cabinet offered its games (and the offer needed them)."""
    def refuse(*_args, **_kw):
        raise AssertionError("a screen computed a return from the books")
    monkeypatch.setattr(ModeBooks, "rtp_at", refuse)
    monkeypatch.setattr(ModeBooks, "max_paid_cents", refuse)
    scene = open_only(app, HENS)
    for bet in (scene.ladder[0], scene.ladder[-1]):
        at_bet(scene, bet)
        bets_cards(app, scene)
        general_text(app, scene)
        scene.on_action("buy_menu")
        run(app, 2)
        app.pop(app.stack.top)
    while len(app.stack.scenes) > 1:
        app.pop()
    run(app, 2)
    app.stack.top.tile_lines(app.cabinet.games[HENS].spec)


# ------------------------------------------------------------------ the other games: one figure

@pytest.mark.slow
@pytest.mark.parametrize("gid", ["grinning_harvest", "piggy_farm"])
def test_a_game_with_only_a_multiplier_cap_shows_one_figure_at_every_bet(app, gid):
    setup = app.cabinet.games[gid]
    assert setup.cap.max_cents is None and not setup.withdrawn and not setup.option_max_bet
    modes = [m.id for m in setup.spec.modes if m.kind in ("spin", "buy") and m.id in setup.modes]
    for mode in modes:
        exact = setup.library.books(mode).rtp()
        assert set(returns(setup, mode).values()) == {exact}, mode                   # the books, not a copy
        assert all(not setup.bet_return(mode, b).lowered for b in setup.bet_ladder)
    stated = sorted(setup.spec.rtp[m] for m in modes)
    while len(app.stack.scenes) > 1:
        app.pop()
    tile = app.stack.top.tile_lines(setup.spec)[1]
    assert tile == (f"RTP {pct(Fraction(stated[0]))}" if pct(Fraction(stated[0])) == pct(Fraction(stated[-1]))
                    else f"RTP {stated[0] * 100:.2f}-{pct(Fraction(stated[-1]))}")
    scene = open_only(app, gid)
    for bet in (scene.ladder[0], scene.ladder[-1]):
        at_bet(scene, bet)
        for rows, _ in bets_cards(app, scene).values():
            assert "RTP at this bet" not in rows
    assert "lowers the return" not in general_text(app, scene)


# ------------------------------------------------------------------ the operator's theoretical meter

def test_the_theoretical_meter_is_the_return_at_the_bets_played(tmp_path):
    """Weighted by the stakes at each bet: what the actual RTP beside it should approach
    (one figure for every bet would not be, where a limit lowers the top bets')."""
    for application in serve(books_app(tmp_path)):
        cab = application.cabinet
        setup = cab.games[HENS]
        low, top = 100, setup.bet_ladder[-1]
        for bet, n in ((low, 4), (top, 1)):
            for _ in range(n):
                played = cab.start_round(HENS, "base", bet)
                cab.settle(played.round_id)
        r = returns(setup, "base", (low, top))
        expected = (4 * low * r[low] + top * r[top]) / (4 * low + top)
        menu = OperatorMenu(application)
        application.push(menu)
        run(application, 2)
        page = menu.shown
        assert page.title == "METERS"
        assert page.cabinet_rows[0][6][1].endswith(f"(theory {pct(expected)})")
        hens = next(row for row in page.rows if row[0] == setup.spec.name)
        assert hens[-1] == pct(expected) and pct(expected) != pct(r[low])
        harvest = next(row for row in page.rows if row[0] == "Grinning Harvest")       # not played: its figure
        spec = cab.games["grinning_harvest"].spec
        assert harvest[-1] == f"{min(spec.rtp.values()) * 100:.2f}-{pct(Fraction(max(spec.rtp.values())))}"
        page.on_action("focus_game")
        page.on_action("focus_game")
        modes = {row[0]: row[-1] for row in page.rows}
        assert modes[setup.spec.mode("base").label] == pct(expected)
        fortune = setup.spec.mode("fortune_2").label                                   # not played: its range
        offered = [returns(setup, "fortune_2")[b] for b in offered_at(setup, "fortune_2")]
        assert modes[fortune] == f"{float(min(offered)) * 100:.2f}-{pct(max(offered))}"
        found = text_problems(application, "meters")
        assert not found, "\n".join(found)


# ------------------------------------------------------------------ a higher minimum

def config(tmp_path: Path, extra: str):
    (tmp_path / "config.yaml").write_text(f"data_dir: {tmp_path / 'data'}\nmath_source: books\n"
                                          f"demo_credit: '100000.00'\nsound: {{enabled: false}}\n{extra}")
    return load_config(tmp_path / "config.yaml")


LIBRARIES = Libraries()


@pytest.mark.slow
def test_a_higher_minimum_takes_the_base_game_off_the_bets_where_it_returns_less(tmp_path):
    cfg = config(tmp_path, "rtp_bounds: {min: 0.94, max: 0.99}\n")
    cab = Cabinet(cfg, seed=3)
    setup = cab.games[HENS]
    own = tuple(setup.spec.bet_ladder)
    base = {b: setup.library.books("base").rtp_at(b, setup.cap) for b in own}
    kept = tuple(b for b in own if base[b] >= Fraction(94, 100))
    assert setup.bet_ladder == kept and setup.withdrawn == tuple(b for b in own if b not in kept)
    assert own[-1] in setup.withdrawn and len(kept) < len(own)
    with pytest.raises(BetRefused):
        cab.start_round(HENS, "base", own[-1])                   # $8,000 cannot be played
    for mode in OPTIONS:
        offered = [b for b in kept if setup.offers(mode, b)]
        assert offered == [b for b in kept if setup.spec.mode(mode).price_exact(b)
                           and setup.library.books(mode).rtp_at(b, setup.cap) >= Fraction(94, 100)]
    app = None
    for app in serve(_app(cfg, cab)):
        scene = open_only(app, HENS)
        assert scene.ladder == kept
        at_bet(scene, kept[-1])
        cur = cab.currency
        card = bets_cards(app, scene)["Bets and limits"][1]
        words = (f"Bets above {cur.format(kept[-1])} are not offered: the $250,000.00 win limit would bring the "
                 f"base game's return below 94.00%, this cabinet's minimum.")
        assert words in card
        assert f"the maximum {cur.format(kept[-1])}. {words}" in general_text(app, scene)
        while len(app.stack.scenes) > 1:
            app.pop()
        assert app.stack.top.tile_lines(setup.spec)[3].startswith(f"BET {cur.format(kept[0])} - "
                                                                 f"{cur.format(kept[-1])}")


def _app(cfg, cab):
    from cabinet.ui.app import App, start_scenes
    from cabinet.ui.clock import ManualClock
    application = App(cfg, cab, size=(1600, 900), clock=ManualClock())
    start_scenes(application)
    run(application, 2)
    return application


def test_at_95_percent_happy_money_hens_is_not_offered_and_says_why(tmp_path):
    """A game none of whose bets qualify is not offered, with its reason (the lobby
    shows it); here its stated 94.50% is already below the minimum."""
    offer = offer_games(config(tmp_path, "rtp_bounds: {min: 0.95, max: 0.99}\n"), libraries=LIBRARIES)
    assert HENS not in offer.games
    assert offer.refused[HENS] == ("Happy Money Hens: bet mode base states RTP 94.50%; allowed: 95.00%-99.00% "
                                   "(config rtp_bounds)")
    assert "piggy_farm" in offer.games                       # 96.70%: the rest of the cabinet plays


def test_a_ladder_none_of_whose_bets_clear_the_minimum_keeps_the_game_off_with_the_reason(tmp_path):
    cfg = config(tmp_path, "rtp_bounds: {min: 0.91, max: 0.99}\n"
                           "games: {happy_money_hens: {bet_ladder: ['5000.00', '8000.00']}}\n")
    offer = offer_games(cfg, libraries=LIBRARIES)
    assert HENS not in offer.games
    assert offer.refused[HENS] == ("Happy Money Hens: at every bet of its ladder the win limit brings the Base "
                                   "game's return below 91.00%, this cabinet's minimum; allowed: lower bets, a "
                                   "higher win limit or a lower rtp_bounds.min")
    setup = offer_games(config(tmp_path, ""), libraries=LIBRARIES).games[HENS]      # the same limit, the own ladder
    books = setup.library.books("base")
    assert books.rtp() >= Fraction(91, 100)                   # the books' own RTP clears it: the limit does not
    assert all(books.rtp_at(b, setup.cap) < Fraction(91, 100) for b in (500000, 800000))
