"""`python -m cabinet.math par GAME --out DIR`: the PAR sheet (Markdown + JSON + PNGs).

Content per bet mode, from the shipped library (exact weights): cost, RTP, hit rate,
standard deviation and 90% volatility index, top award and its odds, feature rates,
the RTP by source, the 90% RTP band after 10^3..10^7 rounds, how far the optimizer
moved the hit and feature rates from the natural (importance-weighted) books; and
from a live simulation of the rules, the natural RTP with its 99% CI.

Game hooks (optional GameSpec fields):
- `par_info()` -> {"reel_strips": {set name: [[symbol, ...] per reel]}, "notes": [str]}:
  reel strips (symbol counts are derived) and free text for the sheet;
- `payout_sources(round)` -> {source: payout_x100}: splits a round's payout by source
  (line wins, cluster wins, each feature). With it, the RTP by source is exact over
  every regenerated book; without it, the sheet gives the exact RTP of rounds with no
  feature and of rounds in which each feature occurs.
"""
from __future__ import annotations

import json
import math
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np

from cabinet.core import books as B

from .books import strata
from .report import library_figures
from .sim import simulate_mode
from .optimize import sampling_se
from .stats import Z90

BAND_ROUNDS = (10**3, 10**4, 10**5, 10**6, 10**7)
SOURCE_CHUNK = 10_000


_LIBS: dict = {}


def _source_chunk(task: tuple) -> dict[str, int]:
    """Sum of weight * payout by source over books [start, stop) of one mode."""
    ref, books_dir, mode, start, stop = task
    key = (ref if isinstance(ref, str) else id(ref), str(books_dir))
    if key not in _LIBS:
        _LIBS[key] = B.load_library(ref, books_dir)
    lib = _LIBS[key]
    split = lib.spec.payout_sources
    weight = lib.books(mode).weight
    sums: Counter = Counter()
    for book in range(start, stop):
        w = int(weight[book])
        for src, pay in split(lib.round(mode, book)).items():
            sums[src] += w * pay
    return dict(sums)


def rtp_sources(lib: B.Library, mode: str, workers: int = 2) -> dict[str, Any]:
    """RTP by source: exact over every book with `payout_sources`, else exact by feature."""
    spec, mb = lib.spec, lib.books(mode)
    cost = int(mb.meta["cost_x100"])
    total = sum(mb.weight.tolist())
    if spec.payout_sources is not None:
        ref = B.game_ref(spec)
        tasks = [(ref, lib.path, mode, a, min(a + SOURCE_CHUNK, len(mb))) for a in range(0, len(mb), SOURCE_CHUNK)]
        if workers > 1:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                parts = list(pool.map(_source_chunk, tasks))
        else:
            parts = [_source_chunk(t) for t in tasks]
        sums: Counter = Counter()
        for part in parts:
            sums.update(part)
        return {"method": "payout_sources() over every book, exact",
                "sources": {k: float(Fraction(v, total * cost)) for k, v in sums.items()}}
    names = mb.meta["feature_names"]
    out = {"rounds without features": _paid(mb, mb.features == 0) / total / cost}
    for i, name in enumerate(names):
        sel = ((mb.features >> np.uint64(i)) & np.uint64(1)) == 1
        out[f"rounds with {name}"] = _paid(mb, sel) / total / cost
    return {"method": "exact, by the features a round lists (rounds with several features count in each)",
            "sources": out}


def _paid(mb: B.ModeBooks, sel: np.ndarray) -> int:
    return sum(map(int.__mul__, mb.weight[sel].tolist(), mb.payout_x100[sel].tolist()))


