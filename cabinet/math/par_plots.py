"""The PAR sheet's plots: win distribution (library beside the rules), the 90% RTP
band against rounds played, and the RTP by source."""
from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np

from cabinet.core import books as B

from .stats import BAND_LABELS, Z90, rate_ci


def plots(lib: B.Library, data: dict[str, Any], out: Path) -> list[str]:
    """Write the PNGs; returns their file names."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    gid, modes = data["game"], list(data["modes"])
    files = []
    # 1. win distribution: probability of a payout in each size band, one panel per
    # mode: the library (bars, exact from the weights) and the rules (dots, live)
    labels = list(BAND_LABELS)
    cols = 3 if len(modes) > 4 else 2 if len(modes) > 1 else 1
    rows = math.ceil(len(modes) / cols)
    fig, axes = plt.subplots(rows, cols, figsize=(5.2 * cols, 3.2 * rows), squeeze=False, sharey=True)
    for k, mode in enumerate(modes):
        ax = axes[k // cols][k % cols]
        bands = data["modes"][mode]["bands"]
        lib_p = np.array([bands["library"][b] for b in labels])
        ax.bar(np.arange(len(labels)), np.where(lib_p > 0, lib_p, np.nan), color="#4c72b0", label="library")
        title = mode
        if bands["rules"]:
            # the live run's count per band, with its 99% interval: a band seen once or
            # twice in a buy's shorter run is a wide whisker, not a figure to read
            n = int(bands["rules_rounds"])
            rules_p = np.array([bands["rules"].get(b, 0.0) for b in labels])
            ci = np.array([rate_ci(int(round(p * n)), n) for p in rules_p])
            seen = rules_p > 0
            x = np.arange(len(labels))[seen]
            ax.errorbar(x, rules_p[seen], yerr=[rules_p[seen] - np.maximum(ci[seen, 1], 1e-12),
                                               ci[seen, 2] - rules_p[seen]],
                        fmt="o", color="#dd8452", markersize=4, elinewidth=1, capsize=2,
                        label="rules (live run, 99% interval)")
            title = f"{mode} (rules: {n:,} rounds)"
        tail = {b: v for b, v in (bands.get("rules_tail") or {}).items() if v[0] >= 1e-10}    # on the plot's scale
        if tail:
            # the rates file's tail estimate of the top bands (splitting, exact odds): a buy's
            # 300,000 plain rounds never see a 1-in-a-million band, the estimate does
            at = np.array([labels.index(b) for b in tail]) + 0.22
            p = np.array([v[0] for v in tail.values()])
            lo = np.array([v[1] for v in tail.values()])
            hi = np.array([v[2] for v in tail.values()])
            ax.errorbar(at, p, yerr=[np.maximum(p - np.maximum(lo, 1e-12), 0.0), hi - p], fmt="D", color="#55a868",
                        markersize=3.5,
                        elinewidth=1, capsize=2, label="rules (tail estimate, 99% interval)")
        ax.set_yscale("log")
        ax.set_ylim(1e-10, 1.5)
        ax.set_title(title, fontsize=10)
        ax.set_xticks(np.arange(len(labels)), labels, rotation=60, fontsize=7)
        ax.grid(axis="y", alpha=0.3)
        if k == 0 or (tail and not any(data["modes"][m]["bands"].get("rules_tail") for m in modes[:k])):
            ax.legend(fontsize=7, loc="upper right")
    for k in range(len(modes), rows * cols):
        axes[k // cols][k % cols].axis("off")
    fig.suptitle(f"{data['name']}: probability of a win in each size band (multiples of the mode's cost)")
    fig.tight_layout(rect=(0, 0, 1, 0.975))            # the panels' titles below the figure's
    files.append(f"{gid}_distribution.png")
    fig.savefig(out / files[-1], dpi=100)
    plt.close(fig)
    # 2. 90% RTP band against rounds played
    fig, ax = plt.subplots(figsize=(10, 5.5))
    played = np.logspace(3, 7, 60)
    for mode in modes:
        m = data["modes"][mode]
        half = Z90 * m["sd"] / np.sqrt(played)
        line, = ax.plot(played, (m["rtp"] + half) * 100, label=f"{mode} (sd {m['sd']:.1f})")
        ax.plot(played, (m["rtp"] - half) * 100, color=line.get_color())
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
