"""The rules pages every game has, built from its GameSpec, its libraries and the
keyboard map: bets, RTP and limits; the sheet's general rules; the keyboard. With
the game's own pages (`GameSpec.view.rules` names the module whose `pages(scene)` makes
them) they form the info screen's book (`rules_book`)."""
from __future__ import annotations

import importlib
from typing import Any

from cabinet.core.i18n import N_, _, translate

from . import draw as D
from .demo import demo_allowed
from .input import key_word
from .figures import (average_win_words, limit_lines, mode_figures, not_offered_words, pct, price_note,
                      price_words, rtp_row, rtp_words, span_text, times)
from cabinet.core.game_words import mode_label
from .rules_art import pictogram
from .rules_page import Card, Page

GENERAL_ICONS = {"recovery": "recovery", "malfunction": "malfunction", "outcome": "outcome", "odds": "outcome",
                 "limits": "limit", "history": "history", "payback": "payback"}


def rules_module(spec: Any) -> Any | None:
    """The game's rules-page configuration (None: the game has none)."""
    return importlib.import_module(spec.view.rules) if spec.view.rules else None


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
             (spec.view.help() if spec.view.help else [])]
    if not cards:
        return []
    half = (len(cards) + 1) // 2
    columns = tuple(c for c in (tuple(cards[:half]), tuple(cards[half:])) if c)
    return [Page(_("How to play"), _("Rules"), columns=columns)]


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
    rows: list[tuple[str, str]] = [(_("Price"), price_words(f, cur))]
    average = average_win_words(f, scene.app.cabinet.games.get(scene.spec.id), cur, scene.bet) \
        if mode.kind == "buy" and price_note(scene.spec, scene.modes) else None
    if average is not None:              # the figure its price comes from (price_note)
        rows.append((_("Average win"), average))
    text: tuple[str, ...] = ()
    if not f.offered:
        where, why = not_offered_words(f, cur, scene.app.cabinet.games.get(scene.spec.id))
        rows.append((_("Offered"), where))
        text = (why,)
    else:
        row = rtp_row(f)
        if row is not None:
            rows.append(row)
        if f.max_win_cents is not None:
            rows.append((_("Maximum win"), f"{cur.format(f.max_win_cents)} ({times(f.max_win_x or 0)})"))
    return Card(mode_label(scene.spec, mode.id), text, tuple(rows), picture=mode_picture(scene, mode.id),
                accent=D.GOLD if mode.kind == "buy" else D.CYAN)


def bets_page(scene: Any) -> Page:
    """Price, RTP and maximum win of every way to play at the current bet, the bet
    range and the win limits."""
    app = scene.app
    cur = app.cabinet.currency
    setup = app.cabinet.games.get(scene.spec.id)
    figs = [mode_figures(scene.spec, setup, m, scene.bet) for m in scene.modes if m.kind in ("spin", "buy")]
    cards = [mode_card(scene, f) for f in figs]
    lo, hi = (scene.ladder[0], scene.ladder[-1]) if scene.ladder else (scene.bet, scene.bet)
    limits = [_("Bets from {low} to {high} a game; the bet now is {bet}.").format(
        low=cur.format(lo), high=cur.format(hi), bet=cur.format(scene.bet))] + [
        _("{limit}.").format(limit=line) for line in limit_lines(scene.spec, setup, cur)]
    module = rules_module(scene.spec)
    notes = getattr(module, "limit_notes", None) if module is not None else None
    limits += list(notes(scene)) if notes is not None else []
    withdrawn = withdrawn_words(scene)
    if withdrawn:
        limits.append(withdrawn)
    note = price_note(scene.spec, scene.modes)
    if note:
        limits.append(note)
    if any(not f.offered or f.rtp_at_bet for f in figs):
        limits.append(_("Where the limit lowers a return, the figure shown is the one at this bet."))
    cards.append(Card(_("Bets and limits"), tuple(limits), accent=D.GREEN))
    cols = 4 if len(cards) > 6 else 3
    return Page(_("Bets, RTP and limits"), _("Bets"), grid=tuple(cards), grid_cols=cols,
                note=_("At the current bet of {bet}; maximum wins as the libraries pay them").format(
                    bet=cur.format(scene.bet)))


