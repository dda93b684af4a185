"""Grinning Harvest's side panels and banners: the jackpot ladder (left), the paylines
or the bonus counter and total (right), and the centre banner (trigger, jackpot,
Great Skull, bonus total, max win). Drawn from the scene's state; pictures cached."""
from __future__ import annotations

import pygame

from cabinet.core.i18n import _
from cabinet.core.money import win_cents
from cabinet.ui import draw as D
from cabinet.ui.reels import pulse

from . import art

LINE_COLORS = art.LINE_COLORS
LEFT = pygame.Rect(262, 372, 350, 534)
RIGHT = pygame.Rect(1308, 372, 350, 534)
BANNERS = {"bonus": ((255, 150, 40), (120, 30, 10), (255, 230, 150)),
           "skull": ((200, 40, 40), (60, 0, 20), (255, 180, 160)),
           "total": ((255, 214, 102), (150, 80, 10), (255, 245, 200)),
           "cap": ((255, 90, 60), (110, 10, 30), (255, 230, 160))}


def _panel(scene, rect: pygame.Rect, key: str, top=(60, 26, 80), bottom=(20, 8, 34), rim=(255, 150, 50)):
    lay = scene.app.layout
    real = lay.rect(rect)
    return scene.app.assets.surface(("gh_panel", key, real.size), lambda: D.rounded_panel(
        real.size, top, bottom, radius=lay.px(26), border=rim, border_width=lay.px(4), alpha=225))


def _say(A, surface, text: str, size: int, pos, color, width: int = 320, bold: bool = False, **kw) -> None:
    """A panel label in the current language, a little smaller where a translation is
    longer than the panel (`width` logical px)."""
    A.blit_text(surface, text, A.fit(text, size, width, bold), pos, color, bold=bold, **kw)


def _bet(scene) -> int:
    return scene.played.bet_cents if scene.played is not None else scene.bet


