"""Grinning Harvest Hold-n-Win bonus: one test per sentence of the rules sheet, on
hand-built bonus states advanced with scripted spins (HarvestBonus.spin)."""
import pytest

from cabinet.core.rng import Rng
from games.grinning_harvest.math.bonus import BonusSetup, run_bonus
from games.grinning_harvest.math.forced import play   # rules.play, its searches decided in batches

from .helpers import WEBS, bonus, m, pumpkin, quiet_setup, row_table, vault


def vault_values(b):
    return {cell: b.board.cells[cell[0]][cell[1]]["value_x100"] for cell in b.vaults()}


def test_only_pumpkins_and_vaults_appear_in_the_bonus_and_no_line_wins():
    for seed in range(60):
        r = play(Rng(seed), "buy_harvest")
        assert "line_win" not in r.event_types() and "reel_stop" not in r.event_types()
        for e in r.events:
            if e["type"] == "bonus_spin":
                for item in e["landed"]:
                    assert item["kind"] in ("pumpkin", "vault")
                    assert item["cell"][1] in ((0, 2) if item["kind"] == "pumpkin" else (1,))


def test_pumpkins_land_only_on_reels_1_and_3_and_vaults_only_on_reel_2():
    b = bonus({(1, 1): vault(), (0, 0): pumpkin(2)})
    with pytest.raises(ValueError):
        b.spin({(0, 1): pumpkin(3)}, WEBS, None)
    with pytest.raises(ValueError):
        b.spin({(2, 2): vault()}, WEBS, None)
    chances = b.open_chances(BonusSetup(m().values_bonus, m().row, 11, 7))
    assert [row[1] for row in chances] == [7, 0, 7]           # held cells do not spin
    assert [row[0] for row in chances] == [0, 11, 11] and [row[2] for row in chances] == [11, 11, 11]


def test_vault_collects_pumpkins_landing_on_later_spins():
    b = bonus({(1, 1): vault(), (0, 0): pumpkin(2), (0, 2): pumpkin(3)})
    assert vault_values(b) == {(1, 1): 500}
    b.spin({(2, 0): pumpkin(4)}, WEBS, None)
    assert vault_values(b) == {(1, 1): 900}


def test_a_new_vault_does_not_collect_pumpkins_that_already_landed():
    b = bonus({(1, 1): vault(), (0, 0): pumpkin(2), (0, 2): pumpkin(3)})
    b.spin({(2, 1): vault()}, WEBS, None)
    assert vault_values(b) == {(1, 1): 500, (2, 1): 0}


def test_a_vault_collects_pumpkins_landing_on_the_same_spin():
    b = bonus({(1, 1): vault(), (0, 0): pumpkin(2), (0, 2): pumpkin(3)})
    b.spin({(2, 1): vault(), (2, 2): pumpkin(6)}, WEBS, None)
    assert vault_values(b) == {(1, 1): 1100, (2, 1): 600}


def test_several_vaults_each_collect_independently():
    b = bonus({(0, 1): vault(), (2, 1): vault(), (1, 0): pumpkin(5)})
    assert vault_values(b) == {(0, 1): 500, (2, 1): 500}
    b.spin({(1, 2): pumpkin(10)}, WEBS, None)
    assert vault_values(b) == {(0, 1): 1500, (2, 1): 1500} and b.total() == 3000
    collects = [e for e in b.res.events if e["type"] == "collect"]
    assert [c["vault"] for c in collects] == [[0, 1], [2, 1], [0, 1], [2, 1]]


def test_vaults_stay_fixed_to_the_end_and_at_most_3():
    b = bonus({(0, 1): vault(), (0, 0): pumpkin(2)})
    b.spin({(1, 1): vault()}, WEBS, None)
    b.spin({(2, 1): vault()}, WEBS, None)
    assert b.vaults() == [(0, 1), (1, 1), (2, 1)]
    assert [row[1] for row in b.open_chances(BonusSetup(m().values_bonus, m().row, 5, 5))] == [0, 0, 0]
    for _ in range(3):
        b.spin({}, WEBS, None)
        assert b.vaults() == [(0, 1), (1, 1), (2, 1)]
    assert m().max_vaults == 3


def test_counter_starts_at_3_resets_on_each_new_pumpkin_or_vault_and_ends_after_3_empty_spins():
    b = bonus({(1, 1): vault(), (0, 0): pumpkin(2), (0, 2): pumpkin(3)})
    assert b.board.lives == 3
    b.spin({}, WEBS, None)
    b.spin({}, WEBS, None)
    assert b.board.lives == 1
    b.spin({(1, 0): pumpkin(2)}, WEBS, None)
    assert b.board.lives == 3
    b.spin({}, WEBS, None)
    b.spin({(0, 1): vault()}, WEBS, None)
    assert b.board.lives == 3
    for _ in range(3):
        assert not b.finished
        b.spin({}, WEBS, None)
    assert b.finished and b.res.spins == 8
    assert [e["lives"] for e in b.res.events if e["type"] == "counter"] == [2, 1, 3, 2, 3, 2, 1, 0]


