"""Player protection under `jurisdiction: uk` on screen (UKGC findings, issue #36):
the session clock and the net position shown after every round (a deposit is not a
win), the reality check interrupting every interval with the time and the net
position, and the loss limit stopping play with a dialog only a new session closes."""
from __future__ import annotations

import pygame

from tests.core.uk_profile import uk_app, uk_app_fixture
from tests.ui.conftest import finish_round, open_game, press, run
from tests.ui.textcheck import text_problems

K = pygame
app = uk_app_fixture()


def test_protection_shows_the_net_position(app):
    assert app.session.enabled and app.session.show_clock


def _session_net(app) -> int:
    return sum(r.win_cents - r.cost_cents for r in app.cabinet.history(100))


def test_uk_shows_the_net_position_on_screen_after_every_round(app):
    """The session clock and the NET figure are drawn over the game, and NET is what
    the rounds of this session won minus what they cost (a deposit does not count)."""
    from tests.ui.operator_menu import texts_drawn
    scene = open_game(app)
    cur = app.cabinet.currency
    for _ in range(4):
        assert scene.play()
        finish_round(app, scene)
        run(app, 2)
        while app.stack.top is not scene:
            press(app, K.K_SPACE)
        said = " | ".join(texts_drawn(app))
        assert "SESSION " in said and f"NET {cur.format(_session_net(app))}" in said, said
    app.cabinet.ledger.deposit(500)                       # money in is not a win
    said = " | ".join(texts_drawn(app))
    assert f"NET {cur.format(_session_net(app))}" in said


def test_uk_reality_check_interrupts_every_interval_with_the_time_and_the_net_position(app):
    from tests.ui.operator_menu import texts_drawn
    scene = open_game(app)
    assert scene.play()
    finish_round(app, scene)
    while app.stack.top is not scene:
        press(app, K.K_SPACE)
    cur, every = app.cabinet.currency, app.config.protection.reality_check_minutes
    run(app, every - 1, 60.0)                             # a minute short of the interval: nothing yet
    assert app.stack.top is scene
    run(app, 2, 60.0)
    check = app.stack.top
    assert check.scene_name == "reality_check", check
    said = " | ".join(texts_drawn(app))
    assert f"You have been playing for {every} minutes." in said
    assert f"Net position this session: {cur.format(_session_net(app))}" in said
    assert text_problems(app, "reality check") == []      # the session clock over the dialog, clear of it
    rounds = len(app.cabinet.history(100))
    press(app, K.K_SPACE)                                 # SPACE does not play past it
    assert app.stack.top is check and len(app.cabinet.history(100)) == rounds
    press(app, K.K_RETURN)                                # ENTER is CONTINUE
    assert app.stack.top is scene
    run(app, every + 1, 60.0)                             # and again after the next interval
    assert app.stack.top.scene_name == "reality_check"
    assert f"playing for {2 * every} minutes" in " | ".join(texts_drawn(app))


def test_the_loss_limit_stops_play_with_a_dialog(tmp_path):
    app = uk_app(tmp_path, "protection: {loss_limit: \"3.00\"}", seed=3)
    try:
        scene = open_game(app)
        for _ in range(60):
            if app.stack.top is not scene:
                break
            assert scene.play()
            finish_round(app, scene)
            run(app, 2)
            while app.stack.top.scene_name == "big_win":
                press(app, K.K_SPACE)
        top = app.stack.top
        assert top.scene_name == "loss_limit", top
        assert -app.session.net >= 300 and scene.autoplay is None
        for key in (K.K_SPACE, K.K_ESCAPE, K.K_RETURN):        # nothing closes it but a new session
            press(app, key)
            assert app.stack.top is top
        scene.static_background = False          # textcheck drops every _backdrop (the game's is a method)
        # the session line (app-level, kiosk.Session.draw) is drawn over every scene: checked apart
        assert [p for p in text_problems(app, "loss limit") if "SESSION" not in p] == []
        pygame.image.save(app.render(), str(tmp_path / "loss_limit.png"))
        app.session.new_session("cash_out")
        run(app, 2)
        assert app.stack.top is scene
    finally:
        app.checkpoints.close()
        pygame.display.quit()
