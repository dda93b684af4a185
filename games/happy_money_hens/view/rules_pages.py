"""Happy Money Hens' rules pages (GameSpec.view.rules): the cabinet's rules-page engine
(cabinet/ui/rules_page.py) configured with this game's pictures and the text of
math/help.py. Every figure is read from math.yaml and shown at the current bet."""
from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from cabinet.core.i18n import N_, _, translate
from cabinet.ui import asset_files
from cabinet.ui import draw as D
from cabinet.ui.rules_art import board_picture, image_picture, lines_sheet, strip_picture, wheel_picture
from cabinet.ui.rules_common import money_at, pay_card, paytable_x100, withdrawn_words
from cabinet.ui.rules_page import Card, Page
from cabinet.ui.wheel_parts import WheelArt

from . import art
from ..math import help as H
from ..math.gamble import gamble_cap
from ..math.tables import POT_NAMES, load

NAMES = {"ROOSTER": N_("Rooster"), "HEN": N_("Hen"), "CHICK": N_("Chick"), "EGG": N_("Egg"), "A": "A", "K": "K",
         "Q": "Q", "J": "J", "WILD": N_("Wild"), "BLUE": N_("Blue feature symbol"), "RED": N_("Red feature symbol"),
         "GOLD": N_("Gold feature symbol")}
COLOUR_FEATURE = {"BLUE": "double_coins", "RED": "pot_fill", "GOLD": "happy_boost"}


def _face(name: str) -> Any:
    return image_picture(("hmh_face", name), lambda w, h: art.symbol_face(name, min(w, h)), 1.0, 90, 200)


def _short(scene: Any, x100: int) -> str:
    """Money for a coin face: '$2', '$0.50', '$1.50K' (rounded down: never more than paid)."""
    cents = scene.bet * int(x100) // 100
    cur = scene.app.cabinet.currency
    if cents >= 1000 * cur.minor_units:
        return cur.short(cents, symbol=True)
    return cur.format(cents, whole=True)


def _coin(value: str, kind: str = "cash", sub: str | None = None):
    return lambda size: art.coin_label(art.coin(size, kind), value, sub)


# -- pages ------------------------------------------------------------------------------
def paytable_page(scene: Any) -> Page:
    pays = paytable_x100(scene)
    s = H.sections()
    cards = [pay_card(scene, translate(NAMES[sym]), _face(sym), [(_("{n} of a kind").format(n=n), v) for n, v in
                                                      sorted(p.items(), key=lambda kv: -int(kv[0]))])
             for sym, p in pays.items()]
    cards.append(Card(_("Wild"), tuple(s["wild"][1]), picture=_face("WILD"), side=True))
    for colour, feature in COLOUR_FEATURE.items():
        adds = _("Adds to the {feature} pot; pays nothing on the lines.").format(feature=H.FEATURE_WORDS[feature])
        cards.append(Card(translate(NAMES[colour]), (adds,),
                          picture=_face(colour), side=True, accent=art.POT_COLOURS[colour]))
    cur = scene.app.cabinet.currency
    return Page(_("Paytable"), _("Pays"), grid=tuple(cards), grid_cols=3, paytable=True,
                note=_("Line pays at the current bet of {bet}, left to right on adjacent reels").format(
                    bet=cur.format(scene.bet)))


def lines_page(scene: Any) -> Page:
    m = load()
    s = H.sections()
    sheet = lines_sheet("hmh", m.lines.tolist(), 3, per_row=5, min_h=520)
    return Page(_("Win lines"), _("Lines"), widths=(2.2, 1.0), columns=(
        (Card(_("{lines} win lines").format(lines=len(m.lines)), picture=sheet),),
        (Card(*s["lines"]), Card(_("Wild"), tuple(s["wild"][1]), picture=_face("WILD")))))


def pots_page(scene: Any) -> Page:
    s = H.sections()
    faces = strip_picture("hmh_feature_faces", [partial(art.symbol_face, c) for c in art.POT_COLOURS],
                          min_h=110, max_h=220)
    pots = image_picture(("hmh_pots",), _pots_painter(list(art.POT_COLOURS), [2, 3, 4]), aspect=2.4, min_h=120,
                         max_h=280)
    levels = image_picture(("hmh_pot_levels",), _pots_painter(["BLUE"] * 4, [1, 2, 3, 4]), aspect=3.4, min_h=90,
                           max_h=200)
    rows = tuple((label, f"{H.pct(n, den)}  ({H.one_in(n, den)})") for label, n, den in H.trigger_rows())
    return Page(_("Feature pots"), _("Pots"), columns=(
        (Card(s["feature_symbols"][0], tuple(s["feature_symbols"][1]), picture=faces),
         Card(_("Trigger chances"), (_("Each feature symbol that lands in view triggers its pot with this chance, "
                                       "whatever the pot's level:"),), rows=rows)),
        (Card(*s["pot_colours"], picture=pots), Card(*s["pot_levels"], picture=levels))))


