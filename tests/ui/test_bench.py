"""The frame bench's own rules (python -m cabinet.ui.bench, issue #34 item 3): what is
over budget, how a segment's figures are taken, and the launch probe's marks."""
from __future__ import annotations

import io

import pytest

from cabinet.ui import bench, launch_probe


def row(cpu_max: float, cpu_p99: float) -> dict[str, float]:
    return {"cpu_max_ms": cpu_max, "cpu_p99_ms": cpu_p99}


def test_a_frame_over_one_60fps_frame_of_cpu_is_over_budget_in_any_segment():
    assert bench.over_budget("piggy_farm: INFO", row(16.8, 3.0)) == "a frame of 16.8 ms CPU"
    assert bench.over_budget("piggy_farm: INFO", row(16.7, 16.7)) == ""       # a press frame: only the max counts


def test_steady_segments_are_held_to_a_p99_of_half_a_frame():
    assert bench.over_budget("lobby", row(12.0, 8.4)) == "p99 8.4 ms CPU"
    assert bench.over_budget("grinning_harvest: rounds", row(12.0, 8.4)) == "p99 8.4 ms CPU"
    assert bench.over_budget("grinning_harvest: rounds", row(12.0, 8.3)) == ""
    assert bench.over_budget("grinning_harvest: BUY menu", row(12.0, 12.0)) == ""


def test_the_review_tools_forced_search_is_timed_but_not_budgeted():
    assert bench.over_budget(f"happy_money_hens: {bench.REVIEW}", row(230.0, 230.0)) == ""


def test_a_segment_table_gives_wall_and_cpu_median_p99_and_worst():
    class App:
        def step(self, dt):
            pass
    f = bench.Frames(App())
    f.wall["lobby"] = [1.0] * 99 + [30.0]
    f.cpu["lobby"] = [1.0] * 98 + [9.0, 20.0]
    table = f.table()["lobby"]
    assert table["frames"] == 100 and table["median_ms"] == 1.0 and table["max_ms"] == 30.0
    assert table["cpu_p99_ms"] == 9.0 and table["cpu_max_ms"] == 20.0      # nearest rank: the 99th of 100
    assert table["over"] == "a frame of 20.0 ms CPU"


def test_a_press_runs_inside_the_first_frame_of_its_segment_only():
    calls = []

    class App:
        def step(self, dt):
            calls.append("step")
    f = bench.Frames(App())
    f.run("x: INFO", 3, lambda: calls.append("press"))
    assert calls == ["press", "step", "step", "step"] and len(f.cpu["x: INFO"]) == 3


def test_the_launch_probe_prints_each_mark_once_and_stops_at_the_lobby(monkeypatch):
    out = io.StringIO()
    monkeypatch.setattr(launch_probe, "_seen", set())
    monkeypatch.setattr("sys.stdout", out)
    monkeypatch.delenv("CABINET_LAUNCH_PROBE", raising=False)
    assert launch_probe.mark("first_frame") is False and out.getvalue() == ""     # off: nothing
    monkeypatch.setenv("CABINET_LAUNCH_PROBE", "1")
    assert launch_probe.mark("first_frame") is False
    assert launch_probe.mark("first_frame") is False
    assert launch_probe.mark("lobby") is True
    lines = out.getvalue().splitlines()
    assert [line.split()[:2] for line in lines] == [["launch-probe", "first_frame"], ["launch-probe", "lobby"]]
    assert float(lines[1].split()[2]) >= float(lines[0].split()[2])


def test_a_bad_size_is_one_line_and_exit_2(capsys):
    assert bench.main(["--size", "big"]) == 2
    assert "allowed: WIDTHxHEIGHT" in capsys.readouterr().err


@pytest.mark.parametrize("q,expected", [(0.5, 50), (0.99, 99), (1.0, 100)])
def test_percentile_picks_the_nearest_rank(q, expected):
    assert bench.percentile(list(range(101)), q) == expected
