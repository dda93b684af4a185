"""The Markdown report of `fidelity` (cabinet/math/fidelity.py): `<id>_fidelity.md`
beside the PAR sheet, stamped with the library's fingerprint (books/manifest.json),
the run's seed, rules rounds per mode and run time; a summary table per mode, the
flagged rows (worst first), then the rows. Every row of the tail, the payout bins
and the feature rates is listed; of the conditional sections (means in a bin or a
band, means given a feature or route, route shares) a mode lists its TOP_ROWS rows
of largest |z| per section and says how many it leaves out (they are all printed
by the command)."""
from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from cabinet.core import books as B

from .fidelity_stats import SECTIONS, TAIL_MASS, Z_FLAG

TOP_ROWS = 15
ALL_ROWS = ("tail", "bin", "feature")
STAMP = re.compile(r"^Library fingerprint: `([0-9a-f]{64})`", re.M)
MANIFEST_STAMP = re.compile(r"^Books manifest sha256: `([0-9a-f]{64})`", re.M)


def report_path(spec) -> Path:
    """games/<id>/par/<id>_fidelity.md (the PAR sheet's folder)."""
    base = Path(spec.math_files[0]).parent if spec.math_files else B.default_books_dir(spec).parent
    return base / "par" / f"{spec.id}_fidelity.md"


def report_fingerprint(path: Path | str) -> str | None:
    """The library fingerprint a report is stamped with (None: no stamp)."""
    m = STAMP.search(Path(path).read_text())
    return m.group(1) if m else None


def report_manifest(path: Path | str) -> str | None:
    """The sha256 of the books manifest.json a report read (every array's digest,
    weights included, so a rebuild of the same math is a different library); None: none."""
    m = MANIFEST_STAMP.search(Path(path).read_text())
    return m.group(1) if m else None


def _v(r: dict[str, Any], key: str) -> str:
    v = r[key]
    if v != v:                         # nan: no round on this side
        return "—"
    return f"{v:.4g}" if r["section"] in ("bin", "feature", "route", "tail") else f"{v:,.4g}x"


def _n(v: float) -> str:
    return "—" if v == float("inf") else f"{v:,.0f}"


def _cells(r: dict[str, Any], mode: bool = False) -> list[str]:
    z = "n/a" if r["z"] is None else f"{r['z']:+.2f}"
    p = "n/a" if r["p"] is None else f"{r['p']:.2g}"
    return ([f"`{r['mode']}`"] if mode else []) + [
        r["section"], r["name"].replace("|", "\\|"), _v(r, "library"), _v(r, "rules"), _n(r["n_library"]),
        _n(r["n_rules"]), z, p, r["method"], ("**FLAG** " if r["flag"] else "") + r["note"]]


def _table(head: list[str], rows: list[list[str]]) -> list[str]:
    return (["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
            + ["| " + " | ".join(row) + " |" for row in rows] + [""])


HEAD = ["section", "figure", "library", "rules", "n library (Kish)", "n rules", "z", "p", "test", "note"]


def _rounds_words(res: dict[str, Any]) -> str:
    return "; ".join(f"{m} {r['rounds']:,}" for m, r in res["modes"].items())


def _command(res: dict[str, Any]) -> str:
    a = res.get("args", {})
    modes = "".join(f" --mode {m}" for m in a.get("modes") or [])
    return (f"python -m cabinet.math fidelity {res['game']}{modes} --rounds {a.get('rounds')} --buy-rounds "
            f"{a.get('buy_rounds')} --workers {res['workers']} --seed {res['seed']}")


def markdown(res: dict[str, Any]) -> str:
    modes = res["modes"]
    out = [f"# Fidelity: {res['name']} (`{res['game']}`)", "",
           f"Library fingerprint: `{res['fingerprint']}` ({res['library']})  ",
           f"Books manifest sha256: `{res['manifest_sha256']}`  ",
           f"Run seed: {res['seed']} (0x{res['seed']:X}); workers {res['workers']}; run time "
           f"{res['seconds']:,.0f} s wall; written {time.strftime('%Y-%m-%d %H:%M %Z')}  ",
           f"Rules rounds per mode: {_rounds_words(res)}  ",
           f"Engine: {', '.join(sorted({r['engine'] for r in modes.values()}))} (fresh seeds, never the library's)  ",
           f"Command: `{_command(res)}`", "",
           "A fresh run of the rules against the shipped library, as two samples; the library is counted at its "
           "Kish effective size (sum w)^2 / sum w^2 over the books each figure reads (the rules at their round "
           "count). Proportions (payout bins, feature rates, route shares: the share of a feature's rounds that "
           "also have another feature) by the pooled two-sample z, or the exact conditional binomial test where "
           "the rarer outcome is seen fewer than 30 times; means (in multiples of the cost: in a payout bin, in a "
           "held band, given a feature, given a feature with / without another) by Welch's z where each side has "
           f"at least 20 effective rounds. Flagged: |z| > {Z_FLAG:g}, or rules' mass above the library's top whose "
           f"exact 99% lower bound reaches {TAIL_MASS:g} a round.", "",
           "## Summary", ""]
    out += _table(["mode", "rules rounds", "books (Kish size)", "library top", "comparisons", "too few", "flagged",
                   "worst \\|z\\|", "worst figure"],
                  [[f"`{m}`", f"{r['rounds']:,}", f"{r['books']:,} ({r['kish']:,.0f})", f"{r['top_x']:,.2f}x",
                    str(r["summary"]["comparisons"]), str(r["summary"]["too_few"]), str(r["summary"]["flagged"]),
                    "" if r["summary"]["worst_z"] is None else f"{abs(r['summary']['worst_z']):.2f}",
                    (r["summary"]["worst"] or "").replace("|", "\\|")] for m, r in modes.items()])
    flagged = sorted((row for r in modes.values() for row in r["rows"] if row["flag"]),
                     key=lambda row: (row["section"] != "tail", -abs(row["z"] or 0)))
    out += [f"## Flagged ({len(flagged)}; the tail first, then worst |z| first)", ""]
    out += _table(["mode"] + HEAD, [_cells(r, True) for r in flagged]) if flagged else ["Nothing flagged.", ""]
    out += ["## Rows", "",
            f"Every row of {', '.join(ALL_ROWS)}; of each other section the {TOP_ROWS} rows of largest |z| per mode "
            "(the command prints them all).", ""]
    for m, r in modes.items():
        out += [f"### `{m}` (cost {r['cost']:g}x)", ""]
        shown, left = [], []
        for sec in SECTIONS:
            rows = [x for x in r["rows"] if x["section"] == sec]
            if sec not in ALL_ROWS:
                rows.sort(key=lambda x: -1.0 if x["z"] is None else -abs(x["z"]))
                rows = [x for x in rows if x["z"] is not None]
                if len(rows) > TOP_ROWS:
                    left.append(f"{sec} {len(rows) - TOP_ROWS}")
                    rows = rows[:TOP_ROWS]
            shown += rows
        out += _table(HEAD, [_cells(x) for x in shown])
        if left:
            out += [f"Not listed (smaller |z|): {', '.join(left)} rows; rows with too few rounds for a mean: "
                    f"{r['summary']['too_few']}.", ""]
    return "\n".join(out)


def write_report(res: dict[str, Any], path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(markdown(res))
    return path
