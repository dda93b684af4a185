"""The comparisons of `fidelity` (cabinet/math/fidelity.py): two samples of one mode,
the shipped library (weighted books) and a fresh run of the rules, each reduced to
cells (a payout bin, a held payout band, above-the-library's-top, a feature bitmask)
holding sum w, sum w^2, sum w y, sum w y^2 (y: payout in multiples of the cost; a
rules round has w = 1). Every figure is compared as two samples, each counted at its
Kish effective size (sum w)^2 / sum w^2 over the rounds the figure reads (the rules'
size is its round count): a proportion by the pooled two-sample z, or, where the
rarer outcome is seen fewer than EXACT_BELOW times on both sides together, by the
exact conditional binomial test (agree.exact_p); a mean by Welch's z, where each
side has at least MIN_MEAN effective rounds (else the row says "too few" and is not
counted as a comparison). The tail row is the rules' mass above the library's top,
flagged when its exact 99% lower bound reaches TAIL_MASS (the project's band rule).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Any

import numpy as np

from .agree import exact_p
from .stats import BAND_LABELS, clopper_pearson

Z_FLAG = 4.0            # |z| above this is flagged
EXACT_BELOW = 30        # rarer outcome seen fewer times than this (both sides): exact test
MIN_MEAN = 20           # effective rounds each side for a mean to be compared
TAIL_MASS = 1e-7        # the rules' mass above the library's top that must not be missing
TAIL_LEVEL = 0.01       # ... judged by the exact 99% interval's lower bound
SECTIONS = ("tail", "bin", "bin mean", "band mean", "feature", "feature mean", "route", "route mean")


@dataclass
class Cells:
    """One sample as cells: cell code (bin << 5 | band << 1 | above), feature mask and
    the sums of each cell."""

    cell: np.ndarray
    mask: np.ndarray
    w: np.ndarray
    w2: np.ndarray
    wy: np.ndarray
    wy2: np.ndarray
    bins: np.ndarray = field(init=False)
    bands: np.ndarray = field(init=False)
    above: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        self.bins = self.cell >> 5
        self.bands = (self.cell >> 1) & 15
        self.above = (self.cell & 1).astype(bool)

    def has(self, bit: int) -> np.ndarray:
        return ((self.mask >> np.uint64(bit)) & np.uint64(1)).astype(bool)

    def sums(self, sel: np.ndarray | None = None) -> tuple[float, float, float, float]:
        if sel is None:
            return float(self.w.sum()), float(self.w2.sum()), float(self.wy.sum()), float(self.wy2.sum())
        return (
            float(self.w[sel].sum()),
            float(self.w2[sel].sum()),
            float(self.wy[sel].sum()),
            float(self.wy2[sel].sum()),
        )


def kish(sw: float, sw2: float) -> float:
    return sw * sw / sw2 if sw2 > 0 else 0.0


def signed_z(p: float, sign: float) -> float:
    """The normal z of a two-sided p, with the difference's sign."""
    if p >= 1.0:
        return 0.0
    return math.copysign(-NormalDist().inv_cdf(max(p, 1e-300) / 2), sign)


def row(section: str, name: str, lib: float, rules: float, n_lib: float, n_rules: float, z: float | None,
        p: float | None, method: str, note: str = "") -> dict[str, Any]:
    flag = z is not None and (abs(z) > Z_FLAG)
    return {"section": section, "name": name, "library": lib, "rules": rules, "n_library": n_lib,
            "n_rules": n_rules, "z": z, "p": p, "method": method, "flag": flag, "note": note}


def proportion(section: str, name: str, xl: float, nl: float, xr: float, nr: float) -> dict[str, Any]:
    """Rate xl/nl (library, effective counts) against xr/nr (rules)."""
    pl, pr = xl / nl, xr / nr
    rare_l, rare_r = (xl, xr) if xl + xr <= (nl - xl) + (nr - xr) else (nl - xl, nr - xr)
    if rare_l + rare_r < EXACT_BELOW:
        p = exact_p(round(rare_l), max(1, round(nl)), round(rare_r), max(1, round(nr)))
        return row(section, name, pl, pr, nl, nr, signed_z(p, pl - pr), p, "exact")
    p0 = (xl + xr) / (nl + nr)
    se = math.sqrt(p0 * (1 - p0) * (1 / nl + 1 / nr))
    z = (pl - pr) / se if se > 0 else 0.0
    return row(section, name, pl, pr, nl, nr, z, math.erfc(abs(z) / math.sqrt(2)), "normal")


