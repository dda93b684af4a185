"""A game's showcase script: its features in order, each shown by a real book of its
libraries. The script is data, `games/<id>/view/showcase.yaml` (beside the scene the
GameSpec names):

    seed: 7                       # which books: the same script shows the same rounds
    steps:
      - caption: "Clusters of five or more pay"   # what the card before the round says
        mode: base                # the library
        features: [free_spins]    # the book has every one of these (feature names of the library)
        without: [wheel]          # and none of these
        min_x: 3                  # payout at least 3x the base bet (max_x: at most)

Each step's book is one weighted draw (cabinet.core.book_rounds.pick_book) among the
books that match, so it is a typical round of its kind. A mistake in the file is a
ShowcaseError naming the file, the step and the key, with what is allowed.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cabinet.core.book_rounds import BookFilter, BookRoundError, pick_book
from cabinet.core.config_file import read_yaml
from cabinet.core.resources import package_file
from cabinet.core.rng import Rng
from cabinet.core.schema import ConfigError

FILE = "showcase.yaml"
STEP_KEYS = {"caption", "mode", "features", "without", "min_x", "max_x"}
MAX_CAPTION = 70


class ShowcaseError(ValueError):
    """A showcase script that cannot be used (one line: file, step, key, what is allowed)."""


@dataclass(frozen=True)
class Step:
    caption: str
    wanted: BookFilter


@dataclass(frozen=True)
class Script:
    game: str
    seed: int
    steps: tuple[Step, ...]


def script_path(spec: Any) -> Path:
    """`showcase.yaml` in the package of the game's scene module (games/<id>/view/)."""
    module = importlib.import_module(spec.view.scene.partition(":")[0])
    package = module.__name__ if hasattr(module, "__path__") else module.__name__.rpartition(".")[0]
    return package_file(package, FILE).resolve()


def _names(value: Any, where: str, key: str, known: list[str]) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ShowcaseError(f"{where}: {key} must be a list of feature names; allowed: {', '.join(known)}")
    for v in value:
        if v not in known:
            raise ShowcaseError(
                f"{where}: {key} names {v!r}, not a feature of this library; allowed: {', '.join(known)}"
            )
    return tuple(value)


def _x100(value: Any, where: str, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 10**7:
        raise ShowcaseError(f"{where}: {key} = {value!r}; allowed: a number of times the base bet, 0 or more")
    return int(round(value * 100))


def parse(data: Any, library: Any, path: Path) -> Script:
    """A script from its YAML data, checked against the game's libraries."""
    spec = library.spec
    if not isinstance(data, dict) or set(data) - {"seed", "steps"} or "steps" not in data:
        raise ShowcaseError(f"{path}: a mapping with steps (and a seed) is allowed")
    seed = data.get("seed", 1)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise ShowcaseError(f"{path}: seed = {seed!r}; allowed: a whole number from 0 to 2**63-1")
    raw = data["steps"]
    if not isinstance(raw, list) or not raw:
        raise ShowcaseError(f"{path}: steps must be a non-empty list")
    steps = []
    for i, entry in enumerate(raw, 1):
        where = f"{path.name} step {i}"
        if not isinstance(entry, dict):
            raise ShowcaseError(f"{where}: a mapping of {', '.join(sorted(STEP_KEYS))} is allowed")
        if set(entry) - STEP_KEYS:
            raise ShowcaseError(f"{where}: unknown key {sorted(set(entry) - STEP_KEYS)[0]!r}; allowed: "
                                f"{', '.join(sorted(STEP_KEYS))}")
        caption = entry.get("caption")
        if not isinstance(caption, str) or not caption.strip() or len(caption) > MAX_CAPTION:
            raise ShowcaseError(f"{where}: caption must be text of 1 to {MAX_CAPTION} characters")
        mode = entry.get("mode")
        if not isinstance(mode, str) or mode not in library.modes:
            raise ShowcaseError(
                f"{where}: mode {mode!r} is not a library of {spec.id}; allowed: {', '.join(library.modes)}"
            )
        known = list(library.books(mode).meta["feature_names"])
        wanted = BookFilter(mode, _names(entry.get("features", []), where, "features", known),
                            _names(entry.get("without", []), where, "without", known),
                            _x100(entry.get("min_x", 0), where, "min_x"),
                            None if entry.get("max_x") is None else _x100(entry["max_x"], where, "max_x"))
        steps.append(Step(caption.strip(), wanted))
    return Script(spec.id, seed, tuple(steps))


def load(library: Any, path: Path | None = None) -> Script:
    """The game's script (ShowcaseError if it is missing or wrong)."""
    path = path or script_path(library.spec)
    try:
        data = read_yaml(path, allowed="a showcase script (YAML: seed and steps)", size_note="a script is a few lines")
    except ConfigError as exc:
        raise ShowcaseError(str(exc)) from None
    return parse(data, library, path)


def books(script: Script, library: Any, turn: int = 0) -> list[tuple[Step, int]]:
    """Each step with its book: draws from Rng(seed + turn) (a looping showcase shows
    other rounds of the same kinds on each turn); ShowcaseError when a step matches
    no book."""
    rng = Rng(script.seed + turn)
    out = []
    for i, step in enumerate(script.steps, 1):
        try:
            out.append((step, pick_book(library, step.wanted, rng)))
        except BookRoundError as exc:
            raise ShowcaseError(f"{script.game} showcase step {i} ({step.caption}): {exc}") from None
    return out
