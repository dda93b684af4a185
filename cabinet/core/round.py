"""A round: its total payout and the events that present it.

A round generator `play(rng, mode, force=None) -> Round` is deterministic in its
RNG: the same seed and force give the same Round. Events are plain JSON-serialisable
dicts with a `type` key drawn from the game's closed set of event names; scenes
switch on that name. The payout is integer hundredths of the base bet.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Round:
    mode: str
    payout_x100: int
    events: list[dict[str, Any]] = field(default_factory=list)
    features: tuple[str, ...] = ()
    capped: bool = False
    # The part of payout_x100 that is jackpot (pot) awards: a money win limit that
    # "excludes jackpots" (Happy Money Hens) caps only the rest.
    jackpot_x100: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.payout_x100, int) or isinstance(self.payout_x100, bool):
            raise TypeError(f"payout_x100 must be int, got {type(self.payout_x100).__name__}")
        if self.payout_x100 < 0:
            raise ValueError("payout cannot be negative")
        if not 0 <= self.jackpot_x100 <= self.payout_x100:
            raise ValueError("jackpot_x100 must lie between 0 and payout_x100")

    @property
    def payout_x(self) -> float:
        """For display and statistics only; money uses payout_x100."""
        return self.payout_x100 / 100

    def to_json(self) -> str:
        return json.dumps({"mode": self.mode, "payout_x100": self.payout_x100,
                           "features": list(self.features), "capped": self.capped,
                           "jackpot_x100": self.jackpot_x100,
                           "events": self.events}, separators=(",", ":"))

    def event_types(self) -> list[str]:
        return [e["type"] for e in self.events]


def event(kind: str, **payload: Any) -> dict[str, Any]:
    """One event: {'type': kind, ...payload}. Keep payloads small and JSON-native."""
    payload["type"] = kind
    return payload
