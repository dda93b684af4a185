"""`python -m cabinet.ui.bench --launch`: seconds from starting a fresh interpreter
(`python main.py --windowed`, the dummy video driver, a throw-away data folder) to the
first frame on screen and to the first frame of the finished, interactive lobby.

The child is the real start (program check, config, books, ledger, window); the app
prints its marks (launch_probe.py) and stops at the lobby.
"""
from __future__ import annotations

from typing import Any

import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cabinet.core.resources import code_root, default_config, main_script


def one_launch() -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        text = default_config().read_text()
        text = re.sub(r"(?m)^data_dir:.*$", f"data_dir: {json.dumps(str(Path(tmp) / 'data'))}", text)
        config = Path(tmp) / "config.yaml"
        config.write_text(text)
        env = dict(os.environ, CABINET_LAUNCH_PROBE="1", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        t0 = time.time()
        done = subprocess.run([sys.executable, str(main_script()), "--config", str(config), "--windowed"],
                              capture_output=True, text=True, cwd=str(code_root()), env=env, timeout=120)
        marks = {}
        for line in done.stdout.splitlines():
            parts = line.split()
            if len(parts) == 3 and parts[0] == "launch-probe":
                marks[parts[1]] = float(parts[2]) - t0
        if "lobby" not in marks:
            raise RuntimeError(f"the child did not reach the lobby (exit {done.returncode}): "
                               f"{(done.stderr.strip().splitlines() or ['no output'])[-1]}")
        return marks


def report(repeats: int, as_json: bool) -> int:
    try:
        runs = [one_launch() for _ in range(max(1, repeats))]
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        sys.stderr.write(f"bench --launch: {exc}\n")
        return 2
    names = [n for n in ("first_frame", "lobby") if all(n in r for r in runs)]
    summary: dict[str, dict[str, Any]] = {n: {"median_s": round(statistics.median(r[n] for r in runs), 2),
                   "runs_s": [round(r[n], 2) for r in runs]} for n in names}
    if as_json:
        print(json.dumps({"load_average": os.getloadavg()[0], "launch": summary}))
    else:
        print(f"launch, fresh interpreter, dummy driver, load average {os.getloadavg()[0]:.1f} "
              f"on {os.cpu_count()} cores")
        words = {"first_frame": "to the first frame on screen", "lobby": "to an interactive, finished lobby"}
        for n in names:
            s = summary[n]
            print(f"  {words[n]:36s} median {s['median_s']:.2f} s  ({', '.join(f'{t:.2f}' for t in s['runs_s'])})")
    return 0
