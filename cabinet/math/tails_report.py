"""The tails report (`<id>_tails.md` and `<id>_tails.json` beside the PAR sheet) and the
`tails` verb's command: cabinet/math/tails.py estimates, this writes and prints."""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

from cabinet.core import books as B

from .fidelity_report import report_path
from .tail_readers import CHECK, LEVELS
from .tails import run


def _x(v: int | None, open_end: str = "—") -> str:
    return open_end if v is None else f"{v / 100:,.2f}x"


def _p(v: float) -> str:
    return "0" if v == 0 else f"{v:.2e}"


def _quant(q: dict[str, Any], method: str) -> str:
    if method == "cap":
        return f"<= {_x(q['hi'])} (the cap)"
    if method == "exact":
        return f"{_x(q['q'])} (exact)"
    if method == "cond":
        def at(v: int | None) -> str:
            return "past the grid" if v is None else f"<= {_x(v)}" if v == q["floor"] else _x(v)
        return f"{at(q['q'])} [{at(q['lo'])}, {at(q['hi'])}]"
    return f"{_x(q['q'], 'n/a')} [{_x(q['lo'], 'n/a')}, {_x(q['hi'], 'past every draw')}]"


def command_line(res: dict[str, Any]) -> str:
    a = res["args"]
    return (f"python -m cabinet.math tails {res['game']} --rounds {a['rounds']} --buy-rounds {a['buy_rounds']} "
            f"--forced {a['forced']} --split-roots {a['split_roots']}"
            + (f" --cond-roots {a['cond_roots']}" if any(r["method"] == "cond" for r in res["modes"].values()) else "")
            + f" --workers {res['workers']} --seed {res['seed']}"
            + "".join(f" --mode {m}" for m in a.get("asked") or []))


