"""The review tools (issue 20 items 1-4): the review bar's pause, single step and
slow motion, the math overlay's figures against the libraries, replay by round id
(typed in the bar, `main.py --replay`, `--replay-book`), every payout band and a
hand-built board forced through the real rules; and none of it with real play."""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pygame
import pytest

import main
from cabinet.core.hand_board import load_board
from cabinet.core.replay import ReplayError, book_round, round_by_id
from cabinet.core.review_draws import bands
from cabinet.core.review_math import book_facts, event_adds
from cabinet.core.win_tiers import big_win_tier
from cabinet.ui.demo import ForceMenu
from cabinet.ui.math_overlay import facts
from cabinet.ui.review_words import category_words
from tests.ui.conftest import books_app, finish_round, make_app, press, run, serve
from tests.ui.textcheck import text_problems
from tests.real_play import trust_lines
from tests.config_edit import reconfigure

K = pygame


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    yield from serve(books_app(tmp_path_factory.mktemp("review")))


def game_on_top(app, game_id):
    while app.stack.top.scene_name != "lobby":
        app.pop()
    scene = app.open_game(game_id)
    run(app, 2)
    return scene


def play_forced(app, scene, force, mode=None):
    scene.force_next, scene.force_mode = force, mode
    assert scene.play(), scene.message_text
    return scene.played


@pytest.mark.slow
@pytest.mark.parametrize("game", ["happy_money_hens", "grinning_harvest", "piggy_farm"])
def test_every_payout_band_is_forced_with_a_round_of_that_payout(lab, game):
    scene = game_on_top(lab, game)
    menu = ForceMenu(lab, scene)
    offered = {force for force, _, _ in menu.bands}
    assert {"win:none", "win:big", "win:mega", "win:epic", "win:max"} <= offered
    setup = lab.cabinet.games[game]
    for force, _, mode in menu.bands:
        played = play_forced(lab, scene, force, mode)
        band = bands(scene.spec, lab.config)[force]
        p = played.round.payout_x100
        if force == "win:none":
            assert p == 0 and played.win_cents == 0
        elif force in ("win:big", "win:mega", "win:epic"):
            assert big_win_tier(played.win_cents, played.bet_cents, played.cost_cents, lab.config) == force[4:]
        elif force == "win:max":
            limit = setup.cap.limit_cents(played.bet_cents, played.mode)
            top = int(setup.library.books(played.mode).payout_x100.max())
            assert played.win_cents >= limit or p == top
        else:
            assert band.lo_x100 <= p < band.hi_x100
        assert lab.cabinet.ledger.round(played.round_id).outcome["force"] == force
        scene.presentation.skip_to_end()
        finish_round(lab, scene)
        while lab.stack.top is not scene:
            lab.pop()


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["base", "fortune_1_5", "fortune_2"])
def test_the_force_menu_lists_only_categories_the_modes_library_holds_and_each_plays(lab, mode):
    scene = game_on_top(lab, "happy_money_hens")
    scene.mode_id = mode
    menu = ForceMenu(lab, scene)
    listed = [force for force, _ in menu.categories]
    if mode != "base":          # the fortune bets' libraries hold no single-feature bonus
        assert "combo_DC" not in listed and "combo_PF" not in listed
    assert not any("cannot be played" in str(w.label) for w in menu.widgets)
    for i, force in enumerate(listed):                       # every button the menu offers plays
        run(lab, 2)                                          # (a celebration the last round queued)
        while lab.stack.top is not scene:
            lab.pop()
        menu = ForceMenu(lab, scene)
        lab.push(menu)
        menu.on_action(f"force_{i}")
        assert lab.stack.top is scene and scene.force_next == force
        assert scene.play(), scene.message_text
        scene.presentation.skip_to_end()
        finish_round(lab, scene)
        while lab.stack.top is not scene:
            lab.pop()
    scene.mode_id = "base"


