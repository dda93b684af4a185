"""Drawing the gamble scene: the dimmed farm, the two wheels with their captions, the
stake, the chosen option's prize and chance, the record of the last gamble results,
the cap and limit notices (a banner when the limit collects the win by itself)."""
from __future__ import annotations

import pygame

from cabinet.core.i18n import N_, _, formats, translate
from cabinet.ui import draw as D

from . import art
from .layout import BONUS_C, CASH_C, RADIUS, entry_name


def _backdrop(scene) -> pygame.Surface:
    """The farm (the game's own cached backdrop), veiled, with a glow behind each wheel.
    Cheap enough for the gamble's first frame: no per-pixel alpha over the whole screen."""
    lay, A = scene.app.layout, scene.app.assets

    def build() -> pygame.Surface:
        s = A.surface(("hmh_bg", lay.size), lambda: art.backdrop(lay.size)).copy()
        # The veil (10, 6, 30) at alpha 165, as two fills: dst * (1 - a) + veil * a.
        s.fill((90, 90, 90), special_flags=pygame.BLEND_RGB_MULT)
        s.fill((6, 4, 19), special_flags=pygame.BLEND_RGB_ADD)
        glow = D.radial_glow(lay.px(RADIUS * 1.35), (255, 200, 120), 0.35)
        for c in (CASH_C, BONUS_C):
            s.blit(glow, glow.get_rect(center=lay.pt(*c)))
        return s
    return A.surface(("hmh_gamble_bg", lay.size), build)


def _pct(f) -> str:
    v = float(f) * 100
    return formats.percent(v, 2 if v < 10 else 1)


def draw_gamble(scene, surface: pygame.Surface) -> None:
    """The whole gamble screen."""
    A = scene.app.assets
    cur = scene.app.cabinet.currency
    g = scene.gamble
    surface.blit(_backdrop(scene), (0, 0))
    A.blit_text(surface, _("GAMBLE"), 76, (960, 62), D.GOLD, anchor="center", bold=True, outline=(80, 30, 0), fit=700)
    stake = scene.at_risk
    A.blit_text(surface, _("WIN AT RISK"), 30, (960, 122), D.MUTED, anchor="center", bold=True, fit=700)
    A.blit_text(surface, cur.format(stake), 64, (960, 170), D.CREAM, anchor="center", bold=True, outline=(30, 20, 10))
    for wheel, name, c in (("cash", N_("CASH WHEEL"), CASH_C), ("bonus", N_("BONUS WHEEL"), BONUS_C)):
        chosen = scene.chosen == wheel            # the wheel SPACE spins: its caption says so
        name = translate(name)
        A.blit_text(surface, f"> {name} <" if chosen else name, 44, (c[0], 228),
                    D.GOLD if chosen or scene.chosen is None else D.MUTED, anchor="center", bold=True,
                    outline=(60, 20, 0), fit=560)
    _draw_chosen(scene, surface)
    scene.cash_view.draw(surface)
    scene.bonus_view.draw(surface)
    cash, bonus = scene.cash_option(), scene.bonus_option()
    if g.status != "open":
        pass
    elif cash is not None:
        A.blit_text(surface, _("WIN {amount}  ·  CHANCE {chance}").format(amount=cur.format(int(cash.prize)),
                                                                           chance=_pct(cash.chance)), 30,
                    (CASH_C[0], 940), D.CREAM, anchor="center", bold=True, fit=600)
    else:
        A.blit_text(surface, _("WIN LIMIT REACHED"), 30, (CASH_C[0], 940), D.RED, anchor="center", bold=True, fit=600)
    if g.status != "open":
        pass
    elif bonus is not None:
        names = entry_name(bonus.label, "\n").split("\n")
        for i, name in enumerate(names):
            y = 877 + (i - (len(names) - 1) / 2) * 26
            A.blit_text(surface, name, 26, (BONUS_C[0], y), D.GOLD, anchor="center", bold=True)
        A.blit_text(surface, _("VALUE {amount}  ·  CHANCE {chance}").format(amount=cur.format(int(bonus.prize)),
                                                                             chance=_pct(bonus.chance)), 30,
                    (BONUS_C[0], 940), D.CREAM, anchor="center", bold=True, fit=600)
        if bonus.chance < scene.min_green:
            A.blit_text(surface, _("THE REAL CHANCE IS SMALLER THAN THE GREEN SEGMENT SHOWS"), 20, (BONUS_C[0], 970),
                        D.MUTED, anchor="center", bold=True, fit=600)
    elif g.bonus_values:
        A.blit_text(surface, _("MAXIMUM AWARD REACHED: HAPPY BOOST + POT FILL + DOUBLE COINS"), 22, (BONUS_C[0], 940),
                    D.MUTED, anchor="center", bold=True, wrap=520)
    else:
        A.blit_text(surface, _("BONUS ENTRIES ARE PRICED FROM THE BOOK LIBRARY"), 22, (BONUS_C[0], 940), D.MUTED,
                    anchor="center", bold=True, wrap=520)
    if scene.idle() and not scene.asking:
        for i, line in enumerate((_("PRESS A WHEEL"), _("TO GAMBLE"))):
            A.blit_text(surface, line, 30, (960, 515 + i * 36), D.CREAM, anchor="center", bold=True,
                        outline=(20, 10, 30), fit=250)
    _draw_record(scene, surface)
    if g.status == "open":
        _draw_keys(scene, surface)
    limit = cur.format(g.limit_cents)
    A.blit_text(surface, _("WIN LIMIT {amount}").format(amount=limit), 24, (1890, 1040), D.MUTED, anchor="bottomright",
                bold=True)
    _draw_outcome(scene, surface)
    scene.draw_widgets(surface)
    if scene.asking:
        _draw_question(scene, surface)