def test_multiplier_applies_only_to_the_symbol_directly_below_it():
    b = bonus({(1, 1): vault(), (1, 0): pumpkin(2)})
    b.spin({(0, 0): pumpkin(4), (2, 2): pumpkin(5)}, ["x3", "web", "x5"], None)
    # (0, 0) is directly below the x3: 12x; (2, 2) is not below the x5's cell: 5x
    assert vault_values(b) == {(1, 1): 200 + 1200 + 500}


def test_multiplier_above_a_vault_applies_to_its_value_before_it_collects():
    b = bonus({(0, 1): vault(), (1, 0): pumpkin(10)})
    b.spin({(2, 2): pumpkin(5)}, ["web", "x2", "web"], None)
    assert vault_values(b) == {(0, 1): 1000 * 2 + 500}            # not (10 + 5) * 2
    spin = [e for e in b.res.events if e["type"] == "bonus_spin"][0]
    assert spin["multipliers"] == [{"cell": [0, 1], "target": "vault", "multiplier": 2,
                                    "before_x100": 1000, "after_x100": 2000}]


def test_three_skulls_wake_the_great_skull_on_every_pumpkin_and_vault_value():
    b = bonus({(0, 1): vault(), (2, 1): vault(), (1, 0): pumpkin(10)})
    b.spin({(2, 2): pumpkin(5), (0, 0): pumpkin(2)}, ["skull"] * 3, 4)
    assert vault_values(b) == {(0, 1): 1000 * 4 + 2800, (2, 1): 1000 * 4 + 2800}
    assert "great_skull" in b.res.features


def test_great_skull_needs_three_skulls():
    b = bonus({(0, 1): vault(), (1, 0): pumpkin(10)})
    with pytest.raises(ValueError):
        b.spin({}, ["skull", "skull", "web"], 5)
    with pytest.raises(ValueError):
        b.spin({}, ["skull"] * 3, None)
    b.spin({(2, 2): pumpkin(5)}, ["skull", "skull", "web"], None)
    assert vault_values(b) == {(0, 1): 1500}
    mm = m()
    assert mm.great_skull_mult.tolist() == [3, 4, 5, 6, 7, 8, 9]
    assert sorted({int(x) for x in mm.row.multipliers} - {1}) == [2, 3, 4, 5]


def test_the_web_does_not_affect_the_reel_below():
    b = bonus({(0, 1): vault(), (1, 0): pumpkin(10)})
    b.spin({(0, 0): pumpkin(5)}, WEBS, None)
    assert vault_values(b) == {(0, 1): 1500}


def test_the_round_ends_at_the_cap_with_the_cap_paid():
    b = bonus({(0, 1): vault(), (1, 0): pumpkin(1000, "grand")}, cap_left_x100=1_500_000)
    b.spin({(0, 0): pumpkin(5)}, ["x5", "x5", "x5"], None)   # 1000*5 + 25 = 5025x
    assert not b.finished
    b.spin({(2, 2): pumpkin(2)}, ["skull"] * 3, 3)             # 15075 + 6 >= 15000
    assert b.finished and b.res.capped
    res = b.result()
    assert res.total_x100 == 1_500_000
    r = play(Rng(3), "buy_harvest", force="max_win")
    assert r.payout_x100 == 1_500_000 and r.capped and "cap" in r.event_types()
    assert r.event_types()[-2:] == ["cap", "round_end"]


def test_run_bonus_with_nothing_landing_ends_after_three_spins():
    res = run_bonus(Rng(9), m(), quiet_setup(), {(1, 1): vault(), (0, 0): pumpkin(3)}, 10**9)
    assert res.spins == 3 and res.total_x100 == 300 and not res.capped


def test_jackpot_coins_only_on_pumpkins():
    for seed in range(40):
        r = play(Rng(seed), "buy_harvest", force="jackpot_grand")
        cells = {tuple(e["cell"]) for e in r.events if e["type"] == "jackpot"}
        assert cells and all(c[1] in (0, 2) for c in cells)


def test_buy_options_start_boards():
    mm = m()
    assert [b.key for b in mm.buys] == [1, 2, 3, 4] and len({b.cost_x100 for b in mm.buys}) == 4
    for opt in mm.buys:
        r = play(Rng(4), opt.id)
        trig = r.events[0]
        assert trig["type"] == "bonus_trigger" and trig["source"] == "buy"
        assert len(trig["vaults"]) == opt.start_vaults
        assert sorted(p["cell"][1] for p in trig["pumpkins"]) == [0] * opt.start_pumpkins_per_reel + \
            [2] * opt.start_pumpkins_per_reel
    assert any(b.row is not mm.row for b in mm.buys)          # a boosted-row option exists


