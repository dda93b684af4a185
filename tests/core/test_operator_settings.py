"""The operator menu's settings survive a restart (<data_dir>/operator.json), and a bad
file is reported in one line naming what is wrong and what is allowed, and ignored."""
import dataclasses
import json

import pytest

from cabinet.core.config import load_config
from cabinet.core.operator_settings import MAC, apply_saved, save, settings_path
from tests.operator_file import ensure_key, write_signed


def config(tmp_path, extra=""):
    (tmp_path / "config.yaml").write_text("data_dir: data\ngamble: on_5x\n" + extra)
    return load_config(tmp_path / "config.yaml")


def test_saved_settings_override_config_at_the_next_start(tmp_path):
    cfg = config(tmp_path)
    ensure_key(cfg)                                  # the menu saves while the cabinet (and its key) is there
    cfg = dataclasses.replace(cfg, gamble="off", demo_tools=False)
    assert save(cfg, 0.25).sound.volume == 0.25
    again = config(tmp_path)
    assert again.gamble == "on_5x"
    again, problems = apply_saved(again)
    assert problems == []
    assert (again.gamble, again.sound.volume, again.demo_tools) == ("off", 0.25, False)


def test_no_file_changes_nothing(tmp_path):
    cfg = config(tmp_path)
    assert apply_saved(cfg) == (cfg, []) and cfg.gamble == "on_5x"


def test_a_corrupt_file_is_named_and_left_untouched(tmp_path):
    cfg = config(tmp_path)
    path = settings_path(cfg)
    path.parent.mkdir(parents=True)
    path.write_bytes(b"{not json")
    applied, problems = apply_saved(cfg)
    assert len(problems) == 1 and "operator.json: cannot be read" in problems[0]
    assert applied is cfg and cfg.gamble == "on_5x" and path.read_bytes() == b"{not json"


def test_bad_values_are_named_with_what_is_allowed_and_the_good_ones_apply(tmp_path):
    (tmp_path / "keys").mkdir()
    (tmp_path / "witness").mkdir()
    cfg = config(tmp_path, "real_play: true\ndemo_tools: false\noperator_pin: '4821'\n"
                           f"ledger_key: {tmp_path / 'keys' / 'cabinet.key'}\nledger_witness: {tmp_path / 'witness'}\n")
    write_signed(cfg, {"gamble": "always", "volume": 0.4, "demo_tools": True, "colour": "red"})
    cfg, problems = apply_saved(cfg)
    # the same check and words as config.yaml's own keys
    assert any("gamble = 'always' is not allowed; allowed: on or on_5x or off" in p for p in problems)
    assert any(
        "colour is not a saved setting; allowed: gamble, volume, music_volume, demo_tools" in p for p in problems
    )
    # the rule between keys is config.yaml's own (check_rules), the same words
    assert any("demo_tools = true is not allowed with real_play = true" in p and p.endswith("ignored")
               for p in problems)
    assert cfg.gamble == "on_5x" and cfg.sound.volume == 0.4 and cfg.demo_tools is False


@pytest.mark.slow
def test_main_reports_a_corrupt_settings_file_in_one_line_and_starts(tmp_path):
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    (tmp_path / "config.yaml").write_text("data_dir: data\n")
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "operator.json").write_text("[1, 2")
    r = subprocess.run([sys.executable, str(root / "main.py"), "--config", str(tmp_path / "config.yaml"), "--meters"],
                       capture_output=True, text=True, cwd=root)
    assert r.returncode == 0 and "Traceback" not in r.stderr
    lines = [x for x in r.stderr.splitlines() if x.startswith("operator settings:")]
    assert len(lines) == 1 and "operator.json: cannot be read" in lines[0]


@pytest.mark.slow
def test_the_menus_game_settings_pass_the_start_checks_or_are_named_and_ignored(tmp_path):
    """Piggy Farm pays multiples of 0.05x the bet: a saved ladder with 0.50 would round wins."""
    from cabinet.core.startup import prepare
    (tmp_path / "config.yaml").write_text("data_dir: data\n")
    (tmp_path / "data").mkdir()
    write_signed(config(tmp_path), {
        "games": {"piggy_farm": {"bet_ladder": ["0.50", "1.00"]},
                  "grinning_harvest": {"default_bet": "0.30", "enabled": False},
                  "happy_money_hens": {"default_bet": "0.15"}},
        "max_buy_cost": "250.00"})
    plan = prepare(tmp_path / "config.yaml", create=False)
    problems = plan.problems
    assert any("games.piggy_farm.bet_ladder has $0.50" in p and "multiples of $0.20" in p for p in problems)
    assert any("games.happy_money_hens.default_bet = $0.15 is not on the bet ladder" in p for p in problems)
    assert len(problems) == 2 and all(p.endswith("ignored") for p in problems)
    assert "grinning_harvest" not in plan.offer.games                      # switched off in the menu
    assert plan.offer.games["piggy_farm"].bet_ladder[0] == 20                # the file's ladder stays
    assert plan.config.max_buy_cost == 25000


