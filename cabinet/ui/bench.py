"""Frame benchmark: `python -m cabinet.ui.bench [--json] [--frames N] [--size 1920x1080] [--launch]`.

Every frame a player meets, timed as the live loop runs it: one `App.step(1/60)`
(events, update, draw, flip), with a press (ENTER on a lobby tile, SPIN, a buy, a
menu's key) handled inside the frame it happens in, as `App.handle_event` does. Per
segment it prints the frames' wall and CPU time (the frame thread's CPU, which other
processes on a busy machine do not inflate): median, p99 and the worst frame.

Segments: the lobby; per game its opening (the ENTER frame and the frames after it),
its rounds (steady), the SPIN press frames (the round's commit included) and the
first one apart (every other round is a forced one, the review tools' live search,
timed apart and not held to the budget), a buy press, each menu (INFO, paytable, BUY, AUTOPLAY, sound panel),
opened twice, each celebration tier, and the game's big moments (moments.py: the transition
into a feature, the curtains closed, the transition out, each full-screen moment); the history. Budget (issue #34): no frame of
any segment over 16.7 ms of CPU, steady segments (lobby, rounds) p99 <= 8.3 ms;
exit 1 when a segment is over. Rounds are drawn live into a throw-away ledger.

`--launch`: fresh interpreters, the seconds to the first frame on screen and to an
interactive lobby (cabinet/ui/bench_launch.py).
"""
from __future__ import annotations

from typing import Any

import argparse
import dataclasses
import importlib
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

FRAME_MS = 16.7              # one 60 fps frame
STEADY_P99_MS = 8.3          # half of it, for frames that only animate
STEADY = ("lobby", "rounds", "curtains closed")  # segment names (or suffixes) held to the p99 budget
REVIEW = "forced SPIN press (review tools, not budgeted)"


def rss_mb() -> float:
    from .soak import rss_mb as rss
    return rss()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def make_cabinet(data: Path, include_toy: bool):
    """A cabinet on a temporary ledger: live math, demo tools on, plenty of credit."""
    from cabinet.core.cabinet import Cabinet
    from cabinet.core.config import load_config
    cfg = dataclasses.replace(load_config(), data_path=data, math_source="live", demo_tools=True, real_play=False,
                              demo_credit=10**9)
    games = None
    if include_toy:     # the UI tests' Toy Reels, by name (a repo checkout's tests/; nothing imports tests)
        from cabinet.core.game import discover
        games = dict(discover())
        toy = importlib.import_module("tests.ui.toy_game").TOY
        games[toy.id] = toy
    return Cabinet(cfg, games=games, seed=20240601)


class Frames:
    """Wall and CPU ms of each timed frame, by segment."""

    def __init__(self, app):
        self.app = app
        self.wall: dict[str, list[float]] = {}
        self.cpu: dict[str, list[float]] = {}

    def frame(self, segment: str, press=None) -> None:
        """One frame; `press()` runs inside it, before the step, as an event would."""
        t0, c0 = time.perf_counter(), time.thread_time()
        if press is not None:
            press()
        self.app.step(1 / 60)
        self.wall.setdefault(segment, []).append((time.perf_counter() - t0) * 1000)
        self.cpu.setdefault(segment, []).append((time.thread_time() - c0) * 1000)

    def run(self, segment: str, n: int, press=None) -> None:
        """The press frame and the n-1 frames after it (the transition), one segment."""
        for i in range(n):
            self.frame(segment, press if i == 0 else None)

    def table(self) -> dict[str, dict[str, float]]:
        out: dict[str, dict[str, Any]] = {}
        for name, wall in self.wall.items():
            cpu = self.cpu[name]
            out[name] = {"frames": len(wall), "median_ms": round(statistics.median(wall), 2),
                         "p99_ms": round(percentile(wall, 0.99), 2), "max_ms": round(max(wall), 2),
                         "cpu_median_ms": round(statistics.median(cpu), 2),
                         "cpu_p99_ms": round(percentile(cpu, 0.99), 2), "cpu_max_ms": round(max(cpu), 2)}
            out[name]["over"] = over_budget(name, out[name])
        return out


