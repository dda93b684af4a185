"""The PAR sheet's Markdown, written from the data `cabinet.math.par.game_sheet` gathers."""
from __future__ import annotations

from typing import Any


def _band_words(r: dict, m: dict) -> str:
    """One band of the band check in words: its count, or its tail estimate."""
    if r.get("method"):
        return (f"{r['band']}x, {r['rules']:.3g} (99%: {r['ci99'][0]:.3g} .. {r['ci99'][1]:.3g}; "
                f"{r['method'].removeprefix('the rules' + chr(39) + ' tail estimate (').rstrip(')')})")
    if "count" in r:
        return (f"{r['band']}x, {r['count']} in {m['bands']['rules_rounds']:,} rounds "
                f"(99%: {r['ci99'][0]:.3g} .. {r['ci99'][1]:.3g})")
    return f"{r['band']}x"


def _odds(p: float) -> str:
    if p <= 0:
        return "never"
    return f"1 in {1 / p:,.2f}" if 1 / p < 100 else f"1 in {1 / p:,.0f}"


def _table(head: list[str], rows: list[list[Any]]) -> list[str]:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return lines + [""]


def _paytable(pt: dict[str, Any] | None) -> list[str]:
    if not pt:
        return ["The game declares no paytable().", ""]
    out = [f"Symbols: {', '.join(map(str, pt.get('symbols', [])))}.  ",
           f"Wild: {pt.get('wild') or 'none'}"
           + (f" (does not replace {', '.join(pt['not_substituted'])})" if pt.get("not_substituted") else "")
           + f".  Scatters (never pay on lines or in clusters): {', '.join(pt.get('scatters', [])) or 'none'}.", ""]
    pays = pt.get("pays", {})
    keys = sorted({k for p in pays.values() for k in p}, key=lambda k: int(k.split("-")[0].rstrip("+")))
    out += _table(["symbol"] + keys, [[s] + [f"{p[k]:g}x" if k in p else "" for k in keys] for s, p in pays.items()])
    if pt.get("lines"):
        out += [f"{len(pt['lines'])} lines (row per reel, 0 = top):", ""]
        out += _table(["line", "rows"], [[i + 1, " ".join(map(str, ln))] for i, ln in enumerate(pt["lines"])])
    if pt.get("min_cluster"):
        out += [f"Clusters of {pt['min_cluster']} or more pay.", ""]
    return out


def _strips(data: dict[str, Any]) -> list[str]:
    if not data["reel_strips"]:
        return ["The game declares no reel strips (par_info).", ""]
    out = []
    for name, reels in data["reel_strips"].items():
        counts = data["symbol_counts"][name]
        symbols = sorted({s for c in counts for s in c})
        out += [f"### Strip set `{name}`", ""]
        out += _table(["symbol"] + [f"reel {i + 1}" for i in range(len(reels))],
                      [[s] + [c.get(s, 0) for c in counts] for s in symbols]
                      + [["length"] + [len(r) for r in reels]])
        out += ["<details><summary>strips</summary>", ""]
        out += [f"- reel {i + 1}: {' '.join(map(str, r))}" for i, r in enumerate(reels)]
        out += ["", "</details>", ""]
    return out


def _ratio(r: float | None) -> str:
    return "" if r is None else f"{r:.3f}"


