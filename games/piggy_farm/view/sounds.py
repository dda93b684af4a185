"""Piggy Farm's sound cues: pf_drop (symbols land), pf_pop (a cluster explodes), pf_win
(a cluster pays), pf_bump (sticky grid charges), pf_wind (windmills trigger), pf_wheel
(the wheel's clicking spin), pf_ding (a result), pf_oink (HOG WILD), pf_rooster,
pf_drum (RISK): files under assets/sounds/piggy_farm/ named by the game's manifest.
"""
from __future__ import annotations

from cabinet.ui import asset_files


def add_cues(audio) -> None:
    """Register the cues once (silent cabinets skip it)."""
    asset_files.load_sounds(audio, "piggy_farm")
