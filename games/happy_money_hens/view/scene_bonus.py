"""The feature pots and the bonus as steps: the part of Happy Money Hens' scene that
presents a feature symbol flying into its pot, the pots triggering, and the whole
bonus from its first event (HensScene mixes this in; the bonus board itself is
features.py's BonusView).

Like the rest of the scene, every step SETS state from its event.
"""
from __future__ import annotations

from functools import partial
from typing import Any, Protocol


from cabinet.core.i18n import _
from cabinet.core.money import win_cents
from cabinet.ui import draw as D
from cabinet.ui.figures import times
from cabinet.ui.moments import Moment, Moments
from cabinet.ui.presentation import Step, instant
from cabinet.ui.reels import ReelSet
from cabinet.ui.timeline import Timeline, building

from . import art
from ..math.pots import advance_levels
from .bonus_side import FEATURE_LABEL
from .features import BonusView


class BonusHost(Protocol):
    """What the pot and bonus steps read and set of the scene that presents them
    (HensScene: its `build` and `_reset_round_state` say what each is)."""

    timeline: Timeline | None
    moments: Moments
    reels: ReelSet
    bonus: BonusView
    view: str
    pot_levels: dict[str, int]
    win_line: dict[str, Any] | None
    hot_cells: set[tuple[int, int]]
    flying: tuple[str, tuple[int, int], float] | None
    bursting: list[str]
    burst_p: float
    banner: str | None
    sub_banner: str | None

    def _set_win(self, cents: int) -> None: ...
    def _banner(self, text: str, sub: str | None = None) -> None: ...
    def _feature_lands(self, e: dict[str, Any], levels: dict[str, int]) -> None: ...
    def _fly_tick(self, p: float) -> None: ...
    def _fly_end(self) -> None: ...
    def _set_levels(self, levels: dict[str, int]) -> None: ...
    def _pots_trigger(self, e: dict[str, Any]) -> None: ...
    def _burst_tick(self, p: float) -> None: ...
    def _pots_done(self) -> None: ...
    def _enter_bonus(self) -> None: ...
    def _leave_bonus(self) -> None: ...
    def _bonus_transition(self, events: list[dict[str, Any]]) -> tuple[Step, Step]: ...
    def _bonus_moments(self, bet: int): ...


