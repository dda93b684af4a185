"""Frame benchmark: `python -m cabinet.ui.bench [--json] [--frames N] [--size 1920x1080]`.

Renders every scene headless (SDL dummy driver unless DISPLAY is used with --window)
at 1920x1080 for a fixed number of frames during its busiest animation, and prints
median and p99 frame time per scene. A frame is one `App.step`: events, update,
draw and flip. Rounds are drawn live from the game's rules into a throw-away ledger.
"""
from __future__ import annotations

import argparse
import importlib
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from cabinet.core.resources import code_root


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def make_cabinet(data: Path, include_toy: bool):
    """A cabinet on a temporary ledger: live math, demo tools on, plenty of credit."""
    from cabinet.core.cabinet import Cabinet
    from cabinet.core.config import load_config
    cfg = load_config()
    cfg.data_path = data
    cfg.math_source = "live"
    cfg.demo_tools, cfg.real_play = True, False
    cfg.demo_credit = 10**9
    games = None
    if include_toy:     # the UI tests' Toy Reels, by name (a repo checkout's tests/; nothing imports tests)
        from cabinet.core.game import discover
        games = dict(discover())
        toy = importlib.import_module("tests.ui.toy_game").TOY
        games[toy.id] = toy
    return Cabinet(cfg, games=games, seed=20240601)


CPU: dict[str, list[float]] = {}
STARTS: list[float] = []          # ms of each cabinet.start_round (debit + record + draw)


def timed(app, frames: int, before_frame=None, name: str | None = None) -> list[float]:
    """Wall ms of each frame; the frame's CPU ms (thread time, which other processes
    on a busy machine do not inflate) go to CPU[name]."""
    times, cpu = [], []
    for i in range(frames):
        if before_frame:
            before_frame(i)
        t0, c0 = time.perf_counter(), time.thread_time()
        app.step(1 / 60)
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.thread_time() - c0) * 1000)
    if name:
        CPU[name] = cpu
    return times


def bench(frames: int, size: tuple[int, int], include_toy: bool) -> dict[str, dict[str, float]]:
    from cabinet.ui.app import App, start_scenes
    from cabinet.ui.clock import ManualClock
    from cabinet.ui.scene import scene_class

    results: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        cabinet = make_cabinet(Path(tmp), include_toy)
        app = App(cabinet.config, cabinet, size=size, clock=ManualClock(), windowed=True)
        start_scenes(app)
        timed(app, 5)
        results["lobby"] = timed(app, frames, name="lobby")
        for gid, setup in cabinet.games.items():
            scene = app.open_game(gid)
            if not isinstance(scene, scene_class("game")):
                print(f"{gid}: scene not available, skipped", file=sys.stderr)
                continue
            forces = list(setup.spec.force_categories) or [None]
            state = {"n": 0}

            def keep_playing(i, scene=scene, forces=forces, state=state):
                while app.stack.top is not scene:     # close celebrations at once
                    app.pop()
                if scene.waiting_for_start:           # START a bonus round at once, as a player
                    scene.skip()
                if not scene.busy:
                    force = forces[state["n"] % len(forces)] if state["n"] % 2 else None
                    state["n"] += 1
                    t0 = time.perf_counter()
                    try:    # outside the timed frame: recording a round is ledger work, not drawing
                        played = scene.app.cabinet.start_round(gid, scene.spin_mode(), scene.bet, force)
                    except Exception:
                        played = scene.app.cabinet.start_round(gid, scene.spin_mode(), scene.bet)
                    STARTS.append((time.perf_counter() - t0) * 1000)
                    scene.begin(played)
            timed(app, 5, keep_playing)
            results[f"{gid}: rounds"] = timed(app, frames, keep_playing, f"{gid}: rounds")
            while scene.busy:
                scene.skip()
                app.step(1 / 60)
            while app.stack.top is not scene:
                app.pop()
            for name, args, kw in (("info", ("info", scene), {"paytable": True}),
                                   ("buy menu", ("buy_menu", scene), {}),
                                   ("autoplay menu", ("autoplay_menu", scene), {}),
                                   ("sound panel", ("sound_panel",), {}),
                                   ("big win", ("big_win", "epic", 123456), {})):
                if name == "buy menu" and not scene.buy_modes:
                    continue
                app.open(*args, **kw)
                results[f"{gid}: {name}"] = timed(app, frames, name=f"{gid}: {name}")
                while app.stack.top is not scene:
                    app.pop()
            app.pop(scene)
        app.open("history")
        results["history"] = timed(app, frames, name="history")
        app.pop()
    out = {name: {"median_ms": round(statistics.median(t), 2), "p99_ms": round(percentile(t, 0.99), 2),
                  "cpu_median_ms": round(statistics.median(CPU[name]), 2),
                  "cpu_p99_ms": round(percentile(CPU[name], 0.99), 2), "frames": len(t)}
           for name, t in results.items()}
    if STARTS:
        out["start_round (not a frame)"] = {"median_ms": round(statistics.median(STARTS), 2),
                                            "p99_ms": round(percentile(STARTS, 0.99), 2),
                                            "cpu_median_ms": 0.0, "cpu_p99_ms": 0.0, "frames": len(STARTS)}
    return out


