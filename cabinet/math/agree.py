"""`python -m cabinet.math agree GAME`: do a game's two engines play the same game?

The per-round generator (`spec.play`, what books regenerate from) and the vectorised
engine (`spec.math.simulate`, what `sim` runs) are the same rules written twice. Both run
`--rounds` rounds of each mode (`--buy-rounds` for buys; the vectorised engine
`--sim-factor` times as many), through `sim.simulate_mode`'s fixed chunks, so the
figures are the same for any number of workers. Per figure: each engine's estimate
with its 99% interval, and a two-sample test, the verdict at 99% for the mode as a
whole (each figure's p-value against 1% / the number of figures): Welch's for the RTP
and for the RTP with each round held to 50x its cost (the body of the distribution,
which the heavy tail hides from the full RTP), and for the hit rate and every feature
rate the exact conditional binomial test (`exact_p`: sound for rare features, and a
rate seen 0 times on one side is still judged).
Exit status 1 when any figure disagrees.
"""
from __future__ import annotations

import math
from typing import Any

from cabinet.core import books as B

from .sim import DEFAULT_SEED, HELD_X, simulate_mode
from .stats import Z99

HELD = f"rtp_held_{HELD_X}x"
LEVEL = 0.01         # the chance that a mode whose engines agree is reported as disagreeing


def _mean_row(a: dict[str, Any], b: dict[str, Any], key: str, sd_key: str) -> dict[str, Any]:
    sa, sb = a[sd_key] / math.sqrt(a["rounds"]), b[sd_key] / math.sqrt(b["rounds"])
    se = math.hypot(sa, sb)
    x, y = a[key], b[key]
    p = math.erfc(abs(x - y) / se / math.sqrt(2)) if se > 0 else float(x == y)
    return {"play": x, "play_ci": [x - Z99 * sa, x + Z99 * sa], "simulate": y,
            "simulate_ci": [y - Z99 * sb, y + Z99 * sb], "p": p}


def exact_p(ka: int, na: int, kb: int, nb: int) -> float:
    """Two-sided p-value of 'both rates are equal', exact: given the ka + kb rounds
    with the feature, ka is binomial(ka + kb, na / (na + nb)) (the conditional test,
    sound for rare features, where the normal approximation is not)."""
    k, q = ka + kb, na / (na + nb)
    if k == 0 or q in (0.0, 1.0):
        return 1.0
    logq, log1q = math.log(q), math.log1p(-q)
    lg = math.lgamma(k + 1)

    def logpmf(x: int) -> float:
        return lg - math.lgamma(x + 1) - math.lgamma(k - x + 1) + x * logq + (k - x) * log1q
    seen = logpmf(ka) + 1e-9
    return min(1.0, sum(math.exp(v) for v in map(logpmf, range(k + 1)) if v <= seen))


def _rate_row(ka: int, na: int, kb: int, nb: int) -> dict[str, Any]:
    x, y = ka / na, kb / nb

    def ci(k: int, n: int) -> list[float]:
        p = k / n
        half = Z99 * math.sqrt(p * (1 - p) / n)
        return [max(0.0, p - half), min(1.0, p + half)]
    return {"play": x, "play_ci": ci(ka, na), "simulate": y, "simulate_ci": ci(kb, nb),
            "p": exact_p(ka, na, kb, nb)}


def compare(play: dict[str, Any], vec: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """{figure: {play, play_ci, simulate, simulate_ci, p, agree}} from two `simulate_mode`
    results of one mode (engine 'play' and engine 'simulate')."""
    na, nb = play["rounds"], vec["rounds"]
    rows = {"rtp": _mean_row(play, vec, "rtp", "sd"), HELD: _mean_row(play, vec, HELD, f"sd_held_{HELD_X}x"),
            "hit_rate": _rate_row(round(play["hit_rate"] * na), na, round(vec["hit_rate"] * nb), nb)}
    for name in sorted(set(play["features"]) | set(vec["features"])):
        ka = play["features"].get(name, {}).get("count", 0)
        kb = vec["features"].get(name, {}).get("count", 0)
        rows[name] = _rate_row(ka, na, kb, nb)
    for r in rows.values():            # 99% for the mode as a whole (Bonferroni over its figures)
        r["agree"] = r["p"] > LEVEL / len(rows)
    return rows


def engines_agree(game: Any, mode: str, rounds: int, sim_rounds: int | None = None, workers: int = 1,
                  seed: int = DEFAULT_SEED, progress: bool = False) -> tuple[bool, dict[str, dict[str, Any]]]:
    """Both engines on one mode: (every figure agrees, the figures)."""
    play = simulate_mode(game, mode, rounds, workers, seed=seed, engine="play", progress=progress)
    vec = simulate_mode(game, mode, sim_rounds or rounds, workers, seed=seed + 1, engine="simulate", progress=progress)
    rows = compare(play, vec)
    return all(r["agree"] for r in rows.values()), rows


def agree_command(game: str, modes: list[str] | None, rounds: int, buy_rounds: int, sim_factor: int,
                  workers: int) -> int:
    """Print both engines' figures per mode; exit status 1 if any figure disagrees."""
    spec = B.resolve_game(game)
    if spec.math.simulate is None:
        raise B.LibraryError(f"{spec.id} has no vectorised simulate() to compare with play()")
    failed = 0
    for mode in modes or [m.id for m in spec.modes]:
        n = buy_rounds if spec.mode(mode).kind != "spin" else rounds
        ok, rows = engines_agree(game, mode, n, n * sim_factor, workers, progress=True)
        failed += not ok
        print(f"{spec.id}/{mode}: {'agree' if ok else 'DISAGREE'} (play {n:,} rounds, simulate {n * sim_factor:,})")
        for name, r in rows.items():
            print(f"  {name:<18} play {r['play']:.6f} [{r['play_ci'][0]:.6f}, {r['play_ci'][1]:.6f}]   "
                  f"simulate {r['simulate']:.6f} [{r['simulate_ci'][0]:.6f}, {r['simulate_ci'][1]:.6f}]"
                  + f"   p {r['p']:.4f}" + ("" if r["agree"] else "   DISAGREE"))
    print("AGREE" if not failed else f"{failed} mode(s) disagree")
    return 1 if failed else 0
