"""Grinning Harvest's own sound cues, synthesised for `python -m
games.grinning_harvest.tools.make_assets` (assets/sounds/grinning_harvest/): pumpkins landing, a vault collecting,
a jackpot coin, the Great Skull waking, a multiplier, the counter resetting."""
from __future__ import annotations

import numpy as np

from cabinet.ui.synth import Synth, note


def bank(s: Synth) -> dict[str, np.ndarray]:
    """Cue name -> mono samples."""
    minor = [0, 3, 7, 12, 15]
    return {
        # A hollow wooden knock: a pumpkin or vault lands.
        "gh_land": s.tone(note(-17), 0.22, decay=18, harmonics=(1.0, 0.6, 0.0, 0.3)),
        "gh_jackpot_land": s.sequence([(0, s.tone(note(-17), 0.2, decay=18)), (0.05, s.tone(note(19), 0.4, decay=9))],
                                      0.5),
        # Coins rattling into the vault.
        "gh_collect": s.sequence([(i * 0.06, s.tone(note(20 + (i % 3) * 3), 0.12, decay=30)) for i in range(8)],
                                 0.7),
        # A spooky minor fanfare.
        "gh_jackpot": s.sequence([(i * 0.13, s.tone(note(m - 2), 0.9, decay=3.5)) for i, m in enumerate(minor)], 1.6),
        # The Great Skull: a low growl sweeping down under a tritone bell.
        "gh_skull": s.sequence([(0, s.sweep(160, 55, 1.2, decay=1.2) * 0.9), (0.1, s.tone(note(-6), 1.0, decay=3)),
                                (0.1, s.tone(note(0), 1.0, decay=3) * 0.7)], 1.3),
        "gh_multiplier": s.sequence([(0, s.sweep(300, 1200, 0.25, decay=3) * 0.6),
                                     (0.22, s.tone(note(24), 0.3, decay=12))], 0.55),
        # Reel 3 spinning on for the bonus: a rising tremolo.
        "gh_tease": (s.sweep(200, 700, 0.9, decay=0.5) * (0.6 + 0.4 * np.sin(2 * np.pi * 14 * s.t(0.9)))).astype(
            np.float32),
        "gh_reset": s.sequence([(0, s.tone(note(12), 0.1, decay=30)), (0.08, s.tone(note(19), 0.16, decay=24))], 0.26),
    }
