"""Grinning Harvest's PAR-sheet hooks (GameSpec.math.par_info / .payout_sources / .batch_sources)."""
from __future__ import annotations

from typing import Any

import numpy as np

from cabinet.core.round import Round

from . import batch
from .help import help_sections
from .tables import load


def par_info() -> dict[str, Any]:
    """Reel strips and notes for the PAR sheet."""
    m = load()
    notes = [f"{title}: " + " ".join(paras) for title, paras in help_sections()]
    notes.append("Bonus landing chances per empty cell per spin: pumpkin "
                 f"{m.pumpkin_chance}/{m.chance_den}, vault {m.vault_chance}/{m.chance_den}.")
    return {"reel_strips": {"base": [list(r) for r in m.raw["reels"]]}, "notes": notes}


PLAIN_SOURCE = "lines"     # every win of a round that lists no feature


def payout_sources(rnd: Round) -> dict[str, int]:
    """A round's payout split into line wins, base collects and the bonus (capped rounds
    lose the excess from the bonus first)."""
    end = next(e for e in reversed(rnd.events) if e["type"] == "round_end")
    return _split(end["line_x100"], end["collect_x100"], rnd.payout_x100)


def batch_sources(seeds: np.ndarray, mode: str) -> dict[str, np.ndarray]:
    """payout_sources of the natural rounds of `seeds` (GameSpec.math.batch_sources), from
    play_batch's engine: a base round's line wins and collects (batch.base_parts); a
    bought round pays from its bonus only."""
    if mode == "base":
        pay, line, collect = batch.base_parts(seeds)
        return _split(line, collect, pay)
    pay = batch.play_batch(seeds, mode)[0]
    zero = np.zeros_like(pay)
    return _split(zero, zero, pay)


def _split(line, collect, payout):
    """The sources of rounds (ints, or arrays of many): the bonus is what the line wins
    and collects leave of the payout."""
    return {"lines": line, "collects": collect, "bonus": payout - line - collect}
