"""`main.py --clip ROUND_ID OUT.gif` and `--clip-book GAME MODE BOOK OUT.gif`: a round
rendered headless through the ManualClock to an animated GIF (+ MP4 where an encoder
is installed) and a storyboard PNG; every mistake one line and exit 2, nothing written;
refused under real play; no money moves."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageSequence

import main
from cabinet.core.books import load_library
from cabinet.ui.clip_files import mp4_encoder
from tests.real_play import trust_lines

ROOT = Path(__file__).resolve().parents[2]
CONFIG = """
data_dir: {data}
math_source: books
demo_credit: "1000.00"
sound: {{enabled: false}}
"""


def config(tmp: Path, extra: str = "") -> Path:
    path = tmp / "config.yaml"
    path.write_text(CONFIG.format(data=tmp / "data") + extra)
    return path


def run_main(*argv: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *argv], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=300)


def gif_frames(path: Path) -> list[tuple[Image.Image, int]]:
    with Image.open(path) as im:
        return [(f.convert("RGB"), f.info["duration"]) for f in ImageSequence.Iterator(im)]


def quiet_book(game: str, mode: str) -> int:
    """A short round: the first book that pays nothing."""
    return int(np.flatnonzero(load_library(game).books(mode).payout_x100 == 0)[0])


@pytest.mark.slow
def test_clip_book_writes_an_animated_gif_a_storyboard_and_an_mp4(tmp_path):
    cfg = config(tmp_path)
    book = quiet_book("grinning_harvest", "base")
    out = tmp_path / "gh.gif"
    done = run_main("--config", str(cfg), "--clip-book", "grinning_harvest", "base", str(book), str(out),
                    "--clip-fps", "10", "--clip-width", "640")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    frames = gif_frames(out)
    assert len(frames) > 3 and frames[0][0].size == (640, 360)
    first, last = np.asarray(frames[0][0]), np.asarray(frames[-1][0])
    assert (first != last).any()                    # the reels moved
    report = done.stdout.splitlines()[0]           # "<out>: N frames (P pictures) at 10 fps, S s, ..."
    count = int(report.split(": ")[1].split()[0])
    total_ms = sum(ms for _, ms in frames)
    assert abs(total_ms - count * 100) <= 10        # the clock's time, whatever the pictures merged
    with Image.open(out.with_suffix(".storyboard.png")) as story:
        assert story.width > 1000 and story.height > 300
    if mp4_encoder() is None:
        assert out.with_suffix(".mp4").stat().st_size > 1000
    else:
        assert "not written" in done.stdout


@pytest.mark.slow
def test_clip_of_a_ledger_round_moves_no_money_and_changes_no_round(tmp_path):
    cfg = config(tmp_path)
    cabinet = main.open_cabinet(main.parse_args(["--config", str(cfg)]))
    played = cabinet.start_round("piggy_farm", "base", cabinet.games["piggy_farm"].default_bet)
    cabinet.settle(played.round_id)
    before = (cabinet.balance, cabinet.meters(), cabinet.ledger.round(played.round_id))
    cabinet.ledger.close()
    out = tmp_path / "round.gif"
    done = run_main("--config", str(cfg), "--clip", str(played.round_id), str(out), "--clip-width", "480")
    assert done.returncode == 0, done.stderr
    assert len(gif_frames(out)) > 2 and out.with_suffix(".storyboard.png").is_file()
    again = main.open_cabinet(main.parse_args(["--config", str(cfg)]))
    assert (again.balance, again.meters(), again.ledger.round(played.round_id)) == before
    again.ledger.close()


def _refusal(capsys, argv: list[str]) -> str:
    try:
        code = main.main(argv)
    except SystemExit as exc:                       # argparse's own (wrong number of values)
        code = exc.code
    err = capsys.readouterr().err
    assert code == 2, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err and err.startswith("main.py:")
    return err


@pytest.mark.parametrize("argv, says", [
    (["--clip", "abc", "{out}"], "ROUND_ID 'abc'"),
    (["--clip", "0", "{out}"], "ROUND_ID '0'"),
    (["--clip", "99999999999999999999", "{out}"], "ROUND_ID"),
    (["--clip", "7", "{out}"], "round 7 is not in the ledger"),
    (["--clip", "1"], "expected 2 arguments"),
    (["--clip", "1", "{tmp}/clip.png"], "must be a .gif"),
    (["--clip", "1", "{tmp}/no/such/folder/c.gif"], "does not exist"),
    (["--clip", "1", "/proc/clip.gif"], "not writable"),
    (["--clip", "1", "{tmp}/afolder.gif"], "is a folder"),
    (["--clip", "1", "{out}", "--clip-book", "piggy_farm", "base", "0", "{out}"], "one of them"),
    (["--clip-book", "no_game", "base", "0", "{out}"], "GAME 'no_game'"),
    (["--clip-book", "piggy_farm", "spin", "0", "{out}"], "no library for mode 'spin'"),
    (["--clip-book", "piggy_farm", "base", "-1", "{out}"], "BOOK '-1'"),
    (["--clip-book", "piggy_farm", "base", "99999999", "{out}"], "no book 99999999; allowed: 0 to"),
    (["--clip-book", "piggy_farm", "base", "0", "{out}", "--clip-fps", "0"], "--clip-fps 0"),
    (["--clip-book", "piggy_farm", "base", "0", "{out}", "--clip-width", "5000"], "--clip-width 5000"),
    (["--clip-book", "piggy_farm", "base", "0", "{out}", "--clip-fps", "x"], "invalid int value"),
])
def test_every_mistake_is_one_line_and_exit_2_and_writes_nothing(tmp_path, capsys, argv, says):
    cfg = config(tmp_path)
    (tmp_path / "afolder.gif").mkdir()
    argv = [a.format(out=tmp_path / "c.gif", tmp=tmp_path) for a in argv]
    err = _refusal(capsys, ["--config", str(cfg), *argv])
    assert says in err
    assert not any(p.suffix in (".gif", ".mp4", ".png") and p.is_file() for p in tmp_path.rglob("*"))


def test_without_pillow_a_clip_is_refused_in_one_line(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "PIL", None)
    err = _refusal(capsys, ["--config", str(config(tmp_path)), "--clip-book", "piggy_farm", "base", "0",
                            str(tmp_path / "c.gif")])
    assert "Pillow" in err and not (tmp_path / "c.gif").exists()


def test_real_play_refuses_clips(tmp_path, capsys):
    cfg = config(
        tmp_path, 'real_play: true\ndemo_tools: false\noperator_pin: "4821"\n' + trust_lines(tmp_path / "trust")
    )
    err = _refusal(capsys, ["--config", str(cfg), "--clip-book", "piggy_farm", "base", "0", str(tmp_path / "c.gif")])
    assert "real_play" in err
    err = _refusal(capsys, ["--config", str(cfg), "--clip", "1", str(tmp_path / "c.gif")])
    assert "real_play" in err
    assert not (tmp_path / "data").exists()         # refused before the cabinet opened anything


@pytest.mark.slow
def test_a_clip_on_a_locked_cabinet_is_refused_in_one_line(tmp_path):
    """A ledger missing while its key is there locks the cabinet: the lock notice would
    stand over any round or book, so the clip is refused and nothing is written."""
    cfg = config(tmp_path)
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "cabinet.key").write_bytes(os.urandom(32))
    out = tmp_path / "gh.gif"
    done = run_main("--config", str(cfg), "--clip-book", "grinning_harvest", "base", "0", str(out))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "the cabinet is locked" in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert not out.exists() and not (tmp_path / "gh.storyboard.png").exists()
