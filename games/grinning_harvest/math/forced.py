"""Grinning Harvest's play for the book builder and the cabinet: `play(rng, mode,
force=None) -> Round`, exactly rules.play, with the costliest forced categories'
searches decided in batches.

A forced round is a natural round given its category (rules.proposal: the natural
tables, a base round's stops among the boards the category needs), so the rare
categories take thousands of attempts (a base Grand Jackpot about 1 in 4,100, a base
max win about 1 in 11,000 trigger boards, a bought max win up to 1 in 12,000), each
on its own sub-stream (cabinet/core/forcing.py). Here the attempts are decided many
at once by the vectorised engine on their own streams (batch.forced_accepts: the
same draws as rules.one_round), and the first one in the category is played by
rules.one_round with its events: the kept attempt, the hint, the round and the
replay are rules.play's (tests/grinning_harvest/test_forced_batches.py).
"""
from __future__ import annotations

from cabinet.core.forcing import ReplayError, first_accepted
from cabinet.core.rng import Rng
from cabinet.core.round import Round

from . import rules
from .batch import forced_accepts
from .tables import FOUND

BATCHED = set(rules.FORCE_LABELS)


def play(rng: Rng, mode: str = "base", force: str | None = None) -> Round:
    """rules.play(rng, mode, force), a BATCHED category's search decided in batches."""
    if force not in BATCHED:
        return rules.play(rng, mode, force)
    m = rules.load()
    if mode != "base":
        m.buy(mode)                       # KeyError for an unknown mode
    earlier = rules.earlier_categories(m, mode, force)
    replay = rng.trace is not None and rng.trace.replay
    what = f"{force} in {mode}"
    sub = first_accepted(rng, forced_accepts(mode, force, earlier), rules.FORCE_ATTEMPTS, what, streams=True,
                         found=FOUND)
    rnd = rules.one_round(sub, m, mode, force)
    if not rules.in_category(rnd, force, earlier):
        if replay:
            raise ReplayError(f"hint of '{what}' is not an accepted attempt")
        raise RuntimeError(f"{what}: the vectorised engine kept an attempt outside the category (engines disagree)")
    return rnd