def test_change_writes_only_what_changed_as_config_writes_it(tmp_path):
    from cabinet.core.operator_settings import change, raw_value
    from cabinet.core.schema import ConfigError
    cfg = config(tmp_path)
    ensure_key(cfg)
    cfg = change(cfg, "max_buy_cost", "500.00")
    cfg = change(cfg, "attract_idle_seconds", 120)
    assert cfg.max_buy_cost == 50000 and cfg.attract_idle_seconds == 120
    saved = json.loads(settings_path(cfg).read_text())
    assert saved.pop(MAC) and saved == {"max_buy_cost": "500.00", "attract_idle_seconds": 120}
    assert raw_value(cfg, "max_buy_cost") == "500.00"
    import pytest
    with pytest.raises(ConfigError, match="attract_idle_seconds = 5 is not allowed; allowed: a whole number from 10"):
        change(cfg, "attract_idle_seconds", 5)
    assert cfg.attract_idle_seconds == 120 and json.loads(settings_path(cfg).read_text())["attract_idle_seconds"] == 120


def test_the_file_holds_no_pin_a_hash_left_there_is_named_and_dropped_at_the_next_write(tmp_path):
    """The PIN lives in the ledger (tests/core/test_pin_trust.py): an operator_pin_hash in
    operator.json is reported in one line, never read, refused by the menu, and dropped
    when the menu next writes the file."""
    import pytest
    from cabinet.core.operator_settings import change
    from cabinet.core.schema import ConfigError
    cfg = config(tmp_path)
    path = write_signed(cfg, {"operator_pin_hash": "pbkdf2_sha256$100000$00112233445566778899aabbccddeeff$" + "ab" * 32,
                              "volume": 0.3})
    cfg, problems = apply_saved(cfg)
    assert problems == [f"{path}: operator_pin_hash is no longer read: the PIN lives in the ledger"]
    assert cfg.sound.volume == 0.3 and not hasattr(cfg, "operator_pin_hash")
    with pytest.raises(ConfigError, match="operator_pin_hash is no longer read: the PIN lives in the ledger; allowed: "
                                          "change the PIN in the operator menu's SETTINGS"):
        change(cfg, "operator_pin_hash", "anything")
    assert change(cfg, "gamble", "off").gamble == "off"
    saved = json.loads(path.read_text())
    assert saved.pop(MAC) and saved == {"volume": 0.3, "gamble": "off"}
    assert apply_saved(config(tmp_path))[1] == []


def test_a_file_not_written_by_the_menu_is_ignored_whole_in_one_line(tmp_path):
    """Anyone who can write the data folder wrote operator.json (no handpay limit, the
    gamble on, every game off...): without the MAC under the ledger's key none of it is
    read; with a MAC made under another key neither; the menu's own file is."""
    cfg = config(tmp_path, "cash: {handpay_limit: '1200.00'}\n")
    ensure_key(cfg)
    path = settings_path(cfg)
    forged = {"gamble": "on", "volume": 0.9, "cash": {"handpay_limit": None}}
    path.write_text(json.dumps(forged))
    applied, problems = apply_saved(cfg)
    assert (
        len(problems) == 1 and "not saved by this cabinet's operator menu" in problems[0] and "allowed:" in problems[0]
    )
    assert applied.gamble == "on_5x" and applied.sound.volume != 0.9
    path.write_text(json.dumps({**forged, MAC: "00" * 32}))
    applied, problems = apply_saved(cfg)
    assert "not saved by this cabinet's operator menu" in problems[0] and applied.gamble == "on_5x"
    write_signed(cfg, {"gamble": "on", "volume": 0.9})
    applied, problems = apply_saved(cfg)
    assert problems == [] and applied.gamble == "on" and applied.sound.volume == 0.9


def test_a_game_without_a_section_shows_its_defaults_offered(tmp_path):
    """config.yaml names no games: the settings page reads each game as offered, with
    its own default bet and win limit (it once read 'off' for every game)."""
    from cabinet.core.operator_settings import raw_value
    cfg = config(tmp_path)
    assert raw_value(cfg, "enabled", "piggy_farm") is True
    assert raw_value(cfg, "default_bet", "piggy_farm") is None and raw_value(cfg, "win_limit", "piggy_farm") is None
    off = config(tmp_path, "games:\n  piggy_farm: {enabled: false}\n")
    assert raw_value(off, "enabled", "piggy_farm") is False and raw_value(off, "enabled", "grinning_harvest") is True
