"""One cabinet per data folder, and --audit of a copy nobody may write (issue #31): a
second cabinet on a folder in use is refused in one line (a read-only tool is not),
even after cabinet.lock is deleted under the first, and a cabinet.lock planted as a
link writes nothing through it; --audit of a read-only evidence copy (closed, taken
while running, or with its WAL but no -shm) passes and changes not a byte."""
from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tests.core.ledger_attack import ROOT, assert_locked, child, kill, main_py, play, start, witness_line, write_config


@pytest.mark.slow
def test_a_second_cabinet_on_the_same_data_folder_is_refused(tmp_path):
    write_config(tmp_path)
    start(tmp_path).close()
    proc = child(tmp_path / "config.yaml", 1)
    try:
        cab = start(tmp_path)
        assert_locked(cab, f"another cabinet is running on {tmp_path / 'data'} (pid {proc.pid})")
        r = main_py("--config", str(tmp_path / "config.yaml"), "--meters")
        assert r.returncode == 2 and r.stdout == "" and len(r.stderr.splitlines()) == 1, r.stderr
        assert f"another cabinet is running on {tmp_path / 'data'} (pid {proc.pid})" in r.stderr
        a = main_py("--config", str(tmp_path / "config.yaml"), "--audit")    # a read-only tool: not refused
        assert a.returncode == 0 and "ledger ok" in a.stdout, a.stderr
    finally:
        kill(proc)
    cab = start(tmp_path)                                   # the lock died with its process
    assert not cab.locked
    cab.close()


@pytest.mark.slow
def test_a_planted_lock_link_truncates_nothing_and_removing_the_lock_file_admits_no_second_cabinet(tmp_path):
    """cabinet.lock made a link to a file outside the data folder: nothing is written
    through it; and the lock is the folder's own, so a second cabinet is refused even
    after cabinet.lock is deleted under the first."""
    write_config(tmp_path, witness_line(tmp_path))
    start(tmp_path).close()
    victim = tmp_path / "victim.yaml"
    victim.write_text("an operator's file\n")
    before = victim.read_bytes()
    lock = tmp_path / "data" / "cabinet.lock"
    lock.unlink(missing_ok=True)
    lock.symlink_to(victim)
    cab = start(tmp_path)
    assert not cab.locked and victim.read_bytes() == before           # the link was not followed
    cab.close()
    lock.unlink(missing_ok=True)
    proc = child(tmp_path / "config.yaml", 1)
    try:
        (tmp_path / "data" / "cabinet.lock").unlink(missing_ok=True)   # the attacker removes the pid file
        second = start(tmp_path)
        assert_locked(second, f"another cabinet is running on {tmp_path / 'data'}")
    finally:
        kill(proc)


# -- --audit of a read-only evidence copy ------------------------------------------------------
RO_MOUNT = 'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" && exec "$@"'


def read_only_run(folder: Path, *args: str) -> subprocess.CompletedProcess:
    """main.py with `folder` read-only for it: its modes (0555/0444) are enough for a
    user; root writes through modes, so for root the folder is also mounted read-only
    in a private mount namespace (skipped where that is not allowed)."""
    if os.geteuid() != 0:
        return main_py(*args)
    probe = subprocess.run(["unshare", "-m", "sh", "-c", RO_MOUNT, str(folder), "sh", "-c", f"! touch {folder}/.p"],
                           capture_output=True) if shutil.which("unshare") else None
    if probe is None or probe.returncode != 0:
        pytest.skip("root here cannot mount the evidence folder read-only (unshare -m)")
    return subprocess.run(["unshare", "-m", "sh", "-c", RO_MOUNT, str(folder), sys.executable, str(ROOT / "main.py"),
                           *args], capture_output=True, text=True, cwd=ROOT, timeout=120)


@pytest.mark.parametrize("copy", ["closed", "running", "wal without shm"])
def test_audit_of_a_read_only_evidence_copy_works_and_writes_nothing(tmp_path, copy):
    """A copy of the data folder in a folder nobody may write (files 0444): after a clean
    stop (no WAL: opened immutable), taken while the cabinet ran (WAL and -shm), or
    with the WAL but no -shm. --audit passes and not a byte changes, no file appears."""
    write_config(tmp_path)
    cab = start(tmp_path)
    play(cab, 3)
    if copy == "closed":
        cab.close()
    evidence = tmp_path / "evidence"
    evidence.mkdir()
    try:
        data = evidence / "data"
        shutil.copytree(tmp_path / "data", data)
        if copy != "closed":
            cab.close()
            assert (data / "ledger.sqlite-wal").stat().st_size > 0
        if copy == "wal without shm":
            (data / "ledger.sqlite-shm").unlink()
        (evidence / "config.yaml").write_text("data_dir: data\nmath_source: live\n")
        for p in (evidence, *evidence.rglob("*")):
            p.chmod(0o555 if p.is_dir() else 0o444)
        before = {p.name: p.read_bytes() for p in data.iterdir() if p.is_file()}
        r = read_only_run(evidence, "--config", str(evidence / "config.yaml"), "--audit")
        assert r.returncode == 0, r.stderr
        assert "ledger ok" in r.stdout and "3 rounds (3 settled, 0 open)" in r.stdout
        assert "read-only copy: nothing was written" in r.stdout
        assert {p.name: p.read_bytes() for p in data.iterdir() if p.is_file()} == before
    finally:
        for p in (evidence, *evidence.rglob("*")):
            p.chmod(stat.S_IRWXU | (p.stat().st_mode & 0o777))
