"""The `rtp`, `show` and `evaluate` verbs: read libraries, replay books, score boards."""
from __future__ import annotations

import json
import math
import sys
from typing import Any, TextIO

import numpy as np

from cabinet.core import books as B
from cabinet.core.mode_books import ModeBooks
from .stats import BAND_LABELS, band_counts, rate_ci, weighted_figures

BAND_MIN_MASS = 1e-7        # a band the rules reach this often must be in the library ...
BAND_MIN_COUNT = 3          # ... seen at least this many times (as the PAR sheet's rule)
BAND_RATIO = (0.5, 2.0)     # the library's band mass against the rules', where ...
BAND_RATIO_COUNT = 100      # ... the rules saw at least this many rounds in the band


def library_figures(lib: B.Library) -> dict[str, Any]:
    """`rtp --json` content: {"game", "modes": {mode: {cost, rtp, hit_rate, max_win_x,
    max_win_odds, features}}}; rtp is exact (from integer weights), rounded to 1e-9."""
    modes = {}
    for mode, mb in lib.modes.items():
        fig = weighted_figures(mb.weight, mb.payout_x100, mb.features,
                               mb.meta["feature_names"], int(mb.meta["cost_x100"]))
        modes[mode] = {"cost": fig["cost"], "rtp": round(float(mb.rtp()), 9),
                       "hit_rate": fig["hit_rate"], "max_win_x": fig["max_win_x"],
                       "max_win_odds": fig["max_win_odds"], "features": fig["features"]}
    return {"game": lib.spec.id, "modes": modes}


def feature_table(mb: ModeBooks, lib_rates: dict[str, float], rates: dict[str, Any] | None,
                  sim: dict[str, Any] | None) -> list[dict[str, Any]]:
    """Per feature: the library's rate, the rules' rate (the builder's target: measured
    or set by the game), the ratio, and this sheet's live check."""
    held = mb.meta.get("rate_targets", {})
    measured = (rates or {}).get("modes", {}).get(mb.mode, {}).get("features", {})
    rows = []
    for name, rate in lib_rates.items():
        rules = held.get(name, {}).get("rate")
        source = held.get(name, {}).get("source", "")
        if rules is None and name in mb.meta["category_targets"]:
            rules, source = category_feature_rate(mb, name)
        if rules is None and name in measured:
            rules, source = measured[name]["rate"], f"measured ({measured[name]['count']:,} seen: too few to hold)"
        live = (sim or {}).get("features", {}).get(name)
        rows.append(
            {
                "feature": name,
                "library": rate,
                "rules": rules,
                "source": source,
                "ratio": rate / rules if rules else None,
                "live": None if live is None else {"rate": live["rate"], "ci99": live["ci99"], "count": live["count"]},
            }
        )
    return rows


def category_feature_rate(mb: ModeBooks, name: str) -> tuple[float, str]:
    """The rules' rate of a feature that is also a forcing category, and its source: the
    category's target (its share: the rounds whose first category it is) plus, for each
    category listed before it, that one's target times the share of its rounds that have
    this feature too (the weight of the library's books in it: bonus_pf_hb's big_grand
    rounds all win a GRAND, pot_grand's feature)."""
    targets = mb.meta["category_targets"]
    names = mb.meta["feature_names"]
    bits = mb.features.astype(np.int64)

    def has(feature: str) -> np.ndarray:
        return (bits >> names.index(feature) & 1).astype(bool)
    rate, earlier, before = float(targets[name]), [], np.zeros(len(bits), dtype=bool)
    order = mb.meta["categories"]                       # the game's order (a round is in the first it fits)
    for cat in order[:order.index(name)]:
        in_cat = has(cat)
        inside = in_cat & ~before
        before |= in_cat
        mass = float(mb.weight[inside].sum())
        with_it = float(mb.weight[inside & has(name)].sum())
        if mass and with_it:
            rate += float(targets[cat]) * with_it / mass
            earlier.append(cat)
    source = "the game's category target"
    return rate, source + (f" + the rounds of {', '.join(earlier)} (listed before it) that have it" if earlier else "")


