"""The operator menu's settings survive a restart (<data_dir>/operator.json), and a bad
file is reported in one line naming what is wrong and what is allowed, and ignored."""
import json

from cabinet.core.config import load_config
from cabinet.core.operator_settings import apply_saved, save, settings_path


def config(tmp_path, extra=""):
    (tmp_path / "config.yaml").write_text("data_dir: data\ngamble: on_5x\n" + extra)
    return load_config(tmp_path / "config.yaml")


def test_saved_settings_override_config_at_the_next_start(tmp_path):
    cfg = config(tmp_path)
    cfg.gamble, cfg.demo_tools = "off", False
    save(cfg, 0.25)
    again = config(tmp_path)
    assert again.gamble == "on_5x"
    assert apply_saved(again) == []
    assert (again.gamble, again.sound.volume, again.demo_tools) == ("off", 0.25, False)


def test_no_file_changes_nothing(tmp_path):
    cfg = config(tmp_path)
    assert apply_saved(cfg) == [] and cfg.gamble == "on_5x"


def test_a_corrupt_file_is_named_and_left_untouched(tmp_path):
    cfg = config(tmp_path)
    path = settings_path(cfg)
    path.parent.mkdir(parents=True)
    path.write_bytes(b"{not json")
    problems = apply_saved(cfg)
    assert len(problems) == 1 and "operator.json: cannot be read" in problems[0]
    assert cfg.gamble == "on_5x" and path.read_bytes() == b"{not json"


def test_bad_values_are_named_with_what_is_allowed_and_the_good_ones_apply(tmp_path):
    cfg = config(tmp_path, "real_play: true\ndemo_tools: false\noperator_pin: '4821'\n")
    path = settings_path(cfg)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"gamble": "always", "volume": 0.4, "demo_tools": True, "colour": "red"}))
    problems = apply_saved(cfg)
    # the same check and words as config.yaml's own keys
    assert any("gamble = 'always' is not allowed; allowed: on or on_5x or off" in p for p in problems)
    assert any("colour is not a saved setting; allowed: gamble, volume, demo_tools" in p for p in problems)
    # the rule between keys is config.yaml's own (check_rules), the same words
    assert any("demo_tools = true is not allowed with real_play = true" in p and p.endswith("ignored")
               for p in problems)
    assert cfg.gamble == "on_5x" and cfg.sound.volume == 0.4 and cfg.demo_tools is False


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
