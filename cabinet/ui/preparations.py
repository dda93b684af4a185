"""What the cabinet prepares before a player meets it (issue #34 item 1), as generator
jobs for cabinet/ui/prepare.py: each `yield` ends one slice.

Behind the splash (splash.py) every job runs to its end before the first lobby frame:
per offered game its scene module, its books warmed mode by mode (with live math, one
round played per mode: the tables its rules build on first use), the shared pictures
of its big moments (moments.warm_slices), the scene built once (its reel strips and
their motion blur: reels.py, built in the game's `build`) and drawn off screen, what
the game builds lazily in play (GameScene.prepare_slices: a gamble, banners), then
over it each menu (INFO, paytable, BUY, AUTOPLAY, sound panel), each celebration tier
and the feature total, each of its big moments and the transition into a feature, all
drawn once off screen; the lobby's picture behind each choice; the history page. What
they draw lands in the shared caches (Assets.surface, draw.glow_alpha), so opening any
of them later only draws from those caches. The scenes built here are thrown away:
opening a game builds a fresh one (state: bet, resume) from the warm caches.

In frames, `App.step` runs what is left (a job wanted later) within the frame's budget,
while the lobby is on top; each slice runs with only the lobby on the stack (`alone`).
"""
from __future__ import annotations

from typing import Any, Iterator

import pygame

from cabinet.core.game_words import mode_label
from cabinet.core.i18n import N_, Message
from cabinet.core.rng import Rng

from .scene import Scene, scene_class

FRAME_BUDGET = 0.004          # seconds of a frame after which no slice starts (prepare.START_LIMIT)


def scratch(app: Any) -> pygame.Surface:
    """An off-screen surface the size of the window, shaped like it (kept)."""
    surf = getattr(app, "_scratch", None)
    if surf is None or surf.get_size() != app.layout.size:
        surf = app._scratch = pygame.Surface(app.layout.size).convert()
    return surf


def rehearse(app: Any, *scenes: Scene) -> None:
    """Draw `scenes` (bottom first) once off screen: everything they draw lazily is built
    and cached now. The text-overlap records of real frames are left alone."""
    from . import draw as D
    surf = scratch(app)
    log, D._LOG = D._LOG, None
    try:
        surf.fill((0, 0, 0))
        for scene in scenes:
            scene.draw(surf)
    finally:
        D._LOG = log


def of_game(name: str, what: str) -> Message:
    """A splash line: 'Piggy Farm: its screen', in the language drawn ('what' marked N_)."""
    return Message(N_("{game}: {what}"), game=name, what=what if isinstance(what, Message) else Message(what))


def game_slices(app: Any, game_id: str) -> Iterator[str | None]:
    """One game, prepared: module, books, moments' pictures, scene, menus, celebrations.
    Each slice says what it does (an i18n.Message: the splash draws it in its language)."""
    setup = app.cabinet.games[game_id]
    spec, name = setup.spec, setup.spec.name
    yield of_game(name, N_("its scene"))
    cls = setup.spec.view.load_scene()
    library = getattr(setup, "library", None)
    if library is not None:
        for mode in [*setup.modes, *(m.id for m in setup.spec.modes if m.kind == "gamble")]:
            yield of_game(name, Message(N_("its books ({mode})"), mode=lambda mode=mode: mode_label(spec, mode)))
            library.warm([mode])
    else:               # live math: one round per mode builds the tables its rules make on first use
        for mode in setup.modes:
            yield of_game(name, Message(N_("its math ({mode})"), mode=lambda mode=mode: mode_label(spec, mode)))
            setup.spec.play(Rng.for_book(0), mode, None)
    from . import moments
    for said in moments.warm_slices(app):
        yield said and of_game(name, said)
    yield of_game(name, N_("its reels and pictures"))
    game = cls(app, setup)
    yield of_game(name, N_("its screen"))
    rehearse(app, game)
    for said in game.prepare_slices(scratch(app)):     # what the game builds lazily in play
        yield said and of_game(name, said)
    for label, name_, args, kwargs in menus(app, game):
        yield of_game(name, label)
        scene: Any = scene_class(name_)(app, *args, **kwargs)
        if name_ == "big_win" and scene.hud is None:    # the game is not on the stack: its HUD all the same
            scene.hud = getattr(game, "hud", None)
        rehearse(app, game, scene)
        scene.relayout()
    yield from moment_slices(app, game, name)
    game.relayout()
    yield of_game(name, N_("its sounds"))
    from .celebration import FANFARE
    for cue in sorted({*FANFARE.values(), *moments.CUES.values()}):
        app.audio.decode(cue)
        yield None


