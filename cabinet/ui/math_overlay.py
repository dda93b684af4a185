"""The review tools' math overlay (F8, review mode only): the math behind the round
on screen, read from the game's math and libraries (cabinet/core/review_math.py),
never computed here. Round id, game and mode; the book, its stratum, its weight and
probability (1 in N), or the seed under live math; the force it was drawn under; the
payout and win; and per event what it adds, around the event being presented."""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Sequence

import pygame

from cabinet.core.review_math import book_facts, event_adds
from cabinet.core.i18n import _, formats

from . import draw as D
from cabinet.core.game_words import mode_label
from .review_words import category_words, force_words

PANEL = pygame.Rect(1260, 164, 640, 772)      # logical, right of the board's middle
ROW = 30
EVENT_ROWS = 13


def shown_round(app: Any) -> tuple[Any, Any] | None:
    """(game scene, PlayedRound) of the round on screen, or the last one it showed."""
    game = app.stack.find("game")
    if game is None:
        return None
    played = game.played or getattr(game, "last_played", None)
    return (game, played) if played is not None else None


def share_text(share: Any) -> str:
    """A part of the weight: '12.5%', '99.99%', or '1 in 7,149,917' when tiny."""
    pct = float(share) * 100
    if pct >= 0.01 or share <= 0:                                   # 6 significant digits, as %.6g
        return formats.percent(pct, max(0, 6 - len(str(int(pct)))), trim=True)
    return _("1 in {count}").format(count=formats.number(round(1 / float(share))))


def x_text(x100: int) -> str:
    return f"{formats.number(Fraction(x100, 100), 2)}x"


def facts(app: Any, game: Any, played: Any) -> list[str]:
    """The overlay's lines above the event list."""
    spec, cab = game.spec, app.cabinet
    cur = cab.currency
    out = [_("ROUND #{number}").format(number=played.round_id) if played.round_id else
           _("BOOK REPLAY (not in the ledger)")]
    try:
        label = mode_label(spec, spec.mode(played.mode).id)
    except KeyError:
        label = played.mode
    out.append(f"{spec.name}  ·  {label} ({played.mode})")
    out.append(
        _("bet {bet}  ·  cost {cost}").format(bet=cur.format(played.bet_cents), cost=cur.format(played.cost_cents))
    )
    outcome = played.outcome or {}
    setup = cab.games.get(spec.id)
    if outcome.get("source") == "books" and setup is not None and setup.library is not None:
        f = book_facts(setup.library, played.mode, int(outcome["book"]))
        out.append(_("book {number} of {count}").format(number=formats.number(f.book), count=formats.number(f.books)))
        stratum = _("natural") if f.stratum == "natural" else category_words(spec, f.stratum)   # a category id
        out.append(_("stratum {stratum} ({share} of the weight)").format(stratum=stratum,
                                                                          share=share_text(f.stratum_share)))
        out.append(_("weight {weight} of {total}").format(weight=formats.number(f.weight),
                                                           total=formats.number(f.total_weight)))
        out.append(_("probability 1 in {count}").format(count=formats.number(round(f.one_in))))
    elif outcome.get("source") == "live":
        out.append(_("live math (math_source: live)"))
        out.append(_("seed {seed}").format(seed=outcome.get("seed")))
    out.append(_("forced: {force}").format(force=force_words(spec, outcome.get("force"), app.config)))
    said = _("payout {payout}  ·  win {win}  ·  capped by a limit") if played.capped else \
        _("payout {payout}  ·  win {win}")
    out.append(said.format(payout=x_text(played.round.payout_x100), win=cur.format(played.win_cents)))
    return out


def event_rows(game: Any, played: Any) -> tuple[list[tuple[int, str, int, int]], int]:
    """(index, type, adds, running total) of the events to list, and the current one
    (-1: the round has been shown)."""
    rnd = played.round
    adds = event_adds(game.spec, rnd) or [0] * len(rnd.events)
    running, total = [], 0
    for a in adds:
        total += a
        running.append(total)
    pres = game.presentation if game.played is played else None
    current = pres.current.event if pres is not None and not pres.done else -1
    picked: Sequence[int]
    if current >= 0:
        first = max(0, min(current - EVENT_ROWS // 2, len(rnd.events) - EVENT_ROWS))
        picked = range(first, min(len(rnd.events), first + EVENT_ROWS))
    else:
        paying = [i for i, a in enumerate(adds) if a]
        picked = (paying + [len(rnd.events) - 1])[-EVENT_ROWS:] if rnd.events else []
        picked = sorted(set(picked))
    return [(i, rnd.events[i]["type"], adds[i], running[i]) for i in picked], current


def draw_math_overlay(app: Any, surface: pygame.Surface) -> None:
    """The panel, over a game (nothing where no game is open: the lobby)."""
    if app.stack.find("game") is None:
        return
    found = shown_round(app)
    lay, A = app.layout, app.assets
    real = lay.rect(PANEL)

    def math_panel() -> pygame.Surface:
        return D.rounded_panel(real.size, (16, 40, 52), (6, 18, 26), radius=lay.px(22), border=D.CYAN,
                               border_width=lay.px(3), alpha=255)

    panel = A.surface(("math_overlay", real.size), math_panel)
    surface.blit(panel, real.topleft)
    D.text_layer(real)
    x, y = PANEL.x + 24, PANEL.y + 26
    A.blit_text(surface, _("THE MATH"), 30, (x, y), D.CYAN, anchor="midleft", bold=True, fit=PANEL.w - 48)
    if found is None:
        A.blit_text(surface, _("No round on screen yet"), 24, (x, y + 50), D.CREAM, anchor="midleft", fit=PANEL.w - 48)
        return
    game, played = found
    y += 44
    for i, line in enumerate(facts(app, game, played)):
        A.blit_text(surface, A.shorten(line, 22, PANEL.w - 48, bold=i == 0), 22, (x, y), D.GOLD if i == 0 else D.CREAM,
                    anchor="midleft", bold=i == 0)
        y += ROW
    rows, current = event_rows(game, played)
    y += 8
    A.blit_text(surface, _("EVENT"), 20, (x, y), D.MUTED, anchor="midleft", bold=True, fit=PANEL.w - 400)
    A.blit_text(surface, _("ADDS"), 20, (PANEL.right - 190, y), D.MUTED, anchor="midright", bold=True, fit=130)
    A.blit_text(surface, _("WIN SO FAR"), 20, (PANEL.right - 24, y), D.MUTED, anchor="midright", bold=True, fit=150)
    y += ROW - 4
    if not game.spec.review.event_adds:
        note = _("this game names no event's share")
        A.blit_text(surface, A.shorten(note, 20, PANEL.w - 48), 20, (x, y), D.MUTED, anchor="midleft")
        y += ROW
    for index, kind, add, running in rows:
        if y > PANEL.bottom - 20:
            break
        color = D.CYAN if index == current else D.CREAM if add else D.MUTED
        A.blit_text(surface, A.shorten(f"{index}  {kind}", 20, PANEL.w - 330, bold=index == current), 20, (x, y), color,
                    anchor="midleft", bold=index == current)
        if add:
            A.blit_text(surface, f"{'+' if add > 0 else ''}{x_text(add)}", 20, (PANEL.right - 190, y), color,
                        anchor="midright")
        A.blit_text(surface, x_text(running), 20, (PANEL.right - 24, y), color, anchor="midright")
        y += ROW - 4

