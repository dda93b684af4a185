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
    (["sim", "piggy_farm", "--mode", "base", "--rounds", "-5"], ["--rounds must be a positive"]),
    (["sim", "piggy_farm", "--mode", "base", "--rounds", "many"], ["invalid int value"]),
    (["frobnicate"], ["invalid choice"]),
    (["rtp", "piggy_farm", "--books-dir", "/nonexistent/dir"], ["book manifest missing"]),
    (["show", "tests.toygame", "--mode", "base", "--book", "1", "--books-dir", "/nonexistent"], ["manifest"]),
    (["build", "grinning_harvest", "--mode", "nope"], ["no mode 'nope'"]),
    (["verify", "tests.toygame", "--books-dir", "/nonexistent"], ["manifest"]),
])
def test_a_bad_argument_is_one_line_and_exit_2(argv, words, capsys):
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
    err = capsys.readouterr().err
    assert code == 2, err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    for w in words:
        assert w in err, err
