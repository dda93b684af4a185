"""The math overlay's book facts (cabinet/core/review_math.py) belong to the library
they were read from: a library made after another was dropped (as each test's cabinet
or a reloaded game makes its own) never gets the dropped one's strata, even where
Python puts it at the dropped one's address (`id`)."""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from cabinet.core.review_math import book_facts


class Books:
    """A mode's books, as much of a ModeBooks as book_facts reads: one book of weight 1,
    forced into the "bonus" category (force 0) or natural (force -1)."""

    def __init__(self, force: int):
        self.force = np.array([force], dtype=np.int16)
        self.weight = np.array([1], dtype=np.uint64)
        self.features = np.zeros(1, dtype=np.uint64)
        self.meta = {"feature_names": ["bonus"], "categories": ["bonus"]}

    def __len__(self) -> int:
        return len(self.force)

    def sums(self) -> tuple[int]:
        return (int(self.weight.sum()),)


class Library:
    def __init__(self, force: int):
        self.spec = SimpleNamespace(id="toy")
        self.mode = Books(force)

    def books(self, mode: str) -> Books:
        return self.mode

    def force(self, mode: str, book: int) -> str | None:
        return "bonus" if self.mode.force[book] >= 0 else None


def test_a_library_made_after_another_was_dropped_gets_its_own_strata():
    for i in range(40):
        forced = i % 2 == 0
        library = Library(0 if forced else -1)
        facts = book_facts(library, "base", 0)
        assert facts.stratum == ("bonus" if forced else "natural"), i
        assert facts.force == ("bonus" if forced else None)
        del library                          # its address is free for the next one
