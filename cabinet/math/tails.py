"""`python -m cabinet.math tails GAME`: the rules' 1-in-10^6 and 1-in-10^7 payout
quantiles of every mode, with a 99% interval, against the library's top (issue #32 item 2).

The quantile q_p is the least payout t with P(X > t) <= p, so the library's top holds
q_p exactly when P(X > top) <= p. A plain run would need ~10^8 rounds for p = 1e-7;
instead the tail is read stratum by stratum, in the library's own strata:

    P(X > t) = P(X > t, in no category) + sum over categories c of pi_c P(X > t | stratum c)

- the first term from a fresh plain run of the rules (`play_batch`, seeds never the
  library's), counting only the rounds in none of the mode's forcing categories;
- pi_c, the share the library holds for stratum c (its category target: the rate of the
  rounds whose FIRST listed category is c; exact odds or the rates file's measure), times
  the tail of fresh draws of the stratum's own generator, `play(rng, mode, force=c)`:
  the rules' round given the category. A draw whose first category is not c (a game whose
  forced draws are given c alone) is counted as not above t, so the term is
  P(X > t, first category c) either way.

Each term is unbiased, so the sum is. Its 99% interval adds each stratum's exact
Clopper-Pearson excess (99%, two-sided) times its share in quadrature; the shares' own
error is not in it (the report says where a share is measured). The quantile's interval
is the range of t whose interval holds p. Where the rules bound a stratum (a game's
`games/<id>/tools/tail_bounds.py`: `natural_ceiling(mode, category)`, every round in no
category (category None), or in that category's stratum, pays less than it, e.g. below a
big-win category defined by its payout), the bound is exact;
a mode whose top is its cap holds every quantile exactly; `exact_tail(mode)` (a callable
t -> P(X > t), exact) replaces the sampling where the game computes the law, and
`split_tail(mode)` (multilevel splitting of the whole mode: particles with weights, the
roots independent) where a stratum's generator costs minutes a draw; `sum_law(mode)` (the
mode's payout a sum of independent steps, c_k times one step's win: the convolution of the
steps' drawn law, cabinet/math/iid_sum.py) where splitting cannot reach the top; a stratum in
`library_strata(mode)` (a rejection search of some 10^5 bonuses a draw) is read from the
library's own books at equal weights: its generator's draws, but the library's own
sample, so the report marks it `library` (it cannot show mass above the library's top);
`cond_tail(mode)` (conditional Monte Carlo: each root gives P(X > t | what it drew) exactly
for every t of a grid, its draws possibly importance-weighted in independent components,
e.g. games/happy_money_hens/tools/cond_tail.py) where a round's rare part has an exact law
given a cheap draw: `Cond` reads it, 99% normal over the roots (each root's variance the sum
of its independent components'), no bound where fewer than MIN_ROOTS draws carry the mass
above t (the effective count (sum w)^2 / sum w^2). The hook gives (task, grid step, floor):
task(index, roots, seed, first t, grid length) -> {"n": roots, "s1", "s2": (components, grid)
sums over the roots of each component's term and its square, "max_offset"}; the estimate
holds from `floor` up (e.g. a spin mode whose rounds without a bonus are left out).

Verdict per mode: "holds" (the 99% upper bound of P(X > top) is <= 1e-7), "below" (its
lower bound is > 1e-7: the top is below the rules' 1-in-10^7 quantile) or "unconfirmed".
"""
from __future__ import annotations

import importlib
import time
import zlib
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from cabinet.core import books as B
from cabinet.core.book_format import read_manifest
from cabinet.core.rng import Rng

from . import pool
from .tail_readers import LEVELS, Cond, Split, Stratum, cond_quantiles, quantiles, verdict

