"""What the ledger attack tests (tests/core/test_ledger_*.py) share: a cabinet as an
operator configures it (its key and witness folder outside the data folder), rounds
played on it, the checks that it locked in one line (a start, and main.py), and a
child cabinet that plays and is then killed."""
from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest

from cabinet.core.cabinet import Cabinet, CabinetLocked
from cabinet.core.config import load_config
from tests.toygame import GAME

ROOT = Path(__file__).resolve().parents[2]
ROLLED = "ledger rolled back or replaced"


# -- a cabinet, as an operator configures it -------------------------------------------
def key_line(top: Path) -> str:
    """config ledger_key: a key file outside the data folder, in a folder of its own."""
    (top / "keys").mkdir(parents=True, exist_ok=True)
    return f"ledger_key: {top / 'keys' / 'cabinet.key'}\n"


def witness_line(top: Path) -> str:
    """config ledger_witness: a folder outside the data folder (another disk, in the field)."""
    (top / "witness").mkdir(parents=True, exist_ok=True)
    return f"ledger_witness: {top / 'witness'}\n"


def write_config(top: Path, extra: str = "", credit: str = "100.00") -> Path:
    top.mkdir(parents=True, exist_ok=True)
    (top / "config.yaml").write_text(f"data_dir: data\nmath_source: live\ndemo_credit: '{credit}'\n{extra}")
    return top / "config.yaml"


def start(top: Path, seed: int = 7) -> Cabinet:
    """A start on the config written in `top` (its data folder: top/data)."""
    return Cabinet(load_config(top / "config.yaml"), games={GAME.id: GAME}, seed=seed)


def play(cab: Cabinet, rounds: int) -> None:
    for _ in range(rounds):
        played = cab.start_round(GAME.id, "base", 100)
        cab.checkpoint(played.round_id, 2)
        cab.settle(played.round_id)


def refuses_play(cab: Cabinet, *expect: str) -> None:
    """The cabinet is locked in one line naming `expect`, refuses a start and a deposit,
    and shows no credit."""
    assert cab.locked, "the cabinet did not lock"
    for text in expect:
        assert text in cab.locked, cab.locked
    assert "\n" not in cab.locked
    with pytest.raises(CabinetLocked):
        cab.start_round(GAME.id, "base", 100)
    with pytest.raises(CabinetLocked):
        cab.deposit(100)
    assert cab.balance == 0


def assert_locked(cab: Cabinet, *expect: str) -> str:
    refuses_play(cab, *expect)
    cab.close()
    return cab.locked


def main_py(*args: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=120, **kw)


def assert_one_line_lock(r: subprocess.CompletedProcess, *expect: str) -> None:
    assert r.returncode == 2 and r.stdout == "" and "Traceback" not in r.stderr, r.stderr
    assert len(r.stderr.splitlines()) == 1 and r.stderr.startswith("cabinet locked: "), r.stderr
    for text in expect:
        assert text in r.stderr, r.stderr


# -- a child that plays, then is killed --------------------------------------------------------
CHILD = """
import sys, time
sys.path.insert(0, {root!r})
from cabinet.core.cabinet import Cabinet
from cabinet.core.config import load_config
from tests.toygame import GAME
cab = Cabinet(load_config({config!r}), games={{GAME.id: GAME}}, seed=3)
if cab.locked:
    print("LOCKED", cab.locked, flush=True)
    sys.exit(3)
for _ in range({rounds}):
    played = cab.start_round(GAME.id, "base", 100)
    cab.checkpoint(played.round_id, 2)
    cab.settle(played.round_id)
print("PLAYED", flush=True)
time.sleep(600)
"""


def child(config: Path, rounds: int) -> subprocess.Popen:
    code = CHILD.format(root=str(ROOT), config=str(config), rounds=rounds)
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    assert line.startswith("PLAYED"), (line, proc.stderr.read() if proc.poll() is not None else "")
    return proc


def kill(proc: subprocess.Popen) -> None:
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    proc.stdout.close()
    proc.stderr.close()
