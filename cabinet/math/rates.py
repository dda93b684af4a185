"""`python -m cabinet.math rates GAME`: the rules' feature rates, measured once.

The vectorised engine (`spec.math.simulate`) plays `--rounds` rounds of every spin mode
(default 10^7) and `--other-rounds` of every other mode, in fixed chunks (the figures
do not depend on the number of workers), and `games/<id>/rates.json` keeps, per
mode, every feature's count and rate with its 99% interval, the RTP, the hit rate
and the payout band counts, with the math fingerprint they were measured for and the
command that measured them, and the rate of each forcing category's stratum (the
rounds whose first listed category it is). The book builder holds every feature at
these rates (cabinet/math/optimize.py) and refuses rates measured for other math;
a game may set a mode's rate itself (`GameSpec.math.rate_targets`: a rate, or
(other mode, factor) for a rate tied to another mode's), which then wins.

The top payout bands (TAIL_FROM_X times the cost and up, or the game's
`GameSpec.math.tail_from_x`; BUY_TAIL_FROM_X in a buy) are too rare for a plain
run: 10^7 rounds see a 1-in-500,000 band about 20 times (+-60% at 99%). Where the
game estimates its rules' tail (`GameSpec.math.tail_odds`: splitting, exact trigger odds
x a feature's own run), `tails` keeps P(win >= X) at each band edge with its 99%
interval, and the builder holds those bands at the tail estimate wherever it is
tighter than the plain count. The same goes for rare features: where the game
computes a feature's rate exactly or estimates it better than a count
(`GameSpec.math.feature_odds`: exact trigger odds x the feature's rate among many
bonuses, splitting), the feature keeps it as `reduced`, and the builder holds
whichever of the two is tighter. The targets the builder holds are made here from
the measurements: `mode_targets` (features), `band_targets` (payout bands),
`category_targets` (the forcing categories' shares) and `nested_follow` (features
nested in one the game sets).

After changing a game's rules: `python -m cabinet.math rates GAME`, then `build`.
"""
from __future__ import annotations

import math
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

from cabinet.core import books as B
from cabinet.core.game import GameSpec

from .sim import DEFAULT_SEED, simulate_modes
from .stats import BAND_EDGES, BAND_LABELS, Z99

RATES_FILE = "rates.json"
SPIN_ROUNDS = 10**7
OTHER_ROUNDS = 3 * 10**5
MIN_COUNT = 30           # a rate seen fewer times is reported, not held
TAIL_FROM_X = 1_000      # bands from this multiple of the cost up may take the game's tail estimate
BUY_TAIL_FROM_X = 20     # ... in a buy or side library (its plain run is 300,000 rounds)
STATED_DIGITS = 1e-5     # a stated share written to 5-6 significant digits matches an exact figure


def rates_path(spec: GameSpec) -> Path | None:
    """games/<id>/rates.json (beside math.yaml; None for a spec no package exposes)."""
    package = B.game_package(spec)
    if package is None:
        return None
    return B.default_books_dir(spec).parent / RATES_FILE


def measure(game: Any, spin_rounds: int = SPIN_ROUNDS, other_rounds: int = OTHER_ROUNDS, workers: int = 2,
            scheduler: str | None = None, seed: int = DEFAULT_SEED, progress: bool = True) -> dict[str, Any]:
    """The rates document of a game (not written)."""
    spec = B.resolve_game(game)
    rounds = {m.id: spin_rounds if m.kind == "spin" else other_rounds for m in spec.modes}
    sims = simulate_modes(game, rounds, workers, scheduler, seed, "simulate", progress,
                          desc=f"measuring {spec.id}'s rates")
    modes = {}
    for mode, r in sims.items():
        modes[mode] = {"rounds": r["rounds"], "rtp": r["rtp"], "rtp_ci99": r["rtp_ci99"],
                       "hit_rate": r["hit_rate"], "max_win_x": r["max_win_x"], "bands": r["bands"],
                       "features": {k: {"count": v["count"], "rate": v["rate"], "ci99": v["ci99"]}
                                    for k, v in r["features"].items()},
                       "strata": r["strata"]}
        if progress and spec.math.tail_odds is not None:
            print(f"{spec.id}/{mode}: the rules' tail estimate (tail_odds) ...", file=sys.stderr, flush=True)
        tails = mode_tails(spec, mode, sims, seed)
        if tails:
            modes[mode]["tails"] = tails
        odds = spec.math.feature_odds
        for name, v in ((odds(mode, sims, seed) or {}) if odds is not None else {}).items():
            entry = modes[mode]["features"].setdefault(name, {"count": 0, "rate": 0.0, "ci99": [0.0, 0.0]})
            entry["reduced"] = {"p": float(v[0]), "ci99": [float(v[1]), float(v[2])],
                                "method": v[3] if len(v) > 3 else "the game's estimate (feature_odds)"}
    return {"game": spec.id, "fingerprint": B.fingerprint(spec), "engine": "simulate", "seed": seed,
            "command": f"python -m cabinet.math rates {spec.id} --rounds {spin_rounds} --other-rounds {other_rounds}",
            "modes": modes}


