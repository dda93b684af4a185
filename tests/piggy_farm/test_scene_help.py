"""The help pages a player reads are written from math.yaml: every buy and the ante
with its price, every wheel slice with its share, the sticky-grid numbers."""
from __future__ import annotations

from games.piggy_farm import GAME
from games.piggy_farm.math.tables import load
from games.piggy_farm.math.help import help_pages


def text() -> str:
    return "\n".join(body for _, body in help_pages())


def test_every_buy_and_the_ante_is_listed_with_its_price_from_the_math():
    t = text()
    for mode in GAME.modes:
        if mode.id == "base":
            continue
        assert f"{mode.label} ({mode.cost_x100 / 100:,g}x" in t, mode.label


def test_every_wheel_slice_is_listed_with_its_share_of_its_wheel():
    t = text()
    for tier, slices in load().wheel.tiers.items():
        total = sum(s.weight for s in slices)
        line = next(x for x in t.split("\n") if x.startswith(f"{tier.upper()}: "))
        for s in slices:
            assert f"{s.label} ({s.weight * 100 / total:.0f}%)" in line


def test_the_sticky_grid_numbers_come_from_the_math_file():
    grid = load().raw["sticky_grid"]
    t = text()
    assert f"charged at x{grid['first_charge']}" in t and f"by {grid['growth']}, up to x{grid['cap']}" in t
