"""Lint and type check run with the tests: ruff over the tree and mypy over the areas
pyproject.toml's [tool.mypy] files lists (each at 0 errors; issue #33 item 3), both
with the project's own settings, as `make test` runs them."""
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


def test_no_statement_is_left_for_the_formatter_to_wrap():
    """make format (ruff format on each statement over 120 characters) has nothing to do."""
    res = subprocess.run([sys.executable, str(ROOT / ".ci" / "format_long_lines.py"), "--check"], cwd=ROOT,
                         capture_output=True, text=True, timeout=600)
    assert res.returncode == 0, res.stdout + res.stderr


@pytest.mark.slow
def test_mypy_passes_on_the_typed_areas():
    if shutil.which("mypy", path=str(Path(sys.executable).parent)) is None:
        pytest.fail("mypy is missing: `make setup` installs the test extra")
    res = run("mypy", "--no-incremental")
    assert res.returncode == 0, res.stdout + res.stderr
    assert "Success: no issues found" in res.stdout, res.stdout