def test_row_table_helper_forces_items():
    setup = BonusSetup(m().values_bonus, row_table([0, 0, 0, 0, 1, 0]), 0, 0)
    res = run_bonus(Rng(2), m(), setup, {(0, 1): vault(), (1, 0): pumpkin(2)}, 10**9)
    assert res.total_x100 == 200 * 5 ** 3                       # x5 over the top-row vault 3 times


def test_big_win_flag_follows_the_math_file_threshold():
    from games.grinning_harvest.math.rules import big_win_x100
    mm = m()
    assert big_win_x100(mm, "base") == mm.raw["big_win"]["base"] * 100
    r = play(Rng(8), "buy_patch", force="big_win")
    assert r.payout_x100 >= mm.raw["big_win"]["buy"] * mm.buy("buy_patch").cost_x100
    assert "big_win" in r.features


def full_board_start() -> dict:
    """Every cell held: 3 vaults on reel 2, 6 pumpkins on reels 1 and 3 (total 21x)."""
    start = {(r, 1): vault() for r in range(3)}
    for r, (a, b) in enumerate([(1, 2), (3, 4), (5, 6)]):
        start[(r, 0)], start[(r, 2)] = pumpkin(a), pumpkin(b)
    return start


def test_a_full_board_keeps_spinning_until_3_empty_spins_and_the_row_still_multiplies():
    b = bonus(full_board_start())
    assert not b.board.open_cells()
    assert vault_values(b) == {(0, 1): 2100, (1, 1): 2100, (2, 1): 2100}
    assert not b.finished                                   # full, but the counter is at 3
    b.spin({}, ["web", "x2", "web"], None)                  # the x2 above the top vault
    assert vault_values(b) == {(0, 1): 4200, (1, 1): 2100, (2, 1): 2100}
    assert b.board.lives == 2 and not b.finished
    b.spin({}, ["skull"] * 3, 3)                            # the Great Skull on every vault
    assert vault_values(b) == {(0, 1): 12600, (1, 1): 6300, (2, 1): 6300}
    assert b.board.lives == 1 and not b.finished
    b.spin({}, ["x5", "x3", "x4"], None)                    # top vault again, x3
    assert vault_values(b) == {(0, 1): 37800, (1, 1): 6300, (2, 1): 6300}
    assert b.finished and b.res.spins == 3
    assert b.result().total_x100 == 37800 + 6300 + 6300
    with pytest.raises(RuntimeError):
        b.spin({}, WEBS, None)


def test_run_bonus_on_a_full_board_plays_3_more_spins_with_the_row_above():
    mm = m()
    setup = BonusSetup(mm.values_bonus, row_table([0, 1, 0, 0, 0, 0]), 2200, 600)   # x2 over every reel
    res = run_bonus(Rng(5), mm, setup, full_board_start(), mm.max_win_x100)
    assert res.spins == 3
    assert res.total_x100 == 2100 * 8 + 2100 + 2100               # top vault doubled three times


def test_vectorised_bonus_on_a_full_board_plays_3_more_spins_with_the_row_above():
    import numpy as np

    from games.grinning_harvest.math.rules import FEATURES
    from games.grinning_harvest.math.sim import bonus_batch
    mm = m()
    k = 1000
    feats = {f: np.zeros(k, dtype=bool) for f in FEATURES}
    pay, capped = bonus_batch(np.random.default_rng(3), mm, row_table([0, 1, 0, 0, 0, 0]), mm.values_bonus,
                              np.ones((k, 3, 2), dtype=bool), np.full(k, 2100, dtype=np.int64),
                              np.ones((k, 3), dtype=bool), np.full(k, mm.max_win_x100, dtype=np.int64), feats)
    assert not capped.any()
    assert (pay == 2100 * 8 + 2100 + 2100).all()


def test_a_full_board_still_plays_its_3_empty_spins_with_the_row_above():
    b = bonus({(0, 1): vault(), (1, 1): vault(), (2, 1): vault(), (0, 0): pumpkin(2), (1, 0): pumpkin(2),
               (2, 0): pumpkin(2), (0, 2): pumpkin(2), (1, 2): pumpkin(2)})
    b.spin({(2, 2): pumpkin(2)}, WEBS, None)                  # the board is now full
    assert not b.board.open_cells() and not b.finished
    b.spin({}, ["web", "x2", "web"], None)                     # the top vault doubles
    assert vault_values(b) == {(0, 1): 2400, (1, 1): 1200, (2, 1): 1200}
    b.spin({}, WEBS, None)
    b.spin({}, WEBS, None)
    assert b.finished and b.res.spins == 4
