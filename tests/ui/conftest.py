"""UI test fixtures: a real Cabinet (live math, ledger in tmp) and a headless App.

Helpers post real pygame events and advance the injectable clock explicitly.
"""
from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from cabinet.core.cabinet import Cabinet
from cabinet.core.config import load_config
from cabinet.ui.app import App, start_scenes
from cabinet.ui.clock import ManualClock
from tests.ui.toy_game import TOY

CONFIG = """
data_dir: {data}
math_source: live
demo_tools: true
demo_credit: "{credit}"
min_round_seconds: {min_round}
turbo_allowed: {turbo}
skip_allowed: {skip}
sound: {{enabled: true, volume: 0.5}}
rtp_bounds: {{min: 0.4, max: 0.99}}     # the toy states 47.6% for its big buy (twice the price of the same bonus)
games:
  toyui: {{bet_ladder: ["0.10", "0.20", "0.50", "1.00"], default_bet: "1.00"}}
"""


def make_config(tmp: Path, credit: str = "100.00", min_round: float = 0.0, turbo: bool = True,
                skip: bool = True):
    tmp.mkdir(parents=True, exist_ok=True)
    path = tmp / "config.yaml"
    path.write_text(CONFIG.format(data=tmp / "data", credit=credit, min_round=min_round,
                                  turbo=str(turbo).lower(), skip=str(skip).lower()))
    return load_config(path)


def make_app(tmp: Path, size=(960, 540), seed: int = 7, **cfg) -> App:
    config = make_config(tmp, **cfg)
    cabinet = Cabinet(config, games={"toyui": TOY}, seed=seed)
    app = App(config, cabinet, size=size, clock=ManualClock())
    start_scenes(app)
    return app


def serve(application: App):
    """Yield the app to a test, then close its ledger writer and the display."""
    yield application
    application.checkpoints.close()
    pygame.display.quit()


@pytest.fixture
def app(tmp_path):
    yield from serve(make_app(tmp_path))


