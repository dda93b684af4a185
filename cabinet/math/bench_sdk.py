"""Rounds per CPU second of our per-round engine against Stake Engine's math-sdk, in one run.

    python -m cabinet.math.bench_sdk --sdk PATH [--sdk-python PATH] [--rounds 2000] [--batches 5]

Figures, not a test. Both sides play a full round with its events, single-threaded:

- math-sdk (a checkout at --sdk, run by its own interpreter --sdk-python, default
  PATH/env/bin/python, the venv its `make setup` makes): its book generation as
  `create_books` / `run_sims` do it for the sample games 0_0_lines (5x3, lines) and
  0_0_cluster (7x7, clusters with tumbles): criteria drawn by the mode's quotas, then
  `run_spin` per book (boards, wins, every event, a round its criterion rejects played
  again) and `imprint_wins` (the book, events included, kept in the library). Each
  game runs in a process of its own (cabinet/math/sdk_worker.py), which also times
  writing each batch's files as run_sims does (books JSONL + zstd, lookup tables).
- ours: the full rounds of a batch of books with their events, `play_many(seeds,
  mode)` (cabinet/core/many.py `rounds_of`: the game's math/many.py, exactly the
  Rounds `play` gives per seed; what `verify` regenerates a library's books with), as
  math-sdk makes a batch of books; one round at a time through `play(Rng.for_book(seed),
  mode)` (the path `show` and `Library.regenerate` take for one book); each Round
  dropped once its events are counted; and for reference the batch kernel
  `play_batch` (payouts and features, no events) that `build` runs; and the seeding of
  each book's stream alone (`Rng.for_book`), which every one-at-a-time play starts
  with.

Our round code is the compiled build of `python -m cabinet.math compile` when a current
one exists (cabinet/math/compiled.py: the same source, compiled by mypyc; the report's
first lines say which ran), else the Python; SLOT_CABINET_ENGINE=python times the Python.

The batches alternate (sdk lines, our lines games, sdk clusters, our cluster games, ...)
--batches times, so a shared machine's load falls on both sides alike; each side is
timed with its own process's CPU time (time.process_time), the sdk inside its worker.
A ratio is ours / sdk over the whole run. The sdk's figure per book counts its rejected
attempts as its cost (that is how it makes books); its attempts/s is printed too.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, IO, Iterator

from cabinet.core import books as B
from cabinet.core.many import rounds_of
from cabinet.core.rng import Rng

from . import compiled
from .build import DEFAULT_SEED, book_seeds
from .cli import _Parser

WORKER = Path(__file__).with_name("sdk_worker.py")


@dataclass(frozen=True)
class Pair:
    kind: str            # lines / clusters
    sdk_game: str
    sdk_mode: str
    sdk_share: float     # sdk books per batch = share * --rounds (the sdk is slower)
    game: str
    mode: str


PAIRS = (
    Pair("lines", "0_0_lines", "base", 0.25, "grinning_harvest", "base"),
    Pair("lines", "0_0_lines", "base", 0.25, "happy_money_hens", "base"),
    Pair("clusters", "0_0_cluster", "base", 0.25, "piggy_farm", "base"),
    Pair("clusters, bonus buy", "0_0_cluster", "bonus", 0.05, "piggy_farm", "free_spins"),
)


@dataclass
class Tally:
    rounds: int = 0
    cpu_s: float = 0.0
    extra: dict[str, float] = field(default_factory=dict)
    ratios: list[float] = field(default_factory=list)      # per batch, against the sdk's batch

    def add(self, rounds: int, cpu_s: float, **extra: float) -> None:
        self.rounds += rounds
        self.cpu_s += cpu_s
        for k, v in extra.items():
            self.extra[k] = self.extra.get(k, 0.0) + v

    @property
    def rate(self) -> float:
        return self.rounds / self.cpu_s if self.cpu_s else float("inf")


class SdkWorker:
    """One math-sdk game and mode in the sdk's interpreter; `run(n)` plays n books."""

    def __init__(self, python: str, sdk: Path, game: str, mode: str, log: IO[str]):
        self.name = f"{game}/{mode}"
        self.proc = subprocess.Popen([python, str(WORKER), str(sdk), game, mode], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=log, text=True)
        self.ready = self._answer()

    def _answer(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"math-sdk worker for {self.name} stopped (exit {self.proc.wait()})")
        return dict(json.loads(line))

    def run(self, n: int) -> dict[str, Any]:
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"{n}\n")
        self.proc.stdin.flush()
        return self._answer()

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


def _timed_rounds(rounds: Iterator[Any]) -> tuple[int, float, int]:
    """(rounds, CPU s, events) of making the rounds an iterator yields (lazily: each is
    made as it is taken, its events counted, then dropped, as verify keeps none)."""
    n = events = 0
    c0 = time.process_time()
    for r in rounds:
        n += 1
        events += len(r.events)
    return n, time.process_time() - c0, events


def _ours_play(spec: Any, mode: str, seeds: list[int]) -> tuple[int, float, int]:
    """`play` one round at a time over seeds."""
    return _timed_rounds(spec.play(Rng.for_book(s), mode) for s in seeds)


