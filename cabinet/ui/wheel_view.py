"""A prize wheel on screen: coloured slices with labels that spin and decelerate onto
a drawn result. Generic: Piggy Farm's FARM WHEEL and Happy Money Hens' gamble wheels
both use it.

    view = WheelView(app, "farm_bronze", center=(960, 520), radius=330,
                     slices=[WheelSlice("5x", (230, 120, 40)), WheelSlice("UPGRADE", (80, 160, 255))],
                     art=WheelArt("piggy_farm", rim="wheel.bronze.rim"))
    steps = [view.spin_step(result_index, seconds=4.0, label="wheel spins", sound="spin")]
    ...
    view.draw(surface)               # in draw_board; view.highlight = True glows the result

Geometry is logical (1920x1080); surfaces are real pixels (docs/pygame_notes.md item 4). The
disc (slices, labels) is drawn at the real size with cheap primitives: flat slices
whose radial edges sit under anti-aliased divider lines, the soft light applied with
two blend blits of a per-radius light map, labels rendered 2x and smoothed down one by
one. It costs about 1-3 ms, so a new disc (the gamble's - / + resizing a segment) fits
in the frame where it is needed; discs are cached by their content (an LRU per window
size, wheel_caches.py), so equal wheels share one. Each frame rotates the disc at a coarse angle step
(an LRU of a few rotations that all the wheels of a window size share, so a wheel at
rest costs one blit and a game's many wheels hold no more than one), and lays the rim and the
pointer over it (the game's files, `art`: wheel_parts.py) and the chasing lights; the
rim hides the disc's edge.
Slice 0 is centred at the top (under the pointer) at angle 0; slices follow clockwise.
Slices may have unequal `size`s (their share of the circle). Every label is fitted
wholly inside its slice (wheel_labels.py): along the slice, along the radius where the
slice is narrow, or its `short` form; a label that fits nowhere is left off.

`spin_pointer=True` keeps the disc still and sends the pointer round it instead (Happy
Money Hens' gamble: "spin the pointer"); the labels are then level, upright at rest.

The spin is a pure function of progress (`angle_at(p)`), so a skipped or resumed
presentation (tick(1.0)) shows exactly the landed result.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import pygame

from . import draw as D
from .presentation import Step
from .wheel_labels import LabelPlace, place_labels
from . import wheel_parts
from .wheel_caches import DISC_CACHE, TURNED_CACHE, caches, label_font, light_map
from .wheel_parts import WheelArt

Color = tuple[int, int, int]


@dataclass(frozen=True)
class WheelSlice:
    """One slice: its label ('\\n' for two lines), fill colour, text colour, share."""

    label: str
    color: Color
    text_color: Color = (255, 255, 255)
    size: float = 1.0
    short: str = ""          # drawn instead when the label does not fit its slice


def ease_out_spin(p: float) -> float:
    """0 -> 1 decelerating smoothly to rest (a quintic ease-out: long slow crawl)."""
    p = min(max(p, 0.0), 1.0)
    return 1.0 - (1.0 - p) ** 4


class WheelView:
    """A spinnable wheel of `slices` centred at a logical point."""

    ANGLE_STEP = 1.5        # degrees between cached rotations (coarse; invisible in motion)

    def __init__(self, app, key: str, center: tuple[float, float], radius: float,
                 slices: Sequence[WheelSlice], art: WheelArt, hub_label: str = "", font_size: int = 46,
                 turns: int = 4, lights: int = 24, spin_pointer: bool = False):
        """`art`: the game's rim (painted with `lights` sockets) and pointer files."""
        if not slices:
            raise ValueError("a wheel needs at least one slice")
        self.app = app
        self.key = key
        self.center = center
        self.radius = radius
        self.slices = list(slices)
        self.art = art
        self.hub_label = hub_label
        self.font_size = font_size
        self.turns = turns
        self.lights = lights
        self.spin_pointer = spin_pointer
        self.pointer_angle = 0.0    # degrees clockwise from the top (spin_pointer wheels)
        total = sum(s.size for s in self.slices)
        self.spans = [360.0 * s.size / total for s in self.slices]
        self.starts = [sum(self.spans[:i]) - self.spans[0] / 2 for i in range(len(self.slices))]
        self.angle = 0.0            # degrees the disc is turned anticlockwise (slice at top = its centre angle)
        self.result: int | None = None
        self.highlight = False      # glow the slice under the pointer
        self.lit_phase = 0.0        # rim lights chase with this (seconds); the scene sets it
        self._spin_from = 0.0
        self._spinning = False

    # -- geometry ----------------------------------------------------------------------
    def centre_of(self, index: int) -> float:
        """Clockwise degrees from the top of slice `index`'s centre on the unturned disc."""
        return self.starts[index] + self.spans[index] / 2

    def rest_angle(self, index: int, offset: float = 0.0) -> float:
        """The disc angle showing slice `index` under the pointer; `offset` in [-0.5, 0.5]
        of the slice's span moves the landing off centre (looks less mechanical)."""
        return (self.centre_of(index) + offset * self.spans[index] * 0.8) % 360.0

    def slice_at_pointer(self) -> int:
        """The slice under the pointer for the current angle."""
        a = (self.pointer_angle if self.spin_pointer else self.angle) % 360.0
        for i, (s, w) in enumerate(zip(self.starts, self.spans)):
            if (a - s) % 360.0 < w:
                return i
        return 0

    # -- control -----------------------------------------------------------------------
    def show(self, index: int, offset: float = 0.0) -> None:
        """Rest on slice `index` at once (no spin)."""
        self._set_turn(self.rest_angle(index, offset))
        self.result = index

    def _set_turn(self, angle: float) -> None:
        if self.spin_pointer:
            self.pointer_angle = angle
        else:
            self.angle = angle

    def pointer_at(self, start: float, index: int, p: float, offset: float = 0.0) -> float:
        """Pointer angle at progress p of a clockwise run from `start` onto `index`."""
        target = self.rest_angle(index, offset)
        if p >= 1.0:
            return target
        travel = self.turns * 360.0 + (target - start) % 360.0
        return (start + travel * ease_out_spin(p)) % 360.0

    def angle_at(self, start: float, index: int, p: float, offset: float = 0.0) -> float:
        """Disc angle at progress p of a clockwise spin from `start` onto `index`."""
        target = self.rest_angle(index, offset)
        travel = self.turns * 360.0 + (start - target) % 360.0
        if p >= 1.0:
            return target
        return (start - travel * ease_out_spin(p)) % 360.0

    def spin_step(self, index: int, seconds: float = 4.0, label: str = "wheel spins", sound: str | None = None,
                  offset: float = 0.0) -> Step:
        """A Step spinning the wheel from wherever it rests onto slice `index`.
        The step sets the angle from its progress only, so skipping lands exactly."""
        def start() -> None:
            self._spin_from = self.pointer_angle if self.spin_pointer else self.angle
            self.result = None
            self.highlight = False
            self._spinning = True

        def tick(p: float) -> None:
            if self.spin_pointer:
                self.pointer_angle = self.pointer_at(self._spin_from, index, p, offset)
            else:
                self.angle = self.angle_at(self._spin_from, index, p, offset)

        def end() -> None:
            self._set_turn(self.rest_angle(index, offset))
            self.result = index
            self.highlight = True
            self._spinning = False
        return Step(seconds, start=start, tick=tick, end=end, label=label, sound=sound)

    # -- pre-rendering -----------------------------------------------------------------
    def _r(self) -> int:
        return self.app.layout.px(self.radius)

    def _disc_key(self, r: int) -> tuple:
        return (r, self.font_size, self.spin_pointer,
                tuple((sl.label, sl.short, tuple(sl.color), tuple(sl.text_color), round(span, 6))
                      for sl, span in zip(self.slices, self.spans)))

    def _disc(self) -> pygame.Surface:
        """The disc at the current window size, from the content-keyed LRU."""
        r = self._r()
        cache = caches(self.app.assets).discs
        key = self._disc_key(r)
        surf = cache.get(key)
        if surf is None:
            surf = self._build_disc(r).convert_alpha()
            cache[key] = surf
            while len(cache) > DISC_CACHE:
                cache.popitem(last=False)
        else:
            cache.move_to_end(key)
        return surf

    def prepare(self) -> None:
        """Build the disc now (into the shared LRU), a few frames before the one that
        first shows it (Happy Money Hens builds a gamble's wheels while its round plays)."""
        self._disc()

    @staticmethod
    def _arc(c: float, r: float, a0: float, span: float) -> list[tuple[float, float]]:
        """Points along the arc of radius r (about every 2 degrees) around (c, c)."""
        steps = max(int(span / 2), 4)
        return [(c + r * math.sin(math.radians(a0 + span * k / steps)),
                 c - r * math.cos(math.radians(a0 + span * k / steps))) for k in range(steps + 1)]

    def _build_disc(self, r: int) -> pygame.Surface:
        """Slices, inner shade, light, dividers and labels at the real size r (1-3 ms).
        The outer edge needs no anti-aliasing: the rim covers it."""
        disc = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
        disc.fill((0, 0, 0, 0))
        c = r                                     # centre (a pixel corner, as the rotation's)
        for i, sl in enumerate(self.slices):
            a0, span = self.starts[i], self.spans[i]
            if len(self.slices) == 1:
                pygame.draw.circle(disc, sl.color, (c, c), r)
            else:
                pygame.draw.polygon(disc, sl.color, [(float(c), float(c))] + self._arc(c, r, a0, span))
            # Inner shade: darker toward the hub, gives the slice depth (its arc smoothed).
            shade = D.lerp_color(sl.color, (0, 0, 0), 0.12)
            arc = self._arc(c, r * 0.45, a0, span)
            pygame.draw.polygon(disc, shade, [(float(c), float(c))] + arc)
            pygame.draw.aalines(disc, shade, False, arc)
        # The soft light over the whole disc: x (light/2) then doubled (see light_map).
        disc.blit(light_map(self.app.assets, r), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
        disc.blit(disc.copy(), (0, 0), special_flags=pygame.BLEND_RGB_ADD)
        # Divider lines between slices (anti-aliased; they hide the slices' radial edges).
        if len(self.slices) > 1:
            width = max(2, round(max(3, (2 * r) // 70) / 2))
            for a in self.starts:
                x = c + r * math.sin(math.radians(a))
                y = c - r * math.cos(math.radians(a))
                pygame.draw.aaline(disc, (255, 245, 215), (c, c), (x, y), width)
        # Labels, each fitted inside its slice, rendered and turned at 2x, then smoothed
        # down one by one (as crisp as a 2x disc).
        ss = 2
        for block, place in self._label_layout(r, ss):
            if place is None:
                continue
            w, h = max(round(place.size[0]), 1), max(round(place.size[1]), 1)
            if (w, h) != block.get_size():
                block = pygame.transform.smoothscale(block, (w, h))
            turn = place.turn % 360.0
            turned = (
                pygame.transform.rotozoom(block, -turn, 1.0) if turn % 90 else pygame.transform.rotate(block, -turn)
            )
            small = pygame.transform.smoothscale(turned, (max(turned.get_width() // ss, 1),
                                                          max(turned.get_height() // ss, 1)))
            disc.blit(small, small.get_rect(center=(round(c + place.center[0] / ss), round(c + place.center[1] / ss))))
        return disc

    def _label_layout(self, r: int, ss: int) -> list[tuple[pygame.Surface, LabelPlace | None]]:
        """Each slice's label block and its place at `ss` times the real radius `r`."""
        font = label_font(self.app.assets, self.app.layout.px(self.font_size) * ss)
        return place_labels(self.slices, self.starts, self.spans, r * ss, font, ss, self.spin_pointer)

    def label_places(self) -> list[LabelPlace | None]:
        """Where each slice's label sits at the real size (None: left off)."""
        out = []
        for _, place in self._label_layout(self._r(), 2):
            out.append(None if place is None else LabelPlace(
                (place.center[0] / 2, place.center[1] / 2), (place.size[0] / 2, place.size[1] / 2), place.turn,
                place.scale, place.orientation))
        return out

    def _rim(self) -> pygame.Surface:
        r = self._r()
        key = ("wheel_rim", r, self.art, self.hub_label, self.font_size)
        font = label_font(self.app.assets, self.app.layout.px(self.font_size) * 2)
        return self.app.assets.surface(key, lambda: wheel_parts.rim(self.art, r, self.hub_label, font))

    POINTER_TILT = 22.0     # degrees a passing divider kicks the pointer
    TILT_STEPS = 6          # cached tilts between 0 and POINTER_TILT

    def _pointer(self, step: int) -> pygame.Surface:
        """The pointer (a gold-rimmed red teardrop pointing down into the disc) tilted
        by `step` of TILT_STEPS; its pivot, the cap, is the surface's centre."""
        r = self._r()
        tilt = self.POINTER_TILT * step / self.TILT_STEPS
        return self.app.assets.surface(("wheel_pointer", self.art, r, step),
                                       lambda: wheel_parts.pointer(self.art, r, tilt))

    def pointer_tilt(self) -> int:
        """Tilt step of the pointer now: while spinning, a divider arriving at the top
        pushes the pointer's tip along, and it snaps back once the divider passes."""
        if not self._spinning:
            return 0
        window = min(self.spans) * 0.45
        # where each divider shows now, in degrees clockwise from the top (-180..180)
        shown = ((s - self.angle + 180.0) % 360.0 - 180.0 for s in self.starts)
        arriving = [d for d in shown if -window <= d <= 0.0]
        if not arriving:
            return 0
        return round(self.TILT_STEPS * (1.0 + max(arriving) / window))

    def _light(self, on: bool) -> pygame.Surface:
        d = max(self.app.layout.px(self.radius * 0.05), 4)

        def build() -> pygame.Surface:
            s = pygame.Surface((d * 2, d * 2), pygame.SRCALPHA)
            s.fill((0, 0, 0, 0))
            if on:
                s.blit(D.radial_glow(d, (255, 240, 160), 0.9), (0, 0))
                pygame.draw.circle(s, (255, 250, 220), (d, d), max(d // 2, 2))
            else:
                pygame.draw.circle(s, (150, 110, 60), (d, d), max(d // 2, 2))
            return s
        return self.app.assets.surface(("wheel_light", on, d), build)

    def _winner(self, index: int) -> pygame.Surface:
        """A translucent wedge over slice `index` when it sits under the pointer."""
        r = self._r()
        span = self.spans[index]
        first = (self.centre_of(index) if self.spin_pointer else 0.0) - span / 2   # the still disc's slice

        def build() -> pygame.Surface:
            s = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
            s.fill((0, 0, 0, 0))
            pts = [(r, r)] + [(r + r * math.sin(math.radians(first + span * k / 16)),
                               r - r * math.cos(math.radians(first + span * k / 16))) for k in range(17)]
            pygame.draw.polygon(s, (255, 255, 210, 70), pts)
            pygame.draw.polygon(s, (255, 250, 200, 230), pts, max(3, r // 60))
            return s
        return self.app.assets.surface(("wheel_win", r, round(span, 6), round(first, 6)), build)

    def _rotated(self, angle: float) -> pygame.Surface:
        q = round(angle / self.ANGLE_STEP) * self.ANGLE_STEP % 360.0
        return self._kept(("disc", self._disc_key(self._r()), q), lambda: pygame.transform.rotate(self._disc(), q))

    def _kept(self, key: tuple, build) -> pygame.Surface:
        """A turned picture (disc rotation, pointer turn) from the LRU all the wheels of
        the window size share, keyed by content: TURNED_CACHE of them in all, however many
        wheels a game builds (tiers, languages, a gamble's odds)."""
        turned = caches(self.app.assets).turned
        surf = turned.get(key)
        if surf is None:
            surf = turned[key] = build()
            while len(turned) > TURNED_CACHE:
                turned.popitem(last=False)
        else:
            turned.move_to_end(key)
        return surf

    def relayout(self) -> None:
        """The window size changed: forget the turned pictures (assets rebuild the rest)."""
        caches(self.app.assets).turned.clear()

    # -- drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha_lights: bool = True) -> None:
        """Disc at the current angle, rim, chasing lights, pointer, result glow."""
        lay = self.app.layout
        cx, cy = lay.pt(*self.center)
        disc = self._rotated(self.angle)
        surface.blit(disc, disc.get_rect(center=(cx, cy)))
        if self.highlight and self.result is not None:
            w = self._winner(self.result)
            surface.blit(w, w.get_rect(center=(cx, cy)))
        rim = self._rim()
        surface.blit(rim, rim.get_rect(center=(cx, cy)))
        if alpha_lights and self.lights:
            r = self._r()
            band = wheel_parts.band(r)
            on, off = self._light(True), self._light(False)
            chase = int(self.lit_phase * 8)
            for k in range(self.lights):
                a = math.radians(360.0 * k / self.lights)
                x, y = cx + (r + band * 0.5) * math.sin(a), cy - (r + band * 0.5) * math.cos(a)
                lit = (k + chase) % 3 == 0 if not self.highlight else (k + chase) % 2 == 0
                img = on if lit else off
                surface.blit(img, img.get_rect(center=(int(x), int(y))))
        r = self._r()
        lift = r + int(wheel_parts.band(r) * 0.9)
        if self.spin_pointer:           # the pointer runs round the still disc, its tip to the hub
            q = round(self.pointer_angle / self.ANGLE_STEP) * self.ANGLE_STEP % 360.0
            pointer = self._turned_pointer(q)
            a = math.radians(q)
            surface.blit(pointer, pointer.get_rect(center=(cx + lift * math.sin(a), cy - lift * math.cos(a))))
            return
        pointer = self._pointer(self.pointer_tilt())
        surface.blit(pointer, pointer.get_rect(center=(cx, cy - lift)))

    def _turned_pointer(self, angle: float) -> pygame.Surface:
        """The pointer turned clockwise by `angle` (a few kept, like the disc's rotations)."""

        def turned() -> pygame.Surface:
            return pygame.transform.rotate(self._pointer(0), -angle) if angle else self._pointer(0)

        return self._kept(("pointer", self.art, self._r(), angle), turned)