def test_a_force_the_mode_cannot_hold_is_refused_in_the_players_words(lab):
    scene = game_on_top(lab, "happy_money_hens")
    scene.mode_id = "fortune_1_5"
    before = lab.cabinet.balance
    scene.force_next = "combo_DC"                  # set by hand: the menu does not offer it here
    assert not scene.play()
    text = scene.message_text
    assert text == (f"{scene.spec.review.force_categories['combo_DC']} cannot be forced here "
                    f"({scene.spec.mode('fortune_1_5').label}): its library holds no such round at this bet")
    assert "/" not in text and "combo_" not in text and "fortune_1_5" not in text and lab.cabinet.balance == before
    scene.mode_id = "base"


@pytest.mark.slow
def test_every_shipped_board_is_listed_by_its_name_and_plays(lab):
    for gid in ("happy_money_hens", "grinning_harvest", "piggy_farm"):
        scene = game_on_top(lab, gid)
        menu = ForceMenu(lab, scene)
        shipped = sorted((Path(__file__).parents[2] / "games" / gid / "review" / "boards").glob("*.yaml"))
        assert menu.bad_boards == 0 and len(menu.boards) >= len(shipped) > 0
        labels = [w.label for w in menu.widgets if getattr(w, "action", "").startswith("board_")]
        assert all("cannot be played" not in str(label) for label in labels)
        run(lab, 2)
        while lab.stack.top is not scene:
            lab.pop()
        lab.push(menu)
        menu.on_action("board_0")
        assert scene.play(), scene.message_text
        scene.presentation.skip_to_end()
        finish_round(lab, scene)
        while lab.stack.top is not scene:
            lab.pop()


def test_the_gamble_band_opens_the_gamble(lab):
    scene = game_on_top(lab, "happy_money_hens")
    played = play_forced(lab, scene, "win:gamble", "base")
    assert 500 <= played.round.payout_x100 < 1500
    scene.presentation.skip_to_end()
    finish_round(lab, scene)
    run(lab, 3)
    if type(lab.stack.top).__name__ == "BigWin":      # a bonus round's total-win summary comes first
        assert scene.is_bonus(played)
        for _ in range(100):
            run(lab, 1, 0.1)
            if type(lab.stack.top).__name__ != "BigWin":
                break
        run(lab, 1)                                     # the offer comes once the game is on top again
    run(lab, 2)
    assert scene.offers.offered is not None             # offered: GAMBLE opens it
    scene.on_action("gamble")
    assert lab.stack.top.scene_name != scene.scene_name and "Gamble" in type(lab.stack.top).__name__
    lab.pop()


def test_a_hand_built_board_plays_its_cells_through_the_rules(lab):
    scene = game_on_top(lab, "happy_money_hens")
    specs = {k: s.spec for k, s in lab.cabinet.games.items()}
    board = load_board(Path(__file__).parents[2] / "games/happy_money_hens/review/boards/egg_line_and_gold.yaml", specs)
    played = play_forced(lab, scene, board.force, board.mode)
    shown = [e["symbols"] for e in played.round.events if e["type"] == "reel_stop"]
    assert [[col[r] for col in shown] for r in range(3)] == [["K", "CHICK", "Q", "J", "EGG"],
                                                             ["EGG", "WILD", "J", "WILD", "EGG"],
                                                             ["Q", "K", "WILD", "GOLD", "GOLD"]]
    lines = [e for e in played.round.events if e["type"] == "line_win"]
    assert any(e["symbol"] == "EGG" and e["count"] == 5 for e in lines)
    assert len([e for e in played.round.events if e["type"] == "feature_symbol"]) == 2
    # the ledger's outcome regenerates the same round without the file
    again = lab.cabinet.replay(played.round_id)
    assert again.round.events == played.round.events
    scene.presentation.skip_to_end()
    finish_round(lab, scene)


