"""Piggy Farm's rules pages (GameSpec.view.rules): the cabinet's rules-page engine
(cabinet/ui/rules_page.py) configured with this game's pictures and the text of
math/help.py. Every figure is read from math.yaml or the book libraries and shown
at the current bet."""
from __future__ import annotations

from typing import AbstractSet, Any

import pygame

from cabinet.core.i18n import _, formats
from cabinet.ui import asset_files
from cabinet.ui.figures import feature_rate
from cabinet.ui.rules_art import arrow, board_picture, image_picture, strip_picture, wheel_picture
from cabinet.ui.rules_common import pay_card, paytable_x100
from cabinet.ui.rules_page import Card, Page

from . import art
from .features import TIER_RIM, slice_color, wheel_art
from ..math import help as H
from ..math.tables import load

# An illustrative board (rows top to bottom): a cluster of hens bottom-left, a wild in it.
SAMPLE = ["CR AP GP EG CN AP PP",
          "EG CN AP PP CR GP CN",
          "AP GP CR CN EG AP CR",
          "CN PP EG HN AP CR EG",
          "GP HN HN WD CN PP AP",
          "CR HN AP HN EG CN WM",
          "EG HN CN AP GP EG CR"]
BOARD_ART = (art.GAME, "rules.board")      # the sample boards' backdrop and frame (tools/paint_rules.py)
CLUSTER = {(3, 3), (4, 1), (4, 2), (4, 3), (5, 1), (5, 3), (6, 1)}


def _sample() -> list[list[str]]:
    return [row.split() for row in SAMPLE]


def _face(sid: str, lo: int = 90, hi: int = 220) -> Any:
    return image_picture(("pf_face", sid), lambda w, h: _symbol(sid, min(w, h)), 1.0, lo, hi)


def _symbol(sid: str, n: int) -> pygame.Surface:
    return art.symbol(sid, n)


def _names() -> dict[str, str]:
    return H.symbol_names()


# -- pages ------------------------------------------------------------------------------
def paytable_page(scene: Any) -> Page:
    pm = load()
    s = H.sections()
    names = _names()
    pays = paytable_x100(scene)
    cards = [pay_card(scene, names[sym], _face(sym), [(_("{band} symbols").format(band=band), v)
                                                            for band, v in reversed(list(p.items()))])
             for sym, p in pays.items()]
    wild, scatter = pm.symbols[pm.wild], pm.symbols[pm.scatter]
    cards.append(Card(s["wild"][0], tuple(s["wild"][1]), picture=_face(wild), side=True))
    cards.append(Card(s["scatter"][0], tuple(s["scatter"][1]), picture=_face(scatter), side=True))
    cur = scene.app.cabinet.currency
    return Page(_("Paytable"), _("Pays"), grid=tuple(cards), grid_cols=3, paytable=True,
                note=_("Cluster pays at the current bet of {bet}, by cluster size").format(bet=cur.format(scene.bet)))