def mode_sheet(lib: B.Library, mode: str, fig: dict[str, Any], sim: dict[str, Any] | None) -> dict[str, Any]:
    """Every figure of one mode's section."""
    mb = lib.books(mode)
    w = mb.weight.astype(np.float64) / float(mb.weight.sum())
    y = mb.payout_x100 / int(mb.meta["cost_x100"])
    sd = float(math.sqrt(max(0.0, w @ (y - w @ y) ** 2)))
    opt = mb.meta["optimizer"]
    cats = mb.meta["categories"]
    se = sampling_se(mb.payout_x100, strata(mb.force, mb.features, mb.meta["feature_names"], cats),
                     [mb.meta["category_targets"][c] for c in cats], int(mb.meta["cost_x100"]))
    top_awards = []
    for value in np.unique(mb.payout_x100)[::-1][:5]:
        p = float(w[mb.payout_x100 == value].sum())
        top_awards.append({"payout_x": int(value) / 100, "probability": p, "odds": round(1 / p)})
    return {
        "cost": fig["cost"], "stated_rtp": float(B.rtp_fraction(mb.meta["rtp_target"])),
        "rtp": fig["rtp"], "rtp_exact": mb.meta["rtp"], "hit_rate": fig["hit_rate"], "sd": sd,
        "volatility_index_90": Z90 * sd, "max_win_x": fig["max_win_x"], "max_win_odds": fig["max_win_odds"],
        "top_awards": top_awards, "features": fig["features"], "books": len(mb),
        "forced_books": mb.meta["build"]["forced_books"], "category_targets": mb.meta["category_targets"],
        "rtp_by_source": rtp_sources(lib, mode),
        "rtp_band_90": {str(n): [fig["rtp"] - Z90 * sd / math.sqrt(n), fig["rtp"] + Z90 * sd / math.sqrt(n)]
                        for n in BAND_ROUNDS},
        "weights_moved": {"natural_rtp_of_books": opt["natural"]["rtp"], "natural_rtp_se": se,
                          "hit_rate": opt["moved"]["hit_rate"],
                          "features": opt["moved"]["features"], "kl_natural": opt["kl_natural"]},
        "live_sim": None if sim is None else {
            "rounds": sim["rounds"], "engine": sim["engine"], "rtp": sim["rtp"], "rtp_ci99": sim["rtp_ci99"],
            "hit_rate": sim["hit_rate"], "features": {k: v["rate"] for k, v in sim["features"].items()}},
    }


def rtp_by_bet(lib: B.Library) -> dict[str, Any] | None:
    """For a game with a money win limit (spec.win_cap.max_cents): the exact
    RTP of every bet mode at every bet of its ladder once the limit holds, and the
    highest bet at which the limit cuts no book of the mode."""
    spec = lib.spec
    cap = spec.win_cap
    if cap is None or cap.max_cents is None:
        return None
    modes = [m.id for m in spec.modes if m.kind in ("spin", "buy") and m.id in lib.modes]
    table = {m: {str(b): float(lib.books(m).rtp_at(b, cap)) for b in spec.bet_ladder} for m in modes}
    uncut = {m: lib.books(m).last_uncut_bet(spec.bet_ladder, cap) for m in modes}
    uncut = {m: spec.bet_ladder[-1] if top is None else top for m, top in uncut.items()}
    return {"limit_cents": cap.max_cents, "ladder_cents": list(spec.bet_ladder), "rtp": table,
            "uncut_up_to_cents": uncut}


def game_sheet(game: str, books_dir: str | None = None, sim_rounds: int = 200_000,
               workers: int = 2) -> tuple[B.Library, dict[str, Any]]:
    """The PAR sheet's data for a game (its libraries must load)."""
    lib = B.load_library(game, books_dir)
    spec = lib.spec
    figs = library_figures(lib)["modes"]
    info = spec.par_info() if spec.par_info is not None else {}
    strips = info.get("reel_strips") or {}
    data: dict[str, Any] = {
        "game": spec.id, "name": spec.name, "version": spec.version, "fingerprint": B.fingerprint(spec),
        "max_win_x": spec.max_win_x, "paytable": spec.paytable() if spec.paytable else None,
        "reel_strips": strips,
        "symbol_counts": {name: [dict(sorted(Counter(reel).items())) for reel in reels]
                          for name, reels in strips.items()},
        "notes": info.get("notes", []), "modes": {}}
    data["rtp_by_bet"] = rtp_by_bet(lib)
    for mode in lib.modes:
        sim = None
        if sim_rounds > 0:
            sim = simulate_mode(game if isinstance(game, str) else spec, mode, sim_rounds, workers)
        data["modes"][mode] = mode_sheet(lib, mode, figs[mode], sim)
    return lib, data


