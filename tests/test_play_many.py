"""Every game's play_many(seeds, mode) is exactly play(Rng.for_book(seed), mode), seed
by seed: payout, features, cap, jackpot part and every event (its JSON), in every
mode, trigger rounds (handed to play) among them; the shared LineWins writes the
line_win events `evaluate` gives; the rounds come one at a time, in seed order;
Library.regenerate_many is regenerate, book by book, forced books and hints included."""
import numpy as np
import pytest

from cabinet.core import books as B
from cabinet.core.many import LineWins, play_each, rounds_of
from cabinet.core.rng import Rng
from cabinet.math.build import DEFAULT_SEED, book_seeds
from cabinet.mechanics.lines import LineEvaluator

GAMES = {g: B.resolve_game(g) for g in ("grinning_harvest", "happy_money_hens", "piggy_farm")}
# the modes a game vectorises get more books (their trigger rounds are handed to play)
BOOKS = {("grinning_harvest", "base"): 6000, ("happy_money_hens", "base"): 3000,
         ("happy_money_hens", "fortune_2"): 2000, ("piggy_farm", "base"): 1500, ("piggy_farm", "ante"): 600}


def _same(spec, mode, seeds):
    got = list(rounds_of(spec, seeds, mode))
    assert len(got) == len(seeds)
    for seed, r in zip(seeds.tolist(), got):
        want = spec.play(Rng.for_book(seed), mode)
        assert (r.to_json(), r.features, r.capped, r.jackpot_x100) == \
            (want.to_json(), want.features, want.capped, want.jackpot_x100), (spec.id, mode, seed)
    return got


@pytest.mark.parametrize("game, mode", [(g, m.id) for g, s in GAMES.items() for m in s.modes])
def test_play_many_is_play_seed_by_seed(game, mode):
    n = BOOKS.get((game, mode), 40 if game != "piggy_farm" else 60)
    got = _same(GAMES[game], mode, book_seeds(DEFAULT_SEED, mode, -1, 3, n))
    if (game, mode) in {("grinning_harvest", "base"), ("happy_money_hens", "base")}:
        assert any("bonus" in r.features for r in got)        # a trigger round went on to its bonus
        assert any(e["type"] == "line_win" for r in got for e in r.events)
    if (game, mode) == ("piggy_farm", "base"):                   # rounds that pay nothing, and the others
        assert any(r.payout_x100 == 0 for r in got) and any(r.payout_x100 > 0 for r in got)
        assert any("wheel" in r.features for r in got)


def test_play_many_refuses_an_unknown_mode_and_takes_no_seeds():
    for spec in GAMES.values():
        with pytest.raises(KeyError):
            list(rounds_of(spec, np.array([1, 2], dtype=np.uint64), "no_such_mode"))
        assert list(rounds_of(spec, np.zeros(0, dtype=np.uint64), spec.modes[0].id)) == []


def test_line_wins_are_evaluates_on_hand_built_boards():
    ev = LineEvaluator(symbols=["a", "b", "w", "s"], lines=[[0, 0, 0], [1, 1, 1], [2, 2, 2], [0, 1, 2]],
                       pays={"a": {3: 500, 2: 50}, "b": {3: 200}, "w": {3: 1000}}, wild="w", not_substituted={"s"})
    boards = [[["a", "b", "a"], ["w", "a", "a"], ["w", "w", "w"]],       # a line of wilds pays as the wild
              [["w", "s", "a"], ["b", "b", "w"], ["s", "w", "w"]],       # a scatter after a wild: no stand-in
              [["w", "a", "b"], ["a", "w", "a"], ["b", "b", "b"]],       # a diagonal of wilds leading "b"
              [["s", "s", "s"], ["s", "s", "s"], ["s", "s", "s"]]]       # nothing pays
    idx = np.array([[[ev.index[c] for c in row] for row in b] for b in boards])
    asked = []
    wins = LineWins(ev, idx, lambda i: asked.append(i) or boards[i])
    for i, b in enumerate(boards):
        want = [{"line": w.line, "symbol": w.symbol, "count": w.count, "positions": [list(p) for p in w.positions],
                 "pay_x100": w.pay_x100, "type": "line_win"} for w in ev.evaluate(b)]
        assert wins.events(i) == want
        assert int(wins.total[i]) == sum(w["pay_x100"] for w in want)
    again = LineWins(ev, idx, lambda i: pytest.fail("every reading is known by now"))
    first, second = again.events(0), again.events(0)
    assert first == second and first[0] is not second[0] and first[0]["positions"] is not second[0]["positions"]


def test_rounds_come_one_at_a_time_in_seed_order():
    spec = GAMES["happy_money_hens"]
    seeds = book_seeds(DEFAULT_SEED, "base", -1, 5, 500)
    it = rounds_of(spec, seeds, "base")
    first = next(it)
    assert first.to_json() == spec.play(Rng.for_book(int(seeds[0])), "base").to_json()
    assert len(list(it)) == len(seeds) - 1


def test_play_each_is_play_on_the_same_streams():
    spec = GAMES["piggy_farm"]
    seeds = book_seeds(DEFAULT_SEED, "free_spins", -1, 4, 15)
    assert [r.to_json() for r in play_each(spec.play, seeds, "free_spins")] == \
        [spec.play(Rng.for_book(s), "free_spins").to_json() for s in seeds.tolist()]


def test_a_piggy_farm_wheel_round_that_pays_nothing_is_played_in_full():
    """Wheel rounds whose free spins win nothing pay 0 like a quiet spin, but are
    not one (the shipped libraries' base book 148229 and ante book 111550)."""
    spec = GAMES["piggy_farm"]
    lib = B.load_library(spec)
    for mode, book in (("base", 148229), ("ante", 111550)):
        seed = lib.books(mode).seeds_of(np.array([book]))
        (got,) = list(rounds_of(spec, seed, mode))
        want = spec.play(Rng.for_book(int(seed[0])), mode)
        assert got.payout_x100 == 0 and "wheel" in got.features
        assert got.to_json() == want.to_json() and got.features == want.features


@pytest.mark.parametrize("game", sorted(GAMES))
def test_regenerate_many_is_regenerate_for_natural_and_forced_books(game):
    lib = B.load_library(GAMES[game])
    mode = GAMES[game].modes[0].id
    mb = lib.books(mode)
    forced = np.flatnonzero(mb.force >= 0)[:6]
    natural = np.flatnonzero(mb.force < 0)[:300]
    ids = np.concatenate([natural[:150], forced, natural[150:]])
    got = lib.regenerate_many(mode, ids)
    for book, r in zip(ids.tolist(), got):
        assert r.to_json() == lib.regenerate(mode, book).to_json(), (game, book)
    with pytest.raises(IndexError):
        lib.regenerate_many(mode, [len(mb)])
