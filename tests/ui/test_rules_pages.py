"""The rules pages of every game (issue 17 item 1): each lays out at every bet of the
ladder, the paytables show every symbol's art beside its pays at the current bet as
the math pays them, the line diagrams are all there, each feature has its picture,
the sheet's general rules are on their page, and no internal id or another game's
text reaches a player."""
from __future__ import annotations

import re

import pytest

from cabinet.core.money import win_cents
from cabinet.ui.rules_page import RulesLayout
from tests.ui.conftest import open_only

GAMES = ("happy_money_hens", "grinning_harvest", "piggy_farm")
IDS = re.compile(r"\b(fortune_1_2|fortune_1_5|fortune_2|buy_[a-z_]+|combo_[A-Z+]+|DC\+PF|pot_[a-z]+|vaults_3|"
                 r"big_win|max_win|risk_the_farm|wheel_buy|golden_egg_hunt)\b|\d+/100000")


@pytest.fixture
def app(books_module):
    return books_module


def info_for(app, gid, bet_index=None):
    scene = open_only(app, gid)
    if bet_index is not None:
        scene.bet_index = bet_index
    scene.on_action("info")
    return scene, app.stack.top


def page_text(info, index) -> list[str]:
    return [t for t, *_ in info.laid(index).texts]


@pytest.mark.slow
@pytest.mark.parametrize("gid", GAMES)
def test_every_page_lays_out_at_every_bet_of_the_ladder(app, gid):
    scene, info = info_for(app, gid)
    layout = RulesLayout(app.assets)
    for index in range(len(scene.ladder)):
        scene.bet_index = index
        for page in type(info)(app, scene).pages:          # built at this bet
            layout.lay_out(page)                           # raises RulesLayoutError if it cannot fit


@pytest.mark.parametrize("gid", GAMES)
def test_the_paytable_shows_every_paying_symbol_with_its_art_and_its_pays_at_the_bet(app, gid):
    scene, info = info_for(app, gid, bet_index=-1)
    page = info.pages[info.paytable_index()]
    assert page.paytable and page.grid
    table = scene.spec.math.paytable()
    cards = {c.title: c for c in page.grid}
    assert len(cards) >= len(table["symbols"])              # every symbol of the math has a card
    for card in cards.values():
        assert card.picture is not None                     # the symbol's own art beside it
    amounts = {v for c in page.grid for _, v in c.rows}
    for pays in table["pays"].values():
        for x in pays.values():
            assert scene.app.cabinet.currency.format(win_cents(scene.bet, round(float(x) * 100))) in amounts


def test_happy_money_hens_shows_all_20_lines_and_grinning_harvest_all_5(app):
    for gid, n in (("happy_money_hens", 20), ("grinning_harvest", 5)):
        scene, info = info_for(app, gid)
        page = next(p for p in info.pages if p.tab == "Lines")
        assert len(scene.spec.math.paytable()["lines"]) == n
        pictures = [c.picture for col in page.columns for c in col if c.picture] + [c.picture for c in page.grid
                                                                                      if c.picture]
        shown = sum(
            p.key[2] if p.key[0] == "lines_sheet" else 1 for p in pictures if p.key[0] in ("line", "lines_sheet")
        )
        assert shown == n


@pytest.mark.slow
def test_each_feature_has_its_picture(app):
    wanted = {"happy_money_hens": ("Bonus", "Pots", "Features", "Gamble"),
              "grinning_harvest": ("Bonus", "Multipliers", "Pumpkins"),
              "piggy_farm": ("Clusters", "Wheel", "Free spins")}
    for gid, tabs in wanted.items():
        _, info = info_for(app, gid)
        for tab in tabs:
            page = next(p for p in info.pages if p.tab == tab)
            cards = [c for col in page.columns for c in col] + list(page.grid)
            assert any(c.picture is not None for c in cards), (gid, tab)
    _, info = info_for(app, "piggy_farm")
    wheels = next(p for p in info.pages if p.tab == "Wheel")
    tiers = [c for col in wheels.columns for c in col if c.picture is not None]
    assert len(tiers) == 3 and all(len(c.rows) >= 5 and c.rows[0][1].endswith("%") for c in tiers)  # slices, odds


def test_the_bonus_board_pages_show_the_row_counts_and_the_multiplier_rule(app):
    _, info = info_for(app, "happy_money_hens")
    bonus = " ".join(page_text(info, next(i for i, p in enumerate(info.pages) if p.tab == "Bonus")))
    assert "10, 14, 18, 22" in bonus
    _, info = info_for(app, "grinning_harvest")
    mult = " ".join(page_text(info, next(i for i, p in enumerate(info.pages) if p.tab == "Multipliers")))
    assert "OVER A HELD PUMPKIN" in mult and "does nothing" in mult


@pytest.mark.parametrize("gid", GAMES)
def test_the_sheets_general_rules_are_on_the_general_page(app, gid):
    _, info = info_for(app, gid)
    index = next(i for i, p in enumerate(info.pages) if p.tab == "General")
    text = " ".join(page_text(info, index)).lower()
    for rule in (("recover", "resume"), ("voids all",), ("decided", "pre-determined"), ("always the same",),
                 ("limited", "at most", "maximum prize")):
        assert any(r in text for r in rule), rule


@pytest.mark.slow
@pytest.mark.parametrize("gid", GAMES)
def test_no_page_shows_an_internal_id_or_another_games_rule(app, gid):
    _, info = info_for(app, gid, bet_index=-1)
    for index, page in enumerate(info.pages):
        text = " ".join(page_text(info, index)) + " " + page.title + " " + page.note
        assert not IDS.search(text), (page.title, IDS.search(text).group(0))
        assert "never pay on lines" not in text and "in clusters" not in text.replace("no clusters", "")
        if gid == "grinning_harvest":
            assert "cluster" not in text.lower()
        if gid == "piggy_farm":
            assert "payline" not in text.lower().replace("no paylines", "")


@pytest.mark.parametrize("gid", GAMES)
def test_shift_p_opens_the_paytable_and_closes_it_there(app, gid):
    scene, info = info_for(app, gid)
    info.page = len(info.pages) - 1
    info.on_action("paytable")
    assert info.pages[info.page].paytable
    info.on_action("paytable")
    assert app.stack.top is scene


def test_the_keyboard_page_lists_every_key_and_all_seven_piggy_farm_buys(app):
    scene, info = info_for(app, "piggy_farm")
    index = next(i for i, p in enumerate(info.pages) if p.tab == "Keys")
    text = page_text(info, index)
    for mode in scene.buy_modes:
        assert mode.label in text
    for k in range(1, len(scene.buy_modes) + 1):
        assert f"SHIFT+{k}" in text
    for action in ("spin", "bet_up", "bet_down", "autoplay", "turbo", "info", "paytable", "history", "close",
                   "sound", "music", "fullscreen", "screenshot", "buy_menu", "confirm"):
        assert app.input.describe(action) in " ".join(text), action


def test_every_game_configures_the_rules_engine_and_names_its_features():
    import importlib

    from cabinet.core.game import discover
    for gid, spec in discover().items():
        module = importlib.import_module(spec.view.rules)
        assert callable(module.pages) and callable(module.general_rules), gid
        assert set(spec.math.feature_names) <= set(spec.view.feature_labels), gid      # every feature has its words
        for mode in spec.modes:
            if mode.kind in ("spin", "buy"):
                assert mode.description, (gid, mode.id)                      # the buy menu says what it gives
