"""WIN LINES and WILD SYMBOLS sentences of the rules sheet, on hand-built boards."""
from games.happy_money_hens import GAME
from games.happy_money_hens.math.paytable import evaluate, paytable
from games.happy_money_hens.math.tables import load

FILL = ["J", "Q", "K", "A", "EGG"]


def board(rows):
    return [list(r) for r in rows]


def test_all_games_are_played_with_20_win_lines():
    m = load()
    assert len(m.lines) == 20 and len({tuple(l) for l in m.lines.tolist()}) == 20
    assert all(len(l) == 5 and set(l) <= {0, 1, 2} for l in m.lines.tolist())


def test_wins_pay_left_to_right_on_adjacent_reels_from_the_leftmost_reel():
    b = board([["Q", "K", "A", "K", "Q"], ["J", "HEN", "HEN", "HEN", "HEN"], ["K", "A", "Q", "J", "A"]])
    assert all(w["symbol"] != "HEN" for w in evaluate(b)["wins"])      # not from reel 1: no pay
    b[1][0] = "HEN"
    mid = [w for w in evaluate(b)["wins"] if w["line"] == 0]
    assert mid == [{"symbol": "HEN", "count": 5, "positions": [[1, c] for c in range(5)], "line": 0, "pay_x": 12.0}]


def test_a_gap_ends_the_run():
    b = board([["Q", "K", "A", "K", "Q"], ["ROOSTER", "ROOSTER", "J", "ROOSTER", "ROOSTER"], ["K", "A", "Q", "J", "A"]])
    assert not [w for w in evaluate(b)["wins"] if w["line"] == 0]


def test_wild_substitutes_for_all_symbols_for_line_wins():
    b = board([["Q", "K", "A", "K", "Q"], ["EGG", "WILD", "WILD", "EGG", "J"], ["K", "A", "Q", "J", "A"]])
    mid = [w for w in evaluate(b)["wins"] if w["line"] == 0][0]
    assert (mid["symbol"], mid["count"], mid["pay_x"]) == ("EGG", 4, 2.0)


def test_only_the_highest_award_is_paid_per_line_and_line_wins_add():
    b = board([["A", "A", "A", "J", "Q"], ["A", "WILD", "A", "K", "J"], ["A", "A", "A", "Q", "K"]])
    out = evaluate(b)
    per_line = {}
    for w in out["wins"]:
        assert w["line"] not in per_line            # one award per line
        per_line[w["line"]] = w["pay_x"]
    # A x3 pays 0.5 on the top, middle and bottom lines and on several zig-zags; all add
    assert per_line[0] == per_line[1] == per_line[2] == 0.5
    assert abs(out["total_x"] - sum(per_line.values())) < 1e-9


def test_feature_symbols_never_pay_on_lines_and_are_not_substituted():
    b = board([["BLUE", "BLUE", "BLUE", "BLUE", "BLUE"], ["RED", "WILD", "RED", "RED", "RED"], FILL])
    assert evaluate(b)["wins"] == []
    pt = paytable()
    assert set(pt["scatters"]) == {"BLUE", "RED", "GOLD"} and pt["wild"] == "WILD"


def test_wilds_only_appear_on_reels_2_3_and_4():
    m = load()
    for reel, strip in enumerate(m.strips):
        has = bool((strip == m.wild).any())
        assert has == (reel in (1, 2, 3))
    assert all((s != m.wild).all() for s in (m.strips[0], m.strips[4]))


def test_paytable_shape_follows_issue_3():
    pt = paytable()
    assert set(pt) >= {"symbols", "wild", "not_substituted", "scatters", "lines", "pays"}
    assert pt["pays"]["ROOSTER"] == {"3": 2.0, "4": 5.0, "5": 20.0}
    assert GAME.math.evaluate is evaluate and GAME.math.paytable is paytable
