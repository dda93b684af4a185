"""Gallery helpers (`main.py --shots`, demo tools only): play real rounds until one
shows a wanted event, then stop the clock inside the step that presents it.

The rounds are drawn by the cabinet as usual (on the gallery's throw-away ledger);
the scene never makes outcomes up, it only keeps playing until one fits."""
from __future__ import annotations

from typing import Callable

DT = 1 / 30


def seek_round(scene, wanted: Callable[[object], bool], label: str, mode: str = "base", within: float = 0.5,
               tries: int = 400) -> bool:
    """Play `mode` rounds until `wanted(round)`; leave that one on screen `within`
    the first step whose label starts with `label`. False if none came up."""
    app = scene.app
    if not app.config.demo_tools or app.config.real_play:
        return False
    for _ in range(tries):
        _settle(scene)
        if not scene.play(mode):
            return False
        if wanted(scene.played.round):
            break
    else:
        _settle(scene)
        return False
    pres = scene.presentation
    target = next(i for i, s in enumerate(pres.steps) if s.label.startswith(label))
    while scene.presentation is pres and pres.index < target:
        app.step(DT)
    hold = pres.steps[target].duration * within
    while scene.presentation is pres and pres.index == target and pres.elapsed < hold:
        app.step(min(DT, hold - pres.elapsed + 1e-6))
    return True


def _settle(scene) -> None:
    """Finish the round on screen and close any celebration over the scene."""
    app = scene.app
    for _ in range(2000):
        while app.stack.top is not scene:
            app.pop()
        if not scene.busy:
            return
        scene.skip()
        app.step(DT)
