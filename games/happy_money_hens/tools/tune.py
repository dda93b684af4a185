"""Design figures for math.yaml: mean bonus value per combination (vectorised sim),
the trigger chance per mode that gives 94.5%, buy prices, book-force targets.

    python -m games.happy_money_hens.tools.tune --bonuses 1000000 [--seed 1]

Prints the figures and YAML blocks (trigger, modes' costs, book_forces) to paste
into math.yaml. The exact parts (line RTP, combination odds) come from analysis.py
and pots.py; only the bonus figures are simulated.
"""
from __future__ import annotations

import argparse
from fractions import Fraction

import numpy as np

from games.happy_money_hens.math.analysis import line_rtp, rtp_for, solve_trigger
from games.happy_money_hens.math.tables import COMBOS, combo_code, combo_mode, load
from games.happy_money_hens.math.pots import count_distribution, triggered_given_counts, upgrade_odds
from games.happy_money_hens.math.sim_bonus import simulate_bonuses

SPIN = ("base", "fortune_1_2", "fortune_1_5", "fortune_2")


def bonus_figures(n: int, seed: int) -> dict[int, dict[str, float]]:
    """Per combination: mean, sd, P(GRAND), P(full and no GRAND), P(neither)."""
    m = load()
    gen = np.random.default_rng(seed)
    out = {}
    for c in COMBOS:
        tot, grand, full = [], [], []
        for k in range(0, n, 100_000):
            r = simulate_bonuses(gen, m, np.full(min(100_000, n - k), c))
            tot.append(r["total_x100"])
            grand.append(r["awards"][:, 3] > 0)
            full.append(r["full_board"])
        t, g, f = np.concatenate(tot) / 100, np.concatenate(grand), np.concatenate(full)
        out[c] = {"mean": t.mean(), "sd": t.std(), "grand": g.mean(), "full": (f & ~g).mean(),
                  "rest": (~f & ~g).mean(), "mean_line_free": t.mean()}
        print(f"{combo_code(c):9s} mean {t.mean():8.3f} +- {t.std() / len(t) ** .5:.3f}  sd {t.std():7.1f}  "
              f"GRAND 1/{1 / max(g.mean(), 1e-12):,.0f}  full 1/{1 / max(f.mean(), 1e-12):,.0f}")
    return out


def odds_at(q: Fraction, mode: str) -> dict[int, Fraction]:
    """Exact chance of each final combination at trigger chance q (pots.combo_odds
    reads the trigger from math.yaml; this one takes it as an argument)."""
    low = load().min_features[mode]
    out = {c: Fraction(0) for c in (0,) + COMBOS}
    for counts, pc in count_distribution().items():
        for t in (0,) + COMBOS:
            pt = pc * triggered_given_counts(q, counts, t)
            if t == 0:
                out[0] += pt
            else:
                for final, pf in upgrade_odds(t, low).items():
                    out[final] += pt * pf
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--bonuses", type=int, default=200_000)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    m = load()
    fig = bonus_figures(a.bonuses, a.seed)
    values = {c: fig[c]["mean"] for c in COMBOS}
    print(f"line RTP (exact) {float(line_rtp(m)):.6f}")
    print("trigger:")
    solved = {}
    for mode in SPIN:
        q = solve_trigger(mode, values, den=m.feature_den)
        solved[mode] = q
        print(f"  {mode}: {q}    # RTP at this q {rtp_for(Fraction(q, m.feature_den), mode, values):.5f}; "
              f"now {m.trigger[mode]} -> {rtp_for(Fraction(m.trigger[mode], m.feature_den), mode, values):.5f}")
    from games.happy_money_hens.math.sim import HensSim
    hs = HensSim(m)
    boards, _ = hs.buy_boards(np.random.default_rng(a.seed), "buy_triple", 1_000_000)
    buy_line = hs.line_pays_boards(boards).mean() / 100
    print(f"line pay of a bought round's delivering board {buy_line:.4f}x")
    mw = m.mystery_weights / m.mystery_weights.sum()
    mystery = float(sum(mw[c - 1] * values[c] for c in COMBOS)) + buy_line
    print(f"buy_mystery mean bonus {mystery:.3f}x -> cost {round(mystery * 100 / 0.945)} (now {m.costs['buy_mystery']}"
          f", RTP at current cost {mystery * 100 / m.costs['buy_mystery']:.5f} + line)")
    triple = values[7] + buy_line
    print(f"buy_triple mean {triple:.3f}x -> cost {round(triple * 100 / 0.945)} (now {m.costs['buy_triple']})")
    for c in COMBOS:
        print(f"{combo_mode(c)} cost {round(values[c] * 100 / 0.945)} (now {m.costs.get(combo_mode(c))})")
    print("book_forces:")
    for mode in SPIN:
        odds = odds_at(Fraction(solved[mode], m.feature_den), mode)    # at the solved trigger
        g = sum(float(odds[c]) * fig[c]["grand"] for c in COMBOS)
        f = sum(float(odds[c]) * fig[c]["full"] for c in COMBOS)
        print(f"  {mode}: {{pot_grand: {g:.4e}, full_board: {f:.4e}", end="")
        for c in COMBOS:
            p = float(odds[c]) * fig[c]["rest"]
            if 0 < float(odds[c]) < 1 / 2000:
                print(f", combo_{combo_code(c)}: {p:.4e}", end="")
        print("}")
    for mode, w in (("buy_mystery", mw), ("buy_triple", np.eye(7)[6])):
        g = sum(w[c - 1] * fig[c]["grand"] for c in COMBOS)
        f = sum(w[c - 1] * fig[c]["full"] for c in COMBOS)
        print(f"  {mode}: {{pot_grand: {g:.4e}, full_board: {f:.4e}}}")
    for c in COMBOS:
        parts = []
        if c & 2:
            parts.append(f"pot_grand: {fig[c]['grand']:.4e}")
        if c & 1:
            parts.append(f"full_board: {fig[c]['full']:.4e}")
        print(f"  {combo_mode(c)}: {{{', '.join(parts)}}}")


if __name__ == "__main__":
    main()
