"""Text-overlap checks for whole screens: render a frame with every cache dropped (so
every label is drawn, and recorded by cabinet/ui/draw.py's text log), then find text
boxes of one layer that intersect, or that leave their panel or the screen."""
from __future__ import annotations

from cabinet.ui import draw as D
from cabinet.ui.layout import Assets


def text_problems(app, name: str = "") -> list[str]:
    """Every overlap or overflow of the frame the app draws now (empty: none)."""
    app.assets = Assets(app.layout)                   # nothing cached: every label is drawn and recorded
    for scene in app.stack.scenes:
        if hasattr(scene, "_backdrop") and not callable(scene._backdrop):   # an overlay's kept picture
            scene._backdrop = None                                          # (a game scene's is a method)
        if hasattr(scene, "_frame"):
            scene._frame = None
        scene.relayout()
    log = D.recording()
    try:
        app.render()
    finally:
        D.stop_recording()
    screen = app.surface.get_rect()
    bad = []
    boxes = log.boxes
    for i, a in enumerate(boxes):
        if not screen.contains(a.rect):
            bad.append(f"{name}: off the screen: {a}")
        elif a.bounds is not None and not a.bounds.contains(a.rect):
            bad.append(f"{name}: off its panel {tuple(a.bounds)}: {a}")
        for b in boxes[i + 1:]:
            if a.layer == b.layer and a.rect.colliderect(b.rect):
                bad.append(f"{name}: {a} overlaps {b}")
    return bad


def texts(app) -> list[str]:
    """Every label of the frame the app draws now."""
    log = D.recording()
    try:
        app.assets = Assets(app.layout)
        for scene in app.stack.scenes:
            if hasattr(scene, "_backdrop"):
                scene._backdrop = None
        app.render()
    finally:
        D.stop_recording()
    return [b.text for b in log.boxes]
