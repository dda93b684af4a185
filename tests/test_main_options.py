"""main.py takes one command at a time, each with the options it uses: an option it
would silently ignore is refused in one line, exit 2, before anything is opened."""
from __future__ import annotations

import pytest

import main


@pytest.mark.parametrize("argv, says", [
    (["--meters", "--audit"], "--meters and --audit cannot be given together: give one of them"),
    (["--replay", "3", "--replay-book", "piggy_farm", "base", "1"], "--replay and --replay-book cannot be given"),
    (["--verify", "--game", "nope"], "--verify does not use --game (it takes no other option)"),
    (["--audit", "--game", "piggy_farm"], "--audit does not use --game (it takes --config)"),
    (["--meters", "--seed", "3"], "--meters does not use --seed (it takes --config)"),
    (["--check-config", "config.yaml", "--config", "x.yaml"], "--check-config does not use --config"),
    (["--shots", "out", "--kiosk"], "--shots does not use --kiosk (it takes --config, --seed, --demo, --game, --lang)"),
    (["--replay", "3", "--game", "piggy_farm"], "--replay does not use --game"),
    (["--game", ""], "--game needs a game id"),
    (["--game", "  "], "--game needs a game id"),
    (["--clip-fps", "20"], "--clip-fps and --clip-width go with --clip or --clip-book"),
    (["--clip-width", "960"], "--clip-fps and --clip-width go with --clip or --clip-book"),
    (["--audit", "--seed", "0"], "--audit does not use --seed"),
    (["--verify", "--seed", "0"], "--verify does not use --seed"),
    (["--meters", "--clip-fps", "15"], "--meters does not use --clip-fps"),
    (["--lang", "de-DE"], "--lang goes with --shots DIR"),
])
def test_an_option_a_command_would_ignore_is_refused_in_one_line(argv, says, capsys):
    with pytest.raises(SystemExit) as stop:
        main.parse_args(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2 and says in err and err.count("\n") == 1 and err.startswith("main.py: ")


@pytest.mark.parametrize("argv", [
    ["--meters", "--config", "x.yaml"], ["--shots", "out", "--game", "piggy_farm", "--demo", "--seed", "4"],
    ["--replay", "3", "--demo", "--windowed"], ["--clip-book", "piggy_farm", "base", "0", "c.gif", "--clip-fps", "20"],
    ["--game", "piggy_farm", "--kiosk", "--demo", "--seed", "1"], ["--verify"], ["--check-config"],
])
def test_the_options_a_command_uses_are_accepted(argv):
    main.parse_args(argv)
