"""Soak benchmark: does the cabinet's memory stay flat over a long run? Figures, not a test.

    python -m cabinet.ui.soak autoplay [--rounds 10000] [--game ID|all] [--size 1920x1080]
    python -m cabinet.ui.soak input [--events 100000] [--size 1920x1080] [--seed 1]

`autoplay`: the game's own autoplay (turbo, celebrations closed, offers declined) plays
`--rounds` rounds on a throw-away ledger; the resident set size (RSS, from
/proc/self/statm) is printed at the lobby, at round 1, at each tenth and at round
2,500, with the ratio RSS(last) / RSS(2,500): #18 asks for it within 10%. `--game all`
plays every game in turn, an equal share of the rounds each, in one app, and prints
the RSS back at the lobby after each game (#34 item 5).

`input`: a kiosk cabinet (headless, 1920x1080 window) gets `--events` seeded random
inputs, one a frame: keys (play, bet, menus, history, ESC, digits, the operator
chord), clicks and touches anywhere. The credit is topped up when it runs out; a handpay
(a cash-out above the limit) waits `--attendant` events (the PIN pad opened and closed
over it by the random input), then the attendant pays it, as after their PIN, so the
run goes on over the whole cabinet (random keys never type the PIN). Printed:
RSS at each tenth, the mean of the first and of the last tenth and their ratio (the
first tenth holds the warm-up: every scene's pictures and text cached once), and the
last tenth's peak against the RSS at the end of the first tenth.
"""
from __future__ import annotations

import argparse
import dataclasses
import os
import random
import resource
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame  # noqa: E402

KEYS = (pygame.K_SPACE, pygame.K_SPACE, pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_LEFT, pygame.K_RIGHT,
        pygame.K_UP, pygame.K_DOWN, pygame.K_h, pygame.K_i, pygame.K_b, pygame.K_a, pygame.K_t, pygame.K_1,
        pygame.K_5, pygame.K_F12, pygame.K_o)
MODS = (0, 0, 0, pygame.KMOD_LSHIFT, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)
ATTENDANT_EVENTS = 2000           # how long a handpay waits in the random-input run


def rss_mb() -> float:
    """The resident set now (MiB); the peak where /proc is missing."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / 2**20 if sys.platform == "darwin" else peak / 1024


def make_app(data: Path, size: tuple[int, int], kiosk: bool, game: str | None):
    from cabinet.core.cabinet import Cabinet
    from cabinet.core.config import load_config
    from cabinet.core.game import discover
    from cabinet.ui.app import App, start_scenes
    from cabinet.ui.clock import ManualClock
    cfg = dataclasses.replace(load_config(), data_path=data, math_source="live", demo_tools=False, real_play=False,
                              demo_credit=10**9)
    games = discover()
    if game is not None:
        if game not in games:
            raise SystemExit(f"soak: --game {game!r}: allowed one of {', '.join(sorted(games))}")
        games = {game: games[game]}
    app = App(cfg, Cabinet(cfg, games=games, seed=20261201), size=size, clock=ManualClock(), kiosk=False,
              audio=False, windowed=True)
    app.kiosk = kiosk                     # kiosk rules in a window of the asked size (fullscreen: the desktop's)
    start_scenes(app)
    return app


def held(app) -> str:
    """What the app holds: the asset caches' bytes (pictures + labels) and the stack."""
    A = app.assets
    return (f"caches {A._surfaces.bytes / 2**20:5.1f}+{A._text.bytes / 2**20:4.1f} MiB, "
            f"{len(app.stack.scenes)} scenes on the stack")


def post_key(key: int, mod: int = 0) -> None:
    for etype in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(etype, key=key, mod=mod, scancode=0))


