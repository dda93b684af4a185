"""Issue #31's money rules at the cabinet: money enters real play only by a credit-in,
a round pays exactly what the round shown pays (or its game locks), and real play
selects outcomes from the OS's cryptographic source."""
from dataclasses import replace

import numpy as np
import pytest

from cabinet.core import cash_desk
from cabinet.core.cabinet import Cabinet
from cabinet.core import round_commit
from cabinet.core.round_commit import BetRefused, GameLocked
from cabinet.core.config import load_config
from cabinet.core.system_rng import SystemRng
from tests.toygame import GAME


def real_play_config(tmp_path, extra=""):
    """A real-play config as an operator writes it: own PIN, key and witness outside the data folder."""
    (tmp_path / "keys").mkdir(exist_ok=True)
    (tmp_path / "witness").mkdir(exist_ok=True)
    (tmp_path / "config.yaml").write_text(
        "data_dir: data\nmath_source: live\nreal_play: true\noperator_pin: '48213'\n"
        f"demo_credit: '1000.00'\nledger_key: {tmp_path / 'keys' / 'cabinet.key'}\n"
        f"ledger_witness: {tmp_path / 'witness'}\n" + extra)
    return load_config(tmp_path / "config.yaml")


def test_a_fresh_real_play_cabinet_starts_at_zero_and_has_nothing_to_cash_out(tmp_path):
    cab = Cabinet(real_play_config(tmp_path), games={GAME.id: GAME})
    assert cab.balance == 0 and cab.meters()["credits_in"] == 0      # demo_credit is never credited in real play
    with pytest.raises(cash_desk.CashRefused, match="no credit to cash out"):
        cash_desk.cash_out(cab)
    with pytest.raises(BetRefused, match="Not enough credit"):
        cab.start_round("toygame", "base", 100)
    cash_desk.credit_in(cab, 2000, "operator")                     # the one way money enters
    assert cab.balance == 2000
    cab.close()


def test_a_real_play_ram_clear_starts_the_fresh_ledger_at_zero(tmp_path):
    cab = Cabinet(real_play_config(tmp_path), games={GAME.id: GAME})
    cash_desk.credit_in(cab, 500, "operator")
    cab.ram_clear()
    assert cab.balance == 0 and not cab.locked
    cab.close()


def test_demo_play_still_starts_with_the_demo_credit_and_it_may_be_zero(tmp_path):
    (tmp_path / "config.yaml").write_text("data_dir: .\nmath_source: live\ndemo_credit: '0.00'\n")
    cab = Cabinet(load_config(tmp_path / "config.yaml"), games={GAME.id: GAME})
    assert cab.balance == 0
    cab.close()


def books_cabinet(tmp_path):
    from games.grinning_harvest import GAME as HARVEST
    from games.happy_money_hens import GAME as HENS
    (tmp_path / "config.yaml").write_text("data_dir: .\nmath_source: books\ndemo_credit: '1000.00'\n")
    return Cabinet(load_config(tmp_path / "config.yaml"), games={HARVEST.id: HARVEST, HENS.id: HENS}, seed=5)


def test_a_book_whose_round_pays_otherwise_locks_its_game_and_pays_nothing(tmp_path, monkeypatch):
    """Two books' payouts swapped (the RTP unchanged): the round shown would be a loss
    paying a win. The regenerated round's payout is compared with the book's before
    anything is recorded: the game is locked with the book named, the cabinet plays on."""
    cab = books_cabinet(tmp_path)
    library = cab.games["grinning_harvest"].library
    books = library.books("base")
    loser = int(np.flatnonzero(books.payout_x100 == 0)[0])
    winner = int(np.flatnonzero(books.payout_x100 >= 1000)[0])
    swapped = books.payout_x100.copy()
    swapped[loser], swapped[winner] = books.payout_x100[winner], books.payout_x100[loser]
    monkeypatch.setattr(books, "payout_x100", swapped)
    monkeypatch.setattr(library, "draw", lambda rng, mode, category=None: loser)
    before = cab.balance
    with pytest.raises(GameLocked, match=rf"Grinning Harvest locked: book {loser} of base plays a round paying 0x"):
        cab.start_round("grinning_harvest", "base", 100)
    assert cab.balance == before and cab.meters()["games_played"] == 0           # nothing recorded or debited
    assert "grinning_harvest" not in cab.games and "book" in cab.refused["grinning_harvest"]
    with pytest.raises(GameLocked):
        cab.start_round("grinning_harvest", "base", 100)
    logged = cab.events(10, ("game_locked",))
    assert logged and logged[0][2]["game"] == "grinning_harvest" and str(loser) in logged[0][2]["reason"]
    played = cab.start_round("happy_money_hens", "base", 100)                      # the cabinet is not locked
    cab.settle(played.round_id)
    assert not cab.locked
    cab.adopt_offer(cab.offer)                                                     # a settings change keeps it locked
    assert "grinning_harvest" not in cab.games
    cab.close()


