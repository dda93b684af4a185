"""What a build costs: the CPU seconds a book of each stratum (game/mode/category),
kept from the last builds in the user's cache for the progress bar's ETA, the task
order and `build --plan`; never part of a library, so a library's bytes never
depend on timing."""
from __future__ import annotations

import heapq
import json
import os
import sys
from pathlib import Path
from typing import Any

GUESS_S = {"natural": 2e-4, "forced": 0.05}       # seconds a book, before a library gives its own


def costs_file() -> Path:
    """Where the last builds' CPU seconds per book are kept (for the progress bar's
    ETA only; never part of a library, so a library's bytes never depend on timing)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "slot-cabinet" / "build-costs.json"


def read_costs() -> dict[str, float]:
    try:
        return {str(k): float(v) for k, v in json.loads(costs_file().read_text()).items()}
    except (OSError, ValueError, AttributeError):
        return {}


def write_costs(costs: dict[str, float]) -> None:
    try:
        path = costs_file()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({**read_costs(), **costs}, indent=0, sort_keys=True))
    except OSError:
        pass


def cost_key(spec_id: str, task: Any) -> str:
    return f"{spec_id}/{task.mode}/{task.category or 'natural'}"


def task_cost(spec_id: str, task: Any, previous: dict[str, float]) -> float:
    return task.count * previous.get(cost_key(spec_id, task), GUESS_S["forced" if task.category else "natural"])


def stratum_cpu(keys: list[str], counts: list[int], per_book: dict[str, float]) -> list[tuple[str, int, float]]:
    """(stratum key, books, CPU seconds) of every stratum, costliest first: `keys[i]`
    and `counts[i]` are one task's, `per_book` the CPU seconds a book of each key."""
    books: dict[str, int] = {}
    for k, n in zip(keys, counts):
        books[k] = books.get(k, 0) + n
    rows = [
        (k, n, n * per_book.get(k, GUESS_S["natural" if k.endswith("/natural") else "forced"]))
        for k, n in books.items()
    ]
    return sorted(rows, key=lambda r: -r[2])


def print_strata(rows: list[tuple[str, int, float]], title: str, top: int = 12) -> None:
    """The costliest strata and the total, one line each (stderr)."""
    total = sum(r[2] for r in rows)
    print(f"{title}: {total:,.1f} CPU s of book generation in {len(rows)} strata; the costliest:", file=sys.stderr)
    for key, n, cpu in rows[:top]:
        print(f"  {cpu:8.1f} s {cpu / max(total, 1e-9):6.1%}  {n:>9,} books  {key}", file=sys.stderr)


def makespan(costs: list[float], workers: int) -> float:
    """Seconds until the last of tasks costing `costs` CPU seconds ends on `workers`
    idle cores, handed out costliest first as the build's pool does (each to the first
    worker free): what a build's generation takes on a machine of its own."""
    free = [0.0] * max(1, workers)
    for c in sorted(costs, reverse=True):
        heapq.heappush(free, heapq.heappop(free) + c)
    return max(free)
