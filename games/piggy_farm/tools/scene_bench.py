"""Frame times of the Piggy Farm scene by phase: `python -m games.piggy_farm.tools.scene_bench [--window]`.

Plays live rounds (throw-away ledger, dummy video driver, 1920x1080) and times each
frame (App.step: events, update, draw, flip) while the presentation is inside a
phase: board drops and tumbles, the wheel spin, free spins, the egg hunt, RISK THE
FARM. Prints median / p99 ms of wall time, and of the thread's CPU time (which other
processes on a busy machine do not inflate), per phase.
"""
from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

PHASES = {"tumbles": ("board", "cluster", "tumble", "sticky"), "wheel spin": ("wheel spin",),
          "hunt": ("nest", "hunt"), "risk": ("risk",)}


def main(frames_per_round: int = 400, window: bool = False) -> int:
    """Play the plan of rounds and print the table; `window` uses $DISPLAY (e.g. Xvfb)."""
    if not window:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_FRAMEBUFFER_ACCELERATION"] = "0"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from cabinet.ui.app import App, start_scenes
    from cabinet.ui.bench import make_cabinet, percentile
    from cabinet.ui.clock import ManualClock
    from games.piggy_farm.view.scene import PiggyFarmScene

    wall: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        cab = make_cabinet(Path(tmp), False)
        app = App(cab.config, cab, size=(1920, 1080), clock=ManualClock(), windowed=True)
        start_scenes(app)
        scene = app.open_game("piggy_farm")
        assert isinstance(scene, PiggyFarmScene), "the game's scene did not open"
        for _ in range(5):
            app.step(1 / 60)
        plan = [("base", "wheel_bronze"), ("base", "wheel_silver"), ("base", "wheel_gold"), ("base", None),
                ("free_spins", None), ("hog_wild", None), ("growing_season", None), ("golden_egg_hunt", None),
                ("risk_the_farm", None)]
        for mode, force in plan:
            while app.stack.top is not scene:
                app.pop()
            played = cab.start_round("piggy_farm", mode, scene.bet, force)
            scene.begin(played)
            fs = mode in ("free_spins", "hog_wild", "growing_season")
            for _ in range(frames_per_round):
                if not scene.busy:
                    break
                step = scene.presentation.current if scene.presentation else None
                label = step.label if step else ""
                phase = "free spins" if fs else next((p for p, keys in PHASES.items()
                                                      if any(label.startswith(k) for k in keys)), "other")
                t0, c0 = time.perf_counter(), time.thread_time()
                app.step(1 / 60)
                wall.setdefault(phase, []).append((time.perf_counter() - t0) * 1000)
                cpu.setdefault(phase, []).append((time.thread_time() - c0) * 1000)
                while app.stack.top is not scene:
                    app.pop()
            while scene.busy:
                scene.skip()
                app.step(1 / 60)
    print(
        f"1920x1080 {'real window' if window else 'dummy driver'}, load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    print(f"{'phase':14s} {'frames':>6s} {'median ms':>10s} {'p99 ms':>8s} {'cpu med':>8s} {'cpu p99':>8s}")
    for phase, t in wall.items():
        print(f"{phase:14s} {len(t):6d} {statistics.median(t):10.2f} {percentile(t, 0.99):8.2f} "
              f"{statistics.median(cpu[phase]):8.2f} {percentile(cpu[phase], 0.99):8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(window="--window" in sys.argv[1:]))
