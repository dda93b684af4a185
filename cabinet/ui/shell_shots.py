"""The cabinet's own screens in the gallery (`main.py --shots`), for every game after
its scene's SHOTS: every rules page, the buy list and every buy's confirmation page,
the sound panel, the autoplay menu, a toast, the celebrations a real round ends with
(a feature's total, the max win), then the history and a recall."""
from __future__ import annotations

from typing import Any, Callable

DT = 1 / 30


def _clear(app: Any) -> None:
    while len(app.stack.scenes) > 1:
        app.pop()


def _until_over(app: Any, scene: Any, frames: int = 3000) -> Any:
    """Skip the round on screen; return the first scene that opens over the game
    (a celebration), or None when the round ends without one."""
    scene.skip()
    for _ in range(frames):
        if app.stack.top is not scene:
            return app.stack.top
        if not scene.busy:
            return None
        if getattr(scene, "waiting_for_start", False):      # a bonus round waits for START
            scene.skip()
        app.step(DT)
    return None


def settle_round(scene: Any) -> None:
    """Finish the round on screen, close any celebration or gamble offer over the scene,
    and let its result count as shown (App._results_shown), so the next shot's game
    does not show it again as an interrupted round's."""
    app = scene.app
    for _ in range(2000):
        if scene not in app.stack.scenes:    # the shot left the game (to the lobby and back): a new scene
            return
        while app.stack.top is not scene:
            app.pop()
        if not scene.busy and scene.result_pending is None:
            return
        if scene.busy:
            scene.skip()
        app.step(DT)


def game_shots(app: Any, gid: str, save: Callable[[str, str], None]) -> None:
    """Every cabinet screen of one game, saved through `save(name, caption)`."""
    _clear(app)
    scene = app.open_game(gid)
    app.step(DT)
    scene.on_action("info")
    app.step(DT)
    info = app.stack.top
    for i, page in enumerate(info.pages):
        info.page = i
        app.step(DT)
        save(f"{gid}__rules_{i + 1:02d}_{page.tab.lower().replace(' ', '_')}", f"Rules page {i + 1}: {page.title}")
    app.pop(info)
    if scene.buy_modes:
        scene.on_action("buy_menu")
        app.step(DT)
        menu = app.stack.top
        save(f"{gid}__buy_list", "Buy menu: every buy with its art, what it gives, price, RTP and maximum win")
        for k, mode in enumerate(menu.options):
            menu.show(k)
            app.step(DT)
            save(f"{gid}__buy_{k + 1}", f"Buy confirmation: {mode.label}")
        app.pop(menu)
    for action, caption in (("sound_panel", "The sound panel"), ("autoplay", "The autoplay menu")):
        scene.on_action(action)
        app.step(DT)
        save(f"{gid}__{action}", caption)
        app.pop()
    app.toast("Turbo on")
    app.step(DT)
    save(f"{gid}__toast", "A toast under the top bar, clear of the title")
    app._toast = None
    _celebrations(app, scene, gid, save)


def _celebrations(app: Any, scene: Any, gid: str, save: Callable[[str, str], None]) -> None:
    """The total-win summary of a real bought feature, and the max win if the game's
    review tools can force one."""
    buys = [m.id for m in scene.buy_modes if scene.offered(m.id)]
    for mode in buys[:1]:
        for _ in range(20):                         # a bought feature that pays
            if not scene.play(mode):
                break
            over = _until_over(app, scene)
            if over is not None and getattr(over, "scene_name", "") == "big_win":
                over.update(0.6)
                app.step(DT)
                save(f"{gid}__feature_total", "The feature's total win: its features and where the win came from")
                over.update(60.0)
                app.step(DT)
                settle_round(scene)
                break
            settle_round(scene)
    if "max_win" in scene.spec.review.force_categories and app.config.demo_tools:
        if scene.play(force="max_win"):
            over = _until_over(app, scene)
            if over is not None and getattr(over, "tier", "") == "max":
                over.update(2.0)
                app.step(DT)
                save(f"{gid}__max_win_celebration", "The max win celebrated; the balance counts up with it")
            settle_round(scene)


def history_shots(app: Any, save: Callable[[str, str], None]) -> None:
    """The history of the gallery's rounds, and the newest one recalled."""
    _clear(app)
    app.open("history")
    app.step(DT)
    save("history", "Game history: round, time, game, what was played, cost, win, features in words")
    history = app.stack.top
    if history.rounds:
        history.on_action("select")
        recall = app.stack.top
        for _ in range(60):
            app.step(DT)
        save("recall", "A recalled round in its RECALL frame, every live control off")
        if getattr(recall, "presentation", None) is not None:
            recall.skip()
        for _ in range(30):
            app.step(DT)
    _clear(app)


def operator_shots(app: Any, save: Callable[[str, str], None]) -> None:
    """Every page of the operator menu (opened as after a right PIN: the gallery's
    ledger is a throw-away one), then the diagnostics page's hardware tests, in the
    gallery's language."""
    from .operator.menu import PAGES
    _clear(app)
    menu = app.open("operator_menu")
    for name, label, _page in PAGES:
        menu.show(name)
        app.step(DT)
        save(f"operator__{name}", f"Operator menu: the {label} page")
    hardware_test_shots(app, save)
    app.pop(menu)
    app.step(DT)


def hardware_test_shots(app: Any, save: Callable[[str, str], None]) -> None:
    """The display test (colour bars, the grid), the sound test, the input test after a
    key, a click and a touch, and the touch test with a few cells lit."""
    import pygame

    display = app.open("display_test")
    for pattern in (0, 2):
        display.pattern = pattern
        app.step(DT)
        save(f"operator__test_display_{pattern + 1}", f"Hardware test: display pattern {pattern + 1}")
    app.pop(display)
    app.open("sound_test")
    app.step(DT)
    save("operator__test_sound", "Hardware test: sound")
    app.pop(app.stack.top)
    app.open("input_test")
    for event in (pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=pygame.KMOD_SHIFT, unicode=""),
                  pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=app.layout.pt(960, 540), button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=app.layout.pt(960, 540), button=1, touch=True)):
        app.handle_event(event)
    app.step(DT)
    save("operator__test_input", "Hardware test: input, after a key, a click and a touch")
    app.pop(app.stack.top)
    touch = app.open("touch_test")
    touch.hit.update({(0, 0), (1, 0), (5, 3), (15, 7)})
    touch.touches = 4
    app.step(DT)
    save("operator__test_touch", "Hardware test: touch, four cells lit")
    app.pop(touch)
    app.step(DT)
