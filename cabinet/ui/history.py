"""Game history and recall: the settled rounds, newest first, ten to a page: round
id and time, game, what was played (the mode's name), its cost, the win and the
features in words (GameSpec.view.feature_labels), with the selected round's details
below. A round is told whole: the base round and its features, then every gamble step
and spin-chance draw recorded against it (Cabinet.side_draws_of), the final win and the
balance before and after all of it, in the player's words (`RoundStory`, which the
operator's GAME RECALL shows too). Any round is replayed on screen exactly as it played, from its outcome id,
in a RECALL frame with every live control off (hud.py). SHIFT+H from the lobby or a
game (between rounds); UP/DOWN choose, LEFT/RIGHT or PAGE UP/DOWN turn the page,
ENTER or a click recalls, ESC closes. The rounds come from the ledger, so they
survive a restart."""
from __future__ import annotations

import time
from functools import partial
from typing import Any

import pygame

from cabinet.core.i18n import N_, _, translate

from . import draw as D
from .figures import feature_words
from cabinet.core.game_words import mode_label
from .scene import Scene, register
from .widgets import Button

ROW_H, TOP, PER_PAGE, KEPT = 52, 196, 10, 500
COLUMNS = ((60, N_("ROUND"), "topleft"), (165, N_("TIME"), "topleft"), (420, N_("GAME"), "topleft"),
           (700, N_("PLAYED"), "topleft"), (1240, N_("COST"), "topright"), (1450, N_("WIN"), "topright"),
           (1480, N_("FEATURES"), "topleft"))
DETAIL_H = 224                          # the selected round's panel under the list
WIDTHS = {2: 260, 3: 360, 6: 380}       # logical widths of the text columns (shortened to fit)
HEAD_WIDTHS = (95, 245, 260, 360, 170, 200, 380)   # each heading's room before the next (smaller type if need be)
MONTHS = (N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"), N_("Jul"), N_("Aug"), N_("Sep"),
          N_("Oct"), N_("Nov"), N_("Dec"))


def when_text(seconds: float, year: bool = False) -> str:
    """'06 Dec 12:45:50' (or with the year), the month in the player's language."""
    t = time.localtime(seconds)
    day = f"{t.tm_mday:02d} {translate(MONTHS[t.tm_mon - 1])}" + (f" {t.tm_year}" if year else "")
    return f"{day} {t.tm_hour:02d}:{t.tm_min:02d}:{t.tm_sec:02d}"


def draw_words(d: dict[str, Any], cur: Any) -> str:
    """One gamble step or spin-chance draw, as the player saw it."""
    det, won = d.get("detail") or {}, bool(d["won"])
    stake = cur.format(int(d["stake_cents"]))
    odds = _(" (chance {odds})").format(odds=det["chance"]) if det.get("chance") else ""
    option = _(" on {option}").format(option=det["option"]) if det.get("option") else ""
    prize = _("won {amount}").format(amount=cur.format(int(d["prize_cents"]))) if won else _("lost")
    if d["kind"] == "gamble":
        return _("gambled {stake}{option}{odds}: {result}").format(stake=stake, option=option, odds=odds, result=prize)
    if d["kind"] == "gamble_bonus":
        return _("gambled {stake} for the bonus{option}{odds}: {result}").format(
            stake=stake, option=option, odds=odds,
            result=_("won the bonus (played as its own round)") if won else _("lost"))
    if d["kind"] == "spin_chance":
        return _("spin chance: {stake} of credit for a spin{odds}: {result}").format(
            stake=stake, odds=odds, result=_("won a spin (played as its own round)") if won else _("lost"))
    return _("{kind}: staked {stake}: {result}").format(kind=str(d["kind"]).replace("_", " "), stake=stake,
                                                         result=prize)


class RoundStory:
    """A round told whole: its base win, every draw that followed, the final win and the
    balance before and after all of it."""

    def __init__(self, rec: Any, draws: list[dict[str, Any]]):
        self.rec, self.draws = rec, draws
        net = sum((int(d["prize_cents"]) if d["won"] else 0) - int(d["stake_cents"]) for d in draws)
        gambled = [d for d in draws if str(d["kind"]).startswith("gamble")]
        self.final_win = rec.win_cents + sum((int(d["prize_cents"]) if d["won"] else 0) - int(d["stake_cents"])
                                             for d in gambled)
        if draws and draws[-1].get("balance_after") is not None:
            self.balance_after: int | None = int(draws[-1]["balance_after"])
        elif rec.balance_after is not None:
            self.balance_after = rec.balance_after + net
        else:
            self.balance_after = None

    def steps(self, cur: Any) -> list[str]:
        """Each draw after the base round, in words, numbered."""
        return [f"{i}. {draw_words(d, cur)}" for i, d in enumerate(self.draws, 1)]

    def summary(self, cur: Any) -> str:
        after = cur.format(self.balance_after) if self.balance_after is not None else "-"
        base = _("base round won {amount}").format(amount=cur.format(self.rec.win_cents))
        if self.draws:
            base += (_(", then 1 gamble/spin-chance step") if len(self.draws) == 1 else
                     _(", then {count} gamble/spin-chance steps").format(count=len(self.draws)))
        return _("{base}  ·  final win {win}  ·  balance {before} -> {after}").format(
            base=base, win=cur.format(self.final_win), before=cur.format(self.rec.balance_before), after=after)

    def feature_note(self) -> str:
        """What the FEATURES column adds: the gamble's end."""
        gambled = [d for d in self.draws if str(d["kind"]).startswith("gamble")]
        if not gambled:
            return ""
        return _("gambled: won") if gambled[-1]["won"] else _("gambled: lost")


