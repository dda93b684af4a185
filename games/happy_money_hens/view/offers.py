"""What follows a settled round: the gamble (config `gamble`: on, on_5x, off) and spin
chance (credit above zero but below the current price of play, fortune bet included:
offered when the credit is REDUCED below it (after a round or a gamble) and on entering
the game; never for a bet or fortune step, which only changes the price), and their money.

The gamble is OFFERED, never forced (the sheet: a win "will offer the gamble feature";
"when the gamble is entered"): a win the setting allows shows a GAMBLE button (key
`gamble`, SHIFT+D) while it stays in the WIN meter; the player opens the gamble by
choice, and SPIN (or autoplay) collects it and plays on.

Every draw is made with the cabinet's RNG through the shared mechanics (exact odds)
and recorded with `cabinet.side_draw` BEFORE the scene shows it:
- a cash-wheel spin: stake = the win at risk, prize = the multiplied win if green;
- a bonus-wheel win: stake = the win, prize 0, then the bonus is started as a round
  `start_round(game, bonus_<combo>, bet, funded_by=<side draw id>)`;
- spin chance: stake = the credit, prize = the current price of play if green; the
  won spin then plays as a normal round of the current play (which debits it).
"""
from __future__ import annotations

import weakref
from fractions import Fraction
from typing import Any

import pygame

from cabinet.core.cabinet import CabinetLocked
from cabinet.core import i18n
from cabinet.core.i18n import _
from cabinet.core.round_commit import BetRefused
from cabinet.mechanics import spin_chance as sc
from cabinet.mechanics.gamble import Gamble, GambleOption

from ..math import gamble as hens_gamble
from .gamble_scene import GambleScene
from .spin_chance_scene import SpinChanceScene
from ..math.gamble import gamble_cap
from ..math.tables import COMBOS, combo_code, combo_from_code, combo_mode


# The bonus entries' prices by library, then (bet, win limit): kept with the library.
_PRICES: "weakref.WeakKeyDictionary[Any, dict[tuple[int, int | None], list[tuple[str, Fraction]]]]" = \
    weakref.WeakKeyDictionary()