def _mode(mode: str, m: dict[str, Any]) -> list[str]:
    out = [f"## Mode `{mode}` — cost {m['cost']:g}x", ""]
    out += _table(["figure", "value"], [
        ["stated RTP", f"{m['stated_rtp']:.6f}"], ["library RTP (exact)", f"{m['rtp']:.6f} ({m['rtp_exact']})"],
        ["hit frequency", f"{m['hit_rate']:.6f} ({_odds(m['hit_rate'])})"],
        ["standard deviation (per unit cost)", f"{m['sd']:.3f}"],
        ["volatility index 90%", f"{m['volatility_index_90']:.3f}"],
        ["max win", f"{m['max_win_x']:,.2f}x, {_odds(1 / m['max_win_odds']) if m['max_win_odds'] else 'never'}"],
        ["books", f"{m['books']:,} (forced: {m['forced_books'] or 'none'})"]])
    if m["live_sim"]:
        s = m["live_sim"]
        lo, hi = s["rtp_ci99"]
        chunks = f" in chunks of {s['chunk']:,}" if s.get("chunk") else ""
        out += [
            f"Live rules ({s['engine']}, {s['rounds']:,} rounds{chunks}, seed {s['seed']}): natural RTP {s['rtp']:.6f}, "
            f"99% interval [{lo:.6f}, {hi:.6f}] (±{s['rtp_ci99_half_pp']:.2f} pp; "
            f"{(s['rtp'] - m['stated_rtp']) * 100:+.3f} pp from stated"
            f"{'' if lo <= m['stated_rtp'] <= hi else ', OUTSIDE the interval'}); hit rate {s['hit_rate']:.6f}.",
            "",
        ]
        r = s.get("variance_reduced")
        if r:
            lo, hi = r["ci99"]
            out += [f"Live rules, variance-reduced (unbiased): natural RTP {r['rtp']:.6f}, 99% interval "
                    f"[{lo:.6f}, {hi:.6f}] (±{r['ci99_half_pp']:.3f} pp; {(r['rtp'] - m['stated_rtp']) * 100:+.3f} pp "
                    f"from stated{'' if lo <= m['stated_rtp'] <= hi else ', OUTSIDE the interval'}). "
                    f"Method: {r['method']}", ""]
        else:
            out += ["No variance-reduced estimate for this mode: the plain live run's interval above is the "
                    "check.", ""]
    out += ["Top awards: the odds of a win of at least X times the cost, in the library (exact from the "
            "weights) and in the rules:", ""]
    rows = []
    for a in m["top_awards"]:
        rules = (
            ""
            if a["rules"] is None
            else (
                f"{_odds(a['rules'])} (99%: {_odds(a['rules_ci99'][1])} .. {_odds(a['rules_ci99'][0])}; {a['rules_method']})"
            )
        )
        rows.append([f">= {a['at_least_x']:,.2f}x", _odds(a["library"]), rules or "not estimated",
                     _ratio(a["library"] / a["rules"]) if a["rules"] else ""])
    out += _table(["win", "library", "rules", "ratio"], rows)
    missing = m["bands"].get("missing_rows")
    if missing is None:        # a sheet written before the tail-aware band check
        missing = [{"band": b, "method": None} for b in m["bands"]["missing_in_library"]]
    if missing:
        out += ["Payout bands the rules reach (mass 1e-7 or more, known: seen 3+ times in "
                f"{m['bands']['rules_rounds']:,} rounds, or the 99% lower bound of the rules' tail estimate) "
                "but no book holds: " + "; ".join(_band_words(r, m) for r in missing) + ".", ""]
    rare = m["bands"].get("unconfirmed") or []
    if rare:
        out += ["Payout bands with no book whose mass may reach 1e-7 but is not known to (seen only once or "
                "twice, or a tail estimate whose 99% interval reaches below 1e-7), so they are not judged "
                "missing: " + "; ".join(_band_words(r, m) for r in rare) + ".", ""]
    src = m["rtp_by_source"]
    out += [f"RTP by source ({src['method']}):", ""]
    out += _table(["source", "RTP"], [[k, f"{v:.6f}"] for k, v in src["sources"].items()])
    out += ["Feature rates per round: the library's (exact from the weights), the rules' (what the builder "
            "held: measured by the vectorised engine, or set by the game; for a forcing category not held, its "
            "target plus the rounds of the categories listed before it that have it, their share read from the "
            "library), their ratio, and this sheet's own live check with its 99% interval:", ""]
    rows = []
    for f in m["feature_rates"]:
        live = f["live"]
        rows.append([f["feature"], f"{f['library']:.6g} ({_odds(f['library'])})",
                     "" if f["rules"] is None else f"{f['rules']:.6g}", _ratio(f["ratio"]), f["source"],
                     "" if live is None else f"{live['rate']:.6g} [{live['ci99'][0]:.4g}, {live['ci99'][1]:.4g}]"])
    out += _table(["feature", "library", "rules", "ratio", "rules' source", "live check"], rows)
    out += ["90% RTP band after n rounds:", ""]
    out += _table(["rounds", "RTP band"], [[f"{int(n):,}", f"{lo * 100:.2f}% .. {hi * 100:.2f}%"]
                                           for n, (lo, hi) in m["rtp_band_90"].items()])
    w = m["weights_moved"]
    moved = m["rtp"] - w["natural_rtp_of_books"]
    se = w.get("natural_rtp_se") or 0.0
    noise = (f" ({abs(moved) / se:.1f} standard errors of {se * 100:.2f} pp: the sample's noise"
             f"{'' if abs(moved) <= 3 * se else ' exceeded, check the rules'})") if se else ""
    out += [
        f"Weights: natural RTP of the books {w['natural_rtp_of_books']:.6f} -> {m['rtp']:.6f}, "
        f"moved {moved * 100:+.2f} pp{noise}; hit rate moved {w['hit_rate']:+.2e}; KL divergence of the natural stratum from uniform "
        f"{w['kl_natural']:.2e} nats.",
        "",
    ]
    return out


