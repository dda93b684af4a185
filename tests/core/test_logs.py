"""The operator's log (cabinet/core/logs.py): a rotating file in the data folder at the
config's level, every lock, refused game, refused play and cash movement in it with
its reason, never opened through a planted link, and a log that cannot be written
never stops the cabinet."""
from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cabinet.core import logs
from cabinet.core.cabinet import BetRefused, Cabinet
from cabinet.core.config import load_config
from cabinet.core.schema import ConfigError
from cabinet.core import cash_desk
from tests.toygame import GAME

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "config.yaml").write_text("data_dir: data\nmath_source: live\ndemo_credit: '5.00'\nlog_level: INFO\n")
    yield tmp_path
    logs.close()


def start(folder: Path) -> Cabinet:
    cfg = load_config(folder / "config.yaml")
    cfg.data_path.mkdir(parents=True, exist_ok=True)
    logs.setup(cfg.data_path, cfg.log_level)
    return Cabinet(cfg, games={GAME.id: GAME}, seed=3)


def text(folder: Path) -> str:
    for h in logs.log.handlers:
        h.flush()
    return logs.log_path(folder / "data").read_text()


def test_the_start_refusals_cash_and_a_lock_are_logged_with_their_reasons(folder):
    cab = start(folder)
    with pytest.raises(BetRefused):
        cab.start_round(GAME.id, "base", 100_000)                   # not on the ladder
    cash_desk.credit_in(cab, 2_000, "attendant")
    cab.lock("a test lock")
    out = text(folder)
    assert "INFO" in out and "started: toygame offered" in out
    assert "play refused: toygame base at 100000:" in out and "bet ladder" in out
    assert "credit in $20.00 by attendant" in out
    assert "ERROR" in out and "cabinet locked: a test lock" in out
    cab.close()


def test_the_level_is_the_configs(folder):
    (folder / "config.yaml").write_text("data_dir: data\nmath_source: live\ndemo_credit: '5.00'\nlog_level: ERROR\n")
    cab = start(folder)
    cab.lock("only errors")
    out = text(folder)
    assert "cabinet locked: only errors" in out and "started:" not in out
    cab.close()


def test_a_bad_level_is_refused_naming_the_levels(folder):
    (folder / "config.yaml").write_text("log_level: LOUD\n")
    with pytest.raises(ConfigError, match="log_level.*DEBUG or INFO or WARNING or ERROR"):
        load_config(folder / "config.yaml")


def test_the_file_rotates_and_keeps_five(folder, monkeypatch):
    monkeypatch.setattr(logs, "MAX_BYTES", 2_000)
    start(folder).close()
    for i in range(400):
        logging.getLogger("cabinet.play").info("line %d %s", i, "x" * 40)
    names = sorted(p.name for p in (folder / "data" / logs.LOG_DIR).iterdir())
    assert names == ["cabinet.log"] + [f"cabinet.log.{k}" for k in range(1, 6)]


def test_a_link_planted_as_the_log_is_not_followed_and_play_goes_on(folder, capsys):
    target = folder / "elsewhere.txt"
    target.write_text("keep\n")
    (folder / "data" / logs.LOG_DIR).mkdir(parents=True)
    os.symlink(target, logs.log_path(folder / "data"))
    cab = start(folder)
    assert not cab.locked and cab.balance == 500
    cab.lock("after the link")
    assert target.read_text() == "keep\n"
    assert "cannot be written" in capsys.readouterr().err
    cab.close()


@pytest.mark.slow
def test_main_writes_the_log_in_the_data_folder(tmp_path):
    (tmp_path / "config.yaml").write_text("data_dir: d\nmath_source: books\n")
    r = subprocess.run([sys.executable, str(ROOT / "main.py"), "--config", str(tmp_path / "config.yaml"), "--meters"],
                       capture_output=True, text=True, cwd=tmp_path, timeout=120,
                       env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    assert r.returncode == 0, r.stderr
    out = (tmp_path / "d" / "logs" / "cabinet.log").read_text()
    assert "started: " in out and "happy_money_hens" in out