class Offers:
    """The gamble and spin chance of one HensScene."""

    def __init__(self, scene):
        self.scene = scene
        self.declined_at: tuple[int, int] | None = None   # (credit, price) when NO THANKS was pressed
        self.stepped_at: tuple[int, int] | None = None    # (credit, price) after the player stepped the price
        self.pending = None                      # a settled round whose offers wait for the screen
        self._results: list[dict[str, Any]] | None = None           # the last gamble results
        self.gamble_scene: GambleScene | None = None                # the gamble open now
        self.offered: tuple[int, int, int | None] | None = None     # (win, bet, round) a GAMBLE waits on
        self._ahead: tuple | None = None         # the app.soon job building the next gamble's wheels

    @property
    def app(self):
        return self.scene.app

    @property
    def cabinet(self):
        return self.scene.app.cabinet

    def setting(self) -> str:
        return self.app.config.gamble

    # -- gamble ----------------------------------------------------------------------
    def bonus_values(self, bet: int) -> list[tuple[str, Fraction]]:
        """(combination code, value in cents) of each bonus entry, cheapest first.

        With book libraries: each library's exact mean value (games' gamble.py). With
        live math (development) there is no library to average, so an entry is priced
        at the value its library is built to: the mode's cost times the game's RTP."""
        setup = self.cabinet.games[self.scene.spec.id]
        library = setup.library
        if library is not None:
            # Pricing a bet costs 0.5-5 ms (more where the limit cuts books): once per bet,
            # limit and library (kept with the library: every scene of the game shares it),
            # not in every gamble's first frame.
            prices = _PRICES.setdefault(library, {})
            # the limit the cabinet pays a won bonus under (game's, or config's if lower)
            key = (bet, setup.cap.max_cents)
            if key not in prices:
                try:
                    prices[key] = hens_gamble.bonus_values(library, bet, setup.cap.max_cents)
                except (KeyError, ValueError):      # a library without the bonus modes: no bonus wheel
                    prices[key] = []
            return list(prices[key])
        rtp = Fraction(str(self.scene.math.raw["rtp"]))
        vals = [(combo_code(c), Fraction(self.scene.spec.mode(combo_mode(c)).cost_x100 * bet, 100) * rtp)
                for c in COMBOS]
        return sorted(vals, key=lambda kv: kv[1])

    def make_gamble(self, stake: int, bet: int) -> Gamble:
        g = hens_gamble.gamble_config()
        limit = gamble_cap().limit_cents(bet)
        assert limit is not None                   # the gamble's cap always has a limit (math.yaml gamble)
        return Gamble(stake, bet, g["cash_multipliers"], self.bonus_values(bet), int(limit))

    def after_round(self, played) -> None:
        """A round was settled: its offers open once the game is on top again (after any
        big-win celebration); none for a recalled round."""
        self.pending = None if self.scene.recall_mode else played

    def poll(self) -> None:
        """Called every frame: open the pending offers when the game is on top and idle."""
        if self.pending is not None and self.app.stack.top is self.scene and not self.scene.busy:
            played, self.pending = self.pending, None
            self.offer(played)

    def gamble_due(self, played, win: int | None = None) -> bool:
        """Whether the gamble will be offered on this settled round's win (`win`: the
        stake it will be offered on, by default the win up to the credit)."""
        win = min(played.win_cents, self.cabinet.balance) if win is None else win
        return (win > 0 and self.scene.autoplay is None and not self.scene.recall_mode
                and hens_gamble.offered(win, played.bet_cents, self.setting()))

    def held_cents(self) -> int:
        """The win held in the WIN meter, not yet in the balance shown: from the round's
        settlement (its TOTAL WIN count-up included) until the gamble is collected or
        lost. The cabinet has credited it; the player has not taken it yet."""
        if self.pending is not None:
            return min(self.pending.win_cents, self.cabinet.balance) if self.gamble_due(self.pending) else 0
        if self.offered is not None:
            return min(self.offered[0], self.cabinet.balance)
        gs = self.gamble_scene
        if gs is not None and self.app.stack.find(GambleScene) is gs and gs.gamble.status == "open":
            return min(gs.gamble.stake_cents, self.cabinet.balance)
        return 0

    def offer(self, played) -> None:
        """Offer the gamble on the win (not in autoplay), else spin chance. The stake is
        the win, never more than the credit (an operator may cash out while it waits)."""
        win = min(played.win_cents, self.cabinet.balance)
        if self.gamble_due(played):
            self.offered = (win, played.bet_cents, played.round_id)
        else:
            self.check_spin_chance()

    def open_offer(self) -> bool:
        """GAMBLE pressed: open the gamble on the win offered (the player's choice)."""
        if self.offered is None or self.scene.busy or self.app.stack.top is not self.scene:
            return False
        win, bet, round_id = self.offered
        self.offered = None
        win = min(win, self.cabinet.balance)        # an operator may have cashed out meanwhile
        if win <= 0:
            return False
        self.open_gamble(win, bet, round_id)
        return True

    def collect_offer(self) -> None:
        """SPIN, autoplay or leaving: the win offered is the player's (already credited)."""
        self.offered = None

    def warm(self, scratch: pygame.Surface) -> None:
        """Behind the splash (HensScene.prepare_slices), when the gamble is on: price the
        current bet's bonus entries and draw one gamble into `scratch`, so its backdrop,
        rims, pointer, light maps, fonts and fixed labels are pre-rendered and a gamble's
        first frame only builds its two discs and new amounts."""
        if self.setting() == "off":
            return
        bet = self.scene.bet
        GambleScene(self.app, self, self.make_gamble(bet * 8, bet), None).draw(scratch)

    def prepare_gamble(self, played) -> None:
        """A round that will offer the gamble starts presenting: its two wheels' discs are
        built in the spare time of the round's frames (app.soon), so the gamble's first
        frame only blits them (a disc costs ~4 ms; two in that frame went over 16.7 ms)."""
        if not self.gamble_due(played, played.win_cents):
            return
        soon = self.app.soon
        if self._ahead is not None:
            soon.forget(self._ahead)
        stake, bet = played.win_cents, played.bet_cents
        self._ahead = ("hmh_gamble_wheels", id(self), stake, bet)
        soon.want(self._ahead, lambda: self._wheel_slices(stake, bet), "the gamble's wheels")

    def _wheel_slices(self, stake: int, bet: int):
        gamble = self.make_gamble(stake, bet)        # (its bonus entries priced)
        yield
        shown = GambleScene(self.app, self, gamble, None)
        for view in (shown.cash_view, shown.bonus_view):
            yield
            view.prepare()

    def open_gamble(self, stake: int, bet: int, round_id: int | None = None):
        gamble = self.make_gamble(stake, bet)
        self.gamble_scene = GambleScene(self.app, self, gamble, round_id)
        return self.app.push(self.gamble_scene)

    RECORD = 5          # gamble results the gamble screen lists

    def recent_results(self) -> list[dict[str, Any]]:
        """This game's last gamble results, newest first: the wheel, the option, the
        stake and whether it won (the gamble screen's record). Read from the ledger once
        per scene, then kept up to date by `spin_gamble` (no ledger read in a frame)."""
        if self._results is None:
            rows = self.cabinet.recent_side_draws(("gamble", "gamble_bonus"), 6 * self.RECORD)
            self._results = [r for r in rows if r["detail"].get("game") == self.scene.spec.id][:self.RECORD]
        return list(self._results)

    def spin_gamble(self, gamble: Gamble, option: GambleOption, round_id: int | None) -> tuple[bool, int]:
        """Draw one gamble spin and record it; returns (won, side draw id). The round's
        line wins stop cycling: the win they made is at risk now."""
        self.scene.clear_line_wins()
        stake = gamble.stake_cents
        won = gamble.spin(self.cabinet.rng, option)
        prize = int(option.prize) if (won and option.wheel == "cash") else 0
        detail = {"game": self.scene.spec.id, "wheel": option.wheel, "option": option.label,
                  "chance": f"{option.chance.numerator}/{option.chance.denominator}", "bet": gamble.bet_cents}
        if option.wheel == "bonus":
            detail["entry_value_cents"] = str(option.prize)
        kind = "gamble_bonus" if option.wheel == "bonus" else "gamble"
        sid = self.cabinet.side_draw(kind, stake, prize, won, detail, round_id)
        self._results = ([{"id": sid, "kind": kind, "stake_cents": stake, "prize_cents": prize, "won": won,
                           "detail": detail}] + self.recent_results())[:self.RECORD]
        return won, sid

    def can_stake(self, gamble: Gamble) -> bool:
        """The credit still covers the win at risk (it always does unless an operator
        cashed out while the gamble was open) and the cabinet is not locked."""
        return not self.cabinet.locked and gamble.stake_cents <= self.cabinet.balance

    def play_bonus_entry(self, code: str, bet: int, side_draw_id: int) -> bool:
        """Start the won bonus as a round funded by the gamble's side draw."""
        mode = combo_mode(combo_from_code(code))
        try:
            played = self.cabinet.start_round(self.scene.spec.id, mode, bet, funded_by=side_draw_id)
        except (BetRefused, CabinetLocked) as exc:
            self.scene.message(i18n.said(exc))
            return False
        self.scene.begin(played)
        return True

    def recover_entries(self) -> bool:
        """Start a won bonus entry whose round an interruption kept from starting."""
        if self.scene.busy or self.scene.recall_mode:
            return False
        for sid, detail in self.cabinet.unfunded_side_draws("gamble_bonus"):
            if detail.get("game") == self.scene.spec.id:
                if self.play_bonus_entry(detail["option"], int(detail["bet"]), sid):
                    self.scene.message(_("Playing the bonus won on the gamble wheel"))
                    return True
        return False

    # -- spin chance -----------------------------------------------------------------
    def spin_price(self) -> int:
        """The current price of play: the bet, times the fortune bet's multiplier if on."""
        return self.scene.mode_cost()

    def price_stepped(self) -> None:
        """The player stepped the bet or fortune bet: the credit was not reduced, so no
        spin chance for this credit and price (not even when a page over the game closes)."""
        self.stepped_at = (self.cabinet.balance, self.spin_price())

    def check_spin_chance(self) -> Any:
        """Open spin chance when 0 < credit < the current price of play (not again for
        the same credit and price once declined or reached by a bet step)."""
        scene = self.scene
        if scene.busy or scene.autoplay is not None or scene.recall_mode:
            return None
        if self.app.stack.top is not scene:
            return None
        credit, price = self.cabinet.balance, self.spin_price()
        # the spin offered is the current play (a fortune bet included)
        if (credit, price) in (self.declined_at, self.stepped_at) or sc.offer(credit, price) is None:
            return None
        return self.open_spin_chance(credit)

    def open_spin_chance(self, credit: int):
        return self.app.push(SpinChanceScene(self.app, self, sc.SpinChance(credit, self.spin_price())))

    def play_spin_chance(self, chance: sc.SpinChance) -> bool:
        """Draw spin chance and record it before it is shown; True when a spin is won."""
        won = chance.play(self.cabinet.rng)
        self.cabinet.side_draw("spin_chance", chance.credit_cents, chance.spin_price_cents if won else 0, won,
                               {"game": self.scene.spec.id, "bet": self.scene.bet, "mode": self.scene.spin_mode(),
                                "chance": f"{chance.credit_cents}/{chance.spin_price_cents}"})
        return won

    def awarded_spin(self) -> bool:
        """The won spin: a normal round of the current play at the current bet."""
        return self.scene.play()