def _ours_many(spec: Any, mode: str, seeds: Any) -> tuple[int, float, int]:
    """play_many over seeds (rounds_of)."""
    return _timed_rounds(rounds_of(spec, seeds, mode))


def _ours_seeding(seeds: list[int]) -> tuple[int, float]:
    """(rounds, CPU s) of seeding each book's stream alone (Rng.for_book), which every
    per-round play starts with: the most any per-round engine on these streams reaches."""
    c0 = time.process_time()
    for s in seeds:
        Rng.for_book(s)
    return len(seeds), time.process_time() - c0


def _ours_batch(spec: Any, mode: str, seeds: Any) -> tuple[int, float]:
    c0 = time.process_time()
    spec.math.play_batch(seeds, mode, None)
    return len(seeds), time.process_time() - c0


def check_sdk(sdk: Path, python: Path) -> str | None:
    """None when the checkout and its interpreter are usable, else why not (one line)."""
    need = [sdk / "src" / "state" / "run_sims.py"] + [sdk / "games" / g / "gamestate.py"
                                                      for g in sorted({p.sdk_game for p in PAIRS})]
    missing = [str(p) for p in need if not p.is_file()]
    if missing:
        return (f"no math-sdk checkout at {sdk} ({missing[0]} is missing); clone "
                "https://github.com/StakeEngine/math-sdk and pass its folder as --sdk")
    if not (python.is_file() and os.access(python, os.X_OK)):
        return (f"no math-sdk interpreter at {python}; make one (python3.12 -m venv; pip install -r "
                f"{sdk}/requirements.txt and -e {sdk}) and pass its python as --sdk-python")
    return None


def run(sdk: Path, python: Path, rounds: int, batches: int, log: IO[str]) -> dict[str, Any]:
    workers: dict[tuple[str, str], SdkWorker] = {}
    try:
        for p in PAIRS:
            if (p.sdk_game, p.sdk_mode) not in workers:
                workers[p.sdk_game, p.sdk_mode] = SdkWorker(str(python), sdk, p.sdk_game, p.sdk_mode, log)
        specs = {p.game: B.resolve_game(p.game) for p in PAIRS}
        for p in PAIRS:                                   # warm: tables built, caches filled
            seeds = book_seeds(DEFAULT_SEED, p.mode, -1, 0, 200)
            _ours_play(specs[p.game], p.mode, seeds.tolist())
            _ours_many(specs[p.game], p.mode, seeds)
            if specs[p.game].math.play_batch is not None:
                _ours_batch(specs[p.game], p.mode, seeds)
        for w in workers.values():
            w.run(20)
        sdk_t = {k: Tally() for k in workers}
        many_t = {p: Tally() for p in PAIRS}
        play_t = {p: Tally() for p in PAIRS}
        batch_t = {p: Tally() for p in PAIRS}
        seeding = Tally()
        load = [os.getloadavg()[0]]
        last: dict[tuple[str, str], float] = {}
        for b in range(batches):
            for p in PAIRS:
                key = (p.sdk_game, p.sdk_mode)
                if not any(q.sdk_game == p.sdk_game and q.sdk_mode == p.sdk_mode for q in PAIRS[:PAIRS.index(p)]):
                    r = workers[key].run(max(1, round(rounds * p.sdk_share)))
                    sdk_t[key].add(r["books"], r["cpu_s"], attempts=r["attempts"], write_cpu_s=r["write_cpu_s"],
                                   events=r["events"])
                    last[key] = r["books"] / r["cpu_s"]
                spec = specs[p.game]
                seeds = book_seeds(DEFAULT_SEED, p.mode, -1, 1 + b, rounds)
                n, cpu, ev = _ours_many(spec, p.mode, seeds)
                many_t[p].add(n, cpu, events=ev)
                many_t[p].ratios.append(n / cpu / last[key])
                n, cpu, ev = _ours_play(spec, p.mode, seeds.tolist())
                play_t[p].add(n, cpu, events=ev)
                play_t[p].ratios.append(n / cpu / last[key])
                if spec.math.play_batch is not None:
                    batch_t[p].add(*_ours_batch(spec, p.mode, seeds))
                seeding.add(*_ours_seeding(seeds.tolist()))
            load.append(os.getloadavg()[0])
        return {"sdk": sdk_t, "many": many_t, "play": play_t, "play_batch": batch_t, "seeding": seeding, "load": load,
                "sdk_python": next(iter(workers.values())).ready["python"]}
    finally:
        for w in workers.values():
            w.close()


