"""`python -m cabinet.math find-books GAME|all [--workers K] [--check] [--repair]`:
record the first accepted attempts of a game's forced books' searches in its
found.json (cabinet/core/found_searches.py), so `build` checks one attempt a book
instead of searching again.

It plays every forced book of the default build seed, as the build does, and notes
each search the game looks up in its record. A recorded search is checked (one
attempt); one the record lacks is searched from attempt 0. A recorded attempt the
category no longer takes (stale after a change of the rules, or altered) is searched
again and reported, and found.json is then left as it is unless `--repair` writes the
fresh attempts. `--check` searches every book again from attempt 0 and compares (as
slow as finding them: the proof that each recorded attempt is the first). Searches no
book makes any more are dropped when the record is written. Only the default seed's
books are recorded: a build with another seed searches.
"""
from __future__ import annotations

import json
import os
import sys
import time
from dataclasses import dataclass
from typing import Any, cast

from cabinet.core.books import resolve_game
from cabinet.core.forcing import ForceFailed
from cabinet.core.found_searches import TOOL, FoundSearches
from cabinet.core.rng import Rng

from . import build, pool
from .build import DEFAULT_SEED, book_seeds, default_books


class FindError(Exception):
    """A record find-books cannot read or write: one line, exit 2."""


@dataclass(frozen=True)
class Task:
    game: str
    mode: str
    stratum: int
    category: str
    start: int
    count: int
    again: bool               # --check: every search from attempt 0


def plan(game: str, again: bool) -> list[Task]:
    """Every forced book of the default seed, in the build's own tasks (build.plan)."""
    spec = resolve_game(game)
    return [Task(spec.id, t.mode, t.force, cast(str, t.category), t.start, t.count, again)
            for mode in spec.math.book_forces
            for t in build.plan(spec, spec.id, mode, default_books(spec, mode), DEFAULT_SEED) if t.force >= 0]


def _record(game: str) -> FoundSearches:
    rec = resolve_game(game).math.found
    if rec is None:
        raise FindError(f"{game} keeps no record of its searches (its GameSpec has no math.found)")
    return rec


def find(task: Task) -> tuple[dict[int, int], float]:
    """({key: first accepted attempt} of every search the task's books look up, CPU
    seconds). A book whose recorded attempt is not taken is played again searching
    everything (its fresh attempts then differ from the record)."""
    t0 = time.process_time()
    spec = resolve_game(task.game)
    rec = _record(task.game)
    noted: dict[int, int] = {}
    for seed in book_seeds(DEFAULT_SEED, task.mode, task.stratum, task.start, task.count).tolist():
        rec.noted, rec.ignored = {}, task.again
        try:
            try:
                spec.play(Rng.recording(seed), task.mode, task.category)
            except ForceFailed:
                if rec.ignored:
                    raise
                rec.noted, rec.ignored = {}, True
                spec.play(Rng.recording(seed), task.mode, task.category)
            noted.update(rec.noted)
        except ForceFailed as exc:
            raise FindError(f"{task.game}/{task.mode} {task.category}, seed {seed}: {exc}") from None
        finally:
            rec.noted, rec.ignored = None, False
    return noted, time.process_time() - t0


def _write(rec: FoundSearches, tasks: list[Task], attempts: dict[int, int]) -> None:
    strata: dict[str, int] = {}
    for t in tasks:
        strata[f"{t.mode}/{t.category}"] = strata.get(f"{t.mode}/{t.category}", 0) + t.count
    doc: dict[str, Any] = {
        "note": f"first accepted attempts of the forced books' searches, for the default build seed {DEFAULT_SEED:#x} "
                f"(`{TOOL} {rec.path.parent.name}`; build checks each)",
        "books": strata,
        "attempts": {str(k): attempts[k] for k in sorted(attempts)},
    }
    part = rec.path.with_name(rec.path.name + ".part")
    part.write_text(json.dumps(doc, indent=1) + "\n")
    os.replace(part, rec.path)
    rec.forget()


def find_game(game: str, workers: int, check: bool, repair: bool) -> int:
    """Find and write one game's record; 0 written, 1 differences not written."""
    rec = _record(game)
    try:
        known = dict(rec.attempts)
    except ValueError as exc:
        raise FindError(str(exc)) from None
    if rec.path.exists() and not rec.path.is_file():
        raise FindError(f"{rec.path}: not a file; allowed: a record written by `{TOOL} {game}`, or none")
    tasks = plan(game, check)
    books = sum(t.count for t in tasks)
    print(f"{game}: {books:,} forced books, {len(known):,} searches recorded", file=sys.stderr)
    got: dict[int, int] = {}
    cpu = 0.0

    def done(i: int, res: tuple[dict[int, int], float]) -> None:
        nonlocal cpu
        got.update(res[0])
        cpu += res[1]
        bar.done(tasks[i].count, tasks[i].count)
    with pool.Progress(books, "books", f"{game}: searches") as bar:
        pool.run(find, tasks, workers, on_done=done)
    differ = sorted(k for k in got if k in known and known[k] != got[k])
    dropped = len(set(known) - set(got))
    print(f"{game}: {len(got):,} searches in {cpu:,.0f} CPU s; {len(differ)} differ from the record"
          + (f"; {dropped:,} recorded searches no book makes any more" if dropped else ""), file=sys.stderr)
    for k in differ[:10]:
        print(f"  search {k}: recorded {known.get(k)}, found {got[k]}", file=sys.stderr)
    if differ and not repair:
        print(f"{game}: found.json not written (--repair writes the fresh attempts)", file=sys.stderr)
        return 1
    _write(rec, tasks, got)
    print(f"wrote {rec.path} ({len(got):,} searches)", file=sys.stderr)
    return 0


def find_books_command(games: list[str], workers: int, check: bool, repair: bool) -> int:
    try:
        return max(find_game(g, workers, check, repair) for g in games)
    except FindError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
