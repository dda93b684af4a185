"""python -m tests.config_fuzz --count 500 --seed 1 [--subprocess 20] [--by-kind]"""
from __future__ import annotations

import argparse
import os
import sys
import time

from . import __doc__ as DOC
from .harness import run
from .mutations import MUTATIONS
from .tree import ROOT

def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tests.config_fuzz", description=DOC.splitlines()[0])
    p.add_argument("--count", type=int, default=500)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--subprocess", type=int, default=0, metavar="N", help="also run N configs as real processes")
    p.add_argument("--show", type=int, default=20, help="problems to list")
    p.add_argument("--by-kind", action="store_true", help="print accepted/refused per mutation kind")
    args = p.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.path.insert(0, str(ROOT))
    t0 = time.perf_counter()
    figures = run(args.count, args.seed, args.subprocess)
    for problem in (figures.problems or [])[:args.show]:
        print(problem)
    if args.by_kind:
        for name, _fn, _w in MUTATIONS:
            print(
                f"  {name:15s} accepted {figures.by_kind[name, 'ok']:4d}  refused {figures.by_kind[name, 'refused']:4d}"
            )
    print(figures.line())
    print(f"{time.perf_counter() - t0:.1f} s")
    bad = (figures.tracebacks or figures.disagreements or figures.accepted_bad or figures.refused_good
           or figures.check_wrote or figures.refused_wrote or figures.multi_line)
    return 1 if bad else 0



if __name__ == "__main__":
    raise SystemExit(main())
