"""Frame times of Happy Money Hens' busiest animations (dummy driver):

    python -m games.happy_money_hens.tools.scene_bench [--frames 300] [--size 1920x1080]
    python -m games.happy_money_hens.tools.scene_bench --gamble-only --size 1600x900 [--math books]

- reels: base rounds, frames while the 5 reels spin and stop;
- bonus: bought bonuses, frames while the 35 mini reels spin and land;
- gamble: the cash and bonus wheels spinning.
A frame is one `App.step(1/60)` (events, update, draw, flip). Prints median and p99 of
wall ms and of CPU ms (thread time, which other processes on a busy machine do not
inflate), after one warm-up pass of each phase (first-use pre-rendering).

Then the gamble's one-off frames, which the warm-up must NOT hide (run first, in a fresh
process, so the first gamble is really the first):
- first frame: the frame a gamble opens in (the game's offers open it from update, so
  opening + update + draw + flip + the scene-change GC is one frame): the session's first
  gamble (cold: imports, labels, light maps), then gambles on new stakes (new discs);
- press: - / + resizing the bonus wheel's green segment (a new disc each), max over 10;
  and 10 presses walking + / - through one gamble's entries;
- spin and stop: every frame from pressing a wheel until the result (a won cash spin
  rebuilds both wheels for the new stake in its last frame), p99 and max.
Every figure should stay under 16.7 ms (60 fps).
"""
from __future__ import annotations

import argparse
import dataclasses
import os
import statistics
import tempfile
import time
from pathlib import Path


