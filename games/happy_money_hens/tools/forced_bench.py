"""Speed of Happy Money Hens' forced books (CPU time of this process, which a busy
shared machine does not distort):

    python -m games.happy_money_hens.tools.forced_bench [--bonuses 50000] [--books 10]
        [--mode bonus_pf --mode base ...] [--force full_board --force pot_grand]

- lockstep: bonuses per second of the vectorised bonus (batch_bonus.BonusLockstep),
  `--bonuses` bonuses of each listed combination on fresh streams, as a forced search
  decides them;
- books: CPU seconds per forced book of each mode and category, `--books` books played
  as the book builder plays them (`play` on a recording stream, the builder's seeds of
  that stratum, library seed 1); the first book of a category drawn contents last also
  builds its tail's tables (once a process, as in a builder's worker).
"""
from __future__ import annotations

import argparse
import time

import numpy as np

from cabinet.core.book_format import stratum_seeds
from cabinet.core.rng import Rng
from cabinet.core.rng_batch import BookStreams
from games.happy_money_hens import GAME
from games.happy_money_hens.math.batch_bonus import BonusLockstep
from games.happy_money_hens.math.rules import play
from games.happy_money_hens.math.tables import combo_from_code, load

BOOK_MODES = ("base", "fortune_1_2", "fortune_1_5", "fortune_2", "buy_mystery", "buy_triple",
              "bonus_pf", "bonus_hb", "bonus_pf_hb")


def lockstep_rate(n: int, combo: int) -> float:
    """Bonuses per CPU second of BonusLockstep on n fresh streams of one combination."""
    m = load()
    seeds = np.arange(1, n + 1, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15 >> 1)
    t = time.process_time()
    BonusLockstep(m, BookStreams(seeds), np.arange(n), np.full(n, combo)).run()
    return n / (time.process_time() - t)


def book_cost(mode: str, force: str, books: int) -> tuple[float, list[int]]:
    """(CPU s per book, the kept attempt of each book's searches) for `books` books."""
    cats = list(GAME.math.book_forces.get(mode, {}))
    seeds = stratum_seeds(1, mode, cats.index(force), 0, books)
    hints: list[int] = []
    t = time.process_time()
    for s in seeds.tolist():
        rng = Rng.recording(s)
        r = play(rng, mode, force)
        if force not in r.features:
            raise SystemExit(f"{mode}/{force}: seed {s} gave a round outside the category")
        assert rng.trace is not None            # Rng.recording keeps a trace
        hints += rng.trace.values
    return (time.process_time() - t) / books, hints


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bonuses", type=int, default=50_000)
    ap.add_argument("--combo", action="append", help="combination code (PF, DC+PF+HB, ...); default PF and DC+PF+HB")
    ap.add_argument("--books", type=int, default=10)
    ap.add_argument("--mode", action="append", choices=BOOK_MODES)
    ap.add_argument("--force", action="append",
                    choices=("full_board", "pot_grand", "pot_grand_2", "pot_grand_3", "big_bonus", "big_grand"))
    a = ap.parse_args()
    if a.bonuses < 0 or a.books < 0:
        raise SystemExit("--bonuses and --books must be >= 0")
    lockstep_rate(2_000, 7)                                   # warm the tables
    for code in a.combo or ["PF", "DC+PF+HB"]:
        if a.bonuses:
            print(f"lockstep {code}: {lockstep_rate(a.bonuses, combo_from_code(code)):,.0f} bonuses/s per core")
    for mode in a.mode or BOOK_MODES:
        for force in a.force or ["full_board", "pot_grand"]:
            if a.books and force in GAME.math.book_forces.get(mode, {}):
                cost, hints = book_cost(mode, force, a.books)
                print(f"{mode}/{force}: {cost:.3f} CPU s a book ({a.books} books; "
                      f"mean kept attempt {np.mean(hints) if hints else 0:,.0f})")


if __name__ == "__main__":
    main()
