"""A headless cabinet that plays rounds forever, for the kill -9 recovery test.

Run as: python crash_child.py DATA_DIR SEED (one cabinet), or python crash_child.py
--zygote: it imports everything once, prints ZYGOTE, then for each line "DATA_DIR SEED"
on stdin forks a cabinet process and, once that process is dead (the test SIGKILLs it),
prints "DEAD pid status". A forked cabinet opens its ledger after the fork (nothing of
it is shared with the zygote), resumes any open round from its checkpoint (as the real
app does), prints "READY pid", then plays new rounds: start, several checkpointed
presentation steps, settle. The parent SIGKILLs it at random moments.
"""
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from cabinet.core.cabinet import Cabinet  # noqa: E402
from cabinet.core.config import load_config  # noqa: E402
from tests.toygame import GAME  # noqa: E402

STEPS = 4


def present(cab: Cabinet, played, start_step: int) -> None:
    for step in range(start_step + 1, STEPS + 1):
        time.sleep(0.002)
        cab.checkpoint(played.round_id, step)
    cab.settle(played.round_id)


def main(data_dir: str, seed: int) -> int:
    cfg = load_config(Path(data_dir) / "config.yaml")
    cab = Cabinet(cfg, games={GAME.id: GAME}, seed=seed)
    if cab.locked:
        print("LOCKED", cab.locked, flush=True)
        return 3
    pending = cab.open_round()
    while pending is not None:
        present(cab, pending, pending.checkpoint)
        pending = cab.open_round()
    print("READY", os.getpid(), flush=True)
    bet = cab.games[GAME.id].bet_ladder[0]
    while True:
        if cab.balance < bet * 100:
            cab.deposit(100000)
        played = cab.start_round(GAME.id, "base", bet)
        present(cab, played, 0)


def zygote() -> None:
    print("ZYGOTE", flush=True)
    for line in sys.stdin:
        data_dir, seed = line.split()
        pid = os.fork()
        if pid == 0:                    # the cabinet: it never returns but through a kill (or a lock)
            code = 1
            try:
                code = main(data_dir, int(seed))
            finally:
                sys.stdout.flush()
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        print("DEAD", pid, status, flush=True)


if __name__ == "__main__":
    if sys.argv[1:] == ["--zygote"]:
        zygote()
    else:
        sys.exit(main(sys.argv[1], int(sys.argv[2])))