def _by_bet(t: dict[str, Any] | None) -> list[str]:
    """RTP per bet under the money win limit (games that have one)."""
    if not t:
        return []
    out = ["## RTP by bet under the win limit", "",
           f"Wins of one game are limited to {t['limit_cents'] / 100:,.2f} excluding jackpots. Exact RTP of "
           "each mode at each bet of the ladder once that limit holds (the odds never change). The cabinet "
           "offers the base spin on the whole ladder and every other mode only up to the last bet where the "
           "limit cuts none of its books (last row).", ""]
    modes = list(t["rtp"])
    rows = [[f"{b / 100:,.2f}"] + [f"{t['rtp'][m][str(b)]:.6f}" for m in modes] for b in t["ladder_cents"]]
    rows.append(["limit cuts no book up to"] + [f"{t['uncut_up_to_cents'][m] / 100:,.2f}" for m in modes])
    return out + _table(["bet"] + modes, rows)


def markdown(data: dict[str, Any]) -> str:
    """The whole sheet."""
    out = [f"# PAR sheet: {data['name']} (`{data['game']}`)", "",
           f"Round generator version `{data['version']}`, math fingerprint `{data['fingerprint'][:16]}…`. "
           + (f"Max win {data['max_win_x']:,}x the bet. " if data["max_win_x"] is not None else
              "No cap in multiples of the bet (the win limit is money, below). ")
           + "Figures are exact from the shipped book libraries unless marked live (a Monte Carlo of "
           "the rules without books).", ""]
    out += _table(["mode", "cost", "RTP", "hit rate", "sd", "VI 90%", "max win", "max win odds"],
                  [[k, f"{m['cost']:g}x", f"{m['rtp']:.6f}", f"{m['hit_rate']:.4f}", f"{m['sd']:.2f}",
                    f"{m['volatility_index_90']:.2f}", f"{m['max_win_x']:,.2f}x",
                    f"1 in {m['max_win_odds']:,}" if m["max_win_odds"] else "never"]
                   for k, m in data["modes"].items()])
    rtps = [m["rtp"] for m in data["modes"].values()]
    out += [f"RTP spread across modes: {max(rtps) - min(rtps):.6f}.", ""]
    out += [f"- {n}" for n in data["notes"]] + ([""] if data["notes"] else [])
    out += _by_bet(data.get("rtp_by_bet"))
    out += ["## Symbols and paytable", ""] + _paytable(data["paytable"])
    out += ["## Reel strips", ""] + _strips(data)
    for mode, m in data["modes"].items():
        out += _mode(mode, m)
    out += ["## Plots", ""] + [f"![{p}]({p})" for p in data.get("plots", [])]
    return "\n".join(out) + "\n"
