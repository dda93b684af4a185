"""Lint and type check run with the tests: ruff over the tree (config in
pyproject.toml) and mypy over cabinet/core, the layer every other one stands on."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_ruff_finds_nothing():
    if shutil.which("ruff", path=str(Path(sys.executable).parent)) is None:
        pytest.fail("ruff is missing: `make setup` installs the test extra")
    res = run("ruff", "check", "--no-cache", ".")
    assert res.returncode == 0, res.stdout + res.stderr


@pytest.mark.slow
def test_mypy_passes_on_the_core():
    res = run("mypy", "--no-incremental")
    assert res.returncode == 0, res.stdout + res.stderr
