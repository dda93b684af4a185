"""Piggy Farm's sound cues, synthesised (numpy) for `python -m
games.piggy_farm.tools.make_assets` (assets/sounds/piggy_farm/).

Cues: pf_drop (symbols land), pf_pop (a cluster explodes), pf_win (a cluster pays),
pf_bump (sticky grid charges), pf_wind (windmills trigger), pf_wheel (the wheel's
clicking spin), pf_ding (a result), pf_oink (HOG WILD), pf_rooster, pf_drum (RISK).
"""
from __future__ import annotations

import numpy as np

from cabinet.ui.synth import note


def bank(s) -> dict[str, np.ndarray]:
    """name -> mono samples at s.rate."""
    rng = np.random.default_rng(7)          # fixed noise texture (not a game draw)

    def noise(seconds: float, decay: float) -> np.ndarray:
        t = s.t(seconds)
        return (rng.standard_normal(len(t)).astype(np.float32) * np.exp(-decay * t)).astype(np.float32)
    clicks = [(i * (0.05 + 0.0009 * i * i), s.tone(note(10), 0.04, decay=90)) for i in range(40)]
    clicks = [(t, c) for t, c in clicks if t < 4.1]
    drum = [(i * max(0.2 - i * 0.006, 0.05), noise(0.12, 30) * 0.6 + s.tone(note(-30), 0.12, decay=25))
            for i in range(34)]
    return {
        "pf_drop": s.tone(note(-19), 0.12, decay=30, harmonics=(1.0, 0.4)) + noise(0.12, 60) * 0.15,
        "pf_pop": s.sweep(900, 300, 0.18, decay=12) * 0.5 + noise(0.18, 25) * 0.3,
        "pf_win": s.sequence([(0, s.tone(note(7), 0.2, decay=12)), (0.08, s.tone(note(12), 0.3, decay=10))], 0.4),
        "pf_bump": s.sweep(500, 1200, 0.16, decay=8) * 0.5,
        "pf_wind": s.sweep(200, 700, 0.8, decay=2) * 0.4 + noise(0.8, 3) * 0.2,
        "pf_wheel": s.sequence(clicks, 4.2),
        "pf_ding": s.tone(note(19), 0.6, decay=5),
        "pf_oink": s.sweep(330, 180, 0.22, decay=6) * 0.8 + s.sweep(300, 160, 0.22, decay=6) * 0.4,
        "pf_rooster": s.sequence([(0, s.sweep(500, 900, 0.2)), (0.2, s.sweep(900, 1100, 0.5)),
                                  (0.7, s.sweep(1100, 600, 0.4))], 1.2) * 0.6,
        "pf_drum": s.sequence(drum, 3.2),
    }