LAUNCH_CHILD = """
import os, sys, time
os.environ.setdefault('SDL_VIDEODRIVER', 'dummy'); os.environ.setdefault('SDL_AUDIODRIVER', 'dummy')
from cabinet.core.config import load_config
from cabinet.core.cabinet import Cabinet
from cabinet.ui.app import App, start_scenes
cfg = load_config()
cfg.data_path = __import__('pathlib').Path(sys.argv[1])
cabinet = Cabinet(cfg)
app = App(cfg, cabinet, windowed=True)
start_scenes(app)
app.step(1 / 60)                  # the first lobby frame is on screen and input is read
print(time.time())
"""


def launch_seconds(repeats: int = 3) -> list[float]:
    """Wall seconds from starting a fresh interpreter to the first lobby frame
    (config, ledger, game discovery and book libraries, window, audio files)."""
    import subprocess
    out = []
    for _ in range(repeats):
        with tempfile.TemporaryDirectory() as tmp:
            t0 = time.time()
            done = subprocess.run([sys.executable, "-c", LAUNCH_CHILD, tmp], capture_output=True, text=True,
                                  check=True, cwd=str(code_root()))
            out.append(float(done.stdout.strip().splitlines()[-1]) - t0)
    return out


def moments(frames: int, size: tuple[int, int], window: bool) -> int:
    """Print the celebration segments' frame times (moment_bench.py)."""
    from cabinet.ui import moment_bench
    from cabinet.ui.app import App, start_scenes
    from cabinet.ui.clock import ManualClock
    with tempfile.TemporaryDirectory() as tmp:
        cabinet = make_cabinet(Path(tmp), False)
        app = App(cabinet.config, cabinet, size=size, clock=ManualClock(), windowed=True)
        start_scenes(app)
        results = moment_bench.run(app, frames)
    print(f"{size[0]}x{size[1]}, {'real window' if window else 'dummy driver'}, {frames} frames per segment, "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print("\n".join(moment_bench.table(results, percentile)))
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="Frame benchmark: median and p99 frame time of every scene during its "
                                "busiest animation, headless unless --window.")
    p.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    p.add_argument("--frames", type=int, default=300, help="frames measured per scene (default 300)")
    p.add_argument("--size", default="1920x1080", help="the window's size, WIDTHxHEIGHT (default 1920x1080)")
    p.add_argument("--window", action="store_true", help="use the real display ($DISPLAY) instead of dummy")
    p.add_argument("--toy", action="store_true", help="also bench the tests' Toy Reels scene (repo checkout)")
    p.add_argument("--launch", action="store_true", help="only measure launch to the first lobby frame")
    p.add_argument("--moments", action="store_true",
                   help="only the celebration segments: transitions, big moments, big-win tiers (moment_bench.py)")
    args = p.parse_args(argv)
    if args.launch:
        times = launch_seconds()
        print(json.dumps({"launch_to_lobby_s": [round(t, 2) for t in times],
                          "median_s": round(statistics.median(times), 2)}) if args.json else
              f"launch to first lobby frame: median {statistics.median(times):.2f} s over {len(times)} runs "
              f"({', '.join(f'{t:.2f}' for t in times)})")
        return 0
    if not args.window:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"     # stdout carries only the figures
    os.environ["SDL_FRAMEBUFFER_ACCELERATION"] = "0"
    w, h = (int(v) for v in args.size.lower().split("x"))
    t0 = time.perf_counter()
    if args.moments:
        return moments(args.frames, (w, h), args.window)
    results = bench(args.frames, (w, h), args.toy)
    if args.json:
        print(json.dumps({"size": [w, h], "driver": "window" if args.window else "dummy", "scenes": results},
                         indent=2))
    else:
        print(f"{w}x{h}, {'real window' if args.window else 'dummy driver'}, {args.frames} frames per scene")
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        print(f"{'scene':34s} {'median ms':>10s} {'p99 ms':>8s} {'cpu med':>8s} {'cpu p99':>8s}")
        for name, r in results.items():
            flag = "" if r["p99_ms"] <= 16.7 else "  p99 over 16.7"
            print(f"{name:34s} {r['median_ms']:10.2f} {r['p99_ms']:8.2f} {r['cpu_median_ms']:8.2f} "
                  f"{r['cpu_p99_ms']:8.2f}{flag}")
        print(f"total {time.perf_counter() - t0:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
