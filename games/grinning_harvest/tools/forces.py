"""Measure the frequencies of the rare categories the book builder forces.

The builder files a book under the FIRST of `book_forces[mode]` it belongs to, so
each target is the frequency of "in this category and in none listed before it".
Measured with the vectorised engine; the base game's max win (about 1 in 5 million)
comes from the exact trigger probability times its rate in bonuses started from the
exact distribution of trigger boards. Prints the `book_forces:` block of math.yaml.

    python -m games.grinning_harvest.tools.forces [--base 50000000] [--buy 5000000] [--workers 2] [--modes base]
"""
from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from games.grinning_harvest.math.tables import load
from games.grinning_harvest.math.sim import simulate
from games.grinning_harvest.math.exact import bonus_from_triggers, exact_base

ORDER = ("max_win", "jackpot_grand", "big_win", "jackpot_mega", "jackpot_minor", "great_skull", "vaults_3")
CHUNK = 2_000_000


def categories(mode: str) -> tuple[str, ...]:
    """The categories `mode` forces, in math.yaml's order (ORDER where the file lists
    none): a round is counted in the first it is in, so a category the mode does not
    force (the buys have no jackpot_minor stratum) must not take rounds from later ones."""
    import yaml
    from games.grinning_harvest.math.tables import MATH_FILE
    listed = (yaml.safe_load(MATH_FILE.read_text()).get("book_forces") or {}).get(mode)
    return tuple(listed) if listed else ORDER


def _counts(task: tuple[int, int, str, int]) -> tuple[int, dict[str, int]]:
    seed, index, mode, n = task
    out = simulate(np.random.SeedSequence([seed, index]), mode, n)
    seen = np.zeros(n, dtype=bool)
    counts = {}
    for cat in categories(mode):
        mine = out["features"][cat] & ~seen
        counts[cat] = int(mine.sum())
        seen |= out["features"][cat]
    return n, counts


def measure(mode: str, n: int, seed: int, workers: int) -> dict[str, float]:
    """Disjoint frequency of each category of ORDER, per round of `mode`."""
    tasks = [(seed, i, mode, min(CHUNK, n - s)) for i, s in enumerate(range(0, n, CHUNK))]
    with ProcessPoolExecutor(workers) as ex:
        parts = list(ex.map(_counts, tasks))
    total = sum(p[0] for p in parts)
    return {cat: sum(p[1][cat] for p in parts) / total for cat in categories(mode)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--base", type=int, default=50_000_000)
    ap.add_argument("--buy", type=int, default=5_000_000)
    ap.add_argument("--bonuses", type=int, default=10_000_000, help="trigger bonuses for the base max win")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=31)
    ap.add_argument("--modes", nargs="+", help="measure only these modes (default: base and every buy)")
    args = ap.parse_args()
    m = load()
    modes = args.modes or ["base"] + [opt.id for opt in m.buys]
    freqs = {}
    if "base" in modes:
        freqs["base"] = measure("base", args.base, args.seed, args.workers)
        ex = exact_base(m)
        bo = bonus_from_triggers(m, ex["_trig_boards"], ex["_trig_line"], args.bonuses, args.seed)
        freqs["base"]["max_win"] = ex["p_trigger"] * bo["max_win"]
    for opt in m.buys:
        if opt.id in modes:
            freqs[opt.id] = measure(opt.id, args.buy, args.seed, args.workers)
    print(f"# measured by tools/forces.py: base {args.base:,} rounds (max win from {args.bonuses:,} "
          f"trigger bonuses), buys {args.buy:,} each")
    print("book_forces:")
    for mode, f in freqs.items():
        print(f"  {mode}:")
        for cat in f:
            print(f"    {cat}: {f[cat]:.4g}" + (f"     # 1 in {1 / f[cat]:,.0f}" if f[cat] else ""))


if __name__ == "__main__":
    main()