def test_an_open_round_whose_replay_pays_otherwise_locks_its_game_at_the_next_start(tmp_path, monkeypatch):
    """A round recorded, then its game's library changed under it: the start does not
    show a round other than the one recorded; that game locks, the round waits."""
    (tmp_path / "config.yaml").write_text("data_dir: .\nmath_source: live\ndemo_credit: '10.00'\n")
    cab = Cabinet(load_config(tmp_path / "config.yaml"), games={GAME.id: GAME}, seed=7)
    played = cab.start_round("toygame", "base", 100)
    cab.close()
    real = round_commit.regenerate
    monkeypatch.setattr(round_commit, "regenerate", lambda setup, mode, outcome:
                        replace(real(setup, mode, outcome), payout_x100=played.round.payout_x100 + 500))
    again = Cabinet(load_config(tmp_path / "config.yaml"), games={GAME.id: GAME}, seed=7)
    assert not again.locked and "toygame" not in again.games
    assert f"round {played.round_id}" in again.refused["toygame"]
    assert again.open_round() is None
    assert again.events(20, ("game_locked",))
    again.close()


def test_real_play_draws_outcomes_from_the_os_source(tmp_path):
    cab = Cabinet(real_play_config(tmp_path), games={GAME.id: GAME})
    assert isinstance(cab.rng, SystemRng) and cab.rng.gen is None              # no seeded stream to predict
    counts = np.bincount([cab.rng.below(6) for _ in range(6000)], minlength=6)
    chi2 = float(((counts - 1000) ** 2 / 1000).sum())
    assert chi2 < 25.0                                                         # 5 dof: p < 1e-4 beyond this
    assert 0 <= cab.rng.seed64() < 2**63 - 1
    assert cab.rng.weighted([0, 5, 0]) == 1
    cab.close()
    (tmp_path / "demo").mkdir()
    (tmp_path / "demo" / "config.yaml").write_text("data_dir: .\nmath_source: live\n")
    demo = Cabinet(load_config(tmp_path / "demo" / "config.yaml"), games={GAME.id: GAME}, seed=3)
    assert not isinstance(demo.rng, SystemRng)                                  # demos stay reproducible
    demo.close()


def test_the_game_screen_goes_back_to_the_lobby_naming_the_locked_game(tmp_path, monkeypatch):
    """SPIN on a book that does not pay what it shows: nothing is presented, the game
    screen closes to the lobby and a notice names the game and the book."""
    pygame = pytest.importorskip("pygame")
    from cabinet.ui.app import App, start_scenes
    from cabinet.ui.clock import ManualClock
    from tests.ui.conftest import make_config
    from tests.ui.toy_game import TOY
    config = make_config(tmp_path)
    cab = Cabinet(config, games={"toyui": TOY}, seed=7)
    app = App(config, cab, size=(960, 540), clock=ManualClock())
    start_scenes(app)
    try:
        scene = app.open_game("toyui")
        app.step(1 / 60)
        real = round_commit.regenerate
        monkeypatch.setattr(round_commit, "regenerate", lambda setup, mode, outcome:
                            replace(real(setup, mode, outcome), payout_x100=123456))
        assert scene.play() is False
        app.step(1 / 60)
        assert app.stack.top is not scene and "toyui" not in cab.games
        assert "Toy" in (app.toast_text or "") and "locked" in app.toast_text
        assert cab.balance == 10000 and cab.meters()["games_played"] == 0
    finally:
        app.checkpoints.close()
        pygame.display.quit()