def mean(section: str, name: str, lib: tuple[float, ...], rules: tuple[float, ...]) -> dict[str, Any] | None:
    """Mean payout of the rounds a figure reads: Welch's z at the Kish sizes. None
    when neither side has a round."""
    (lw, lw2, lwy, lwy2), (rw, rw2, rwy, rwy2) = lib, rules
    nl, nr = kish(lw, lw2), kish(rw, rw2)
    if lw <= 0 and rw <= 0:
        return None
    ml = lwy / lw if lw > 0 else math.nan
    mr = rwy / rw if rw > 0 else math.nan
    if min(nl, nr) < MIN_MEAN:
        return row(section, name, ml, mr, nl, nr, None, None, "too few")
    vl = max(0.0, lwy2 / lw - ml * ml) * nl / (nl - 1)
    vr = max(0.0, rwy2 / rw - mr * mr) * nr / (nr - 1)
    se = math.sqrt(vl / nl + vr / nr)
    if abs(ml - mr) <= 1e-9 * max(1.0, abs(ml), abs(mr)):
        z = 0.0                           # the same (a cell of one payout: rounding only)
    else:
        z = (ml - mr) / se if se > 0 else math.copysign(math.inf, ml - mr)
    return row(section, name, ml, mr, nl, nr, z, math.erfc(abs(z) / math.sqrt(2)), "welch")


def tail(top_x: float, above: int, n: int, rules_max_x: float, cost: float = 1.0) -> dict[str, Any]:
    """The rules' mass above the library's top: flagged when its exact 99% lower bound
    reaches TAIL_MASS; z and p are the one-sided exact test of 'the rules' mass there
    is at most TAIL_MASS'."""
    from scipy.stats import binom
    rate = above / n
    lo, hi = (float(v[0]) for v in clopper_pearson(np.array([above]), n, TAIL_LEVEL))
    p = float(binom.sf(above - 1, n, TAIL_MASS)) if above else 1.0
    z = -NormalDist().inv_cdf(max(p, 1e-300)) if p < 0.5 else 0.0
    bet = f" the cost, {top_x * cost:,.2f}x the bet" if cost != 1 else ""
    note = (f"{above:,} of {n:,} rules rounds above the library's top (rules' max {rules_max_x:,.2f}x the cost, "
            f"{rules_max_x * cost:,.2f}x the bet); 99% interval {lo:.3g} .. {hi:.3g}")
    out = row("tail", f"above the library's top {top_x:,.2f}x{bet}", 0.0, rate, math.inf, n, z, p, "exact tail", note)
    out["flag"] = lo >= TAIL_MASS
    if not out["flag"] and rate >= TAIL_MASS:
        out["note"] += f"; its 99% lower bound is under {TAIL_MASS:g}: unconfirmed, not flagged"
    return out


