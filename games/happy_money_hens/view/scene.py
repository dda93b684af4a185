"""Happy Money Hens on screen: 5x3 reels with 20 lines, three feature pots, the fortune
bet selector, the 5x7 mini-reel bonus (features.py; its steps and the pots':
scene_bonus.py), then the gamble wheels (gamble_scene.py) and spin chance
(spin_chance_scene.py).

Every step SETS state from the round's events (rules.py / events.py): the board,
the line shown, the pot levels (precomputed with pots.advance_levels), the running
win, the bonus snapshot. Pot levels persist across rounds as the game's state
(saved with the settlement, read back from the ledger at start).
"""
from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from cabinet.core.i18n import N_, _
from cabinet.core.money import win_cents
from cabinet.ui.figures import times
from cabinet.ui.game_scene import GameScene
from cabinet.ui.presentation import Step, instant, wait
from cabinet.ui.reels import ReelSet
from cabinet.ui.start_board import StartReels
from cabinet.ui.symbol_anim import SymbolAnimator
from cabinet.ui.timeline import building
from cabinet.ui.widgets import Button

from . import art
from ..math.paytable import evaluate
from ..math.tables import load
from ..math.rules import BUY_MODES
from .board import draw_banner, draw_base, draw_prices
from .bonus_state import bonus_snapshots
from .layout import FORTUNE, FORTUNE_X, GAMBLE_RECT, IDLE, REELS
from .features import BonusView
from .offers import Offers
from .scene_bonus import PotsAndBonus
from .shots import SHOTS
from .sounds import add_cues



# How each symbol moves while it wins (cabinet/ui/symbol_anim.py); the letters pulse.
WIN_STYLES = {"ROOSTER": "flap", "HEN": "flap", "CHICK": "flap", "EGG": "wobble", "WILD": "grin",
              "BLUE": "spin", "RED": "spin", "GOLD": "spin"}


