"""The rules pages every game has, built from its GameSpec, its libraries and the
keyboard map: bets, RTP and limits; the sheet's general rules; the keyboard. With
the game's own pages (`GameSpec.rules` names the module whose `pages(scene)` makes
them) they form the info screen's book (`rules_book`)."""
from __future__ import annotations

import importlib
from typing import Any

from . import draw as D
from .demo import demo_allowed
from .figures import (bet_range, limit_lines, mode_figures, not_offered_words, pct, price_words, rtp_row, rtp_words,
                      span_text, times)
from .rules_art import pictogram
from .rules_page import Card, Page

GENERAL_ICONS = {"recovery": "recovery", "malfunction": "malfunction", "outcome": "outcome", "odds": "outcome",
                 "limits": "limit", "history": "history", "payback": "payback"}


def rules_module(spec: Any) -> Any | None:
    """The game's rules-page configuration (None: the game has none)."""
    return importlib.import_module(spec.rules) if getattr(spec, "rules", "") else None


def rules_book(scene: Any) -> list[Page]:
    """Every page of the info screen for the game on screen, in reading order: the
    game's own (its module's `pages(scene)`), bets and RTP, its sheet's general rules
    (`general_rules(scene)`: (pictogram, title, paragraphs) each), the keyboard."""
    module = rules_module(scene.spec)
    pages = list(module.pages(scene)) if module is not None else fallback_pages(scene)
    pages.append(bets_page(scene))
    general = getattr(module, "general_rules", None) if module is not None else None
    if general is not None:
        pages.append(general_page(with_payback(scene, general(scene))))
    pages.append(keyboard_page(scene))
    return pages


def fallback_pages(scene: Any) -> list[Page]:
    """A game without a configuration: its help text as cards, two columns."""
    spec = scene.spec
    cards = [Card(title, tuple(p for p in text.split("\n\n") if p.strip())) for title, text in
             (spec.help() if spec.help else [])]
    if not cards:
        return []
    half = (len(cards) + 1) // 2
    columns = tuple(c for c in (tuple(cards[:half]), tuple(cards[half:])) if c)
    return [Page("How to play", "Rules", columns=columns)]


def mode_picture(scene: Any, mode_id: str) -> Any | None:
    """The game's picture of a way to play (its rules module's `mode_picture`), if any."""
    module = rules_module(scene.spec)
    hook = getattr(module, "mode_picture", None) if module is not None else None
    return hook(scene, mode_id) if hook is not None else None


def mode_card(scene: Any, f: Any) -> Card:
    """One bet mode's figures at the current bet (`figures.ModeFigures`): price, RTP,
    maximum win."""
    cur = scene.app.cabinet.currency
    mode = f.mode
    rows: list[tuple[str, str]] = [("Price", price_words(f, cur))]
    text: tuple[str, ...] = ()
    if not f.offered:
        where, why = not_offered_words(f, cur, scene.app.cabinet.games.get(scene.spec.id))
        rows.append(("Offered", where))
        text = (why,)
    else:
        row = rtp_row(f)
        if row is not None:
            rows.append(row)
        if f.max_win_cents is not None:
            rows.append(("Maximum win", f"{cur.format(f.max_win_cents)} ({times(f.max_win_x or 0)})"))
    return Card(mode.label, text, tuple(rows), picture=mode_picture(scene, mode.id),
                accent=D.GOLD if mode.kind == "buy" else D.CYAN)


