"""Lint and type check run with the tests: ruff over the tree and mypy over the areas
pyproject.toml's [tool.mypy] files lists (each at 0 errors; issue #33 item 3), both
with the project's own settings, as `make test` runs them."""
from __future__ import annotations

import ast
import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# Lambdas with logic left in cabinet/ and games/ (.ci/lambdas.py; issue #33 item 5: named functions
# for steps). A ratchet: lower it when a step gets its name, never raise it.
LAMBDAS_WITH_LOGIC = 18


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


def lambdas_tool():
    spec = importlib.util.spec_from_file_location("ci_lambdas", ROOT / ".ci" / "lambdas.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_lambdas_with_logic_do_not_grow():
    """A step with logic gets a name (a def or method next to its use); .ci/lambdas.py --list says where."""
    found = lambdas_tool().count()
    assert found <= LAMBDAS_WITH_LOGIC, (
        f"{found} lambdas carry logic in cabinet/ and games/, more than the {LAMBDAS_WITH_LOGIC} allowed: "
        "name the new one (`python .ci/lambdas.py --list` shows where each is)")


@pytest.mark.parametrize("source, logic", [
    ("lambda: self.close()", False), ("lambda r: r.id", False), ("lambda name=name: self.pick(name)", False),
    ("lambda: a if b else c", True), ("lambda: a and b", True), ("lambda: n > 0", True), ("lambda: n - 1", True),
    ("lambda: [x for x in xs]", True), ("lambda r: (r.a, r.b)", True), ("lambda: f((1, 2))", True),
])
def test_the_lambda_counter_tells_logic_from_a_plain_call(source, logic):
    node = ast.parse(source, mode="eval").body
    assert isinstance(node, ast.Lambda)
    assert lambdas_tool().carries_logic(node) is logic
