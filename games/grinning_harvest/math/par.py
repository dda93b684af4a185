"""Grinning Harvest's PAR-sheet hooks (GameSpec.par_info / .payout_sources)."""
from __future__ import annotations

from typing import Any

from cabinet.core.round import Round

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
    line, collect = end["line_x100"], end["collect_x100"]
    return {"lines": line, "collects": collect, "bonus": rnd.payout_x100 - line - collect}