TAILS_KEY = 0x7A15            # first spawn-key word: not a library's or the fidelity tool's
CHUNK_NATURAL = 20_000
CHUNK_FORCED = 50
SPLIT_TASKS = 16              # independent splitting runs a mode
KEEP_FROM = 0.02              # a stratum's payouts at least this share of the top are kept per draw
KEEP_SPLIT = 0.2              # a splitting run's particles at least this share of the top are kept
COND_GRID = (0.3, 2.0)        # a conditional run's grid of t, as shares of the top (from the hook's floor up)


@dataclass(frozen=True)
class Task:
    game: Any
    mode: str
    stratum: str | None        # None: the plain run
    index: int
    count: int
    seed: int
    categories: tuple[str, ...]
    keep_x100: int
    split: bool = False        # a splitting task: `count` roots of the game's split_tail
    law: bool = False          # a sum-law task: `count` draws of one step of the game's sum_law
    grid: tuple[int, int] = (0, 0)   # a conditional task (cond_tail): its grid's first t and length


def task_seeds(t: Task) -> np.ndarray:
    key = (TAILS_KEY, zlib.crc32(t.mode.encode()), zlib.crc32((t.stratum or "").encode()), t.index)
    return np.random.SeedSequence(t.seed, spawn_key=key).generate_state(t.count, dtype=np.uint64) >> np.uint64(1)


def first_category(feats: list, categories: tuple[str, ...]) -> np.ndarray:
    """Index of each round's first listed category (-1: none)."""
    out = np.full(len(feats), -1, dtype=np.int64)
    for i, f in enumerate(feats):
        for c, name in enumerate(categories):
            if name in f:
                out[i] = c
                break
    return out


def run_task(t: Task) -> dict[str, Any]:
    """One chunk: {"n": draws, "pay": the kept payouts (x100) of the draws counted in the stratum}."""
    spec = B.resolve_game(t.game)
    if t.grid[1]:
        fn = bounds_module(spec).cond_tail(t.mode)[0]
        return fn(t.index, t.count, t.seed, *t.grid)
    if t.law:
        mass, counts = bounds_module(spec).sum_law(t.mode)[1](t.index, t.count, t.seed)
        return {"n": t.count, "mass": mass, "counts": counts}
    if t.split:
        win, weight, root = bounds_module(spec).split_tail(t.mode)(t.index, t.count, t.seed)
        kept = win >= t.keep_x100
        return {"n": t.count, "pay": win[kept], "w": weight[kept], "root": root[kept]}
    seeds = task_seeds(t)
    if spec.math.play_batch is not None:
        out = spec.math.play_batch(seeds, t.mode, t.stratum)
        pay, feats = np.asarray(out[0], dtype=np.int64), list(out[1])
    else:
        rounds = [spec.play(Rng.for_book(s), t.mode, t.stratum) if t.stratum else spec.play(Rng.for_book(s), t.mode)
                  for s in seeds.tolist()]
        pay, feats = np.array([r.payout_x100 for r in rounds], dtype=np.int64), [r.features for r in rounds]
    want = -1 if t.stratum is None else t.categories.index(t.stratum)
    counted = first_category(feats, t.categories) == want
    return {"n": len(pay), "pay": np.sort(pay[counted & (pay >= t.keep_x100)])}


def bounds_module(spec) -> Any:
    """The game's optional tools/tail_bounds.py (None if it has none)."""
    pkg = B.game_package(spec)
    if pkg is None:
        return None
    try:
        return importlib.import_module(f"{pkg}.tools.tail_bounds")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.endswith("tail_bounds"):
            return None
        raise


def _exact(fn: Callable[[int], float], top: int, cap: int) -> dict[str, Any]:
    """Quantiles of an exact P(X > t) by bisection over whole hundredths of the bet."""
    out: dict[str, Any] = {}
    for p in LEVELS:
        lo, hi = 0, cap
        while lo < hi:
            mid = (lo + hi) // 2
            if fn(mid) <= p:
                hi = mid
            else:
                lo = mid + 1
        out[f"{p:g}"] = {"q": lo, "lo": lo, "hi": lo}
    s = fn(top)
    out["above_top"] = {"est": s, "lo": s, "hi": s, "widest": "exact", "max_draw": None}
    return out


