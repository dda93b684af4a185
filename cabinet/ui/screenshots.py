"""F12 screenshots, where a player cannot use them to fill the disk that holds the
ledger: only while the operator menu is open, or with the review tools on outside
kiosk mode (a review), and only the newest KEPT files are kept in
<data_dir>/screenshots/."""
from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pygame

KEPT = 100


def allowed(app: Any) -> bool:
    if app.stack.find("operator_menu") is not None:
        return True
    cfg = app.config
    return cfg.demo_tools and not app.kiosk and not cfg.real_play


def take(app: Any) -> Path | None:
    """The current frame as a PNG (None, said in a toast, where it is not allowed or fails)."""
    if not allowed(app):
        return None
    folder = app.data_dir / "screenshots"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / time.strftime(f"cabinet-%Y%m%d-%H%M%S-{int(time.time() * 1000) % 1000:03d}.png")
        pygame.image.save(app.surface, str(path))
        for old in sorted(folder.glob("cabinet-*.png"))[:-KEPT]:
            old.unlink(missing_ok=True)
    except (OSError, pygame.error) as exc:
        app.toast(f"Screenshot not saved ({exc})")
        return None
    app.toast(f"Screenshot saved: {path.name}")
    return path