def press(app: App, key: int, mod: int = 0, frames: int = 1) -> None:
    """Post a real KEYDOWN (and KEYUP) and run frames so the app handles it; a game
    still being prepared when ENTER chose it (the "preparing" transition) is waited for."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, scancode=0))
    run(app, frames)
    wait_transition(app)


def wait_transition(app: App, limit: int = 10000) -> None:
    """Frames until no "preparing" transition is on top (the game it prepares is); a
    round whose commit a press handed to the ledger's writer is presented at once, as
    its first frame after the commit does (GameScene.play(wait=False)), and a settlement
    on the writer is waited for."""
    for _ in range(limit):
        if app.stack.top is None or app.stack.top.scene_name != "preparing":
            break
        app.step(1 / 60)
    else:
        raise AssertionError("the game's preparation did not finish")
    game = app.stack.find("game") if app.stack.scenes else None
    if game is not None and (getattr(game, "committing", None) or getattr(game, "settling", None)):
        app.checkpoints.flush()               # the writer's commits done: as a frame later
        if game.committing is not None:
            game._committed()


def shift(app: App, key: int) -> None:
    press(app, key, pygame.KMOD_LSHIFT | pygame.KMOD_NUM)   # NUM LOCK on must not matter


def click(app: App, logical: tuple[float, float]) -> None:
    """A left click (press + release) at a logical position."""
    pos = app.layout.pt(*logical)
    for etype in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(etype, pos=pos, button=1))
    run(app, 1)
    wait_transition(app)


def run(app: App, frames: int = 1, dt: float = 1 / 60) -> None:
    """Frames of `dt` of the injectable clock. The ledger's writer finishes what a frame
    handed it before the next frame (as the real clock's idle time lets it), so a
    round's commit or settlement lands after the same frames at any machine load."""
    for _ in range(frames):
        app.step(dt)
        app.checkpoints.flush()


def play_rounds(app: App, n: int):
    """From the lobby: open the first game (ENTER) and play n rounds to their end with
    SPACE (start, skip, and close whatever a round opens on top). Returns the scene."""
    press(app, pygame.K_RETURN)
    scene = app.stack.top
    for _ in range(n):
        press(app, pygame.K_SPACE)
        press(app, pygame.K_SPACE)
        while app.stack.top is not scene:
            press(app, pygame.K_SPACE)
    return scene


def run_seconds(app: App, seconds: float, dt: float = 1 / 30) -> None:
    run(app, int(seconds / dt) + 1, dt)


def pixel(app: App, logical: tuple[float, float]) -> tuple[int, int, int]:
    return tuple(app.surface.get_at(app.layout.pt(*logical)))[:3]


os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def region(app: App, rect: tuple[int, int, int, int]):
    """The screen's pixels (numpy, x-major RGB) inside a logical rect."""
    import pygame.surfarray as sa
    app.render()
    real = app.layout.rect(rect)
    return sa.array3d(app.surface.subsurface(real)).astype(int)


def open_game(app):
    """ENTER on the lobby: the game scene on top."""
    from cabinet.ui.game_scene import GameScene
    press(app, pygame.K_RETURN)
    scene = app.stack.top
    assert isinstance(scene, GameScene)
    return scene


def finish_round(app, scene, limit=20.0):
    """Run the clock until the round on screen is settled."""
    t = 0.0
    while scene.busy and t < limit:
        if getattr(scene, "waiting_for_start", False):     # a step waiting for START
            press(app, pygame.K_SPACE)
        run(app, 1, 0.1)
        t += 0.1
    assert not scene.busy


GAME_CONFIG = """
data_dir: {data}
math_source: live
demo_tools: true
demo_credit: "100000.00"
min_round_seconds: 0
sound: {{enabled: true, volume: 0.5}}
rtp_bounds: {{min: 0.4, max: 0.99}}     # the toy states 47.6% for its big buy (twice the price of the same bonus)
games:
  {game}: {{bet_ladder: ["0.10", "1.00", "15.00"], default_bet: "1.00"}}
"""


def game_app(tmp: Path, spec, seed: int, size=(960, 540)) -> App:
    """A headless App on the lobby offering one real game (live math, large demo credit)."""
    path = tmp / "config.yaml"
    path.write_text(GAME_CONFIG.format(data=tmp / "data", game=spec.id))
    config = load_config(path)
    application = App(config, Cabinet(config, games={spec.id: spec}, seed=seed), size=size,
                      clock=ManualClock())
    start_scenes(application)
    return application


def play_out(app, scene, dt=0.1, limit=600.0):
    """Let the round play out at `dt` a frame, closing any celebration with SPACE."""
    t = 0.0
    while (scene.busy or app.stack.top is not scene) and t < limit:
        if app.stack.top is not scene or getattr(scene, "waiting_for_start", False):
            press(app, pygame.K_SPACE)
        run(app, 1, dt)
        t += dt
    assert not scene.busy


def force_next(app, category: str) -> None:
    """FORCE button, then the category's button in the force menu (real clicks)."""
    from cabinet.ui.demo import COL_W, COLUMNS, TOP, row_height
    click(app, (119, 895))
    categories = [force for force, _ in app.stack.top.categories]      # what the menu offers here
    pitch = row_height(len(categories))
    click(app, (COLUMNS[0][1] + (COL_W - 40) // 2, TOP + categories.index(category) * pitch + pitch // 2 - 4))


def game_app_fixture(spec, seed: int):
    """An `app` fixture for one real game's tests (a game folder's conftest.py sets it)."""
    @pytest.fixture
    def app(tmp_path):
        application = game_app(tmp_path, spec, seed)
        yield application
        application.checkpoints.close()
        pygame.display.quit()
    return app


def events(played, kind: str) -> list[dict]:
    """The round's events of one type."""
    return [e for e in played.round.events if e["type"] == kind]


def check_paid(app, before: int, played) -> None:
    """The balance moved by exactly the round's cost and its win (the round's payout)."""
    from cabinet.core.money import win_cents
    assert played.win_cents == win_cents(played.bet_cents, played.round.payout_x100)
    assert app.cabinet.balance == before - played.cost_cents + played.win_cents


BOOKS_CONFIG = """
data_dir: {data}
math_source: books
demo_credit: "100000.00"
sound: {{enabled: false}}
demo_tools: true
"""


def books_app(tmp: Path, size=(1600, 900), seed: int = 11) -> App:
    """A headless App on the lobby with the three shipped games drawing from their books."""
    tmp.mkdir(parents=True, exist_ok=True)
    (tmp / "config.yaml").write_text(BOOKS_CONFIG.format(data=tmp / "data"))
    config = load_config(tmp / "config.yaml")
    application = App(config, Cabinet(config, seed=seed), size=size, clock=ManualClock())
    start_scenes(application)
    run(application, 2)
    return application


@pytest.fixture(scope="module")
def books_module(tmp_path_factory):
    """One books App for a whole test module (screens that only look, never play much)."""
    yield from serve(books_app(tmp_path_factory.mktemp("books")))


@pytest.fixture
def books(tmp_path):
    yield from serve(books_app(tmp_path))


def open_only(app: App, gid: str):
    """Close everything over the lobby and open game `gid`; returns its scene."""
    while len(app.stack.scenes) > 1:
        app.pop()
    scene = app.open_game(gid)
    run(app, 1)
    return scene


def settle(app: App, scene, frames: int = 600) -> None:
    """Skip the round on screen to its end, closing whatever opens over the game."""
    scene.skip()
    for _ in range(frames):
        if not scene.busy and app.stack.top is scene:
            return
        if app.stack.top is not scene:
            app.pop()
        elif scene.waiting_for_start:          # a bonus round waits for START
            scene.skip()
        run(app, 1, 0.2)


def first_over(app: App, scene, mode: str | None = None, force: str | None = None):
    """Play a round (of `mode`, forced to `force`), skip it, and return the scene that
    opens over the game when it ends (a celebration), or None."""
    assert scene.play(mode, force)
    scene.skip()
    for _ in range(300):
        if app.stack.top is not scene:
            return app.stack.top
        if scene.waiting_for_start:            # a bonus round waits for START
            scene.skip()
        run(app, 1, 0.1)
    return None
