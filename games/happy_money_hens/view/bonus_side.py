"""The bonus board's side panels: the features in play, lives, spin count and running
total on the left; the four pot names (MINI, MINOR, MAJOR, GRAND) filling letter by
letter on the right. Pre-rendered pieces come from the BonusView's asset cache."""
from __future__ import annotations

import pygame

from cabinet.core.i18n import _
from cabinet.core.money import win_cents
from cabinet.ui import draw as D

from . import art
from .bonus_state import POT_LETTERS, BonusSnapshot

POT_ROWS = ("GRAND", "MAJOR", "MINOR", "MINI")
LETTER_RING = (92, 102)          # logical px of the letter ring and the pots' veil (their files' size)
VEIL = (490, 4 * 205 - 15)
FEATURE_LABEL = {"double_coins": "DOUBLE COINS", "pot_fill": "POT FILL", "happy_boost": "HAPPY BOOST"}


def draw_side(view, surface: pygame.Surface, snap: BonusSnapshot) -> None:
    """The left panel (features, lives, spin, total) and the four pot names on the right."""
    lay, A = view.app.layout, view.app.assets
    cur = view.app.cabinet.currency

    def left_panel() -> pygame.Surface:
        return D.rounded_panel((lay.px(230), lay.px(640)), (60, 40, 90), (24, 16, 40), radius=lay.px(24),
                               border=D.GOLD_DARK, border_width=lay.px(3), alpha=230)

    left = view._surf(("left",), left_panel)
    surface.blit(left, lay.pt(240, 112))
    A.blit_text(surface, _("FEATURES"), 28, (355, 140), D.GOLD, anchor="center", bold=True, fit=240)
    for i, feat in enumerate(("double_coins", "pot_fill", "happy_boost")):
        on = feat in snap.combination
        col = art.FEATURE_COLOURS[feat] if on else (90, 90, 110)

        def feature_chip(col: tuple[int, int, int] = col) -> pygame.Surface:
            return D.rounded_panel((lay.px(200), lay.px(50)), D.lerp_color(col, (255, 255, 255), 0.2),
                                   D.lerp_color(col, (0, 0, 0), 0.4), radius=lay.px(25),
                                   border=(255, 255, 255) if on else (120, 120, 140), border_width=lay.px(2))

        chip = view._surf(("chip", feat, on), feature_chip)
        surface.blit(chip, lay.pt(255, 168 + i * 62))
        A.blit_text(surface, FEATURE_LABEL[feat], 24, (355, 193 + i * 62), D.CREAM if on else (150, 150, 170),
                    anchor="center", bold=True)
    A.blit_text(surface, _("LIVES"), 30, (355, 380), D.GOLD, anchor="center", bold=True, fit=240)
    for i in range(3):
        lit = i < snap.lives
        egg = view._surf(("life", lit), lambda lit=lit: _life_egg(lay.px(54), lit))
        surface.blit(egg, egg.get_rect(center=lay.pt(295 + i * 60, 440)))
    A.blit_text(surface, _("SPIN {number}").format(number=snap.spins), 26, (355, 522), D.MUTED, anchor="center",
                bold=True, fit=240)
    A.blit_text(surface, _("TOTAL"), 30, (355, 575), D.GOLD, anchor="center", bold=True, fit=240)
    A.blit_text(surface, cur.format(win_cents(view.scene.bet, snap.active_total())), 36, (355, 615), D.CREAM,
                anchor="center", bold=True)
    _draw_pots(view, surface, snap)