def compare(lib: Cells, rules: Cells, names: list[str], bin_labels: list[str], top_x: float, rules_max_x: float,
            cost: float = 1.0) -> list[dict[str, Any]]:
    """Every comparison of one mode (rows, SECTIONS order); payouts in multiples of the
    cost, which is `cost` times the bet."""
    out: list[dict[str, Any]] = []
    L, R = lib.sums(), rules.sums()
    nl, nr = kish(L[0], L[1]), kish(R[0], R[1])
    out.append(tail(top_x, int(rules.sums(rules.above)[0]), int(R[0]), rules_max_x, cost))

    for b, label in enumerate(bin_labels):
        sl, sr = lib.sums(lib.bins == b), rules.sums(rules.bins == b)
        if sl[0] > 0 or sr[0] > 0:
            out.append(proportion("bin", label, sl[0] / L[0] * nl, nl, sr[0], nr))
    for b, label in enumerate(bin_labels):
        r = mean("bin mean", label, lib.sums(lib.bins == b), rules.sums(rules.bins == b))
        if r is not None:
            out.append(r)
    for k, label in enumerate(BAND_LABELS):
        r = mean("band mean", f"held band {label}", lib.sums(lib.bands == k), rules.sums(rules.bands == k))
        if r is not None:
            out.append(r)

    has = [(lib.has(i), rules.has(i)) for i in range(len(names))]
    first: dict[bytes, dict[str, Any]] = {}     # a set of rounds compared once; its other names in the note

    def once(key: bytes, name: str, make) -> None:
        if key in first:
            first[key]["note"] += ("; " if first[key]["note"] else "same rounds as: ") + name
            return
        r = make()
        if r is not None:
            first[key] = r
            out.append(r)

    for i, f in enumerate(names):
        sl, sr = lib.sums(has[i][0]), rules.sums(has[i][1])
        if sl[0] > 0 or sr[0] > 0:
            once(b"rate" + _key(*has[i]), f, lambda: proportion("feature", f, sl[0] / L[0] * nl, nl, sr[0], nr))
    everything = mean("feature mean", "all rounds", L, R)
    assert everything is not None                # every round: both sides have rounds
    out.append(everything)
    first[b"mean" + _key(np.ones(len(lib.w), bool), np.ones(len(rules.w), bool))] = everything
    for i, f in enumerate(names):
        once(b"mean" + _key(*has[i]), f, lambda: mean("feature mean", f, lib.sums(has[i][0]), rules.sums(has[i][1])))

    present = [i for i in range(len(names)) if has[i][0].any() or has[i][1].any()]
    for a in present:                     # the share of A's rounds that also have B
        al, ar = lib.sums(has[a][0]), rules.sums(has[a][1])
        if al[0] <= 0 or ar[0] <= 0:
            continue                      # A missing on one side: its feature row says so
        na = kish(al[0], al[1])
        for b in present:
            with_b = has[a][0] & has[b][0], has[a][1] & has[b][1]
            bl, br = lib.sums(with_b[0])[0], rules.sums(with_b[1])[0]
            if b == a or (bl == 0 and br == 0) or (bl == al[0] and br == ar[0]):
                continue                  # never, or always, with B on both sides: no route
            split = sorted([_key(*with_b), _key(has[a][0] & ~has[b][0], has[a][1] & ~has[b][1])])
            name = f"{names[a]}: share with {names[b]}"
            once(b"share" + _key(*has[a]) + b"".join(split), name,
                 lambda: proportion("route", name, bl / al[0] * na, na, br, ar[0]))
    for a in present:                     # the mean payout of A with B, of A without B
        for b in present:
            if b == a:
                continue
            for word, sets in (("with", (has[a][0] & has[b][0], has[a][1] & has[b][1])),
                               ("without", (has[a][0] & ~has[b][0], has[a][1] & ~has[b][1]))):
                if word == "with" and b < a or not (sets[0].any() or sets[1].any()):
                    continue
                name = f"{names[a]} {word} {names[b]}"
                once(
                    b"mean" + _key(*sets),
                    name,
                    lambda: mean("route mean", name, lib.sums(sets[0]), rules.sums(sets[1])),
                )
    return out


def _key(sel_lib: np.ndarray, sel_rules: np.ndarray) -> bytes:
    """A set of rounds (cells of both samples), as bytes."""
    return np.packbits(sel_lib).tobytes() + b"|" + np.packbits(sel_rules).tobytes() + b"/"


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Comparisons made, rows not tested (too few), flagged, worst |z| and its row."""
    tested = [r for r in rows if r["z"] is not None]
    worst = max(tested, key=lambda r: abs(r["z"]), default=None)
    return {"comparisons": len(tested), "too_few": len(rows) - len(tested),
            "flagged": sum(r["flag"] for r in rows),
            "worst_z": None if worst is None else worst["z"],
            "worst": None if worst is None else f"{worst['section']}: {worst['name']}"}