def over_budget(name: str, row: dict[str, float]) -> str:
    """Why a segment is over budget ('' when within)."""
    if name.endswith(REVIEW):
        return ""
    if row["cpu_max_ms"] > FRAME_MS:
        return f"a frame of {row['cpu_max_ms']:.1f} ms CPU"
    if name.split(": ")[-1] in STEADY and row["cpu_p99_ms"] > STEADY_P99_MS:
        return f"p99 {row['cpu_p99_ms']:.1f} ms CPU"
    return ""


def settle_down(app, scene) -> None:
    """Finish the round on screen and close what is over the game (untimed)."""
    for _ in range(100000):
        while app.stack.top is not scene and app.stack.top is not None:
            app.pop()
        if not scene.busy:
            return
        scene.skip()
        app.step(1 / 60)


def bench_game(f: Frames, app, gid: str, frames: int, transition: int) -> None:
    from cabinet.ui.scene import scene_class
    lobby = app.stack.top

    def open_game() -> Any:
        return lobby.on_action("select") if _select(lobby, gid) else None

    f.run(f"{gid}: open", transition, open_game)
    scene = app.stack.top
    if not isinstance(scene, scene_class("game")):
        print(f"{gid}: scene not available, skipped", file=sys.stderr)
        return
    game: Any = scene                      # a GameScene (registered as "game")
    forces = list(game.spec.review.force_categories) or [None]
    n = 0
    first = True
    for _ in range(frames):
        while app.stack.top is not scene:        # celebrations: timed on their own below
            app.pop()
        if scene.waiting_for_start:              # START a bonus round at once, as a player
            scene.skip()
        if scene.busy:
            f.frame(f"{gid}: rounds")
            continue
        force = forces[n % len(forces)] if n % 2 else None
        n += 1
        segment = f"{gid}: first SPIN press" if first else f"{gid}: SPIN press"
        if force is not None:       # a forced outcome is searched for live: a review tool, not a player's frame
            segment = f"{gid}: {REVIEW}"
        first = False

        def press(force=force):             # as SPACE does
            if not scene.play(force=force):
                scene.play()
        f.frame(segment, press)
    settle_down(app, scene)
    if scene.buy_modes:
        mode = scene.buy_modes[0].id
        for _ in range(2):
            f.run(f"{gid}: buy press", 10, lambda: scene.play(mode_id=mode))
            settle_down(app, scene)
    menus = [("INFO", ("info", scene), {"paytable": False}), ("paytable", ("info", scene), {"paytable": True}),
             ("BUY menu", ("buy_menu", scene, None), {}), ("AUTOPLAY menu", ("autoplay_menu", scene), {}),
             ("sound panel", ("sound_panel",), {})]        # as the HUD's keys open them
    for name, args, kw in menus:
        if name == "BUY menu" and not scene.buy_modes:
            continue
        for again in ("", " (again at once)"):    # the first opening, and a second right after it
            f.run(f"{gid}: {name}{again}", transition, lambda args=args, kw=kw: app.open(*args, **kw))
            settle_down(app, scene)
    for tier in ("big", "mega", "epic", "max"):
        f.run(f"{gid}: celebration {tier}", transition,
              lambda tier=tier: app.open("big_win", tier, 123456, scene.bet))
        settle_down(app, scene)
    moments(f, app, scene, gid, transition)
    f.run(f"{gid}: back to lobby", transition, lambda: scene.on_action("close"))