def _board(key: Any, lit: AbstractSet[tuple[int, int]], board: list[list[str]],
           fresh: AbstractSet[tuple[int, int]] = frozenset(), gone: AbstractSet[tuple[int, int]] = frozenset()):
    rows, cols = len(board), len(board[0])

    def cell(surf: pygame.Surface, rect: pygame.Rect, r: int, c: int) -> None:
        inner = rect.inflate(-max(2, rect.w // 14), -max(2, rect.h // 14))
        state = "lit" if (r, c) in lit else "fresh" if (r, c) in fresh else "plain"
        surf.blit(art.picture(f"rules.tile.{state}", inner.size), inner)
        if (r, c) in gone:
            surf.blit(art.picture("rules.gone", inner.size), inner)
            return
        face = _symbol(board[r][c], int(inner.w * 0.92))
        if lit and (r, c) not in lit and (r, c) not in fresh:
            face.set_alpha(110)
        surf.blit(face, face.get_rect(center=inner.center))
        if state != "plain":
            surf.blit(art.picture(f"rules.ring.{state}", inner.size), inner)
    return board_picture(key, rows, cols, cell, BOARD_ART, min_h=260, max_h=560)


def clusters_page(scene: Any) -> Page:
    s = H.sections()
    board = _sample()
    cluster = _board("pf_cluster", CLUSTER, board)
    after = [row[:] for row in board]
    cols = sorted({c for _, c in CLUSTER})
    fresh: set[tuple[int, int]] = set()
    for c in cols:                          # the cluster's cells go, the column falls, new symbols drop in
        keep = [after[r][c] for r in range(len(after)) if (r, c) not in CLUSTER]
        new = len(after) - len(keep)
        refill = ["PP", "CN", "GP", "AP"][:new] + ["EG"] * max(0, new - 4)
        column = refill + keep
        for r in range(len(after)):
            after[r][c] = column[r]
        fresh |= {(r, c) for r in range(new)}
    before = _board("pf_tumble_before", set(), board, gone=CLUSTER)
    falls = _board("pf_tumble_after", set(), after, fresh=fresh)
    tumble = image_picture("pf_tumble", _pair_painter(before, falls), aspect=2.25, min_h=220, max_h=420)
    return Page(_("Clusters and tumbles"), _("Clusters"), widths=(1.0, 1.3), columns=(
        (Card(s["board"][0], tuple(s["board"][1]) + (_cluster_words(board),), picture=cluster),),
        (Card(s["tumble"][0], tuple(s["tumble"][1]) + (_("Left: the cluster explodes. Right: the survivors fall "
                                                          "and new symbols (blue) drop in."),), picture=tumble),
         Card(*s["wild"], picture=_face(load().symbols[load().wild]), side=True))))


def _cluster_words(board: list[list[str]]) -> str:
    """What the picture shows, counted from it."""
    names = _names()
    kinds = [board[r][c] for r, c in sorted(CLUSTER)]
    wilds = kinds.count(load().symbols[load().wild])
    main = max(set(kinds), key=kinds.count)
    if wilds:
        return _("Here {count} × {symbol} and {wilds} wild touching edge to edge form one cluster of {size}.").format(
            count=kinds.count(main), symbol=names[main], wilds=wilds, size=len(CLUSTER))
    return _("Here {count} × {symbol} touching edge to edge form one cluster of {size}.").format(
        count=kinds.count(main), symbol=names[main], size=len(CLUSTER))


def _pair_painter(left: Any, right: Any):
    def paint(w: int, h: int) -> pygame.Surface:
        side = int(min(h, w / 2.25))
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        a, b = left.paint(side, side), right.paint(side, side)
        surf.blit(a, a.get_rect(midleft=(0, h // 2)))
        surf.blit(b, b.get_rect(midright=(w, h // 2)))
        head = arrow(int(side * 0.18))
        surf.blit(head, head.get_rect(center=(w // 2, h // 2)))
        return surf
    return paint


def wheel_page(scene: Any) -> Page:
    pm = load()
    s = H.sections()
    setup = scene.app.cabinet.games.get(scene.spec.id)
    trig = {v: k for k, v in pm.tier_by_scatters.items()}
    cards = []
    for tier, slices in pm.wheel.tiers.items():
        total = sum(sl.weight for sl in slices)
        pic = wheel_picture(("pf", tier), [(sl.weight, slice_color(sl.kind, sl.value, tier)) for sl in slices],
                            wheel_art(tier), min_h=180, max_h=330)
        rows = tuple((_slice_words(sl), formats.percent(100 * sl.weight / total, 1)) for sl in slices)
        more = "+" if trig[tier] == max(trig.values()) else ""
        title = {"bronze": _("Bronze wheel"), "silver": _("Silver wheel"), "gold": _("Gold wheel")}.get(tier, tier)
        cards.append(Card(title, (_("{count} windmills.").format(count=f"{trig[tier]}{more}"),), rows=rows, picture=pic,
                          accent=TIER_RIM[tier][0]))
    base, ante = feature_rate(setup, "base", "wheel"), feature_rate(setup, "ante", "wheel")
    text = list(s["wheel"][1])
    if base:
        text.append(_("It spins in about 1 base round in {n}, and about {ratio} times as often with {ante} on.").format(
            n=formats.number(1 / base), ratio=formats.number(ante / base, 1), ante=scene.spec.mode("ante").label)
            if ante else _("It spins in about 1 base round in {n}.").format(n=formats.number(1 / base)))
    return Page(
        _("THE FARM WHEEL"),
        _("Wheel"),
        columns=tuple((c,) for c in cards) + ((Card(s["wheel"][0], tuple(text)),),),
        widths=(1.0, 1.0, 1.0, 0.9),
        note=_("Each slice is drawn at its real share of the wheel"),
    )


def _slice_words(sl: Any) -> str:
    if sl.kind == "coin":
        return _("{times} coins").format(times=H.x(sl.value))
    if sl.kind == "upgrade":
        return _("Upgrade")
    return _("Free spins x{multiplier}").format(multiplier=sl.value)


def free_spins_page(scene: Any) -> Page:
    s = H.sections()
    sg = load().raw["sticky_grid"]
    charges = {(2, 2): sg["first_charge"], (2, 3): sg["first_charge"] * sg["growth"], (3, 3): sg["first_charge"],
               (3, 2): sg["first_charge"] * sg["growth"] ** 2, (4, 2): sg["first_charge"], (1, 4): sg["cap"]}
    board = _sample()

    def cell(surf: pygame.Surface, rect: pygame.Rect, r: int, c: int) -> None:
        inner = rect.inflate(-max(2, rect.w // 14), -max(2, rect.h // 14))
        charge = charges.get((r, c))
        surf.blit(art.picture("rules.tile.charged" if charge else "rules.tile.plain", inner.size), inner)
        face = _symbol(board[r][c], int(inner.w * 0.8))
        face.set_alpha(150 if charge else 90)
        surf.blit(face, face.get_rect(center=inner.center))
        if charge:
            font = asset_files.font(int(inner.h * 0.5), bold=True)
            tag = font.render(f"x{charge}", True, (120, 40, 0))
            surf.blit(tag, tag.get_rect(center=inner.center))
            surf.blit(art.picture("rules.ring.charged", inner.size), inner)
    grid = board_picture("pf_sticky", len(SAMPLE), len(SAMPLE), cell, BOARD_ART, min_h=300, max_h=600)
    return Page(_("Free spins and the sticky grid"), _("Free spins"), widths=(1.0, 1.1), columns=(
        (Card(*s["sticky"], picture=grid),), (Card(*s["free_spins"], picture=_face(load().symbols[load().scatter])),
                                              Card(*_growing(scene)))))


def _growing(scene: Any) -> tuple[str, tuple[str, ...]]:
    mode = next((m for m in scene.modes if m.id == "growing_season"), None)
    return (mode.label if mode else "Growing Season", (mode.description,) if mode else ())


BUY_ART = {"ante": "WM", "wheel_buy": "WM", "free_spins": "HN", "hog_wild": "WD", "growing_season": "CN",
           "golden_egg_hunt": "EG", "egg_hunt": "EG", "risk_the_farm": "GP", "base": "PP"}


def buy_picture(scene: Any, mode_id: str) -> Any:
    """A buy's art (its buy-menu card too): the symbol it is about."""
    sid = BUY_ART.get(mode_id, "PP")
    if mode_id == "ante":
        return strip_picture("pf_ante", [lambda n: _symbol("WM", n)] * 3, 70, 160)
    return _face(sid, 100, 220)


def buys_page(scene: Any) -> Page:
    cur = scene.app.cabinet.currency
    modes = [m for m in scene.modes if m.id == "ante"] + list(scene.buy_modes)
    cards = [Card(m.label, (m.description,), rows=((_("Price"), _("{amount} a spin").format(
        amount=cur.format(m.cost_cents(scene.bet))) if m.kind == "spin" else cur.format(m.cost_cents(scene.bet))),),
                  picture=buy_picture(scene, m.id)) for m in modes]
    return Page(_("Buys and the ante"), _("Buys"), grid=tuple(cards), grid_cols=4,
                note=_("Prices at the current bet of {bet}").format(bet=cur.format(scene.bet)))


def mode_picture(scene: Any, mode_id: str) -> Any | None:
    return buy_picture(scene, mode_id)


def pages(scene: Any) -> list[Page]:
    """The game's own pages, in reading order (the engine adds bets, general, keys)."""
    return [paytable_page(scene), clusters_page(scene), wheel_page(scene), free_spins_page(scene), buys_page(scene)]


def general_rules(scene: Any) -> list[tuple[str, str, list[str]]]:
    return H.general_rules(scene.app.cabinet.currency.format)