def _draw_pots(view, surface: pygame.Surface, snap: BonusSnapshot) -> None:
    lay, A = view.app.layout, view.app.assets
    pots = view.scene.pot_values
    focus = snap.focus
    x0 = 1400
    for i, pot in enumerate(POT_ROWS):
        y = 118 + i * 205
        col = art.JACKPOT_COLOURS[pot]

        def pot_panel(col: tuple[int, int, int] = col) -> pygame.Surface:
            return D.rounded_panel((lay.px(490), lay.px(190)), D.lerp_color(col, (0, 0, 0), 0.45),
                                   D.lerp_color(col, (0, 0, 0), 0.8), radius=lay.px(24), border=col,
                                   border_width=lay.px(3), alpha=235)

        panel = view._surf(("potpanel", pot), pot_panel)
        surface.blit(panel, lay.pt(x0, y))
        value = view.app.cabinet.currency.format(win_cents(view.scene.bet, pots[pot]))
        A.blit_text(surface, pot, 40, (x0 + 24, y + 16), D.CREAM, bold=True, outline=(20, 10, 10))
        A.blit_text(surface, value, 40, (x0 + 466, y + 16), D.GOLD, anchor="topright", bold=True,
                    outline=(40, 20, 0))
        letters = POT_LETTERS[pot]
        filled = snap.names.get(pot, 0)
        won_now = focus.get("type") in ("letters", "pot_award") and focus.get("pot") == pot and (
            focus.get("completed") or focus.get("type") == "pot_award")
        new = set()
        if focus.get("type") == "letters" and focus.get("pot") == pot:
            new = {(focus["before"] + i) % len(letters) for i in range(len(focus["letters"]))}
        for j, ch in enumerate(letters):
            lit = j < filled or won_now
            if j in new:              # the letter(s) this coin just added
                frame = view._surf(("letter_ring",), lambda: art.image("letter_ring", tuple(map(lay.px, LETTER_RING))))
                surface.blit(frame, lay.pt(x0 + 22 + j * 92 - 6, y + 74))

            def letter_box(lit: bool = lit, col: tuple[int, int, int] = col) -> pygame.Surface:
                return D.rounded_panel((lay.px(80), lay.px(90)),
                                       D.lerp_color(col, (255, 255, 255), 0.35) if lit else (50, 50, 64),
                                       D.lerp_color(col, (0, 0, 0), 0.3) if lit else (28, 28, 38), radius=lay.px(14),
                                       border=(255, 255, 255) if lit else (90, 90, 110), border_width=lay.px(3))

            box = view._surf(("letter", lit, pot), letter_box)
            bx = x0 + 22 + j * 92
            surface.blit(box, lay.pt(bx, y + 80))
            A.blit_text(surface, ch, 64, (bx + 40, y + 128), (255, 255, 255) if lit else (110, 110, 130),
                        anchor="center", bold=True, outline=(30, 20, 30) if lit else None)
    if "pot_fill" not in snap.combination:        # the pots are only filled with POT FILL active
        veil = view._surf(("pots_veil",), lambda: art.image("pots_veil", tuple(map(lay.px, VEIL))))
        surface.blit(veil, lay.pt(x0, 118))

        def note_panel() -> pygame.Surface:
            return D.rounded_panel((lay.px(420), lay.px(110)), (120, 40, 60), (60, 16, 30), radius=lay.px(26),
                                   border=D.GOLD, border_width=lay.px(3))

        note = view._surf(("pots_note",), note_panel)
        surface.blit(note, note.get_rect(center=lay.pt(x0 + 245, 520)))
        A.blit_text(surface, _("POTS FILL ONLY WITH"), 30, (x0 + 245, 500), D.CREAM, anchor="center", bold=True,
                    outline=(20, 10, 20))
        A.blit_text(surface, _("POT FILL ACTIVE"), 30, (x0 + 245, 540), D.CREAM, anchor="center", bold=True,
                    outline=(20, 10, 20))


def ring(size: tuple[int, int], col, round_: bool = False) -> pygame.Surface:
    """A bright frame around a cell, a letter or (round) a count badge."""
    s = pygame.Surface(size, pygame.SRCALPHA)
    s.fill((0, 0, 0, 0))
    w = max(3, size[1] // 16)
    radius = size[1] // 2 if round_ else max(6, size[1] // 6)
    pygame.draw.rect(s, (255, 255, 255, 255), s.get_rect(), w + 2, border_radius=radius)
    pygame.draw.rect(s, (*col, 255), s.get_rect().inflate(-4, -4), w, border_radius=radius)
    return s


def _life_egg(size: int, lit: bool) -> pygame.Surface:
    return art.image(f"life.{'lit' if lit else 'spent'}", size)
