"""Grinning Harvest base game: one test per sentence of the rules sheet
(docs/rules/grinning_harvest.md), on hand-built boards."""
from cabinet.core.money import format_short
from cabinet.core.rng import Rng
from games.grinning_harvest import GAME
from games.grinning_harvest.math.paytable import evaluate, paytable
from games.grinning_harvest.math.rules import settle_base

from .helpers import m, pumpkin, quiet_setup

FILLER = [["candy", "bat", "hat"], ["bat", "ghost", "candy"], ["cat", "candy", "bat"]]


def board_with(**cells):
    """FILLER with cells replaced: board_with(r0c1='vault')."""
    b = [row[:] for row in FILLER]
    for key, sym in cells.items():
        b[int(key[1])][int(key[3])] = sym
    return b


def settle(board, pumpkins):
    return settle_base(Rng(1), m(), board, pumpkins, quiet_setup())


def test_3x3_game_with_5_paylines():
    pt = paytable()
    assert len(pt["lines"]) == 5 and all(len(line) == 3 for line in pt["lines"])
    assert len(m().strips) == 3 and FILLER and evaluate(FILLER)["total_x"] == 0


def test_pays_left_to_right_on_adjacent_reels_from_the_leftmost():
    wins = evaluate([["bat", "cat", "cat"], ["ghost", "ghost", "ghost"], ["cat", "cat", "bat"]])["wins"]
    assert [(w["line"], w["symbol"], w["count"]) for w in wins] == [(0, "ghost", 3)]


def test_wild_substitutes_for_all_symbols_except_pumpkin_and_vault():
    assert evaluate([["candy", "bat", "hat"], ["witch", "wild", "witch"], ["cat", "candy", "bat"]])["total_x"] == 11
    board = [["candy", "bat", "hat"], ["pumpkin", "wild", "pumpkin"], ["cat", "candy", "bat"]]
    assert evaluate(board)["total_x"] == 0
    board = [["candy", "bat", "hat"], ["wild", "vault", "wild"], ["cat", "candy", "bat"]]
    assert evaluate(board)["total_x"] == 0
    assert paytable()["not_substituted"] == ["pumpkin", "vault"]


def test_only_the_highest_award_per_line():
    wins = evaluate([["candy", "bat", "hat"], ["wild", "wild", "wild"], ["cat", "candy", "bat"]])["wins"]
    assert [(w["symbol"], w["pay_x"]) for w in wins] == [("wild", 20.0)]   # not witch 11x, not both


def test_wins_on_different_lines_add():
    board = [["witch", "witch", "witch"], ["hat", "hat", "hat"], ["cat", "candy", "bat"]]
    assert evaluate(board)["total_x"] == 11 + 5.5


def test_pumpkins_only_on_reels_1_and_3_and_vault_only_on_reel_2():
    mm = m()
    for reel, strip in enumerate(mm.strips):
        syms = {mm.symbols[i] for i in strip}
        assert ("pumpkin" in syms) == (reel in (0, 2))
        assert ("vault" in syms) == (reel == 1)


def test_pumpkin_values_and_jackpot_coins_only_on_pumpkins():
    mm = m()
    allowed = {200, 300, 400, 500, 600, 700, 800, 900, 1000, 2500, 5000, 10000, 100000}
    assert mm.jackpots == {"mini": 2500, "minor": 5000, "mega": 10000, "grand": 100000}
    for table in (mm.values_base, mm.values_bonus):
        assert set(table.value_x100.tolist()) == allowed
        assert set(table.labels) >= {"mini", "minor", "mega", "grand"}


def test_base_vault_with_pumpkins_pays_their_values_at_once():
    board = board_with(r0c0="pumpkin", r1c1="vault")
    pay, events, feats, _ = settle(board, {(0, 0): pumpkin(7)})
    assert pay == 700 and "collect" in feats and "bonus" not in feats
    assert [e["amount_x100"] for e in events if e["type"] == "collect"] == [700]


def test_pumpkins_without_a_vault_pay_nothing():
    pay, events, feats, _ = settle(board_with(r0c0="pumpkin", r2c2="pumpkin"), {(0, 0): pumpkin(7), (2, 2): pumpkin(9)})
    assert pay == 0 and not feats


def test_several_vaults_each_collect_independently_in_the_base_game():
    board = board_with(r0c2="pumpkin", r2c2="pumpkin", r0c1="vault", r2c1="vault")
    pay, events, _, _ = settle(board, {(0, 2): pumpkin(5), (2, 2): pumpkin("mini" and 25, "mini")})
    collects = [e for e in events if e["type"] == "collect"]
    assert [c["vault"] for c in collects] == [[0, 1], [2, 1]]
    assert all(c["amount_x100"] == 3000 for c in collects) and pay == 6000
    assert [e["name"] for e in events if e["type"] == "jackpot"] == ["mini"]


def test_trigger_pumpkins_and_vault_carry_over_and_are_collected_before_the_first_bonus_spin():
    board = board_with(r1c0="pumpkin", r0c1="vault", r2c2="pumpkin")
    pay, events, feats, _ = settle(board, {(1, 0): pumpkin(4), (2, 2): pumpkin(6)})
    kinds = [e["type"] for e in events]
    assert "bonus" in feats and "collect" not in feats
    end = [e for e in events if e["type"] == "round_end"][0]
    assert end["collect_x100"] == 0                       # nothing paid in the base game
    trig = kinds.index("bonus_trigger")
    first_collect = kinds.index("collect")
    assert trig < first_collect < kinds.index("bonus_spin")
    assert events[first_collect]["phase"] == "bonus_start" and events[first_collect]["amount_x100"] == 1000
    assert pay == end["bonus_x100"] == 1000               # quiet bonus: 3 empty spins, nothing more


def test_pumpkin_on_one_side_only_does_not_trigger():
    board = board_with(r1c0="pumpkin", r0c0="pumpkin", r0c1="vault")
    _, _, feats, _ = settle(board, {(0, 0): pumpkin(2), (1, 0): pumpkin(3)})
    assert "bonus" not in feats and "collect" in feats


def test_line_wins_still_pay_on_a_trigger_spin():
    board = [["pumpkin", "vault", "pumpkin"], ["witch", "witch", "witch"], ["cat", "candy", "bat"]]
    pay, events, _, _ = settle(board, {(0, 0): pumpkin(2), (0, 2): pumpkin(2)})
    assert pay == 1100 + 400


def test_shortened_values_round_down():
    assert format_short(10_250_500 * 100) == "10.25M"     # the sheet's example, in cents


def test_stated_rtp_bets_and_max_win():
    assert GAME.rtp["base"] == 0.9431
    assert all(GAME.rtp[b.id] == 0.9432 for b in GAME.modes if b.kind == "buy")
    assert GAME.bet_ladder[0] == 10 and GAME.bet_ladder[-1] == 1500
    assert GAME.max_win_x == 15000
