"""The cabinet service: the plug-in interface, refusals, locking and recovery."""
import dataclasses
import json
from fractions import Fraction

import pytest

from cabinet.core.cabinet import Cabinet, CabinetLocked
from cabinet.core.round_commit import BetRefused
from cabinet.core.config import load_config
from cabinet.core.money import win_cents
from tests.toygame import GAME


def cabinet(tmp_path, extra="", seed=7, credit="10.00"):
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "config.yaml").write_text(f"data_dir: .\nmath_source: live\ndemo_credit: '{credit}'\n" + extra)
    return Cabinet(load_config(tmp_path / "config.yaml"), games={GAME.id: GAME}, seed=seed)


def test_plugin_round_is_debited_recorded_then_credited(tmp_path):
    cab = cabinet(tmp_path)
    assert cab.balance == 1000
    played = cab.start_round("toygame", "base", 100)
    assert cab.balance == 900                      # debited before anything is shown
    assert played.round.mode == "base" and isinstance(played.round.payout_x100, int)
    json.dumps(played.round.events)                # events are JSON-serialisable
    assert played.win_cents == win_cents(100, played.round.payout_x100)
    cab.checkpoint(played.round_id, 1)
    assert cab.settle(played.round_id) == played.win_cents
    assert cab.settle(played.round_id) == 0        # never paid twice
    assert cab.balance == 900 + played.win_cents
    ok, message = cab.audit()
    assert ok and message.startswith("ok: ") and "1 rounds (1 settled, 0 open), 1 cash" in message


def test_replay_regenerates_the_same_round(tmp_path):
    cab = cabinet(tmp_path)
    played = cab.start_round("toygame", "base", 100)
    cab.settle(played.round_id)
    again = cab.replay(played.round_id)
    assert again.round.events == played.round.events and again.win_cents == played.win_cents


def test_buy_costs_its_multiple(tmp_path):
    cab = cabinet(tmp_path, credit="100.00")
    played = cab.start_round("toygame", "buy_bonus", 100)
    assert played.cost_cents == 2000 and cab.balance == 10000 - 2000
    cab.settle(played.round_id)
    assert cab.balance == 10000 - 2000 + played.win_cents


def test_refusals_are_messages_for_the_player(tmp_path):
    cab = cabinet(tmp_path)
    with pytest.raises(BetRefused, match="Not enough credit"):
        cab.start_round("toygame", "buy_bonus", 100)   # costs 20.00 of a 10.00 balance
    with pytest.raises(BetRefused, match="not on the bet ladder"):
        cab.start_round("toygame", "base", 30)
    with pytest.raises(BetRefused, match="not available"):
        cab.start_round("nogame", "base", 100)
    assert cab.balance == 1000 and cab.meters()["games_played"] == 0


def test_force_only_with_demo_tools(tmp_path):
    cab = cabinet(tmp_path, "demo_tools: false\n")
    with pytest.raises(BetRefused, match="demo tool"):
        cab.start_round("toygame", "base", 100, force="jackpot")
    demo = cabinet(tmp_path / "demo", "demo_tools: true\n")
    played = demo.start_round("toygame", "base", 100, force="jackpot")
    assert "jackpot" in played.round.features


def test_a_books_only_category_is_refused_live_and_forced_from_the_books(tmp_path):
    """Piggy Farm's huge win of a buy (about 1 round in 5.8 million) is forced from its
    books; live math refuses it before any debit instead of searching for a minute."""
    from games.piggy_farm import GAME as FARM
    assert FARM.review.books_only_forces == ("huge_win",)
    for source in ("live", "books"):
        folder = tmp_path / source
        folder.mkdir()
        (folder / "config.yaml").write_text(f"data_dir: .\nmath_source: {source}\ndemo_tools: true\n"
                                            "demo_credit: '1000.00'\n")
        cab = Cabinet(load_config(folder / "config.yaml"), games={FARM.id: FARM}, seed=3)
        if source == "live":
            with pytest.raises(LookupError, match=r"only the shipped books hold it \(math_source: books\)"):
                cab.start_round("piggy_farm", "free_spins", 100, force="huge_win")
            assert cab.balance == 100_000 and cab.meters()["games_played"] == 0
        else:
            played = cab.start_round("piggy_farm", "free_spins", 100, force="huge_win")
            assert "huge_win" in played.round.features and played.round.payout_x100 >= 200 * 5000


def test_real_play_config_refuses_demo_tools(tmp_path):
    from cabinet.core.schema import ConfigError
    (tmp_path / "config.yaml").write_text("real_play: true\ndemo_tools: true\n")
    with pytest.raises(ConfigError):
        load_config(tmp_path / "config.yaml")


def test_open_round_resumes_from_checkpoint(tmp_path):
    cab = cabinet(tmp_path)
    played = cab.start_round("toygame", "base", 100)
    cab.checkpoint(played.round_id, 3)
    cab.ledger.close()
    again = cabinet(tmp_path, seed=99)             # a restart after a crash
    pending = again.open_round()
    assert pending.round_id == played.round_id and pending.checkpoint == 3
    assert pending.round.events == played.round.events
    again.settle(pending.round_id)
    assert again.open_round() is None and again.audit()[0]


def test_audit_mismatch_locks_and_leaves_data(tmp_path):
    cab = cabinet(tmp_path)
    cab.ledger.db.execute("UPDATE meters SET value = value + 5 WHERE name = 'balance'")
    cab.ledger.close()
    before = (tmp_path / "ledger.sqlite").read_bytes()
    locked = cabinet(tmp_path)
    assert locked.locked and "meter balance" in locked.locked
    with pytest.raises(CabinetLocked):
        locked.start_round("toygame", "base", 100)
    assert (tmp_path / "ledger.sqlite").read_bytes() == before


