"""`python -m cabinet.math.bench_sdk` refuses what it cannot run in one line and exit 2
(no timing here: the benchmark's figures are not tests)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cabinet.math.bench_sdk import main
from tests.cli_refusal import refused_in_one_line

ROOT = Path(__file__).resolve().parents[1]


def fake_sdk(root: Path) -> Path:
    """The files bench_sdk looks for in a math-sdk checkout, empty."""
    for rel in ("src/state/run_sims.py", "games/0_0_lines/gamestate.py", "games/0_0_cluster/gamestate.py"):
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text("")
    return root


def one_line(capsys, argv: list[str]) -> str:
    return refused_in_one_line(capsys, main, argv)


def test_a_missing_checkout_is_one_line_naming_it(tmp_path, capsys):
    err = one_line(capsys, ["--sdk", str(tmp_path / "nope")])
    assert "no math-sdk checkout at" in err and "nope" in err and "--sdk" in err


def test_a_folder_that_is_not_math_sdk_is_refused(tmp_path, capsys):
    (tmp_path / "src").mkdir()
    err = one_line(capsys, ["--sdk", str(tmp_path)])
    assert "run_sims.py is missing" in err


def test_a_missing_interpreter_is_one_line(tmp_path, capsys):
    sdk = fake_sdk(tmp_path / "sdk")
    err = one_line(capsys, ["--sdk", str(sdk)])                       # default SDK/env/bin/python
    assert "no math-sdk interpreter at" in err and str(sdk / "env" / "bin" / "python") in err
    err = one_line(capsys, ["--sdk", str(sdk), "--sdk-python", str(tmp_path / "py")])
    assert f"no math-sdk interpreter at {tmp_path / 'py'}" in err


@pytest.mark.parametrize("extra", [["--rounds", "0"], ["--rounds", "5"], ["--batches", "0"]])
def test_counts_out_of_range_are_refused(tmp_path, capsys, extra):
    err = one_line(capsys, ["--sdk", str(fake_sdk(tmp_path)), *extra])
    assert "--rounds must be 20 to" in err


def test_without_sdk_it_says_so_as_a_module():
    out = subprocess.run([sys.executable, "-m", "cabinet.math.bench_sdk"], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 2 and out.stderr.count("\n") == 1, out.stderr
    assert "required: --sdk" in out.stderr and "Traceback" not in out.stderr


def test_the_report_gives_each_ratio_and_the_ceiling_seeding_sets():
    # 1,000 sdk books in 1 s against 20,000 of our rounds by play_many in 0.5 s: 40x;
    # 5,000 one at a time in 0.5 s: 10x; seeding alone 60,000 a second is 60x the lines
    # sdk's rate and 120x the clusters'
    from cabinet.math.bench_sdk import PAIRS, Tally, report
    sdk = {("0_0_lines", "base"): Tally(), ("0_0_cluster", "base"): Tally(), ("0_0_cluster", "bonus"): Tally()}
    sdk["0_0_lines", "base"].add(1_000, 1.0, attempts=1_100, write_cpu_s=0.1, events=9_000)
    sdk["0_0_cluster", "base"].add(500, 1.0, attempts=500, write_cpu_s=0.1, events=4_000)
    sdk["0_0_cluster", "bonus"].add(50, 1.0, attempts=60, write_cpu_s=0.1, events=900)
    many, play, kern, seeding = {}, {}, {}, Tally()
    for p in PAIRS:
        many[p], play[p], kern[p] = Tally(), Tally(), Tally()
        many[p].add(20_000, 0.5, events=80_000)
        many[p].ratios += [38.0, 42.0]
        play[p].add(5_000, 0.5, events=20_000)
        play[p].ratios.append(10.0)
        seeding.add(6_000, 0.1)
    lines = report({"sdk": sdk, "many": many, "play": play, "play_batch": kern, "seeding": seeding,
                    "load": [1.0, 1.2], "sdk_python": "3.12.1"}, 2000, 1)
    text = "\n".join(lines)
    assert ("grinning_harvest/base vs 0_0_lines/base: play_many 40,000 rounds/s (4.0 events a round) = 40.0x "
            "(38.0-42.0; 36.4x attempts); play one at a time 10,000/s = 10.0x") in text
    assert "clusters, bonus buy  piggy_farm/free_spins vs 0_0_cluster/bonus: play_many 40,000 rounds/s" in text
    assert ("seeding a book's stream alone (Rng.for_book, which every one-at-a-time play starts with): 60,000/s, "
            "16.7 us; no one-at-a-time play on these streams passes 0_0_lines/base 60x, 0_0_cluster/base 120x, "
            "0_0_cluster/bonus 1200x math-sdk") in text