def plots(lib: B.Library, data: dict[str, Any], out: Path) -> list[str]:
    """Write the PNGs; returns their file names."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    gid, modes = data["game"], list(data["modes"])
    files = []
    # 1. win distribution: probability of a payout in each size band, per mode
    edges = np.array([0, 1e-9, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 5_000, 10_000, 1e9])
    labels = ["0", "<0.5", "0.5-1", "1-2", "2-5", "5-10", "10-20", "20-50", "50-100", "100-200",
              "200-500", "500-1k", "1k-5k", "5k-10k", "10k+"]
    fig, ax = plt.subplots(figsize=(12, 5.5))
    colours = plt.get_cmap("tab20").colors      # 20 distinct colours; markers tell more apart
    markers = "osD^vP*Xh<>p"
    for k, mode in enumerate(modes):
        mb = lib.books(mode)
        x = mb.payout_x100 / int(mb.meta["cost_x100"])
        p, _ = np.histogram(x, bins=edges, weights=mb.weight.astype(float) / float(mb.weight.sum()))
        side = lib.spec.mode(mode).kind not in ("spin", "buy")      # e.g. a gamble's bonus libraries
        ax.plot(np.arange(len(labels)), np.where(p > 0, p, np.nan), label=mode, color=colours[k % 20],
                marker=markers[k % len(markers)], markersize=5, linewidth=1.2, linestyle="--" if side else "-")
    ax.set_yscale("log")
    ax.set_xticks(np.arange(len(labels)), labels, rotation=35)
    ax.set_xlabel("round payout, multiples of the mode's cost")
    ax.set_ylabel("probability per round (log)")
    ax.set_title(f"{data['name']}: win size distribution per bet mode")
    ax.grid(axis="y", alpha=0.3)
    ax.legend(fontsize=8, ncol=3, loc="upper right")
    fig.tight_layout()
    files.append(f"{gid}_distribution.png")
    fig.savefig(out / files[-1], dpi=110)
    plt.close(fig)
    # 2. 90% RTP band against rounds played
    fig, ax = plt.subplots(figsize=(10, 5.5))
    n = np.logspace(3, 7, 60)
    for mode in modes:
        m = data["modes"][mode]
        half = Z90 * m["sd"] / np.sqrt(n)
        line, = ax.plot(n, (m["rtp"] + half) * 100, label=f"{mode} (sd {m['sd']:.1f})")
        ax.plot(n, (m["rtp"] - half) * 100, color=line.get_color())
    ax.set_xscale("log")
    ax.set_ylim(max(0, min(m["rtp"] for m in data["modes"].values()) * 100 - 40),
                max(m["rtp"] for m in data["modes"].values()) * 100 + 40)
    ax.set_xlabel("rounds played")
    ax.set_ylabel("RTP %, 90% band")
    ax.set_title(f"{data['name']}: where the realised RTP lies 90% of the time")
    ax.grid(alpha=0.3, which="both")
    ax.legend(fontsize=8, ncol=2)
    fig.tight_layout()
    files.append(f"{gid}_rtp_band.png")
    fig.savefig(out / files[-1], dpi=110)
    plt.close(fig)
    # 3. RTP by source, stacked per mode (wider with more modes, so labels never overlap)
    fig, ax = plt.subplots(figsize=(max(10.0, 3.0 + 0.95 * len(modes)), 5.5))
    sources = sorted({s for m in data["modes"].values() for s in m["rtp_by_source"]["sources"]})
    bottom = np.zeros(len(modes))
    overlapping = any("rounds with" in s for s in sources)
    for s in sources:
        vals = np.array([data["modes"][m]["rtp_by_source"]["sources"].get(s, 0.0) * 100 for m in modes])
        if overlapping:
            ax.barh([f"{m} · {s}" for m in modes], vals)
        else:
            bars = ax.bar(modes, vals, bottom=bottom, label=s)
            ax.bar_label(bars, labels=[f"{v:.2f}" if v >= 1 else "" for v in vals], label_type="center", fontsize=8)
            bottom += vals
    ax.set_title(f"{data['name']}: RTP by source (%)")
    if len(modes) > 4 and not overlapping:
        ax.tick_params(axis="x", rotation=30)
    if overlapping:
        ax.set_xlabel("RTP % from these rounds")
    else:
        for i, m in enumerate(modes):
            ax.text(i, bottom[i], f"{bottom[i]:.2f}%", ha="center", va="bottom", fontsize=8)
        ax.set_ylim(0, max(bottom.max(), 1) * 1.15)
        ax.set_ylabel("RTP %")
        ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    ax.grid(alpha=0.3)
    fig.tight_layout()
    files.append(f"{gid}_rtp_sources.png")
    fig.savefig(out / files[-1], dpi=110)
    plt.close(fig)
    return files


def par_command(game: str, out: str, books_dir: str | None, sim_rounds: int) -> None:
    """Write <out>/<id>_par.md, <id>_par.json and the PNG plots."""
    from .par_markdown import markdown
    out_dir = Path(out)
    out_dir.mkdir(parents=True, exist_ok=True)
    lib, data = game_sheet(game, books_dir, sim_rounds)
    data["plots"] = plots(lib, data, out_dir)
    gid = data["game"]
    (out_dir / f"{gid}_par.json").write_text(json.dumps(data, indent=2))
    (out_dir / f"{gid}_par.md").write_text(markdown(data))
    print(f"PAR sheet of {gid}: {out_dir / (gid + '_par.md')}, {gid}_par.json, {', '.join(data['plots'])}")