def bets_page(scene: Any) -> Page:
    """Price, RTP and maximum win of every way to play at the current bet, the bet
    range and the win limits."""
    app = scene.app
    cur = app.cabinet.currency
    setup = app.cabinet.games.get(scene.spec.id)
    figs = [mode_figures(scene.spec, setup, m, scene.bet) for m in scene.modes if m.kind in ("spin", "buy")]
    cards = [mode_card(scene, f) for f in figs]
    limits = [f"Bets from {bet_range(scene.ladder, cur).replace(' - ', ' to ')} a game; "
              f"the bet now is {cur.format(scene.bet)}."] + [line + "." for line in limit_lines(scene.spec, setup, cur)]
    module = rules_module(scene.spec)
    notes = getattr(module, "limit_notes", None) if module is not None else None
    limits += list(notes(scene)) if notes is not None else []
    withdrawn = withdrawn_words(scene)
    if withdrawn:
        limits.append(withdrawn)
    if any(not f.offered or f.rtp_at_bet for f in figs):
        limits.append("Where the limit lowers a return, the figure shown is the one at this bet.")
    cards.append(Card("Bets and limits", tuple(limits), accent=D.GREEN))
    cols = 4 if len(cards) > 6 else 3
    return Page("Bets, RTP and limits", "Bets", grid=tuple(cards), grid_cols=cols,
                note=f"At the current bet of {cur.format(scene.bet)}; maximum wins as the libraries pay them")


def withdrawn_words(scene: Any) -> str:
    """Why the configured ladder's top bets are not offered ('' when all are): the win
    limit would bring the base game's return below the cabinet's minimum there."""
    setup = scene.app.cabinet.games.get(scene.spec.id)
    if setup is None or not getattr(setup, "withdrawn", ()):
        return ""
    cur = scene.app.cabinet.currency
    base = scene.spec.mode(setup.base_mode)
    why = setup.limit_words(base.id, cur.format).replace("its return", f"the {base.label.lower()}'s return")
    return f"Bets above {cur.format(setup.bet_ladder[-1])} are not offered: {why}."


def payback_words(scene: Any) -> list[str] | None:
    """The RTP at the bets it holds and why it is lower at the others, in two
    sentences (None: every offered way to play returns its stated RTP at every bet
    it is offered at, so the sheet's words stand). From the setup's returns."""
    setup = scene.app.cabinet.games.get(scene.spec.id)
    if setup is None or not hasattr(setup, "bet_return"):
        return None
    spec, cur = scene.spec, scene.app.cabinet.currency
    modes = [m for m in spec.modes if m.kind in ("spin", "buy") and m.id in setup.modes]
    ladder = setup.bet_ladder
    lowered = [b for b in ladder for m in modes if setup.offers(m.id, b)
               for r in (setup.bet_return(m.id, b),) if r is not None and r.lowered]
    span = setup.rtp_span()
    if not lowered or span is None or setup.base_mode is None:
        return None
    stated = [spec.rtp[m.id] for m in modes if m.id in spec.rtp]
    below = [b for b in ladder if b < min(lowered)]
    limit = "limit on a single game's wins" if setup.cap.max_cents is None else \
        f"{cur.format(setup.cap.max_cents)} limit on a single game's wins"
    base = spec.mode(setup.base_mode)
    top = setup.rtp_at(base.id, ladder[-1])
    first = (f"The theoretical average return to player (RTP) for this game is {span_text((min(stated), max(stated)))}"
             + (f" at bets up to {cur.format(below[-1])}." if below else " before its win limit."))
    where = f"at bets above {cur.format(below[-1])}" if below else "at every bet"
    second = (f"The {limit} lowers the return {where}: the {base.label.lower()} returns "
              f"{rtp_words(top, spec.rtp.get(base.id))} at {cur.format(ladder[-1])}" if top is not None else f"The {limit} lowers the return {where}")
    second += (f", and every way to play returns at least {pct(span[0])} at the bets it is offered at. "
               if top is None or pct(span[0]) != pct(top) else ". ")
    second += "The BETS page shows each figure at the bet."
    return [first, second]


def with_payback(scene: Any, sections: list[tuple[str, str, list[str]]]) -> list[tuple[str, str, list[str]]]:
    """The sheet's general rules with its RTP sentence replaced by `payback_words`
    where the win limit lowers a return (the sheet states one figure for every bet)."""
    words = payback_words(scene)
    if words is None:
        return sections
    out = []
    for kind, title, paras in sections:
        if kind == "payback":
            keep = [p for p in paras if "RTP" not in p and "return to player" not in p]
            paras = words + keep
        out.append((kind, title, paras))
    return out


