"""A game's record of its book searches' first accepted attempts (`found.json` beside
its math file), so a build checks one attempt per forced book instead of searching.

A forced book's round is found by a batched search (forcing.first_accepted): the
first attempt, counted from 0, that the category takes, on a sub-stream fixed by the
search's key (the first draw of the book's stream: build seed, mode, stratum,
position). Which attempt that is depends only on the key and the round code, so it is
found once by `python -m cabinet.math find-books GAME`, which plays every forced
book of the default build seed and records each search the game looks up here. The
build then plays only the recorded attempt, after checking the category takes it
(forcing.checked_index: a record the category does not take, stale after a change of
the rules or altered, stops the build with the search named). A key the record does
not hold (another build seed, a book added) is searched as before.

The record is only a shortcut: a book built with it is the very book a search from
attempt 0 gives, as long as each recorded attempt is the first (`find-books --check`
searches every one again from 0 and reports any difference; the shipped libraries'
tests replay their books). Round code: the games' forced searches read it.
"""
from __future__ import annotations

import json
from pathlib import Path

from .forcing import Accepts, ForceFailed, StreamAccepts, checked_index, first_index
from .math_file import is_whole

TOOL = "python -m cabinet.math find-books"
ALLOWED = ('allowed: {"attempts": {"<search key>": <attempt>, ...}} keys from 0 to 2**64 - 1, attempts '
           f"from 0 to 2**32 - 1, as `{TOOL}` writes it")


def read_found(path: Path) -> dict[int, int]:
    """found.json's {search key: first accepted attempt} ({} without the file): keys
    whole numbers in 0 .. 2**64 - 1, attempts in 0 .. 2**32 - 1 (JSON integers, no
    floats or booleans; a search gives up long before); anything else, a folder in
    its place or a read error is a ValueError naming the file and what is allowed."""
    if not path.exists():
        return {}
    try:
        attempts = json.loads(path.read_text())["attempts"]
        found = {int(k): v for k, v in attempts.items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"{path}: not a record of found attempts ({exc}); {ALLOWED}") from None
    for key, k in found.items():
        if not 0 <= key < 2**64 or not is_whole(k, 0, 2**32 - 1):
            raise ValueError(f"{path}: search {key}'s attempt {k!r} is not a whole number in range; {ALLOWED}")
    return found


class FoundSearches:
    """One game's record (`path`), read when a search first needs it. `resolve` gives a
    search's first accepted attempt: the recorded one once checked, else searched.
    find-books sets `ignored` (search everything again) and `noted` (collect every
    search looked up here, {key: attempt})."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.ignored = False
        self.noted: dict[int, int] | None = None
        self._attempts: dict[int, int] | None = None

    @property
    def attempts(self) -> dict[int, int]:
        if self._attempts is None:
            self._attempts = read_found(self.path)
        return self._attempts

    def forget(self) -> None:
        """Read the file again at the next search (find-books after writing it, tests)."""
        self._attempts = None

    def resolve(self, key: int, accepts: Accepts | StreamAccepts, limit: int, what: str, streams: bool) -> int:
        known = None if self.ignored else self.attempts.get(key)
        if known is not None:
            try:
                k = checked_index(key, known, accepts, what, streams)
            except ForceFailed as exc:
                raise ForceFailed(f"{exc} (in {self.path}); find it again: {TOOL} {self.path.parent.name}") from None
        else:
            k = first_index(key, accepts, limit, what, streams)
        if self.noted is not None:
            self.noted[key] = k
        return k
