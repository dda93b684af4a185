"""Feature pots: the "pseudo mechanism" that turns feature symbols into bonuses.

Every feature symbol in view (BLUE -> DOUBLE COINS, RED -> POT FILL, GOLD -> HAPPY
BOOST) is added to its pot, and each addition triggers its pot with the mode's chance
q = trigger[mode] / den, independently. With k symbols of a colour the pot triggers
with chance 1 - (1 - q)^k: more symbols, more chance; the pot's level plays no part.
The pots triggered together are the bonus's combination; fortune bets 1.5x and 2x
then add features (uniformly among the missing ones) up to 2 and 3.

Pot levels (1-4) are cabinet state for display only: `advance_levels` applies a
round's events to the saved levels. Outcomes never read them, so books stay stateless.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import product
from typing import cast

from cabinet.core.rng import Rng

from .tables import COMBOS, HensMath, load, n_features

BITS = (1, 2, 4)


def upgrade(rng: Rng, combo: int, min_features: int) -> tuple[int, list[int]]:
    """Add features missing from `combo` (uniformly) until it has `min_features`.
    Returns the combination and the bits added."""
    added = []
    while n_features(combo) < min_features:
        missing = [b for b in BITS if not combo & b]
        b = missing[rng.below(len(missing))]
        combo |= b
        added.append(b)
    return combo, added


def reel_feature_odds(m: HensMath, strips) -> list[list[Fraction]]:
    """Per reel: chance that no feature symbol shows, and that BLUE, RED, GOLD shows
    (the strips keep feature symbols 3 apart, so at most one is in view)."""
    out = []
    for strip in strips:
        n = len(strip)
        seen = [0, 0, 0, 0]
        for stop in range(n):
            view = [int(strip[(stop + r) % n]) for r in range(3)]
            hits = [i for i, f in enumerate(m.feature_index) if f in view]
            if len(hits) > 1 or sum(view.count(f) for f in m.feature_index) > 1:
                raise ValueError("a reel shows two feature symbols at once")
            seen[hits[0] + 1 if hits else 0] += 1
        out.append([Fraction(s, n) for s in seen])
    return out


@lru_cache(maxsize=None)
def count_distribution(path: str | None = None) -> dict[tuple[int, int, int], Fraction]:
    """Exact distribution of (BLUE, RED, GOLD) counts in view on a base-game board."""
    m = load(path)
    dist = {(0, 0, 0): Fraction(1)}
    for odds in reel_feature_odds(m, m.strips):
        nxt: dict = {}
        for k, p in dist.items():
            for i, q in enumerate(odds):
                kk = list(k)
                if i:
                    kk[i - 1] += 1
                nxt[tuple(kk)] = nxt.get(tuple(kk), 0) + p * q
        dist = nxt
    return dist


def triggered_given_counts(q: Fraction, counts: tuple[int, int, int], combo: int) -> Fraction:
    """Chance that exactly the pots of `combo` trigger (0 = none) given the counts."""
    p = Fraction(1)
    for bit, k in zip(BITS, counts):
        none = (1 - q) ** k
        p *= (1 - none) if combo & bit else none
    return p


@lru_cache(maxsize=None)
def combo_odds(mode: str, path: str | None = None) -> dict[int, Fraction]:
    """Exact chance per base-game round of each final combination (after fortune
    upgrades) in a spin mode; key 0 is 'no bonus'."""
    m = load(path)
    q = Fraction(m.trigger[mode], m.feature_den)
    low = m.min_features[mode]
    out = {c: Fraction(0) for c in (0,) + COMBOS}
    trig = {c: Fraction(0) for c in (0,) + COMBOS}
    for counts, pc in count_distribution(path).items():
        for t in trig:
            trig[t] += pc * triggered_given_counts(q, counts, t)
    for t, pt in trig.items():
        if t == 0:
            out[0] += pt
            continue
        for final, pf in upgrade_odds(t, low).items():
            out[final] += pt * pf
    return out


def upgrade_odds(combo: int, min_features: int) -> dict[int, Fraction]:
    """Distribution of `upgrade(combo, min_features)`'s result."""
    if n_features(combo) >= min_features:
        return {combo: Fraction(1)}
    missing = [b for b in BITS if not combo & b]
    out: dict[int, Fraction] = {}
    for b in missing:
        for c, p in upgrade_odds(combo | b, min_features).items():
            out[c] = out.get(c, 0) + p / len(missing)
    return out


@lru_cache(maxsize=None)
def triggered_given_final(mode: str, final: int, path: str | None = None) -> dict[int, Fraction]:
    """P(triggered pots = t | final combination = final) for a spin mode (computed once
    per mode and combination: a forced spin book's base part reads it; do not alter
    the dict returned)."""
    m = load(path)
    q = Fraction(m.trigger[mode], m.feature_den)
    low = m.min_features[mode]
    joint: dict[int, Fraction] = {}
    for t in COMBOS:
        pf = upgrade_odds(t, low).get(final, 0)
        if pf:
            pt = sum(pc * triggered_given_counts(q, k, t) for k, pc in count_distribution(path).items())
            joint[t] = cast(Fraction, pt * pf)
    total = sum(joint.values())
    return {t: p / total for t, p in joint.items()}


def advance_levels(levels: dict[str, int], events: list[dict], top: int = 4) -> dict[str, int]:
    """The pot levels after a round: each `feature_symbol` event with grows=True lifts
    its pot one level (at most `top`); a `pot_levels_reset` sets every pot to 1.
    Levels are display state only (cabinet ledger), never an input to the math."""
    out = dict(levels)
    for e in events:
        if e["type"] == "feature_symbol" and e.get("grows"):
            out[e["pot"]] = min(top, out.get(e["pot"], 1) + 1)
        elif e["type"] == "pot_levels_reset":
            out = {k: 1 for k in out} or {"BLUE": 1, "RED": 1, "GOLD": 1}
    return out


def all_count_patterns(max_k: int = 5):
    """Every (BLUE, RED, GOLD) count triple a board can show."""
    return [k for k in product(range(max_k + 1), repeat=3) if sum(k) <= max_k]
