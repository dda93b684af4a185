"""`python -m cabinet.math rates GAME`: the rules' feature rates, measured once.

The vectorised engine (`spec.simulate`) plays `--rounds` rounds of every spin mode
(default 10^7) and `--other-rounds` of every other mode, in fixed chunks (the figures
do not depend on the number of workers), and `games/<id>/rates.json` keeps, per
mode, every feature's count and rate with its 99% interval, the RTP, the hit rate
and the payout band counts, with the math fingerprint they were measured for and the
command that measured them, and the rate of each forcing category's stratum (the
rounds whose first listed category it is). The book builder holds every feature at
these rates (cabinet/math/optimize.py) and refuses rates measured for other math;
a game may set a mode's rate itself (`GameSpec.rate_targets`: a rate, or
(other mode, factor) for a rate tied to another mode's), which then wins.

After changing a game's rules: `python -m cabinet.math rates GAME`, then `build`.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from cabinet.core import books as B
from cabinet.core.game import GameSpec

from .sim import DEFAULT_SEED, simulate_modes

RATES_FILE = "rates.json"
SPIN_ROUNDS = 10**7
OTHER_ROUNDS = 3 * 10**5
MIN_COUNT = 30           # a rate seen fewer times is reported, not held


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
    return {"game": spec.id, "fingerprint": B.fingerprint(spec), "engine": "simulate", "seed": seed,
            "command": f"python -m cabinet.math rates {spec.id} --rounds {spin_rounds} --other-rounds {other_rounds}",
            "modes": modes}


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
    return doc


def mode_targets(spec: GameSpec, doc: dict[str, Any] | None, mode: str) -> dict[str, dict[str, Any]]:
    """{feature: {"rate", "sigma", "source"}}: the rates a mode's library holds, with
    their standard errors (0 for a rate the game sets). The game's own
    `rate_targets` first (a number, or (mode, factor)), then every measured rate seen
    at least MIN_COUNT times."""
    out: dict[str, dict[str, Any]] = {}
    measured = (doc or {}).get("modes", {}).get(mode, {})
    for name, f in measured.get("features", {}).items():
        if f["count"] >= MIN_COUNT:
            n, p = measured["rounds"], float(f["rate"])
            out[name] = {"rate": p, "sigma": (p * (1 - p) / n) ** 0.5,
                         "source": f"measured, {f['count']:,} in {n:,} rounds"}
    for name, target in spec.rate_targets.get(mode, {}).items():
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
    MIN_COUNT times, with its standard error."""
    measured = (doc or {}).get("modes", {}).get(mode, {})
    n = int(measured.get("rounds", 0))
    out = {}
    for label, count in (measured.get("bands") or {}).items():
        if count >= MIN_COUNT and count < n:
            p = count / n
            out[label] = {"rate": p, "sigma": (p * (1 - p) / n) ** 0.5,
                          "source": f"measured, {count:,} in {n:,} rounds"}
    return out


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
        print(f"{spec.id}/{mode}: {m['rounds']:,} rounds, RTP {m['rtp']:.5f} [{lo:.5f}, {hi:.5f}] at 99%, "
              f"{sum(1 for f in m['features'].values() if f['count'] >= MIN_COUNT)} features held")
    print(f"wrote {path}", file=sys.stderr)
    return 0
