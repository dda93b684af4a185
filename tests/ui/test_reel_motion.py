"""A reel's planned spin (cabinet/ui/reel_motion.py) and the steps a ReelSet makes of
it: it pulls back, runs, lands exactly on the recorded stop at its arrival time and
settles; reels land left to right; an anticipated reel (and those after it) spins
on, slower; skipping the steps lands on the board."""
from __future__ import annotations

from cabinet.ui.presentation import Presentation
from cabinet.ui.reel_motion import SETTLE_T, ReelMotion
from cabinet.ui.reels import ReelSet

STRIP = [f"s{i}" for i in range(24)]


def _window(strip, stop, rows=3):
    return [strip[(stop + r) % len(strip)] for r in range(rows)]


def test_a_spin_pulls_back_runs_down_and_lands_on_the_recorded_stop():
    reel = ReelMotion(STRIP, 3, _window(STRIP, 4), stop=4)
    reel.start(0.0, 0.9, _window(STRIP, 17), 17, delay=0.05)
    assert reel.at(0.11)[0] > 0                          # pulled back (the strip moves up) ...
    assert reel.at(0.5)[1] > 0.9 * reel.speed            # ... then runs down at full speed
    for t in [i / 100 for i in range(80)]:
        assert reel.outcome_shift(t) is None or t > 0.7  # the outcome comes in from above, late
    pos, _ = reel.at(0.9)
    assert pos == reel.plan["far"]                       # in place exactly at its arrival
    overshoot = max(reel.plan["far"] - reel.at(0.9 + i / 200)[0] for i in range(40))
    assert 0.05 < overshoot < 0.35                       # a small settle past it and back
    reel.update(0.9 + SETTLE_T)
    assert reel.plan is None and reel.pos == 0.0
    assert [reel.cell(k)[0] for k in range(-1, 4)] == [STRIP[16]] + _window(STRIP, 17) + [STRIP[20]]


def test_every_strip_cell_drawn_during_a_spin_is_the_strips_and_the_old_board_leaves_below():
    old = ["x", "y", "z"]                                # a board not on the strip (an idle picture)
    reel = ReelMotion(STRIP, 3, old)
    reel.start(0.0, 1.2, _window(STRIP, 9), 9)
    seen_old = set()
    for i in range(130):
        pos, _ = reel.at(i / 100)
        top = int(pos // 1)
        for k in range(top, top + 4):
            sym, index = reel.cell(k)
            if index is None:
                assert sym in old or sym in _window(STRIP, 9)
                seen_old |= {sym} & set(old)
            else:
                assert STRIP[index] == sym
    assert seen_old == set(old)


def test_a_teased_reel_is_slower_when_it_lands():
    plain, teased = ReelMotion(STRIP, 3, _window(STRIP, 0), 0), ReelMotion(STRIP, 3, _window(STRIP, 0), 0)
    plain.start(0.0, 1.6, _window(STRIP, 5), 5)
    teased.start(0.0, 1.6, _window(STRIP, 5), 5, tease_from=0.8)
    assert teased.at(1.5)[1] < 0.7 * plain.at(1.5)[1]
    assert teased.at(1.6)[0] == teased.plan["far"]


def _steps(teases=()):
    reels = ReelSet(None, (0, 0, 500, 300), 5, 3, lambda size: {}, [STRIP] * 5)
    columns = [_window(STRIP, 3 * c) for c in range(5)]
    per = reels.spin_steps(columns, [3 * c for c in range(5)], teases=teases)
    return reels, columns, [s for col in per for s in col]


def test_the_reels_land_left_to_right_each_as_its_stop_step_begins():
    reels, columns, steps = _steps()
    assert [s.label for s in steps] == ["reels spin"] + [f"reel {c} stops" for c in range(1, 6)]
    at = 0.0
    for step in steps:
        step.begin()
        if step.label.startswith("reel "):
            c = int(step.label.split()[1]) - 1
            reels._set_clock(reels.clock)
            assert reels.reels[c].arrived(reels.clock)
            assert all(not reels.reels[k].arrived(reels.clock) for k in range(c + 1, 5))
        step.progress(0.5)
        step.finish()
        at += step.duration
    assert reels.board() == [[columns[c][r] for c in range(5)] for r in range(3)] and not reels.moving


def test_anticipation_comes_before_the_teased_reel_and_skipping_lands_on_the_board():
    reels, columns, steps = _steps(teases=[3])
    labels = [s.label for s in steps]
    assert labels.index("anticipation") == labels.index("reel 4 stops") - 1
    pres = Presentation(steps)
    pres.advance(0.3)
    assert reels.moving
    pres.skip()
    assert not reels.moving and reels.board() == [[columns[c][r] for c in range(5)] for r in range(3)]