def mode_tails(spec: GameSpec, mode: str, sims: dict[str, Any], seed: int) -> dict[str, Any] | None:
    """{"cost_x100", "from_x", "at_least": {threshold_x100: {"p", "ci99", "method"}}}: the
    game's tail estimate (tail_odds) at every band edge from tail_from_x(spec) times the
    cost (a spin mode) or BUY_TAIL_FROM_X times it (any other) up to the cap; None if
    the game gives none."""
    if spec.math.tail_odds is None:
        return None
    cost = spec.mode(mode).cost_x100
    cap = B.cap_x100(spec, mode)
    start = tail_from_x(spec) if spec.mode(mode).kind == "spin" else BUY_TAIL_FROM_X
    edges = [int(e * cost) for e in BAND_EDGES[1:-1] if e >= start and (cap is None or e * cost <= cap)]
    got = spec.math.tail_odds(mode, edges, seed, sims) or {}
    at = {str(x): {"p": float(v[0]), "ci99": [float(v[1]), float(v[2])],
                   "method": v[3] if len(v) > 3 else "the game's tail estimate"}
          for x, v in sorted(got.items()) if x in edges}
    above = [int(e * cost) for e in BAND_EDGES[1:-1] if cap is not None and e * cost > cap]
    if at and above and cap is not None:          # no round pays past the cap: the band holding it ends there exactly
        at[str(above[0])] = {"p": 0.0, "ci99": [0.0, 0.0], "method": f"exact: nothing pays above the cap of "
                                                                     f"{cap / cost:,.0f}x the cost"}
    return {"cost_x100": cost, "from_x": start, "at_least": at} if at else None


def tail_from_x(spec: GameSpec) -> float:
    """The multiple of the cost from which the game's bands may take its tail estimate:
    GameSpec.math.tail_from_x, else TAIL_FROM_X."""
    return float(TAIL_FROM_X if spec.math.tail_from_x is None else spec.math.tail_from_x)


def estimate_sigma(p: float, ci99: list[float]) -> float:
    """The standard error of a game's estimate from its 99% interval: the lower
    half-width (the hooks add a one-sided bound for rounds a plain run never showed to
    the upper one), the upper one where there is no lower; 0 for an exact figure."""
    return (max(p - ci99[0], 0.0) or max(ci99[1] - p, 0.0)) / Z99


def _tail_band(tails: dict[str, Any] | None, k: int) -> dict[str, Any] | None:
    """Band k's mass from the tail estimate: P(>= its lower edge) - P(>= its upper
    edge), each side's standard error from estimate_sigma, added in quadrature; None
    where an edge is not estimated or the difference is not positive."""
    if not tails:
        return None
    cost, at = int(tails["cost_x100"]), tails["at_least"]

    def side(edge: float) -> tuple[float, float] | None:
        if edge == float("inf"):
            return 0.0, 0.0
        v = at.get(str(int(edge * cost)))
        return None if v is None else (v["p"], estimate_sigma(v["p"], v["ci99"]))
    lo, hi = side(BAND_EDGES[k]), side(BAND_EDGES[k + 1])
    if lo is None or hi is None or lo[0] - hi[0] <= 0:
        return None
    return {"rate": lo[0] - hi[0], "sigma": math.sqrt(lo[1] ** 2 + hi[1] ** 2),
            "source": f"the rules' tail estimate ({at[str(int(BAND_EDGES[k] * cost))]['method']})"}