def markdown(res: dict[str, Any]) -> str:
    lines = [f"# Tails: {res['name']} (`{res['game']}`)", "",
             f"Library fingerprint: `{res['fingerprint']}`  ",
             f"Run seed: {res['seed']}; workers {res['workers']}; run time {res['seconds']:.0f} s wall; written "
             f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}  ",
             "Commands (the modes each run read; `--merge` keeps another run's modes of the same libraries):", "",
             *[f"- `{cmd}`: {', '.join(f'`{m}`' for m, r in res['modes'].items() if r['command'] == cmd)}"
               for cmd in dict.fromkeys(r["command"] for r in res["modes"].values())], "",
             "The rules' 1-in-10^6 and 1-in-10^7 quantiles of the payout (x the bet): the least t with "
             "P(X > t) <= p. P(X > t) is read stratum by stratum in the library's own strata: a fresh plain run "
             "of the rules counting the rounds in none of the mode's categories, plus each forced stratum's "
             "share times the tail of fresh draws of its own generator (the rules' round given the category; "
             "cabinet/math/tails.py). 99% intervals: each stratum's exact Clopper-Pearson excess times its share, "
             "in quadrature (the shares' own error is not in them). `cap`: the top is the mode's cap, so no "
             "round pays more (exact). `exact`: the game's exact law. `split`: multilevel splitting of "
             "the whole mode (games/<id>/tools/tail_bounds.py), 99% normal over its independent roots, and the "
             "exact bound of no root in so many where no particle reached. `sum`: a round that is a sum of "
             "independent steps (c_k times one step's win), its law the exact convolution of the steps' drawn law "
             "(cabinet/math/iid_sum.py), 99% normal with the delete-one-batch jackknife error over 16 independent "
             "batches; a step's win larger than any drawn is not in it (the strata table gives the draws and the "
             "largest). `cond`: conditional Monte Carlo (games/<id>/tools/tail_bounds.py cond_tail): each root "
             "gives P(X > t | what it drew) exactly on a grid of t (0.3 to 2 x the top, from the hook's floor; a "
             "quantile is the least grid t, `<=` where that is the grid's first), its draws importance-weighted "
             "in independent components, 99% normal over the roots, no bound where fewer than 10 effective draws "
             "carry the mass above t. Verdict: holds when the 99% upper bound "
             f"of P(X > top) is <= {CHECK:g}, below when its lower bound is above, else unconfirmed.", "",
             "| mode | cost | library top | q 1e-6 [99%] | q 1e-7 [99%] | P(X > top) [99%] | widest part | "
             "verdict | run time |", "|---|---|---|---|---|---|---|---|---|"]
    for m, r in res["modes"].items():
        a = r["above_top"]
        q6, q7 = (_quant(r["quantiles"][f"{p:g}"], r["method"]) for p in LEVELS)
        lines.append(f"| `{m}` | {r['cost']:g}x | {r['top_x']:,.2f}x | {q6} | {q7} | {_p(a['est'])} [{_p(a['lo'])}, "
                     f"{_p(a['hi'])}] | {a['widest']} | **{r['verdict']}** | {r['seconds']:.0f} s |")
    lines += [
        "",
        "## Strata",
        "",
        "Per sampled mode: each stratum's share, draws, the largest payout drawn, "
        "how many draws paid more than the library's top (`split`: a multilevel-splitting run of the whole "
        "mode, draws = roots, above top = roots with a particle above it; `sum`: draws = steps, max drawn = the "
        "largest step drawn (x1), above top = steps that alone, at the largest coefficient, pay past the "
        "top; `cond`: draws = roots x components, max drawn = the largest part drawn whole, the line pays and "
        "pots (the coins' cash and the boosts are read exactly; 0 where the pots are read exactly too; drawn "
        "under the components' weights, so not a payout the rules reach at their odds), above top = the "
        "effective count of draws carrying the mass above the top, (sum w)^2 / sum w^2); `ceiling`: every round of the "
        "stratum pays less (the game's rules, games/<id>/tools/tail_bounds.py).",
        "",
        "| mode | stratum | share | draws | source | max drawn | above top | ceiling |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for m, r in res["modes"].items():
        for s in r["strata"]:
            mx = "—" if s["max_x"] is None else f"{s['max_x']:,.2f}x"
            ceil = "—" if s["ceiling_x"] is None else f"{s['ceiling_x']:,.2f}x"
            lines.append(f"| `{m}` | {s['name']} | {s['share']:.4g} | {s['draws']:,} | {s['source']} | {mx} | "
                         f"{s['above_top']} | {ceil} |")
    return "\n".join(lines) + "\n"


def write_report(res: dict[str, Any], folder: Path, merge: bool = False) -> Path:
    """Write the .md and .json; with `merge`, the modes of an earlier report of the same
    libraries that this run did not read are kept (each mode names its command)."""
    folder.mkdir(parents=True, exist_ok=True)
    md, js = folder / f"{res['game']}_tails.md", folder / f"{res['game']}_tails.json"
    for row in res["modes"].values():
        row.setdefault("command", command_line(res))
    if merge and js.exists():
        old = json.loads(js.read_text())
        if old.get("fingerprint") == res["fingerprint"]:
            modes = dict(old["modes"])
            modes.update(res["modes"])
            res = dict(res, modes=modes, seconds=res["seconds"] + old.get("seconds", 0.0))
    md.write_text(markdown(res))
    js.write_text(json.dumps(res, indent=1, sort_keys=True) + "\n")
    return md


def tails_command(args) -> int:
    """Run, write the report, print one line per mode; 1 when a top is below its 1e-7 quantile."""
    spec = B.resolve_game(args.game)
    folder = Path(args.out) if args.out else report_path(spec).parent
    kw = {} if args.seed is None else {"seed": args.seed}
    res = run(args.game, args.mode, args.rounds, args.buy_rounds, args.forced, args.workers, progress=True,
              books_dir=args.books_dir, split_roots=args.split_roots, cond_roots=args.cond_roots, **kw)
    res["args"]["asked"] = list(args.mode or [])
    path = write_report(res, folder, merge=args.merge)
    below = []
    for m, r in res["modes"].items():
        q6, q7, a = r["quantiles"][f"{LEVELS[0]:g}"], r["quantiles"][f"{LEVELS[1]:g}"], r["above_top"]
        print(f"{spec.id}/{m}: top {r['top_x']:,.2f}x; q1e-6 {_quant(q6, r['method'])}; q1e-7 "
              f"{_quant(q7, r['method'])}; P(X > top) {_p(a['est'])} [{_p(a['lo'])}, {_p(a['hi'])}] "
              f"({a['widest']}): {r['verdict']}", flush=True)
        if r["verdict"] == "below":
            below.append(m)
    print(f"{len(below)} top(s) below the 1-in-10^7 quantile{': ' + ', '.join(below) if below else ''}; "
          f"{res['seconds']:.0f}s; report: {path}", flush=True)
    sys.stdout.flush()
    return 1 if below else 0
