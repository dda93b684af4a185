"""The help text is written from math.yaml: every number a player reads is the math's."""
from __future__ import annotations

from games.piggy_farm.math.help import help_text, x
from games.piggy_farm.math.tables import load


def test_help_shows_every_pay_price_and_prize_of_the_math_file():
    pm = load()
    text = help_text()
    for row in pm.raw["pays_x100"].values():
        for v in row:
            assert x(v) in text
    for mid, m in pm.raw["modes"].items():
        if mid == "base":
            continue
        assert f"{m['label']} ({x(m['cost_x100'])}" in text
    for tier in pm.wheel.tiers.values():
        for s in tier:
            if s.kind == "coin":
                assert f"{x(s.value)} coins" in text
            elif s.kind == "free_spins":
                assert f"free spins at x{s.value}" in text
    assert "50,000x" in text and "96.70%" in text and "7,149,814" in text
    assert "4,000x" in text and "1 in 7.52" in text
    assert "x128" in text and "charged at x1" in text and "by 2" in text


def test_amounts_are_written_exactly():
    assert [x(v) for v in (5, 150, 200, 400000, 5000000)] == ["0.05x", "1.5x", "2x", "4,000x", "50,000x"]
