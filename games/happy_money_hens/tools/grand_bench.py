"""CPU cost of bonus_pf_hb's forced big_grand books (a GRAND and >= big_grand_x times
the bet, drawn coins and boosts last: math/grand_boost_tail.py), this process's CPU
time (a busy shared machine does not distort it):

    python -m games.happy_money_hens.tools.grand_bench [--books 20]

Prints the tail's table build (once a process, as in a builder's worker), its
rejection bound max A[N, S], the attempts a book takes by the rules (the bound over
the category's share, math.yaml book_forces), and the CPU seconds per book over
`--books` books played as the builder plays them (forced_bench.book_cost, the
stratum's own seeds, the table already built), with the mean kept attempt index.
"""
from __future__ import annotations

import argparse
import time

import numpy as np

from games.happy_money_hens.math.forced_tails import big_grand_tail
from games.happy_money_hens.math.tables import load
from games.happy_money_hens.tools.forced_bench import book_cost

MODE = "bonus_pf_hb"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--books", type=int, default=20)
    a = ap.parse_args()
    if a.books < 1:
        raise SystemExit("--books must be >= 1")
    m = load()
    t = time.process_time()
    tail = big_grand_tail(MODE)
    tail.keep_weights()
    built = time.process_time() - t
    share = float(m.raw["book_forces"][MODE]["big_grand"])
    print(f"{MODE}/big_grand at {m.big_grand_x100[MODE] / 100:,.0f}x the bet: table {built:.2f} CPU s, "
          f"bound max A = {tail.ceiling():.4f}, share {share:.4e} a bonus -> {tail.ceiling() / share:,.0f} "
          f"attempts a book (with the full boards: a bit fewer)")
    cost, hints = book_cost(MODE, "big_grand", a.books)
    print(f"{MODE}/big_grand: {cost:.3f} CPU s a book ({a.books} books; mean kept attempt "
          f"{np.mean(hints) if hints else 0:,.0f}); 450 books ~ {450 * cost:,.0f} CPU s")


if __name__ == "__main__":
    main()
