"""Issue #36: every game opens on a start board of its own real strips, a new one each
time it opens, that pays nothing and shows no trigger (cabinet/ui/start_board.py)."""
from __future__ import annotations

import pytest

from cabinet.core.rng import Rng
from cabinet.ui.start_board import StartReels
from games.grinning_harvest import GAME as HARVEST
from games.happy_money_hens import GAME as HENS
from games.piggy_farm import GAME as PIGGY
from tests.toygame import GAME as TOY_REELS
from tests.ui.conftest import game_app, open_only, run

STRIPS = [list("ABCDEFGHIJ"), list("KLMNOPQRST"), list("UVWXYZabcd")]


def pays_on_a(board: list[list[str]]) -> dict:
    """A hand-built rule: a board pays when its middle row starts with A (and 'Z' is a scatter)."""
    return {"wins": [], "total_x": 1.0 if board[1][0] == "A" else 0}


def test_two_draws_from_different_streams_give_different_boards():
    reels = StartReels(STRIPS, 3, pays_on_a)
    one, two = reels.draw(Rng(1)), reels.draw(Rng(2))
    assert one.board != two.board and one.stops != two.stops


def test_each_reel_shows_its_strip_at_consecutive_positions_from_its_stop():
    reels = StartReels(STRIPS, 3, pays_on_a)
    rng = Rng(5)
    for _ in range(50):
        rest = reels.draw(rng)
        for c, strip in enumerate(STRIPS):
            assert [rest.board[r][c] for r in range(3)] == [strip[(rest.stops[c] + r) % 10] for r in range(3)]


def test_a_board_that_pays_or_shows_too_many_scatters_is_never_a_start_board():
    reels = StartReels(STRIPS, 3, pays_on_a, {"Z": 0})
    rng = Rng(9)
    boards = [reels.draw(rng).board for _ in range(300)]
    assert all(b[1][0] != "A" and "Z" not in (b[0][2], b[1][2], b[2][2]) for b in boards)
    assert len({tuple(map(tuple, b)) for b in boards}) > 100          # still varied


def test_strips_that_cannot_give_a_quiet_board_are_refused_in_words():
    reels = StartReels([["A"] * 3, ["B"] * 3, ["C"] * 3], 3, pays_on_a)
    with pytest.raises(ValueError, match="no start board .* pays nothing"):
        reels.draw(Rng(1))


@pytest.mark.slow
def test_the_display_stream_is_not_the_outcome_stream(tmp_path):
    """Drawing start boards never moves which round comes next."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a, b = game_app(tmp_path / "a", TOY_REELS, seed=3), game_app(tmp_path / "b", TOY_REELS, seed=3)
    for _ in range(5):
        open_only(a, TOY_REELS.id)
    assert a.cabinet.rng.seed64() == b.cabinet.rng.seed64()
    assert a.cabinet.show_rng.seed64() != b.cabinet.show_rng.seed64()


def reel_set(scene):
    return scene.boardview.reels if hasattr(scene, "boardview") else scene.reels


@pytest.mark.slow
@pytest.mark.parametrize("spec", [HENS, HARVEST, PIGGY, TOY_REELS], ids=lambda s: s.id)
def test_every_game_opens_on_a_new_board_of_its_strips_that_pays_nothing(tmp_path, spec):
    app = game_app(tmp_path, spec, seed=4)
    run(app, 1)
    boards = []
    for _ in range(4):
        scene = open_only(app, spec.id)
        reels, config = reel_set(scene), scene.start_reels()
        board = reels.board()
        assert len(board) == config.rows and len(board[0]) == len(config.strips)
        for c, strip in enumerate(config.strips):             # the reel's strip, from its stop down
            stop = reels.reels[c].stop
            assert stop is not None
            assert [row[c] for row in board] == [strip[(stop + r) % len(strip)] for r in range(config.rows)]
        assert config.evaluate(board)["total_x"] == 0          # no paying line or cluster
        cells = [s for row in board for s in row]
        assert all(cells.count(sym) <= most for sym, most in config.at_most.items())
        boards.append(board)
    assert len({str(b) for b in boards}) == len(boards)       # every opening differs
    app.checkpoints.close()


@pytest.mark.slow
def test_the_feature_symbols_kept_off_the_start_boards_are_each_games_triggers(tmp_path):
    """What each game allows at rest, stated from its math: no Happy Money Hens coin,
    no Grinning Harvest Vault, fewer windmills than spin Piggy Farm's wheel."""
    expect = {HENS.id: {"BLUE": 0, "RED": 0, "GOLD": 0}, HARVEST.id: {"vault": 0}, PIGGY.id: {"WM": 2}}
    for spec in (HENS, HARVEST, PIGGY):
        (tmp_path / spec.id).mkdir()
        app = game_app(tmp_path / spec.id, spec, seed=4)
        run(app, 1)
        assert open_only(app, spec.id).start_reels().at_most == expect[spec.id]
        app.checkpoints.close()
