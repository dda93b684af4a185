"""Fixtures shared by the ledger tests."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest


@pytest.fixture
def copy(template, tmp_path) -> Path:
    """A fresh copy of the test module's `template` data dir (each module defines it)."""
    target = tmp_path / "cab"
    shutil.copytree(template, target)
    return target
