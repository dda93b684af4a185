"""Happy Money Hens' own sound cues, synthesised for `python -m
games.happy_money_hens.tools.make_assets` (assets/sounds/happy_money_hens/): coins
landing, letters, pots, boosts, rows, the count-up and the gamble wheels."""
from __future__ import annotations

import numpy as np

from cabinet.ui.synth import Synth, note


def bank(s: Synth) -> dict[str, np.ndarray]:
    """Cue name -> mono samples."""
    return {
        "hmh_land": s.sequence([(0, s.tone(note(10), 0.12, decay=30)), (0.05, s.tone(note(17), 0.2, decay=18))], 0.3),
        "hmh_letter": s.sequence([(0, s.tone(note(19), 0.15, decay=20)), (0.08, s.tone(note(24), 0.25, decay=12))],
                                 0.4),
        "hmh_pot": s.sequence([(i * 0.09, s.tone(note(7 + m), 0.5, decay=5)) for i, m in
                               enumerate([0, 4, 7, 12, 16, 19, 24])], 1.2),
        "hmh_pot_add": s.sequence([(0, s.tone(note(12), 0.1, decay=25)), (0.07, s.tone(note(19), 0.18, decay=15))],
                                  0.3),
        "hmh_boost": s.sweep(300, 1400, 0.45, decay=2) * 0.6,
        "hmh_row": s.sequence([(i * 0.1, s.tone(note(m), 0.4, decay=6)) for i, m in enumerate([5, 9, 12, 17])], 0.9),
        "hmh_count": s.sequence([(i * 0.08, s.tone(note(24 + (i % 4) * 2), 0.1, decay=30)) for i in range(10)], 0.9),
        "hmh_wheel": s.sequence([(i * 0.11, s.tone(note(-5), 0.05, decay=60)) for i in range(20)], 2.3),
        "hmh_lose": s.sweep(420, 140, 0.6, decay=3) * 0.7,
    }
