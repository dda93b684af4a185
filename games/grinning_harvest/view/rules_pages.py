"""Grinning Harvest's rules pages (GameSpec.view.rules): the cabinet's rules-page engine
(cabinet/ui/rules_page.py) configured with this game's pictures and the text of
math/help.py. Every figure is read from math.yaml and shown at the current bet."""
from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from cabinet.core.i18n import _, translate
from cabinet.ui import asset_files
from cabinet.ui import draw as D
from cabinet.ui.rules_art import arrow, image_picture, line_picture, strip_picture
from cabinet.ui.rules_common import money_at, pay_card, paytable_x100
from cabinet.ui.rules_page import Card, Page

from . import art, pictures
from ..math import help as H
from ..math.tables import JACKPOTS, load

LINE_COLORS = art.LINE_COLORS
PUMPKIN_PLATE = ((70, 24, 60), (30, 8, 30), (255, 170, 60))
VAULT_PLATE = ((255, 214, 102), (170, 100, 20), (255, 245, 200))


def _face(symbol: str, lo: int = 90, hi: int = 220) -> Any:
    return image_picture(("gh_face", symbol), lambda w, h: art.symbol_face(symbol, min(w, h)), 1.0, lo, hi)


def _value(scene: Any, x100: int) -> str:
    """A Pumpkin or Vault value as the game shows it: shortened and rounded down."""
    return scene.app.cabinet.currency.short(scene.bet * int(x100) // 100)


def _with_plate(face: pygame.Surface, text: str, plate=PUMPKIN_PLATE) -> pygame.Surface:
    """A symbol with its value plate across the bottom (as on the reels)."""
    size = face.get_width()
    surf = face.copy()
    w, h = int(size * 0.86), int(size * 0.26)
    p = art.plate((w, h), *plate)
    font = asset_files.font(int(h * 0.86), bold=True)
    label = font.render(text, True, (255, 240, 210) if plate is PUMPKIN_PLATE else (60, 30, 0))
    if label.get_width() > w * 0.9:
        label = pygame.transform.smoothscale(label, (int(w * 0.9), label.get_height()))
    p.blit(label, label.get_rect(center=(w // 2, h // 2)))
    surf.blit(p, p.get_rect(midbottom=(size // 2, size - size // 40)))
    return surf


def _pumpkin(scene: Any, x100: int, label: str | None = None):
    def paint(n: int) -> pygame.Surface:
        face = art.symbol_face("pumpkin", n)
        if label in JACKPOTS:
            coin = art.jackpot_coin(label, int(n * 0.5))
            face.blit(coin, coin.get_rect(center=(n // 2, int(n * 0.56))))
            return face
        return _with_plate(face, _value(scene, x100))
    return paint


# -- pages ------------------------------------------------------------------------------
def paytable_page(scene: Any) -> Page:
    m = load()
    s = H.sections()
    pays = paytable_x100(scene)
    cards = [pay_card(scene, translate(m.names[sym]), _face(sym), [(_("3 in a line"), p["3"])],
                      tuple(s["wild"][1]) if sym == m.raw["wild"] else ()) for sym, p in pays.items()]
    values = [int(v) for v, lab in zip(m.values_base.value_x100, m.values_base.labels) if lab not in JACKPOTS]
    shows = _("Reels 1 and 3 only. Shows {low} to {high} or a jackpot; a Vault collects it.").format(
        low=money_at(scene, min(values)), high=money_at(scene, max(values)))
    cards.append(Card(translate(m.names["pumpkin"]), (shows,),
                      picture=image_picture(("gh_pumpkin_pay", scene.bet), lambda w, h: _pumpkin(
                          scene, values[3])(min(w, h)), 1.0, 90, 220), side=True))
    cards.append(Card(translate(m.names["vault"]),
                      (_("Reel 2 only. Collects every Pumpkin of its spin and of later spins."),),
                      picture=_face("vault"), side=True))
    cur = scene.app.cabinet.currency
    return Page(_("Paytable"), _("Pays"), grid=tuple(cards), grid_cols=3, paytable=True,
                note=_("Line pays at the current bet of {bet}, left to right on the {lines} paylines").format(
                    bet=cur.format(scene.bet), lines=len(m.raw["lines"])))


def lines_page(scene: Any) -> Page:
    s = H.sections()
    lines = load().raw["lines"]
    cards = [Card(_("Line {number}").format(number=i + 1),
                  picture=line_picture(("gh", i), line, 3, LINE_COLORS[i % len(LINE_COLORS)]))
             for i, line in enumerate(lines)]
    cards.append(Card(*s["paylines"]))
    return Page(_("Paylines"), _("Lines"), grid=tuple(cards), grid_cols=3,
                note=_("All {lines} paylines on the 3x3 reels, each read left to right").format(lines=len(lines)))


def pumpkins_page(scene: Any) -> Page:
    m = load()
    s = H.sections()
    values = [int(v) for v, lab in zip(m.values_base.value_x100, m.values_base.labels) if lab not in JACKPOTS]
    strip = strip_picture(("gh_pumpkins", scene.bet), [_pumpkin(scene, v) for v in values[::2]], 90, 170)
    coins = strip_picture("gh_jackpot_coins", [partial(art.jackpot_coin, j) for j in JACKPOTS], 80, 160)
    jp_rows = tuple((name.capitalize(), money_at(scene, v)) for name, v in m.jackpots.items())
    vault = image_picture(("gh_vault_collect", scene.bet), _collect_painter(scene, values), aspect=3.0,
                          min_h=110, max_h=210)
    return Page(_("Pumpkins and Vaults"), _("Pumpkins"), columns=(
        (Card(*s["pumpkins"], picture=strip), Card(s["jackpots"][0], tuple(s["jackpots"][1]), rows=jp_rows,
                                                   picture=coins)),
        (Card(*s["vault"], picture=vault), Card(*s["shown"]))))


def _collect_painter(scene: Any, values: list[int]):
    """A Pumpkin on reel 1 and one on reel 3 flowing into the Vault on reel 2."""
    def paint(w: int, h: int) -> pygame.Surface:
        n = int(min(h, w / 3.2))
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        total = values[1] + values[4]
        faces = [_pumpkin(scene, values[1])(n), _with_plate(art.symbol_face("vault", n), _value(scene, total),
                                                            VAULT_PLATE), _pumpkin(scene, values[4])(n)]
        xs = [w * 0.17, w * 0.5, w * 0.83]
        for x, face in zip(xs, faces):
            surf.blit(face, face.get_rect(center=(int(x), h // 2)))
        for x0, x1 in ((xs[0] + n * 0.48, xs[1] - n * 0.52), (xs[2] - n * 0.48, xs[1] + n * 0.52)):
            y = h // 2
            d = 1 if x1 > x0 else -1
            pygame.draw.line(surf, D.GOLD, (x0, y), (x1 - d * n * 0.1, y), max(3, n // 16))    # as long as the gap
            head = arrow(int(n * 0.19), left=d < 0)
            surf.blit(head, head.get_rect(center=(int(x1 - d * n * 0.06), y)))
        return surf
    return paint


def bonus_page(scene: Any) -> Page:
    s = H.sections()
    board = image_picture(("gh_bonus_board", scene.bet), _board_painter(scene), aspect=0.78, min_h=460, max_h=760)
    trigger = strip_picture("gh_trigger", [lambda n: art.symbol_face("pumpkin", n),
                                           lambda n: art.symbol_face("vault", n),
                                           lambda n: art.symbol_face("pumpkin", n)], 80, 150)
    return Page(_("Hold-n-Win bonus"), _("Bonus"), widths=(1.0, 1.25), columns=(
        (Card(_("The bonus board"), (_("The row above the reels, then the 3x3 board: Pumpkins on reels 1 and 3, "
                                       "Vaults on reel 2 holding what they collected."),), picture=board),),
        (Card(*s["trigger"], picture=trigger), Card(*s["bonus_spins"]), Card(*s["about"][:1], s["about"][1][2:]))))


def _board_painter(scene: Any):
    """The bonus board: a row of a web, a multiplier and a skull over a 3x3 of held
    Pumpkins and a Vault with its total (values at the bet, from the math)."""
    m = load()
    values = [int(v) for v, lab in zip(m.values_base.value_x100, m.values_base.labels) if lab not in JACKPOTS]
    mult = sorted({int(x) for x in m.row.multipliers} - {1})

    def paint(w: int, h: int) -> pygame.Surface:
        cell = int(min(w / 3.2, h / 4.4))
        surf = pygame.Surface((cell * 3 + cell // 5, int(cell * 4.3)), pygame.SRCALPHA)
        x0 = cell // 10
        row_items = [art.web(int(cell * 0.7)), art.multiplier_badge(f"x{mult[1]}", int(cell * 0.78)),
                     art.skull(int(cell * 0.7))]
        for c, img in enumerate(row_items):
            surf.blit(img, img.get_rect(center=(x0 + c * cell + cell // 2, int(cell * 0.5))))
        frame = pygame.Rect(0, int(cell * 1.1), cell * 3 + cell // 5, int(cell * 3.2))
        surf.blit(art.image("rules.bonus_frame", frame.size), frame)
        grid = {(0, 0): values[2], (2, 0): values[5], (1, 2): values[0], (2, 2): values[3]}
        vault_total = sum(grid.values())
        for r in range(3):
            for c in range(3):
                centre = (x0 + c * cell + cell // 2, frame.y + cell // 10 + r * cell + cell // 2)
                if c == 1 and r == 0:
                    face = _with_plate(art.symbol_face("vault", int(cell * 0.92)), _value(scene, vault_total),
                                       VAULT_PLATE)
                elif (r, c) in grid:
                    face = _pumpkin(scene, grid[(r, c)])(int(cell * 0.92))
                else:
                    empty = art.image("rules.empty_cell", int(cell * 0.86))
                    surf.blit(empty, empty.get_rect(center=centre))
                    continue
                surf.blit(face, face.get_rect(center=centre))
        return surf
    return paint


def multipliers_page(scene: Any) -> Page:
    m = load()
    s = H.sections()
    mults = sorted({int(x) for x in m.row.multipliers} - {1})
    row = strip_picture("gh_row_items", [lambda n: art.web(n)] + [lambda n, k=k: art.multiplier_badge(f"x{k}", n)
                                                                   for k in mults] + [lambda n: art.skull(n)], 70, 140)
    skulls = strip_picture("gh_skulls", [lambda n: art.skull(n, True)] * 3 + [
        lambda n: pictures.big_skull(n, True)], 120, 330)
    held = image_picture(("gh_held", scene.bet), _held_painter(scene), aspect=2.2, min_h=120, max_h=230)
    return Page(_("Multipliers and the Great Skull"), _("Multipliers"), columns=(
        (Card(*s["row"], picture=row), Card(*s["held"], picture=held)), (Card(*s["skull"], picture=skulls),)))


def _held_painter(scene: Any):
    """A multiplier over a Pumpkin held from an earlier spin: its value stays as it was."""
    m = load()
    mult = sorted({int(x) for x in m.row.multipliers} - {1})
    value = int(m.values_base.value_x100[3])

    def paint(w: int, h: int) -> pygame.Surface:
        n = int(min(h * 0.62, w / 2.4))
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        badge = art.multiplier_badge(f"x{mult[0]}", int(n * 0.62))
        for i, x in enumerate((w * 0.27, w * 0.73)):
            surf.blit(badge, badge.get_rect(center=(int(x), int(h * 0.2))))
            face = _pumpkin(scene, value)(n)
            if i == 1:
                face.set_alpha(150)
            surf.blit(face, face.get_rect(center=(int(x), int(h * 0.64))))
        font = asset_files.font(int(n * 0.4), bold=True)
        eq = font.render("=", True, D.CREAM)
        surf.blit(eq, eq.get_rect(center=(w // 2, int(h * 0.64))))
        return surf
    return paint


def buys_page(scene: Any) -> Page:
    s = H.sections()
    cur = scene.app.cabinet.currency
    cards = [Card(mode.label, (mode.description,), rows=((_("Price"), cur.format(mode.cost_cents(scene.bet))),
                                                         (_("Key"), f"SHIFT+{i + 1}")),
                  picture=buy_picture(scene, mode.id)) for i, mode in enumerate(scene.buy_modes)]
    cards.append(Card(*s["buy"]))
    return Page(_("Buy bonus (the BONUS button)"), _("Buy bonus"), grid=tuple(cards),
                grid_cols=3 if len(cards) > 4 else max(len(cards), 1),
                note=_("Prices at the current bet of {bet}").format(bet=cur.format(scene.bet)))


def buy_picture(scene: Any, mode_id: str) -> Any:
    """A buy's starting board in small: its Vaults and Pumpkins (math.yaml's start)."""
    opt = load().buy(mode_id)

    def paint(w: int, h: int) -> pygame.Surface:
        n = int(min(h, w / 3.3))
        surf = pygame.Surface((int(n * 3.3), n), pygame.SRCALPHA)
        icons = [("pumpkin", opt.start_pumpkins_per_reel), ("vault", opt.start_vaults),
                 ("pumpkin", opt.start_pumpkins_per_reel)]
        for i, (sym, count) in enumerate(icons):
            face = art.symbol_face(sym, int(n * 0.8))
            centre = (int(n * (0.55 + 1.1 * i)), n // 2)
            surf.blit(face, face.get_rect(center=centre))
            if count > 1:
                font = asset_files.font(int(n * 0.34), bold=True)
                tag = font.render(f"x{count}", True, D.GOLD)
                surf.blit(tag, tag.get_rect(bottomright=(centre[0] + n // 2, n)))
        if opt.row is not load().row:
            skull = art.skull(int(n * 0.42), True)
            surf.blit(skull, skull.get_rect(topright=(surf.get_width(), 0)))
        return surf
    return image_picture(("gh_buy", mode_id), paint, aspect=3.3, min_h=80, max_h=170)


def mode_picture(scene: Any, mode_id: str) -> Any | None:
    """A way to play in a picture (the bets page, the buy menu's cards)."""
    if mode_id == "base":
        return strip_picture("gh_mode_base", [partial(art.symbol_face, s) for s in ("witch", "wild", "ghost")],
                             70, 150)
    return buy_picture(scene, mode_id)


def pages(scene: Any) -> list[Page]:
    """The game's own pages, in the sheet's order (the engine adds bets, general, keys):
    INFO (SHIFT+I) opens the first, the rules of the Pumpkins and Vaults; PAYS (SHIFT+P)
    opens the paytable page."""
    return [pumpkins_page(scene), bonus_page(scene), multipliers_page(scene), paytable_page(scene),
            lines_page(scene), buys_page(scene)]


def general_rules(scene: Any) -> list[tuple[str, str, list[str]]]:
    """The sheet's general rules, with GAME INTERRUPTED saying what the cabinet does with
    a round not resumed in time (cabinet.py `_close_stale`, config unfinished_round_hours)."""
    out = []
    for kind, title, paras in H.general_rules(scene.app.cabinet.currency.format):
        if kind == "recovery":
            paras = list(paras) + [unfinished_round_words(scene)]
        out.append((kind, title, paras))
    return out


def unfinished_round_words(scene: Any) -> str:
    """The cabinet's policy for an unfinished round, in the player's words: its outcome is
    decided when the round starts, so after the configured hours it is completed and its
    win credited; a round still waiting on a player's choice is cancelled and refunded."""
    hours = scene.app.config.unfinished_round_hours
    if scene.spec.player_decides:
        return (_("An unfinished round not resumed within 1 hour is cancelled and its bet refunded to your balance, "
                  "as it still waits on a choice of yours.") if hours == 1 else
                _("An unfinished round not resumed within {hours} hours is cancelled and its bet refunded to your "
                  "balance, as it still waits on a choice of yours.").format(hours=hours))
    return (_("The outcome of every round is decided when it starts. An unfinished round not resumed within 1 hour "
              "is completed for you: its win is credited to your balance. A round still waiting on a choice of "
              "yours would be cancelled and its bet refunded.") if hours == 1 else
            _("The outcome of every round is decided when it starts. An unfinished round not resumed within {hours} "
              "hours is completed for you: its win is credited to your balance. A round still waiting on a choice "
              "of yours would be cancelled and its bet refunded.").format(hours=hours))
