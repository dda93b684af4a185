"""A round shown in its game's scene without moving money: a recalled round (the
ledger's), or a book nobody played (cabinet/core/book_rounds.py) for the showcase
and the clips. The scene runs in recall mode, so every live control is off and
nothing is settled; `label` replaces the RECALL lines the HUD draws."""
from __future__ import annotations

from typing import Any

from . import celebration


def show_round(app: Any, played: Any, label: tuple[str, str] | None = None, record: Any = None,
               celebrate: bool = False, title: str | None = None) -> Any:
    """Push the game scene of `played` and start presenting it; None (said in a toast)
    when the game is not offered or its scene cannot load. With `celebrate` the round
    ends with the celebration a played one would get (a big win, a feature's total);
    `title` is what the RECALL frame says of a replayed book (review tools)."""
    setup = app.cabinet.games.get(played.game)
    if setup is None:
        app.toast(f"{played.game} is not offered here")
        return None
    scene_class = app._game_scene(setup)
    if scene_class is None:
        return None
    scene = scene_class(app, setup)
    scene.recall_mode = True
    scene.recall_record = record
    if record is not None:        # the round told whole: its gamble steps and spin-chance draws too
        from .history import RoundStory
        scene.recall_story = RoundStory(record, app.cabinet.side_draws_of(record.id))
    scene.recall_label = label
    scene.recall_celebrates = celebrate
    scene.recall_title = title
    app.push(scene)
    scene.begin(played, recall=True)
    if scene.presentation is not None:      # no win cues for a win no bigger than its stake
        scene.presentation.quiet = celebration.quiet(app, played)
    return scene
