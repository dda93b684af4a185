"""Issue 36 item 1: the history and both recalls tell a round whole: the base round,
every gamble step and spin-chance draw recorded against it, the final win and the
balance before and after all of it, in the player's words (ids only behind the
operator's DETAILS toggle)."""
from __future__ import annotations

import pygame

from cabinet.ui.history import HistoryScene
from tests.ui.conftest import make_app, play_rounds, press, serve, shift
from tests.ui.operator_menu import login, tap, texts_drawn

K = pygame


def gambled_away(app):
    """Play until a round wins, then gamble that win: won once (doubled), then lost.
    Returns (the round, the side draw ids, the balance after the gamble)."""
    scene = play_rounds(app, 1)
    for _ in range(60):
        rec = app.cabinet.history(1)[0]
        if rec.win_cents:
            break
        press(app, K.K_SPACE)
        press(app, K.K_SPACE)
        while app.stack.top is not scene:
            press(app, K.K_SPACE)
    assert rec.win_cents and app.cabinet.balance == rec.balance_after
    first = app.cabinet.side_draw("gamble", rec.win_cents, 2 * rec.win_cents, True,
                                  {"game": rec.game, "wheel": "cash", "option": "RED", "chance": "1/2"}, rec.id)
    second = app.cabinet.side_draw("gamble", 2 * rec.win_cents, 4 * rec.win_cents, False,
                                   {"game": rec.game, "wheel": "cash", "option": "BLACK", "chance": "1/2"}, rec.id)
    return rec, (first, second), app.cabinet.balance


def test_history_tells_the_gamble_the_final_win_and_the_real_balance_after(tmp_path):
    app = make_app(tmp_path, size=(1600, 900))
    for application in serve(app):
        rec, _, after = gambled_away(app)
        cur = app.cabinet.currency
        assert after == rec.balance_after - rec.win_cents
        shift(app, K.K_h)
        hist = app.stack.top
        assert isinstance(hist, HistoryScene) and hist.rounds[0].id == rec.id
        cells = hist.cells(hist.rounds[0])
        assert cells[5] == cur.format(0)                     # the win was gambled and lost
        assert "gambled: lost" in cells[6]
        said = " | ".join(texts_drawn(app))
        assert f"gambled {cur.format(rec.win_cents)} on RED (chance 1/2): won {cur.format(2 * rec.win_cents)}" in said
        assert f"gambled {cur.format(2 * rec.win_cents)} on BLACK (chance 1/2): lost" in said
        assert f"base round won {cur.format(rec.win_cents)}" in said.lower()
        assert f"final win {cur.format(0)}" in said
        assert f"balance {cur.format(rec.balance_before)} -> {cur.format(after)}" in said
        assert "#" + str(rec.id) in said and "gamble #" not in said


def test_operator_recall_tells_the_round_in_words_with_the_ids_behind_details(tmp_path):
    app = make_app(tmp_path, size=(1600, 900))
    for application in serve(app):
        rec, (first, second), after = gambled_away(app)
        cur = app.cabinet.currency
        press(app, K.K_ESCAPE)
        menu = login(app)
        tap(app, "tab_recall")
        page = menu.shown
        assert page.rounds[0].id == rec.id and not page.show_ids
        said = " | ".join(texts_drawn(app))
        assert f"gambled {cur.format(2 * rec.win_cents)} on BLACK (chance 1/2): lost" in said
        assert f"final win {cur.format(0)}" in said
        assert f"balance {cur.format(rec.balance_before)} -> {cur.format(after)}" in said
        assert f"gamble #{first}" not in said and "wheel cash" not in said
        press(app, K.K_d)                                   # the key shows the ids
        assert page.show_ids
        said = " | ".join(texts_drawn(app))
        assert f"gamble #{first}" in said and f"gamble #{second}" in said and "wheel cash" in said
        tap(app, "details")                                  # and the button hides them again
        assert not page.show_ids and f"gamble #{first}" not in " | ".join(texts_drawn(app))


