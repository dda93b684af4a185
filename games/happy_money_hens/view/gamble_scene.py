"""The gamble: a cash wheel (x1.5, x2, x3) and a bonus wheel (- and + walk the bonus
entries, resizing its green segment), COLLECT, the win limit and the top-combination cap.

Press (click) a wheel to gamble the win on it: the draw is made and recorded
(offers.py) before the pointer spins round the still wheel ("spin the pointer"), then it
lands on green or red. Green segments are drawn at the option's exact chance, never
below `min_green` (the mechanics' `green_share`), so the picture can look kinder than
the odds there (said under the wheel). Every label sits inside its segment, upright.

Every control has a key (KEY_ROWS, listed on the rules pages; the keys are the
cabinet's map, config.yaml `keys:`): LEFT / RIGHT choose a wheel (none is chosen when
the gamble opens, so a SPACE still held from skipping the round never gambles), SPACE
spins the chosen wheel (and skips its turn), SHIFT+1/2/3 choose x1.5/x2/x3 (the cash
wheel), UP / DOWN the bonus entry (- and +, the bonus wheel), ENTER collects. ESC /
BACKSPACE never decide silently: the first press asks "COLLECT <win>?", a second ESC
collects, any other key goes back to the gamble.

The choices on screen are refitted whenever the stake changes (a cash win raises it
and the list of bonus entries worth at least the stake shrinks): `bonus_option` never
indexes past the list, and the options drawn while a wheel turns are the ones it was
pressed with. The record of the last gamble results comes from the ledger.
"""
from __future__ import annotations

from functools import partial

import pygame

from cabinet.core.i18n import N_, _, translate
from cabinet.mechanics.gamble import Gamble, GambleOption
from cabinet.ui.presentation import Presentation, Step
from cabinet.ui.scene import Scene
from cabinet.ui.wheel_parts import WheelArt
from cabinet.ui.wheel_view import WheelSlice, WheelView
from cabinet.ui.widgets import Button

from ..math import gamble as hens_gamble
from .gamble_draw import draw_gamble, shown_multiplier as _shown
from .layout import BONUS_C, CASH_C, GREEN, GREY, RADIUS, RED, entry_name

WHEEL_ART = WheelArt("happy_money_hens")     # the rim (20 sockets) and pointer files

# (what the key does, its actions in the cabinet's key map, the same done by the bet and
# buy-page keys a player already knows): the rules pages list these (`key_rows`)
KEY_ROWS = (
    (N_("Choose a wheel"), ("left", "right"), ("prev", "next")),
    (N_("Spin the chosen wheel / skip"), ("spin",), ()),
    (N_("Cash wheel x1.5 / x2 / x3"), ("buy_1", "buy_2", "buy_3"), ()),
    (N_("Bonus entry - / +"), ("down", "up"), ("bet_down", "bet_up")),
    (N_("Collect the win"), ("select", "confirm"), ()),
    (N_("Ask to collect (again: collect)"), ("close",), ()),
)


def key_rows(keys) -> tuple[tuple[str, str], ...]:
    """(what it does, its keys as the player reads them) of every gamble control, from
    the cabinet's key map `keys` (an InputMap, as config.yaml rebinds it), in the
    player's language."""
    def said(actions) -> str:
        return keys.describe_group(actions)
    return tuple((translate(label), _("{keys} (or {other})").format(keys=said(main), other=said(also)) if said(also)
                  else said(main)) for label, main, also in KEY_ROWS)


# key actions -> the gamble's own actions
KEY_ACTIONS = {"left": "choose:cash", "prev": "choose:cash", "right": "choose:bonus", "next": "choose:bonus",
               "buy_1": "mult:0", "buy_2": "mult:1", "buy_3": "mult:2", "up": "plus", "bet_up": "plus",
               "down": "minus", "bet_down": "minus", "select": "collect", "confirm": "collect"}