def moments(f: Frames, app, scene, gid: str, frames: int) -> None:
    """The game's big moments (moments.py, as moment_bench.py shows them): the
    transition into a feature, the curtains closed, the transition out, each of the
    game's full-screen moments; each segment from its first frame."""
    from . import moment_bench
    cells = [pygame_rect(660 + 240 * i, 420 + 80 * i, 180, 180) for i in range(3)]
    cover, uncover = scene.moments.transition("THE FEATURE", "its first line", cells, (255, 150, 40))
    steps = [("transition in", cover), ("transition out", uncover)]
    steps += [(f"moment {m.kind}", scene.moments.step(m)) for m in moment_bench.GAME_MOMENTS.get(gid, [])]
    for name, step in steps:
        step.begin()
        for i in range(frames):
            step.progress(i / max(frames - 1, 1))
            f.frame(f"{gid}: {name}")
        step.finish()
        if name == "transition in":
            f.run(f"{gid}: curtains closed", max(frames // 4, 2))


def pygame_rect(*args):
    import pygame
    return pygame.Rect(*args)



def _select(lobby, gid: str) -> bool:
    ids = [spec.id for spec in lobby.specs]
    if gid not in ids:
        return False
    lobby.selected = ids.index(gid)
    return True


def bench(frames: int, size: tuple[int, int], include_toy: bool, transition: int = 30) -> dict:
    from cabinet.ui.app import App, start_scenes
    from cabinet.ui.clock import ManualClock

    with tempfile.TemporaryDirectory() as tmp:
        cabinet = make_cabinet(Path(tmp), include_toy)
        app = App(cabinet.config, cabinet, size=size, clock=ManualClock(), windowed=True)
        start_scenes(app)
        from .preparations import prepare_all
        t0 = time.perf_counter()
        prepare_all(app)                   # as behind the splash (splash.py): the lobby comes ready
        prepared_s = time.perf_counter() - t0
        app._settle_memory()
        f = Frames(app)
        f.run("lobby: first frames", transition)
        f.run("lobby", frames)
        rss = {"lobby": rss_mb()}
        for gid in cabinet.games:
            bench_game(f, app, gid, frames, transition)
        f.run("history", transition, lambda: app.open("history"))
        app.pop()
        f.run("history (second)", transition, lambda: app.open("history"))
        app.pop()
        f.run("lobby (after)", transition)
        rss["after every game"] = rss_mb()
        app.checkpoints.close()
        cabinet.close()
        return {"segments": f.table(), "rss_mib": {k: round(v, 1) for k, v in rss.items()},
                "prepared_s": round(prepared_s, 2)}


def moments_only(frames: int, size: tuple[int, int], window: bool) -> int:
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
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    p.add_argument("--frames", type=int, default=300, help="steady frames per segment (lobby, rounds)")
    p.add_argument("--transition", type=int, default=30, help="frames timed from each press")
    p.add_argument("--size", default="1920x1080", help="the window's size, WIDTHxHEIGHT (default 1920x1080)")
    p.add_argument("--window", action="store_true", help="use the real display ($DISPLAY) instead of dummy")
    p.add_argument("--toy", action="store_true", help="also bench the tests' Toy Reels scene (repo checkout)")
    p.add_argument("--launch", action="store_true", help="only measure launch: first frame, interactive lobby")
    p.add_argument("--repeats", type=int, default=3, help="with --launch: how many fresh interpreters to start")
    p.add_argument("--moments", action="store_true",
                   help="only the celebration segments: transitions, big moments, big-win tiers (moment_bench.py)")
    args = p.parse_args(argv)
    if args.launch:
        from .bench_launch import report
        return report(args.repeats, args.json)
    if not args.window:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"     # stdout carries only the figures
    os.environ["SDL_FRAMEBUFFER_ACCELERATION"] = "0"
    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        sys.stderr.write(f"bench: --size {args.size!r}: allowed: WIDTHxHEIGHT, e.g. 1920x1080\n")
        return 2
    t0 = time.perf_counter()
    found = bench(args.frames, (w, h), args.toy, args.transition)
    results = found["segments"]
    over = {name: r["over"] for name, r in results.items() if r["over"]}
    if args.json:
        print(json.dumps({"size": [w, h], "driver": "window" if args.window else "dummy", "segments": results,
                          "rss_mib": found["rss_mib"], "over_budget": over}, indent=2))
    else:
        print(f"{w}x{h}, {'real window' if args.window else 'dummy driver'}; load average "
              f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; ms per frame")
        print(f"{'segment':36s} {'frames':>6s} {'wall med':>8s} {'p99':>7s} {'max':>7s} "
              f"{'cpu med':>8s} {'p99':>7s} {'max':>7s}")
        for name, r in results.items():
            print(f"{name:36s} {r['frames']:6d} {r['median_ms']:8.2f} {r['p99_ms']:7.2f} {r['max_ms']:7.2f} "
                  f"{r['cpu_median_ms']:8.2f} {r['cpu_p99_ms']:7.2f} {r['cpu_max_ms']:7.2f}"
                  f"{'  OVER: ' + r['over'] if r['over'] else ''}")
        print(f"preparation behind the splash: {found['prepared_s']:.1f} s wall")
        print("resident memory (RSS): " + ", ".join(f"{k} {v:.0f} MiB" for k, v in found["rss_mib"].items()))
        print(f"{len(over)} of {len(results)} segments over budget; total {time.perf_counter() - t0:.1f} s")
    return 1 if over else 0


if __name__ == "__main__":
    raise SystemExit(main())
