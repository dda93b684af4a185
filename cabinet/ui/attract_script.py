"""The kiosk attract loop's script (kiosk.Attract plays it): for each offered game in
turn, a title card, then a demonstration of one of its features and one of its biggest
recent wins, each under the PRESS ANY KEY OR TOUCH TO PLAY call. Each time the loop
comes round (`turn`), the games start one further on, another feature of each game's
showcase script is shown (its biggest first, then one step earlier each turn, other
books of its kinds) and the next of its biggest wins: the loop does not replay one
small win for ever.

- A feature: a book of the game's showcase script (showcase_script.py), shown marked
  DEMONSTRATION with the script's caption; no money moves and nothing is recorded. Not
  under real play (only rounds really played are shown there) and not for a game
  without a library and a script.
- A win: a settled round of the ledger among the last HISTORY, the game's biggest
  wins above their stake first (a win no bigger than the stake is not worth a replay;
  with none, its biggest win), replayed marked RECALL with the credit as it is now.

A step is an object with `seconds` and `begin(app) -> Scene | None`; a step that
pushes a scene lasts until that scene closes itself or `seconds` pass.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from cabinet.core.book_rounds import book_round

from .round_show import show_round
from .showcase_script import ShowcaseError, books, load, script_path

CARD_SECONDS = 4.0
RECALL_SECONDS = 30.0          # the longest a replayed round holds the loop
FEATURE_SECONDS = 90.0         # the longest a feature's demonstration holds it
HISTORY = 500                  # settled rounds the biggest recent wins are picked from
WINS_PER_GAME = 3              # the biggest wins a game's turns go through
HOLD_AFTER = 2.5               # a round's result stays this long after it ends


class AttractStep(Protocol):
    seconds: float

    def begin(self, app: Any) -> Any: ...


@dataclass
class Card:
    """A title card: the cabinet's name and a game's, for `seconds`."""

    seconds: float = CARD_SECONDS
    game: str = ""

    def begin(self, app: Any) -> Any:
        return None


def _call(app: Any, scene: Any, seconds: float) -> Any:
    """The round's scene with its call to play over it (None: it did not open)."""
    if scene is not None:
        scene.auto_close = HOLD_AFTER
        app.open("attract_call", seconds)
    return scene


@dataclass
class Recall:
    """A past round replayed in its game's scene (RECALL, no live controls, today's credit)."""

    round_id: int
    seconds: float = RECALL_SECONDS

    def begin(self, app: Any) -> Any:
        return _call(app, app.recall(self.round_id, attract=True), self.seconds)


@dataclass
class Feature:
    """One step of a game's showcase script, a book of its library shown marked
    DEMONSTRATION (no money moves, nothing is recorded): the script's last step (its
    biggest feature) first, one step earlier each turn, its book drawn for that turn;
    shown to its end (a bonus may run a minute)."""

    game: str
    turn: int = 0
    seconds: float = FEATURE_SECONDS

    def begin(self, app: Any) -> Any:
        setup = app.cabinet.games.get(self.game)
        try:
            picked = books(load(setup.library), setup.library, self.turn)
        except ShowcaseError:
            return None
        step, book = picked[-1 - self.turn % len(picked)]
        label = (f"DEMONSTRATION  ·  {setup.spec.name.upper()}", step.caption)
        scene = show_round(app, book_round(setup, step.wanted.mode, book), label=label, celebrate=True)
        if scene is not None:
            scene.widgets = [w for w in scene.widgets if w in getattr(scene, "own_buttons", ())]
        return _call(app, scene, self.seconds)


def features_shown(app: Any, game: str) -> bool:
    """Whether the loop demonstrates this game's features: a library and a showcase
    script, never under real play."""
    setup = app.cabinet.games.get(game)
    return (not app.config.real_play and setup is not None and setup.library is not None
            and script_path(setup.spec).is_file())


def best_wins(cabinet: Any, per_game: int = WINS_PER_GAME, rounds: int = HISTORY) -> dict[str, list[int]]:
    """Per offered game, the round ids of its biggest settled wins among the last
    `rounds`, biggest first: wins above their stake, or with none of those its
    biggest win."""
    found: dict[str, list[Any]] = {}
    for rec in cabinet.history(rounds):
        if rec.win_cents > 0 and rec.game in cabinet.games:
            found.setdefault(rec.game, []).append(rec)
    out = {}

    def biggest_win_then_newest(rec: Any) -> tuple[int, int]:
        return -rec.win_cents, -rec.id

    for game, recs in found.items():
        above = [r for r in recs if r.win_cents > r.cost_cents] or recs
        out[game] = [r.id for r in sorted(above, key=biggest_win_then_newest)[:per_game]]
    return out


def default_script(app: Any, turn: int = 0) -> list[Any]:
    """The steps of one time round the loop (`turn`: how many came before)."""
    games = list(app.cabinet.games)
    if not games:
        return [Card()]
    shift = turn % len(games)
    wins = best_wins(app.cabinet)
    steps: list[Any] = []
    for game in games[shift:] + games[:shift]:
        steps.append(Card(game=game))
        if features_shown(app, game):
            steps.append(Feature(game, turn))
        mine = wins.get(game)
        if mine:
            steps.append(Recall(mine[turn % len(mine)]))
    return steps
