"""Preparation jobs run a slice at a time, inside a frame's time budget.

A job is a plain Python generator: each `yield` ends a slice (a picture built, a module
imported, a page composed) and may yield a line saying what it does next (the splash
shows it). `Preparer.run(budget)` runs slices while the frame, counted from its
start, has used less than `budget` seconds, and never starts one after that: a frame
that is already busy prepares nothing. `finish()` runs every job to its end (the
splash, which shows progress between slices instead of frames).

Jobs run on the frame's thread, in the order wanted: pygame surfaces and fonts are
not drawn into from other threads. A job that raises is dropped with its error kept
(`errors`), so a bad game cannot stall the others or crash a frame.
"""
from __future__ import annotations

import time
from collections import OrderedDict
from typing import Any, Callable, Generator, Hashable, Iterator

Slices = Generator[Any, None, None]

START_LIMIT = 0.004        # no slice starts once the frame has used this much (seconds)


class Job:
    """One preparation: its generator, what it says it does, whether it is done."""

    def __init__(self, key: Hashable, slices: Iterator[Any], label: str = ""):
        self.key, self.slices, self.label = key, slices, label
        self.done = False
        self.error: BaseException | None = None
        self.slices_run = 0

    def step(self) -> bool:
        """Run one slice; True once the job is over (done or failed)."""
        try:
            said = next(self.slices)
            self.slices_run += 1
            if isinstance(said, str) and said:
                self.label = said
        except StopIteration:
            self.done = True
        except Exception as exc:            # kept for the report; the other jobs go on
            self.done, self.error = True, exc
        return self.done


class Preparer:
    """The app's preparations, in the order they were wanted."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter):
        self.clock = clock
        self.jobs: OrderedDict[Hashable, Job] = OrderedDict()
        self.finished: set[Hashable] = set()
        self.errors: dict[Hashable, BaseException] = {}
        self.total = 0                      # jobs ever wanted (the splash's progress)

    def want(self, key: Hashable, make: Callable[[], Iterator[Any]], label: str = "") -> None:
        """Queue the job `make()` under `key` unless it is queued or already done."""
        if key in self.jobs or key in self.finished:
            return
        self.jobs[key] = Job(key, iter(make()), label)
        self.total += 1

    def forget(self, key: Hashable) -> None:
        """Prepare `key` again when next wanted (what it built may be gone)."""
        self.finished.discard(key)
        self.jobs.pop(key, None)

    def ready(self, key: Hashable) -> bool:
        return key in self.finished

    @property
    def pending(self) -> int:
        return len(self.jobs)

    @property
    def label(self) -> str:
        job = next(iter(self.jobs.values()), None)
        return job.label if job is not None else ""

    def _step_first(self) -> None:
        key, job = next(iter(self.jobs.items()))
        if job.step():
            del self.jobs[key]
            self.finished.add(key)
            if job.error is not None:
                self.errors[key] = job.error

    def run(self, budget: float, frame_start: float) -> int:
        """Slices while the frame (started at `frame_start`, this clock) has used less
        than `budget` seconds; the number of slices run."""
        n = 0
        while self.jobs and self.clock() - frame_start < budget:
            self._step_first()
            n += 1
        return n

    def finish(self, between: Callable[[], None] | None = None) -> None:
        """Every job to its end; `between()` after each slice (the splash's frames)."""
        while self.jobs:
            self._step_first()
            if between is not None:
                between()
