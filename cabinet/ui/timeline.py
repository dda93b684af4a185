"""A round's timeline while it is built: what each `present_<type>` method reads.

`GameScene.round_steps` walks the round's events in order and calls the scene's
`present_<type>(event)` for each (one method per event type; a type without one
shows nothing). The methods share one `Timeline`: the round on screen, the event's
index, the running win in hundredths of the bet (`won_x100`, what the round has won
up to this event), the game's own running sums (`totals`) and build state (`state`),
and money at the round's bet (`cents`, `money`). Steps SET state when they run, so
a method reads the running figures now and captures them for its steps.
"""
from __future__ import annotations

from typing import Any

from cabinet.core.money import win_cents


class Timeline:
    def __init__(self, played: Any, currency: Any):
        self.played = played
        self.bet_cents: int = played.bet_cents
        self.currency = currency
        self.index = 0                        # the event being presented
        self.won_x100 = 0                     # the round's win so far, in event order
        self.totals: dict[str, int] = {}      # a game's own running sums (x100 or cents, as it says)
        self.state: dict[str, Any] = {}       # a game's own build state (e.g. the feature in progress)

    def add(self, key: str, amount: int) -> int:
        """Add to one of the game's running sums; returns the new sum."""
        self.totals[key] = self.totals.get(key, 0) + amount
        return self.totals[key]

    def total(self, key: str) -> int:
        return self.totals.get(key, 0)

    def win(self, x100: int) -> int:
        """Add to the running win; returns it."""
        self.won_x100 += x100
        return self.won_x100

    def cents(self, x100: int) -> int:
        """Hundredths of the bet as cents at the round's bet (rounded down, as paid)."""
        return win_cents(self.bet_cents, x100)

    def money(self, x100: int) -> str:
        """Hundredths of the bet as the player's money text."""
        return self.currency.format(self.cents(x100))


def building(timeline: Timeline | None) -> Timeline:
    """The timeline a `present_<type>` method reads (`GameScene.timeline`): one is
    always being built while those methods run."""
    if timeline is None:
        raise RuntimeError("a present_ method ran outside GameScene.round_steps")
    return timeline
