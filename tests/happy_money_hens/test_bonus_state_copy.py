"""BonusSnapshot.copy (issue #34 item 1: no deepcopy in a bought bonus's press frame):
the copy equals the original and shares nothing `apply` changes."""
from __future__ import annotations

import copy

from games.happy_money_hens.view.bonus_state import BonusSnapshot, apply


def test_a_snapshot_copy_equals_a_deep_copy_and_changing_it_leaves_the_original_alone():
    snap = BonusSnapshot(combination=["DC", "HB"], cells={(0, 1): {"kind": "cash", "double": False,
                                                                     "boost_x100": 0, "value_x100": 200}},
                         active=[True, False], counts={0: 3}, landed=[(0, 1)], focus={"type": "bonus_spin"},
                         pots_won=["MINI"])
    deep = copy.deepcopy(snap)
    twin = snap.copy()
    assert twin == deep and twin is not snap
    twin.cells[(0, 1)]["value_x100"] = 999
    twin.active[1] = True
    twin.counts[0] = 1
    twin.names["MINI"] = 4
    twin.landed.append((2, 2))
    twin.pots_won.append("GRAND")
    twin.combination.append("PF")
    twin.focus["row"] = 1
    assert snap == deep                                   # the original is as it was


def test_apply_leaves_the_snapshot_it_was_given_as_it_was():
    start = apply(BonusSnapshot(), {"type": "bonus_start", "rows": 7, "reels": 5, "combination": ["DC"],
                                    "active_rows": [0, 1, 2], "row_counts": {"0": 3}, "lives": 3,
                                    "stuck": [{"row": 0, "reel": 1, "kind": "cash", "value_x100": 100}]})
    before = copy.deepcopy(start)
    boosted = apply(start, {"type": "boost", "boosts": [{"row": 0, "reel": 1, "value_x100": 300, "add_x100": 200}]})
    assert boosted.cells[(0, 1)]["value_x100"] == 300 and start == before