def test_unreadable_ledger_locks(tmp_path):
    cabinet(tmp_path).ledger.close()                 # a cabinet, its key, then garbage over its ledger
    (tmp_path / "ledger.sqlite").write_bytes(b"garbage" * 1000)
    cab = cabinet(tmp_path)
    assert cab.locked and "cannot be read" in cab.locked
    (tmp_path / "cabinet.key").unlink()
    assert "ledger missing or replaced" in cabinet(tmp_path).locked
    assert (tmp_path / "ledger.sqlite").read_bytes() == b"garbage" * 1000


def test_the_bet_step_at_which_every_book_pays_whole_cents():
    """A win is bet * payout_x100 / 100 cents: exact for every book exactly when the
    bet is a multiple of 100 / gcd(100, every payout_x100)."""
    from types import SimpleNamespace
    from cabinet.core.startup import whole_bet_unit
    lib = SimpleNamespace(books=lambda mode: SimpleNamespace(payout_x100=[0, 50, 243, 1000]))
    assert whole_bet_unit(lib, ("base",)) == 100          # 0.10 x 2.43x = 24.3 cents: whole dollars only
    tenths = SimpleNamespace(books=lambda mode: SimpleNamespace(payout_x100=[0, 50, 110, 250]))
    assert whole_bet_unit(tenths, ("base",)) == 10        # pays in 0.1x: exact from 0.10
    halves = SimpleNamespace(books=lambda mode: SimpleNamespace(payout_x100=[0, 50, 150]))
    assert whole_bet_unit(halves, ("base",)) == 2         # 0.5x: every even cent
    for unit, lib_ in ((100, lib), (10, tenths), (2, halves)):
        pays = lib_.books("base").payout_x100
        for bet in range(1, 301):
            exact = all(bet * p % 100 == 0 for p in pays)
            assert exact == (bet % unit == 0), (unit, bet)


def test_shipped_games_offer_their_whole_ladder(tmp_path):
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    cfg = dataclasses.replace(load_config(root / "config.yaml"), data_path=tmp_path)
    cab = Cabinet(cfg, seed=1)
    assert set(cab.games) == {"happy_money_hens", "grinning_harvest", "piggy_farm"}, cab.refused
    for gid, setup in cab.games.items():
        assert setup.bet_ladder == load_config(root / "config.yaml").games[gid].bet_ladder


def test_gamble_only_libraries_are_not_bet_modes(tmp_path):
    """Happy Money Hens' bonus_* libraries exist for the gamble's bonus wheel only:
    they are played when a gamble win funds them, never bought or spun directly."""
    from games.happy_money_hens import GAME as HENS
    (tmp_path / "config.yaml").write_text("data_dir: .\nmath_source: live\ndemo_credit: '1000.00'\n")
    cab = Cabinet(load_config(tmp_path / "config.yaml"), games={HENS.id: HENS}, seed=2)
    gamble_modes = [m.id for m in HENS.modes if m.kind == "gamble"]
    assert gamble_modes
    with pytest.raises(BetRefused, match="not a bet mode"):
        cab.start_round(HENS.id, gamble_modes[0], 100)
    assert cab.balance == 100000


@pytest.mark.slow
def test_options_are_offered_only_where_the_win_limit_keeps_their_rtp_above_the_minimum(tmp_path):
    """Happy Money Hens: $0.10-$8,000 bets under a $250,000 limit (jackpots excluded).
    One policy for every bet mode (game_setup.offer_at_bets): offered at a bet only where
    its return there, after the limit, is at least config rtp_bounds.min (80%). The
    base spin returns 84.43% at $8,000, so it keeps the whole ladder; a fortune bet or
    a buy is offered up to the bets where it still clears 80%."""
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    cfg = dataclasses.replace(load_config(root / "config.yaml"), data_path=tmp_path, demo_credit=10**9)
    cab = Cabinet(cfg, seed=3)
    setup = cab.games["happy_money_hens"]
    lib, cap = setup.library, setup.cap
    low = Fraction(str(cfg.rtp_bounds.min))
    assert "base" not in setup.option_max_bet and setup.offers("base", setup.bet_ladder[-1])
    assert lib.books("base").rtp_at(setup.bet_ladder[-1], cap) < lib.books("base").rtp()     # lowered, still offered
    assert set(setup.option_max_bet) >= {"buy_triple", "fortune_2"}     # below 80% at $8,000
    for mode in ("fortune_1_2", "fortune_1_5", "fortune_2", "buy_mystery", "buy_triple"):
        mb = lib.books(mode)
        for bet in setup.bet_ladder:
            exact = setup.spec.mode(mode).price_exact(bet)
            assert setup.offers(mode, bet) == (mb.rtp_at(bet, cap) >= low and exact), (mode, bet)
    top = setup.option_max_bet["buy_triple"]
    assert lib.books("buy_triple").rtp_at(top, cap) < lib.books("buy_triple").rtp()   # offered where lowered
    above = min(b for b in setup.bet_ladder if b > top)
    before = cab.balance
    with pytest.raises(BetRefused) as refused:
        cab.start_round("happy_money_hens", "buy_triple", above)
    assert str(refused.value) == (f"Triple bonus is offered at bets up to {cab.currency.format(top)}: above, the "
                                  "$250,000.00 win limit would bring its return below 80.00%")
    assert cab.balance == before and cab.meters()["games_played"] == 0
    played = cab.start_round("happy_money_hens", "base", setup.bet_ladder[-1])    # $8,000 spins
    assert played.cost_cents == 800_000
