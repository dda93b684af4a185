"""Touch: the cabinet is fully usable with finger events alone.

SDL is told not to turn touches into mouse events itself (SDL_TOUCH_MOUSE_EVENTS=0,
set before the display starts), and `as_mouse` turns each FINGERDOWN / FINGERUP /
FINGERMOTION (positions 0..1 of the window) into the left-button mouse event every
widget already understands, marked `touch=True` with its `finger_id`. So a button,
a lobby tile or a history row answers a finger exactly as it answers a click, and a
mouse event SDL made from a touch anyway (`event.touch`) is dropped, never doubled.

The attendant's way into the operator menu without a keyboard is `ServiceCorner`: a
press held 3 seconds without moving on the screen's top-left corner opens the PIN pad
(a land-based cabinet's key switch; the PIN guards it as CTRL+SHIFT+O's).
"""
from __future__ import annotations

import os

import pygame

os.environ.setdefault("SDL_TOUCH_MOUSE_EVENTS", "0")

FINGER_TO_MOUSE = {pygame.FINGERDOWN: pygame.MOUSEBUTTONDOWN, pygame.FINGERUP: pygame.MOUSEBUTTONUP,
                   pygame.FINGERMOTION: pygame.MOUSEMOTION}
MOUSE = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)


def from_touch(event: pygame.event.Event) -> bool:
    """A mouse event SDL synthesised from a touch (the finger event is used instead)."""
    return event.type in MOUSE and bool(getattr(event, "touch", False)) and not hasattr(event, "finger_id")


def as_mouse(event: pygame.event.Event, size: tuple[int, int]) -> pygame.event.Event:
    """The mouse event a finger event stands for (other events unchanged)."""
    mouse = FINGER_TO_MOUSE.get(event.type)
    if mouse is None:
        return event
    w, h = size
    pos = (min(w - 1, max(0, int(event.x * w))), min(h - 1, max(0, int(event.y * h))))
    finger = getattr(event, "finger_id", 0)
    if mouse == pygame.MOUSEMOTION:
        rel = (int(getattr(event, "dx", 0.0) * w), int(getattr(event, "dy", 0.0) * h))
        return pygame.event.Event(mouse, pos=pos, rel=rel, buttons=(1, 0, 0), touch=True, finger_id=finger)
    return pygame.event.Event(mouse, pos=pos, button=1, touch=True, finger_id=finger)


class ServiceCorner:
    """A press held HOLD seconds on the top-left corner (SIZE logical px square)."""

    HOLD = 3.0
    SIZE = 64

    def __init__(self) -> None:
        self.since: float | None = None

    def feed(self, event: pygame.event.Event, logical: tuple[float, float] | None, now: float) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 and logical is not None:
            inside = logical[0] < self.SIZE and logical[1] < self.SIZE
            self.since = now if inside else None
        elif event.type == pygame.MOUSEBUTTONUP:
            self.since = None
        elif event.type == pygame.MOUSEMOTION and self.since is not None and logical is not None:
            if not (logical[0] < self.SIZE and logical[1] < self.SIZE):
                self.since = None

    def due(self, now: float) -> bool:
        """The press has been held long enough (it then counts once)."""
        if self.since is not None and now - self.since >= self.HOLD:
            self.since = None
            return True
        return False
