"""The 7x7 tumble board: symbols dropping in, cluster outlines with their pay,
explosions, survivors falling, refills from above, the sticky grid on the cells,
HOG WILD's spawning wilds and the windmills (glowing, or asleep in GROWING SEASON).

All state is plain data set by the scene's steps (never accumulated per frame), so
a skipped or resumed presentation draws the right board. Every surface is built
once per window size through app.assets; a frame only blits.
"""
from __future__ import annotations

import math

import pygame

from cabinet.ui import draw as D
from cabinet.ui.presentation import Step
from cabinet.ui.reel_motion import gravity_drop
from cabinet.ui.reels import ReelSet
from cabinet.ui.symbol_anim import SymbolAnimator

from . import art
from .layout import COLS, RECT, ROWS

CELL = RECT.w // COLS
# How each symbol moves in a winning cluster before it explodes (cabinet/ui/symbol_anim.py).
WIN_STYLES = {"GP": "bounce", "PP": "bounce", "WD": "bounce", "HN": "flap", "EG": "wobble", "CN": "pulse",
              "CR": "wobble", "AP": "pulse"}


def cell_center(r: int, c: int) -> tuple[float, float]:
    return RECT.x + (c + 0.5) * CELL, RECT.y + (r + 0.5) * CELL


def cell_at(pos: tuple[float, float]) -> tuple[int, int] | None:
    """The (row, col) under a logical point, if any."""
    x, y = pos
    if not RECT.collidepoint(x, y):
        return None
    return int((y - RECT.y) // CELL), int((x - RECT.x) // CELL)


class Cluster:
    """A winning cluster on screen: its cells, pay text and multiplier."""

    def __init__(self, cells: list[list[int]], text: str, mult: int, symbol: str):
        self.cells = {(r, c) for r, c in cells}
        self.text, self.mult, self.symbol = text, mult, symbol
        # the label sits on the cluster's cell nearest its centre of mass
        mr = sum(r for r, _ in self.cells) / len(self.cells)
        mc = sum(c for _, c in self.cells) / len(self.cells)

        def distance_to_centre(rc: tuple[int, int]) -> float:
            return (rc[0] - mr) ** 2 + (rc[1] - mc) ** 2

        self.anchor = min(self.cells, key=distance_to_centre)


class BoardView:
    """What the board shows now, and how to draw it. A fresh board drops in as seven
    reels (cabinet/ui/reels.py): each column on its own strip of the spin's strip set,
    landing left to right on the recorded stops (the event's `tops`)."""

    SYMBOL = 96          # logical symbol size inside a 108 cell
    DROP_SPEED = 32.0    # symbols a second (small cells: about the other games' px a second)
    TRIGGER = 3          # windmills that spin THE FARM WHEEL (and retrigger free spins)

    def __init__(self, app, board: list[list[str]], strips: dict[str, list[list[str]]] | None = None,
                 stops: list[int] | None = None):
        self.app = app
        self.board = [list(r) for r in board]
        self.strips = dict(strips or {})
        first = next(iter(self.strips.values()), None) or [[board[r][c] for r in range(ROWS)] for c in range(COLS)]
        self.reels = ReelSet(app, (RECT.x, RECT.y, RECT.w, RECT.h), COLS, ROWS, self.faces, first, board=self.board,
                             stops=stops, gap=0,
                             name="pf_reels", face_scale=self.SYMBOL / CELL, speed=self.DROP_SPEED)
        self.winners = SymbolAnimator(app, "pf", self.faces, WIN_STYLES)
        self.teasing: int | None = None                    # the column anticipated now (it glows)
        self.fall: dict[tuple[int, int], float] = {}     # cell -> rows it falls from (above its place)
        self.fall_p = 1.0
        self.fall_longest = 0.0                            # the longest fall of the tumble (cells)
        self.clusters: list[Cluster] = []
        self.exploding: set[tuple[int, int]] = set()
        self.explode_p = 0.0
        self.grid: list[list[int]] | None = None           # sticky grid values, None outside free spins
        self.bumped: set[tuple[int, int]] = set()
        self.bump_p = 1.0
        self.spawned: set[tuple[int, int]] = set()
        self.spawn_p = 1.0
        self.scatters: set[tuple[int, int]] = set()        # windmills glowing (a trigger)
        self.asleep = False                                # GROWING SEASON: windmills sleep

    # -- state setters used by the steps ---------------------------------------------
    def drop_steps(self, board: list[list[str]], strips: str, tops: list[int], label: str = "board drops",
                   on_start=None, teases: bool = True) -> list[Step]:
        """A fresh board dropping in column by column: what rests on the board falls
        away, each column spins on its strip and lands on its stop, left to right (the
        first step is 'board drops'; another `label` names the last, the board at rest). With
        two windmills down and columns to come, the next column spins on, slower
        (anticipation, with pf_wind: the rising wind of the windmills about to turn)."""
        columns = [[board[r][c] for r in range(ROWS)] for c in range(COLS)]
        tease: list[int] = []
        seen = 0
        for c in range(COLS - 1):
            seen += columns[c].count("WM")
            if seen >= self.TRIGGER - 1:
                tease = [c + 1] if teases and seen == self.TRIGGER - 1 else []
                break

        def start() -> None:
            self.reels.set_board(self.board)      # the board on screen now falls away
            self.teasing = None
            if on_start:
                on_start()
            self.drop_in(board)

        def stop(c: int) -> None:
            if self.teasing == c:
                self.teasing = None

        def drop_sound(c: int) -> str | None:
            return "pf_drop" if c == 0 else None

        per = self.reels.spin_steps(columns, tops, strips=self.strips.get(strips), spin=0.42, stagger=0.07,
                                    teases=tease, tease_time=0.6, tease_sound="pf_wind",
                                    sound=drop_sound,
                                    spin_sound=None, start_stagger=0.025, on_start=start,
                                    on_tease=lambda c: setattr(self, "teasing", c), on_stop=stop)
        steps = [s for col in per for s in col]
        steps[0].label = "board drops"
        if label != steps[0].label:          # e.g. 'board drops, windmills asleep': the board at rest
            steps[-1].label = label
        return steps

    def drop_in(self, board: list[list[str]]) -> None:
        """The board the drop lands on (the reels draw it until they rest)."""
        self.board = [list(r) for r in board]
        self.fall, self.fall_p = {}, 1.0
        self.clusters, self.exploding, self.spawned, self.scatters = [], set(), set(), set()

    def warm(self) -> None:
        """Build the drop's faces and blurred faces and the winning loops (scene preparation)."""
        self.reels.warm()
        self.winners.warm(self.app.layout.px(self.SYMBOL), art.SYMBOLS)

    def faces(self, px: int) -> dict[str, pygame.Surface]:
        """Every symbol at `px` real pixels (the drop's reels draw them)."""
        return {sid: self.app.assets.surface(("pf_sym", sid, px), lambda sid=sid: art.symbol(sid, px))
                for sid in art.SYMBOLS}

    def tumble_to(self, board: list[list[str]], falls, refills, p: float) -> None:
        """Survivors fall, refills drop in; `falls` [[col, from, to]], `refills` [[col, row, sym]]."""
        self.board = [list(r) for r in board]
        self.fall = {(to, c): float(to - fr) for c, fr, to in falls}
        per_col: dict[int, int] = {}
        for c, _, _ in refills:
            per_col[c] = per_col.get(c, 0) + 1
        for c, r, _ in refills:
            self.fall[(r, c)] = float(per_col[c]) + 0.3
        self.fall_longest = max(self.fall.values(), default=0.0)
        self.fall_p = p
        self.exploding = set()
        self.clusters = []

    # -- assets ----------------------------------------------------------------------
    def face(self, sid: str, logical: float = SYMBOL) -> pygame.Surface:
        """Symbol `sid` at a logical size, pre-rendered once per real size."""
        lay = self.app.layout
        px = lay.px(logical)
        return self.app.assets.surface(("pf_sym", sid, px), lambda: art.symbol(sid, px))

    def _frame(self) -> pygame.Surface:
        lay = self.app.layout
        pad = lay.px(22)
        size = (lay.px(RECT.w) + 2 * pad, lay.px(RECT.h) + 2 * pad)
        return self.app.assets.surface(("pf_frame", lay.size), lambda: art.frame(size))

    def _tile(self, key: str, color, alpha: int) -> pygame.Surface:
        lay = self.app.layout
        cs = lay.px(CELL) - lay.px(6)

        def build() -> pygame.Surface:
            s = pygame.Surface((cs, cs), pygame.SRCALPHA)
            s.fill((0, 0, 0, 0))
            pygame.draw.rect(s, (*color, alpha), s.get_rect(), border_radius=lay.px(14))
            pygame.draw.rect(s, (*D.lerp_color(color, (255, 255, 255), 0.4), min(alpha + 90, 255)), s.get_rect(),
                             max(lay.px(3), 2), border_radius=lay.px(14))
            return s
        return self.app.assets.surface(("pf_tile", key, cs), build)

    def _glow(self, color, radius: int) -> pygame.Surface:
        r = self.app.layout.px(radius)
        return self.app.assets.surface(("pf_glow", color, r), lambda: D.radial_glow(r, color, 1.0))

    # -- drawing ----------------------------------------------------------------------
    CHARGE_COLORS = [(80, 200, 230), (70, 140, 255), (150, 100, 255), (210, 80, 240), (255, 70, 170),
                     (255, 90, 90), (255, 150, 40), (255, 210, 40)]     # x1, x2, x4 ... x128

    def _charge_color(self, v: int) -> tuple[int, int, int]:
        return self.CHARGE_COLORS[min(int(math.log2(max(v, 1))), 7)]

    def draw_frame(self, surface: pygame.Surface) -> None:
        """The wooden frame and cell tiles (the scene composes it into its background)."""
        lay = self.app.layout
        surface.blit(self._frame(), lay.pt(RECT.x - 22, RECT.y - 22))

    def draw(self, surface: pygame.Surface, time: float) -> None:
        """Grid charges, win tiles, symbols (falling, popping, spawning), outlines and pay labels."""
        lay, A = self.app.layout, self.app.assets
        cs = lay.px(CELL)
        ox, oy = lay.pt(RECT.x, RECT.y)
        # sticky grid: charged cells tinted by value
        if self.grid is not None:
            for r in range(ROWS):
                for c in range(COLS):
                    v = self.grid[r][c]
                    if v:
                        col = self._charge_color(v)
                        tile = self._tile(f"charge{min(int(math.log2(v)), 7)}", col, 120)
                        surface.blit(tile, (ox + c * cs + lay.px(3), oy + r * cs + lay.px(3)))
        for r, c in {a for cl in self.clusters for a in cl.cells}:
            tile = self._tile("won", (255, 230, 120), 120)
            surface.blit(tile, (ox + c * cs + lay.px(3), oy + r * cs + lay.px(3)))
        for r, c in self.scatters:
            g = self._glow((120, 210, 255), 80)
            x, y = lay.pt(*cell_center(r, c))
            surface.blit(g, (x - g.get_width() // 2, y - g.get_height() // 2))
        # symbols, clipped to the window so falling ones appear from the top edge
        clip = surface.get_clip()
        surface.set_clip(lay.rect(RECT))
        dropping = self.reels.moving
        if dropping:
            self._draw_tease(surface, time, behind=True)
            self.reels.draw(surface)            # a fresh board dropping in
        winning = {cell for cl in self.clusters for cell in cl.cells}     # they move until they explode
        for c in range(COLS):
            if dropping:
                break
            for r in range(ROWS):
                sid = self.board[r][c]
                x, y = lay.pt(*cell_center(r, c))
                if (r, c) in self.fall:          # a tumble: heavier falls land later, with a small bounce
                    y -= int(gravity_drop(self.fall_p, self.fall[(r, c)], self.fall_longest, c * 0.012) * cs)
                if (r, c) in self.exploding:
                    self._draw_pop(surface, sid, x, y)
                    continue
                if (r, c) in winning and (r, c) not in self.spawned:
                    self.winners.draw(surface, sid, (x, y), lay.px(self.SYMBOL), time)
                    continue
                face = self.face(sid)
                if (r, c) in self.spawned:
                    tile = self._tile("spawn", (110, 220, 80), 150)
                    surface.blit(tile, (x - tile.get_width() // 2, y - tile.get_height() // 2))
                    if self.spawn_p < 1.0:
                        k = round(self.spawn_p * 6) / 6
                        face = self.face(sid, self.SYMBOL * (0.3 + 0.7 * k))
                if sid == "WM" and self.asleep:
                    face = self._sleepy()
                surface.blit(face, (x - face.get_width() // 2, y - face.get_height() // 2))
        surface.set_clip(clip)
        if dropping:
            self._draw_tease(surface, time, behind=False)
        if self.grid is not None:
            self._draw_charges(surface, ox, oy, cs)
        self._draw_outlines(surface, ox, oy, cs)
        for cl in self.clusters:
            self._draw_label(surface, cl)
        for r, c in self.spawned:
            x, y = cell_center(r, c)
            A.blit_text(surface, "NEW!", 28, (x - CELL / 2 + 8, y - CELL / 2 + 6), (255, 255, 255), bold=True,
                        outline=(30, 90, 20))
        if self.asleep and self.fall_p >= 1.0 and not self.reels.moving:
            for r in range(ROWS):
                for c in range(COLS):
                    if self.board[r][c] == "WM":
                        x, y = cell_center(r, c)
                        dy = 6 * math.sin(time * 2 + c)
                        A.blit_text(
                            surface,
                            "z Z z",
                            40,
                            (x + 26, y - 40 + dy),
                            (50, 50, 150),
                            anchor="center",
                            bold=True,
                            outline=(255, 255, 255),
                        )

    def _draw_tease(self, surface, time: float, behind: bool) -> None:
        """The anticipated column: a warm light behind its symbols, a pulsing frame round it."""
        if self.teasing is None:
            return
        lay = self.app.layout
        col = lay.rect((RECT.x + self.teasing * CELL, RECT.y, CELL, RECT.h))
        if behind:

            def tease_light() -> pygame.Surface:
                return D.rounded_panel(col.size, (255, 214, 90), (255, 150, 40), radius=lay.px(14), alpha=110)

            light = self.app.assets.surface(("pf_tease", col.size), tease_light)
            surface.blit(light, col.topleft)
            return
        glow = 0.5 + 0.5 * math.sin(time * 12)
        pygame.draw.rect(
            surface,
            D.lerp_color((255, 140, 30), (255, 250, 190), glow),
            col.inflate(lay.px(6), lay.px(6)),
            max(lay.px(7), 2),
            border_radius=lay.px(16),
        )

    def _sleepy(self) -> pygame.Surface:
        """A dimmed windmill (asleep in GROWING SEASON)."""
        lay = self.app.layout

        def build() -> pygame.Surface:
            s = self.face("WM").copy()
            s.fill((120, 120, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
            return s
        return self.app.assets.surface(("pf_sleepy", lay.px(self.SYMBOL)), build)

    def _draw_pop(self, surface, sid: str, x: int, y: int) -> None:
        """An exploding symbol: it swells and fades inside a star burst, sparks fly out."""
        p = self.explode_p
        k = min(int(p * 6), 5)
        color = art.GLOW.get(sid, (255, 240, 200))
        g = self._glow(color, 40 + 16 * k)
        surface.blit(g, (x - g.get_width() // 2, y - g.get_height() // 2))
        star = self._star(k)
        surface.blit(star, (x - star.get_width() // 2, y - star.get_height() // 2))
        if k < 4:
            face = self.face(sid, self.SYMBOL * (1.0 + 0.08 * k))

            def faded_face() -> pygame.Surface:
                return _faded(face, 1 - k / 4)

            faded = self.app.assets.surface(("pf_fade", sid, face.get_width(), k), faded_face)
            surface.blit(faded, (x - faded.get_width() // 2, y - faded.get_height() // 2))
        lay = self.app.layout
        for i in range(10):           # sparks flying out
            a = i * math.pi / 5 + 0.3
            d = lay.px(24 + 90 * p)
            pygame.draw.circle(surface, color if i % 2 else (255, 255, 230),
                               (x + int(math.cos(a) * d), y + int(math.sin(a) * d)), max(lay.px(9 * (1 - p)), 1))

    def _star(self, k: int) -> pygame.Surface:
        """A white eight-point burst growing and fading over the explosion (6 frames)."""
        lay = self.app.layout
        r = lay.px(30 + 14 * k)

        def build() -> pygame.Surface:
            s = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
            s.fill((0, 0, 0, 0))
            pts = [(r + math.cos(i * math.pi / 8) * r * (1.0 if i % 2 == 0 else 0.42),
                    r + math.sin(i * math.pi / 8) * r * (1.0 if i % 2 == 0 else 0.42)) for i in range(16)]
            pygame.draw.polygon(s, (255, 255, 235, int(230 * (1 - k / 6))), pts)
            return s
        return self.app.assets.surface(("pf_star", r, k), build)

    def _draw_charges(self, surface, ox: int, oy: int, cs: int) -> None:
        """Each charged cell's value in its top-right corner, on a dark tab: clear of the
        symbol's own name (the WILD tag across the bottom) and of the NEW! tag (top left)."""
        lay, A = self.app.layout, self.app.assets
        grid = self.grid
        assert grid is not None                  # drawn only while the free spins' grid is on
        for r in range(ROWS):
            for c in range(COLS):
                v = grid[r][c]
                if not v:
                    continue
                big = (r, c) in self.bumped and self.bump_p < 1.0
                size = 30 if not big else int(30 + 16 * math.sin(self.bump_p * math.pi))
                x, y = charge_anchor(r, c)
                col = self._charge_color(v)
                w, h = lay.px(22 + 15 * len(str(v))), lay.px(32)

                def charge_tab(w: int = w, h: int = h, col: tuple[int, int, int] = col) -> pygame.Surface:
                    return D.rounded_panel((w, h), D.lerp_color(col, (0, 0, 0), 0.45),
                                           D.lerp_color(col, (0, 0, 0), 0.75), radius=h // 2, border=col,
                                           border_width=max(1, lay.px(2)), alpha=235)

                tab = A.surface(("pf_charge_tab", w, h, col), charge_tab)
                tx, ty = lay.pt(x, y)
                surface.blit(tab, (tx - w, ty))
                A.blit_text(surface, f"x{v}", size, (x - 22 - 15 * len(str(v)) / 2, y + 16), (255, 255, 255),
                            anchor="center", bold=True)

    def _draw_outlines(self, surface, ox: int, oy: int, cs: int) -> None:
        lay = self.app.layout
        w = max(lay.px(6), 2)
        for cl in self.clusters:
            for r, c in cl.cells:
                x0, y0 = ox + c * cs, oy + r * cs
                for dr, dc, a, b in ((-1, 0, (x0, y0), (x0 + cs, y0)), (1, 0, (x0, y0 + cs), (x0 + cs, y0 + cs)),
                                     (0, -1, (x0, y0), (x0, y0 + cs)), (0, 1, (x0 + cs, y0), (x0 + cs, y0 + cs))):
                    if (r + dr, c + dc) not in cl.cells:
                        pygame.draw.line(surface, (120, 60, 0), (a[0] + 2, a[1] + 2), (b[0] + 2, b[1] + 2), w)
                        pygame.draw.line(surface, (255, 214, 70), a, b, w)

    def _draw_label(self, surface, cl: Cluster) -> None:
        lay, A = self.app.layout, self.app.assets
        x, y = cell_center(*cl.anchor)
        text = cl.text
        label = A.text(text, 40, (255, 255, 255), True, (90, 40, 0))
        w, h = label.get_width() + lay.px(28), label.get_height() + lay.px(12)

        def label_pill() -> pygame.Surface:
            return D.rounded_panel((w, h), (255, 190, 60), (200, 110, 20), radius=h // 2, border=(255, 245, 200),
                                   border_width=max(lay.px(3), 2))

        pill = A.surface(("pf_pill", w, h), label_pill)
        px, py = lay.pt(x, y)
        surface.blit(pill, (px - w // 2, py - h // 2))
        surface.blit(label, (px - label.get_width() // 2, py - label.get_height() // 2))


def charge_anchor(r: int, c: int) -> tuple[float, float]:
    """The top-right corner (logical) where cell (r, c)'s grid charge is shown."""
    return RECT.x + (c + 1) * CELL - 4, RECT.y + r * CELL + 4


def _faded(face: pygame.Surface, alpha: float) -> pygame.Surface:
    s = face.copy()
    s.fill((255, 255, 255, int(255 * alpha)), special_flags=pygame.BLEND_RGBA_MULT)
    return s
