"""The house's formatter: `ruff format` on each statement longer than the line length
(120, pyproject's [tool.ruff]), nowhere else, so a change never reformats code it did
not touch. A string or comment ruff cannot split stays (the lint's hard limit is 160).

    python .ci/format_long_lines.py          # format them        (make format)
    python .ci/format_long_lines.py --check  # exit 1 naming each statement ruff would wrap

Files whose bytes are a game's math fingerprint (the round code: reformatting them
would refuse the shipped books) are left alone; they are formatted with a rebuild.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PATHS = ["cabinet", "games", "main.py", "tests"]


def ruff() -> str:
    local = Path(sys.executable).parent / "ruff"
    return str(local) if local.exists() else "ruff"


def fingerprinted() -> set[Path]:
    sys.path.insert(0, str(ROOT))
    from cabinet.core.fingerprint import round_code
    from cabinet.core.game import discover
    return {Path(p).resolve() for spec in discover().values() for p in round_code(spec)}


def long_statements() -> dict[Path, list[int]]:
    out = subprocess.run([ruff(), "check", "--select", "E501", "--config", "lint.pycodestyle.max-line-length=120",
                          "--output-format", "json", *PATHS], cwd=ROOT, capture_output=True, text=True).stdout
    skip, hits = fingerprinted(), defaultdict(set)
    for d in json.loads(out or "[]"):
        path = Path(d["filename"]).resolve()
        if path not in skip:
            hits[path].add(d["location"]["row"])
    return {p: sorted(rows, reverse=True) for p, rows in hits.items()}


def main(argv: list[str]) -> int:
    check = "--check" in argv
    wrappable = []
    for path, rows in long_statements().items():
        for row in rows:                      # bottom up: a reformatted statement moves the rows below it
            cmd = [ruff(), "format", f"--range={row}:1-{row + 1}:1", str(path)]
            if check:
                diff = subprocess.run(cmd + ["--diff"], cwd=ROOT, capture_output=True, text=True)
                if diff.returncode:
                    wrappable.append(f"{os.path.relpath(path, ROOT)}:{row}")
            else:
                subprocess.run(cmd, cwd=ROOT, capture_output=True)
    if wrappable:
        print(f"{len(wrappable)} statements over 120 characters that ruff format wraps "
              f"(run make format): {', '.join(wrappable[:20])}")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