class PotsAndBonus:
    """Happy Money Hens' pot and bonus steps, on a BonusHost (HensScene mixes this in)."""

    # the state its steps set, as HensScene._reset_round_state types it
    win_line: dict[str, Any] | None
    flying: tuple[str, tuple[int, int], float] | None
    bursting: list[str]
    banner: str | None
    sub_banner: str | None

    def present_feature_symbol(self: BonusHost, e) -> list[Step]:
        state = building(self.timeline).state
        levels = state["levels"] = advance_levels(state["levels"], [e])
        return [Step(0.6, start=partial(self._feature_lands, e, dict(levels)), tick=self._fly_tick,
                     end=self._fly_end, label=f"{e['pot'].lower()} feature symbol", sound="hmh_pot_add")]

    def present_pot_trigger(self: BonusHost, e) -> list[Step]:
        return [Step(2.0, start=lambda: self._pots_trigger(e), tick=self._burst_tick, end=self._pots_done,
                     label="pots trigger", sound="bonus")]

    def present_pot_levels_reset(self: BonusHost, e) -> list[Step]:
        state = building(self.timeline).state
        levels = state["levels"] = advance_levels(state["levels"], [e])
        return [instant(partial(self._set_levels, dict(levels)), label="pot levels reset")]

    def present_bonus(self: BonusHost, e) -> list[Step]:
        """The whole bonus, at its first event (its steps replay the bonus snapshots)."""
        tl = building(self.timeline)
        if tl.state["bonus_done"]:
            return []
        tl.state["bonus_done"] = True
        cover, uncover = self._bonus_transition(tl.played.round.events)
        first = tl.state["bonus"][:1]            # the curtains open on the bonus's first board

        def enter() -> None:
            self._enter_bonus()
            for e, snap in first:
                self.bonus.snap, self.bonus.anim = snap, (e["type"], 0.0)
        return ([cover, Step(0.1, start=enter, label="bonus begins"), uncover]
                + self.bonus.steps(tl.state["bonus"], tl.bet_cents, self._set_win, tl.state["line_total"],
                                   self._bonus_moments(tl.bet_cents))
                + [instant(self._leave_bonus, label="bonus ends")])

    def _bonus_transition(self: BonusHost, events: list[dict[str, Any]]) -> tuple[Step, Step]:
        """Into the bonus: the feature symbols that triggered it celebrate (every feature
        symbol on a bought board), then the curtains close on the bonus's features."""
        symbols = [e for e in events if e["type"] == "feature_symbol"]
        cells = [self.reels.cell_rect(int(e["reel"]), int(e["row"])) for e in
                 ([e for e in symbols if e["triggered"]] or symbols)]
        start = next((e for e in events if e["type"] == "bonus_start"), None)
        feats = [FEATURE_LABEL.get(f, f.upper()) for f in (start["combination"] if start else [])]
        return self.moments.transition(_("MONEY BONUS"), " + ".join(feats), cells)

    def _bonus_moments(self: BonusHost, bet: int):
        """A bonus event's big moments: each pot won (its value from the pot_award
        event) and the board full of 35 coins, at the spin that fills it."""
        full = {"shown": False}

        def moments(e: dict[str, Any], snap) -> list[Step]:
            if e["type"] == "pot_award":
                pot = e["pot"]
                return [self.moments.step(Moment("pot", _("{pot} POT WON!").format(pot=pot),
                                                 _("{letters} complete: {times} the bet").format(
                                                     letters="-".join(pot), times=times(e["value_x100"] / 100)),
                                                 win_cents(bet, e["value_x100"]), art.JACKPOT_COLOURS.get(pot, D.GOLD)),
                                          label=f"moment pot {pot.lower()}")]
            if e["type"] in ("bonus_start", "bonus_spin") and not full["shown"] and \
                    len(snap.cells) >= snap.rows * snap.reels:
                full["shown"] = True
                return [self.moments.step(Moment("full_board", _("FULL BOARD!"),
                                                 _("all {count} mini reels hold a coin").format(
                                                     count=snap.rows * snap.reels),
                                                 color=(255, 170, 60)), label="moment full board")]
            return []
        return moments

    present_bonus_start = present_bonus_spin = present_lives = present_letters = present_pot_award = present_bonus
    present_coin_convert = present_row_count = present_row_activate = present_boost = present_bonus_end = present_bonus

    def _feature_lands(self: BonusHost, e: dict[str, Any], levels: dict[str, int]) -> None:
        """The symbol lights up and flies into its pot; the pot shows its new level."""
        self.win_line = None
        self.hot_cells = {(int(e["row"]), int(e["reel"]))}
        self.flying = (e["pot"], self.reels.cell_rect(int(e["reel"]), int(e["row"])).center, 0.0)
        self.pot_levels = levels
        self.bursting = []

    def _fly_tick(self: BonusHost, p: float) -> None:
        if self.flying is not None:
            self.flying = (self.flying[0], self.flying[1], p)

    def _fly_end(self: BonusHost) -> None:
        self.flying = None

    def _set_levels(self: BonusHost, levels: dict[str, int]) -> None:
        self.pot_levels = levels

    def _pots_trigger(self: BonusHost, e: dict[str, Any]) -> None:
        self.bursting = list(e["pots"])
        self.burst_p = 0.0
        names = " + ".join(art.POT_FEATURE[c] for c in ("BLUE", "RED", "GOLD") if _feat(c) in e["combination"])
        added = e.get("added_by_fortune") or []
        count = len(e["combination"])
        sub = (_("FORTUNE BET ADDS {features}").format(features=" + ".join(f.replace("_", " ").upper() for f in added))
               if added else _("BONUS WITH ALL THREE FEATURES") if count == 3 else
               _("BONUS WITH 1 FEATURE") if count == 1 else _("BONUS WITH {count} FEATURES").format(count=count))
        self._banner(names, sub)

    def _burst_tick(self: BonusHost, p: float) -> None:
        self.burst_p = p

    def _pots_done(self: BonusHost) -> None:
        self.bursting = []
        self.banner = self.sub_banner = None

    def _enter_bonus(self: BonusHost) -> None:
        self.view = "bonus"
        self.banner = self.sub_banner = None
        self.win_line, self.hot_cells = None, set()

    def _leave_bonus(self: BonusHost) -> None:
        self.view = "bonus_over"


def _feat(colour: str) -> str:
    return {"BLUE": "double_coins", "RED": "pot_fill", "GOLD": "happy_boost"}[colour]