def band_check(mb: ModeBooks, rates: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The payout bands (cabinet/math/stats.py BAND_EDGES) where a mode's library and
    the rules part: a band with rules' mass >= BAND_MIN_MASS and no book ("missing"),
    or a library/rules ratio outside BAND_RATIO where the rules' mass is known to
    about 10% ("ratio"). The rules' mass of a band is the measured rounds' count
    (rates.json), or the game's tail estimate of the band (rates.json `tails`,
    rates.band_targets' choice) where the band lies in the estimate's range and it is
    tighter or the count is under rates.MIN_COUNT. Each row: band, kind, library and
    rules' mass, ratio, the rules' count and 99% interval, and the tail estimate's
    method where it was used. A band with no book whose mass is not known to reach
    BAND_MIN_MASS (seen only once or twice, or a tail estimate whose 99% lower bound is
    below it) is listed as "unconfirmed", not missing. No "missing" or "ratio" row when
    the library follows the rules (or no rates are measured)."""
    from .rates import MIN_COUNT, TAIL_FROM_X, _tail_band
    from .stats import BAND_EDGES, Z99
    measured = (rates or {}).get("modes", {}).get(mb.mode)
    if not measured or not measured.get("bands"):
        return []
    n = int(measured["rounds"])
    tails = measured.get("tails")
    lib = band_counts(mb.payout_x100, int(mb.meta["cost_x100"]), mb.weight.astype(float))
    lib = lib / lib.sum()
    rows = []
    for k, label in enumerate(BAND_LABELS):
        count = int(measured["bands"].get(label, 0))
        rules = count / n
        _, lo, hi = rate_ci(count, n)
        tail = _tail_band(tails, k) if tails and BAND_EDGES[k] >= float(tails.get("from_x", TAIL_FROM_X)) else None
        counted_sigma = (rules * (1 - rules) / n) ** 0.5 if count >= MIN_COUNT else math.inf
        use_tail = tail is not None and tail["sigma"] < counted_sigma
        if use_tail and tail is not None:
            rules, sigma = tail["rate"], tail["sigma"]
            lo, hi = max(0.0, rules - Z99 * sigma), rules + Z99 * sigma
        ratio = lib[k] / rules if rules else None
        kind = None
        if rules >= BAND_MIN_MASS and lib[k] == 0 and (use_tail or count > 0):
            known = lo >= BAND_MIN_MASS if use_tail else count >= BAND_MIN_COUNT
            kind = "missing" if known else "unconfirmed"
        elif ratio is not None and not BAND_RATIO[0] <= ratio <= BAND_RATIO[1] and (
                sigma <= 0.1 * rules and rules >= BAND_MIN_MASS if use_tail else count >= BAND_RATIO_COUNT):
            kind = "ratio"
        if kind:
            rows.append({"mode": mb.mode, "band": label, "kind": kind, "library": float(lib[k]), "rules": rules,
                         "ratio": ratio, "count": count, "rounds": n, "ci99": [lo, hi],
                         "method": tail["source"] if use_tail and tail is not None else None})
    return rows


def band_lines(rows: list[dict[str, Any]]) -> list[str]:
    """The band check's rows in words, one line each."""
    def words(r: dict[str, Any]) -> str:
        if r["kind"] != "unconfirmed":
            return {"missing": "missing from the library", "ratio": "off"}[r["kind"]]
        return "has no book, and the rules' mass is not known to reach 1e-7" if r.get("method") else \
            "has no book, and the rules saw it only"

    def how(r: dict[str, Any]) -> str:
        if r.get("method"):
            return f"{r['method']}, 99% [{r['ci99'][0]:.3g}, {r['ci99'][1]:.3g}]"
        return f"{r['count']:,} in {r['rounds']:,} rounds, 99% [{r['ci99'][0]:.3g}, {r['ci99'][1]:.3g}]"
    return [f"{r['mode']}: band {r['band']}x {words(r)}: library {r['library']:.4g}, rules {r['rules']:.4g} ({how(r)})"
            + (f", ratio {r['ratio']:.3f}" if r["kind"] == "ratio" else "") for r in rows]


def print_band_check(lib: B.Library, rates: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """Print the band check of every mode of a library (`rtp`, `verify`); returns its rows."""
    if rates is None:
        from .rates import load_rates
        try:
            rates = load_rates(lib.spec)
        except B.LibraryError as exc:
            print(f"payout bands: not checked ({exc})")
            return []
    if rates is None:
        print("payout bands: not checked (no rates.json: `python -m cabinet.math rates GAME`)")
        return []
    rows = [r for mode in lib.modes for r in band_check(lib.books(mode), rates)]
    apart = [r for r in rows if r["kind"] != "unconfirmed"]
    print("payout bands against the rules' (rates.json): "
          + (f"every band present and within {BAND_RATIO[0]}-{BAND_RATIO[1]}x of the rules' mass" if not apart
             else f"{len(apart)} apart")
          + (f" ({len(rows) - len(apart)} with no book whose mass is not known to reach {BAND_MIN_MASS:g})"
             if len(rows) > len(apart)
             else ""))
    for line in band_lines(rows):
        print("  " + line)
    return rows


def _outside_note(row: dict[str, Any], rates: dict[str, Any] | None, mode: str) -> str:
    """For a library/rules ratio outside 0.95-1.05: the rules' count and 99% interval
    (rates.json) and whether the library's rate is inside it (a rare feature's noise)
    or not (a real miss)."""
    if row["ratio"] is None or 0.95 <= row["ratio"] <= 1.05:
        return ""
    m = (rates or {}).get("modes", {}).get(mode, {}).get("features", {}).get(row["feature"])
    if not m:
        return "  [outside 0.95-1.05; no measured count]"
    lo, hi = m["ci99"]
    where = "inside" if lo <= row["library"] <= hi else "OUTSIDE"
    return (f"  [outside 0.95-1.05: rules {m['count']:,} seen, 99% [{lo:.4g}, {hi:.4g}]; "
            f"library {where} the rules' interval]")


def rtp_command(game: str, as_json: bool, books_dir: str | None) -> None:
    """Print per mode: cost, RTP to 6 decimals, hit rate, max payout and odds, and per
    feature the library's rate beside the rules' (rates.json or the game's target)."""
    from .rates import load_rates
    lib = B.load_library(game, books_dir)
    figs = library_figures(lib)
    try:
        rates = load_rates(lib.spec)
    except B.LibraryError:
        rates = None
    if as_json:
        json.dump(figs, sys.stdout, indent=2)
        print()
        return
    print(f"{lib.spec.name} ({lib.spec.id}) — libraries in {lib.path}")
    for mode, f in figs["modes"].items():
        meta = lib.books(mode).meta
        target = B.rtp_fraction(meta["rtp_target"])
        natural = meta["optimizer"]["natural"]
        print(f"  {mode:<16} cost {f['cost']:>8.2f}x  RTP {f['rtp']:.6f} (target {float(target):.6f})  "
              f"hit {f['hit_rate']:.4f}  max {f['max_win_x']:,.2f}x 1 in {f['max_win_odds']:,}  "
              f"books {len(lib.books(mode)):,}")
        print(f"  {'':<16}   before the optimizer: RTP {natural['rtp']:.6f}, hit {natural['hit_rate']:.4f} "
              f"(weights moved RTP {(f['rtp'] - natural['rtp']) * 100:+.3f} pp, "
              f"hit {(f['hit_rate'] - natural['hit_rate']) * 100:+.3f} pp)")
        for row in feature_table(lib.books(mode), f["features"], rates, None):
            rate, rules = row["library"], row["rules"]
            odds = f"1 in {1 / rate:,.0f}" if rate > 0 else "never"
            held = (f"rules {rules:.6g}  ratio {row['ratio']:.4f}" if row["ratio"] is not None
                    else "rules: none held")
            print(f"  {'':<16}   {row['feature']:<20} {rate:.6g} ({odds})  {held}{_outside_note(row, rates, mode)}")
    print_band_check(lib, rates)


def show_command(game: str, mode: str, book: int, as_json: bool, books_dir: str | None) -> int:
    """Regenerate one book by the rules; exit status 1 if its payout differs from the
    library's, or the round the library stores for it (stored_rounds) is not this one."""
    lib = B.load_library(game, books_dir)
    try:
        r = lib.regenerate(mode, book)
    except IndexError as exc:
        raise B.LibraryError(str(exc)) from None
    stored = lib.payout_x100(mode, book)
    differs = lib.stored_difference(mode, book, r)
    kept = None if lib.books(mode).stored_round(book) is None else \
        "the same" if differs is None else f"DIFFERENT ({differs})"
    info = {
        "game": lib.spec.id,
        "mode": mode,
        "book": book,
        "seed": lib.books(mode).seed(book),
        "hints": lib.books(mode).book_hints(book),
        "force": lib.force(mode, book),
        "weight": int(lib.books(mode).weight[book]),
        "payout_x100": r.payout_x100,
        "library_payout_x100": stored,
        "features": list(r.features),
        "capped": r.capped,
        "stored_round": kept,
        "events": r.events,
    }
    if as_json:
        json.dump(info, sys.stdout, indent=2)
        print()
    else:
        print(f"{lib.spec.id}/{mode} book {book}: seed {info['seed']} force {info['force']} "
              f"weight {info['weight']}")
        for e in r.events:
            print("  " + json.dumps(e, separators=(",", ":")))
        print(f"payout {r.payout_x100 / 100:,.2f}x (library {stored / 100:,.2f}x) "
              f"features {list(r.features)}{' capped' if r.capped else ''}")
        if kept is not None:
            print(f"the round the library stores for this book: {kept}")
    if r.payout_x100 != stored:
        print(f"error: regenerated payout {r.payout_x100} != library {stored}", file=sys.stderr)
        return 1
    if kept is not None and kept != "the same":
        print(f"error: the round the library stores for book {book} is not the rules' round: {kept}", file=sys.stderr)
        return 1
    return 0


def evaluate_command(game: str, paytable: bool, lines: TextIO) -> None:
    """Score each JSON line {"board": [[sym, ...], ...]} with the game's evaluator."""
    spec = B.resolve_game(game)
    if paytable:
        if spec.math.paytable is None:
            raise B.LibraryError(f"{spec.id} has no paytable()")
        json.dump(spec.math.paytable(), sys.stdout)
        print()
        return
    if spec.math.evaluate is None:
        raise B.LibraryError(f"{spec.id} has no evaluate()")
    symbols = spec.math.paytable()["symbols"] if spec.math.paytable is not None else None
    for number, line in enumerate(lines, start=1):
        if line.strip():
            try:
                doc = json.loads(line)
                board = doc["board"]
                if not isinstance(board, list) or not all(isinstance(row, list) for row in board):
                    raise ValueError("a board is a list of rows, each a list of symbols")
                unknown = sorted({json.dumps(s) for row in board for s in row
                                  if symbols is not None and (not isinstance(s, str) or s not in symbols)})
                if unknown:
                    raise ValueError(f"unknown symbol{'s' if len(unknown) > 1 else ''} {', '.join(unknown)}; "
                                     f"the paytable's: {', '.join(symbols or ())}")
                result = spec.math.evaluate(board)
            except (ValueError, KeyError, TypeError, IndexError, AttributeError, RecursionError) as exc:
                raise B.LibraryError(f"stdin line {number}: not a board of {spec.id} ({type(exc).__name__}: {exc}); "
                                     'allowed: {"board": [[symbol, ...], ...]}, one JSON object a line, '
                                     "symbols of the game's paytable (--paytable)") from None
            json.dump(result, sys.stdout)
            print(flush=True)
