"""The display window: opened windowed or desktop-fullscreen, and switched between the
two through SDL's window object (the app keeps the policy: kiosk, the toast, relayout)."""
from __future__ import annotations

import warnings

import pygame


def open_window(fullscreen: bool, windowed_size: tuple[int, int], kiosk: bool) -> pygame.Surface:
    """The display surface: the desktop's size in fullscreen, else a resizable window."""
    pygame.display.set_caption("Slot Cabinet")
    if fullscreen:
        info = pygame.display.get_desktop_sizes()
        size = info[0] if info else windowed_size
        surface = pygame.display.set_mode(size, pygame.FULLSCREEN)
    else:
        surface = pygame.display.set_mode(windowed_size, pygame.RESIZABLE)
    if kiosk:
        pygame.mouse.set_visible(False)
    return surface


def sdl_window() -> "pygame.Window | None":
    """The display's window object, or None where the driver has none (dummy)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return pygame.Window.from_display_module()
        except (pygame.error, AttributeError):
            return None


def set_fullscreen(on: bool, windowed_size: tuple[int, int]) -> None:
    """Desktop fullscreen, or back to a window of `windowed_size`; pygame.error where
    this display cannot."""
    window = sdl_window()
    if window is None:
        raise pygame.error("no window")
    if on:
        window.set_fullscreen(desktop=True)
    else:
        window.set_windowed()
        window.size = windowed_size
