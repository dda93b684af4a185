"""The math tools for a newcomer: `python -m cabinet.math --help` and every verb's
`--help` work, every option says what it does, mode options list the allowed ids,
and a bad argument gives one line on stderr and exit status 2 (no traceback)."""
from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import pytest

from cabinet.core.game import discover
from cabinet.math.cli import main, parser
from tests.cli_refusal import refused_in_one_line

ROOT = Path(__file__).resolve().parents[1]


def verbs() -> dict[str, argparse.ArgumentParser]:
    sub = next(a for a in parser()._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def test_top_level_help_runs_as_a_module():
    out = subprocess.run([sys.executable, "-m", "cabinet.math", "--help"], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0 and not out.stderr
    for verb in verbs():
        assert verb in out.stdout


@pytest.mark.parametrize("verb", sorted(verbs()))
def test_every_verbs_help_runs(verb, capsys):
    with pytest.raises(SystemExit) as exc:
        main([verb, "--help"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.startswith("usage: python -m cabinet.math " + verb)


@pytest.mark.parametrize("verb", sorted(verbs()))
def test_every_option_has_help_and_mode_options_list_the_ids(verb):
    p = verbs()[verb]
    for action in p._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        assert action.help and len(action.help) > 10, (verb, action.dest)
        if action.dest == "mode":
            for gid, spec in discover().items():
                assert gid in action.help and all(m.id in action.help for m in spec.modes), (verb, gid)


@pytest.mark.parametrize("argv,words", [
    (["sim", "piggy_farm", "--mode", "nope", "--rounds", "10"], ["no mode 'nope'", "allowed: base, ante"]),
    (["sim", "nogame", "--mode", "base", "--rounds", "10"], ["no game 'nogame'"]),
    (["sim", "piggy_farm", "--mode", "base", "--rounds", "-5"], ["--rounds must be a whole number from 1 to"]),
    (["sim", "piggy_farm", "--mode", "base", "--rounds", str(10**23)], ["from 1 to 10,000,000,000"]),
    (["sim", "piggy_farm", "--mode", "base", "--rounds", "10", "--workers", str(10**20)], ["--workers", "1 to 64"]),
    (["sim", "piggy_farm", "--mode", "base", "--rounds", "10", "--seed", "-1"], ["--seed", "0 to 2**63 - 1"]),
    (["sim", "piggy_farm", "--mode", "base", "--rounds", "10", "--scheduler", "bogus"], ["allowed: 'local'"]),
    (["build", "grinning_harvest", "--plan", "--books", str(10**20)], ["--books must be a whole number"]),
    (["build", "all", "--plan", "--mode", "base"], ["--mode names a mode of one game"]),
    (["rtp", "../etc"], ["no game '../etc'", "allowed: grinning_harvest, happy_money_hens, piggy_farm"]),
    (["rtp", ".piggy_farm"], ["no game '.piggy_farm'"]),
    (["show", "grinning_harvest", "--mode", "base", "--book", "-1"], ["no book -1"]),
    (["show", "grinning_harvest", "--mode", "base", "--book", "99999999"], ["no book 99999999"]),
    (["sim", "piggy_farm", "--mode", "base", "--rounds", "many"], ["invalid int value"]),
    (["frobnicate"], ["invalid choice"]),
    (["rtp", "piggy_farm", "--books-dir", "/nonexistent/dir"], ["book manifest missing"]),
    (["show", "tests.toygame", "--mode", "base", "--book", "1", "--books-dir", "/nonexistent"], ["manifest"]),
    (["build", "grinning_harvest", "--mode", "nope"], ["no mode 'nope'"]),
    (["verify", "tests.toygame", "--books-dir", "/nonexistent"], ["manifest"]),
])
def test_a_bad_argument_is_one_line_and_exit_2(argv, words, capsys):
    err = refused_in_one_line(capsys, main, argv)
    for w in words:
        assert w in err, err


@pytest.mark.parametrize("line", ["{", "null", "[]", '{"nob": 1}', '{"board": [[1, 2]]}', '{"board": 7}',
                                  '{"board": []}', '{"board": [["bat","bat","bat"]]}',
                                  '{"board": ' + '[["bat","bat","bat"]' + ',["bat","bat","bat"]' * 3 + ']}',
                                  '{"board": ' + "[" * 100_000 + "]" * 100_000 + "}", "[" * 100_000])
def test_evaluate_names_a_bad_line_of_stdin_in_one_line(line, capsys, monkeypatch):
    import io
    good = '{"board": [["candy","candy","candy"],["bat","bat","bat"],["wild","cat","vault"]]}'
    monkeypatch.setattr("sys.stdin", io.StringIO(good + "\n" + line + "\n"))
    assert main(["evaluate", "grinning_harvest"]) == 2
    out, err = capsys.readouterr()
    assert out.count("\n") == 1                                  # the good first line was scored
    assert err.count("\n") == 1 and err.startswith("error: stdin line 2: not a board of grinning_harvest")
    assert 'allowed: {"board": [[symbol, ...], ...]}' in err


@pytest.mark.parametrize("game, board", [
    ("grinning_harvest", [["A", "candy", "candy"], ["bat", "bat", "bat"], ["wild", "cat", "vault"]]),
    ("happy_money_hens", [["HEN"] * 5, ["HEN"] * 5, ["HEN", "HEN", "hen", "HEN", "HEN"]]),
    ("piggy_farm", [["GP"] * 7] * 6 + [["GP"] * 6 + [7]]),
])
def test_evaluate_refuses_a_symbol_not_in_the_paytable_naming_it(game, board, capsys, monkeypatch):
    """A symbol the game does not have is named, with the paytable's symbols: it used
    to score as nothing, silently."""
    import io
    import json
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps({"board": board}) + "\n"))
    assert main(["evaluate", game]) == 2
    out, err = capsys.readouterr()
    bad = next(s for row in board for s in row if s not in ("candy", "bat", "cat", "wild", "vault", "HEN", "GP"))
    assert not out and err.count("\n") == 1 and f"unknown symbol {json.dumps(bad)}; the paytable's: " in err