def autoplay(rounds: int, size: tuple[int, int], game: str | None) -> None:
    """`rounds` autoplay rounds of one game, or with `game` "all" of every game in turn
    (an equal share each, back to the lobby between them), in one app: RSS at the lobby
    first, at round 1, each tenth and round 2,500, and at the lobby after each game."""
    with tempfile.TemporaryDirectory(prefix="soak-") as tmp:
        app = make_app(Path(tmp), size, kiosk=False, game=None if game == "all" else game)
        gids = list(app.cabinet.games) if game == "all" else [game or next(iter(app.cabinet.games))]
        for _ in range(10):
            app.step(0.1)
        t0 = time.perf_counter()
        print(f"lobby: RSS {rss_mb():7.1f} MiB", flush=True)
        marks = sorted({1, 2500, *(rounds * k // 10 for k in range(1, 11))} - {0})
        figures: dict[int, float] = {}
        played = 0
        for n, gid in enumerate(gids):
            share = rounds * (n + 1) // len(gids) - rounds * n // len(gids)
            played = _autoplay_game(app, gid, share, played, marks, figures, t0, back=len(gids) > 1)
            if len(gids) > 1:
                print(f"lobby after {gid}: RSS {rss_mb():7.1f} MiB (round {played:,})", flush=True)
        app.checkpoints.close()
        if 2500 in figures:
            print(f"RSS(round {rounds}) / RSS(round 2,500) = {figures[rounds] / figures[2500]:.3f}")


def _autoplay_game(app, gid: str, rounds: int, played: int, marks: list[int], figures: dict[int, float],
                   t0: float, back: bool) -> int:
    """Open `gid`, autoplay `rounds` rounds (the ledger's count goes on from `played`),
    print RSS at the marks it passes; with `back`, back to the lobby after them (the
    round finished, the scene closed, a few frames run). Returns the rounds played in all."""
    from cabinet.ui.game_scene import GameScene
    scene = app.open_game(gid)
    assert isinstance(scene, GameScene), gid
    app.turbo = True
    goal = played + rounds
    while played < goal:
        if scene.autoplay is None and not scene.busy and app.stack.top is scene:
            scene.start_autoplay(min(1000, goal - played), stop_on_bonus=False)
        if app.stack.top is not scene:           # a celebration: SPACE; an offer (gamble): declined
            post_key(pygame.K_SPACE if app.stack.top.scene_name == "big_win" else pygame.K_ESCAPE)
        app.step(0.1)
        now = int(app.cabinet.ledger.meter("games_played"))
        while played < now:
            played += 1
            if played in marks:
                figures[played] = rss_mb()
                print(f"round {played:>6} ({gid}): RSS {figures[played]:7.1f} MiB  ({time.perf_counter() - t0:6.0f} s)"
                      f"  {held(app)}", flush=True)
    if back:
        while scene.busy or scene.autoplay is not None or app.stack.top is not scene:
            if app.stack.top is not scene:
                post_key(pygame.K_SPACE if app.stack.top.scene_name == "big_win" else pygame.K_ESCAPE)
            elif scene.autoplay is not None:
                scene.stop_autoplay()
            app.step(0.1)
        scene.on_action("close")
        for _ in range(30):
            app.step(0.1)
    return played


def attend(app) -> None:
    """The attendant pays the waiting handpay by hand: the notice's own path after the PIN."""
    from cabinet.core import cash_desk
    notice = app.stack.find("handpay")
    if notice is not None:
        notice.attendant("pay")
    else:
        cash_desk.pay_handpay(app.cabinet, "attendant")


def random_input(events: int, size: tuple[int, int], seed: int, attendant: int = ATTENDANT_EVENTS) -> None:
    rng = random.Random(seed)
    w, h = size
    with tempfile.TemporaryDirectory(prefix="soak-") as tmp:
        app = make_app(Path(tmp), size, kiosk=True, game=None)
        tenth = max(1, events // 10)
        firsts: list[float] = []
        lasts: list[float] = []
        t0 = time.perf_counter()
        waited = handpays = 0
        for i in range(1, events + 1):
            roll = rng.random()
            if roll < 0.6:
                post_key(rng.choice(KEYS), rng.choice(MODS))
            elif roll < 0.85:
                pos = (rng.randrange(w), rng.randrange(h))
                for etype in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                    pygame.event.post(pygame.event.Event(etype, pos=pos, button=1))
            else:
                x, y = rng.random(), rng.random()
                for etype in (pygame.FINGERDOWN, pygame.FINGERUP):
                    pygame.event.post(pygame.event.Event(etype, x=x, y=y, dx=0.0, dy=0.0, finger_id=1, touch_id=1,
                                                         pressure=1.0))
            app.step(rng.choice((0.016, 0.05, 0.2)))
            if not app.running:               # the operator menu's EXIT CABINET (a PIN was typed): go on
                app.running = True
            if app.cabinet.locked:
                raise SystemExit(f"soak: the cabinet locked: {app.cabinet.locked}")
            waited = 0 if app.cabinet.handpay is None else waited + 1
            if waited >= attendant:
                attend(app)
                waited, handpays = 0, handpays + 1
            if app.cabinet.handpay is None and app.cabinet.balance < 10_000:
                app.cabinet.deposit(10**8)
            if i % max(1, tenth // 10) == 0:
                (firsts if i <= tenth else lasts if i > events - tenth else []).append(rss_mb())
            if i % tenth == 0:
                print(f"event {i:>7}: RSS {rss_mb():7.1f} MiB  ({time.perf_counter() - t0:6.0f} s)  "
                      f"{held(app)}  top scene {app.stack.top.scene_name}", flush=True)
        app.checkpoints.close()
        first, last = sum(firsts) / len(firsts), sum(lasts) / len(lasts)
        print(f"{handpays} handpays paid by the attendant, each after {attendant} events")
        print(f"mean RSS first tenth {first:.1f} MiB (the caches fill in it), last tenth {last:.1f} MiB, "
              f"last / first = {last / first:.3f}")
        print(f"RSS at the end of the first tenth {firsts[-1]:.1f} MiB, peak of the last tenth {max(lasts):.1f} MiB, "
              f"at the end {lasts[-1]:.1f} MiB: peak / first-tenth end = {max(lasts) / firsts[-1]:.3f}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("run", choices=("autoplay", "input"),
                   help="autoplay: a game's own autoplay for --rounds; input: --events random inputs to a kiosk")
    p.add_argument("--rounds", type=int, default=10_000, help="autoplay: rounds to play (default 10000)")
    p.add_argument("--events", type=int, default=100_000, help="input: random inputs to send (default 100000)")
    p.add_argument("--game", default=None,
                   help="autoplay: the game id to play, or 'all': each in turn (default: the first offered)")
    p.add_argument("--seed", type=int, default=1, help="input: seed of the random inputs (default 1)")
    p.add_argument("--attendant", type=int, default=ATTENDANT_EVENTS,
                   help=f"input: events a handpay waits before the attendant pays it (default {ATTENDANT_EVENTS})")
    p.add_argument("--size", default="1920x1080", help="the window's size, WIDTHxHEIGHT (default 1920x1080)")
    args = p.parse_args(argv)
    try:
        size = tuple(int(v) for v in args.size.lower().split("x"))
        assert len(size) == 2 and min(size) > 0
    except (ValueError, AssertionError):
        p.error(f"--size {args.size!r}: allowed WIDTHxHEIGHT, like 1920x1080")
    for name, least in (("events", 10), ("rounds", 1), ("attendant", 1)):
        if getattr(args, name) < least:
            p.error(f"--{name} {getattr(args, name)}: allowed a whole number of {least} or more")
    if args.run == "autoplay":
        autoplay(args.rounds, size, args.game)
    else:
        random_input(args.events, size, args.seed, args.attendant)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
