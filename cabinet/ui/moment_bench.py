"""Frame times of the celebration segments: `python -m cabinet.ui.bench --moments`.

Over each game's idle screen: the transition into a feature (cover, closed, uncover),
the game's full-screen moments (moments.py), then the big-win celebration in each tier,
the max win and a feature's total (celebration.BigWin). Each segment runs `frames`
frames from its start (so its first frame, which photographs the game, is counted) with
its progress moving from 0 to 1; median, p99 and worst frame in ms, wall and CPU
(thread time, which other processes on a busy machine do not inflate), and which
frame of the segment was the worst by CPU ("at").
"""
from __future__ import annotations

import statistics
import time
from typing import Any, Callable

import pygame

from .moments import Moment

# the moments each game shows (its own kinds, amounts as a round would carry them)
GAME_MOMENTS = {
    "happy_money_hens": [Moment("pot", "GRAND POT WON!", "G-R-A-N-D complete: 1,000x the bet", 100_000, (245, 70, 80)),
                         Moment("full_board", "FULL BOARD!", "all 35 mini reels hold a coin", None, (255, 170, 60))],
    "grinning_harvest": [Moment("jackpot", "GRAND JACKPOT!", "1,000x the bet", 100_000, (230, 80, 60)),
                         Moment("great_skull", "THE GREAT SKULL!", "x9 on every Vault and new Pumpkin", None,
                                (150, 240, 110))],
    "piggy_farm": [Moment("wheel_upgrade", "WHEEL UPGRADE!", "BRONZE wheel -> SILVER wheel", None, (200, 220, 255))],
}


def _frames(app: Any, frames: int, at: Callable[[float], None]) -> tuple[list[float], list[float]]:
    wall, cpu = [], []
    for i in range(frames):
        at(i / max(frames - 1, 1))
        t0, c0 = time.perf_counter(), time.thread_time()
        app.step(1 / 60)
        wall.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.thread_time() - c0) * 1000)
    return wall, cpu


def _step_segment(app: Any, step, frames: int):
    step.begin()
    return _frames(app, frames, step.progress)


def run(app: Any, frames: int) -> dict[str, tuple[list[float], list[float]]]:
    """Segment name -> (wall ms, CPU ms) per frame."""
    from .game_scene import GameScene
    out: dict[str, tuple[list[float], list[float]]] = {}
    for gid in app.cabinet.games:
        scene = app.open_game(gid)
        if not isinstance(scene, GameScene):
            continue
        for _ in range(5):
            app.step(1 / 60)
        cells = [pygame.Rect(660 + 240 * i, 420 + 80 * i, 180, 180) for i in range(3)]   # three trigger symbols
        cover, uncover = scene.moments.transition("THE FEATURE", "its first line", cells, (255, 150, 40))
        out[f"{gid}: transition in"] = _step_segment(app, cover, frames)
        cover.finish()
        out[f"{gid}: curtains closed"] = _frames(app, max(frames // 4, 2), lambda p: None)
        out[f"{gid}: transition out"] = _step_segment(app, uncover, frames)
        uncover.finish()
        for moment in GAME_MOMENTS.get(gid, []):
            step = scene.moments.step(moment)
            out[f"{gid}: moment {moment.kind}"] = _step_segment(app, step, frames)
            step.finish()
        for tier in ("big", "mega", "epic", "max", None):
            app.open("big_win", tier, 123_456, 100, features="Hold-n-Win bonus" if tier is None else "",
                     lines=[("Bonus", 100_000), ("Lines", 23_456)] if tier is None else None)
            out[f"{gid}: big win {tier or 'total'}"] = _frames(app, frames, _celebration_at(app.stack.top))
            while app.stack.top is not scene:
                app.pop()
        app.pop(scene)
    return out


def table(results: dict[str, tuple[list[float], list[float]]], percentile: Callable) -> list[str]:
    lines = [f"{'segment':36s} {'median':>7s} {'p99':>7s} {'worst':>7s} {'cpu med':>8s} {'cpu p99':>8s} "
             f"{'cpu worst':>9s} {'at':>4s}"]
    for name, (wall, cpu) in results.items():
        worst = max(range(len(cpu)), key=cpu.__getitem__)
        lines.append(f"{name:36s} {statistics.median(wall):7.2f} {percentile(wall, 0.99):7.2f} {max(wall):7.2f} "
                     f"{statistics.median(cpu):8.2f} {percentile(cpu, 0.99):8.2f} {cpu[worst]:9.2f} {worst:4d}")
    return lines


def _celebration_at(overlay: Any) -> Callable[[float], None]:
    """A frame callback that puts the celebration at `p` of its duration."""
    def at(p: float) -> None:
        overlay.t = p * overlay.duration
    return at
