"""The pot and full-board forced rounds are searched in batches (rules._forced_in_batches,
decided by batch_bonus.BonusLockstep): the kept attempt is the first one whose
combination and bonus are in the category, exactly as a search attempt by attempt with
the one-at-a-time bonus (bonus.HensBonus) keeps, and the book replays from its hints."""
import numpy as np
import pytest

from cabinet.core.forcing import substream
from cabinet.core.rng import Rng
from cabinet.core.rng_batch import BookStreams
from games.happy_money_hens.math import rules
from games.happy_money_hens.math.batch_bonus import BonusLockstep
from games.happy_money_hens.math.bonus import HensBonus
from games.happy_money_hens.math.rules import natural_combo_weights, play
from games.happy_money_hens.math.tables import COMBOS, load


def pick_by_scan(rng, probs):
    """The combination pick spelled out: one below_big over the common denominator,
    the first index whose cumulative probability exceeds it."""
    from fractions import Fraction
    from math import lcm
    from cabinet.mechanics.exact_chance import below_big
    den = 1
    for p in probs:
        den = lcm(den, p.denominator)
    x, u = below_big(rng, den), Fraction(0)
    for i, p in enumerate(probs):
        u += p
        if x < u * den:
            return i
    return len(probs) - 1


def attempt_by_attempt(mode, seed, wanted, excluded, upto):
    """For attempts 0..upto of the book's search, whether each is in the category, by
    HensBonus (attempt k: the seed of its bonus, then its combination, on its own
    sub-stream), and the kept attempt's combination."""
    m = load()
    key = Rng(seed).seed64()
    weights = natural_combo_weights(mode)
    only = [c for c, w in zip(COMBOS, weights) if w]
    out = []
    for k in range(upto + 1):
        sub = substream(key, k)
        bonus_seed = sub.seed64()
        combo = only[0] if len(only) == 1 else COMBOS[pick_by_scan(sub, weights)]
        if wanted.startswith("pot_") and not combo & 2:
            out.append((False, combo))
            continue
        b = HensBonus(Rng(bonus_seed), m, combo, [])
        b.run()
        feats = rules.bonus_feats(m, mode, b)
        out.append((wanted in feats and not feats & excluded, combo))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("mode,force,seed", [("fortune_2", "pot_grand", 3), ("buy_mystery", "pot_grand", 8),
                                             ("fortune_2", "full_board", 4), ("base", "pot_grand", 1),
                                             ("buy_triple", "full_board", 2), ("base", "big_bonus", 1),
                                             ("fortune_2", "big_bonus", 23), ("fortune_1_5", "big_bonus", 17),
                                             ("bonus_pf_hb", "pot_grand", 6)])
def test_the_batched_search_keeps_the_first_attempt_in_the_category(mode, force, seed):
    rng = Rng.recording(seed)
    r = play(rng, mode, force)
    k = rng.trace.values[0]
    excluded = rules.excluded_before(load(), mode, force)
    ref = attempt_by_attempt(mode, seed, force, excluded, k)
    assert [i for i, (ok, _) in enumerate(ref) if ok] == [k]         # none before it, and it is in
    if mode not in rules.BONUS_MODES:            # a gamble bonus library's round is the bonus alone
        trigger = [e for e in r.events if e["type"] == "pot_trigger"][0]
        assert rules.combo_from_code(trigger["code"]) == ref[k][1]
    assert force in r.features and not excluded & set(r.features)
    end = [e for e in r.events if e["type"] == "bonus_end"][0]
    if force == "big_bonus":
        assert end["total_x100"] >= load().big_bonus_x100[mode]
    else:
        assert end["full_board"] if force == "full_board" else "GRAND" in end["pots_won"]
    again = play(Rng.for_book(seed, rng.trace.values), mode, force)
    assert again.events == r.events and again.payout_x100 == r.payout_x100


def test_a_full_board_of_a_spin_mode_has_no_grand_and_its_base_part_gives_the_kept_combination():
    r = play(Rng(11), "base", "full_board")
    end = [e for e in r.events if e["type"] == "bonus_end"][0]
    assert end["full_board"] and len(end["paying"]) == 35 and "GRAND" not in end["pots_won"]
    assert [e["type"] for e in r.events][:5] == ["reel_stop"] * 5        # the base part comes first


# hand-picked bonuses (combination, seed of Rng(seed)): full boards, GRANDs and both
HAND_PICKED = [(2, 1805), (3, 764), (3, 2007), (6, 5717), (7, 397), (7, 1693), (4, 26888),
               (2, 343), (6, 97), (3, 2), (7, 1), (1, 5), (5, 6), (4, 7)]


