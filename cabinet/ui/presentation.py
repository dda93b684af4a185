"""A round on screen is a timeline of timed steps built from the Round's events.

A `Step` lasts `duration` seconds of the injectable clock and has three hooks:
`start()` once when it begins, `tick(p)` with progress p in [0, 1] every frame, and
`end()` once when it finishes. Skipping (SPACE) and resuming after a crash both
run the remaining / already-shown steps instantly through the same hooks
(start, tick(1.0), end), so a scene whose hooks set its state correctly shows the
right picture whichever way it got there.

A step marked `hold=True` waits for the player before it begins (Happy Money Hens'
"the mini reels spin when the player presses START"): `advance` stops there until
`release()`; `skip()` (SPACE) runs the steps up to the next hold, not past it.
`fast_forward` (crash resume) and `skip_to_end` pass holds: what was shown is shown.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable


@dataclass
class Step:
    """One timed piece of a presentation (a reel stop, a cluster pop, a count-up)."""

    duration: float
    start: Callable[[], None] | None = None
    tick: Callable[[float], None] | None = None
    end: Callable[[], None] | None = None
    label: str = ""
    sound: str | None = None          # cue played when the step starts (not on skip)
    hold: bool = False                # waits for the player's START before it begins
    event: int = -1                   # the index of the round event it shows (review tools' single step)

    def begin(self) -> None:
        if self.start:
            self.start()

    def progress(self, p: float) -> None:
        if self.tick:
            self.tick(p)

    def finish(self) -> None:
        if self.tick:
            self.tick(1.0)
        if self.end:
            self.end()


def wait(seconds: float, label: str = "pause") -> Step:
    """A step that only lets time pass (a beat between two animations)."""
    return Step(seconds, label=label)


def instant(action: Callable[[], None], label: str = "") -> Step:
    """A zero-length step that changes state (e.g. shows the new balance)."""
    return Step(0.0, start=action, label=label)


# The cues that celebrate a win (a line's or a cluster's pay, a counter rolling, a
# total): a quiet presentation (`quiet=True`: the round's win is no bigger than its
# stake under config celebrate_wins_above_stake, cabinet/ui/celebration.celebrates)
# does not play them; the win itself is still shown.
WIN_CUES = frozenset({"coin", "win", "big_win", "pf_win", "hmh_count", "hmh_pot", "gh_collect"})


class Presentation:
    """Plays steps in order on `advance(dt)`; reports the steps it completes."""

    def __init__(self, steps: Iterable[Step], play_sound: Callable[[str], None] | None = None,
                 quiet: bool = False):
        self.steps = list(steps)
        self.quiet = quiet              # no win cues (a win no bigger than the stake)
        self.index = 0                  # the step playing now (== len(steps) when done)
        self.elapsed = 0.0              # seconds into the current step
        self._started = False
        self.play_sound = play_sound
        self._released = -1             # the index of the last hold the player released

    @property
    def done(self) -> bool:
        return self.index >= len(self.steps)

    @property
    def waiting(self) -> bool:
        """Held before a step that waits for the player (see `release`)."""
        return (not self.done and not self._started and self.steps[self.index].hold
                and self._released != self.index)

    def release(self) -> bool:
        """The player's START: the held step may begin; False when nothing was held."""
        if not self.waiting:
            return False
        self._released = self.index
        return True

    @property
    def total_duration(self) -> float:
        return sum(s.duration for s in self.steps)

    @property
    def current(self) -> Step | None:
        return None if self.done else self.steps[self.index]

    def _begin_current(self, audible: bool) -> None:
        step = self.steps[self.index]
        step.begin()
        if audible and step.sound and self.play_sound and not (self.quiet and step.sound in WIN_CUES):
            self.play_sound(step.sound)
        self._started = True

    def _finish_current(self) -> None:
        self.steps[self.index].finish()
        self.index += 1
        self.elapsed = 0.0
        self._started = False

    def advance(self, dt: float) -> list[int]:
        """Move time on by dt; returns the count of completed steps after each finish."""
        finished: list[int] = []
        budget = dt
        while not self.done:
            step = self.steps[self.index]
            if self.waiting:
                break
            if not self._started:
                self._begin_current(audible=True)
            remaining = step.duration - self.elapsed
            if budget < remaining:
                self.elapsed += budget
                step.progress(self.elapsed / step.duration if step.duration > 0 else 1.0)
                break
            budget -= max(remaining, 0.0)
            self._finish_current()
            finished.append(self.index)
        return finished

    def skip(self) -> int:
        """SPACE: run the remaining steps instantly up to the next hold (or the end);
        returns the new step count."""
        while not self.done and not self.waiting:
            if not self._started:
                self._begin_current(audible=False)
            self._finish_current()
        return self.index

    def skip_to_end(self) -> int:
        """Run every remaining step instantly (SPACE); returns the new step count."""
        self.fast_forward(len(self.steps))
        return self.index

    def fast_forward(self, upto: int) -> None:
        """Complete steps until `upto` have finished, silently (skip, crash resume)."""
        while self.index < min(upto, len(self.steps)):
            if not self._started:
                self._begin_current(audible=False)
            self._finish_current()


def count_up(seconds: float, start: Callable[[], int], end: int, show: Callable[[int], None],
             label: str = "count up", sound: str | None = "coin") -> Step:
    """A step that rolls an amount (cents) from `start()` (read when the step begins)
    to `end`, in integers; skipping or resuming lands exactly on `end`."""
    origin = {"v": 0}

    def begin() -> None:
        origin["v"] = start()

    def tick(p: float) -> None:
        eased = 1 - (1 - p) ** 3
        show(origin["v"] + int((end - origin["v"]) * eased) if p < 1.0 else end)

    return Step(seconds, start=begin, tick=tick, label=label, sound=sound)