def test_a_board_the_reels_cannot_show_is_refused_in_one_line(tmp_path, lab):
    bad = tmp_path / "b.yaml"
    bad.write_text("game: happy_money_hens\ncells: [[WILD, A, A, A, A], [A, A, A, A, A], [A, A, A, A, A]]\n")
    with pytest.raises(ValueError) as exc:
        load_board(bad, {k: s.spec for k, s in lab.cabinet.games.items()})
    assert "never shows" in str(exc.value) and "\n" not in str(exc.value)


def test_pause_single_step_and_slow_motion_drive_the_presentation(lab):
    scene = game_on_top(lab, "piggy_farm")
    desk = lab.review
    played = play_forced(lab, scene, "win:big", "base")
    press(lab, K.K_F5)                                     # pause
    assert desk.paused and desk.active
    pres = scene.presentation
    index, elapsed = pres.index, pres.elapsed
    run(lab, 30, 0.1)
    assert (pres.index, pres.elapsed) == (index, elapsed)  # nothing moves while paused
    before = pres.current.event
    press(lab, K.K_F6)                                     # one event on
    for _ in range(200):
        run(lab, 1, 0.1)
        if desk._step_from is None:
            break
    assert desk.paused and pres.current.event != before
    at = pres.current.event
    run(lab, 20, 0.1)
    assert pres.current.event == at                        # paused again after the step
    press(lab, K.K_F7)
    press(lab, K.K_F5)                                     # resume at half speed
    assert desk.speed == 0.5 and desk.scene_dt(0.1) == pytest.approx(0.05)
    press(lab, K.K_F7)
    assert desk.scene_dt(0.1) == pytest.approx(0.025)
    press(lab, K.K_F7)
    assert desk.speed == 1.0
    assert played is scene.played
    scene.presentation.skip_to_end()
    finish_round(lab, scene)
    while lab.stack.top is not scene:
        lab.pop()


@pytest.mark.parametrize("game", ["happy_money_hens", "grinning_harvest", "piggy_farm"])
def test_the_math_overlay_reads_the_book_from_the_library(lab, game):
    scene = game_on_top(lab, game)
    played = play_forced(lab, scene, "win:epic", None if game != "happy_money_hens" else "base")
    library = lab.cabinet.games[game].library
    book = played.outcome["book"]
    mb = library.books(played.mode)
    f = book_facts(library, played.mode, book)
    assert f.weight == int(mb.weight[book]) and f.total_weight == sum(mb.weight.tolist())
    assert f.probability == pytest.approx(int(mb.weight[book]) / sum(mb.weight.tolist()))
    lines = facts(lab, scene, played)
    assert f"ROUND #{played.round_id}" in lines[0]
    assert f"book {book:,} of {len(mb):,}" in lines
    assert f"probability 1 in {f.one_in:,.0f}" in lines
    # the stratum in words: "natural", or its category as the force menu names it
    words = "natural" if f.stratum == "natural" else category_words(scene.spec, f.stratum)
    assert any(line.startswith(f"stratum {words} (") for line in lines), lines
    assert sum(event_adds(scene.spec, played.round)) == played.round.payout_x100
    lab.review.math = True
    assert not text_problems(lab, f"{game} math overlay")
    lab.review.math = False
    scene.presentation.skip_to_end()
    finish_round(lab, scene)
    while lab.stack.top is not scene:
        lab.pop()


def test_a_book_stratum_and_its_share_are_the_library_builders(lab):
    from cabinet.math.books import strata
    library = lab.cabinet.games["grinning_harvest"].library
    mb = library.books("base")
    cats = mb.meta["categories"]
    built = strata(mb.force, mb.features, mb.meta["feature_names"], cats)
    forced = int(next(i for i in range(len(mb)) if mb.force[i] >= 0))
    natural = int(next(i for i in range(len(mb)) if built[i] < 0))
    for book in (forced, natural, len(mb) - 1):
        f = book_facts(library, "base", book)
        s = int(built[book])
        assert f.stratum == (cats[s] if s >= 0 else "natural")
        assert f.stratum_share == Fraction(sum(mb.weight[built == s].tolist()), sum(mb.weight.tolist()))
    assert book_facts(library, "base", forced).force == cats[int(mb.force[forced])]


