"""The showcase scripts (each game's features in order, real books, no money) and the
library viewer (reel strips, win distribution, strata), on the shipped libraries;
none of them is reachable under real play."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pygame
import pytest

from cabinet.core.books import load_library
from cabinet.ui.figures import pct
from cabinet.ui.game_scene import GameScene
from cabinet.ui.library_stats import one_in, percent, strata, symbol_counts, win_bands
from cabinet.ui.library_view import LibraryView
from cabinet.ui.showcase import Showcase, attract_showcase
from cabinet.ui.showcase_script import ShowcaseError, books, load, parse
from tests.ui.conftest import books_app, open_only, press, run, serve
from tests.ui.textcheck import text_problems, texts
from tests.config_edit import reconfigure

GAMES = ("happy_money_hens", "grinning_harvest", "piggy_farm")


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    yield from serve(books_app(tmp_path_factory.mktemp("showcase")))


def _bits(library, mode: str, book: int) -> set[str]:
    return set(library.features(mode, book))


@pytest.mark.parametrize("game", GAMES)
def test_each_script_step_shows_a_real_book_of_its_kind_the_same_each_time(game):
    library = load_library(game)
    script = load(library)
    picked = books(script, library)
    assert len(picked) >= 8 and picked == books(script, library)
    for step, book in picked:
        w, mode = step.wanted, step.wanted.mode
        assert set(w.features) <= _bits(library, mode, book)
        assert not set(w.without) & _bits(library, mode, book)
        pay = library.payout_x100(mode, book)
        assert pay >= w.min_x100 and (w.max_x100 is None or pay <= w.max_x100)
        rnd = library.round(mode, book)                  # the rules regenerate it as stored
        assert rnd.payout_x100 == pay and set(w.features) <= set(rnd.features)


@pytest.mark.parametrize("data, says", [
    ([], "a mapping with steps"),
    ({"steps": []}, "non-empty list"),
    ({"seed": -1, "steps": [{"caption": "x", "mode": "base"}]}, "seed = -1"),
    ({"steps": [{"caption": "x", "mode": "base", "colour": "red"}]}, "step 1: unknown key 'colour'"),
    ({"steps": [{"caption": "", "mode": "base"}]}, "step 1: caption"),
    ({"steps": [{"caption": "x", "mode": "base"}, {"caption": "y", "mode": "turbo"}]}, "step 2: mode 'turbo'"),
    ({"steps": [{"caption": "x", "mode": "base", "features": ["bonus", "nope"]}]}, "names 'nope'"),
    ({"steps": [{"caption": "x", "mode": "base", "min_x": "lots"}]}, "min_x = 'lots'"),
])
def test_a_bad_script_is_one_line_naming_the_step_and_key(data, says):
    library = load_library("grinning_harvest")
    with pytest.raises(ShowcaseError) as err:
        parse(data, library, Path("showcase.yaml"))
    assert says in str(err.value) and "\n" not in str(err.value)


def test_a_step_no_book_matches_is_refused_by_name():
    library = load_library("grinning_harvest")
    script = parse({"steps": [{"caption": "impossible", "mode": "base", "min_x": 20000}]}, library, Path("s.yaml"))
    with pytest.raises(ShowcaseError, match="step 1 \\(impossible\\).*at least 20000x"):
        books(script, library)


@pytest.mark.slow
def test_the_showcase_plays_each_step_in_recall_mode_and_moves_no_money(app):
    open_only(app, "grinning_harvest")
    app.pop()
    balance, meters, rounds = app.cabinet.balance, app.cabinet.meters(), len(app.cabinet.history(1000))
    show = app.open("showcase", ["grinning_harvest"])
    assert isinstance(show, Showcase) and len(show.items) == len(load(load_library("grinning_harvest")).steps)
    shown = []
    for _ in range(3):
        setup, step, book, number = show.upcoming
        run(app, 100, 1 / 30)                            # the title card, then the round
        scene = app.stack.top
        assert isinstance(scene, GameScene) and scene.recall_mode and scene.played.round_id == 0
        assert scene.played.outcome["book"] == book and step.caption in scene.recall_label[1]
        assert number in scene.recall_label[1]
        shown.append(book)
        for _ in range(4000):                            # the round, its celebration, its close
            if app.stack.top is show:
                break
            if scene.busy:
                scene.skip()
            run(app, 1, 0.1)
        assert app.stack.top is show
    assert shown == [b for _, _, b, _ in show.items[:3]]
    assert (app.cabinet.balance, app.cabinet.meters(), len(app.cabinet.history(1000))) == (balance, meters, rounds)
    press(app, pygame.K_ESCAPE)
    run(app, 2)
    assert app.stack.find("showcase") is None


@pytest.mark.slow
def test_a_book_shown_with_its_celebration_never_moves_the_balance_shown(app):
    from cabinet.core.book_rounds import book_round
    from cabinet.ui.round_show import show_round
    while len(app.stack.scenes) > 1:
        app.pop()
    setup = app.cabinet.games["happy_money_hens"]
    mb = setup.library.books("base")
    book = int(np.flatnonzero(mb.payout_x100 >= 3000)[0])          # a big win: its celebration counts it up
    played = book_round(setup, "base", book)
    balance = app.cabinet.balance
    scene = show_round(app, played, label=("BOOK", "a big win"), celebrate=True)
    seen, celebrated = set(), False
    for _ in range(3000):
        run(app, 1, 0.05)
        hud = scene.hud
        seen.add(scene.shown_balance - hud.held_cents)             # what the HUD draws
        top = app.stack.top
        if top is not scene and hasattr(top, "shown"):             # the celebration over the round
            celebrated = True
            seen.add(top.hud.scene.shown_balance - top.hud.held_cents if top.hud is not None else balance)
        if scene not in app.stack.scenes or (not scene.busy and top is scene and celebrated):
            break
    assert celebrated and seen == {balance} and app.cabinet.balance == balance


def test_the_kiosk_attract_loop_plays_the_showcase_and_a_touch_returns_to_the_lobby(app):
    while len(app.stack.scenes) > 1:
        app.pop()
    balance = app.cabinet.balance
    app.kiosk, app.attract_after = True, 5.0
    try:
        app.last_input = app.time
        show = None
        for _ in range(40):                 # the idle wait, then the script's first step (its length varies)
            run(app, 1, 1.0)
            show = app.stack.find("showcase")
            if show is not None:
                break
        assert show is not None and show.loop and set(show.games) == set(GAMES)
        run(app, 4, 1.0)
        assert isinstance(app.stack.top, GameScene) and app.stack.top.recall_mode
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1))
        run(app, 1)
        assert app.stack.top.scene_name == "lobby" and app.cabinet.balance == balance
    finally:
        app.kiosk = False


def test_real_play_reaches_none_of_these_tools(app):
    from cabinet.ui.demo import ForceMenu
    scene = open_only(app, "piggy_farm")
    reconfigure(app, real_play=True)                # even with demo_tools left on by hand
    try:
        scene.on_action("demo")
        assert not isinstance(app.stack.top, ForceMenu)
        assert attract_showcase(app) is None
        show = app.open("showcase", list(GAMES))
        view = app.open("library", scene)
        assert not show.items and isinstance(view, LibraryView)
        run(app, 3)
        assert app.stack.top is scene and app.stack.find("showcase") is None
    finally:
        reconfigure(app, real_play=False)


# -- the library viewer ---------------------------------------------------------------

def _viewer(app, game):
    scene = open_only(app, game)
    scene.on_action("demo")                     # FORCE, then LIBRARY, as a reviewer clicks
    app.stack.top.on_action("library")
    view = app.stack.top
    assert isinstance(view, LibraryView)
    return view


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_every_viewer_page_shows_its_figures_without_overlapping_text(app, game):
    view = _viewer(app, game)
    library = load_library(game)
    assert [p[1] for p in view.pages if p[0] == "mode"] == list(library.modes)
    problems = []
    for i, (kind, item) in enumerate(view.pages):
        view.page = i
        run(app, 1)
        problems += text_problems(app, f"{game} page {i + 1}")
        shown = texts(app)
        if kind == "mode":
            mb = library.books(item)
            assert f"RTP {pct(mb.rtp())}" in " ".join(shown)
            for band in win_bands(mb):
                assert band.label in shown and percent(band.rtp_share) in shown
        else:
            symbols, counts = symbol_counts(item[1])        # every count of the table, and each total
            wanted = Counter(str(n) for row in counts for n in [*row, sum(row)])
            assert not wanted - Counter(shown)
            assert all(view.game.symbol_name(sym) in shown for sym in symbols)
    assert problems == []
    app.pop(view)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_the_viewer_figures_add_up_to_the_libraries(game):
    library = load_library(game)
    for mode, mb in library.modes.items():
        total_w, total_paid = mb.sums()
        bands, layers = win_bands(mb), strata(mb, library.spec)
        for parts in (bands, layers):
            assert sum(p.weight for p in parts) == total_w and sum(p.books for p in parts) == len(mb)
            assert sum(p.paid for p in parts) == total_paid
        assert Fraction(total_paid, total_w * int(mb.meta["cost_x100"])) == mb.rtp()
    for strips in library.spec.math.par_info()["reel_strips"].values():
        symbols, counts = symbol_counts(strips)
        for r, reel in enumerate(strips):
            assert {s: counts[i][r] for i, s in enumerate(symbols) if counts[i][r]} == Counter(reel)


def test_bands_and_strata_of_a_hand_built_library():
    """Five books: two pay nothing, one 0.5x, one 1.5x, one 10x (forced 'top'); one natural
    book carries 'top' too, so it is in that stratum (the optimizer's rule)."""
    books = SimpleNamespace(
        payout_x100=np.array([0, 50, 150, 1000, 0], dtype=np.int64),
        weight=np.array([3, 1, 2, 2, 2], dtype=np.int64),
        force=np.array([-1, -1, -1, 0, -1], dtype=np.int16),
        features=np.array([0, 0, 0, 1, 1], dtype=np.uint64),
        meta={"feature_names": ["top"], "categories": ["top"]})
    spec = SimpleNamespace(review=SimpleNamespace(force_categories={"top": "Top prize"}),
                           view=SimpleNamespace(feature_labels={}))
    bands = {b.label: b for b in win_bands(books)}
    assert list(bands) == ["0", "<1x", "1-2x", "2-5x", "5-10x", "10-20x"]
    assert bands["0"].share == Fraction(5, 10) and bands["<1x"].share == Fraction(1, 10)
    assert bands["1-2x"].share == Fraction(2, 10) and bands["10-20x"].share == Fraction(2, 10)
    assert bands["1-2x"].rtp_share == Fraction(300, 2350) and bands["10-20x"].rtp_share == Fraction(2000, 2350)
    assert bands["2-5x"].books == 0 and bands["2-5x"].share == 0
    natural, top = strata(books, spec)
    assert (natural.label, natural.books, natural.share) == ("natural", 3, Fraction(6, 10))
    assert (top.label, top.books, top.share, top.rtp_share) == ("Top prize", 2, Fraction(4, 10), Fraction(2000, 2350))
    assert one_in(Fraction(2, 10)) == "1 in 5.0" and one_in(Fraction(1, 7_149_814)) == "1 in 7.1M"
    assert percent(Fraction(1, 10**6)) == "<0.001%" and percent(Fraction(1, 8)) == "12.5%"


@pytest.mark.slow
def test_the_gallery_renders_every_viewer_page(app):
    from cabinet.ui.library_view import library_shots
    saved = []
    library_shots(app, "grinning_harvest", lambda name, caption: saved.append((name, caption)))
    library = load_library("grinning_harvest")
    assert len(saved) == len(library.spec.math.par_info()["reel_strips"]) + len(library.modes)
    assert saved[0][0] == "grinning_harvest__library_01_strips" and "reel strips" in saved[0][1]
    assert app.stack.find("library") is None
