"""The exact chance of a full board in a bonus without DOUBLE COINS (no pygame).

A full board (all 35 mini reels hold coins, every row active) depends only on where
coins land, and without DOUBLE COINS every coin counts one (bonus.py): POT FILL and
HAPPY BOOST change what coins are worth, never where or how often they land, so the
chance is one figure for PF, HB and PF+HB. It is about 1 in 100,000 bonuses, too rare
to measure in a few hundred thousand, so it is computed here, spin by spin:

- the bonus starts with n coins (start_coins) on the 15 cells of the active rows;
- each spin every open cell lands a coin with land_active / land_den on an active
  row, land_inactive / land_den on an inactive one, each on its own draw;
- the lives go back to 3 when a coin lands on a row that was active, else one less;
  the bonus ends at 0;
- the coins landing on active rows take one each off every waiting row's count; a
  row whose count reaches 0 activates (the counts fall together, so the rows
  activate bottom first, at 10, 14, 18 and 22 coins).

A waiting row's cells are untouched by everything else until it activates, so at
spin t each of its cells holds a coin with chance 1 - (1 - land_inactive/land_den)^t,
independently: the state is only (coins that landed on active rows, lives, open
active cells), and a row activating at spin t brings Binomial(5, that chance) coins.
`full_board_chance(m)` sums the chance of every way to fill the board.

With DOUBLE COINS a coin is double with the chance m.double, drawn for it alone: a
double coin takes 2 off the counts (bonus.py), so the rows activate sooner but the
cells fill the same way; `full_board_chance(m, double=True)` carries that in the count
(x coins on active rows take x + Binomial(x, m.double) off): the bonuses with DOUBLE
COINS (POT FILL and HAPPY BOOST still play no part).
"""
from __future__ import annotations

from math import comb

from .tables import HensMath


def _binomial(n: int, p: float) -> list[float]:
    return [comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]


def full_board_chance(m: HensMath, tol: float = 1e-16, max_spins: int = 5_000, double: bool = False) -> float:
    """P(full board) of a bonus whose coins all count one (no DOUBLE COINS), or with
    `double` of a bonus with DOUBLE COINS (a coin double with the chance m.double)."""
    cells_active = m.active_rows * m.reels
    thresholds = list(m.row_counts)             # rows activate in this order (shared counts)
    pa, pi = m.land_active / m.land_den, m.land_inactive / m.land_den
    pd = m.double[0] / m.double[1] if double else 0.0
    # the count a landing of x coins on active rows takes off: x + Binomial(x, pd)
    takes = [{x + d: pk for d, pk in enumerate(_binomial(x, pd)) if pk > 0} for x in range(m.rows * m.reels + 1)]
    last = thresholds[-1]
    weights = [int(w) for w in m.start_weights]
    # state (coins landed on active rows capped at the last threshold, lives, open active cells)
    states: dict[tuple[int, int, int], float] = {}
    for n, w in zip(m.start_counts.tolist(), weights):
        key = (0, m.lives, cells_active - int(n))
        states[key] = states.get(key, 0.0) + w / sum(weights)
    full = 0.0
    for t in range(1, max_spins + 1):
        q = 1 - (1 - pi) ** t                     # a waiting cell holds a coin after t spins
        fill = _binomial(m.reels, q)
        nxt: dict[tuple[int, int, int], float] = {}
        for (c, lives, open_), mass in states.items():
            for x, px in enumerate(_binomial(open_, pa)):
                if px == 0.0:
                    continue
                lv = m.lives if x else lives - 1
                if lv == 0:
                    continue                      # the bonus ends here, not full
                after: dict[int, float] = {}       # the count after: capped at the last row's
                for dec, pdec in takes[x].items():
                    after[min(c + dec, last)] = after.get(min(c + dec, last), 0.0) + pdec
                for c2, pdec in after.items():
                    rising = sum(1 for th in thresholds if c < th <= c2)
                    # open cells the rising rows bring: 5 - Binomial(5, q) each
                    dist = {open_ - x: px * pdec * mass}
                    for _ in range(rising):
                        grown: dict[int, float] = {}
                        for o, pm in dist.items():
                            for k, pk in enumerate(fill):
                                grown[o + m.reels - k] = grown.get(o + m.reels - k, 0.0) + pm * pk
                        dist = grown
                    for o, pm in dist.items():
                        if c2 >= last and o == 0:
                            full += pm            # every row active and every cell filled
                            continue
                        key = (c2, lv, o)
                        nxt[key] = nxt.get(key, 0.0) + pm
        states = nxt
        if sum(states.values()) < tol:
            return full
    raise RuntimeError(f"full board chance did not converge in {max_spins} spins")
