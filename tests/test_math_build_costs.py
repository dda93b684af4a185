"""Where a build's time goes: `build` prints each stratum's CPU seconds (costliest
first) and the wall seconds of its phases; `build --plan` prints the expected CPU
seconds of every stratum (the last builds' cost a book times the planned books) and
builds nothing."""
from __future__ import annotations

import pytest

import json

from cabinet.math.build_costs import makespan, stratum_cpu
from cabinet.math.cli import main

TOY = "tests.toygame"


def test_stratum_cpu_adds_a_strata_tasks_and_sorts_costliest_first():
    keys = ["g/base/natural", "g/base/bonus", "g/base/natural", "g/buy/natural"]
    rows = stratum_cpu(keys, [2000, 10, 1000, 500], {"g/base/natural": 1e-4, "g/base/bonus": 0.05,
                                                   "g/buy/natural": 2e-4})
    assert [r[0] for r in rows] == ["g/base/bonus", "g/base/natural", "g/buy/natural"]
    assert rows[1][1] == 3000 and abs(rows[1][2] - 0.3) < 1e-12 and abs(rows[0][2] - 0.5) < 1e-12


def test_makespan_hands_tasks_out_costliest_first_to_the_first_free_worker():
    assert makespan([3, 3, 2, 2, 2], 2) == 7        # 3+2+2 and 3+2: the pool's greedy order, not the best 6
    assert makespan([5, 1, 1], 2) == 5 and makespan([5, 1, 1], 1) == 7 and makespan([], 2) == 0
    assert makespan([4, 4], 0) == 8                 # --workers 0 builds in one process


@pytest.mark.slow
def test_build_prints_strata_and_phases_and_plan_builds_nothing(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    out = tmp_path / "books"
    assert main(["build", TOY, "--books", "3000", "--out", str(out)]) == 0
    err = capsys.readouterr().err
    assert "this build:" in err and "toygame/base/natural" in err
    phases = next(line for line in err.splitlines() if line.startswith("build phases (wall s):"))
    for phase in ("generate", "weights", "write", "verify", "install", "total"):
        assert f"{phase} " in phases
    costs = json.loads((tmp_path / "cache" / "slot-cabinet" / "build-costs.json").read_text())
    assert "toygame/base/natural" in costs

    plan_out = tmp_path / "not-built"
    assert main(["build", TOY, "--books", "3000", "--out", str(plan_out), "--plan"]) == 0
    err = capsys.readouterr().err
    assert err.startswith("planned") and "3,000 books  toygame/base/natural" in err
    assert "generation on 1 idle core(s), costliest task first: about " in err
    assert not plan_out.exists()