class GambleScene(Scene):
    """The two gamble wheels over the game's backdrop."""

    LIMIT_SECONDS = 3.5   # the win-limit banner stays this long before the game returns
    opaque = True
    light = True        # a short modal over the game, not a scene load: no GC settle in its first frame
    cash_view: WheelView                 # the two wheels (_build_views)
    bonus_view: WheelView

    def __init__(self, app, offers, gamble: Gamble, round_id: int | None):
        super().__init__(app)
        self.offers, self.game, self.gamble, self.round_id = offers, offers.scene, gamble, round_id
        self.min_green = hens_gamble.gamble_config()["min_green"]
        self.multiplier = 1                    # index into the cash options (x2 by default)
        self.entry = 0                         # index into the bonus options
        self.chosen: str | None = None         # the wheel SPACE spins: 'cash', 'bonus' (none at first)
        self.asking = False                    # ESC asked "COLLECT?": ESC again collects, other keys go on
        self.presentation: Presentation | None = None
        self.outcome: str | None = None        # 'won', 'lost', 'bonus', 'limit' after a spin
        self.time = 0.0
        self._close_in: float | None = None
        self._bonus_entry: tuple[str, int] | None = None
        self.at_risk = gamble.stake_cents      # the win shown at risk (kept while the wheel turns)
        self.pressed: tuple[GambleOption | None, GambleOption | None] | None = None   # shown while turning
        self.results = offers.recent_results()  # the last gamble results, newest first

        def can_lower_entry() -> bool:
            return self.idle() and self.entry > 0

        def can_raise_entry() -> bool:
            return self.idle() and self.entry < len(self.gamble.bonus_options()) - 1

        self.widgets = [
            Button((820, 950, 280, 100), N_("COLLECT"), "collect", style="gold", font_size=44, enabled=self.idle),
            Button((BONUS_C[0] - 250, 835, 90, 80), "-", "minus", font_size=56,
                   enabled=can_lower_entry),
            Button((BONUS_C[0] + 160, 835, 90, 80), "+", "plus", font_size=56,
                   enabled=can_raise_entry),
        ]
        for i in range(len(gamble.multipliers)):
            self.widgets.append(
                Button(
                    (CASH_C[0] - 255 + i * 175, 835, 160, 80),
                    partial(_shown, gamble.multipliers[i]),
                    f"mult:{i}",
                    font_size=40,
                    lit=partial(self._chosen_multiplier, i),
                    enabled=partial(self._multiplier_enabled, i),
                )
            )
        self._fit_choices()
        self._build_views()
        if gamble.status == "collected":        # nothing fits under the win limit
            self.outcome, self._close_in = "limit", self.LIMIT_SECONDS

    # -- state ------------------------------------------------------------------------
    def idle(self) -> bool:
        return self.presentation is None and self.gamble.status == "open" and self._close_in is None

    def _chosen_multiplier(self, i: int) -> bool:
        return self.multiplier == i

    def _multiplier_enabled(self, i: int) -> bool:
        return self.idle() and self._cash_ok(i)

    def _cash_ok(self, i: int) -> bool:
        labels = {o.label for o in self.gamble.cash_options()}
        return f"x{_fmt(self.gamble.multipliers[i])}" in labels

    def _fit_choices(self) -> None:
        ok = [i for i in range(len(self.gamble.multipliers)) if self._cash_ok(i)]
        if ok and self.multiplier not in ok:

            def distance_from_chosen(i: int) -> int:
                return abs(i - self.multiplier)

            self.multiplier = min(ok, key=distance_from_chosen)
        self.entry = max(0, min(self.entry, len(self.gamble.bonus_options()) - 1))

    def cash_option(self) -> GambleOption | None:
        if self.pressed is not None:
            return self.pressed[0]
        if self.gamble.status != "open":
            return None
        label = f"x{_fmt(self.gamble.multipliers[self.multiplier])}"
        return next((o for o in self.gamble.cash_options() if o.label == label), None)

    def bonus_option(self) -> GambleOption | None:
        """The bonus entry chosen with - and +; the choice is refitted to the entries the
        stake allows now (the list shrinks when a cash win raises the stake)."""
        if self.pressed is not None:
            return self.pressed[1]
        if self.gamble.status != "open":
            return None
        opts = self.gamble.bonus_options()
        if not opts:
            return None
        self.entry = max(0, min(self.entry, len(opts) - 1))
        return opts[self.entry]

    def _wheel(self, key: str, center, option: GambleOption | None, label: str, short: str = "") -> WheelView:
        if option is None:
            return WheelView(self.app, key, center, RADIUS, [WheelSlice(label, GREY)], WHEEL_ART, lights=20,
                             font_size=40, spin_pointer=True)
        share = option.green_share(self.min_green)
        green = float(share)
        lose = _("LOSE")                     # in the disc's key: a disc is drawn once per language
        return WheelView(self.app, f"{key}_{round(green * 10000)}_{label}_{lose}", center, RADIUS,
                         [WheelSlice(label, GREEN, size=green, short=short), WheelSlice(lose, RED, size=1 - green)],
                         WHEEL_ART, lights=20, font_size=40, spin_pointer=True)

    def _build_views(self) -> None:
        cur = self.app.cabinet.currency
        cash = self.cash_option()
        # The grey wheels' words are in their keys: a disc is drawn once per language.
        limit = _("LIMIT")
        self.cash_view = self._wheel("hmh_cash" if cash else f"hmh_cash_{limit}", CASH_C, cash,
                                     cur.format(int(cash.prize)) if cash else limit, _("WIN"))
        bonus = self.bonus_option()
        if bonus is None:
            text = _("MAXIMUM\nAWARD") if self.gamble.bonus_values else _("NO BONUS\nENTRY")
            self.bonus_view = self._wheel(f"hmh_bonus_off_{text}", BONUS_C, None, text)
        else:
            self.bonus_view = self._wheel("hmh_bonus", BONUS_C, bonus, entry_name(bonus.label, "\n"), _("BONUS"))

    def relayout(self) -> None:
        """The window size changed: wheels re-render at the new size."""
        for view in (self.cash_view, self.bonus_view):
            view.relayout()

    # -- input ------------------------------------------------------------------------
    def key_text(self, action: str) -> str:
        return self.app.input.describe_words(action) or action.upper()

    def handle_event(self, event, actions) -> bool:
        if self.asking and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
            if event.type == pygame.KEYDOWN and "close" in actions and self.idle():
                self.asking = False
                self.collect()                 # the second ESC: collect, as the question said
                return True
            self.asking = False                # anything else: back to the gamble, nothing decided
            if event.type == pygame.KEYDOWN:
                return True                    # (a click goes on to its button or wheel)
        if event.type == pygame.KEYDOWN and actions:
            for action in actions:
                if self.on_key(action):
                    return True
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1 and self.idle():
            x, y = self.app.layout.to_logical(event.pos)
            for wheel, center in (("cash", CASH_C), ("bonus", BONUS_C)):
                if (x - center[0]) ** 2 + (y - center[1]) ** 2 <= RADIUS ** 2:
                    self.on_action(wheel)
                    return True
        return super().handle_event(event, actions)

    def on_key(self, action: str) -> bool:
        """A key of the cabinet's map: SPACE spins the chosen wheel, ESC decides nothing
        (it says how to collect), the rest do what their buttons do."""
        if action == "spin":
            if self.presentation is not None:
                self.presentation.skip_to_end()
            elif self.idle():
                if self.chosen is None:
                    self.app.toast(_("Choose a wheel first: {left} cash wheel, {right} bonus wheel").format(
                        left=self.key_text("left"), right=self.key_text("right")), 3.0)
                else:
                    self.on_action(self.chosen)
            return True
        if action == "close":
            if self.idle():
                self.asking = True             # ask; never collect on the first press
                self.app.audio.play("click")
            return True
        mapped = KEY_ACTIONS.get(action)
        if mapped is None:
            return False
        if mapped == "collect" and self.presentation is not None:
            self.presentation.skip_to_end()
            return True
        return self.on_action(mapped)

    def on_action(self, action: str) -> bool:
        if action in ("spin", "confirm") and self.presentation is not None:
            self.presentation.skip_to_end()
            return True
        if not self.idle():
            return action in ("collect", "close", "cash", "bonus", "minus", "plus") or action.startswith(
                ("mult:", "choose:"))
        if action.startswith("choose:"):
            wheel = action[7:]
            if wheel == "cash" or self.bonus_option() is not None:
                if self.chosen != wheel:
                    self.app.audio.play("click")
                self.chosen = wheel
            return True
        if action.startswith("mult:"):
            i = int(action[5:])
            if self._cash_ok(i):
                self.multiplier = i
                self.chosen = "cash"
                self._build_views()
                self.app.audio.play("click")
            return True
        if action in ("minus", "prev", "plus", "next"):
            step = -1 if action in ("minus", "prev") else 1
            n = len(self.gamble.bonus_options())
            if n:
                self.chosen = "bonus"
            if 0 <= self.entry + step < n:
                self.entry += step
                self._build_views()
                self.app.audio.play("click")
            return True
        if action == "collect":
            self.collect()
            return True
        if action in ("cash", "bonus"):
            self.spin(action)
            return True
        return False

    def collect(self) -> None:
        won = self.gamble.collect()
        self.game.last_win = won
        self.app.audio.play("win")
        self._finish()

    def spin(self, wheel: str) -> None:
        option = self.cash_option() if wheel == "cash" else self.bonus_option()
        if option is None:
            return
        if not self.offers.can_stake(self.gamble):
            self.game.message(_("The gamble closed: the credit no longer covers the win at risk"), 4.0)
            self.app.pop(self)
            return
        view = self.cash_view if wheel == "cash" else self.bonus_view
        self.chosen = wheel
        self.at_risk = self.gamble.stake_cents
        self.pressed = (self.cash_option(), self.bonus_option())       # what the screen shows while it turns
        won, sid = self.offers.spin_gamble(self.gamble, option, self.round_id)   # recorded before it is shown
        self.outcome = ("bonus" if wheel == "bonus" else "won") if won else "lost"
        if won and wheel == "bonus":
            self._bonus_entry = (option.label, sid)
        self.presentation = Presentation([
            view.spin_step(0 if won else 1, seconds=3.2, label=f"{wheel} wheel spins", sound="hmh_wheel"),
            Step(1.2, label="result", sound=("hmh_pot" if won else "hmh_lose"))], self.app.audio.play)
        self.spinning = wheel

    def _result(self) -> None:
        self.presentation = None
        self.pressed = None
        self.results = self.offers.recent_results()
        if self.outcome == "lost":
            self.game.last_win = 0
            self._finish()
        elif self.outcome == "bonus":
            assert self._bonus_entry is not None          # set when the bonus wheel was won
            code, sid = self._bonus_entry
            self.offers.play_bonus_entry(code, self.gamble.bet_cents, sid)   # busy before the pop: no offers
            self._finish()
        else:
            self.game.last_win = self.at_risk = self.gamble.stake_cents
            if self.gamble.status == "collected":       # the win limit: collected automatically
                self.outcome, self._close_in = "limit", self.LIMIT_SECONDS
                return
            self.outcome = None
            if self.chosen == "bonus" and not self.gamble.bonus_options():
                self.chosen = None
            self._fit_choices()
            self._build_views()

    def _finish(self) -> None:
        if self.outcome == "limit":
            self.game.message(_("Win limit reached: {amount} collected automatically").format(
                amount=self.app.cabinet.currency.format(self.gamble.stake_cents)), 4.0)
        self.app.pop(self)

    # -- frame ------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.time += dt
        for view in (self.cash_view, self.bonus_view):
            view.lit_phase = self.time
        if self.presentation is not None:
            self.presentation.advance(dt)
            if self.presentation.done:
                self._result()
        elif self._close_in is not None:
            self._close_in -= dt
            if self._close_in <= 0:
                self.game.last_win = self.gamble.stake_cents
                self._finish()

    def draw(self, surface: pygame.Surface) -> None:
        draw_gamble(self, surface)


def _fmt(m) -> str:
    return str(m.numerator) if m.denominator == 1 else f"{float(m):g}"