def test_the_vectorised_bonus_agrees_with_hens_bonus_on_hand_picked_seeds():
    m = load()
    combos = np.array([c for c, _ in HAND_PICKED])
    seeds = np.array([s for _, s in HAND_PICKED], dtype=np.uint64)
    res = BonusLockstep(m, BookStreams(seeds), np.arange(len(seeds)), combos).run()
    fulls = grands = 0
    for i, (combo, seed) in enumerate(HAND_PICKED):
        b = HensBonus(Rng(seed), m, combo, [])
        total = b.run()
        assert res["total_x100"][i] == total, (combo, seed)
        assert bool(res["full_board"][i]) == b.full_board(), (combo, seed)
        won = [b.awards.count(p) for p in ("MINI", "MINOR", "MAJOR", "GRAND")]
        assert res["awards"][i].tolist() == won, (combo, seed)
        fulls, grands = fulls + b.full_board(), grands + ("GRAND" in b.awards)
    assert fulls >= 7 and grands >= 6          # the picks do cover the rare outcomes


def test_the_vectorised_bonus_gives_the_same_results_from_the_middle_of_a_batch_of_streams():
    """BonusLockstep on some rows of a batch whose streams have drawn already (as
    play_batch uses it), bonuses ending at different spins: each is HensBonus on that
    stream from where it stands."""
    m = load()
    seeds = np.arange(100, 160, dtype=np.uint64)
    st = BookStreams(seeds)
    first = st.below(np.arange(len(seeds)), 97)
    rows = np.arange(0, len(seeds), 2)
    combos = (rows % 7) + 1
    res = BonusLockstep(m, st, rows, combos).run()
    for j, (row, combo) in enumerate(zip(rows.tolist(), combos.tolist())):
        rng = Rng(int(seeds[row]))
        assert rng.below(97) == first[row]
        b = HensBonus(rng, m, combo, [])
        assert res["total_x100"][j] == b.run() and bool(res["full_board"][j]) == b.full_board()


def test_the_combination_pick_is_the_exact_scan():
    for mode in ("base", "fortune_1_5", "buy_mystery"):
        w = natural_combo_weights(mode)
        for s in range(40):
            assert rules._pick_fraction(Rng(s), w) == pick_by_scan(Rng(s), w)


def test_each_category_is_outside_those_its_mode_lists_before_it():
    """math.yaml's orders: base pot_grand, full_board, big_bonus, combo_X; fortune_2
    big_bonus first; buy_triple's full_board after GRAND won several times."""
    m = load()
    assert rules.excluded_before(m, "base", "big_bonus") == {"pot_grand", "full_board"}
    # (the combinations listed before it as well: disjoint from it anyway)
    assert rules.excluded_before(m, "base", "combo_DC+HB") == {"pot_grand", "full_board", "big_bonus", "combo_DC+PF"}
    assert rules.excluded_before(m, "fortune_2", "big_bonus") == set()
    assert rules.excluded_before(m, "fortune_2", "pot_grand") == {"big_bonus"}
    assert rules.excluded_before(m, "buy_triple", "full_board") == {"pot_grand_3", "pot_grand_2"}
    assert rules.excluded_before(m, "buy_triple", "pot_grand_2") == {"pot_grand_3"}
    assert rules.excluded_before(m, "bonus_pf", "full_board") == set()


@pytest.mark.slow
def test_a_forced_big_bonus_of_base_wins_its_threshold_without_a_grand_or_a_full_board():
    m = load()
    for seed in (2, 3):
        r = play(Rng(seed), "base", "big_bonus")
        end = [e for e in r.events if e["type"] == "bonus_end"][0]
        assert end["total_x100"] >= m.big_bonus_x100["base"] == 300 * m.costs["base"]
        assert "GRAND" not in end["pots_won"] and not end["full_board"]
        assert "big_bonus" in r.features and not {"pot_grand", "full_board"} & set(r.features)


def test_a_forced_grand_of_fortune_2_is_below_its_big_bonus_and_a_mode_without_one_refuses_it():
    m = load()
    r = play(Rng(5), "fortune_2", "pot_grand")
    end = [e for e in r.events if e["type"] == "bonus_end"][0]
    assert "GRAND" in end["pots_won"] and end["total_x100"] < m.big_bonus_x100["fortune_2"]
    assert "big_bonus" not in r.features
    with pytest.raises(KeyError, match="no big_bonus"):
        play(Rng(1), "buy_triple", "big_bonus")