def withdrawn_words(scene: Any) -> str:
    """Why the configured ladder's top bets are not offered ('' when all are): the win
    limit would bring the base game's return below the cabinet's minimum there."""
    setup = scene.app.cabinet.games.get(scene.spec.id)
    if setup is None or not getattr(setup, "withdrawn", ()):
        return ""
    cur = scene.app.cabinet.currency
    why = setup.limit_words(setup.base_mode, cur.format, base_game=True)
    return _("Bets above {amount} are not offered: {why}.").format(amount=cur.format(setup.bet_ladder[-1]), why=why)


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
    money = None if setup.cap.max_cents is None else cur.format(setup.cap.max_cents)
    base = spec.mode(setup.base_mode)
    top = setup.rtp_at(base.id, ladder[-1])
    span_words = span_text((min(stated), max(stated)))
    first = (_("The theoretical average return to player (RTP) for this game is {rtp} at bets up to {bet}.").format(
        rtp=span_words, bet=cur.format(below[-1])) if below else
        _("The theoretical average return to player (RTP) for this game is {rtp} before its win limit.").format(
            rtp=span_words))
    if below:
        lowers = (_("The {amount} limit on a single game's wins lowers the return at bets above {bet}") if money else
                  _("The limit on a single game's wins lowers the return at bets above {bet}"))
    else:
        lowers = (_("The {amount} limit on a single game's wins lowers the return at every bet") if money else
                  _("The limit on a single game's wins lowers the return at every bet"))
    second = lowers.format(amount=money, bet=cur.format(below[-1]) if below else "")
    if top is not None:
        second = _("{sentence}: the {mode} returns {rtp} at {bet}").format(
            sentence=second, mode=mode_label(spec, base.id).lower(), rtp=rtp_words(top, spec.rtp.get(base.id)),
            bet=cur.format(ladder[-1]))
    if top is None or pct(span[0]) != pct(top):
        second = _("{sentence}, and every way to play returns at least {rtp} at the bets it is offered at.").format(
            sentence=second, rtp=pct(span[0]))
    else:
        second = _("{sentence}.").format(sentence=second)
    second += " " + _("The BETS page shows each figure at the bet.")
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
            keep = [p for p in paras if "%" not in p]        # the sheet's RTP sentence: its one figure
            paras = words + keep
        out.append((kind, title, paras))
    return out


def general_page(sections: list[tuple[str, str, list[str]]]) -> Page:
    """The sheet's general rules: (icon kind, title, paragraphs) per card, two columns."""
    cards = [Card(title, tuple(paras), picture=pictogram(GENERAL_ICONS.get(kind, "payback")), side=True)
             for kind, title, paras in sections]
    half = (len(cards) + 1) // 2
    return Page(_("General rules"), _("General"), columns=(tuple(cards[:half]), tuple(cards[half:])))


KEY_GROUPS = (
    (N_("Play"), (("spin", N_("Spin / skip / stop autoplay")), ("bet_up", N_("Bet up")),
                  ("bet_down", N_("Bet down")), ("autoplay", N_("Autoplay menu / stop")),
                  ("turbo", N_("Turbo on / off")))),
    (N_("Information"), (("info", N_("Game information")), ("paytable", N_("Paytable")),
                         ("history", N_("Game history")), ("close", N_("Close a window")))),
    (N_("Sound and screen"), (("sound", N_("Sound on / off")), ("music", N_("Music on / off")),
                              ("fullscreen", N_("Fullscreen")), ("screenshot", N_("Screenshot")))),
)


# The operator menu's keys (cabinet/ui/operator/menu.py: digits open the pages, the
# recall page's D its ids; every overlay's arrows and ENTER; ESC logs out).
# The keys are key names (input.KEY_WORDS), said in the player's language where drawn.
OPERATOR_ROWS = ((N_("Operator page 1 ... 7"), ("1 ... 7",)), (N_("Recall: show the ids"), ("D",)),
                 (N_("Move / press a button"), ("ARROWS", "ENTER")))
FORCE_MENU_ROWS = ((N_("Force menu: move / choose"), ("ARROWS", "ENTER")),)


def fixed_keys(names: tuple[str, ...]) -> str:
    """A row's fixed keys ('ARROWS  ENTER'), each in the player's language."""
    return "  ".join(key_word(n) for n in names)

REVIEW_ITEMS = (("review_pause", N_("Pause / resume")), ("review_step", N_("Single step (one event)")),
                ("review_slow", N_("Speed 1x / 0.5x / 0.25x")), ("review_math", N_("Math overlay")),
                ("review_replay", N_("Replay a round by its id")), ("demo", N_("Force menu")))


