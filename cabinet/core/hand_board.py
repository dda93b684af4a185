"""A hand-built board for the review tools (never with real play): a small YAML file
naming a game, one of its spin modes and the board, as reel stops or as the cells in
view, played through the game's real rules.

    game: happy_money_hens        # a game id
    mode: base                    # one of its spin modes (default: its first)
    stops: [0, 12, 7, 30, 5]      # one stop per reel (the top row's position), or
    cells:                        # the symbols in view, rows top to bottom
      - [HEN, HEN, HEN, EGG, A]
      - [K, WILD, Q, J, A]
      - [EGG, EGG, EGG, EGG, EGG]
    seed: 7                       # optional: the stream the rules draw on from (default 0)
    name: three hens              # optional: what the menus call it (default: the file name)

Each game's math says how its board is drawn (`GameSpec.review.board_draws(doc, mode)`: the
values of the rules' first draws, its stops, checked against the strips). A
`ScriptedRng` hands those values to the rules and then draws on from the seeded
stream, so everything after the board (feature symbols, bonus, tumbles, refills) is
the rules' own. Cells must be a window the reels can show; the first stop that shows
a reel's column is used. A bad file is one line naming it and what is wrong.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

from .config_file import read_yaml
from .rng import Rng
from .schema import ConfigError

PREFIX = "board:"            # a force naming a board file: "board:<path>"
MAX_BYTES = 16 * 1024
KEYS = {"game", "mode", "stops", "cells", "seed", "name", "note"}


class BoardError(ValueError):
    """A hand-built board that cannot be played: one line for the user."""


class ScriptedRng(Rng):
    """An Rng whose first draws (`below`) are the given values, checked against the
    range the rules ask for; every later draw comes from the seeded stream. The rules
    draw a board's stops with `below` (Piggy Farm's seven reels too: rules.drop), so
    the script steers every stop."""

    __slots__ = ("script", "used")

    def __init__(self, draws: Sequence[int], seed: int = 0):
        super().__init__(int(seed))
        self.script = [int(v) for v in draws]
        self.used = 0

    def below(self, n: int) -> int:
        if self.used < len(self.script):
            v = self.script[self.used]
            if not 0 <= v < n:
                raise BoardError(f"the board's draw {self.used + 1} is {v}; the rules asked for one of 0-{n - 1}")
            self.used += 1
            return v
        return super().below(n)


def play_board(spec: Any, mode: str, draws: Sequence[int], seed: int) -> Any:
    """The Round a hand-built board plays (BoardError if the rules did not take
    every scripted draw)."""
    rng = ScriptedRng(draws, seed)
    rnd = spec.play(rng, mode)
    if rng.used != len(rng.script):
        raise BoardError(f"the rules took {rng.used} of the board's {len(rng.script)} draws")
    return rnd


@dataclass(frozen=True)
class HandBoard:
    name: str
    game: str
    mode: str
    draws: tuple[int, ...]
    seed: int
    path: str

    @property
    def force(self) -> str:
        """The round's force as the ledger keeps it: "board:<name>:<draw>,<draw>,...",
        so the outcome regenerates without the file (the seed is the outcome's)."""
        return f"{PREFIX}{self.name}:{','.join(str(d) for d in self.draws)}"


def is_board(force: str | None) -> bool:
    return bool(force) and str(force).startswith(PREFIX)


def board_name(force: str) -> str:
    """What a board force's menus and the math overlay call it."""
    return force[len(PREFIX):].rpartition(":")[0]


def board_draws_of(force: str) -> list[int]:
    """The scripted draws a board force carries (BoardError if it carries none)."""
    tail = force[len(PREFIX):].rpartition(":")[2]
    try:
        draws = [int(v) for v in tail.split(",")]
    except ValueError:
        raise BoardError(f"board force {force!r:.60} carries no draws") from None
    if not draws or any(v < 0 for v in draws):
        raise BoardError(f"board force {force!r:.60} carries no draws")
    return draws


def _whole(value: Any, what: str, lo: int, hi: int) -> int:
    if type(value) is not int or not lo <= value <= hi:
        raise BoardError(f"{what} = {value!r:.40} is not allowed; allowed: a whole number {lo}-{hi}")
    return value


def reel_stops(doc: dict[str, Any], strips: Sequence[Sequence[str]], rows: int) -> list[int]:
    """The stops of a reel board (the shared part of every game's `board_draws`):
    `stops` checked against the strips, or the first stop of each reel that shows
    the column of `cells` (symbol names, rows top to bottom)."""
    reels = len(strips)
    if ("stops" in doc) == ("cells" in doc):
        raise BoardError("give either 'stops' (one per reel) or 'cells' (the rows in view), not both or neither")
    if "stops" in doc:
        stops = doc["stops"]
        if not isinstance(stops, list) or len(stops) != reels:
            raise BoardError(f"stops must be a list of {reels} whole numbers, one per reel")
        return [_whole(s, f"stops[{c}]", 0, len(strips[c]) - 1) for c, s in enumerate(stops)]
    cells = doc["cells"]
    if not isinstance(cells, list) or len(cells) != rows or any(not isinstance(r, list) or len(r) != reels
                                                                   for r in cells):
        raise BoardError(f"cells must be {rows} rows of {reels} symbols (rows top to bottom)")
    known = sorted({s for strip in strips for s in strip})
    out = []
    for c in range(reels):
        column = [str(cells[r][c]) for r in range(rows)]
        for r, sym in enumerate(column):
            if sym not in known:
                raise BoardError(
                    f"cells row {r + 1}, reel {c + 1}: unknown symbol {sym!r}; symbols: {', '.join(known)}"
                )
        strip = strips[c]
        n = len(strip)
        stop = next((s for s in range(n) if all(strip[(s + r) % n] == column[r] for r in range(rows))), None)
        if stop is None:
            raise BoardError(f"reel {c + 1} never shows {' / '.join(column)} (top to bottom): "
                             f"a hand-built board must be one the reels can show")
        out.append(stop)
    return out


def load_board(path: str | Path, specs: dict[str, Any]) -> HandBoard:
    """Read and check a board file against the games offered (`specs`: id -> GameSpec);
    BoardError names the file and the first problem."""
    p = Path(path)
    try:
        doc = read_yaml(p, max_bytes=MAX_BYTES, label=p.name, size_note="a board file is a few lines",
                        allowed="a board file: YAML with game, mode and stops or cells")
    except ConfigError as exc:
        raise BoardError(str(exc)) from None
    try:
        return _board(doc, specs, p)
    except BoardError as exc:
        raise BoardError(f"{p.name}: {exc}") from None


def _board(doc: Any, specs: dict[str, Any], p: Path) -> HandBoard:
    if not isinstance(doc, dict):
        raise BoardError("must be a mapping with game, mode and stops or cells")
    unknown = sorted(str(k) for k in doc if k not in KEYS)
    if unknown:
        raise BoardError(f"unknown key {unknown[0]!r}; allowed: {', '.join(sorted(KEYS))}")
    game = doc.get("game")
    if game not in specs:
        raise BoardError(f"game = {game!r:.40} is not a game here; allowed: {', '.join(sorted(specs))}")
    spec = specs[game]
    hook: Callable[[dict[str, Any], str], list[int]] | None = spec.review.board_draws
    if hook is None:
        raise BoardError(f"{spec.name} takes no hand-built boards")
    spins = [m.id for m in spec.modes if m.kind == "spin"]
    mode = doc.get("mode", spins[0] if spins else None)
    if mode not in spins:
        raise BoardError(f"mode = {mode!r:.40} is not allowed; allowed: {', '.join(spins)} (the spin modes)")
    seed = _whole(doc.get("seed", 0), "seed", 0, 2**63 - 1)
    name = doc.get("name", p.stem)
    if not isinstance(name, str) or not name.strip() or len(name) > 60:
        raise BoardError("name must be text of 1 to 60 characters")
    draws = hook(doc, str(mode))
    return HandBoard(name.strip(), str(game), str(mode), tuple(draws), seed, str(p))


def find_boards(folders: Sequence[Path], game: str) -> list[Path]:
    """The board files (*.yaml) of these folders whose `game:` line names this game,
    by name (unreadable files are listed too: choosing one says what is wrong)."""
    out = []
    for folder in folders:
        if not folder.is_dir():
            continue
        for f in sorted(folder.glob("*.yaml")):
            try:
                head = f.read_text(encoding="utf-8", errors="replace")[:MAX_BYTES]
            except OSError:
                continue
            if f"game: {game}" in head or game in f.stem:
                out.append(f)
    return out