def menus(app: Any, game: Any) -> list[tuple[str, str, tuple, dict]]:
    """The menus and celebrations a game's screen opens, as the HUD opens them."""
    out: list[tuple[str, str, tuple, dict]] = [
        (N_("its rules"), "info", (game,), {"paytable": False}),
        (N_("its paytable"), "info", (game,), {"paytable": True}),
        (N_("the AUTOPLAY menu"), "autoplay_menu", (game,), {}), (N_("the sound panel"), "sound_panel", (), {})]
    if game.buy_modes:
        out.append((N_("the BUY BONUS menu"), "buy_menu", (game, None), {}))
    for tier, words in TIER_WORDS.items():
        out.append((words, "big_win", (tier, 123_456, game.bet), {}))
    out.append((N_("a feature's total"), "big_win", (None, 123_456, game.bet),
                {"features": "FEATURE", "lines": [("Bonus", 100_000), ("Lines", 23_456)]}))
    return out


TIER_WORDS = {"big": N_("the big win"), "mega": N_("the mega win"), "epic": N_("the epic win"),
              "max": N_("the max win")}


def moment_slices(app: Any, game: Any, name: str) -> Iterator[str]:
    """The transition into a feature and the game's own big moments, drawn at a few
    points of their run (their title, glows and curtains cached)."""
    from .moment_bench import GAME_MOMENTS
    cells = [pygame.Rect(660 + 240 * i, 420 + 80 * i, 180, 180) for i in range(3)]
    cover, uncover = game.moments.transition("THE FEATURE", "its first line", cells, (255, 150, 40))
    steps = [cover, uncover] + [game.moments.step(m) for m in GAME_MOMENTS.get(game.spec.id, [])]
    for step in steps:
        yield of_game(name, N_("its big moments"))
        step.begin()
        for p in (0.0, 0.5, 0.99):
            step.progress(p)
            rehearse(app, game)
        step.finish()
    game.moments.clear()


def lobby_slices(app: Any, lobby: Any) -> Iterator[str]:
    """The lobby's picture behind each choice, then the history page."""
    for i in range(len(lobby.specs)):
        yield Message(N_("the lobby"))
        was, lobby.selected = lobby.selected, i
        try:
            rehearse(app, lobby)
        finally:
            lobby.selected = was
    if not app.kiosk:
        yield Message(N_("the history"))
        history: Any = scene_class("history")(app)
        rehearse(app, lobby, history)
        history.warm()                      # its rows' panels too (a fresh ledger shows none)
        history.relayout()


def alone(app: Any, slices: Iterator[Any]) -> Iterator[Any]:
    """Each slice run with only the lobby on the stack: a game the player has open (a
    resumed round under the splash) is neither drawn into the scratch surface nor found
    by what a slice builds (a celebration looks for the game's HUD)."""
    it = iter(slices)
    while True:
        kept = app.stack.scenes
        app.stack.scenes = [s for s in kept if getattr(s, "scene_name", "") == "lobby"][:1]
        try:
            said = next(it)
        except StopIteration:
            return
        finally:
            app.stack.scenes = kept
        yield said


def want_all(app: Any, lobby: Any) -> None:
    """Every preparation the lobby needs before its first frame (the splash runs them)."""
    app.prepared.want(("lobby", app.layout.size), lambda: alone(app, lobby_slices(app, lobby)),
                      Message(N_("the lobby")))
    for gid in app.cabinet.games:
        app.prepared.want(("game", gid, app.layout.size), lambda gid=gid: alone(app, game_slices(app, gid)),
                          app.cabinet.games[gid].spec.name)


def prepare_all(app: Any, between=None) -> None:
    """want_all for the lobby at the bottom of the stack, run to the end."""
    lobby = app.stack.find("lobby")
    if lobby is None:
        return
    want_all(app, lobby)
    app.prepared.finish(between)


def progress(app: Any) -> float:
    """0..1 of the preparations wanted so far (the splash's bar)."""
    total = app.prepared.total
    return 1.0 if not total else (total - app.prepared.pending) / total
