"""A base for menus drawn over a game: a dimmed picture of the game and a titled panel.

The scene below is paused while a menu is open, so the overlay photographs it once
(dimmed, with the panel and its shadow composed on top) and each frame blits that
one opaque surface: a full-screen alpha veil every frame would cost ~4 ms at 1080p.
"""
from __future__ import annotations

from typing import Any

import pygame

from cabinet.core.i18n import N_, translate

from . import draw as D
from .scene import Scene
from .widgets import Button


_SPARES: dict[tuple, tuple[pygame.Surface, Any]] = {}     # (slot, size) -> (surface, its user)


def spare(slot: Any, size: tuple[int, int], like: pygame.Surface, user: Any, in_use: Any) -> pygame.Surface:
    """A full-screen surface for `slot`, reused from its last user unless `in_use(that
    user, surface)` says it is still shown: a new 1080p surface costs ~7 ms of page
    faults where a reused one costs nothing (its content is drawn over anyway)."""
    key = (slot, size)
    held = _SPARES.get(key)
    if held is not None and held[0].get_bitsize() == like.get_bitsize() and \
            (held[1] is user or held[1] is None or not in_use(held[1], held[0])):
        _SPARES[key] = (held[0], user)
        return held[0]
    surf = pygame.Surface(size, 0, like)
    if held is None or held[1] is None or not in_use(held[1], held[0]):
        _SPARES[key] = (surf, user)
    return surf


def _shown(overlay: "Overlay", surf: pygame.Surface) -> bool:
    return overlay._backdrop is surf and overlay in overlay.app.stack.scenes


def veil(surf: pygame.Surface, color: tuple[int, int, int], alpha: int) -> None:
    """Dim `surf` as a full-screen veil of `color` at `alpha` would, in two fills (a
    multiply and an add: no full-screen alpha surface built and blended, ~4x cheaper)."""
    keep = 255 - alpha
    surf.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)
    surf.fill(tuple(c * alpha // 255 for c in color), special_flags=pygame.BLEND_RGB_ADD)


class Overlay(Scene):
    """A modal panel over the (paused, dimmed) scene below."""

    opaque = True            # it draws its own snapshot of what is below
    light = True             # opening or closing it is not a scene load (no GC settle)
    panel_rect = pygame.Rect(360, 150, 1200, 760)
    title = ""
    panel = True
    _focus: Button | None = None   # the button ENTER presses (arrows move it), where the overlay has one
    veil_alpha = 170          # how far the game below is dimmed

    def __init__(self, app):
        super().__init__(app)
        self._backdrop: pygame.Surface | None = None

    keyboard_nav = True       # arrows move a focus ring over the buttons, ENTER presses

    def navigate(self, action: str) -> bool:
        if action not in ("up", "down", "left", "right", "select"):
            return False
        live = [w for w in self.widgets if isinstance(w, Button) and w.enabled() and w.action != "close"]
        if not live:
            return False
        focus = getattr(self, "_focus", None)
        if action == "select":
            if focus in live:
                self.on_action(focus.action)
                return True
            return False
        i = live.index(focus) if focus in live else -1
        self._focus = live[(i + (1 if action in ("down", "right") else -1)) % len(live)]
        return True

    def draw_widgets(self, surface: pygame.Surface) -> None:
        super().draw_widgets(surface)
        focus = getattr(self, "_focus", None)
        if focus is not None and focus in self.widgets:
            lay = self.app.layout
            pygame.draw.rect(surface, D.CYAN, lay.rect(focus.rect.inflate(12, 12)), max(2, lay.px(4)),
                             border_radius=lay.px(24))

    def close_button(self) -> Button:
        r = self.panel_rect
        return Button((r.right - 80, r.y + 20, 60, 60), "X", "close", font_size=30)

    def confirm_buttons(self, confirm: Any, style: str = "gold", width: int = 400) -> list[Button]:
        """A confirmation's three controls: X, CANCEL (action "close") and `confirm`
        (a label, or a callable giving it; action "confirm"), side by side at the foot
        of the panel."""
        r = self.panel_rect
        gap, y = 40, r.bottom - 140
        left = r.centerx - gap // 2 - width
        return [self.close_button(),
                Button((left, y, width, 100), N_("CANCEL"), "close", font_size=34),
                Button((r.centerx + gap // 2, y, width, 100), confirm, "confirm", style=style, font_size=34)]

    def relayout(self) -> None:
        self._backdrop = None

    def resume(self) -> None:
        self._backdrop = None

    def _below(self) -> list[Scene]:
        scenes = self.app.stack.scenes
        i = scenes.index(self) if self in scenes else len(scenes)
        below = scenes[:i]
        start = 0
        for j in range(len(below) - 1, -1, -1):
            if below[j].opaque:
                start = j
                break
        return below[start:]

    def backdrop(self) -> pygame.Surface:
        """The scene below, dimmed, with the panel on it (built once)."""
        if self._backdrop is None:
            lay, A = self.app.layout, self.app.assets
            surf = spare("overlay", lay.size, self.app.surface, self, _shown)   # the window's format
            surf.fill((0, 0, 0))
            for scene in self._below():
                scene.draw(surf)
                if isinstance(scene, Overlay):     # paused under this one: its picture is in ours now,
                    scene._backdrop = None         # and its resume builds it again anyway
            veil(surf, (5, 5, 20), self.veil_alpha)
            D.text_layer(self.text_bounds())         # text from here on lies over the veil
            if self.panel:
                r = self.panel_rect
                real = lay.rect(r)
                shade = A.surface(
                    ("overlay_shadow", real.size), lambda: D.shadow(real.size, lay.px(30), lay.px(24), 200)
                )
                surf.blit(shade, (real.x - lay.px(24), real.y - lay.px(12)))

                def panel() -> pygame.Surface:
                    return D.rounded_panel(real.size, (52, 50, 112), (18, 16, 44), radius=lay.px(30), border=D.GOLD,
                                           border_width=lay.px(4))

                surf.blit(A.surface(("overlay_panel", real.size), panel), real.topleft)
                if self.title:
                    A.blit_text(
                        surf,
                        translate(self.title),
                        56,
                        (r.centerx, r.y + 52),
                        D.GOLD,
                        anchor="center",
                        bold=True,
                        outline=(70, 30, 0),
                    )
            self._backdrop = surf
        return self._backdrop

    def text_bounds(self) -> pygame.Rect | None:
        """What the overlay's text must stay inside: its panel (or the screen)."""
        return self.app.layout.rect(self.panel_rect) if self.panel else None

    def draw_frame(self, surface: pygame.Surface) -> None:
        fresh = self._backdrop is None
        surface.blit(self.backdrop(), (0, 0))
        if not fresh:
            D.text_layer(self.text_bounds())
