"""Every event a game's play() emits is in its catalogue (GameSpec.events) with the
fields and types of its record; the shared records come from cabinet/core/events.py.
Rounds of every mode of the three games and the toy, natural and forced."""
from __future__ import annotations

import pytest

from cabinet.core import events as E
from cabinet.core.rng import Rng
from cabinet.core.books import resolve_game
from cabinet.core.game import discover
from tests.forced_rounds import forced_round

GAMES = [*discover(), "tests.toygame"]          # every game under games/, and the template
SHARED = {"reel_stop": E.ReelStop, "line_win": E.LineWin, "cluster_win": E.ClusterWin, "cap": E.Cap,
          "round_end": E.RoundEnd}


def rounds(spec, natural: int, forced: int):
    for mode in spec.modes:
        for cat in [None, *spec.math.book_forces.get(mode.id, {})]:
            for seed in range(natural if cat is None else forced):
                rnd = (spec.play(Rng(7_000 + seed), mode.id) if cat is None
                       else forced_round(spec, mode.id, cat, seed))
                yield mode.id, cat, rnd


@pytest.mark.parametrize("game", GAMES)
def test_every_event_is_in_the_catalogue_with_its_fields(game):
    spec = resolve_game(game)
    seen = set()
    for mode, cat, rnd in rounds(spec, 12, 1):
        assert rnd.events and rnd.events[-1]["type"] == "round_end", (mode, cat)
        for ev in rnd.events:
            record = spec.events.get(ev["type"])
            assert record is not None, f"{mode}/{cat}: {ev['type']} is not in {sorted(spec.events)}"
            assert E.problems(ev, record) == [], (mode, cat, ev)
            seen.add(ev["type"])
    assert len(seen) >= len(spec.events) // 2       # the rounds reach most of the vocabulary


@pytest.mark.parametrize("game", GAMES)
def test_a_shared_event_is_the_shared_record_or_extends_it(game):
    spec = resolve_game(game)
    for name, record in spec.events.items():
        assert E.type_name(record) == name
        if name in SHARED:
            assert set(SHARED[name].__annotations__) <= set(record.__annotations__), name


def test_the_check_reports_a_missing_an_unknown_and_a_mistyped_field():
    good = E.line_win(line=0, symbol="A", count=3, positions=[[0, 0], [0, 1], [0, 2]], pay_x100=500)
    assert E.problems(good, E.LineWin) == []
    bad = dict(good, pay_x100="5", colour="red")
    del bad["count"]
    found = E.problems(bad, E.LineWin)
    assert any("missing 'count'" in p for p in found) and any("'colour'" in p for p in found)
    assert any("'pay_x100'" in p for p in found)
    with pytest.raises(TypeError):
        E.cap()
    assert list(E.round_end(line_x100=1, payout_x100=2)) == ["line_x100", "payout_x100", "type"]
