"""The shares of math.yaml's book_forces (each category's stratum per round, disjoint in
the order each mode lists them), from the bonus odds of bonus_odds.py (feature_odds.py
keeps category_shares and print_category_shares as its entry points, the commands
math.yaml's comments give; the figures read bonus_odds' settings at call time).

bonus_pf_hb lists full_board, big_grand, pot_grand, big_bonus: big_grand (a GRAND and at
least big_grand_x times the bet) is exact given the counted coins and the spins
(grand_boost_tail.py), averaged over the bonuses boost_tail_odds plays, outside the full
boards; pot_grand is every GRAND (pot_rates) less the full boards' and big_grand's.
"""
from __future__ import annotations

from math import sqrt
from typing import cast

import numpy as np

from . import bonus_odds as F
from .tables import COMBOS, DOUBLE_COINS, POT_FILL, combo_code, load


def category_shares(seed: int | None = None, modes: tuple[str, ...] | None = None
                    ) -> dict[str, dict[str, tuple[float, float]]]:
    """{mode: {category: (its stratum's share per round, standard error)}} for
    math.yaml's book_forces (every mode, or `modes`), whose categories are disjoint in
    the order each mode lists them (rules.excluded_before). Per final combination c:
    P(c) exact, P(GRAND | c) and GRAND won several times from pot_rates, P(full board | c)
    exact, a GRAND category's chance given a full board from grand_given_full_board
    (exact without DOUBLE COINS), the big bonuses by GRAND and full board from
    big_counts, or exact given the skeleton (cash_tail_odds, boost_tail_odds); a
    category listed later keeps only what the earlier ones leave. Printed by: python -c
    "from games.happy_money_hens.math.feature_odds import print_category_shares as p; p()"."""
    from cabinet.math.sim import DEFAULT_SEED
    seed = DEFAULT_SEED if seed is None else seed     # the rates tool's: its `reduced` pot_grand, the same bonuses
    from .categories import MULTI_GRAND
    from .rules import boost_last, cash_last
    full, pots = F.full_board_rates(), F.pot_rates(seed)
    m = load()
    out = {}
    for mode, cats in m.raw["book_forces"].items():
        if modes is not None and mode not in modes:
            continue
        pc, order = F.combo_chances(mode), list(cats)

        def before(a: str, b: str) -> bool:
            return a in order and b in order and order.index(a) < order.index(b)

        if boost_last(mode) and before("big_bonus", "full_board"):
            raise ValueError(f"{mode}: big_bonus is drawn coins and boosts last: list full_board before it")
        if "big_grand" in order and (before("big_grand", "full_board") or before("pot_grand", "big_grand")):
            raise ValueError(f"{mode}: big_grand is drawn coins and boosts last: list it after full_board and "
                             f"before pot_grand")
        # a big bonus's split by GRAND and full board: counted (big_counts), unless exact given the skeleton
        counted = "big_bonus" in order and not (cash_last(mode) or boost_last(mode))
        big = F.big_counts(seed) if counted else None
        shares: dict[str, list] = {cat: [0.0, 0.0] for cat in order}
        for c in COMBOS:
            if not pc[c]:
                continue
            dc, pf = bool(c & DOUBLE_COINS), bool(c & POT_FILL)
            grand, grand_se = pots[dc]["pot_grand"] if pf else (0.0, 0.0)

            def on_full(cat: str) -> tuple[float, float]:
                """(P(full board and cat | c), its standard error), cat a GRAND category."""
                if not pf:
                    return 0.0, 0.0
                g, se = F._on_full_board(cat, dc, seed)
                return full[dc] * g, full[dc] * se

            k = cast(dict, big)[c][m.big_bonus_x100[mode]] if counted else np.zeros((2, 2), np.int64)
            n_big = cast(dict, big)[c]["n"] if counted else 1
            # (chance given c, its standard error) of each category's stratum
            parts = {}
            for cat in MULTI_GRAND:                # listed first where they are (buy_mystery, buy_triple)
                if cat in order:
                    p, se = pots[dc][cat] if pf else (0.0, 0.0)
                    if before("full_board", cat):          # less its full boards (bonus_pf)
                        f, f_se = on_full(cat)
                        p, se = p - f, sqrt(se ** 2 + f_se ** 2)
                    parts[cat] = (p, se)
            if "big_grand" in order:        # after full_board (checked above): its skeletons' mean outside them
                parts["big_grand"] = F.boost_tail_odds(mode, seed, "big_grand")["no_full_board"]
            if "pot_grand" in order:
                # less the GRANDs that are big bonuses when big_bonus comes first, the
                # multiple GRANDs when their categories do, the big GRANDs (big_grand)
                # when it does, the full boards when it does
                fb_first = before("full_board", "pot_grand")
                lost = (F._share(int(k[1, :1 if fb_first else 2].sum()), n_big) if before("big_bonus", "pot_grand")
                        else (0.0, 0.0))
                firsts = [x for x in [*MULTI_GRAND, "big_grand"] if before(x, "pot_grand")]
                for cat in firsts + (["full_board"] if fb_first else []):
                    q = parts[cat] if cat != "full_board" else on_full("pot_grand")
                    lost = (lost[0] + q[0], sqrt(lost[1] ** 2 + q[1] ** 2))
                parts["pot_grand"] = (grand - lost[0], sqrt(grand_se ** 2 + lost[1] ** 2))
            if "full_board" in order:
                # less its GRANDs when pot_grand (or GRAND won several times) comes first
                firsts = ["pot_grand"] if before("pot_grand", "full_board") else \
                    [x for x in MULTI_GRAND if before(x, "full_board")]
                gone = [on_full(x) for x in firsts]
                lost = (F._share(int(k[0, 1] + (0 if before("pot_grand", "full_board") else k[1, 1])), n_big)
                        if before("big_bonus", "full_board") else (0.0, 0.0))
                parts["full_board"] = (full[dc] - sum(g for g, _ in gone) - lost[0],
                                       sqrt(sum(se ** 2 for _, se in gone) + lost[1] ** 2))
            if "big_bonus" in order and cash_last(mode):        # no pot, no full board before it
                parts["big_bonus"] = F.cash_tail_odds(mode, seed)
            elif "big_bonus" in order and boost_last(mode):     # after full_board (and pot_grand: rules)
                parts["big_bonus"] = F.boost_tail_odds(mode, seed)["no_full_board" if "full_board" in order else "all"]
            elif "big_bonus" in order:
                g_rows = [0] if before("pot_grand", "big_bonus") else [0, 1]
                f_cols = [0] if before("full_board", "big_bonus") else [0, 1]
                parts["big_bonus"] = F._share(int(k[np.ix_(g_rows, f_cols)].sum()), n_big)
            left = 1.0 - sum(p for p, _ in parts.values())
            parts[f"combo_{combo_code(c)}"] = (left, sqrt(sum(se ** 2 for _, se in parts.values())))
            for cat, (p, se) in parts.items():
                if cat in shares:
                    shares[cat][0] += pc[c] * p
                    shares[cat][1] += (pc[c] * se) ** 2
        out[mode] = {cat: (p, sqrt(v)) for cat, (p, v) in shares.items()}
    return out


def print_category_shares(seed: int | None = None, modes: tuple[str, ...] | None = None) -> None:
    """category_shares printed, each mode's shares then their 99% half-widths."""
    for mode, cats in category_shares(seed, modes).items():
        print(f"{mode + ':':13s}" + ", ".join(f"{cat}: {p:.5e}" for cat, (p, _) in cats.items()))
        print(" " * 13 + "99% +-: " + ", ".join(f"{F.Z99 * se:.1g}" for _, se in cats.values()))
