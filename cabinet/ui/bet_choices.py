"""The bet and the spin option of a game scene (GameScene's share of it).

A spin option (an ante, a fortune level) is chosen between rounds; one the cabinet
does not offer at the current bet (its price is not whole cents, a win limit keeps
it off) is refused with the reason, and after BET +/- an option the new bet does
not offer falls back to the standard spin. The bet and the option are kept per game
for the session: the ante "stays on until switched off", also across a trip to the
lobby.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from cabinet.core.game import BetMode, GameSpec

if TYPE_CHECKING:                     # types only, from a module below this one
    from .scene import Host


class BetHost(Protocol):
    """What the bet choices read and set of their scene (GameScene)."""

    app: Host
    spec: GameSpec
    spin_modes: list[BetMode]
    mode_id: str
    bet_index: int
    ladder: tuple[int, ...]
    recall_mode: bool

    @property
    def bet(self) -> int: ...
    @property
    def busy(self) -> bool: ...
    def message(self, text: str, seconds: float = 3.0) -> None: ...
    def offered(self, mode_id: str) -> bool: ...
    def not_offered_reason(self, mode_id: str) -> str: ...
    def _remember_choices(self) -> None: ...


class BetChoices:
    """GameScene's bet and spin option, on a BetHost (cabinet/ui/game_scene.py mixes this in)."""

    def select_mode(self: BetHost, mode_id: str) -> None:
        """Choose the spin mode (ante on/off, fortune level) between rounds; one the
        win limit keeps off this bet is refused with the reason."""
        if not self.busy and any(m.id == mode_id for m in self.spin_modes):
            if not self.offered(mode_id):
                self.message(self.not_offered_reason(mode_id))
                return
            self.mode_id = mode_id
            self._remember_choices()

    def mode_chosen(self: BetHost, mode_id: str) -> bool:
        """The spin mode chosen now is `mode_id` (its button lights)."""
        return self.mode_id == mode_id

    def offered(self: BetHost, mode_id: str) -> bool:
        """Whether the cabinet offers this mode at the current bet (exact price, win limits)."""
        setup = self.app.cabinet.games.get(self.spec.id)
        return setup is None or setup.offers(mode_id, self.bet)

    def offered_up_to(self: BetHost, mode_id: str) -> int | None:
        """The highest bet this mode is offered at (None: every bet)."""
        setup = self.app.cabinet.games.get(self.spec.id)
        return None if setup is None else setup.option_max_bet.get(mode_id)

    def not_offered_reason(self: BetHost, mode_id: str) -> str:
        cab = self.app.cabinet
        return cab.option_refusal(cab.games[self.spec.id], mode_id, self.bet)

    def bet_changed(self: BetHost) -> None:
        """After BET +/-: a spin option the new bet does not offer falls back to the
        standard spin, and the player is told why."""
        if self.spin_modes and not self.offered(self.mode_id):
            reason = self.not_offered_reason(self.mode_id)
            self.mode_id = self.spin_modes[0].id
            self.message(reason)
        self._remember_choices()

    def _remember_choices(self: BetHost) -> None:
        if not self.recall_mode:
            self.app.game_choices[self.spec.id] = (self.bet, self.mode_id)

    def _recall_choices(self: BetHost) -> None:
        bet, mode = self.app.game_choices.get(self.spec.id, (None, None))
        if bet in self.ladder:
            self.bet_index = self.ladder.index(bet)
        if mode is not None and any(m.id == mode for m in self.spin_modes) and self.offered(mode):
            self.mode_id = mode
