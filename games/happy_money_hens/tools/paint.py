"""Happy Money Hens' pictures as the project draws them (hens, eggs, letters, feature
eggs, pots, the farm at dusk), for `python -m games.happy_money_hens.tools.make_assets`,
which writes them to assets/happy_money_hens/. Shapes are drawn at twice the size and
smoothscaled down, which anti-aliases them. Coins carry values, so the game draws
them itself (view/art.py); the full pots' coins come from there.
"""
from __future__ import annotations

import math

import pygame

from cabinet.ui import draw as D

from ..view.art import COIN_TINTS, LETTER_COLOURS, POT_COLOURS, POT_FEATURE, SS, _canvas, _down, outlined
from .paint_svg import coin, raster


def _tile(size: int, color, radius_div: int = 6) -> pygame.Surface:
    """The rounded glassy tile every reel symbol sits on."""
    top = D.lerp_color(color, (255, 255, 255), 0.30)
    bottom = D.lerp_color(color, (0, 0, 0), 0.55)
    return D.rounded_panel((size, size), top, bottom, radius=size // radius_div,
                           border=D.lerp_color(color, (255, 240, 200), 0.6), border_width=max(2, size // 45))


def _bird(s: pygame.Surface, body, wing, comb, scale: float, tail=None, chick: bool = False) -> None:
    """A hen-like bird facing right, drawn into a supersampled square canvas."""
    n = s.get_width()
    cx, cy = n * 0.47, n * 0.58
    r = n * 0.27 * scale
    if tail:
        for i, col in enumerate(tail):
            a = math.radians(200 + i * 22)
            tip = (cx - r * 0.35 + math.cos(a) * r * 1.0, cy - r * 0.3 + math.sin(a) * r * 1.1)
            pygame.draw.polygon(s, col, [(cx - r * 0.5, cy - r * 0.2), tip, (cx - r * 0.2, cy + r * 0.1)])
    pygame.draw.ellipse(s, D.lerp_color(body, (0, 0, 0), 0.35), (cx - r, cy - r * 0.8, r * 2, r * 1.75))
    pygame.draw.ellipse(s, body, (cx - r * 0.94, cy - r * 0.8, r * 1.88, r * 1.62))
    hx, hy, hr = cx + r * 0.55, cy - r * 0.95, r * (0.62 if chick else 0.5)
    if comb and not chick:
        for i in range(3):
            pygame.draw.circle(s, comb, (hx - hr * 0.35 + i * hr * 0.38, hy - hr * 0.9 - (i == 1) * hr * 0.15),
                               hr * 0.32)
    pygame.draw.circle(s, body, (hx, hy), hr)
    pygame.draw.ellipse(s, wing, (cx - r * 0.55, cy - r * 0.25, r * 1.1, r * 0.75))
    pygame.draw.arc(s, D.lerp_color(wing, (0, 0, 0), 0.3), (cx - r * 0.55, cy - r * 0.25, r * 1.1, r * 0.75),
                    math.pi * 1.05, math.pi * 1.95, max(2, n // 90))
    beak = [(hx + hr * 0.8, hy - hr * 0.15), (hx + hr * 1.45, hy + hr * 0.1), (hx + hr * 0.8, hy + hr * 0.35)]
    pygame.draw.polygon(s, (255, 160, 30), beak)
    if comb and not chick:
        pygame.draw.ellipse(s, comb, (hx + hr * 0.55, hy + hr * 0.3, hr * 0.35, hr * 0.55))
    pygame.draw.circle(s, (20, 20, 30), (hx + hr * 0.35, hy - hr * 0.15), hr * 0.16)
    pygame.draw.circle(s, (255, 255, 255), (hx + hr * 0.4, hy - hr * 0.22), hr * 0.06)
    for dx in (-0.3, 0.25):
        x = cx + r * dx
        pygame.draw.line(s, (240, 150, 30), (x, cy + r * 0.75), (x, cy + r * 1.05), max(3, n // 60))
        pygame.draw.line(s, (240, 150, 30), (x - r * 0.15, cy + r * 1.05), (x + r * 0.15, cy + r * 1.05),
                         max(3, n // 60))


def _egg(s: pygame.Surface, color, cx: float, cy: float, w: float, h: float) -> None:
    pygame.draw.ellipse(s, D.lerp_color(color, (0, 0, 0), 0.4), (cx - w / 2, cy - h / 2, w, h))
    pygame.draw.ellipse(s, color, (cx - w / 2 + w * 0.04, cy - h / 2 + h * 0.03, w * 0.9, h * 0.9))
    pygame.draw.ellipse(s, D.lerp_color(color, (255, 255, 255), 0.7),
                        (cx - w * 0.25, cy - h * 0.35, w * 0.2, h * 0.28))


def _nest_of_eggs(s: pygame.Surface) -> None:
    """The EGG pay symbol: three speckled farm eggs, white and brown, in a straw nest;
    nothing like the GOLD feature symbol's single shining golden egg."""
    n = s.get_width()
    for (fx, fy, col) in ((0.33, 0.50, (250, 244, 230)), (0.67, 0.50, (214, 160, 110)), (0.5, 0.44, (255, 250, 240))):
        _egg(s, col, n * fx, n * fy, n * 0.30, n * 0.40)
        for k in range(5):
            a = k * 2.1 + fx * 7
            pygame.draw.circle(s, D.lerp_color(col, (90, 50, 20), 0.45),
                               (n * fx + math.cos(a) * n * 0.07, n * fy + math.sin(a) * n * 0.1), max(2, n // 110))
    rim = pygame.Rect(0, 0, n * 0.84, n * 0.34)
    rim.center = (n // 2, int(n * 0.70))
    pygame.draw.ellipse(s, (110, 66, 24), rim)
    pygame.draw.ellipse(s, (170, 112, 44), rim.inflate(-n * 0.04, -n * 0.05))
    for k in range(22):                                   # straw across the nest
        a = k / 22 * math.tau
        x0, y0 = rim.centerx + math.cos(a) * rim.w * 0.42, rim.centery + math.sin(a) * rim.h * 0.38
        x1, y1 = rim.centerx + math.cos(a + 0.7) * rim.w * 0.47, rim.centery + math.sin(a + 0.7) * rim.h * 0.44
        pygame.draw.line(s, (236, 200, 110) if k % 2 else (200, 150, 60), (x0, y0), (x1, y1), max(2, n // 70))


def _sparkles(s: pygame.Surface, color, count: int = 4) -> None:
    n = s.get_width()
    for i in range(count):
        a = i * 2.4 + 0.6
        x, y = n * (0.5 + 0.36 * math.cos(a)), n * (0.5 + 0.36 * math.sin(a))
        k = n * 0.05
        pygame.draw.polygon(s, color, [(x, y - k), (x + k * 0.3, y - k * 0.3), (x + k, y), (x + k * 0.3, y + k * 0.3),
                                       (x, y + k), (x - k * 0.3, y + k * 0.3), (x - k, y), (x - k * 0.3, y - k * 0.3)])


def symbol_face(name: str, size: int) -> pygame.Surface:
    """One reel symbol at `size` pixels square."""
    if name in LETTER_COLOURS:
        surf = _tile(size, LETTER_COLOURS[name])
        label = outlined(name, int(size * 0.78), (255, 250, 235), width=max(2, size // 28))
        surf.blit(label, label.get_rect(center=(size // 2, size // 2 + size // 30)))
        return surf
    if name in POT_COLOURS:
        return feature_face(name, size)
    base = {"ROOSTER": (200, 60, 50), "HEN": (190, 120, 50), "CHICK": (90, 170, 210), "EGG": (120, 80, 170),
            "WILD": (150, 50, 170)}[name]
    surf = _tile(size, base)
    art = _canvas(size)
    if name == "ROOSTER":
        _bird(art, (250, 245, 235), (230, 220, 205), (230, 30, 40), 1.05,
              tail=[(40, 120, 80), (30, 70, 160), (200, 60, 40), (40, 130, 90)])
    elif name == "HEN":
        _bird(art, (175, 100, 45), (140, 70, 30), (220, 40, 40), 1.0)
    elif name == "CHICK":
        _bird(art, (255, 220, 60), (240, 190, 40), None, 0.9, chick=True)
    elif name == "EGG":
        _nest_of_eggs(art)
    elif name == "WILD":
        n = art.get_width()
        pts = [(n / 2 + math.cos(-math.pi / 2 + i * math.pi / 5) * n * (0.42 if i % 2 == 0 else 0.19),
                n / 2 + math.sin(-math.pi / 2 + i * math.pi / 5) * n * (0.42 if i % 2 == 0 else 0.19))
               for i in range(10)]
        pygame.draw.polygon(art, (255, 215, 80), pts)
        pygame.draw.polygon(art, (150, 80, 10), pts, max(3, n // 60))
    surf.blit(_down(art, size), (0, 0))
    if name == "WILD":
        label = outlined("WILD", int(size * 0.34), (255, 255, 255), rim=(90, 20, 100), width=max(2, size // 40))
        surf.blit(label, label.get_rect(center=(size // 2, size // 2 + size // 20)))
    return surf


def feature_face(colour: str, size: int) -> pygame.Surface:
    """A feature symbol: a glowing medallion egg of its pot's colour, named by feature."""
    col = POT_COLOURS[colour]
    surf = _tile(size, D.lerp_color(col, (20, 20, 40), 0.55))
    art = _canvas(size)
    n = art.get_width()
    glow = D.radial_glow(int(n * 0.45), col, 0.9)
    art.blit(glow, glow.get_rect(center=(n // 2, int(n * 0.45))))
    _egg(art, col, n * 0.5, n * 0.42, n * 0.46, n * 0.58)
    _sparkles(art, (255, 255, 255), 3)
    surf.blit(_down(art, size), (0, 0))
    icon = {"BLUE": "x2", "RED": "POT", "GOLD": "+"}[colour]
    label = outlined(icon, int(size * (0.36 if colour != "RED" else 0.26)), (255, 255, 255), width=max(2, size // 50))
    surf.blit(label, label.get_rect(center=(size // 2, int(size * 0.43))))
    name = outlined(POT_FEATURE[colour], int(size * 0.16), (255, 250, 230), width=max(1, size // 80))
    surf.blit(name, name.get_rect(center=(size // 2, int(size * 0.86))))
    return surf


def feature_pot(size: tuple[int, int], colour: str, level: int, levels: int = 4) -> pygame.Surface:
    """A feature pot: a round glass jar in four bands, filled to its level with its
    colour (shining coins on top when full), a gold lid and rim."""
    w, h = size
    W, H = w * SS, h * SS
    s = pygame.Surface((W, H), pygame.SRCALPHA)
    s.fill((0, 0, 0, 0))
    col = POT_COLOURS[colour]
    body = pygame.Rect(W * 0.1, H * 0.22, W * 0.8, H * 0.74)
    pygame.draw.ellipse(s, (18, 16, 30), body)
    inner = body.inflate(-W * 0.07, -H * 0.07)
    fill = pygame.Surface((W, H), pygame.SRCALPHA)
    fill.fill((0, 0, 0, 0))
    pygame.draw.ellipse(fill, (*D.lerp_color(col, (0, 0, 0), 0.15), 255), inner)
    top = int(inner.bottom - inner.h * level / levels)
    fill.fill((0, 0, 0, 0), (0, 0, W, max(top, 0)))
    if level < levels:
        pygame.draw.ellipse(fill, (*D.lerp_color(col, (255, 255, 255), 0.35), 255),
                            (inner.x + inner.w * 0.1, top - H * 0.03, inner.w * 0.8, H * 0.06))
    s.blit(fill, (0, 0))
    for k in range(1, levels):                      # the level bands
        y = inner.bottom - inner.h * k / levels
        half = math.sqrt(max(0.0, 1 - ((y - inner.centery) / (inner.h / 2)) ** 2)) * inner.w / 2
        pygame.draw.line(s, (150, 150, 170), (inner.centerx - half, y), (inner.centerx + half, y), max(2, W // 90))
    shine = pygame.Surface((W, H), pygame.SRCALPHA)
    shine.fill((0, 0, 0, 0))
    pygame.draw.ellipse(shine, (255, 255, 255, 70), (body.x + body.w * 0.16, body.y + body.h * 0.14, body.w * 0.16,
                                                     body.h * 0.42))
    s.blit(shine, (0, 0))
    pygame.draw.ellipse(s, D.lerp_color(col, (255, 255, 255), 0.55), body, max(3, W // 36))
    neck = pygame.Rect(W * 0.22, H * 0.1, W * 0.56, H * 0.18)
    pygame.draw.rect(s, (150, 100, 30), neck, border_radius=int(H * 0.05))
    pygame.draw.rect(s, (255, 214, 110), neck.inflate(-W * 0.02, -H * 0.03), border_radius=int(H * 0.05))
    pygame.draw.rect(s, (150, 100, 30), neck, max(2, W // 80), border_radius=int(H * 0.05))
    if level >= levels:
        for k in range(3):
            c = raster(coin(COIN_TINTS["full"]), int(W * 0.2))
            s.blit(c, c.get_rect(center=(W * (0.36 + k * 0.14), H * (0.1 - (k == 1) * 0.04))))
    return pygame.transform.smoothscale(s, (w, h))


def backdrop(size: tuple[int, int]) -> pygame.Surface:
    """The farm at dusk: sky gradient, sun, rolling hills, a barn and a fence."""
    w, h = size
    surf = D.vertical_gradient(size, [(18, 30, 78), (60, 60, 130), (236, 130, 90), (250, 190, 110)])
    glow = D.radial_glow(int(h * 0.45), (255, 220, 140), 0.8)
    surf.blit(glow, glow.get_rect(center=(int(w * 0.78), int(h * 0.70))))
    pygame.draw.circle(surf, (255, 226, 150), (int(w * 0.78), int(h * 0.70)), int(h * 0.07))
    for i in range(60):
        x, y = (i * 0.618034) % 1.0, (i * 0.414213 + i * i * 0.00071) % 1.0
        b = 150 + (i * 53) % 100
        pygame.draw.circle(surf, (b, b, 255), (int(x * w), int(y * h * 0.35)), 1 + (i % 5 == 0))
    layers = [((40, 90, 60), 0.74, 0.05, 1.3), ((28, 70, 46), 0.80, 0.04, 2.1), ((18, 48, 34), 0.87, 0.03, 3.3)]
    for col, base, amp, freq in layers:
        pts = [(0, h)] + [
            (x, h * (base - amp * math.sin(x / w * math.pi * freq + base * 7))) for x in range(0, w + 8, 8)
        ]
        pts.append((w, h))
        pygame.draw.polygon(surf, col, pts)
    barn(surf, pygame.Rect(int(w * 0.04), int(h * 0.585), int(w * 0.1), int(h * 0.2)))
    fy = int(h * 0.88)
    for x in range(0, w, int(w * 0.03)):
        pygame.draw.rect(surf, (70, 50, 40), (x, fy - int(h * 0.05), max(4, w // 300), int(h * 0.06)))
    pygame.draw.rect(surf, (80, 58, 44), (0, fy - int(h * 0.04), w, max(3, h // 200)))
    pygame.draw.rect(surf, (80, 58, 44), (0, fy - int(h * 0.015), w, max(3, h // 200)))
    return surf


def barn(surf: pygame.Surface, r: pygame.Rect) -> None:
    """A red barn in the dusk light inside `r`: a gambrel roof with shingle lines and
    white trim, a hayloft door with hay and a lamp-lit window, X-braced double doors,
    board lines, and a silo with a domed cap beside it."""
    x, y, bw, bh = r
    wall, dark, trim, roof = (150, 36, 34), (104, 22, 24), (238, 226, 206), (70, 40, 46)
    sx, sw = x + bw * 0.86, bw * 0.3                      # the silo, behind the barn's right side
    pygame.draw.rect(surf, (176, 168, 160), (sx, y + bh * 0.08, sw, bh * 0.92))
    pygame.draw.rect(surf, (138, 130, 126), (sx + sw * 0.62, y + bh * 0.08, sw * 0.38, bh * 0.92))
    clip = surf.get_clip()
    surf.set_clip(pygame.Rect(int(sx - sw * 0.1), int(y - bh * 0.1), int(sw * 1.2), int(bh * 0.19)))
    pygame.draw.ellipse(surf, (120, 84, 76), (sx - sw * 0.04, y - bh * 0.05, sw * 1.08, bh * 0.26))   # the dome
    surf.set_clip(clip)
    for k in range(1, 6):
        yy = y + bh * (0.08 + 0.18 * k)
        pygame.draw.line(surf, (120, 112, 110), (sx, yy), (sx + sw, yy), 2)
    eave, knee, peak = y + bh * 0.42, y + bh * 0.14, y - bh * 0.02   # the gambrel: two pitches a side
    body = [(x, y + bh), (x, eave), (x + bw * 0.16, knee), (x + bw * 0.5, peak), (x + bw * 0.84, knee),
            (x + bw, eave), (x + bw, y + bh)]
    pygame.draw.polygon(surf, wall, body)
    for k in range(1, 10):                                  # vertical boards
        xx = x + bw * k / 10
        pygame.draw.line(surf, dark, (xx, eave if k in (1, 9) else knee + bh * 0.06), (xx, y + bh), 1)
    cap = [(x - bw * 0.06, eave + bh * 0.02), (x + bw * 0.13, knee - bh * 0.02), (x + bw * 0.5, peak - bh * 0.06),
           (x + bw * 0.87, knee - bh * 0.02), (x + bw * 1.06, eave + bh * 0.02)]
    pygame.draw.lines(surf, roof, False, cap, max(4, int(bh * 0.07)))
    pygame.draw.lines(surf, trim, False, [(px, py + bh * 0.045) for px, py in cap], 2)
    loft = pygame.Rect(int(x + bw * 0.38), int(knee + bh * 0.04), int(bw * 0.24), int(bh * 0.2))
    glow = D.radial_glow(int(bw * 0.3), (255, 200, 110), 0.5)
    surf.blit(glow, glow.get_rect(center=loft.center))
    pygame.draw.rect(surf, (60, 30, 20), loft)
    pygame.draw.rect(surf, (236, 190, 90), loft.inflate(-loft.w // 3, -loft.h // 3))
    pygame.draw.rect(surf, trim, loft, 3)
    door = pygame.Rect(int(x + bw * 0.25), int(y + bh * 0.56), int(bw * 0.5), int(bh * 0.44))
    pygame.draw.rect(surf, dark, door)
    for half in (
        pygame.Rect(door.x, door.y, door.w // 2, door.h),
        pygame.Rect(door.centerx, door.y, door.w - door.w // 2, door.h),
    ):
        pygame.draw.rect(surf, trim, half, 3)
        pygame.draw.line(surf, trim, half.topleft, half.bottomright, 3)
        pygame.draw.line(surf, trim, half.topright, half.bottomleft, 3)
    pygame.draw.line(surf, trim, (x, eave), (x, y + bh), 3)
    pygame.draw.line(surf, trim, (x + bw - 1, eave), (x + bw - 1, y + bh), 3)
