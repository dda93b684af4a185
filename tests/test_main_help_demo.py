"""`python main.py --help` reads whole (issue #36): every option has a help text, no
"%%" left from argparse's escaping, no sentence cut off; and `--demo` plays in a ledger
of its own (<data_dir>/demo/) on a fresh demo credit, never on the cabinet's balance."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import main

ROOT = Path(__file__).resolve().parents[1]


def help_text() -> str:
    out = subprocess.run([sys.executable, str(ROOT / "main.py"), "--help"], capture_output=True, text=True, cwd=ROOT,
                         env={"COLUMNS": "100", "PATH": "/usr/bin:/bin"}, timeout=120)
    assert out.returncode == 0 and out.stderr == ""
    return out.stdout


def option_helps(text: str) -> dict[str, str]:
    """Each option of the "options:" block -> its help text (lines joined)."""
    body = text.split("\noptions:\n", 1)[1]
    helps: dict[str, str] = {}
    current = None
    for line in body.splitlines():
        m = re.match(r"^  (-[-\w]+(?:,? [^ ]+)*?)(?:\s{2,}(.*))?$", line)
        if m and line.startswith("  -"):
            current = m.group(1).split()[0].rstrip(",")
            helps[current] = (m.group(2) or "").strip()
        elif current and line.startswith(" " * 10):
            helps[current] = (helps[current] + " " + line.strip()).strip()
    return helps


def test_main_help_gives_every_option_a_whole_help_text():
    text = help_text()
    assert "%%" not in text and "%(" not in text
    helps = option_helps(text)
    parser_options = {o for a in main_parser()._actions for o in a.option_strings if o.startswith("--")}
    assert parser_options - {"--help"} <= set(helps), parser_options - set(helps)
    for option, words in helps.items():
        assert len(words) > 12, (option, words)                       # every option says what it does
        assert not words.endswith((",", ";", ":", " and", " or", " the", " a", "(")), (option, words)
        assert words.count("(") == words.count(")"), (option, words)  # no bracket cut off
    description = text.split("\n\n")[1]
    assert description.strip().endswith(("Farm", ".")) and "..." not in description


def main_parser():
    import argparse
    captured = {}
    real = argparse.ArgumentParser.parse_args

    def grab(self, args=None, namespace=None):
        captured["p"] = self
        return real(self, args, namespace)
    argparse.ArgumentParser.parse_args = grab
    try:
        main.parse_args([])
    finally:
        argparse.ArgumentParser.parse_args = real
    return captured["p"]


def _config(tmp: Path) -> str:
    path = tmp / "config.yaml"
    path.write_text(f'data_dir: {tmp / "data"}\nmath_source: live\ndemo_credit: "1000.00"\n')
    return str(path)


def test_demo_plays_in_a_ledger_of_its_own_on_the_demo_credit(tmp_path):
    cfg = _config(tmp_path)
    cabinet = main.open_cabinet(main.parse_args(["--config", cfg]))
    try:                                               # the cabinet's own ledger: a session played down
        rounds = 0                                     # (a round that pays back its bet leaves 1000.00:
        while cabinet.balance == 100000 and rounds < 20:     # play on until the credit has moved)
            played = cabinet.start_round("piggy_farm", "base", 5000)
            cabinet.settle(played.round_id)
            rounds += 1
        own_balance, own_rounds = cabinet.balance, len(cabinet.history(100))
        assert own_balance != 100000 and own_rounds == rounds
    finally:
        cabinet.close()
    demo = main.open_cabinet(main.parse_args(["--config", cfg, "--demo"]))
    try:
        assert demo.config.demo_tools and Path(demo.config.data_path) == tmp_path / "data" / "demo"
        assert demo.balance == 100000 and demo.history(100) == []           # a fresh demo credit
        played = demo.start_round("piggy_farm", "base", 100, force=None)
        demo.settle(played.round_id)
    finally:
        demo.close()
    again = main.open_cabinet(main.parse_args(["--config", cfg]))
    try:                                               # the demo's round never reached the cabinet's ledger
        assert again.balance == own_balance and len(again.history(100)) == own_rounds
    finally:
        again.close()
    assert "ledger of its own" in option_helps(help_text())["--demo"]


def test_the_ui_tools_help_gives_every_option_a_help_text():
    for module in ("cabinet.ui.monkey", "cabinet.ui.soak", "cabinet.ui.bench"):
        out = subprocess.run([sys.executable, "-m", module, "--help"], capture_output=True, text=True, cwd=ROOT,
                             env={"COLUMNS": "100", "PATH": "/usr/bin:/bin", "PYGAME_HIDE_SUPPORT_PROMPT": "1"},
                             timeout=120)
        assert out.returncode == 0, (module, out.stderr)
        assert "%%" not in out.stdout
        helps = option_helps(out.stdout)
        assert len(helps) >= 3, module
        for option, words in helps.items():
            if option in ("-h",):
                continue
            assert len(words) > 12, (module, option, words)
