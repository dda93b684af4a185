"""Kill -9 at >= 50 random moments: the audit holds, the hash chain verifies from its
first entry to the audit head after every kill, no round is settled twice, and every
started round settles with the payout its outcome says."""
import pytest
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from cabinet.core.ledger import Ledger
from cabinet.core.money import win_cents
from cabinet.core.rng import Rng

ROOT = Path(__file__).resolve().parents[2]
CHILD = Path(__file__).with_name("crash_child.py")
KILLS = 50


class Cabinets:
    """crash_child.py --zygote: each `start` forks a cabinet on the data folder from an
    interpreter that imported everything once (a fresh one costs ~1 s of imports a kill);
    `kill` SIGKILLs it and returns once it is dead."""

    def __init__(self):
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        self.proc = subprocess.Popen([sys.executable, str(CHILD), "--zygote"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        line = self.proc.stdout.readline()
        assert line.startswith("ZYGOTE"), (line, self.proc.stderr.read())

    def start(self, data: Path, seed: int) -> int:
        self.proc.stdin.write(f"{data} {seed}\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        assert line.startswith("READY"), (line, self.proc.stderr.read() if not line else "")
        return int(line.split()[1])

    def kill(self, pid: int) -> None:
        os.kill(pid, signal.SIGKILL)
        line = self.proc.stdout.readline().split()
        assert line[:2] == ["DEAD", str(pid)] and os.WIFSIGNALED(int(line[2])), line

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(timeout=10)
        self.proc.stdout.close()
        self.proc.stderr.close()


@pytest.mark.slow
def test_kill_minus_nine_at_random_moments(tmp_path):
    from tests.toygame import GAME
    (tmp_path / "config.yaml").write_text("data_dir: .\nmath_source: live\ndemo_credit: '1000.00'\n")
    chooser = random.Random(20261130)
    last_length = 0
    cabinets = Cabinets()
    try:
        for k in range(KILLS):
            pid = cabinets.start(tmp_path, 1000 + k)
            time.sleep(chooser.uniform(0.0, 0.08))
            cabinets.kill(pid)
            led = Ledger(tmp_path / "ledger.sqlite")     # opening walks the whole chain (LedgerError if broken)
            ok, msg = led.audit()
            assert ok, f"after kill {k}: {msg}"
            assert len(led.open_rounds()) <= 1
            chain_length = led.verify().entries
            assert chain_length > last_length, "every start logs its power-up in the chain"
            last_length = chain_length
            led.close()
        # A last start resumes whatever is open, then we inspect everything.
        cabinets.kill(cabinets.start(tmp_path, 99))
    finally:
        cabinets.close()
    led = Ledger(tmp_path / "ledger.sqlite")
    rows = led.db.execute("SELECT * FROM rounds ORDER BY id").fetchall()
    assert len(rows) > KILLS
    settled_wins = 0
    for r in rows[:-1]:  # the very last may have been opened just before the final kill
        assert r["state"] == "settled", dict(r)
    for r in rows:
        outcome = __import__("json").loads(r["outcome"])
        payout = GAME.play(Rng.for_book(outcome["seed"]), r["mode"], outcome.get("force")).payout_x100
        assert r["payout_x100"] == payout
        assert r["win_cents"] == win_cents(r["bet_cents"], payout)
        if r["state"] == "settled":
            settled_wins += r["win_cents"]
    assert led.meter("total_won") == settled_wins  # each settled exactly once
    ok, msg = led.audit()
    assert ok, msg
    report = led.verify()                           # the chain covers every round and settlement
    assert report.counts["round"] == len(rows)
    assert report.counts["settle"] == sum(r["state"] == "settled" for r in rows)
    assert report.counts["event"] >= KILLS + 2      # created, and a power-up per start
