"""A test helper: render one frame and return every text the scenes drew, with the
logical position it was drawn at (the Assets' blit_text and blit_chars, recorded)."""
from __future__ import annotations

from typing import Any


def recorded_texts(app: Any) -> list[tuple[str, tuple[float, float]]]:
    """Render the screen once; (text, logical pos) of every label drawn, in order."""
    assets = app.assets
    seen: list[tuple[str, tuple[float, float]]] = []
    originals = {name: getattr(assets, name) for name in ("blit_text", "blit_chars")}

    def recorder(name):
        def record(target, text, size, pos, *args, **kwargs):
            seen.append((str(text), (float(pos[0]), float(pos[1]))))
            return originals[name](target, text, size, pos, *args, **kwargs)
        return record

    try:
        for name in originals:
            setattr(assets, name, recorder(name))
        app.render()
    finally:
        for name in originals:
            delattr(assets, name)          # the class's methods again
    return seen