class HensScene(PotsAndBonus, GameScene):
    """Happy Money Hens: base reels, feature pots, fortune bet, bonus, gamble, spin chance."""

    SHOTS = SHOTS
    # The base theme fades as the pots trigger; the bonus plays the feature theme.
    music_events = {
        "pot_trigger": "quiet",
        **dict.fromkeys(
            (
                "bonus_start",
                "bonus_spin",
                "lives",
                "letters",
                "pot_award",
                "coin_convert",
                "row_count",
                "row_activate",
                "boost",
                "bonus_end",
            ),
            "feature",
        ),
    }
    idle_layers = IDLE

    # == set-up =======================================================================
    def build(self) -> None:
        self.math = load()
        raw = self.math.raw
        self.pot_values = {p: int(v["value"]) for p, v in raw["bonus"]["pots"].items()}
        self.lines = [list(map(int, line)) for line in raw["lines"]]
        rest = self.start_board()
        self.reels = ReelSet(self.app, REELS, 5, 3, self.faces, self.reel_strips("base"), gap=14, name="hmh_reels",
                             board=rest.board, stops=rest.stops)
        self.reels.warm()
        self.winners = SymbolAnimator(self.app, "hmh", self.faces, WIN_STYLES)
        self.winners.warm(self.reels.face_size(), self.math.symbols)
        saved = self.app.cabinet.game_state(self.spec.id) or {}
        self.pot_levels: dict[str, int] = {c: int(saved.get("pots", {}).get(c, 1)) for c in art.POT_COLOURS}
        self._end_levels = dict(self.pot_levels)
        self._start_levels = dict(self.pot_levels)
        self._levels_before_recall: dict[str, int] | None = None
        self.view = "base"
        self.bonus = BonusView(self)
        self.offers = Offers(self)
        self._reset_round_state()
        add_cues(self.app.audio)
        if not any(isinstance(w, Button) and w.action == "gamble" for w in self.widgets):
            def can_gamble() -> bool:
                return self.offers.offered is not None and not self.busy

            self.add_button(GAMBLE_RECT, "GAMBLE", "gamble", style="gold", font_size=34, label_offset=-14,
                            enabled=can_gamble)
        for i, (mode, label) in enumerate(FORTUNE):
            if any(m.id == mode for m in self.spin_modes) and not any(
                isinstance(w, Button) and w.action == f"fortune:{mode}" for w in self.widgets
            ):
                def can_choose(mode: str = mode) -> bool:
                    return not self.busy and self.offered(mode)

                shown = label if mode == "base" else partial(self._fortune_times, mode)    # '1,2x' in de-DE
                self.add_button((FORTUNE_X + 14, 330 + i * 128, 330, 112), shown,
                                f"fortune:{mode}", lit=partial(self.mode_chosen, mode),
                                enabled=can_choose,
                                font_size=34, label_offset=-18)

    def _fortune_times(self, mode: str) -> str:
        """A fortune bet's button: its price as a multiple of the bet, in the locale's digits."""
        return times(self.spec.mode(mode).cost_x100 / 100)

    def _reset_round_state(self) -> None:
        self.win_line: dict[str, Any] | None = None     # the line win drawn now
        self.all_lines: list[dict[str, Any]] = []       # the round's line wins (cycled when idle)
        self.hot_cells: set[tuple[int, int]] = set()    # feature symbols lighting up (row, reel)
        self.bursting: list[str] = []                   # pots bursting now
        self.burst_p = 0.0
        self.banner: str | None = None
        self.sub_banner: str | None = None
        self.line_win_cents = 0
        self.lines_bet = 0                              # the bet the shown line wins were paid at
        self.flying: tuple[str, tuple[int, int], float] | None = None   # (pot, from, progress)

    def prepare_slices(self, scratch: pygame.Surface):
        """The gamble drawn once off screen (Offers.warm), behind the splash, not in the
        frame that opens the game."""
        yield N_("its gamble")
        self.offers.warm(scratch)

    def start_reels(self) -> StartReels:
        """The start board: a window of the base strips with no line win and no feature
        symbol (a coin at rest would look like one that filled no pot)."""
        return StartReels(self.reel_strips("base"), 3, evaluate,
                          dict.fromkeys(self.math.raw["feature_symbols"], 0))

    def reel_strips(self, mode: str) -> list[list[str]]:
        """The strips the reels spin on in `mode`: a bought round's are the base strips
        without feature symbols (rules.py: the round then delivers them on the board)."""
        strips = self.math.buy_strips if mode in BUY_MODES else self.math.strips
        return [[self.math.symbols[int(i)] for i in strip] for strip in strips]

    def faces(self, size: int) -> dict[str, pygame.Surface]:
        """Every reel symbol at `size` px, pre-rendered once through the asset cache."""
        return {s: self.app.assets.surface(("hmh_face", s, size), partial(art.symbol_face, s, size))
                for s in self.math.symbols}

    def pay_icon(self, symbol: str, size: int) -> pygame.Surface | None:
        """A symbol's face for the pays page (the info screen's optional hook)."""
        return self.faces(size).get(symbol)

    @classmethod
    def tile_art(cls, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        surf = art.backdrop(size)
        for name, x, scale in (("ROOSTER", 0.24, 0.42), ("CHICK", 0.76, 0.42), ("HEN", 0.5, 0.56)):
            face = art.symbol_face(name, int(h * scale))
            surf.blit(face, face.get_rect(center=(int(w * x), int(h * 0.55))))
        for i, (x, y) in enumerate(((0.1, 0.2), (0.9, 0.22), (0.36, 0.12), (0.66, 0.14), (0.5, 0.9))):
            c = art.coin(int(h * 0.13))
            surf.blit(c, c.get_rect(center=(int(w * x), int(h * y))))
        return surf

    # == modes, state ===================================================================
    def on_action(self, action: str) -> bool:
        if action == "gamble":                       # the gamble offered on a win, opened by choice
            self.offers.open_offer()
            return True
        if action.startswith("fortune:"):
            self.select_mode(action.split(":", 1)[1])
            self.app.audio.play("click")
            self.offers.price_stepped()              # the sheet: not offered for a step of the price
            return True
        return super().on_action(action)

    def play(self, mode_id: str | None = None, force: str | None = None, wait: bool = True) -> bool:
        """SPIN (or autoplay) with a gamble offered: the win is collected, play goes on."""
        if not self.busy and not self.recall_mode:
            self.offers.collect_offer()
        return super().play(mode_id, force, wait)

    def bet_changed(self) -> None:
        """A new bet. Spin chance is NOT offered for it: the sheet offers it when the
        credit is reduced below the price of play (a round, a gamble), not when the
        player steps the bet above the credit (every step would ask again)."""
        super().bet_changed()
        self.offers.price_stepped()

    @property
    def shown_balance(self) -> int:
        """The balance without the win the gamble may still take (it stays in the WIN
        meter until collected); a celebration's count-up holds part of it already."""
        held = self.offers.held_cents() if hasattr(self, "offers") else 0
        return super().shown_balance - max(0, held - self.hud.held_cents)

    def clear_line_wins(self) -> None:
        """The line wins stop showing (their win is gambled: WIN no longer reads it)."""
        self.win_line, self.all_lines, self.line_win_cents = None, [], 0

    def game_state(self) -> dict[str, Any] | None:
        """The feature pot levels after the round (saved with the settlement)."""
        return {"pots": dict(self._end_levels)}

    def is_bonus(self, played) -> bool:
        return "bonus" in played.round.features

    # == the round's timeline ===================================================
    def round_started(self, played) -> None:
        self._reset_round_state()
        self.view = "base"
        self.bonus.snap = None
        self._start_levels = dict(self.pot_levels)
        self._levels_before_recall = dict(self.pot_levels) if self.recall_mode else None
        self.offers.prepare_gamble(played)          # its wheels built while the round plays

    def timeline_start(self, tl) -> list[Step]:
        events = tl.played.round.events
        wins = [e for e in events if e["type"] == "line_win"]
        tl.state.update(levels=dict(self._start_levels), wins=wins, bonus=bonus_snapshots(events), bonus_done=False,
                        line_total=sum(tl.cents(w["pay_x100"]) for w in wins))
        stops = sorted((e for e in events if e["type"] == "reel_stop"), key=lambda e: e["reel"])
        if stops:                                               # a gamble's bonus has no base board
            tl.state["reel_steps"] = self.reels.spin_steps(
                [list(e["symbols"]) for e in stops], [e["stop"] for e in stops],
                strips=self.reel_strips(tl.played.mode), on_start=self._spin_start)
        return []

    def timeline_end(self, tl) -> list[Step]:
        self._end_levels = tl.state["levels"]
        return [wait(0.25)]

    def present_reel_stop(self, e) -> list[Step]:
        return building(self.timeline).state["reel_steps"][int(e["reel"])]

    def present_line_win(self, e) -> list[Step]:
        tl = building(self.timeline)
        running, wins = tl.add("line_cents", tl.cents(e["pay_x100"])), tl.state["wins"]
        return [
            Step(
                0.8,
                start=lambda: self._show_line(e, running, wins, tl.bet_cents),
                label=f"line {e['line'] + 1} pays",
                sound="coin",
            )
        ]

    def present_round_end(self, e) -> list[Step]:
        """The round's win; first the money limit's banner if the cabinet held the win
        to it (PlayedRound.capped: the sheet's $250,000 excluding jackpots, or an
        operator's lower limit; the rules themselves cap no round)."""
        played = self.played
        assert played is not None                   # a round on screen is being presented
        capped = [Step(1.8, start=self._win_cap, label="win cap", sound="win")] if played.capped else []
        return capped + [instant(self._show_round_win, label="round end")]

    def _show_round_win(self) -> None:
        assert self.played is not None
        self._set_win(self.played.win_cents)

    # -- step hooks (each SETS state) -------------------------------------------------
    def _spin_start(self) -> None:
        self._reset_round_state()
        self.view = "base"
        self.shown_win = 0

    def _set_win(self, cents: int) -> None:
        self.shown_win = cents

    def _show_line(self, e: dict[str, Any], running: int, wins: list[dict[str, Any]], bet: int) -> None:
        self.win_line = e
        self.all_lines = wins
        self.lines_bet = bet
        self.line_win_cents = sum(win_cents(bet, w["pay_x100"]) for w in wins)
        self.shown_win = running

    def _win_cap(self) -> None:
        """The win was held to the money limit: the round pays the limit (plus any jackpot)."""
        self.bonus.anim = ("capped", 1.0)
        assert self.played is not None
        self.shown_win = self.played.win_cents
        self._banner(_("WIN LIMIT REACHED"), _("THE ROUND PAYS {amount}").format(
            amount=self.app.cabinet.currency.format(self.played.win_cents)))

    def _banner(self, text: str, sub: str | None = None) -> None:
        self.banner, self.sub_banner = text, sub

    def round_finished(self, played) -> None:
        if self._levels_before_recall is not None:      # a recalled round leaves the pots as they were
            self.pot_levels = self._end_levels = self._levels_before_recall
            self._levels_before_recall = None
        else:
            self.pot_levels = dict(self._end_levels)
        self.view = "base"
        self.hot_cells, self.flying = set(), None
        self.offers.after_round(played)

    def enter(self) -> None:
        super().enter()
        if not self.busy and not self.offers.recover_entries():
            self.offers.check_spin_chance()

    def resume(self) -> None:
        if not self.busy and self.offers.pending is None:     # a settled round's offers come first
            self.offers.check_spin_chance()

    # == frame =========================================================================
    def animate(self, dt: float) -> None:
        self.reels.update(dt)
        self.offers.poll()

    def draw_background(self, surface: pygame.Surface) -> None:
        lay = self.app.layout
        surface.blit(self.app.assets.surface(("hmh_bg", lay.size), lambda: art.backdrop(lay.size)), (0, 0))

    def draw_widgets(self, surface: pygame.Surface) -> None:
        """The shared controls; the fortune selector only on the base game's screen."""
        in_bonus = self.view != "base"
        for widget in self.widgets:
            action = getattr(widget, "action", "")
            if action == "gamble" and isinstance(widget, Button):
                if widget.enabled():                 # only while a win offers the gamble
                    widget.draw(surface, self.app)
                    key = self.app.input.describe("gamble")
                    self.app.assets.blit_text(surface, key, 22, (GAMBLE_RECT[0] + GAMBLE_RECT[2] // 2,
                                              GAMBLE_RECT[1] + GAMBLE_RECT[3] - 24), (60, 30, 0),
                                              anchor="center", bold=True)
            elif not (in_bonus and action.startswith("fortune:")):
                widget.draw(surface, self.app)
        if not in_bonus:
            draw_prices(self, surface)

    def draw_board(self, surface: pygame.Surface) -> None:
        if self.view in ("bonus", "bonus_over") and self.bonus.snap is not None:
            self.bonus.draw(surface)
        else:
            draw_base(self, surface)
        draw_banner(self, surface)
