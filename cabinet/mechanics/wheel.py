"""A weighted prize wheel in tiers, with an upgrade chain.

Each tier is a wheel of slices; a slice has a `kind` (any name the game uses, e.g.
'coin', 'free_spins'), a `value` and an integer `weight` (its share of the wheel). A
slice of kind `upgrade_kind` carries the spin to the next tier's wheel, which is spun
in turn, so one spin yields a chain of stops ending on a non-upgrade slice. The top
tier must hold no upgrade slice. Generic: games configure tiers and slices with data.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Sequence

import numpy as np

from cabinet.core.rng import Rng


@dataclass(frozen=True)
class Slice:
    kind: str
    value: Any
    weight: int
    label: str = ""


@dataclass(frozen=True)
class WheelStop:
    """One stop of a spin: the tier spun, the slice index it landed on, the slice."""

    tier: str
    index: int
    slice: Slice


@dataclass
class Wheel:
    tiers: dict[str, list[Slice]]               # in upgrade order, lowest first
    upgrade_kind: str = "upgrade"
    _cum: dict[str, np.ndarray] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        names = list(self.tiers)
        for name, slices in self.tiers.items():
            if not slices or any(s.weight < 0 for s in slices) or sum(s.weight for s in slices) <= 0:
                raise ValueError(f"wheel tier {name!r} needs positive weights")
            self._cum[name] = np.cumsum([s.weight for s in slices]).astype(np.int64)
        if any(s.kind == self.upgrade_kind and s.weight for s in self.tiers[names[-1]]):
            raise ValueError("the top tier cannot upgrade")

    def next_tier(self, tier: str) -> str:
        names = list(self.tiers)
        return names[names.index(tier) + 1]

    def spin(self, rng: Rng, tier: str, force: Callable[[WheelStop], bool] | None = None) -> list[WheelStop]:
        """Spin `tier`, following upgrades; returns every stop, the last one pays.

        `force`, if given, restricts each landing to slices it accepts (for demo and
        book forcing: the draw stays weighted among the accepted slices)."""
        stops = []
        while True:
            slices = self.tiers[tier]
            if force is None:
                i = rng.weighted_cum(self._cum[tier])
            else:
                w = [s.weight if force(WheelStop(tier, j, s)) else 0 for j, s in enumerate(slices)]
                i = rng.weighted(w)
            stop = WheelStop(tier, i, slices[i])
            stops.append(stop)
            if stop.slice.kind != self.upgrade_kind:
                return stops
            tier = self.next_tier(tier)

    def outcome_odds(self, tier: str) -> dict[tuple[str, int], Fraction]:
        """Exact probability of ending on each (tier, slice index) from `tier`."""
        out: dict[tuple[str, int], Fraction] = {}
        p = Fraction(1)
        while True:
            slices = self.tiers[tier]
            total = sum(s.weight for s in slices)
            up = Fraction(0)
            for j, s in enumerate(slices):
                q = p * Fraction(s.weight, total)
                if s.kind == self.upgrade_kind:
                    up += q
                elif q:
                    out[(tier, j)] = out.get((tier, j), Fraction(0)) + q
            if not up:
                return out
            p, tier = up, self.next_tier(tier)

    def expected(self, tier: str, value_of: Callable[[Slice], float]) -> float:
        """Expected value of a spin from `tier`, given each final slice's worth."""
        return float(sum(p * Fraction(value_of(self.tiers[t][j])) for (t, j), p in self.outcome_odds(tier).items()))


def wheel_from_data(data: dict[str, Sequence[dict]], upgrade_kind: str = "upgrade") -> Wheel:
    """Build a Wheel from {tier: [{kind, value, weight, label}, ...]} (math files)."""
    return Wheel({t: [Slice(d["kind"], d.get("value"), int(d["weight"]), d.get("label", "")) for d in slices]
                  for t, slices in data.items()}, upgrade_kind)