def general_page(sections: list[tuple[str, str, list[str]]]) -> Page:
    """The sheet's general rules: (icon kind, title, paragraphs) per card, two columns."""
    cards = [Card(title, tuple(paras), picture=pictogram(GENERAL_ICONS.get(kind, "payback")), side=True)
             for kind, title, paras in sections]
    half = (len(cards) + 1) // 2
    return Page("General rules", "General", columns=(tuple(cards[:half]), tuple(cards[half:])))


KEY_GROUPS = (
    ("Play", (("spin", "Spin / skip / stop autoplay"), ("bet_up", "Bet up"), ("bet_down", "Bet down"),
              ("autoplay", "Autoplay menu / stop"), ("turbo", "Turbo on / off"))),
    ("Information", (("info", "Game information"), ("paytable", "Paytable"), ("history", "Game history"),
                     ("close", "Close a window"))),
    ("Sound and screen", (("sound", "Sound on / off"), ("music", "Music on / off"),
                          ("fullscreen", "Fullscreen"), ("screenshot", "Screenshot"))),
)


REVIEW_ITEMS = (("review_pause", "Pause / resume"), ("review_step", "Single step (one event)"),
                ("review_slow", "Speed 1x / 0.5x / 0.25x"), ("review_math", "Math overlay"),
                ("review_replay", "Replay a round by its id"), ("demo", "Force menu"))


def keyboard_page(scene: Any) -> Page:
    """Every key of the keyboard map, grouped, each buy by name, and the keys of the
    game's own screens: its rules module's `keyboard_cards(scene)` (Happy Money Hens'
    gamble and spin chance), in a third column."""
    keys = scene.app.input
    cards = []
    for title, items in KEY_GROUPS:
        rows = tuple((label, keys.describe(action)) for action, label in items if keys.table.get(action))
        cards.append(Card(title, rows=rows))
    buys = list(getattr(scene, "buy_modes", []))
    if buys:
        rows = [("Buy menu", keys.describe("buy_menu"))]
        for i, mode in enumerate(buys):
            if keys.table.get(f"buy_{i + 1}"):
                rows.append((mode.label, keys.describe(f"buy_{i + 1}")))
        rows += [("Previous / next buy", f"{keys.describe('prev')}  {keys.describe('next')}"),
                 ("Confirm the buy", keys.describe("confirm"))]
        cards.insert(1, Card("Buy bonus", ("In the buy menu each key opens that buy's confirmation page.",),
                             rows=tuple(rows)))
    if demo_allowed(scene.app.config):        # review mode only (never with real play)
        cards.append(Card("Review tools", rows=tuple((label, keys.describe(action)) for action, label in REVIEW_ITEMS
                                                   if keys.table.get(action))))
    module = rules_module(scene.spec)
    hook = getattr(module, "keyboard_cards", None) if module is not None else None
    own = tuple(hook(scene)) if hook is not None else ()
    cols = tuple(c for c in (tuple(cards[:2]), tuple(cards[2:]), own) if c)
    return Page("Keyboard", "Keys", columns=cols,
                note="In the autoplay menu, the previous / next keys change the rounds and confirm starts it")


def money_at(scene: Any, x100: int) -> str:
    """Hundredths of the base bet as money at the bet on screen, rounded down as paid."""
    return scene.app.cabinet.currency.format(scene.bet * int(x100) // 100)


def pay_card(scene: Any, title: str, picture: Any, pays: list[tuple[str, int]], text: tuple[str, ...] = ()) -> Card:
    """A symbol's card: its art beside its pays at the current bet (label, x100)."""
    return Card(title, text, tuple((label, money_at(scene, v)) for label, v in pays), picture=picture, side=True)


def paytable_x100(scene: Any) -> dict[str, dict[str, int]]:
    """The math's paytable (GameSpec.paytable) in exact hundredths of the bet."""
    table = scene.spec.paytable() if scene.spec.paytable else {}
    return {sym: {k: round(float(v) * 100) for k, v in pays.items()} for sym, pays in table.get("pays", {}).items()}