def load_rates(spec: GameSpec, path: Path | None = None) -> dict[str, Any] | None:
    """The game's measured rates, None if it has none; LibraryError if the file is
    unreadable or was measured for other math."""
    path = path or rates_path(spec)
    if path is None or not path.is_file():
        return None
    try:
        doc = json.loads(path.read_text())
        doc["modes"], doc["fingerprint"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise B.LibraryError(f"{path}: rates file unreadable ({type(exc).__name__})") from None
    if doc["fingerprint"] != B.fingerprint(spec):
        raise B.LibraryError(f"{path}: rates measured for other math; measure them again with "
                             f"`python -m cabinet.math rates {spec.id}`")
    bad = _malformed_estimate(doc)
    if bad:
        raise B.LibraryError(f"{path}: {bad} is not an estimate (a number p in [0, 1] and ci99 [lo, hi] around it); "
                             f"measure the rates again with `python -m cabinet.math rates {spec.id}`")
    return doc


def _malformed_estimate(doc: dict[str, Any]) -> str | None:
    """Where the file's game estimates (features' `reduced`, `tails`) are not
    {"p", "ci99": [lo, hi]} with 0 <= lo <= p <= hi <= 1, or None."""
    def ok(v: Any) -> bool:
        try:
            p, (lo, hi) = float(v["p"]), v["ci99"]
            return 0.0 <= float(lo) <= p <= float(hi) <= 1.0
        except (KeyError, TypeError, ValueError):
            return False
    try:
        for mode, m in doc["modes"].items():
            for name, f in m.get("features", {}).items():
                if "reduced" in f and not ok(f["reduced"]):
                    return f"modes.{mode}.features.{name}.reduced"
            tails = m.get("tails")
            if tails is not None:
                int(tails["cost_x100"])
                if not float(tails.get("from_x", TAIL_FROM_X)) > 0:
                    return f"modes.{mode}.tails.from_x"
                for x, v in tails["at_least"].items():
                    int(x)
                    if not ok(v):
                        return f"modes.{mode}.tails.at_least.{x}"
    except (AttributeError, KeyError, TypeError, ValueError):
        return "an estimate"
    return None


def mode_targets(spec: GameSpec, doc: dict[str, Any] | None, mode: str) -> dict[str, dict[str, Any]]:
    """{feature: {"rate", "sigma", "source"}}: the rates a mode's library holds, with
    their standard errors (0 for a rate the game sets). The game's own
    `rate_targets` first (a number, or (mode, factor)), then every measured rate seen
    at least MIN_COUNT times."""
    out: dict[str, dict[str, Any]] = {}
    measured = (doc or {}).get("modes", {}).get(mode, {})
    for name, f in measured.get("features", {}).items():
        counted = reduced = None
        if f["count"] >= MIN_COUNT:
            n, p = measured["rounds"], float(f["rate"])
            counted = {"rate": p, "sigma": math.sqrt(p * (1 - p) / n),
                       "source": f"measured, {f['count']:,} in {n:,} rounds"}
        r = f.get("reduced")
        if r is not None and 0 < r["p"] < 1:
            sigma = estimate_sigma(r["p"], r["ci99"])
            said = "exact" if sigma == 0 else "the rules' estimate"
            reduced = {"rate": r["p"], "sigma": sigma,
                       "source": r["method"] if r["method"].startswith(said) else f"{said}: {r['method']}"}
        best = reduced if reduced is not None and (counted is None or reduced["sigma"] < counted["sigma"]) else counted
        if best is not None:
            out[name] = best
    for name, target in spec.math.rate_targets.get(mode, {}).items():
        if isinstance(target, (tuple, list)):
            other, factor = target
            base = mode_targets(spec, doc, other).get(name)
            if base is None:
                raise B.LibraryError(f"{spec.id}/{mode}: rate target of {name!r} is {factor} x {other}'s, "
                                     f"which has no rate (measure it with `python -m cabinet.math rates {spec.id}`)")
            out[name] = {"rate": float(factor) * base["rate"], "sigma": 0.0,
                         "source": f"set by the game: {factor} x {other}'s"}
        else:
            out[name] = {"rate": float(target), "sigma": 0.0, "source": "set by the game"}
    return out


def band_targets(doc: dict[str, Any] | None, mode: str) -> dict[str, dict[str, Any]]:
    """{band label: {"rate", "sigma", "source"}}: the payout bands (stats.BAND_LABELS)
    a mode's library holds at the rules' mass: every band the rules saw at least
    MIN_COUNT times, with its standard error, or its tail estimate (`tails`) where
    that is tighter or the band was seen fewer times, from the tails' `from_x` (the
    game's tail_from_x when they were measured) up."""
    measured = (doc or {}).get("modes", {}).get(mode, {})
    n = int(measured.get("rounds", 0))
    out = {}
    bands = measured.get("bands") or {}
    tails = measured.get("tails")
    for k, label in enumerate(BAND_LABELS):
        count = int(bands.get(label, 0))
        counted = None
        if MIN_COUNT <= count < n:
            p = count / n
            counted = {"rate": p, "sigma": math.sqrt(p * (1 - p) / n), "source": f"measured, {count:,} in {n:,} rounds"}
        tail = _tail_band(tails, k) if tails and BAND_EDGES[k] >= float(tails.get("from_x", TAIL_FROM_X)) else None
        best = tail if tail is not None and (counted is None or tail["sigma"] < counted["sigma"]) else counted
        if best is not None:
            out[label] = best
    return out


def nested_follow(held: dict[str, dict[str, Any]], rates: dict[str, Any] | None, mode: str, bits: np.ndarray,
                   names: list[str]) -> dict[str, dict[str, Any]]:
    """A rate the game sets for a feature (e.g. the wheel at 5x the base game's) carries
    the features nested in it (every book with them has it: the wheel's tiers, its
    prizes): their measured rates scale with it, so they keep their share of it and
    the targets stay consistent."""
    measured = (rates or {}).get("modes", {}).get(mode, {}).get("features", {})
    out = dict(held)
    for f, t in held.items():
        if not t["source"].startswith("set by the game") or f not in measured or not measured[f]["rate"]:
            continue
        factor = t["rate"] / measured[f]["rate"]
        col = bits[:, names.index(f)]
        for g, tg in held.items():
            inner = bits[:, names.index(g)]
            if g != f and tg["source"].startswith("measured") and inner.any() and not (inner & ~col).any():
                out[g] = {"rate": tg["rate"] * factor, "sigma": tg.get("sigma", 0.0) * factor,
                          "source": f"{tg['source']}, x{factor:.4f} with {f}"}
    return out


def category_targets(spec: GameSpec, mode: str, rates: dict[str, Any] | None) -> tuple[list[float], dict[str, str]]:
    """Each forcing category's share (its stratum: the rounds in it and in no category
    listed before it): the game's stated frequency (book_forces), unless the rules'
    measured stratum rate (rates.json) puts it outside its 99% interval: then the
    measured rate, and a note says so. Where the game estimates the category's whole
    feature rate tightly (rates.json `reduced`, from feature_odds), a stated share
    between that estimate's lower bound less the earlier categories' shares (the
    rounds also in an earlier category count there) and its upper bound is kept: a
    thin plain count does not overrule it, and a stated share outside that range is
    replaced: by the estimate itself for the first category listed (its stratum is the
    whole feature), else by the range's nearest end."""
    measured = (rates or {}).get("modes", {}).get(mode, {}).get("strata", {})
    features = (rates or {}).get("modes", {}).get(mode, {}).get("features", {})
    out: list[float] = []
    notes: dict[str, str] = {}
    for cat, stated in spec.math.book_forces.get(mode, {}).items():
        target = float(stated)
        m = measured.get(cat)
        reduced = features.get(cat, {}).get("reduced")
        if reduced is not None:
            lo, hi = max(0.0, reduced["ci99"][0] - sum(out)), reduced["ci99"][1]
            if not lo * (1 - STATED_DIGITS) <= target <= hi * (1 + STATED_DIGITS):
                # the first category's stratum is the whole feature: the estimate itself; a later
                # one's lies between the bounds, and the nearest end moves the stated share least
                near = float(reduced["p"]) if not out else min(max(target, lo), hi)
                notes[cat] = (f"stated {target:.4g} is outside [{lo:.4g}, {hi:.4g}], what the game's estimate of "
                              f"the whole feature ({reduced['method']}) allows a stratum: {near:.4g} is used")
                target = near
            out.append(target)        # consistent with the game's tight estimate of the whole feature
            continue
        if m and m["count"] >= MIN_COUNT and not m["ci99"][0] <= target <= m["ci99"][1]:
            notes[cat] = (f"stated {target:.4g} is outside the rules' 99% interval [{m['ci99'][0]:.4g}, "
                          f"{m['ci99'][1]:.4g}] ({m['count']:,} seen): the measured {m['rate']:.4g} is used")
            target = float(m["rate"])
        out.append(target)
    return out, notes


def rates_command(game: str, spin_rounds: int, other_rounds: int, workers: int, scheduler: str | None,
                  out: str | None) -> int:
    spec = B.resolve_game(game)
    doc = measure(game, spin_rounds, other_rounds, workers, scheduler)
    path = Path(out) if out else rates_path(spec)
    if path is None:
        raise B.LibraryError(f"{spec.id}: no package exposes this GAME; give --out")
    path.write_text(json.dumps(doc, indent=1) + "\n")
    for mode, m in doc["modes"].items():
        lo, hi = m["rtp_ci99"]
        held = mode_targets(spec, doc, mode)
        print(f"{spec.id}/{mode}: {m['rounds']:,} rounds, RTP {m['rtp']:.5f} [{lo:.5f}, {hi:.5f}] at 99%, "
              f"{len(held)} features held")
        for name, t in held.items():
            if not t["source"].startswith(("measured", "set by")):
                print(f"  {name}: {t['rate']:.4g} ± {Z99 * t['sigma']:.2g} (99%), {t['source']}; "
                      f"{m['features'].get(name, {}).get('count', 0):,} in the plain run")
        for label, t in band_targets(doc, mode).items():
            if t["source"].startswith("the rules' tail"):
                print(f"  band {label}: {t['rate']:.4g} ± {Z99 * t['sigma']:.2g} (99%) from the tail estimate, "
                      f"{m['bands'].get(label, 0):,} in the plain run")
    print(f"wrote {path}", file=sys.stderr)
    return 0