def draw_jackpots(scene, surface) -> None:
    """Grand on top down to Mini: coin, name, value at the bet; a hit one glows."""
    lay, A = scene.app.layout, scene.app.assets
    surface.blit(_panel(scene, LEFT, "left"), lay.pt(LEFT.x, LEFT.y))
    _say(A, surface, _("JACKPOTS"), 40, (LEFT.centerx, LEFT.y + 40), (255, 200, 90), anchor="center", bold=True,
         outline=(60, 20, 0))
    names = list(scene.maths.jackpots)[::-1]
    cur = scene.app.cabinet.currency
    for i, name in enumerate(names):
        y = LEFT.y + 86 + i * 108
        row = pygame.Rect(LEFT.x + 18, y, LEFT.w - 36, 96)
        rim, face = art.JACKPOT_COLORS[name]
        hit = scene.jackpot_hit == name
        plaque = _panel(scene, row, "jp_" + name, D.lerp_color(face, (0, 0, 0), 0.2),
                        D.lerp_color(face, (0, 0, 0), 0.7), rim)
        if hit:

            def jackpot_glow() -> pygame.Surface:
                return D.radial_glow(lay.px(row.w) // 2, rim, 0.9)

            g = scene.app.assets.surface(("gh_jpglow", lay.px(row.w)), jackpot_glow)
            surface.blit(g, g.get_rect(center=lay.pt(*row.center)), special_flags=0)
        surface.blit(plaque, lay.pt(row.x, row.y))
        size = lay.px(78)
        coin = scene.app.assets.surface(("gh", "coin", name, size), lambda: art.jackpot_coin(name, size))
        surface.blit(coin, coin.get_rect(center=lay.pt(row.x + 52, row.centery)))
        color = (255, 255, 255) if hit and pulse(scene.time, 10) > 0.5 else D.CREAM
        A.blit_text(surface, name.upper(), 34, (row.x + 104, row.y + 14), color, bold=True)
        value = scene.maths.jackpots[name]
        A.blit_text(surface, cur.format(win_cents(_bet(scene), value)), 38, (row.right - 16, row.bottom - 12), rim,
                    anchor="bottomright", bold=True)


def draw_side(scene, surface) -> None:
    """Right panel: the 5 paylines and the last line pay (base), or the bonus state."""
    lay, A = scene.app.layout, scene.app.assets
    surface.blit(_panel(scene, RIGHT, "right"), lay.pt(RIGHT.x, RIGHT.y))
    cx = RIGHT.centerx
    if scene.in_bonus:
        _draw_bonus_side(scene, surface)
        return
    _say(A, surface, _("{count} PAYLINES").format(count=len(scene.maths.raw["lines"])), 40, (cx, RIGHT.y + 40),
         (255, 200, 90), anchor="center", bold=True, outline=(60, 20, 0))
    lines = scene.maths.raw["lines"]
    lit = {ev["line"] for ev in scene.win_lines}
    for i, line in enumerate(lines):
        x0, y0 = RIGHT.x + 30 + (i % 3) * 104, RIGHT.y + 84 + (i // 3) * 118
        _mini_line(scene, surface, i, line, (x0, y0), i in lit)
    if scene.caption:
        A.blit_text(surface, scene.caption, 30, (cx, RIGHT.y + 370), D.GOLD, anchor="center", bold=True,
                    outline=(50, 20, 0), wrap=320)
    else:
        _say(A, surface, _("Pumpkins on reels 1 and 3"), 25, (cx, RIGHT.y + 350), D.MUTED, anchor="center")
        _say(A, surface, _("+ a Vault on reel 2"), 25, (cx, RIGHT.y + 380), D.MUTED, anchor="center")
        _say(A, surface, _("= HOLD-N-WIN"), 30, (cx, RIGHT.y + 416), (255, 170, 60), anchor="center", bold=True)
    _say(A, surface, _("A Vault collects every Pumpkin"), 24, (cx, RIGHT.y + 480), D.MUTED, anchor="center")


def _draw_bonus_side(scene, surface) -> None:
    """The bonus counters as the sheet names them: the spins remaining (a number and
    lamps), TOTAL WINNINGS beside them, and the WINNINGS of the spin on screen."""
    lay, A = scene.app.layout, scene.app.assets
    cur = scene.app.cabinet.currency
    cx = RIGHT.centerx
    _say(A, surface, _("HOLD-N-WIN"), 40, (cx, RIGHT.y + 36), (255, 200, 90), anchor="center", bold=True,
         outline=(60, 20, 0))
    _say(A, surface, _("SPINS LEFT"), 24, (RIGHT.x + 90, RIGHT.y + 84), D.MUTED, 150, anchor="center", bold=True)
    A.blit_text(surface, str(scene.lives), 76, (RIGHT.x + 90, RIGHT.y + 142), (150, 255, 100) if scene.lives_reset
                else D.CREAM, anchor="center", bold=True, outline=(20, 10, 30))
    lamp = lay.px(46)
    on = scene.app.assets.surface(("gh", "lamp", lamp, True), lambda: art.symbol_face("pumpkin", lamp))
    off = scene.app.assets.surface(("gh", "lamp", lamp, False), lambda: _unlit(on))
    for i in range(scene.maths.lives):
        img = on if i < scene.lives else off
        surface.blit(img, img.get_rect(center=lay.pt(RIGHT.x + 44 + i * 46, RIGHT.y + 200)))
    _say(A, surface, _("TOTAL WINNINGS"), 24, (RIGHT.x + 256, RIGHT.y + 84), D.MUTED, 170, anchor="center", bold=True)
    A.blit_chars(surface, cur.format(win_cents(_bet(scene), scene.shown_total_x100)), 34,
                 (RIGHT.x + 256, RIGHT.y + 136), D.GOLD, anchor="center", bold=True)
    if scene.lives_reset:
        _say(A, surface, _("RESET TO {lives}").format(lives=scene.maths.lives), 22, (RIGHT.x + 256, RIGHT.y + 196),
             (150, 255, 100), 170, anchor="center", bold=True)
    pygame.draw.line(
        surface,
        (120, 80, 150),
        lay.pt(RIGHT.x + 24, RIGHT.y + 238),
        lay.pt(RIGHT.right - 24, RIGHT.y + 238),
        max(1, lay.px(2)),
    )
    _say(A, surface, _("SPIN {number}  WINNINGS").format(number=scene.spin_no) if scene.spin_no else _("WINNINGS"), 26,
         (cx, RIGHT.y + 272), D.MUTED, anchor="center", bold=True)
    A.blit_chars(surface, cur.format(win_cents(_bet(scene), scene.shown_spin_x100)), 46, (cx, RIGHT.y + 322),
                 D.CREAM, anchor="center", bold=True)
    vaults = sum(1 for it in scene.items.values() if it["kind"] == "vault")
    _say(A, surface, _("VAULTS {count} / {most}").format(count=vaults, most=scene.maths.max_vaults), 28,
         (cx, RIGHT.y + 392), D.CREAM, anchor="center", bold=True)
    if over_cap(scene):                     # a Vault shows what it collected; the cap is what is paid
        _say(A, surface, _("The Vaults hold more than the max win"), 22, (cx, RIGHT.y + 436), (255, 170, 120),
             anchor="center", bold=True)
        _say(A, surface, _("{amount} is paid (the cap)").format(
            amount=cur.format(win_cents(_bet(scene), scene.value_cap_x100))), 22, (cx, RIGHT.y + 462), (255, 170, 120),
            anchor="center", bold=True)
    else:
        _say(A, surface, _("A new Pumpkin or Vault resets"), 22, (cx, RIGHT.y + 436), D.MUTED, anchor="center")
        _say(A, surface, _("the spins to {lives}").format(lives=scene.maths.lives), 22, (cx, RIGHT.y + 462), D.MUTED,
             anchor="center")
    if scene.capped:
        _say(A, surface, _("MAX WIN REACHED"), 30, (cx, RIGHT.y + 500), (255, 110, 80), anchor="center", bold=True)


def over_cap(scene) -> bool:
    """The Vaults on the board together hold more than the round can pay (each shows what
    it collected; the panel then says the capped amount is paid)."""
    cells = scene.items if scene.in_bonus else scene.vault_values
    return sum(v for c, v in scene.vault_values.items() if c in cells) > scene.value_cap_x100


def _unlit(img: pygame.Surface) -> pygame.Surface:
    out = img.copy()
    out.fill((70, 60, 90, 120), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def _mini_line(scene, surface, i: int, line, pos, lit: bool) -> None:
    """A 3x3 dot diagram of a payline with its number."""
    lay, A = scene.app.layout, scene.app.assets
    x0, y0 = pos
    color = LINE_COLORS[i % len(LINE_COLORS)]
    box = pygame.Rect(x0, y0, 92, 92)
    real = lay.rect(box)

    def mini_box() -> pygame.Surface:
        return D.rounded_panel(real.size, (40, 20, 60) if not lit else (120, 70, 20), (16, 8, 26), radius=lay.px(12),
                               border=(110, 80, 140) if not lit else (255, 220, 120), border_width=lay.px(2))

    bg = scene.app.assets.surface(("gh_minibox", real.size, lit), mini_box)
    surface.blit(bg, real.topleft)
    pts = [lay.pt(x0 + 18 + c * 28, y0 + 18 + r * 28) for c, r in enumerate(line)]
    for r in range(3):
        for c in range(3):
            pygame.draw.circle(surface, (90, 70, 110), lay.pt(x0 + 18 + c * 28, y0 + 18 + r * 28), lay.px(5))
    pygame.draw.lines(surface, color, False, pts, lay.px(5))
    A.blit_text(surface, str(i + 1), 24, (x0 + 84, y0 + 80), D.CREAM, anchor="bottomright", bold=True)


BANNER_STYLES = (*BANNERS, *(f"jackpot_{name}" for name in art.JACKPOT_COLORS))


def banner_colors(style: str) -> tuple:
    """(top, bottom, rim) of a banner style."""
    if style.startswith("jackpot_"):
        rim, face = art.JACKPOT_COLORS[style[8:]]
        return D.lerp_color(face, (255, 255, 255), 0.2), D.lerp_color(face, (0, 0, 0), 0.6), rim
    return BANNERS[style]


def banner_pictures(scene, style: str) -> tuple[pygame.Rect, pygame.Surface, pygame.Surface]:
    """A banner style's place (real pixels), panel and glow (built once: the scene's
    prepare_slices builds every style's behind the splash)."""
    lay = scene.app.layout
    colors = banner_colors(style)
    box = pygame.Rect(0, 0, 680, 220)
    box.center = (960, 640)
    real = lay.rect(box)

    def banner_panel() -> pygame.Surface:
        return D.rounded_panel(real.size, colors[0], colors[1], radius=lay.px(40), border=colors[2],
                               border_width=lay.px(6), alpha=240)

    def banner_glow() -> pygame.Surface:
        return D.radial_glow(real.w // 2, colors[2], 0.5)

    panel = scene.app.assets.surface(("gh_banner", style, real.size), banner_panel)
    glow = scene.app.assets.surface(("gh_bannerglow", style, real.w), banner_glow)
    return real, panel, glow


def draw_banner(scene, surface) -> None:
    """The centre banner over the reels."""
    if not scene.banner:
        return
    A = scene.app.assets
    title, sub, style = scene.banner
    colors = banner_colors(style)
    real, panel, glow = banner_pictures(scene, style)
    surface.blit(glow, glow.get_rect(center=real.center))
    surface.blit(panel, real.topleft)
    D.text_layer(real)                      # the banner covers the board: its text is a layer above
    A.blit_text(surface, title, A.fit(title, 80 if len(title) < 13 else 68, 640, True), (960, 602), (255, 250, 235),
                anchor="center", bold=True, outline=(40, 10, 10))
    big = len(sub) <= 16                    # an amount: the star of the banner
    A.blit_text(surface, sub, A.fit(sub, 60 if big else (38 if len(sub) < 30 else 32), 640, True),
                (960, 692 if big else 688), (255, 255, 255) if big else colors[2], anchor="center", bold=True,
                outline=(40, 12, 6))
    D.text_layer()                          # what follows (the HUD) is above, on the whole screen
