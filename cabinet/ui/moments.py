"""Big moments inside a round, over the game: a transition into each bonus or free-spins
round (the trigger cells celebrate, then curtains close on the feature's name and open
on the feature) and a full-screen moment for a pot won, a jackpot, a full board, the
Great Skull, a wheel upgrade... Games configure them (`Moment`: what it says, the
amount from the round's event, its colour); this one mechanism draws them, built on
the end-of-round celebration's pieces (celebration.py: the glow, the raining coins,
the counting band).

A moment is a presentation step like any other: its hooks SET `scene.moments` (which
moment, how far), so SPACE / START skips it with the rest of the round (where the
sheet allows skipping: app.skip_allowed) and a resumed round draws the right picture.
Its cue is named for the moment (CUES); a cue the sound bank lacks plays nothing.

Frame cost: a full moment photographs the game once (dimmed) and then blits that one
opaque picture; the ray burst is pre-rendered in RAY_FRAMES turns, the curtains, glows
and the band once per window size. Nothing is loaded or scaled per frame.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Sequence

import pygame

from cabinet.core.i18n import N_, _

from . import asset_files
from . import draw as D
from .presentation import Step

# The cue each moment plays (the sound bank names them; a missing one is silent).
# the cues of the cabinet's sound bank (cabinet/ui/cabinet_music.py, assets/cabinet/manifest.yaml)
CUES = {"transition": "moment.bonus_start", "pot": "moment.pot_won", "jackpot": "moment.jackpot",
        "full_board": "moment.full_board", "great_skull": "moment.great_skull", "wheel_upgrade": "moment.wheel_upgrade",
        "max": "moment.max_win", "total": "moment.summary"}
SECONDS = {"pot": 3.2, "jackpot": 3.6, "full_board": 2.8, "great_skull": 2.6, "wheel_upgrade": 2.4, "max": 3.6}
COVER, UNCOVER = 1.5, 0.7          # the transition's two halves, seconds
RAY_FRAMES, RAYS = 8, 16           # the ray burst turns one ray pair in RAY_FRAMES pictures
RAY_PERIOD = 1.6                   # seconds per ray pair's turn


@dataclass(frozen=True)
class Moment:
    """What a moment says: its kind (CUES), a title, a line under it, the amount it
    pays in cents (from the round's event; None: no amount) and its colour."""

    kind: str
    title: str
    sub: str = ""
    cents: int | None = None
    color: tuple[int, int, int] = D.GOLD

    @property
    def seconds(self) -> float:
        return SECONDS.get(self.kind, 2.8)


def ease(p: float) -> float:
    p = min(max(p, 0.0), 1.0)
    return 1 - (1 - p) ** 3


class Moments:
    """A game scene's moment now on screen: `now` (a Moment, or a transition's
    ("cover" | "uncover", title, sub)), its progress `p`, the cells that celebrate."""

    def __init__(self, scene: Any):
        self.scene = scene
        self.now: Moment | None = None
        self.curtain: tuple[str, str, str, tuple[int, int, int]] | None = None
        self.cells: list[pygame.Rect] = []
        self.p = 0.0
        self._snap: pygame.Surface | None = None

    @property
    def active(self) -> bool:
        return self.now is not None or self.curtain is not None

    def clear(self) -> None:
        self.now, self.curtain, self.cells, self.p, self._snap = None, None, [], 0.0, None

    # -- steps -----------------------------------------------------------------------
    def step(self, moment: Moment, label: str = "") -> Step:
        """One step showing `moment` for its seconds, playing its cue."""
        def start() -> None:
            self.clear()
            self.now = moment

        def tick(p: float) -> None:
            self.p = p
        return Step(moment.seconds, start=start, tick=tick, end=self.clear, sound=CUES.get(moment.kind),
                    label=label or f"moment {moment.kind}")

    def transition(self, title: str, sub: str = "", cells: Sequence[pygame.Rect] = (),
                   color: tuple[int, int, int] = D.GOLD) -> tuple[Step, Step]:
        """Into a feature: (cover, uncover). The game puts the steps that change its
        screen between them: the cover's cells (logical rects: the trigger symbols)
        celebrate, then curtains close on the title and stay closed; the uncover opens
        them on the feature."""
        def cover() -> None:
            self.clear()
            self.curtain, self.cells = ("cover", title, sub, color), [pygame.Rect(c) for c in cells]
            self._halves(color)                  # made now, while the cells celebrate, not as they close

        def uncover() -> None:
            self.clear()
            self.curtain = ("uncover", title, sub, color)

        def shut() -> None:                     # closed until the uncover: the screen changes behind
            self.clear()
            self.curtain = ("shut", title, sub, color)

        def tick(p: float) -> None:
            self.p = p
        return (Step(COVER, start=cover, tick=tick, end=shut, sound=CUES["transition"], label="transition in"),
                Step(UNCOVER, start=uncover, tick=tick, end=self.clear, label="transition out"))

    # -- drawing ---------------------------------------------------------------------
    def covers_screen(self) -> bool:
        """The curtains are shut: two opaque halves over the whole window, so nothing of
        the game behind them shows (it changes unseen until the uncover)."""
        return self.curtain is not None and self.curtain[0] == "shut"

    def draw_over(self, surface: pygame.Surface) -> bool:
        """Before the game draws: a full moment whose photograph is taken blits it
        and itself, and the game draws nothing (True)."""
        if self.now is None or self._snap is None:
            return False
        surface.blit(self._snap, (0, 0))
        self._draw_moment(surface)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        """After the game drew: the transition over it, or a full moment (the first
        frame photographs the game, dimmed)."""
        if self.curtain is not None:
            self._draw_curtain(surface)
        elif self.now is not None:
            if self._snap is None:
                lay = self.scene.app.layout
                from .overlay import spare

                def snap_shown(moments: Moments, surf: pygame.Surface) -> bool:
                    return (moments._snap is surf and moments.now is not None
                            and moments.scene in moments.scene.app.stack.scenes)

                snap = spare("moment_snap", surface.get_size(), surface, self, snap_shown)
                snap.blit(surface, (0, 0))
                veil = self.scene.app.assets.surface(("moment_veil", lay.size), lambda: _veil(lay.size))
                snap.blit(veil, (0, 0))
                self._snap = snap
                surface.blit(veil, (0, 0))
            self._draw_moment(surface)

    def _draw_curtain(self, surface: pygame.Surface) -> None:
        app = self.scene.app
        lay, A = app.layout, app.assets
        assert self.curtain is not None                # drawn only while a transition is on
        phase, title, sub, color = self.curtain
        p = self.p
        if phase == "cover":
            if p < 0.7:                                   # the trigger cells celebrate
                pulse = 0.5 + 0.5 * math.sin(p * COVER * 14)
                for cell in self.cells:                   # a light added over the symbol, pulsing with its frame
                    r = lay.rect(cell)
                    radius = int(max(r.w, r.h) * 0.8)
                    light = A.surface(("moment_cell_light", radius, color), lambda radius=radius: _lit(
                        tinted_glow(app, radius, color)))
                    surface.blit(light, light.get_rect(center=r.center), special_flags=pygame.BLEND_RGB_ADD)
                    pygame.draw.rect(
                        surface,
                        D.lerp_color(color, (255, 255, 255), pulse),
                        r.inflate(lay.px(8), lay.px(8)),
                        lay.px(4 + 4 * pulse),
                        border_radius=lay.px(14),
                    )
            shut = ease((p - 0.45) / 0.4)
        elif phase == "shut":
            shut = 1.0
        else:
            shut = 1.0 - ease((p - 0.15) / 0.85)
        if shut <= 0:
            return
        half, right = self._halves(color)
        w = half.get_width()
        surface.blit(half, (int(-w + w * shut), 0))
        surface.blit(right, (int(surface.get_width() - w * shut), 0))
        if shut > 0.85:
            y = 470 if phase != "uncover" else 470 - 140 * ease(p / 0.4)
            glow = tinted_glow(app, lay.px(PLATE_GLOW), color)
            surface.blit(glow, glow.get_rect(center=lay.pt(960, y + 40)))
            plate = A.surface(("moment_plate", lay.size), lambda: _plate(lay))
            surface.blit(plate, plate.get_rect(center=lay.pt(960, y + 40)))
            A.blit_text(surface, title, A.fit(title, 110, 1180, True), (960, y), D.GOLD, anchor="center", bold=True,
                        outline=(80, 30, 0))
            if sub:
                A.blit_text(surface, sub, A.fit(sub, 40, 1180, True), (960, y + 100), D.CREAM, anchor="center",
                            bold=True, outline=(30, 14, 0))

    def _halves(self, color: tuple[int, int, int]) -> tuple[pygame.Surface, pygame.Surface]:
        """The left and right curtains in `color` (made once per window size)."""
        lay, A = self.scene.app.layout, self.scene.app.assets
        w, h = lay.size

        def half_curtain() -> pygame.Surface:
            return _curtain((w // 2 + 1, h), color, lay.px(10))

        half = A.surface(("moment_curtain", lay.size, color), half_curtain)
        return half, A.surface(("moment_curtain_r", lay.size, color), lambda: pygame.transform.flip(half, True, False))

    def _draw_moment(self, surface: pygame.Surface) -> None:
        app, m = self.scene.app, self.now
        assert m is not None                           # drawn only while a moment is on
        lay, A = app.layout, app.assets
        t = self.p * m.seconds
        cx, cy = lay.pt(960, 430)
        side = lay.px(900) // 2 * 2
        frame = int(t / RAY_PERIOD * RAY_FRAMES) % RAY_FRAMES
        rays = A.surface(("moment_rays_w", side, frame), lambda: _rays(side, frame))   # white: the glow colours it
        surface.blit(rays, rays.get_rect(center=(cx, cy)))
        glow = tinted_glow(app, lay.px(420), m.color)
        surface.blit(glow, glow.get_rect(center=(cx, cy)))
        coin_rain(app, surface, t, 48 if m.kind in ("jackpot", "max") else 30)
        drop = ease(t / 0.45)                                  # the title drops in, then bobs (one size:
        y = -120 + (330 + 120) * drop + 6 * math.sin(t * 5)    # one picture of it, made once)
        A.blit_text(surface, m.title, A.fit(m.title, 118, 1800, True), (960, y),
                    D.lerp_color(m.color, (255, 255, 255), 0.25), anchor="center", bold=True, outline=(60, 20, 0))
        if m.sub:
            A.blit_text(surface, m.sub, A.fit(m.sub, 40, 1800, True), (960, 430), D.CREAM, anchor="center", bold=True,
                        outline=(30, 14, 0))
        if m.cents is not None:
            band = A.surface(("bigwin_band", lay.size), lambda: band_panel(lay))
            surface.blit(band, band.get_rect(center=lay.pt(960, 560)))
            shown = m.cents if self.p >= 0.6 else int(m.cents * ease(self.p / 0.6))
            A.blit_chars(surface, app.cabinet.currency.format(shown), 96, (960, 560), D.CREAM, anchor="center",
                         bold=True, outline=(40, 20, 0))
        if app.skip_allowed:
            A.blit_text(surface, _("SPACE to skip"), 28, (960, 700), D.MUTED, anchor="center")


def coin_rain(app: Any, surface: pygame.Surface, t: float, count: int) -> None:
    """Gold coins raining over the screen at `t` s (positions from index and time
    only): the big win's and every big moment's (moments.py)."""
    lay, A = app.layout, app.assets
    coin = A.surface(("coin", lay.px(36)), lambda: asset_files.image("cabinet", "celebration.coin", lay.px(36)))
    for i in range(count):
        x = (i * 0.618034 % 1.0) * 1920
        y = ((t * (260 + (i * 37) % 200) + i * 97) % 1240) - 80
        wob = math.sin(t * 3 + i) * 18
        surface.blit(coin, lay.pt(x + wob, y))


def band_panel(lay: Any) -> pygame.Surface:
    """The band the amount counts up on (the big-win celebration's too)."""
    return D.rounded_panel((lay.px(900), lay.px(170)), (40, 20, 60), (10, 6, 20), radius=lay.px(40), border=D.GOLD,
                           border_width=lay.px(4), alpha=215)


PLATE_GLOW = 520                   # the radius of the light behind the feature's name plate


def _plate(lay: Any) -> pygame.Surface:
    """The plate the feature's name sits on between the curtains (a light in the
    feature's colour glows behind it): a dark panel ringed in gold."""
    return D.rounded_panel((lay.px(1240), lay.px(300)), (58, 40, 74), (14, 8, 26), radius=lay.px(40),
                           border=D.GOLD, border_width=lay.px(5), alpha=235)


def _veil(size: tuple[int, int]) -> pygame.Surface:
    veil = pygame.Surface(size, pygame.SRCALPHA)
    veil.fill((5, 5, 20, 200))
    return veil


def _curtain(size: tuple[int, int], color: tuple[int, int, int], edge: int) -> pygame.Surface:
    """The left curtain: a deep gradient in the moment's colour, folds, a gold edge on
    its inner side (the right one is its mirror)."""
    w, h = size
    deep = D.lerp_color(color, (10, 6, 24), 0.78)
    surf = D.vertical_gradient((w, h), [D.lerp_color(color, (10, 6, 24), 0.6), deep, (8, 6, 18)]).convert()
    for i in range(1, 9):                                   # the folds: darker and lighter stripes
        x = int(w * i / 9)
        shade = pygame.Surface((max(w // 40, 2), h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 70) if i % 2 else (255, 255, 255, 18))
        surf.blit(shade, (x, 0))
    pygame.draw.rect(surf, D.GOLD_DARK, (w - edge * 2, 0, edge * 2, h))
    pygame.draw.rect(surf, D.GOLD, (w - edge * 2 + edge // 2, 0, edge, h))
    return surf


def warm(app: Any) -> None:
    """Pre-render what every moment shares (the white glow and ray burst, the veil):
    called when a game scene is built, so a moment's first frames only tint copies."""
    for _slice in warm_slices(app):
        pass


def warm_slices(app: Any):
    """`warm`, one picture per slice (a generator: cabinet/ui/prepare.py runs it)."""
    lay, A = app.layout, app.assets
    side = lay.px(900) // 2 * 2
    A.surface(("moment_glow_w", lay.px(420)), lambda: _white_glow(lay.px(420)))
    yield N_("the big moments' light")
    for frame in range(RAY_FRAMES):
        A.surface(("moment_rays_w", side, frame), lambda frame=frame: _rays(side, frame))
        yield N_("the big moments' rays")
    A.surface(("moment_veil", lay.size), lambda: _veil(lay.size))
    yield
    A.surface(("moment_glow_w", lay.px(PLATE_GLOW)), lambda: _white_glow(lay.px(PLATE_GLOW)))
    yield
    A.surface(("moment_plate", lay.size), lambda: _plate(lay))


def tinted_glow(app: Any, radius: int, color: tuple[int, int, int]) -> pygame.Surface:
    """A soft light in `color`: the white glow of that radius (made once) tinted (once per colour)."""
    A = app.assets
    white = A.surface(("moment_glow_w", radius), lambda: _white_glow(radius))
    return A.surface(("moment_glow", radius, color), lambda: _tint(white, color))


def _white_glow(radius: int) -> pygame.Surface:
    """The white glow every moment's light is tinted from."""
    return D.radial_glow(radius, (255, 255, 255))


def _lit(glow: pygame.Surface) -> pygame.Surface:
    """A glow as light to add (opaque, black where it is dark): blitted with BLEND_RGB_ADD."""
    out = pygame.Surface(glow.get_size())
    out.fill((0, 0, 0))
    out.blit(glow, (0, 0))
    out.fill((150, 150, 150), special_flags=pygame.BLEND_RGB_MULT)     # not to white: the symbol still reads
    return out


def _tint(surf: pygame.Surface, color: tuple[int, int, int]) -> pygame.Surface:
    out = surf.copy()
    out.fill((*color, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return out


_FADES: dict[int, Any] = {}


def _rays(side: int, frame: int) -> pygame.Surface:
    """The ray burst behind a moment's title (white: tinted per moment), turned
    frame / RAY_FRAMES of one ray pair, fading towards the ends of its rays."""
    surf = pygame.Surface((side, side), pygame.SRCALPHA)
    surf.fill((255, 255, 255, 0))
    c, r = side / 2, side / 2
    turn = frame / RAY_FRAMES * (2 * math.pi / (RAYS / 2))
    for i in range(0, RAYS, 2):
        a0 = turn + i * 2 * math.pi / RAYS
        a1 = a0 + 2 * math.pi / RAYS
        pygame.draw.polygon(surf, (255, 255, 255, 80), [(c, c), (c + r * math.cos(a0), c + r * math.sin(a0)),
                                                          (c + r * math.cos(a1), c + r * math.sin(a1))])
    fade = _FADES.get(side)
    if fade is None:                                      # the fade's alpha, once per size
        fade = _FADES[side] = pygame.surfarray.array_alpha(D.radial_glow(side // 2, (255, 255, 255))).astype("uint16")
    alpha = pygame.surfarray.pixels_alpha(surf)
    alpha[:] = (alpha.astype("uint16") * fade // 255).astype("uint8")
    del alpha
    return surf
