"""`python main.py --shots DIR [--game ID] [--lang TAG]`: every scene and state rendered
to PNG (with the operator menu's pages when no --game limits it), in a language.

A game scene declares the states worth a picture as `SHOTS`, a list of `Shot`:

    SHOTS = [
        Shot("base_board"),                                   # the idle game screen
        Shot("cluster_win", mode="base", force="cluster", at="cluster"),
        Shot("wheel_gold", mode="wheel_buy", force="wheel_gold", at="wheel_spin", within=0.6),
        Shot("buy_menu", action="buy_menu"),
        Shot("paytable", action="paytable"),
    ]

A shot with a `mode` plays a round of that mode (with the demo `force` category when
given) and stops the injectable clock at `at`: a fraction of the presentation's total
time, or the label prefix of a step (stopped `within` that step). A shot with an
`action` sends that named action to the scene (opening the buy menu, info pages...).
`prepare` is a function called with the game scene first (e.g. to arm the ante); `after` runs the
clock on for that many seconds (at=1.0, after=1.5: the celebration that follows the
round, mid-animation). A step that waits
for the player's START is started on the way, as a player would; `within=0` on such a
step shows it waiting. The gallery runs on a throw-away ledger in a temporary folder,
never on the player's.
"""
from __future__ import annotations

import dataclasses

import json
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import pygame

from . import asset_files
from .shell_shots import DT, settle_round

SIZE = (1920, 1080)


@dataclass(frozen=True)
class Shot:
    name: str
    mode: str | None = None
    force: str | None = None
    at: float | str = 1.0
    within: float = 0.5
    action: str | None = None
    prepare: Callable[[Any], None] | None = None   # called with the game scene first
    caption: str = ""
    after: float = 0.0          # seconds more after the round (a celebration mid-animation)


def advance_to(app: Any, scene: Any, at: float | str, within: float) -> None:
    pres = scene.presentation
    if pres is None:
        return
    if isinstance(at, str):
        target = next((i for i, s in enumerate(pres.steps) if s.label.startswith(at)), None)
        if target is None:
            raise LookupError(f"no step labelled {at!r}; labels: {sorted({s.label for s in pres.steps})}")
        guard = 0
        while scene.presentation is pres and pres.index < target and guard < 100000:
            pres.release()                     # START, as the player would press it
            step = pres.steps[pres.index]      # a frame ends each step before the target (its end state,
            app.step(max(DT, step.duration - pres.elapsed))       # as frames of DT would leave it)
            guard += 1
        if within <= 0:
            return
        pres.release()
        hold = pres.steps[target].duration * within
        while scene.presentation is pres and pres.index == target and pres.elapsed < hold:
            app.step(min(DT, hold - pres.elapsed + 1e-6))
        return
    total = sum(s.duration for s in pres.steps)
    t = 0.0
    while scene.presentation is pres and t < total * at:
        app.step(DT)
        t += DT


def seek_round(scene: Any, wanted: Callable[[Any], bool], label: str, mode: str = "base", within: float = 0.5,
               tries: int = 400) -> bool:
    """A prepared shot's helper: play `mode` rounds until `wanted(round)`, and leave that
    one on screen `within` the first step whose label starts with `label`. The rounds
    are drawn by the cabinet as usual (the gallery's throw-away ledger): the scene never
    makes an outcome up, it keeps playing until one fits. False if none came up."""
    app = scene.app
    if not app.config.demo_tools or app.config.real_play:
        return False
    for _ in range(tries):
        settle_round(scene)
        if not scene.play(mode):
            return False
        if wanted(scene.played.round):
            break
    else:
        settle_round(scene)
        return False
    advance_to(app, scene, label, within)
    return True


def _fresh_cabinet(cabinet: Any, folder: Path) -> Any:
    from cabinet.core.cabinet import Cabinet
    # the gallery's throwaway ledger: its own key (it follows data_path), no witness
    cfg = dataclasses.replace(cabinet.config, ledger_key=None, ledger_witness=None, data_path=folder,
                              demo_tools=True, rng_seed=20261130, demo_credit=10_000_000)
    games = {gid: setup.spec for gid, setup in cabinet.games.items()}
    return Cabinet(cfg, games=games)


