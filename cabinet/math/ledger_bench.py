"""`python -m cabinet.math.ledger_bench`: what one round costs the ledger, with a short
and a long history. Figures, not a test.

For each history size (default 100 and 100,000 rounds) a cabinet's ledger is filled
through the Ledger API (rounds with a settlement, a gamble draw every 50 rounds, a
deposit every 2,000, an event every 10,000; synchronous=OFF while filling, which
changes durability, not the rows), then opened as a start opens it (the full audit,
timed) with a shipped game's book library. Then rounds are played through the
cabinet exactly as the UI plays them: `start_round` (outcome drawn, incremental
check, debit and record) + 4 `checkpoint`s + `settle` (incremental check, credit),
alternating between the two cabinets so drift hits both alike. Printed: the median
and mean milliseconds of one round, durable (synchronous=FULL, as shipped: fsync
dominates) and with synchronous=OFF (the CPU cost, where a check that grew with the
history would show), and the ratio long/short.

    python -m cabinet.math.ledger_bench [--history 100 100000] [--rounds 400] [--game happy_money_hens]
"""
from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from cabinet.core.cabinet import Cabinet
from cabinet.core.config import load_config
from cabinet.core.game import discover
from cabinet.core.ledger import Ledger


def fill(path: Path, rounds: int, game: str, mode: str) -> float:
    """A ledger with `rounds` settled rounds of history; returns the seconds it took."""
    t0 = time.perf_counter()
    led = Ledger(path)
    led.db.execute("PRAGMA synchronous=OFF")
    for i in range(rounds):
        if i % 2000 == 0:
            led.deposit(10_000_000)
        win = (i * 37) % 700
        rid = led.open_round(game, mode, 100, 100, {"source": "books", "book": i % 5000, "force": None},
                             win, win, False, ["bonus"] if i % 97 == 0 else [])
        led.checkpoint(rid, 3)
        led.settle_round(rid, {"pots": {"BLUE": i % 3 + 1}} if i % 5 == 0 else None)
        if i % 50 == 49 and win:
            led.side_draw("gamble", win, 2 * win, i % 2 == 0, {"game": game, "wheel": "cash"}, rid)
        if i % 10_000 == 0:
            led.log_event("bench_fill", {"rounds": i})
    led.close()
    return time.perf_counter() - t0


def cabinet(folder: Path, game: str) -> tuple[Cabinet, float]:
    (folder / "config.yaml").write_text("data_dir: .\nmath_source: books\ndemo_credit: '1000.00'\n")
    spec = discover()[game]
    t0 = time.perf_counter()
    cab = Cabinet(load_config(folder / "config.yaml"), games={game: spec}, seed=11)
    seconds = time.perf_counter() - t0
    if cab.locked or game not in cab.games:
        raise SystemExit(f"ledger_bench: the cabinet did not open: {cab.locked or cab.refused.get(game)}")
    return cab, seconds


def ledger_of(cab: Cabinet) -> Ledger:
    """The open cabinet's ledger (`cabinet` refuses a locked one)."""
    assert cab.ledger is not None, "the cabinet is locked"
    return cab.ledger


def one_round(cab: Cabinet, game: str, mode: str, bet: int) -> float:
    t0 = time.perf_counter()
    played = cab.start_round(game, mode, bet)
    for step in range(1, 5):
        cab.checkpoint(played.round_id, step)
    cab.settle(played.round_id)
    return (time.perf_counter() - t0) * 1000


def measure(cabs: dict[int, Cabinet], game: str, mode: str, rounds: int) -> dict[int, list[float]]:
    times: dict[int, list[float]] = {n: [] for n in cabs}
    for n, cab in cabs.items():                       # warm-up: caches, first-page reads
        for _ in range(10):
            one_round(cab, game, mode, cab.games[game].default_bet)
    for _ in range(rounds):
        for n, cab in cabs.items():
            times[n].append(one_round(cab, game, mode, cab.games[game].default_bet))
    return times


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--history", type=int, nargs=2, default=(100, 100_000), metavar=("SHORT", "LONG"))
    p.add_argument("--rounds", type=int, default=400, help="measured rounds per cabinet and setting")
    p.add_argument("--game", default="happy_money_hens")
    p.add_argument("--mode", default="base")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="ledger-bench-") as tmp:
        cabs: dict[int, Cabinet] = {}
        for n in args.history:
            folder = Path(tmp) / f"h{n}"
            folder.mkdir()
            built = fill(folder / "ledger.sqlite", n, args.game, args.mode)
            cab, opened = cabinet(folder, args.game)
            report = ledger_of(cab).report
            size = (folder / "ledger.sqlite").stat().st_size / 2**20
            print(f"history {n:>7} rounds: filled in {built:6.1f} s; {size:6.1f} MiB; start (library load + full "
                  f"audit of {report.entries} chain entries) {opened:6.2f} s")
            cabs[n] = cab
        for label, sync in (("durable, synchronous=FULL", "FULL"), ("CPU only, synchronous=OFF", "OFF")):
            for cab in cabs.values():
                ledger_of(cab).db.execute(f"PRAGMA synchronous={sync}")
            times = measure(cabs, args.game, args.mode, args.rounds)
            short, long = (statistics.median(times[n]) for n in args.history)
            print(f"one round ({label}), start_round + 4 checkpoints + settle, {args.rounds} rounds each:")
            for n in args.history:
                t = times[n]
                print(f"  {n:>7} rounds of history: median {statistics.median(t):7.3f} ms, "
                      f"mean {statistics.fmean(t):7.3f} ms")
            print(f"  long / short (medians): {long / short:.3f}")
        for cab in cabs.values():
            ok, message = cab.audit(by="ledger_bench")
            print(f"audit after the bench: {message}")
            ledger_of(cab).close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
