"""Golden images: the lobby and the idle Toy Reels screen, compared with stored PNGs
within a small tolerance. On a mismatch both images are saved next to the golden
one (`*.actual.png`) for a look. UPDATE_GOLDEN=1 rewrites the stored images."""
from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pygame
import pytest

from tests.ui.conftest import make_app, press, run

GOLDEN = Path(__file__).parent / "golden"


def compare(app, name: str) -> None:
    app.render()
    actual = pygame.surfarray.array3d(app.surface).astype(int)
    path = GOLDEN / f"{name}.png"
    made_with = GOLDEN / "PYGAME_VERSION"
    if os.environ.get("UPDATE_GOLDEN") or not path.exists():
        pygame.image.save(app.surface, str(path))
        made_with.write_text(pygame.version.ver + "\n")
        if not os.environ.get("UPDATE_GOLDEN"):
            pytest.skip(f"golden image {path.name} was missing and has been written")
        return
    if made_with.exists() and made_with.read_text().strip() != pygame.version.ver:
        pytest.skip(f"golden images were made with pygame-ce {made_with.read_text().strip()}: text "
                    f"rendering may differ in {pygame.version.ver}; UPDATE_GOLDEN=1 rewrites them")
    expected = pygame.surfarray.array3d(pygame.image.load(str(path))).astype(int)
    diff = np.abs(actual - expected).max(axis=2) if actual.shape == expected.shape else None
    ok = diff is not None and diff.mean() < 1.0 and (diff > 24).mean() < 0.002
    if not ok:
        pygame.image.save(app.surface, str(GOLDEN / f"{name}.actual.png"))
    assert ok, f"{name}: screen differs from {path.name} (see {name}.actual.png)"


def test_lobby_looks_as_stored(tmp_path):
    app = make_app(tmp_path)
    run(app, 3, 0.0)                      # no time passes: the selected tile does not bob
    compare(app, "lobby_toy")


def test_idle_game_screen_looks_as_stored(tmp_path):
    app = make_app(tmp_path)
    press(app, pygame.K_RETURN)
    run(app, 3, 0.0)
    compare(app, "game_idle_toy")