def _pots_painter(colours: list[str], levels: list[int]):
    def paint(w: int, h: int) -> pygame.Surface:
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        n = len(colours)
        pw = int(min(w / (n + 0.3), h / 1.2))
        for i, (colour, level) in enumerate(zip(colours, levels)):
            pot = art.feature_pot((pw, int(pw * 1.2)), colour, level)
            surf.blit(pot, pot.get_rect(center=(int(w * (i + 0.5) / n), h // 2)))
        return surf
    return paint


def bonus_page(scene: Any) -> Page:
    s = H.sections()
    b = load().raw["bonus"]
    cash = ", ".join(f"{H.x(v)} ({money_at(scene, v)})" for v in b["cash_values"])
    reels = _mini_reels(scene)
    values = _("Coins carry a cash value of the base game bet: {values}.").format(values=cash)
    return Page(_("The bonus game"), _("Bonus"), widths=(1.15, 1.0), columns=(
        (Card(s["bonus"][0], tuple(s["bonus"][1]), picture=reels),),
        (Card(*s["spins"]), Card(s["cash"][0], (values,),
                                 picture=strip_picture(("hmh_cash", scene.bet), [
                                     _coin(_short(scene, v)) for v in b["cash_values"][1:10:2]], 70, 120)))))


def _mini_reels(scene: Any):
    """The 5x7 mini reels: 3 active rows with coins, 4 inactive rows with their counts
    beside them (the counts from math.yaml)."""
    b = load().raw["bonus"]
    rows, reels, active = b["rows"], b["reels"], b["active_rows"]
    values = b["cash_values"]
    coins = {(rows - 1, 0): values[3], (rows - 1, 3): values[1], (rows - 2, 1): values[7], (rows - 3, 4): values[0],
             (rows - 2, 4): values[8], (rows - 4, 2): values[2], (rows - 6, 1): values[4]}

    def cell(surf: pygame.Surface, rect: pygame.Rect, r: int, c: int) -> None:
        live = r >= rows - active
        inner = rect.inflate(-rect.w // 8, -rect.h // 8)
        surf.blit(art.image("rules.tile.live" if live else "rules.tile.dead", inner.size), inner)
        value = coins.get((r, c))
        if value is not None:
            face = art.coin_label(art.coin(int(inner.w * 0.9)), _short(scene, value))
            if not live:
                face.set_alpha(120)
            surf.blit(face, face.get_rect(center=inner.center))

    board = board_picture(("hmh_mini_reels", scene.bet), rows, reels, cell, (art.GAME, "rules.board"))
    margin = 0.9                                   # the counts' column, in cells

    def paint(w: int, h: int) -> pygame.Surface:
        size = int(min(w / (reels + margin), h / rows))
        grid = board.paint(size * reels, size * rows)
        surf = pygame.Surface((grid.get_width() + int(size * margin), grid.get_height()), pygame.SRCALPHA)
        surf.blit(grid, (int(size * margin), 0))
        font = asset_files.font(int(size * 0.5), bold=True)
        for k, count in enumerate(b["row_counts"]):
            centre = (int(size * margin * 0.45), int((rows - active - 1 - k + 0.5) * size))
            badge = art.image("rules.count", int(size * 0.72))
            surf.blit(badge, badge.get_rect(center=centre))
            label = font.render(str(count), True, D.CREAM)
            surf.blit(label, label.get_rect(center=centre))
        return surf
    return image_picture(("hmh_mini_reels", scene.bet), paint, aspect=(reels + margin) / rows, min_h=420, max_h=760)


def features_page(scene: Any) -> Page:
    s = H.sections()
    b = load().raw["bonus"]
    v = b["cash_values"][3]
    double = strip_picture(("hmh_double", scene.bet), [_coin(_short(scene, v)), _coin(_short(scene, v))], 110, 260,
                           0.0)
    red = art.POT_COLOURS["RED"]
    fill = strip_picture("hmh_fill", [_coin(ch, "RED") for ch in "MINI"], 80, 170)
    names = strip_picture("hmh_pot_names", [_coin(p, p) for p in POT_NAMES], 80, 170)
    pots = tuple((H.letters(p), money_at(scene, b["pots"][p]["value"])) for p in POT_NAMES)
    boost = strip_picture(("hmh_boost", scene.bet), [_coin(_short(scene, v)), _coin("+", "GOLD"),
                                                     _coin(_short(scene, v + b["boost_values"][3]))], 90, 220)
    return Page(_("Bonus features"), _("Features"), columns=(
        (Card(*s["double_coins"], picture=double, accent=art.POT_COLOURS["BLUE"]),),
        (Card(*s["pot_fill"], picture=fill, accent=red),
         Card(_("The four pots"), (_("A completed name pays its pot's fixed value:"),), rows=pots, picture=names,
              accent=red)),
        (Card(*s["happy_boost"], picture=boost, accent=art.POT_COLOURS["GOLD"]),)))


def buys_page(scene: Any) -> Page:
    s = H.sections()
    cur = scene.app.cabinet.currency
    fortune = tuple((m.label, cur.format(m.cost_cents(scene.bet))) for m in scene.spin_modes)
    cards = []
    for mid in ("buy_mystery", "buy_triple"):
        mode = next((m for m in scene.buy_modes if m.id == mid), None)
        if mode is not None:
            cards.append(Card(s[mid][0], tuple(s[mid][1]), rows=((_("Price"), cur.format(mode.cost_cents(scene.bet))),),
                              picture=buy_picture(scene, mid)))
    fortune_card = Card(s["fortune"][0], tuple(s["fortune"][1]), rows=fortune,
                        picture=mode_picture(scene, scene.spin_modes[-1].id))
    if not cards:
        return Page(_("Fortune bet"), _("Fortune"), columns=((fortune_card,),))
    return Page(_("Fortune bet and bonus buy"), _("Fortune"), widths=(1.0, 1.0),
                columns=((fortune_card, Card(*s["buy"])), tuple(cards)))


def buy_picture(scene: Any, mode_id: str) -> Any:
    """The buy's art (also on its buy-menu card): the three feature symbols, hidden
    behind question marks for the mystery."""
    mystery = mode_id == "buy_mystery"

    def face(colour: str):
        def paint(n: int) -> pygame.Surface:
            surf = art.symbol_face(colour, n)
            if mystery:        # the symbol's shape, opaque: nothing of its face shows through the "?"
                shape = pygame.mask.from_surface(surf, 127)
                surf = shape.to_surface(setcolor=(46, 34, 82, 255), unsetcolor=(0, 0, 0, 0))
                rim = shape.outline()
                if len(rim) > 2:
                    pygame.draw.lines(surf, D.GOLD, True, rim, max(2, n // 40))
                q = art.outlined("?", int(n * 0.6), (255, 240, 200))
                surf.blit(q, q.get_rect(center=(n // 2, n // 2)))
            return surf
        return paint
    return strip_picture(("hmh_buy", mode_id), [face(c) for c in art.POT_COLOURS], 80, 170)


def gamble_page(scene: Any) -> Page:
    s = H.sections(scene.app.cabinet.currency.format)
    wheels = image_picture("hmh_gamble_wheels", _wheels_painter(), aspect=2.1, min_h=200, max_h=380)
    meter = image_picture("hmh_meter", _meter_painter(), aspect=4.0, min_h=70, max_h=150)
    return Page(_("Gamble and spin chance"), _("Gamble"), widths=(1.3, 1.0), columns=(
        (Card(*s["gamble"], picture=wheels),), (Card(*s["spin_chance"], picture=meter), gamble_keys_card(scene))))


def gamble_keys_card(scene: Any) -> Card:
    """Every gamble control's key, from the cabinet's key map (as config.yaml rebinds it)."""
    from .gamble_scene import key_rows
    keys = scene.app.input
    offer = ((_("Gamble the win offered (GAMBLE)"), keys.describe_words("gamble")),
             (_("Collect it and spin on"), keys.describe_words("spin")))
    return Card(_("Gamble keys"), (_("A win offers the gamble; it opens only when you press GAMBLE. None of the "
                                     "wheels is chosen when it opens: SPACE spins only the wheel chosen. ESC never "
                                     "collects by itself: it asks first."),),
                rows=offer + key_rows(keys))


def spin_chance_keys_card(scene: Any) -> Card:
    """Every spin-chance control's key, from the cabinet's key map."""
    from .spin_chance_scene import key_rows
    return Card(_("Spin chance keys"), rows=key_rows(scene.app.input))


def keyboard_cards(scene: Any) -> list[Card]:
    """This game's own keys on the KEYBOARD page (rules_common.keyboard_page's hook)."""
    return [gamble_keys_card(scene), spin_chance_keys_card(scene)]


def _wheels_painter():
    green, red = (60, 190, 100), (220, 60, 60)
    cash = wheel_picture("hmh_cash_wheel", [(1, green), (1, red)], WheelArt(art.GAME))
    bonus = wheel_picture("hmh_bonus_wheel", [(1, green), (3, red)], WheelArt(art.GAME, rim="wheel.bonus.rim"))

    def paint(w: int, h: int) -> pygame.Surface:
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        d = int(min(h, w / 2.1))
        for i, pic in enumerate((cash, bonus)):
            disc = pic.paint(d, d)
            surf.blit(disc, disc.get_rect(center=(int(w * (0.25 + 0.5 * i)), h // 2)))
        return surf
    return paint


def _meter_painter():
    def paint(w: int, h: int) -> pygame.Surface:
        return asset_files.image(art.GAME, "rules.spin_meter", (w, h))

    return paint


def mode_picture(scene: Any, mode_id: str) -> Any | None:
    """A way to play in a picture (the bets page, the buy menu's cards)."""
    if mode_id.startswith("buy_"):
        return buy_picture(scene, mode_id)
    if mode_id == "base":
        return strip_picture("hmh_mode_base", [partial(art.symbol_face, c) for c in ("ROOSTER", "HEN", "CHICK")],
                             70, 150)
    least = load().raw["feature_pots"]["min_features"].get(mode_id)
    if least is None:
        return None
    base_least = int(load().raw["feature_pots"]["min_features"].get("base", 1))
    n = len(art.POT_COLOURS)
    # The sheet's FORTUNE BET words, not particular features: 1.2x gives MORE BONUSES (any
    # features), 1.5x bonuses with AT LEAST 2 of the 3, 2x with ALL 3. No egg is singled
    # out: all three are dim ("any"), or all three bright with the count beneath.
    caption = (_("MORE BONUSES") if least <= base_least else _("ALL {n} FEATURES").format(n=n) if least >= n
               else _("AT LEAST {least} OF {n} FEATURES").format(least=least, n=n))
    lit = least > base_least

    def paint(w: int, h: int) -> pygame.Surface:
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        cap = art.outlined(caption, max(8, int(h * 0.17)), (255, 240, 200))
        if cap.get_width() > w:
            k = w / cap.get_width()
            cap = pygame.transform.smoothscale(cap, (w, max(1, int(cap.get_height() * k))))
        size = max(4, int(min(h - cap.get_height() - 4, w / (n + 0.12 * (n - 1)))))
        step = int(size * 1.12)
        x0 = (w - (step * (n - 1) + size)) // 2
        for i, colour in enumerate(art.POT_COLOURS):
            face = art.symbol_face(colour, size).copy()
            if not lit:
                face.set_alpha(110)
            surf.blit(face, (x0 + i * step, 0))
        surf.blit(cap, cap.get_rect(midtop=(w // 2, size + 4)))
        return surf
    return image_picture(("hmh_mode", mode_id, least), paint, aspect=2.6, min_h=90, max_h=190)


def limit_notes(scene: Any) -> list[str]:
    """The gamble's own limit, from math.yaml, and what it is at the current bet."""
    g = load().raw["gamble"]
    cur = scene.app.cabinet.currency
    limit = gamble_cap().limit_cents(scene.bet)
    assert limit is not None                       # the gamble's cap always has a limit (math.yaml gamble)
    here = int(limit)
    return [_("A gamble win is limited to {times} the base bet or {amount}, whichever is lower: {here} at this "
              "bet.").format(times=H.x(int(g["limit_x"]) * 100), amount=cur.format(int(g["limit_cents"])),
                             here=cur.format(here))]


def pages(scene: Any) -> list[Page]:
    """The game's own pages, in reading order (the engine adds bets, general, keys)."""
    return [paytable_page(scene), lines_page(scene), pots_page(scene), bonus_page(scene), features_page(scene),
            buys_page(scene), gamble_page(scene)]


def general_rules(scene: Any) -> list[tuple[str, str, list[str]]]:
    """The sheet's general rules, its bet range the cabinet's (config may set another
    ladder, and takes off bets where the win limit would bring the base game's return
    below the cabinet's minimum: rules_common.withdrawn_words says so). The engine puts
    the RTP at the bet in place of the sheet's one figure (rules_common.with_payback)."""
    fmt = scene.app.cabinet.currency.format
    sheet = H.general_rules(fmt)
    ladder = scene.ladder
    bets = _("The minimum bet is {low} per game, the maximum {high}.").format(low=fmt(ladder[0]), high=fmt(ladder[-1]))
    withdrawn = withdrawn_words(scene)
    out = []
    for kind, title, paras in sheet:
        if kind == "limits":           # its first paragraph is the bet range (math/help.py general_rules)
            paras = [bets + (f" {withdrawn}" if withdrawn else "")] + list(paras[1:])
        out.append((kind, title, paras))
    return out
