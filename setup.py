"""The wheel's one build step (everything else is declared in pyproject.toml).

The checkout keeps main.py, config.yaml, the signed program manifest and assets/ at its
top. A wheel cannot put them at the top of site-packages, so they go into one folder
named after the distribution, `slot_cabinet/`, beside the `cabinet` and `games`
packages; cabinet.core.resources finds them there, and the manifest's names map onto
that layout unchanged (docs/packaging.md). `PROGRAM_FILES` and `PROGRAM_FOLDERS` are the
list; tests/test_packaging.py checks a built wheel against it.
"""
from __future__ import annotations

import os
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
DATA_PACKAGE = "slot_cabinet"            # cabinet.core.resources.DATA_PACKAGE
PROGRAM_FILES = ("main.py", "config.yaml", "manifest.sha256", "manifest.sha256.sig")
PROGRAM_FOLDERS = ("assets",)            # every file, dotfiles and __pycache__ skipped (as program.critical_files)


def program_files(root: Path = HERE) -> list[str]:
    """The top-level files the wheel carries in slot_cabinet/ (posix, from the top)."""
    out = [name for name in PROGRAM_FILES if (root / name).is_file()]
    for folder in PROGRAM_FOLDERS:
        for top, dirs, files in os.walk(root / folder):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
            out += [Path(top, f).relative_to(root).as_posix() for f in sorted(files) if not f.startswith(".")]
    return out


class BuildWithProgramFiles(build_py):
    """build_py, then main.py, config.yaml, the manifest and assets/ into slot_cabinet/."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):       # an editable install reads the checkout itself
            return
        missing = [name for name in PROGRAM_FILES if not (HERE / name).is_file()]
        if missing:
            raise SystemExit(f"setup.py: {', '.join(missing)} missing: a wheel needs them "
                             "(sign the manifest first: python -m cabinet.math manifest)")
        target = Path(self.build_lib, DATA_PACKAGE)
        for name in program_files():
            out = target / name
            self.mkpath(str(out.parent))
            self.copy_file(str(HERE / name), str(out), preserve_mode=False)


setup(cmdclass={"build_py": BuildWithProgramFiles})