def recall_from_history(app, rec):
    """SHIFT+H, then ENTER on the round: its RECALL replay, run to its end."""
    shift(app, K.K_h)
    hist = app.stack.top
    assert isinstance(hist, HistoryScene) and hist.rounds[0].id == rec.id
    press(app, K.K_RETURN)
    scene = app.stack.top
    assert scene.recall_mode and scene.recall_record.id == rec.id
    return scene


def finish_recall(app, scene):
    for _ in range(600):
        if not scene.busy and app.stack.top is scene:
            break
        press(app, K.K_SPACE, frames=5)
    assert not scene.busy and app.stack.top is scene


def test_the_player_recall_tells_the_gamble_the_final_win_and_the_real_balance(tmp_path):
    app = make_app(tmp_path, size=(1600, 900))
    for application in serve(app):
        rec, _, after = gambled_away(app)
        cur = app.cabinet.currency
        scene = recall_from_history(app, rec)
        said = " | ".join(texts_drawn(app))
        assert f"base win {cur.format(rec.win_cents)}" in said and f"final win {cur.format(0)}" in said, said
        finish_recall(app, scene)
        said = " | ".join(texts_drawn(app))
        assert f"gambled {cur.format(rec.win_cents)} on RED (chance 1/2): won {cur.format(2 * rec.win_cents)}" in said
        assert f"gambled {cur.format(2 * rec.win_cents)} on BLACK (chance 1/2): lost" in said
        assert f"final win {cur.format(0)}" in said
        assert f"balance {cur.format(rec.balance_before)} -> {cur.format(after)}" in said, said
        assert scene.shown_balance == after and cur.format(after) in said
        assert cur.format(rec.balance_after) not in said          # the balance before the gamble is not the end


def test_a_spin_chance_draw_is_told_in_the_history_and_the_recall(tmp_path):
    app = make_app(tmp_path, size=(1600, 900), credit="5.00")
    for application in serve(app):
        scene = play_rounds(app, 1)
        rec = app.cabinet.history(1)[0]
        cur = app.cabinet.currency
        credit = app.cabinet.balance
        app.cabinet.side_draw("spin_chance", credit, 0, False,
                              {"game": rec.game, "chance": "3/10", "price_cents": rec.cost_cents}, rec.id)
        after = app.cabinet.balance
        assert after == 0
        words = f"spin chance: {cur.format(credit)} of credit for a spin (chance 3/10): lost"
        press(app, K.K_ESCAPE)
        shift(app, K.K_h)
        hist = app.stack.top
        assert isinstance(hist, HistoryScene) and hist.rounds[0].id == rec.id
        said = " | ".join(texts_drawn(app))
        assert words in said and f"balance {cur.format(rec.balance_before)} -> {cur.format(after)}" in said
        assert hist.cells(rec)[5] == cur.format(rec.win_cents)      # a spin chance is not the round's win
        press(app, K.K_RETURN)
        recall = app.stack.top
        assert recall.recall_mode and recall.recall_record.id == rec.id
        finish_recall(app, recall)
        said = " | ".join(texts_drawn(app))
        assert words in said and f"balance {cur.format(rec.balance_before)} -> {cur.format(after)}" in said, said
        assert recall.shown_balance == after
        del scene


def test_the_operator_recall_and_the_history_show_the_same_win(tmp_path):
    app = make_app(tmp_path, size=(1600, 900))
    for application in serve(app):
        rec, _, after = gambled_away(app)
        cur = app.cabinet.currency
        shift(app, K.K_h)
        shown = app.stack.top.cells(rec)[5]
        assert shown == cur.format(0)                           # the final win
        press(app, K.K_ESCAPE)
        press(app, K.K_ESCAPE)
        menu = login(app)
        tap(app, "tab_recall")
        assert menu.shown.row(rec)[6] == shown                  # the WIN column: the final win too
        said = " | ".join(texts_drawn(app))
        assert f"base round won {cur.format(rec.win_cents)}" in said.lower()   # the base win in the detail