def render_gallery(cabinet: Any, out_dir: str | Path, game: str | None = None, lang: str | None = None) -> int:
    """Render the lobby and every declared shot of each game, in `lang` (a tag of
    cabinet.core.i18n.available(); None: the config's default); write index.json."""
    import os
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from .app import App, start_scenes
    from .clock import ManualClock
    from .library_view import library_shots
    from .review_shots import review_shots
    from .shell_shots import game_shots, history_shots, operator_shots

    if cabinet.config.real_play:
        print("--shots needs the demo tools, which real_play forbids")
        return 2
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    index: list[dict[str, str]] = []
    failed: list[str] = []
    work = Path(tempfile.mkdtemp(prefix="shots-"))
    try:
        cab = _fresh_cabinet(cabinet, work)
        app = App(cab.config, cab, size=SIZE, clock=ManualClock(), windowed=True)
        if lang is not None:
            app.set_language(lang, keep=False)
        start_scenes(app)

        def save(name: str, caption: str) -> None:
            _save(app, out, name, caption, index)
        for _ in range(2 + len(cab.games)):   # the lobby loads one game's tile art a frame
            app.step(DT)
        if game is None:
            _save(app, out, "lobby", "The lobby", index)
        for gid in ([game] if game else list(cab.games)):
            if gid not in cab.games:
                print(f"{gid}: not offered ({cab.refused.get(gid, 'unknown game')})")
                continue
            scene_class = cab.games[gid].spec.view.load_scene()
            shots = getattr(scene_class, "SHOTS", [Shot("board")])
            _game_shots(app, gid, shots, out, index, failed)
            _other_skins(app, gid, shots, out, index, failed)
            _shell(lambda: game_shots(app, gid, save), f"{gid}/cabinet screens", failed)
            _shell(lambda: review_shots(app, gid, save), f"{gid}/review tools", failed)
            _shell(lambda: library_shots(app, gid, save), f"{gid}/library viewer", failed)
        if game is None:
            _shell(lambda: history_shots(app, save), "history", failed)
            _shell(lambda: operator_shots(app, save), "operator pages", failed)
        (out / "index.json").write_text(json.dumps(index, indent=2))
        print(f"{len(index)} shots written to {out}" + (f"; {len(failed)} failed" if failed else ""))
        return 1 if failed else 0
    finally:
        pygame.display.quit()
        shutil.rmtree(work, ignore_errors=True)


def _shell(shots: Any, what: str, failed: list[str]) -> None:
    """The cabinet's own screens of a game (shell_shots.py); a failure is reported."""
    try:
        shots()
    except (LookupError, RuntimeError, ValueError) as exc:
        failed.append(f"{what}: {exc}")
        print(f"{what}: FAILED: {exc}")


def _save(app: Any, out: Path, name: str, caption: str, index: list[dict[str, str]]) -> None:
    app.render()
    path = out / f"{name}.png"
    pygame.image.save(app.surface, str(path))
    index.append({"file": path.name, "name": name, "caption": caption})

SKIN_SHOTS = 6          # a game's other skins: its first shots again, in each


def _other_skins(app: Any, gid: str, shots: list, out: Path, index: list, failed: list[str]) -> None:
    """The game's first shots in each skin it ships besides the one in use."""
    setup = app.cabinet.games[gid]
    if getattr(setup, "manifest", None) is None:
        return
    current = asset_files.skin(gid)
    try:
        for skin, label in asset_files.skins(gid).items():
            if skin == current:
                continue
            asset_files.use_skin(gid, skin)
            app.assets.forget()
            _game_shots(app, gid, shots[:SKIN_SHOTS], out, index, failed, (skin, label))
    finally:
        asset_files.use_skin(gid, current)
        app.assets.forget()


def _game_shots(app: Any, gid: str, shots: list, out: Path, index: list, failed: list[str],
                skin: tuple[str, str] | None = None) -> None:
    """Each declared shot of the game (with `skin`: named and captioned by the skin)."""
    for shot in shots:
        while len(app.stack.scenes) > 1:
            app.pop()
        app.game_choices.clear()         # every shot from the game's default bet and mode
        scene = app.open_game(gid)
        app.step(DT)
        try:
            if shot.prepare:
                shot.prepare(scene)
            if shot.action:
                scene.on_action(shot.action)
                app.step(DT)
            elif shot.mode:
                if not scene.play(shot.mode, shot.force):
                    raise RuntimeError(f"the round could not start ({scene.message_text})")
                advance_to(app, scene, shot.at, shot.within)
                for _ in range(round(shot.after / DT)):
                    app.step(DT)
            caption = shot.caption or shot.name.replace("_", " ")
            name = f"{gid}__{shot.name}" if skin is None else f"{gid}__skin_{skin[0]}__{shot.name}"
            _save(app, out, name, caption if skin is None else f"{caption} ({skin[1]} skin)", index)
        except (LookupError, RuntimeError, ValueError) as exc:
            failed.append(f"{gid}/{shot.name}: {exc}")
            print(f"{gid}/{shot.name}: FAILED: {exc}")
        settle_round(scene)                 # so the ledger stays settled and the result shown