def test_replay_by_a_typed_round_id_and_bad_ids(lab):
    scene = game_on_top(lab, "grinning_harvest")
    played = play_forced(lab, scene, "win:big")
    scene.presentation.skip_to_end()
    finish_round(lab, scene)
    while lab.stack.top is not scene:
        lab.pop()
    press(lab, K.K_F9)
    for ch in str(played.round_id):
        pygame.event.post(pygame.event.Event(K.KEYDOWN, key=ord(ch), mod=0, unicode=ch, scancode=0))
    run(lab, 1)
    assert lab.review.typing == str(played.round_id)
    press(lab, K.K_RETURN)
    top = lab.stack.top
    assert top.recall_mode and top.played.round.events == played.round.events
    lab.pop(top)
    with pytest.raises(ReplayError, match="allowed: a round id from 1 to"):
        round_by_id(lab.cabinet, 10**9)
    with pytest.raises(ReplayError, match="not a whole number"):
        round_by_id(lab.cabinet, "12a")
    with pytest.raises(ReplayError, match="out of range; allowed: a round id from 1 to"):
        round_by_id(lab.cabinet, 10**30)


def test_replay_book_checks_game_mode_and_book(lab):
    played = book_round(lab.cabinet, "piggy_farm", "free_spins", 7)
    library = lab.cabinet.games["piggy_farm"].library
    assert played.round.events == library.round("free_spins", 7).events and played.round_id == 0
    for args, words in ((("nope", "base", 1), "allowed: grinning_harvest"), (("piggy_farm", "zz", 1), "allowed: base"),
                        (("piggy_farm", "base", -1), "allowed: a book number from 0 to"),
                        (("piggy_farm", "base", "x"), "not a whole number")):
        with pytest.raises(ReplayError, match=words):
            book_round(lab.cabinet, *args)
    scene = lab.present_recall(played, None, "BOOK 7  ·  piggy_farm/free_spins")
    assert scene.recall_mode and scene.played is played
    lab.review.math = True
    assert not text_problems(lab, "book replay")
    assert "BOOK REPLAY (not in the ledger)" in facts(lab, scene, played)[0]
    lab.review.math = False
    lab.pop(scene)


def _main_config(tmp_path, real_play=False, demo=True):
    tmp_path.mkdir(parents=True, exist_ok=True)
    path = tmp_path / "config.yaml"
    pin = '\noperator_pin: "86420"\n' + trust_lines(tmp_path / "trust") if real_play else ""
    path.write_text(f"data_dir: {tmp_path / 'data'}\nmath_source: live\nreal_play: {str(real_play).lower()}\n"
                    f"demo_tools: {str(demo and not real_play).lower()}{pin}\n")
    return str(path)