def cond_grid(top: int, cap: int | None, step: int, floor: int) -> tuple[int, int]:
    """(first t, length) of a conditional run's grid: step apart, through the top, from
    COND_GRID[0] x the top (not below the hook's floor) to COND_GRID[1] x the top (not
    past the cap)."""
    lo = max(floor, int(top * COND_GRID[0]))
    if lo > top:
        raise ValueError(f"a conditional estimate from {floor / 100:g}x up cannot read a top of {top / 100:g}x")
    t0 = top - step * ((top - lo) // step)
    hi = int(top * COND_GRID[1]) if cap is None else min(cap, int(top * COND_GRID[1]))
    return t0, (max(hi, top) - t0) // step + 1


def plan(spec, lib: B.Library, modes: list[str], rounds: int, buy_rounds: int, forced: int, seed: int,
         ref: Any, split_roots: int = 0, cond_roots: int = 0) -> tuple[list[Task], dict[str, dict[str, Any]]]:
    """The tasks of every sampled mode and, per mode, how it is read."""
    tb = bounds_module(spec)
    tasks: list[Task] = []
    how: dict[str, dict[str, Any]] = {}
    for m in modes:
        mb = lib.books(m)
        top = int(mb.payout_x100[mb.weight > 0].max())
        cap = B.cap_x100(spec, m)
        info: dict[str, Any] = {"top": top, "cost": int(mb.meta["cost_x100"]), "cap": cap}
        exact = tb.exact_tail(m) if tb is not None and hasattr(tb, "exact_tail") else None
        split = tb.split_tail(m) if tb is not None and hasattr(tb, "split_tail") else None
        law = tb.sum_law(m) if tb is not None and hasattr(tb, "sum_law") else None
        cond = tb.cond_tail(m) if tb is not None and hasattr(tb, "cond_tail") else None
        if cap is not None and top >= cap:
            info["method"] = "cap"
        elif exact is not None:
            info["method"], info["exact"] = "exact", exact
        elif law is not None:
            info["method"], info["coefs"] = "sum", law[0]
            per = -(-buy_rounds * len(law[0]) // SPLIT_TASKS)        # --buy-rounds rounds' worth of steps
            tasks += [Task(ref, m, None, k, per, seed, (), 0, law=True) for k in range(SPLIT_TASKS)]
        elif split is not None:
            info["method"] = "split"
            per = -(-split_roots // SPLIT_TASKS)
            tasks += [Task(ref, m, None, k, per, seed, (), int(top * KEEP_SPLIT), True) for k in range(SPLIT_TASKS)]
        elif cond is not None:
            info["method"], info["step"] = "cond", cond[1]
            info["grid"] = cond_grid(top, cap, cond[1], cond[2])
            per = -(-cond_roots // SPLIT_TASKS)
            tasks += [Task(ref, m, None, k, per, seed, (), 0, grid=info["grid"]) for k in range(SPLIT_TASKS)]
        else:
            cats = tuple(mb.meta["categories"])
            costly = set(tb.library_strata(m)) if tb is not None and hasattr(tb, "library_strata") else set()
            info.update(method="strata", categories=cats, ceiling=_ceilings(tb, m), library=sorted(costly & set(cats)))
            keep = int(top * KEEP_FROM)
            n_plain = rounds if spec.mode(m).kind == "spin" else buy_rounds
            for k, a in enumerate(range(0, n_plain, CHUNK_NATURAL)):
                tasks.append(Task(ref, m, None, k, min(CHUNK_NATURAL, n_plain - a), seed, cats, keep))
            for c in cats:
                if c in costly:
                    continue
                for k, a in enumerate(range(0, forced, CHUNK_FORCED)):
                    tasks.append(Task(ref, m, c, k, min(CHUNK_FORCED, forced - a), seed, cats, keep))
        how[m] = info
    return tasks, how


def _ceilings(tb: Any, mode: str) -> Callable[[str | None], int | None] | None:
    """stratum (None: natural) -> the game's ceiling on its rounds, or None without one."""
    if tb is None or not hasattr(tb, "natural_ceiling"):
        return None
    fn = tb.natural_ceiling

    def ceiling(stratum: str | None) -> int | None:
        return fn(mode, stratum)
    return ceiling


def library_stratum(lib: B.Library, mode: str, cat: str, keep: int, ceiling: Any) -> Stratum:
    """A stratum read from the library's own books at equal weights (its generator's draws)."""
    from .books import strata
    mb = lib.books(mode)
    cats = list(mb.meta["categories"])
    st = strata(mb.force, mb.features, list(mb.meta["feature_names"]), cats)
    pay = mb.payout_x100[st == cats.index(cat)]
    return Stratum(cat, float(mb.meta["category_targets"][cat]), len(pay), np.sort(pay[pay >= keep]), "library",
                   ceiling(cat) if ceiling else None)


def run(game: Any, modes: list[str] | None = None, rounds: int = 1_000_000, buy_rounds: int = 300_000,
        forced: int = 500, workers: int = 1, seed: int = 0x7A15_2026, progress: bool = False,
        books_dir: Any = None, split_roots: int = 2_000_000, cond_roots: int = 200_000) -> dict[str, Any]:
    spec = B.resolve_game(game)
    t0 = time.perf_counter()
    lib = B.load_library(spec, books_dir, modes)
    modes = modes or list(lib.modes)
    fp = read_manifest(lib.path, spec.id).get("fingerprint")
    tasks, how = plan(spec, lib, modes, rounds, buy_rounds, forced, seed, B.game_ref(game), split_roots, cond_roots)
    # a task's cost in plain rounds: a forced draw ~40, a split root ~4, one step of a sum law ~0.12 (a spin),
    # a conditional root ~30
    cost = [t.count * (40.0 if t.stratum else 4.0 if t.split else 0.12 if t.law else 30.0 if t.grid[1] else 1.0)
            for t in tasks]
    spent: dict[str, float] = {m: 0.0 for m in modes}

    def done(i: int, r: Any) -> None:
        bar.done(cost[i], tasks[i].count)

    with pool.Progress(sum(cost), "draws", f"tails {spec.id}", progress) as bar:
        t1 = time.perf_counter()
        got = pool.run(run_task, tasks, workers, order=sorted(range(len(tasks)), key=cost.__getitem__, reverse=True),
                       on_done=done)
        wall = time.perf_counter() - t1
    total_cost = sum(cost) or 1.0
    for t, c in zip(tasks, cost):
        spent[t.mode] += wall * c / total_cost
    out: dict[str, Any] = {}
    for m in modes:
        info = how[m]
        top, cost_x100 = info["top"], info["cost"]
        row: dict[str, Any] = {"top_x": top / 100, "cost": cost_x100 / 100, "method": info["method"]}
        if info["method"] == "cap":
            row.update(verdict="holds", strata=[], seconds=0.0,
                       quantiles={f"{p:g}": {"q": None, "lo": None, "hi": top} for p in LEVELS},
                       above_top={"est": 0.0, "lo": 0.0, "hi": 0.0, "widest": "cap", "max_draw": None})
        elif info["method"] == "exact":
            t2 = time.perf_counter()
            q = _exact(info["exact"], top, info["cap"] or 100 * top)
            row.update(verdict=verdict(q["above_top"]), strata=[], seconds=time.perf_counter() - t2,
                       quantiles={k: v for k, v in q.items() if k != "above_top"}, above_top=q["above_top"])
        elif info["method"] == "sum":
            from .iid_sum import SumLaw
            mine = [r for t, r in zip(tasks, got) if t.mode == m]
            counts = [r["counts"] for r in mine]
            sl = SumLaw("sum", [r["mass"] for r in mine], info["coefs"], 2 * top, sum(r["n"] for r in mine))
            q = quantiles([sl], top)
            big = sum(int(np.sum(c[top // max(info["coefs"]) + 1:])) for c in counts)   # one step alone past the top
            row.update(verdict=verdict(q["above_top"]), seconds=spent[m], above_top=q["above_top"],
                       quantiles={k: v for k, v in q.items() if k != "above_top"},
                       strata=[{"name": "sum", "share": 1.0, "draws": sl.n, "source": "sum", "ceiling_x": None,
                                "above_top": big, "max_x": sl.max_step / 100}])
        elif info["method"] == "cond":
            mine = [r for t, r in zip(tasks, got) if t.mode == m]
            cd = Cond("cond", sum(r["n"] for r in mine), info["grid"][0], info["step"],
                      sum(r["s1"] for r in mine), sum(r["s2"] for r in mine))
            q = cond_quantiles(cd, top)
            row.update(verdict=verdict(q["above_top"]), seconds=spent[m], above_top=q["above_top"],
                       quantiles={k: v for k, v in q.items() if k != "above_top"},
                       strata=[{"name": "cond", "share": 1.0, "draws": cd.roots * cd.s1.shape[0], "source": "cond",
                                "ceiling_x": None, "above_top": int(q["above_top"]["ess"]),
                                "max_x": max(r["max_offset"] for r in mine) / 100}])
        elif info["method"] == "split":
            runs = [(t, r) for t, r in zip(tasks, got) if t.mode == m]
            off = np.cumsum([0] + [t.count for t, _ in runs])
            sp = Split("split", int(off[-1]), np.concatenate([r["pay"] for _, r in runs]),
                       np.concatenate([r["w"] for _, r in runs]),
                       np.concatenate([r["root"] + o for (_, r), o in zip(runs, off)]))
            q = quantiles([sp], top)
            row.update(verdict=verdict(q["above_top"]), seconds=spent[m], above_top=q["above_top"],
                       quantiles={k: v for k, v in q.items() if k != "above_top"},
                       strata=[{"name": "split", "share": 1.0, "draws": sp.roots, "source": "split",
                                "ceiling_x": None, "above_top": int(sp.above(np.array([top]))[0]),
                                "max_x": float(sp.pay.max() / 100) if len(sp.pay) else None}])
        else:
            parts: list[Stratum] = []
            mine = [(t, r) for t, r in zip(tasks, got) if t.mode == m]
            for name in [None, *info["categories"]]:
                rs = [r for t, r in mine if t.stratum == name]
                if name in info["library"]:
                    parts.append(library_stratum(lib, m, name, int(top * KEEP_FROM), _ceilings(bounds_module(spec), m)))
                    continue
                share = 1.0 if name is None else float(lib.books(m).meta["category_targets"][name])
                parts.append(Stratum(name or "natural", share, sum(r["n"] for r in rs),
                                     np.sort(np.concatenate([r["pay"] for r in rs])), "fresh",
                                     info["ceiling"](name) if info["ceiling"] else None))
            q = quantiles(parts, top)
            row.update(verdict=verdict(q["above_top"]), seconds=spent[m], above_top=q["above_top"],
                       quantiles={k: v for k, v in q.items() if k != "above_top"},
                       strata=[{"name": s.name, "share": s.share, "draws": s.n, "source": s.source,
                                "ceiling_x": None if s.ceiling is None else s.ceiling / 100,
                                "above_top": int(s.above(np.array([top]))[0]),
                                "max_x": float(s.pay[-1] / 100) if len(s.pay) else None} for s in parts])
        out[m] = row
    return {"game": spec.id, "name": spec.name, "fingerprint": fp, "seed": seed, "workers": workers,
            "args": {"rounds": rounds, "buy_rounds": buy_rounds, "forced": forced, "split_roots": split_roots,
                     "cond_roots": cond_roots, "modes": modes},
            "seconds": time.perf_counter() - t0, "modes": out}
