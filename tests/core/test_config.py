"""config.yaml validation: every kind of bad input gives one clear line and exit 2."""
import subprocess
import sys
from pathlib import Path

import pytest

from cabinet.core.config import ConfigError, load_config

ROOT = Path(__file__).resolve().parents[2]


def write(tmp_path, text):
    p = tmp_path / "c.yaml"
    p.write_text(text)
    return p


def test_shipped_config_is_valid_and_complete():
    cfg = load_config(ROOT / "config.yaml")
    assert cfg.gamble in ("on", "on_5x", "off")
    assert cfg.games["happy_money_hens"].bet_ladder[0] == 10
    assert cfg.games["happy_money_hens"].bet_ladder[-1] == 800000
    assert cfg.games["grinning_harvest"].bet_ladder[0] == 10
    assert cfg.games["grinning_harvest"].bet_ladder[-1] == 1500
    assert cfg.games["happy_money_hens"].win_limit == 25000000
    assert cfg.keys["info"] == ["shift+i", "shift+g"]
    assert cfg.keys["buy_menu"] == ["shift+b", "shift+f"]


@pytest.mark.parametrize("text, words", [
    ("display:\n  widht: 800\n", ["display.widht", "not a known key", "width"]),
    ("display:\n  width: wide\n", ["display.width", "'wide'", "whole number"]),
    ("display:\n  width: 99999\n", ["display.width", "99999", "320 to 7680"]),
    ("display:\n  fullscreen: 3\n", ["display.fullscreen", "true or false"]),
    ("gamble: sometimes\n", ["gamble", "'sometimes'", "on or on_5x or off"]),
    ("demo_credit: lots\n", ["demo_credit", "'lots'"]),
    ("keys:\n  spin: [hyperspace]\n", ["keys.spin", "hyperspace"]),
    ("keys:\n  fly: [space]\n", ["keys.fly", "not a known action"]),
    ("games:\n  piggy_farm:\n    bet_ladder: ['1.00', '0.50']\n", ["bet_ladder", "ascending"]),
    ("big_win: {big: 40, mega: 30, epic: 60}\n", ["big_win", "big < mega < epic"]),
    ("real_play: true\ndemo_tools: true\n", ["demo_tools", "real_play"]),
    ("display: [1, 2]\n", ["display", "section"]),
    ("display:\n  width: [\n", ["not valid YAML", "line"]),
])
def test_bad_config_names_key_value_and_what_is_allowed(tmp_path, text, words):
    with pytest.raises(ConfigError) as err:
        load_config(write(tmp_path, text))
    msg = str(err.value)
    assert "\n" not in msg
    for w in words:
        assert w in msg, (w, msg)


def test_missing_file(tmp_path):
    with pytest.raises(ConfigError, match="file not found"):
        load_config(tmp_path / "nope.yaml")


def test_defaults_fill_an_empty_file(tmp_path):
    cfg = load_config(write(tmp_path, ""))
    assert cfg.display.fps == 60 and cfg.gamble == "on_5x" and cfg.keys["spin"] == ["space"]


@pytest.mark.parametrize("text", ["display:\n  width: 12\n", "gamble: maybe\n", "unknown_key: 1\n", ": : :\n"])
def test_check_config_cli_prints_one_line_and_exits_2(tmp_path, text):
    p = write(tmp_path, text)
    r = subprocess.run([sys.executable, str(ROOT / "main.py"), "--check-config", str(p)],
                       capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in r.stderr and lines[0].startswith("config error:")


def test_check_config_cli_missing_file(tmp_path):
    r = subprocess.run([sys.executable, str(ROOT / "main.py"), "--check-config", str(tmp_path / "x.yaml")],
                       capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 2 and "file not found" in r.stderr and "Traceback" not in r.stderr


def test_bad_command_line_is_one_line_exit_2():
    r = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--seed", "abc"], capture_output=True, text=True, cwd=ROOT
    )
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr


@pytest.mark.slow
def test_check_config_default_bet_off_the_games_own_ladder(tmp_path):
    p = write(tmp_path, "games:\n  piggy_farm:\n    default_bet: '0.70'\n")
    r = subprocess.run([sys.executable, str(ROOT / "main.py"), "--check-config", str(p)],
                       capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 2 and "default_bet" in r.stderr and "$1.00" in r.stderr