def report(res: dict[str, Any], rounds: int, batches: int) -> list[str]:
    sdk, many, play, kern = res["sdk"], res["many"], res["play"], res["play_batch"]
    out = [f"one run, {batches} alternating batches; load average (1 min) {min(res['load']):.1f}-"
           f"{max(res['load']):.1f} on {os.cpu_count()} cores; CPU time per process; ours Python "
           f"{sys.version.split()[0]}, math-sdk Python {res['sdk_python']}",
           f"our round code: {compiled.STATUS} (python -m cabinet.math compile; {compiled.ENGINE_VARIABLE}=python "
           "runs the Python)", "",
           "math-sdk (books with events, kept in its library as create_books makes them):"]
    for (g, m), t in sdk.items():
        att = t.extra["attempts"]
        out.append(f"  {g}/{m}: {t.rate:,.0f} books/s ({t.rounds:,} books, {att / t.rounds:.2f} attempts a book, "
                   f"{att / t.cpu_s:,.0f} attempts/s, {t.extra['events'] / t.rounds:.1f} events a book); "
                   f"with writing its files {t.rounds / (t.cpu_s + t.extra['write_cpu_s']):,.0f} books/s")
    out += ["", f"ours: play_many (full Rounds with their events, {rounds:,} books a call, as the sdk makes a "
            "batch of books); play one round at a time; play_batch (payouts only, for reference);",
            "ratio = ours / math-sdk books/s (per batch: lowest-highest; x attempts: against its attempts/s)"]
    for p in PAIRS:
        s, t, o, k = sdk[p.sdk_game, p.sdk_mode], many[p], play[p], kern[p]
        att_rate = s.extra["attempts"] / s.cpu_s
        line = (f"  {p.kind:<20} {p.game}/{p.mode} vs {p.sdk_game}/{p.sdk_mode}: play_many {t.rate:,.0f} rounds/s "
                f"({t.extra['events'] / t.rounds:.1f} events a round) = {t.rate / s.rate:.1f}x "
                f"({min(t.ratios):.1f}-{max(t.ratios):.1f}; {t.rate / att_rate:.1f}x attempts); "
                f"play one at a time {o.rate:,.0f}/s = {o.rate / s.rate:.1f}x")
        if k.rounds:
            line += f"; play_batch {k.rate:,.0f}/s = {k.rate / s.rate:.1f}x"
        out.append(line)
    seed_rate = res["seeding"].rate
    ceilings = ", ".join(f"{g}/{m} {seed_rate / t.rate:.0f}x" for (g, m), t in sdk.items())
    out += ["", f"seeding a book's stream alone (Rng.for_book, which every one-at-a-time play starts with): "
            f"{seed_rate:,.0f}/s, {1e6 / seed_rate:.1f} us; no one-at-a-time play on these streams passes "
            f"{ceilings} math-sdk (play_many seeds its batch at once: cabinet/core/rng_prefetch.py)"]
    return out


def main(argv: list[str] | None = None) -> int:
    ap = _Parser(prog="python -m cabinet.math.bench_sdk", description=__doc__.split("\n")[0])
    ap.add_argument("--sdk", type=Path, required=True, help="a checkout of StakeEngine/math-sdk")
    ap.add_argument("--sdk-python", type=Path, default=None,
                    help="math-sdk's interpreter, with its requirements (default: SDK/env/bin/python)")
    ap.add_argument("--rounds", type=int, default=2000,
                    help="our rounds per game per batch (default 2000; the sdk plays a quarter, a twentieth "
                         "in its bonus mode)")
    ap.add_argument("--batches", type=int, default=5, help="alternating batches (default 5)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    a = ap.parse_args(argv)
    if not 20 <= a.rounds <= 10**7 or not 1 <= a.batches <= 1000:
        print("bench_sdk: --rounds must be 20 to 10,000,000 and --batches 1 to 1000", file=sys.stderr)
        return 2
    python = a.sdk_python or a.sdk / "env" / "bin" / "python"
    why = check_sdk(a.sdk, python)
    if why:
        print(f"bench_sdk: {why}", file=sys.stderr)
        return 2
    with tempfile.TemporaryFile("w+") as log:        # the workers' stderr: the sdk's own prints
        try:
            res = run(a.sdk.resolve(), python, a.rounds, a.batches, log)
        except (RuntimeError, OSError, ValueError) as exc:
            log.seek(0)
            said = [ln.strip() for ln in log.read().splitlines() if ln.strip()]
            print(f"bench_sdk: {exc}" + (f": {said[-1]}" if said else ""), file=sys.stderr)
            return 1
    if a.json:
        pairs = []
        for p in PAIRS:
            sdk_rate = res["sdk"][p.sdk_game, p.sdk_mode].rate
            many, play = res["many"][p], res["play"][p]
            pairs.append({"kind": p.kind, "ours": f"{p.game}/{p.mode}", "sdk": f"{p.sdk_game}/{p.sdk_mode}",
                          "play_many_per_s": many.rate, "play_per_s": play.rate,
                          "play_batch_per_s": res["play_batch"][p].rate, "sdk_books_per_s": sdk_rate,
                          "ratio": many.rate / sdk_rate, "play_ratio": play.rate / sdk_rate,
                          "batch_ratios": many.ratios})
        json.dump({"load": res["load"], "round_code": compiled.STATUS, "pairs": pairs,
                   "seeding_per_s": res["seeding"].rate},
                  sys.stdout, indent=2)
        print()
        return 0
    print("\n".join(report(res, a.rounds, a.batches)))
    return 0


if __name__ == "__main__":
    compiled.activate()            # before any game is imported
    sys.exit(main())