def _draw_chosen(scene, surface: pygame.Surface) -> None:
    """A gold halo round the wheel SPACE spins (none until one is chosen)."""
    if scene.chosen is None:
        return
    lay = scene.app.layout
    center = CASH_C if scene.chosen == "cash" else BONUS_C
    pygame.draw.circle(surface, D.GOLD, lay.pt(*center), lay.px(RADIUS + 30), lay.px(8))


def shown_multiplier(m) -> str:
    """A cash-wheel multiplier as the player reads it: 'x1.5' ('x1,5' in de-DE); the
    mechanic's option label (gamble_scene._fmt) keeps English digits."""
    return "x" + (str(m.numerator) if m.denominator == 1 else formats.number(m, 1))


def _draw_keys(scene, surface: pygame.Surface) -> None:
    """The gamble's keys (the cabinet's key map, as rebound), in the top corners."""
    A, k = scene.app.assets, scene.key_text
    left = (_("{left} / {right}: CHOOSE A WHEEL").format(left=k("left"), right=k("right")),
            _("{key}: SPIN THE CHOSEN WHEEL").format(key=k("spin")),
            _("{collect}: COLLECT   {close}: ASKS").format(collect=k("select"), close=k("close")))
    right = (
        f"{k('buy_1')} / {k('buy_2')} / {k('buy_3')}: " + " / ".join(
            shown_multiplier(m) for m in scene.gamble.multipliers),
        _("{down} / {up}: BONUS ENTRY - / +").format(down=k("down"), up=k("up")),
    )
    for i, line in enumerate(left):
        A.blit_text(surface, line, 22, (30, 20 + i * 30), D.MUTED, bold=True, fit=740)
    for i, line in enumerate(right):
        A.blit_text(surface, line, 22, (1890, 20 + i * 30), D.MUTED, anchor="topright", bold=True, fit=740)


def _draw_question(scene, surface: pygame.Surface) -> None:
    """ESC asked: collect the win? (a second ESC collects, any other key goes on)."""
    lay, A = scene.app.layout, scene.app.assets
    cur = scene.app.cabinet.currency

    def ask_panel() -> pygame.Surface:
        return D.rounded_panel((lay.px(980), lay.px(220)), (70, 40, 100), (30, 16, 46), radius=lay.px(40),
                               border=D.GOLD, border_width=lay.px(5), alpha=248)

    panel = A.surface(("hmh_gamble_ask", lay.size), ask_panel)
    surface.blit(panel, panel.get_rect(center=lay.pt(960, 540)))
    A.blit_text(surface, _("COLLECT {amount}?").format(amount=cur.format(scene.gamble.stake_cents)), 60, (960, 500),
                D.GOLD, anchor="center", bold=True, outline=(60, 20, 0), fit=940)
    A.blit_text(surface, _("{key} AGAIN: COLLECT  ·  ANY OTHER KEY: KEEP GAMBLING").format(key=scene.key_text("close")),
                24, (960, 590), D.CREAM, anchor="center", bold=True, fit=940)