def balanced_columns(cards: list[Card], n: int) -> tuple[tuple[Card, ...], ...]:
    """The cards in order, cut into at most `n` columns of about equal height (rows,
    text lines and a title's worth each)."""
    weight = [2 + len(c.rows) + len(c.text) for c in cards]
    best: tuple[int, list[int]] | None = None

    def cuts(start: int, left: int) -> list[list[int]]:
        if left == 1:
            return [[]]
        return [[k] + rest for k in range(start + 1, len(cards)) for rest in cuts(k, left - 1)]
    for k in range(1, min(n, len(cards)) + 1):
        for cut in cuts(0, k):
            bounds = [0] + cut + [len(cards)]
            tallest = max(sum(weight[a:b]) for a, b in zip(bounds, bounds[1:]))
            if best is None or tallest < best[0]:
                best = (tallest, bounds)
    if best is None:
        return ()
    bounds = best[1]
    return tuple(tuple(cards[a:b]) for a, b in zip(bounds, bounds[1:]))


def keyboard_page(scene: Any) -> Page:
    """Every key of the keyboard map, grouped, each buy by name, and the keys of the
    game's own screens: its rules module's `keyboard_cards(scene)` (Happy Money Hens'
    gamble and spin chance), in a third column."""
    keys = scene.app.input
    cards = []
    for title, items in KEY_GROUPS:
        rows = tuple(
            (translate(label), keys.describe_words(action)) for action, label in items if keys.table.get(action)
        )
        cards.append(Card(translate(title), rows=rows))
    buys = list(getattr(scene, "buy_modes", []))
    if buys:
        buy_rows = [(_("Buy menu"), keys.describe_words("buy_menu"))]
        for i, mode in enumerate(buys):
            if keys.table.get(f"buy_{i + 1}"):
                buy_rows.append((mode_label(scene.spec, mode.id), keys.describe_words(f"buy_{i + 1}")))
        buy_rows += [(_("Previous / next buy"), keys.describe_group(("prev", "next"))),
                     (_("Confirm the buy"), keys.describe_words("confirm"))]
        cards.insert(1, Card(_("Buy bonus"), (_("In the buy menu each key opens that buy's confirmation page."),),
                             rows=tuple(buy_rows)))
    staff = [
        Card(
            _("Operator menu"),
            rows=((_("Operator menu (PIN)"), keys.describe_words("operator")),)
            + tuple((translate(a), fixed_keys(b)) for a, b in OPERATOR_ROWS)
            + ((_("Log out"), keys.describe_words("close")),),
        )
    ]
    if demo_allowed(scene.app.config):        # review mode only (never with real play)
        rows = tuple((translate(label), keys.describe_words(action)) for action, label in REVIEW_ITEMS
                     if keys.table.get(action))
        staff.append(
            Card(
                _("Review tools"),
                rows=rows
                + tuple((translate(a), fixed_keys(b)) for a, b in FORCE_MENU_ROWS)
                + ((_("Force menu: close"), keys.describe_words("close")),),
            )
        )
    module = rules_module(scene.spec)
    hook = getattr(module, "keyboard_cards", None) if module is not None else None
    own = tuple(hook(scene)) if hook is not None else ()
    cols = balanced_columns(cards + staff + list(own), 3)
    return Page(_("Keyboard"), _("Keys"), columns=cols,
                note=_("In the autoplay menu, the previous / next keys change the rounds and confirm starts it"))


def money_at(scene: Any, x100: int) -> str:
    """Hundredths of the base bet as money at the bet on screen, rounded down as paid."""
    return scene.app.cabinet.currency.format(scene.bet * int(x100) // 100)


def pay_card(scene: Any, title: str, picture: Any, pays: list[tuple[str, int]], text: tuple[str, ...] = ()) -> Card:
    """A symbol's card: its art beside its pays at the current bet (label, x100)."""
    return Card(title, text, tuple((label, money_at(scene, v)) for label, v in pays), picture=picture, side=True)


def paytable_x100(scene: Any) -> dict[str, dict[str, int]]:
    """The math's paytable (GameSpec.math.paytable) in exact hundredths of the bet."""
    table = scene.spec.math.paytable() if scene.spec.math.paytable else {}
    return {sym: {k: round(float(v) * 100) for k, v in pays.items()} for sym, pays in table.get("pays", {}).items()}
