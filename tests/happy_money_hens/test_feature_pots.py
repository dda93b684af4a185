"""FEATURE SYMBOLS sentences: pots, trigger chances, combinations, levels."""
import inspect
from fractions import Fraction

from cabinet.core.rng import Rng
from games.happy_money_hens.math.tables import load
from games.happy_money_hens.math.pots import (advance_levels, combo_odds, count_distribution,
                                              triggered_given_counts)
from games.happy_money_hens.math.rules import play

from .helpers import ScriptedRng


def stops_showing(symbol_per_reel):
    """Stops per reel whose window shows the wanted feature symbol (or none at all)."""
    m = load()
    out = []
    for reel, want in enumerate(symbol_per_reel):
        s = m.strips[reel]
        n = len(s)
        feats = {m.feature_index[i]: name for i, name in enumerate(("BLUE", "RED", "GOLD"))}
        for stop in range(n):
            view = [int(s[(stop + r) % n]) for r in range(3)]
            shown = [feats[x] for x in view if x in feats]
            if (want is None and not shown) or (want is not None and shown == [want]):
                out.append(stop)
                break
    return out


FAIL = 10**9          # a below() answer that fails every chance
OK = 0                # a below() answer that wins every chance


def base_round(features, triggers, grows=None, mode="base"):
    stops = stops_showing(features)
    n = sum(f is not None for f in features)
    # every symbol's trigger draw first, then every symbol's level draw
    draws = [OK if t else FAIL for t in triggers] + [OK if g else FAIL for g in grows or [False] * n]
    return play(ScriptedRng(stops + draws + [0] * 50), mode)


def test_every_feature_symbol_in_view_is_added_to_its_pot():
    r = base_round(["BLUE", "RED", None, "BLUE", "GOLD"], [False] * 4)
    fs = [e for e in r.events if e["type"] == "feature_symbol"]
    assert [(e["pot"], e["reel"]) for e in fs] == [("BLUE", 0), ("RED", 1), ("BLUE", 3), ("GOLD", 4)]
    assert "bonus_start" not in r.event_types()


def test_an_addition_may_trigger_the_bonus_with_its_feature_active():
    for colour, feature in (("BLUE", "double_coins"), ("RED", "pot_fill"), ("GOLD", "happy_boost")):
        r = base_round([colour, None, None, None, None], [True])
        trig = [e for e in r.events if e["type"] == "pot_trigger"][0]
        assert trig["combination"] == [feature] and "bonus_start" in r.event_types()


def test_several_triggered_pots_give_that_combination():
    r = base_round(["BLUE", None, "GOLD", None, None], [True, True])
    trig = [e for e in r.events if e["type"] == "pot_trigger"][0]
    assert trig["code"] == "DC+HB" and trig["pots"] == ["BLUE", "GOLD"]


def test_more_feature_symbols_increase_the_trigger_chance():
    m = load()
    q = Fraction(m.trigger["base"], m.feature_den)
    one = 1 - triggered_given_counts(q, (1, 0, 0), 0)
    two = 1 - triggered_given_counts(q, (2, 0, 0), 0)
    assert two > one and two == 1 - (1 - q) ** 2
    assert sum(count_distribution().values()) == 1


def test_happy_boost_bonuses_may_bring_another_feature():
    odds = combo_odds("base")
    assert odds[4 | 1] > 0 and odds[4 | 2] > 0 and odds[7] > 0


def test_pot_level_grows_up_to_4_and_resets_to_1_when_a_bonus_is_awarded():
    r = base_round(["BLUE", None, None, "BLUE", None], [False, False], grows=[True, True])
    levels = advance_levels({"BLUE": 3, "RED": 1, "GOLD": 2}, r.events)
    assert levels == {"BLUE": 4, "RED": 1, "GOLD": 2}          # capped at 4
    r = base_round(["RED", None, None, None, None], [True], grows=[True])
    assert "pot_levels_reset" in r.event_types()
    assert advance_levels({"BLUE": 4, "RED": 2, "GOLD": 3}, r.events) == {"BLUE": 1, "RED": 1, "GOLD": 1}


def test_the_pot_level_does_not_change_the_trigger_chance():
    # outcomes are drawn from (rng, mode, force) only: the level is not an input
    assert list(inspect.signature(play).parameters) == ["rng", "mode", "force"]
    a = play(Rng(99), "base")
    b = play(Rng(99), "base")
    assert a.to_json() == b.to_json()


def test_bought_bonuses_do_not_reset_the_levels():
    r = play(Rng(3), "buy_mystery")
    assert "pot_levels_reset" not in r.event_types()