RECORD = pygame.Rect(828, 614, 264, 216)      # the last results, between the wheels


def _draw_record(scene, surface: pygame.Surface) -> None:
    """The last gamble results (newest on top): the option, the stake and WON / LOST."""
    if not scene.results or scene.outcome == "limit":      # the limit's banner takes the middle
        return
    lay, A = scene.app.layout, scene.app.assets
    cur = scene.app.cabinet.currency

    def record_panel() -> pygame.Surface:
        return D.rounded_panel(lay.rect(RECORD).size, (50, 30, 76), (24, 14, 38), radius=lay.px(20),
                               border=D.GOLD_DARK, border_width=lay.px(2), alpha=220)

    panel = A.surface(("hmh_gamble_record", lay.size), record_panel)
    surface.blit(panel, lay.pt(RECORD.x, RECORD.y))
    A.blit_text(surface, _("LAST RESULTS"), 24, (RECORD.centerx, RECORD.y + 22), D.GOLD, anchor="center", bold=True,
                fit=RECORD.w - 20)
    for i, r in enumerate(scene.results[:5]):
        y = RECORD.y + 58 + i * 34
        option = r["detail"].get("option", "")
        name = _("BONUS") if r["kind"] == "gamble_bonus" else option
        A.blit_text(surface, f"{name}  {cur.format(r['stake_cents'])}", 22, (RECORD.x + 16, y), D.CREAM,
                    anchor="midleft", bold=True, fit=150)
        A.blit_text(surface, _("WON") if r["won"] else _("LOST"), 22, (RECORD.right - 16, y),
                    D.GREEN if r["won"] else D.RED, anchor="midright", bold=True, fit=80)


def _draw_limit_banner(scene, surface: pygame.Surface) -> None:
    """The win limit collected the win by itself: say so, with the amount and why."""
    lay, A = scene.app.layout, scene.app.assets
    cur = scene.app.cabinet.currency

    def limit_panel() -> pygame.Surface:
        return D.rounded_panel((lay.px(980), lay.px(260)), (120, 60, 20), (50, 22, 8), radius=lay.px(40),
                               border=D.GOLD, border_width=lay.px(5), alpha=245)

    panel = A.surface(("hmh_gamble_limit", lay.size), limit_panel)
    surface.blit(panel, panel.get_rect(center=lay.pt(960, 540)))
    A.blit_text(
        surface,
        _("WIN LIMIT REACHED"),
        64,
        (960, 470),
        D.GOLD,
        anchor="center",
        bold=True,
        outline=(60, 20, 0),
        fit=940,
    )
    A.blit_text(surface, _("{amount} COLLECTED").format(amount=cur.format(scene.gamble.stake_cents)), 48, (960, 548),
                D.CREAM, anchor="center", bold=True, outline=(40, 20, 0), fit=940)
    A.blit_text(surface, _("ANOTHER WIN WOULD PASS THE LIMIT OF {amount}").format(
        amount=cur.format(scene.gamble.limit_cents)), 24, (960, 612), D.CREAM, anchor="center", bold=True, fit=940)


def _draw_outcome(scene, surface: pygame.Surface) -> None:
    A = scene.app.assets
    pres = scene.presentation
    text = None
    if scene.outcome == "limit":
        _draw_limit_banner(scene, surface)
        return
    if pres is not None and pres.index >= 1:
        text, col = {"won": (_("YOU WIN!"), D.GREEN), "lost": (_("NO WIN"), D.RED),
                     "bonus": (_("BONUS WON!"), D.GREEN)}[scene.outcome]
    if text:
        lay = scene.app.layout

        def result_panel() -> pygame.Surface:
            return D.rounded_panel((lay.px(760), lay.px(150)), (70, 40, 100), (30, 16, 46), radius=lay.px(40),
                                   border=D.GOLD, border_width=lay.px(5), alpha=240)

        panel = A.surface(("hmh_gamble_result", lay.size), result_panel)
        surface.blit(panel, panel.get_rect(center=lay.pt(960, 540)))
        A.blit_text(surface, text, 64, (960, 540), col, anchor="center", bold=True, outline=(20, 10, 10), fit=720)