@pytest.mark.parametrize("argv, words", [
    (["--replay", "5"], "round 5 is not a settled round of this cabinet; allowed: none"),
    (["--replay", "x"], "is not a whole number"),
    (["--replay-book", "piggy_farm", "base", "1"], "plays live math"),
    (["--replay-book", "nope", "base", "1"], "allowed: grinning_harvest, happy_money_hens, piggy_farm"),
])
def test_main_replay_bad_ids_are_one_line_and_exit_2(tmp_path, capsys, argv, words):
    assert main.main(["--config", _main_config(tmp_path), *argv]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize("argv", [["--replay", "1"], ["--replay-book", "piggy_farm", "base", "1"]])
def test_main_replay_is_refused_with_real_play_and_without_demo_tools(tmp_path, capsys, argv):
    assert main.main(["--config", _main_config(tmp_path, real_play=True), *argv]) == 2
    assert "real_play: true" in capsys.readouterr().err
    assert main.main(["--config", _main_config(tmp_path / "b", demo=False), *argv]) == 2
    assert "demo_tools" in capsys.readouterr().err


def test_no_review_tool_is_reachable_with_real_play(tmp_path):
    app = make_app(tmp_path)
    reconfigure(app, real_play=True, demo_tools=True)
    press(app, K.K_RETURN)
    scene = app.stack.top
    for key in (K.K_F5, K.K_F6, K.K_F7, K.K_F8, K.K_F9, K.K_F10):
        press(app, key)
    desk = app.review
    assert not (desk.paused or desk.math or desk.typing is not None or desk.speed != 1.0 or desk.active)
    assert app.stack.top is scene and desk.scene_dt(0.1) == 0.1
    for force in ("win:big", "board:x:1,2,3"):
        scene.force_next = force                      # even set by hand, the cabinet refuses it
        press(app, K.K_SPACE)
        assert not scene.busy and "demo tool" in scene.message_text
    keys = [c.title for col in __import__("cabinet.ui.rules_common", fromlist=["x"]).keyboard_page(scene).columns
            for c in col]
    assert "Review tools" not in keys


def test_main_replay_opens_the_round_in_its_recall_frame(tmp_path):
    from cabinet.ui.app import App, start_scenes
    from cabinet.ui.clock import ManualClock
    args = main.parse_args(["--config", _main_config(tmp_path)])
    cabinet = main.open_cabinet(args)
    played = cabinet.start_round("piggy_farm", "base", 100)
    cabinet.settle(played.round_id)
    then = main.replay_plan(cabinet, main.parse_args(["--config", "x", "--replay", str(played.round_id)]))
    app = App(cabinet.config, cabinet, size=(960, 540), clock=ManualClock())
    try:
        start_scenes(app)
        then(app)
        top = app.stack.top
        assert top.recall_mode and top.recall_record.id == played.round_id
        assert top.played.round.events == played.round.events
    finally:
        app.checkpoints.close()
        pygame.display.quit()


def test_a_band_under_live_math_keeps_the_seed_of_a_round_in_it(tmp_path):
    from cabinet.core.game import discover
    from tests.ui.conftest import game_app
    app = game_app(tmp_path, discover()["grinning_harvest"], seed=4)
    try:
        scene = game_on_top(app, "grinning_harvest")
        played = play_forced(app, scene, "win:big")
        assert played.outcome["source"] == "live" and played.outcome["force"] == "win:big"
        assert 1500 <= played.round.payout_x100 < 3000
        assert app.cabinet.replay(played.round_id).round.events == played.round.events
        assert f"seed {played.outcome['seed']}" in facts(app, scene, played)
    finally:
        app.checkpoints.close()
        pygame.display.quit()


@pytest.mark.parametrize("folder, words", [
    ("", "--shots needs a folder"),
    ("{file}", "cannot write there"),
    ("{file}/under", "cannot write there"),
])
def test_main_shots_into_a_place_it_cannot_write_is_one_line_and_exit_2(tmp_path, capsys, folder, words):
    afile = tmp_path / "afile"
    afile.write_text("x")
    argv = ["--config", _main_config(tmp_path), "--shots", folder.format(file=afile)]
    assert main.main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and "allowed: a folder" in err and err.count("\n") == 1
    assert afile.read_text() == "x"                 # nothing overwritten


def test_main_shots_in_a_language_the_program_does_not_speak_is_one_line_and_exit_2(tmp_path, capsys):
    argv = ["--config", _main_config(tmp_path), "--shots", str(tmp_path / "shots"), "--lang", "fr-FR"]
    assert main.main(argv) == 2
    err = capsys.readouterr().err
    assert "--lang 'fr-FR' is not a language" in err and "allowed:" in err and "de-DE" in err and err.count("\n") == 1
