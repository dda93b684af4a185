"""Headless test set-up shared by the whole suite."""
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # so `tests.toygame` imports under any import mode
    sys.path.insert(0, str(ROOT))

from cabinet.math.blas import one_blas_thread  # noqa: E402

one_blas_thread()              # as `python -m cabinet.math` does, before numpy is imported


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """The language is process-wide (cabinet.core.i18n): a test that switches it
    (the language tests, the text-overlap test in de, es and the pseudo-locale)
    leaves English behind for the next."""
    yield
    from cabinet.core import i18n
    from cabinet.core.i18n import formats
    if i18n.current() != i18n.SOURCE or formats.active().tag != i18n.SOURCE:
        i18n.use(i18n.SOURCE)
