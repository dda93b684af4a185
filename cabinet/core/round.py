"""A round: its total payout and the events that present it.

A round generator `play(rng, mode, force=None) -> Round` is deterministic in its
RNG: the same seed and force give the same Round. Events are plain JSON-serialisable
dicts with a `type` key drawn from the game's closed set of event names; scenes
switch on that name. The payout is integer hundredths of the base bet.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from .rng import Rng


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


def feature_tuples(flags: Any, names: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Rows of a bool matrix (n, len(names)) as Round.features tuples (the names set
    in each row, in `names` order): what a batch generator returns per round."""
    flags = np.asarray(flags, dtype=bool)
    codes = flags.astype(np.int64) @ (np.int64(1) << np.arange(len(names), dtype=np.int64))
    table = {int(c): tuple(n for i, n in enumerate(names) if int(c) >> i & 1) for c in np.unique(codes)}
    return [table[c] for c in codes.tolist()]


def batch_by_play(play: Callable[..., "Round"], seeds: Any, mode: str, force: str | None = None
                  ) -> tuple[np.ndarray, list[tuple[str, ...]], np.ndarray]:
    """A play_batch answer computed by `play` itself, seed by seed (for what a batch
    generator does not vectorise, e.g. forced books): (payout_x100, features, jackpot_x100)."""
    rounds = [play(Rng.for_book(int(s)), mode, force) for s in np.asarray(seeds, dtype=np.uint64).tolist()]
    return (np.array([r.payout_x100 for r in rounds], dtype=np.int64), [r.features for r in rounds],
            np.array([r.jackpot_x100 for r in rounds], dtype=np.int64))
