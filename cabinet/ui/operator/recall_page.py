"""GAME RECALL: the last 10 games of each game, or every round with paging, each with
its round id, time, mode, bet, cost (a buy's price), win, outcome id and the gamble and spin-chance draws
recorded against it, told as the player's history tells it (history.RoundStory: the
base round, every gamble step and spin-chance draw, the final win, the balance before
and after); DETAILS (or the D key) adds the ids behind it (outcome, draw ids and their
records). REPLAY shows the selected round again exactly as it played
(marked RECALL, no money moves), and closing it comes back here."""
from __future__ import annotations

from typing import Any

import pygame

from cabinet.core.i18n import N_, _

from .. import draw as D
from ..figures import feature_words
from cabinet.core.game_words import mode_label
from ..history import RoundStory, draw_words, when_text
from .events_page import summary
from .page import Page

PER_PAGE = 10
TOP = 214
ROW_H = 44


def outcome_text(outcome: dict[str, Any]) -> str:
    if outcome.get("source") == "books":
        text = f"book {outcome.get('book')}"
    else:
        text = f"seed {outcome.get('seed')}"
    return text + (f" ({outcome['force']})" if outcome.get("force") else "")


class RecallPage(Page):
    title = N_("GAME RECALL")

    def __init__(self, menu):
        super().__init__(menu)
        self.game: str | None = None          # None: every game, paged; else that game's last 10
        self.pages: list[int | None] = [None]  # before_id of each page seen (newest first)
        self.rounds: list[Any] = []
        self.selected = 0
        self.draws: list[dict[str, Any]] = []
        self.show_ids = False                 # DETAILS: the ids behind the round in words
        self._finals: dict[int, int] = {}     # round id -> its final win (the WIN column)

        def all_games_shown() -> bool:
            return self.game is None

        def has_newer() -> bool:
            return len(self.pages) > 1

        def has_older() -> bool:
            return self.game is None and len(self.rounds) == PER_PAGE

        self.button((360, 126, 300, 70), N_("ALL GAMES"), "game_all", font_size=26, lit=all_games_shown)
        for i, gid in enumerate(list(self.cab.games)[:4]):
            name = self.cab.games[gid].spec.name.upper()

            def game_shown(gid: str = gid) -> bool:
                return self.game == gid

            self.button((680 + i * 300, 126, 280, 70), name if len(name) <= 18 else name[:17] + ".",
                        f"game_{gid}", font_size=24, lit=game_shown)
        self.button((360, 960, 280, 80), N_("< NEWER"), "newer", font_size=28, enabled=has_newer)
        self.button((660, 960, 280, 80), N_("OLDER >"), "older", font_size=28,
                    enabled=has_older)

        def details_label() -> str:
            return _("HIDE IDS") if self.show_ids else _("DETAILS")

        self.button((960, 960, 250, 80), details_label, "details",
                    font_size=26, lit=lambda: self.show_ids)
        self.button((1540, 960, 340, 80), N_("REPLAY"), "replay", style="gold", font_size=32,
                    enabled=lambda: bool(self.rounds))

    def refresh(self) -> None:
        closed = ("settled", "voided")
        if self.game is None:
            self.rounds = self.cab.history(PER_PAGE, before_id=self.pages[-1], closed=closed)
        else:
            self.rounds = self.cab.history(PER_PAGE, game=self.game, closed=closed)
        self.selected = min(self.selected, max(0, len(self.rounds) - 1))
        self._finals.clear()
        self._details()

    def _details(self) -> None:
        self.draws = self.cab.side_draws_of(self.rounds[self.selected].id) if self.rounds else []

    def on_action(self, action: str) -> bool:
        if action == "game_all" or (action.startswith("game_") and action[5:] in self.cab.games):
            self.game = None if action == "game_all" else action[5:]
            self.pages, self.selected = [None], 0
        elif action == "older" and self.rounds:
            self.pages.append(self.rounds[-1].id)
            self.selected = 0
        elif action == "newer" and len(self.pages) > 1:
            self.pages.pop()
            self.selected = 0
        elif action in ("up", "down") and self.rounds:
            self.selected = max(0, min(len(self.rounds) - 1, self.selected + (1 if action == "down" else -1)))
            self._details()
            return True
        elif action == "details":
            self.show_ids = not self.show_ids
            return True
        elif action == "replay" and self.rounds:
            self.app.recall(self.rounds[self.selected].id)
            return True
        else:
            return False
        self.refresh()
        return True

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_d and not event.mod & pygame.KMOD_CTRL:
            return self.on_action("details")
        i = self.row_at(event, TOP, len(self.rounds), ROW_H)
        if i is None:
            return False
        self.selected = i
        self._details()
        return True

    def row(self, rec: Any) -> list[str]:
        setup = self.cab.games.get(rec.game)
        try:
            mode = mode_label(setup.spec, setup.spec.mode(rec.mode).id) if setup is not None else rec.mode
        except KeyError:
            mode = rec.mode
        return [f"#{rec.id}", when_text(rec.started_at),
                setup.spec.name if setup is not None else rec.game, mode[:22], self.money(rec.bet_cents),
                self.money(rec.cost_cents), _("refunded") if rec.state == "voided" else self.money(self.final_win(rec)),
                outcome_text(rec.outcome)]

    def final_win(self, rec: Any) -> int:
        """The round's final win (after its gamble), as the player's history shows it; the
        base win is in the detail below. Read from the ledger once per round shown."""
        if rec.id not in self._finals:
            self._finals[rec.id] = RoundStory(rec, self.cab.side_draws_of(rec.id)).final_win
        return self._finals[rec.id]

    def draw(self, surface) -> None:
        if not self.rounds:
            self.text(surface, _("No rounds recorded") if self.game is None else _("No rounds recorded for this game"),
                      (360, 260), 30, D.MUTED)
        what = (_("every game, newest first  ·  page {page}").format(page=len(self.pages)) if self.game is None
                else _("the last 10 games of this game"))
        self.text(surface, what, (1375, 1000), self.app.assets.fit(what, 20, 320), D.MUTED, anchor="center")
        cols = ((_("ROUND"), 0, "left"), (_("TIME"), 100, "left"), (_("GAME"), 330, "left"), (_("PLAYED"), 590, "left"),
                (_("BET"), 930, "right"), (_("COST"), 1060, "right"), (_("WIN"), 1190, "right"),
                (_("OUTCOME"), 1220, "left"))
        self.table(surface, 360, TOP, cols, [self.row(r) for r in self.rounds], size=23, lit=self.selected,
                   row_h=ROW_H, width=1540)
        if not self.rounds:
            return
        rec = self.rounds[self.selected]
        story = RoundStory(rec, self.draws)
        cur = self.cab.currency
        y = TOP + 34 + PER_PAGE * ROW_H + 12
        setup = self.cab.games.get(rec.game)
        features = feature_words(setup.spec if setup is not None else None, rec.features) or _("none")
        state = {"voided": _("voided, refunded"), "settled": _("settled"), "open": _("open")}.get(rec.state, rec.state)
        head = _("ROUND #{id}: {state}, features: {features}").format(id=rec.id, state=state, features=features)
        if self.show_ids:
            head += f"   [outcome {outcome_text(rec.outcome)}; features {', '.join(rec.features) or 'none'}]"
        lines = [(head, D.CREAM)]
        if not self.draws:
            lines.append((_("No gamble or spin-chance draws on this round"), D.MUTED))
        shown: list[tuple[int, dict[str, Any] | None]] = list(enumerate(self.draws))
        if len(shown) > 3:
            shown = [shown[0], (-1, None), shown[-1]]
        for i, d in shown:
            if d is None:
                lines.append(("   " + _("... and {count} more steps ...").format(count=len(self.draws) - 2), D.MUTED))
                continue
            text = f"{i + 1}. {draw_words(d, cur)}"
            if self.show_ids:
                text += f"   [{d['kind']} #{d['id']}: {summary(d['detail'], self.cab)}]"
            lines.append((text, D.GOLD if d["won"] else D.CREAM))
        said = story.summary(cur)
        lines.append((said[:1].upper() + said[1:], D.GOLD))
        for text, color in lines:
            self.text(surface, self.app.assets.shorten(text, 23, 1530), (360, y), 23, color)
            y += 34