@register("history")
class HistoryScene(Scene):
    """A full-screen, paged list of settled rounds, newest first."""

    def __init__(self, app):
        super().__init__(app)
        self.rounds = app.session.history(KEPT)     # in kiosk mode: this player's session only
        self.selected = 0
        self._stories: dict[int, RoundStory] = {}

        def has_page_up() -> bool:
            return self.page > 0

        def has_page_down() -> bool:
            return self.page < self.pages - 1

        self.widgets = [Button((1790, 22, 100, 70), "X", "close", font_size=34),
                        Button((40, 960, 200, 80), N_("< PAGE"), "page_up", font_size=28,
                               enabled=has_page_up),
                        Button((260, 960, 200, 80), N_("PAGE >"), "page_down", font_size=28,
                               enabled=has_page_down),
                        Button((1560, 960, 320, 80), N_("RECALL"), "select", style="gold", font_size=34,
                               enabled=lambda: bool(self.rounds))]

    @property
    def page(self) -> int:
        return self.selected // PER_PAGE

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.rounds) // PER_PAGE))

    @property
    def first(self) -> int:
        return self.page * PER_PAGE

    def on_action(self, action: str) -> bool:
        n = len(self.rounds)
        if action in ("close", "history"):
            self.app.pop(self)
        elif action in ("up", "down") and n:
            self.selected = max(0, min(n - 1, self.selected + (1 if action == "down" else -1)))
        elif action in ("page_up", "page_down", "left", "right", "prev", "next") and n:
            step = PER_PAGE if action in ("page_down", "right", "next") else -PER_PAGE
            target = max(0, min(self.pages - 1, self.page + step // PER_PAGE))
            self.selected = min(target * PER_PAGE, n - 1)
        elif action in ("select", "spin") and n:
            self.app.recall(self.rounds[self.selected].id)
        else:
            return False
        return True

    def handle_event(self, event, actions) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            x, y = self.app.layout.to_logical(event.pos)
            row = int((y - TOP) // ROW_H) if y >= TOP else -1
            if 40 < x < 1880 and 0 <= row < PER_PAGE and self.first + row < len(self.rounds):
                self.selected = self.first + row
                self.app.recall(self.rounds[self.selected].id)
                return True
        if event.type == pygame.MOUSEWHEEL:
            return self.on_action("up" if event.y > 0 else "down")
        return super().handle_event(event, actions)

    # -- what a row says ----------------------------------------------------------------
    def _spec(self, game: str) -> Any:
        setup = self.app.cabinet.games.get(game)
        return setup.spec if setup is not None else None

    def story(self, rec: Any) -> RoundStory:
        """The round told whole (its side draws read once from the ledger, then kept)."""
        if rec.id not in self._stories:
            self._stories[rec.id] = RoundStory(rec, self.app.cabinet.side_draws_of(rec.id))
        return self._stories[rec.id]

    def cells(self, rec: Any) -> tuple[str, ...]:
        """ROUND, TIME, GAME, PLAYED, COST, WIN, FEATURES of one round, in words."""
        cur = self.app.cabinet.currency
        spec = self._spec(rec.game)
        try:
            mode = mode_label(spec, spec.mode(rec.mode).id) if spec is not None else "-"
        except KeyError:
            mode = _("a mode no longer offered")
        if rec.funded_by is not None:
            mode = _("{mode} (won in the gamble)").format(mode=mode)
        when = when_text(rec.started_at)
        story = self.story(rec)
        features = ", ".join(w for w in (feature_words(spec, rec.features), story.feature_note()) if w)
        return (f"#{rec.id}", when, spec.name if spec is not None else _("a game no longer offered"), mode,
                cur.format(rec.cost_cents), cur.format(story.final_win), features or "-")

    def _fit(self, text: str, size: int, width: float) -> str:
        """The text, shortened with '...' to fit `width` logical px (the detail line
        below the list always shows it whole)."""
        return self.app.assets.shorten(text, size, width)

    # -- pictures (kept by the assets: a long game does not push them out) ---------------
    def _backdrop(self) -> pygame.Surface:
        lay = self.app.layout

        def backdrop() -> pygame.Surface:
            return D.vertical_gradient(lay.size, [(16, 18, 44), (34, 24, 70), (12, 10, 28)])

        return self.app.assets.kept(("history_bg", lay.size), backdrop)

    def _row(self, lit: bool) -> pygame.Surface:
        return self.app.assets.kept(("history_row", lit), partial(_row_panel, self.app.layout, lit))

    def _detail_panel(self) -> pygame.Surface:
        lay = self.app.layout

        def detail_panel() -> pygame.Surface:
            return D.rounded_panel((lay.px(1840), lay.px(DETAIL_H)), (46, 36, 90), (24, 20, 50), radius=lay.px(14),
                                   border=D.GOLD_DARK, border_width=lay.px(2))

        return self.app.assets.kept(("history_detail", lay.size), detail_panel)

    def warm(self) -> None:
        """Build every picture of the page (preparations.py, behind the splash): a fresh
        ledger shows no row, so drawing the page once would not build the rows' panels."""
        self._backdrop(), self._row(False), self._row(True), self._detail_panel()

    # -- frame --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        lay, A = self.app.layout, self.app.assets
        cur = self.app.cabinet.currency
        surface.blit(self._backdrop(), (0, 0))
        A.blit_text(surface, _("GAME HISTORY"), 60, (960, 66), D.GOLD, anchor="center", bold=True, outline=(70, 30, 0))
        A.blit_text(surface, _("{count} settled rounds, newest first   ·   page {page} of {pages}").format(
            count=len(self.rounds), page=self.page + 1, pages=self.pages), 26, (960, 120), D.MUTED, anchor="center")
        for k, (x, name, anchor) in enumerate(COLUMNS):
            head = translate(name)
            A.blit_text(surface, head, A.fit(head, 24, HEAD_WIDTHS[k], True), (x, 160), D.MUTED, anchor=anchor,
                        bold=True)
        if not self.rounds:
            A.blit_text(surface, _("No rounds played yet"), 40, (960, 450), D.CREAM, anchor="center")
        for i, rec in enumerate(self.rounds[self.first:self.first + PER_PAGE]):
            y = TOP + i * ROW_H
            lit = self.first + i == self.selected
            row = self._row(lit)
            surface.blit(row, lay.pt(40, y))
            cells = self.cells(rec)
            for k, ((x, _name, anchor), text) in enumerate(zip(COLUMNS, cells)):
                color = D.GOLD if (k == 5 and self.story(rec).final_win) else D.MUTED if k == 0 else D.CREAM
                width = WIDTHS.get(k)
                shown = self._fit(text, 26, width) if width else text
                A.blit_text(surface, shown, 26, (x, y + (ROW_H - 8) // 2), color,
                            anchor="midleft" if anchor == "topleft" else "midright")
        if self.rounds:
            self._draw_detail(surface, self.rounds[self.selected], cur)
        self.draw_widgets(surface)
        keys = _("UP/DOWN choose   LEFT/RIGHT page   ENTER recall   ESC close")
        A.blit_text(surface, keys, A.fit(keys, 24, 1060), (1000, 1000), D.MUTED, anchor="center")

    def _draw_detail(self, surface: pygame.Surface, rec: Any, cur: Any) -> None:
        """The selected round in full: bet and cost, its features unshortened, every
        gamble step and spin-chance draw after it, the final win and the balances."""
        lay, A = self.app.layout, self.app.assets
        y = TOP + PER_PAGE * ROW_H + 6
        surface.blit(self._detail_panel(), lay.pt(40, y))
        cells, story = self.cells(rec), self.story(rec)
        lines = [(_("Round {id}  ·  {time}  ·  {game}  ·  {mode}  ·  bet {bet}, cost {cost}").format(
                      id=rec.id, time=when_text(rec.started_at, year=True),
                      game=cells[2], mode=cells[3], bet=cur.format(rec.bet_cents), cost=cells[4]), D.CREAM),
                 (_("Features: {features}").format(
                     features=feature_words(self._spec(rec.game), rec.features) or _("none")), D.CREAM)]
        steps = story.steps(cur)
        if steps:
            shown = steps if len(steps) <= 3 else [steps[0], _("... and {count} more steps ...").format(
                count=len(steps) - 2), steps[-1]]
            lines += [((_("Then: ") if i == 0 else "          ") + text, D.CREAM) for i, text in enumerate(shown)]
        else:
            lines.append((_("No gamble or spin chance after this round"), D.MUTED))
        said = story.summary(cur)
        lines.append((said[:1].upper() + said[1:], D.GOLD))
        for i, (text, color) in enumerate(lines):
            A.blit_text(surface, self._fit(text, 24, 1800), 24, (60, y + 22 + i * 36), color, anchor="midleft")


def _row_panel(lay: Any, lit: bool) -> pygame.Surface:
    """One row's panel (the selected row lit, with a gold rim)."""
    return D.rounded_panel((lay.px(1840), lay.px(ROW_H - 8)), (70, 70, 150) if lit else (40, 40, 90),
                           (50, 50, 110) if lit else (28, 28, 64), radius=lay.px(12),
                           border=D.GOLD if lit else None, border_width=lay.px(3))
