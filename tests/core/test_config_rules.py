"""Issue 14's bad configs, one named test each: `--check-config` and a start (the
Cabinet and the app headless to the lobby) refuse with the same one line naming the
key or file and what is allowed, and create or change nothing."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cabinet.core.startup import Libraries
from tests.config_fuzz import run_check, run_start, snapshot
from tests.operator_file import write_signed
from tests.real_play import trust_lines

ROOT = Path(__file__).resolve().parents[2]
LIBRARIES = Libraries()          # the books, loaded once for the whole module


def write(tmp_path: Path, text) -> Path:
    path = tmp_path / "config.yaml"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def refused(tmp_path: Path, text, *words: str) -> str:
    """Both refuse, with one and the same line holding `words`; nothing was written."""
    path = write(tmp_path, text)
    before = snapshot(tmp_path)
    check, start = run_check(path, LIBRARIES), run_start(path, LIBRARIES)
    assert check.status == "refused", check
    assert start.status == "refused", start
    assert check.line == start.line
    line = check.line
    assert "\n" not in line and line.startswith("config error: ") and "allowed" in line, line
    for w in words:
        assert w in line, (w, line)
    assert snapshot(tmp_path) == before
    return line


def starts(tmp_path: Path, text) -> None:
    path = write(tmp_path, text)
    check, start = run_check(path, LIBRARIES), run_start(path, LIBRARIES)
    assert check.status == "ok", check
    assert start.status == "ok" and start.line == "Lobby", start


def test_a_100000_deep_yaml_list_is_one_line_not_a_recursion_error(tmp_path):
    deep = "[" * 100_000 + "]" * 100_000
    refused(tmp_path, f"display: {deep}\n", "config.yaml", "larger than 64 KB")


@pytest.mark.slow
def test_yaml_nested_past_the_depth_limit_is_refused_before_the_composer_recurses(tmp_path):
    deep = "[" * 10_000 + "]" * 10_000                    # under the size limit
    refused(tmp_path, f"games: {deep}\n", "nested deeper than 20 levels at line 1")
    block = "games:\n" + "".join("  " * i + f"k{i}:\n" for i in range(1, 40))
    refused(tmp_path, block, "nested deeper than 20 levels at line 20")


def test_a_config_file_over_the_size_limit_is_refused(tmp_path):
    refused(tmp_path, "# " + "x" * 70_000 + "\n", "larger than 64 KB", "up to 64 KB")


@pytest.mark.parametrize("data_dir, words", [
    ("/dev/null/sub", ["/dev/null is a file, not a folder"]),
    ("afile/sub", ["afile is a file, not a folder"]),
    ("x" * 300, ["longer than 255 bytes"]),
], ids=["dev_null_sub", "path_through_a_file", "300_character_name"])
def test_a_data_dir_that_cannot_be_created(tmp_path, data_dir, words):
    (tmp_path / "afile").write_text("not a folder")
    refused(tmp_path, f"data_dir: {data_dir}\n", "data_dir", *words, "a folder the cabinet can create and write")


def test_currency_decimal_nul_is_refused(tmp_path):
    refused(tmp_path, 'currency:\n  decimal: "\\x00"\n', "currency.decimal", "'\\x00'", "printable")


def test_currency_decimal_a_digit_is_refused(tmp_path):
    refused(tmp_path, 'currency:\n  decimal: "5"\n', "currency.decimal = '5'", "not a digit")


def test_thousands_equal_to_decimal_is_refused(tmp_path):
    refused(tmp_path, 'currency:\n  thousands: "."\n  decimal: "."\n', "currency.thousands", "same as currency.decimal")


@pytest.mark.parametrize("ladder", ["[100000000000000000000]", '["100000000000000000000.00"]'])
def test_a_bet_of_10_to_the_20_with_no_default_bet_is_refused_clearly(tmp_path, ladder):
    refused(tmp_path, f"games:\n  grinning_harvest:\n    bet_ladder: {ladder}\n",
            "games.grinning_harvest.bet_ladder[0]", "10000000.00")


@pytest.mark.slow
def test_a_20000_entry_ladder_is_refused_at_once(tmp_path):
    """It kept the start busy for minutes: its length is refused before any entry is read."""
    refused(tmp_path, f"games:\n  piggy_farm:\n    bet_ladder: [{','.join(['1'] * 20_000)}]\n",
            "games.piggy_farm.bet_ladder", "1 to 64 amounts")
    ladder = ", ".join(f'"{i}.00"' for i in range(1, 20_001))      # written out: over the file limit
    refused(tmp_path, f"games:\n  piggy_farm:\n    bet_ladder: [{ladder}]\n", "larger than 64 KB")
    refused(
        tmp_path,
        f"games:\n  piggy_farm:\n    bet_ladder: [{', '.join(f'{chr(34)}{i}.00{chr(34)}' for i in range(1, 66))}]\n",
        "games.piggy_farm.bet_ladder",
        "1 to 64 amounts",
    )


def test_an_unknown_game_id_is_refused_by_the_check_and_the_start(tmp_path):
    refused(tmp_path, "games:\n  piggy_farn:\n    enabled: true\n", "games.piggy_farn is not a game",
            "happy_money_hens", "piggy_farm")


def test_an_unknown_mode_is_refused_by_the_check_and_the_start(tmp_path):
    refused(tmp_path, "games:\n  piggy_farm:\n    modes: [base, nosuch]\n", "games.piggy_farm.modes",
            "'nosuch'", "risk_the_farm")


def test_a_default_bet_off_the_games_own_ladder_is_refused_by_the_check_and_the_start(tmp_path):
    refused(tmp_path, "games:\n  piggy_farm:\n    default_bet: '0.70'\n", "games.piggy_farm.default_bet = $0.70",
            "not on the bet ladder", "$0.60, $0.80")


def test_a_default_bet_off_the_configured_ladder_is_refused(tmp_path):
    refused(tmp_path, "games:\n  piggy_farm:\n    bet_ladder: ['1.00', '2.00']\n    default_bet: '3.00'\n",
            "games.piggy_farm.default_bet = $3.00", "not on the bet ladder", "allowed: $1.00, $2.00")


@pytest.mark.parametrize("pin", ["\u0661\u0662\u0663\u0664", "\u00b9\u00b2\u00b3\u2074", "\uff11\uff12\uff13\uff14"],
                         ids=["arabic_indic", "superscript", "full_width"])
def test_a_pin_the_pad_cannot_type_is_refused(tmp_path, pin):
    refused(tmp_path, f'operator_pin: "{pin}"\n', "operator_pin", "digits 0-9", "PIN pad")


def test_an_empty_mode_list_is_refused(tmp_path):
    refused(tmp_path, "games:\n  happy_money_hens:\n    modes: []\n", "games.happy_money_hens.modes = []",
            "non-empty list")


def test_the_default_pin_with_real_play_is_refused(tmp_path):
    refused(tmp_path, "real_play: true\ndemo_tools: false\n", "operator_pin", "default PIN", "real_play")


@pytest.mark.slow
def test_demo_tools_or_a_fixed_seed_with_real_play_are_refused(tmp_path):
    refused(tmp_path, "real_play: true\ndemo_tools: true\noperator_pin: '4821'\n", "demo_tools = true", "real_play")
    trust = trust_lines(tmp_path / "trust")
    starts(tmp_path, "real_play: true\noperator_pin: '4821'\n" + trust)   # the review tools are off unless asked for
    refused(tmp_path, "real_play: true\ndemo_tools: false\noperator_pin: '4821'\nrng_seed: 7\n" + trust, "rng_seed")
    starts(tmp_path, "real_play: true\ndemo_tools: false\noperator_pin: '4821'\n" + trust)


@pytest.mark.slow
def test_real_play_needs_the_ledger_key_and_witness_outside_the_data_folder(tmp_path):
    base = "real_play: true\noperator_pin: '4821'\n"
    trust = trust_lines(tmp_path / "trust")
    key_line, witness_line = trust.splitlines()
    refused(tmp_path, base + witness_line + "\n", "ledger_key = null", "real_play", "outside data_dir")
    refused(tmp_path, base + key_line + "\n", "ledger_witness = null", "real_play", "outside data_dir")
    refused(tmp_path, base + "ledger_key: keys/cabinet.key\n" + witness_line + "\n", "ledger_key", "absolute path")
    inside = tmp_path / "data" / "cabinet.key"
    refused(tmp_path, base + f"ledger_key: {inside}\n" + witness_line + "\n", "ledger_key", "inside data_dir")
    refused(tmp_path, base + key_line + f"\nledger_witness: {tmp_path / 'data' / 'w'}\n", "ledger_witness",
            "inside data_dir")
    starts(tmp_path, base + trust)


def test_rtp_bounds_must_be_an_interval(tmp_path):
    refused(tmp_path, "rtp_bounds: {min: 0.95, max: 0.90}\n", "rtp_bounds", "min < max")
    refused(tmp_path, "rtp_bounds: {min: 0.2}\n", "rtp_bounds.min")


def test_demo_credit_may_be_zero(tmp_path):
    starts(tmp_path, "demo_credit: '0.00'\n")


def test_a_piggy_farm_ladder_that_would_round_wins_is_refused_by_the_check(tmp_path):
    """Piggy Farm pays in multiples of 0.05x the bet: 0.50 x 0.05x is 2.5 cents."""
    refused(tmp_path, 'games:\n  piggy_farm:\n    bet_ladder: ["0.50", "1.50"]\n    default_bet: "0.50"\n',
            "games.piggy_farm.bet_ladder has $0.50", "not be whole cents", "multiples of $0.20")


def test_a_ladder_step_that_would_round_some_wins_is_refused_for_the_other_games_too(tmp_path):
    refused(tmp_path, 'games:\n  grinning_harvest:\n    bet_ladder: ["0.05", "0.10"]\n    default_bet: "0.10"\n',
            "$0.05", "multiples of $0.10")


def test_duplicate_yaml_keys_are_refused_naming_the_key_and_line(tmp_path):
    refused(tmp_path, "gamble: on\nsound:\n  volume: 0.5\n  volume: 0.9\n", "key 'volume' at line 4",
            "first at line 3", "each key once")


@pytest.mark.slow
def test_minor_units_1_refuses_hundredths_and_reads_whole_units(tmp_path):
    ladder = 'games:\n  {g}:\n    bet_ladder: ["100", "200", "500"]\n    default_bet: "100"\n'
    games = "".join(
        ladder.format(g=g)[len("games:\n") :] for g in ("happy_money_hens", "grinning_harvest", "piggy_farm")
    )
    refused(tmp_path, 'currency:\n  minor_units: 1\ndemo_credit: "1000.00"\n', "demo_credit = '1000.00'", "no decimals")
    starts(tmp_path, f'currency:\n  minor_units: 1\ndemo_credit: "1000"\ngames:\n{games}')
    from cabinet.core.cabinet import Cabinet
    from cabinet.core.config import load_config
    cab = Cabinet(load_config(tmp_path / "config.yaml"), seed=1)
    assert cab.balance == 1000 and cab.currency.format(cab.balance) == "$1,000"
    assert cab.games["piggy_farm"].bet_ladder == (100, 200, 500)
    cab.ledger.close()


def test_minor_units_1_with_the_games_own_ladders_is_refused_naming_the_fix(tmp_path):
    refused(tmp_path, 'currency:\n  minor_units: 1\ndemo_credit: "1000"\n', "games.grinning_harvest",
            "own bet ladder has 0.10", "set games.grinning_harvest.bet_ladder")


@pytest.mark.slow
def test_amounts_are_read_with_exactly_the_currencys_decimals(tmp_path):
    refused(tmp_path, 'demo_credit: "1000"\n', "demo_credit", "2 decimals")
    refused(tmp_path, 'demo_credit: 1000.5\n', "demo_credit", "wrong type")
    starts(tmp_path, 'currency:\n  minor_units: 1000\ndemo_credit: "1000.000"\n'
                     'games:\n  piggy_farm:\n    bet_ladder: ["1.000", "2.000"]\n    default_bet: "1.000"\n'
                     '  happy_money_hens:\n    bet_ladder: ["0.100", "1.000"]\n    default_bet: "1.000"\n'
                     '    win_limit: "250000.000"\n  grinning_harvest:\n    bet_ladder: ["0.100"]\n')


@pytest.mark.slow
def test_modes_must_include_a_spin(tmp_path):
    refused(tmp_path, "games:\n  piggy_farm:\n    modes: [free_spins]\n", "has no spin", "base")
    starts(tmp_path, "games:\n  piggy_farm:\n    modes: [base, risk_the_farm]\n")


def test_check_config_creates_nothing_and_the_start_makes_the_data_folder(tmp_path):
    write(tmp_path, "data_dir: new/deeper\n")
    assert run_check(tmp_path / "config.yaml", LIBRARIES).status == "ok"
    assert not (tmp_path / "new").exists()
    assert run_start(tmp_path / "config.yaml", LIBRARIES).status == "ok"
    assert (tmp_path / "new" / "deeper" / "ledger.sqlite").is_file()


def _not_writable_dir(tmp_path: Path) -> Path:
    if os.geteuid() != 0:
        folder = tmp_path / "readonly"
        folder.mkdir()
        folder.chmod(0o500)
        return folder
    if os.path.isdir("/proc/1") and not os.access("/proc/1", os.W_OK):
        return Path("/proc/1")               # root may write anywhere but here
    pytest.skip("no folder this process cannot write")


@pytest.mark.slow
def test_a_start_with_a_data_dir_that_is_not_writable_says_so_and_exits_2(tmp_path):
    folder = _not_writable_dir(tmp_path)
    write(tmp_path, f"data_dir: {folder}\n")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    for argv in (["--config", str(tmp_path / "config.yaml")], ["--check-config", str(tmp_path / "config.yaml")]):
        r = subprocess.run([sys.executable, str(ROOT / "main.py"), *argv], capture_output=True, text=True,
                           cwd=ROOT, env=env, timeout=120)
        assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1 and f"data_dir {folder}" in lines[0] and "not writable" in lines[0], lines
    refused(tmp_path, f"data_dir: {folder}/sub\n", "cannot be created", "not writable")


@pytest.mark.slow
@pytest.mark.parametrize("text", [
    "games:\n  piggy_farm:\n    bet_ladder: ['0.50', '1.50']\n",
    "operator_pin: '\uff11\uff12\uff13\uff14'\n",
    "data_dir: /dev/null/sub\n",
])
def test_main_refuses_in_one_line_exit_2_for_the_check_and_the_start(tmp_path, text):
    path = write(tmp_path, text)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = []
    for argv in (["--check-config", str(path)], ["--config", str(path)]):
        r = subprocess.run([sys.executable, str(ROOT / "main.py"), *argv], capture_output=True, text=True,
                           cwd=ROOT, env=env, timeout=120)
        assert r.returncode == 2 and "Traceback" not in r.stderr
        out.append(r.stderr)
    assert out[0] == out[1] and len(out[0].strip().splitlines()) == 1


@pytest.mark.slow
def test_operator_settings_pass_the_same_rules_and_a_bad_one_is_ignored_in_one_line(tmp_path):
    (tmp_path / "data").mkdir()
    path = write(
        tmp_path, "real_play: true\ndemo_tools: false\noperator_pin: '4821'\n" + trust_lines(tmp_path / "trust")
    )
    from cabinet.core.config import load_config
    write_signed(load_config(path), {"demo_tools": True, "gamble": "off"})          # saved by the menu (its MAC)
    r = subprocess.run([sys.executable, str(ROOT / "main.py"), "--check-config", str(path)],
                       capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "operator.json: demo_tools = true is not allowed with real_play = true" in lines[0]
    start = run_start(path, LIBRARIES)
    assert start.status == "ok"


def test_a_config_path_that_is_a_folder_or_a_pipe_is_refused_without_reading_it(tmp_path):
    os.mkfifo(tmp_path / "pipe")                         # reading it would wait forever
    for path in (tmp_path, tmp_path / "pipe"):
        check = run_check(path, LIBRARIES)
        assert check.status == "refused" and check.line.endswith(
            f"{path}: not a regular file; allowed: a readable UTF-8 YAML file (see config.yaml)"), check


@pytest.mark.parametrize("written, meant", [("on", "on"), ("off", "off"), ("true", "on"), ("false", "off"),
                                            ("yes", "on"), ("no", "off"), ("'on'", "on"), ("on_5x", "on_5x")])
def test_gamble_on_or_off_unquoted_as_the_comment_writes_them_is_read_as_the_setting(tmp_path, written, meant):
    """Issue 36 item 5: YAML reads an unquoted on / off as a boolean; the gamble setting
    takes true / false as on / off, so config.yaml's own comment works as written."""
    from cabinet.core.config import load_config
    path = write(tmp_path, f"data_dir: {tmp_path / 'data'}\ngamble: {written}\n")
    assert load_config(path).gamble == meant
    check = run_check(path, LIBRARIES)
    assert check.status != "refused", check


def test_gamble_still_refuses_a_number_or_another_word(tmp_path):
    refused(tmp_path, "gamble: 5\n", "gamble = 5", "on or on_5x or off")
    refused(tmp_path, "gamble: sometimes\n", "gamble = 'sometimes'", "on or on_5x or off")