def _p99(values: list[float]) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(0.99 * (len(s) - 1))))]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="Happy Money Hens frame benchmark")
    p.add_argument("--frames", type=int, default=300)
    p.add_argument("--size", default="1920x1080", help="window size WxH (the cabinet's default window is 1600x900)")
    p.add_argument("--gamble-only", action="store_true", help="only the gamble's frames (first, press, spin)")
    p.add_argument("--math", choices=("live", "books"), default="live",
                   help="live rules (default) or the shipped book libraries (the cabinet's default: the bonus "
                        "wheel is priced from them)")
    args = p.parse_args(argv)
    w, h = (int(v) for v in args.size.lower().split("x"))
    size = (w, h)
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from cabinet.core.cabinet import Cabinet
    from cabinet.core.config import load_config
    from cabinet.ui.app import App, start_scenes
    from cabinet.ui.clock import ManualClock
    from games.happy_money_hens import GAME
    from games.happy_money_hens.view.scene import HensScene

    with tempfile.TemporaryDirectory() as tmp:
        # gamble as shipped while the game scene is built (it warms the gamble)
        cfg = dataclasses.replace(load_config(), data_path=Path(tmp), math_source=args.math, demo_credit=10**9,
                                  gamble="on_5x")
        cab = Cabinet(cfg, games={GAME.id: GAME}, seed=99)
        app = App(cfg, cab, size=size, clock=ManualClock(), windowed=True)
        start_scenes(app)
        scene = app.open_game(GAME.id)
        assert isinstance(scene, HensScene), "the game's scene did not open"
        app.config = cab.config = dataclasses.replace(cfg, gamble="off")   # then no offers interrupt the rounds
        for _ in range(5):
            app.step(1 / 60)
        results: dict[str, list[float]] = {"reels": [], "bonus": [], "gamble": []}
        cpu: dict[str, list[float]] = {k: [] for k in results}

        def frame(name: str) -> None:
            t0, c0 = time.perf_counter(), time.thread_time()
            app.step(1 / 60)
            results[name].append((time.perf_counter() - t0) * 1000)
            cpu[name].append((time.thread_time() - c0) * 1000)

        def settle() -> None:
            while scene.busy:
                scene.skip()
                app.step(1 / 60)
            while app.stack.top is not scene:
                app.pop()

        gamble_frames(app, scene)
        if args.gamble_only:
            return 0
        for mode in ("base", "buy_triple"):        # warm-up: pre-render faces, coins, panels
            scene.play(mode)
            for _ in range(200):
                app.step(1 / 30)
            settle()
        warm = scene.offers.open_gamble(scene.bet * 8, scene.bet)
        for _ in range(30):
            app.step(1 / 60)
        app.pop(warm)
        while len(results["reels"]) < args.frames:
            scene.play("base")
            while scene.busy and len(results["reels"]) < args.frames:
                step = scene.presentation.current if scene.presentation else None
                if step is None or not (step.label.startswith("reel") or step.label == "reels spin"):
                    break
                frame("reels")
            settle()
        while len(results["bonus"]) < args.frames:
            scene.play("buy_triple")
            while scene.busy and len(results["bonus"]) < args.frames:
                if scene.waiting_for_start:          # START each bonus round, as the player does
                    scene.skip()
                step = scene.presentation.current if scene.presentation else None
                if step is not None and step.label.startswith("bonus spin"):
                    frame("bonus")
                else:
                    app.step(1 / 60)
            settle()
        while len(results["gamble"]) < args.frames:
            gamble = scene.offers.open_gamble(scene.bet * 8, scene.bet)
            gamble.on_action("cash" if len(results["gamble"]) % 2 == 0 else "bonus")
            if gamble.presentation is None:
                gamble.on_action("cash")
            while gamble.presentation is not None and gamble.presentation.index == 0:
                frame("gamble")
            while app.stack.top is not scene:
                app.pop()
        print(f"{size[0]}x{size[1]}, dummy driver, load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        for name, t in results.items():
            c = cpu[name]
            print(f"{name:8s} frames {len(t):4d}  wall median {statistics.median(t):6.2f} p99 {_p99(t):6.2f} ms"
                  f"   cpu median {statistics.median(c):6.2f} p99 {_p99(c):6.2f} ms")
    return 0


def gamble_frames(app, scene) -> None:
    """The gamble's first frames, - / + presses and spins (see the module doc); prints them."""
    offers, bet = scene.offers, scene.bet

    def timed(fn) -> tuple[float, float]:
        t0, c0 = time.perf_counter(), time.thread_time()
        fn()
        return (time.perf_counter() - t0) * 1000, (time.thread_time() - c0) * 1000

    def close() -> None:
        while app.stack.top is not scene:
            app.pop()
        app.step(1 / 60)

    stakes = iter(bet * k + 3 + 7 * j for k in (8, 9, 11, 13, 16, 20, 24, 30, 37, 45, 55) for j in range(8))
    opened: list = []

    def open_frame() -> None:             # what the game's offers.poll() does inside one frame
        opened.append(offers.open_gamble(next(stakes), bet))
        app.step(1 / 60)

    rows: list[tuple[str, list[tuple[float, float]]]] = []
    first = [timed(open_frame)]
    close()
    rows.append(("first frame, session's first gamble", first))
    later = []
    for _ in range(10):
        later.append(timed(open_frame))
        close()
    rows.append(("first frame, gamble on a new stake (10)", later))
    new_seg = []
    for _ in range(10):                   # + onto a segment no disc was built for yet
        open_frame()
        g = opened[-1]
        for _ in range(3):
            app.step(1 / 60)

        def press_plus() -> None:
            g.on_action("plus")
            app.step(1 / 60)

        new_seg.append(timed(press_plus))
        close()
    rows.append(("press +, new green segment (10)", new_seg))
    open_frame()
    g, walk = opened[-1], []
    n = len(g.gamble.bonus_options())
    for k in range(10):
        up = (k // max(n - 1, 1)) % 2 == 0
        action = "plus" if up and g.entry < n - 1 or g.entry == 0 else "minus"

        def press() -> None:
            g.on_action(action)
            app.step(1 / 60)

        walk.append(timed(press))
    close()
    rows.append((f"press - / + walking {n} entries (10)", walk))
    spins: list[tuple[float, float]] = []
    stops: list[tuple[float, float]] = []
    for k in range(12):
        open_frame()
        g = opened[-1]
        for _ in range(3):
            app.step(1 / 60)
        wheel = "cash" if k % 3 else "bonus"

        def spin() -> None:
            g.on_action(wheel)
            app.step(1 / 60)

        def frame() -> None:
            app.step(1 / 60)

        spins.append(timed(spin))
        while app.stack.top is g and g.presentation is not None:
            t = timed(frame)
            (spins if g.presentation is not None else stops).append(t)
        close()
    rows.append(("spin frames (12 spins)", spins))
    rows.append(("stop: the result's last frame (12)", stops))
    print(f"gamble at {app.layout.size[0]}x{app.layout.size[1]}, dummy driver, "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores   (wall ms / cpu ms)")
    for name, vals in rows:
        w, c = [v[0] for v in vals], [v[1] for v in vals]
        tail = f"p99 {_p99(w):6.2f}  " if len(w) > 20 else " " * 13
        print(f"  {name:42s} n {len(w):4d}  median {statistics.median(w):6.2f}  {tail}max {max(w):6.2f}"
              f"   cpu max {max(c):6.2f}")


if __name__ == "__main__":
    raise SystemExit(main())
