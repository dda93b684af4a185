"""Frame times of Happy Money Hens' busiest animations at 1920x1080 (dummy driver):

    python -m games.happy_money_hens.views.bench [--frames 300]

- reels: base rounds, frames while the 5 reels spin and stop;
- bonus: bought bonuses, frames while the 35 mini reels spin and land;
- gamble: the cash and bonus wheels spinning.
A frame is one `App.step(1/60)` (events, update, draw, flip). Prints median and p99 of
wall ms and of CPU ms (thread time, which other processes on a busy machine do not
inflate), after one warm-up pass of each phase (first-use pre-rendering).
"""
from __future__ import annotations

import argparse
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
    args = p.parse_args(argv)
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from cabinet.core.cabinet import Cabinet
    from cabinet.core.config import load_config
    from cabinet.ui.app import App, start_scenes
    from cabinet.ui.clock import ManualClock
    from games.happy_money_hens import GAME

    with tempfile.TemporaryDirectory() as tmp:
        cfg = load_config()
        cfg.data_path, cfg.math_source, cfg.demo_credit, cfg.gamble = Path(tmp), "live", 10**9, "off"
        cab = Cabinet(cfg, games={GAME.id: GAME}, seed=99)
        app = App(cfg, cab, size=(1920, 1080), clock=ManualClock(), windowed=True)
        start_scenes(app)
        scene = app.open_game(GAME.id)
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
        print(f"1920x1080, dummy driver, load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        for name, t in results.items():
            c = cpu[name]
            print(f"{name:8s} frames {len(t):4d}  wall median {statistics.median(t):6.2f} p99 {_p99(t):6.2f} ms"
                  f"   cpu median {statistics.median(c):6.2f} p99 {_p99(c):6.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
