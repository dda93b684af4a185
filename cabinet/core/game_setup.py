"""A game as this cabinet offers it (`GameSetup`: its spec, ladder, modes and limits
from config), its return at each bet (`BetReturn`, `bet_returns`), and the one policy
that decides where a money limit lowers a return (`offer_at_bets`, `cap_buy_cost`);
cabinet/core/startup.py builds a GameSetup for each game a start offers.

One policy decides where a money limit lowers a return (`offer_at_bets`): every bet
mode (the base spin, a fortune bet or ante, a buy) is offered at a bet only where its
return there, after the win limits (from its books, `bet_returns`, computed once per
game, mode and bet and kept on the GameSetup), is at least config rtp_bounds.min. The
base spin's bets below it leave the ladder (none left: the game is refused); an
option's leave its offer (`option_max_bet`). Every screen reads those returns.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from . import assets, game_words
from .books import Library, rtp_fraction
from .game import GameSpec
from .i18n import N_, Message
from .money import WinCap
from .rtp_bounds import locale_percent, percent


@dataclass(frozen=True)
class BetReturn:
    """One bet mode at one bet as the cabinet pays it, from its books: the exact
    return after the win limits, whether the limits lower it below the books' own RTP,
    and the largest win a round of it pays."""

    rtp: Fraction
    lowered: bool
    max_paid_cents: int


def bet_return(books: Any, bet_cents: int, cap: WinCap) -> BetReturn:
    """One mode's return at one bet under the limits (ModeBooks.rtp_at, max_paid_cents)."""
    here = books.rtp_at(bet_cents, cap)
    return BetReturn(here, here != books.rtp(), books.max_paid_cents(bet_cents, cap))


@dataclass
class GameSetup:
    """A game as this cabinet offers it: its spec, ladder, modes and limits from config."""

    spec: GameSpec
    bet_ladder: tuple[int, ...]         # the bets offered (config's or the game's, less `withdrawn`)
    default_bet: int
    modes: tuple[str, ...]
    cap: WinCap
    library: Library | None = None      # the game's book libraries when math_source is books
    skin: str | None = None             # the skin its pictures show (None: the manifest's default)
    manifest: assets.Manifest | None = None  # its assets/<game>/manifest.yaml, every file checked
    # Options (every bet mode but the first spin mode) are offered only at the ladder's
    # bets where their return after the win limits is at least `rtp_min`: mode ->
    # highest such bet (0: none; absent: every bet). See `offer_at_bets`.
    option_max_bet: dict[str, int] = field(default_factory=dict)
    # Which limit sets each option's top bet: "rtp_min" (the win limits would bring its
    # return below config rtp_bounds.min), or "buy_cost" (config max_buy_cost: no single
    # buy may cost more). See `cap_buy_cost`.
    option_limits: dict[str, str] = field(default_factory=dict)
    # Each bet mode's return at each bet of the configured ladder, from its books
    # (books math only; live math: none, the stated figures stand): mode -> bet ->
    # BetReturn. Computed once at offer time (`bet_returns`); screens read it.
    returns: dict[str, dict[int, BetReturn]] = field(default_factory=dict)
    rtp_min: Fraction = Fraction(0)     # config rtp_bounds.min: no mode is offered where it returns less
    # Bets of the configured ladder taken off it: the base spin returns less than
    # rtp_min there (the win limits). The rules page says so.
    withdrawn: tuple[int, ...] = ()
    max_buy_cost: int | None = None     # config max_buy_cost (the refusal's words)

    def offers(self, mode_id: str, bet_cents: int) -> bool:
        """Whether this mode is offered at this bet."""
        return self.not_offered(mode_id, bet_cents) is None

    def not_offered(self, mode_id: str, bet_cents: int) -> str | None:
        """Why this mode is not offered at this bet: "price" (its price there is not a
        whole number of minor units, `BetMode.price_exact`), "limit" (above
        `option_max_bet`: its return there would be below rtp_min, or a buy would cost
        more than max_buy_cost); None: it is offered."""
        if not self.spec.mode(mode_id).price_exact(bet_cents):
            return "price"
        top = self.option_max_bet.get(mode_id)
        return None if top is None or bet_cents <= top else "limit"

    @property
    def base_mode(self) -> str | None:
        """The base spin: the first spin mode offered, whose bets are the game's."""
        return next((m for m in self.modes if self.spec.mode(m).kind == "spin"), None)

    def bet_return(self, mode_id: str, bet_cents: int) -> BetReturn | None:
        """The mode's return at this bet from its books (None: live math, or no books
        for it). A bet off the ladder (a round played under another config, read by
        the meters) is computed once and kept."""
        known = self.returns.get(mode_id, {}).get(bet_cents)
        if known is not None or self.library is None or mode_id not in self.library.modes:
            return known
        found = self.returns.setdefault(mode_id, {})[bet_cents] = bet_return(self.library.books(mode_id),
                                                                            bet_cents, self.cap)
        return found

    def rtp_at(self, mode_id: str, bet_cents: int) -> Fraction | None:
        """The mode's return at this bet: from its books under the win limits, else its
        stated RTP (live math; None when it states none)."""
        known = self.bet_return(mode_id, bet_cents)
        if known is not None:
            return known.rtp
        stated = self.spec.rtp.get(mode_id)
        return None if stated is None else rtp_fraction(stated)

    def rtp_span(self) -> tuple[Fraction, Fraction] | None:
        """The lowest and highest return of the offered bet modes (spins and buys), each
        over the bets it is offered at (None: no figure)."""
        values = [r for m in self.modes if self.spec.mode(m).kind in ("spin", "buy")
                  for b in self.bet_ladder if self.offers(m, b) for r in (self.rtp_at(m, b),) if r is not None]
        return (min(values), max(values)) if values else None

    def limit_words(self, mode_id: str, fmt: Any, short: bool = False, base_game: bool = False) -> Message:
        """Why the mode is not offered above `option_max_bet`, in the player's words
        (what follows "above,"; a Message: English as a str, translated where it is
        drawn); `fmt` formats an amount (Currency.format). `short` leaves out ", this
        cabinet's minimum" (a one-line message in a game's bar); `base_game` says "the
        base game's return" instead of "its return" (the ladder's withdrawn top bets)."""
        if self.option_limits.get(mode_id) == "buy_cost" and self.max_buy_cost is not None:
            most = self.max_buy_cost
            return Message(N_("a single buy may cost at most {amount} on this cabinet"), amount=lambda: fmt(most))
        rtp = locale_percent(percent(self.rtp_min))
        if self.cap.max_cents is None:
            return Message(N_("the win limit would bring its return below {rtp}") if short else
                           N_("the win limit would bring the base game's return below {rtp}, this cabinet's minimum")
                           if base_game else
                           N_("the win limit would bring its return below {rtp}, this cabinet's minimum"), rtp=rtp)
        cap = self.cap.max_cents
        return Message(N_("the {amount} win limit would bring its return below {rtp}") if short else
                       N_("the {amount} win limit would bring the base game's return below {rtp}, this cabinet's "
                          "minimum") if base_game else
                       N_("the {amount} win limit would bring its return below {rtp}, this cabinet's minimum"),
                       amount=lambda: fmt(cap), rtp=rtp)


def bet_returns(books: Any, ladder: tuple[int, ...], cap: WinCap) -> dict[int, BetReturn]:
    """One mode's return at each bet of an ascending ladder under the limits: its
    books' own RTP up to the last bet they cut no win of (a binary search: a limit cuts
    more as the bet grows), `ModeBooks.rtp_at` above it."""
    top = books.last_uncut_bet(ladder, cap)
    exact = books.rtp()
    most = int(books.payout_x100.max()) if len(books.payout_x100) else 0
    return {bet: BetReturn(exact, False, bet * most // 100) if top is None or bet <= top
            else bet_return(books, bet, cap) for bet in ladder}


def offer_at_bets(setup: GameSetup, bet_modes: tuple[str, ...], spin_mode: str) -> str | None:
    """The one policy for every bet mode where the win limits lower its return: it is
    offered at a bet only where its return there (`setup.returns`) is at least
    `setup.rtp_min` (config rtp_bounds.min).

    The base spin (`spin_mode`) sets the game's bets: those where it returns less leave
    the ladder (`setup.withdrawn`; the default bet becomes the highest bet left below
    it), and with none left the game is not offered (the reason is returned). Every
    other mode, a fortune bet or an ante, a buy, is offered up to the highest bet from
    which down it clears the minimum (`option_max_bet`, reason "rtp_min"). A limit
    lowers a return more as the bet grows, so those bets are the ladder's lowest."""
    low = setup.rtp_min

    def clears(mode: str, bet: int) -> bool:
        found = setup.returns.get(mode, {}).get(bet)
        return found is None or found.rtp >= low

    ladder = setup.bet_ladder
    kept = tuple(b for b in ladder if clears(spin_mode, b))
    if not kept:
        spec = setup.spec
        return Message(N_("at every bet of its ladder the win limit brings the {mode}'s return below {rtp}, this "
                          "cabinet's minimum; allowed: lower bets, a higher win limit or a lower rtp_bounds.min"),
                       mode=lambda: game_words.mode_label(spec, spin_mode), rtp=locale_percent(percent(low)))
    setup.withdrawn = tuple(b for b in ladder if b not in kept)
    setup.bet_ladder = kept
    if setup.default_bet not in kept:
        setup.default_bet = max((b for b in kept if b < setup.default_bet), default=kept[0])
    for mode in bet_modes:
        if mode == spin_mode:
            continue
        short = next((i for i, b in enumerate(kept) if not clears(mode, b)), None)
        if short is not None:
            setup.option_max_bet[mode] = kept[short - 1] if short else 0
            setup.option_limits[mode] = "rtp_min"
    return None


def cap_buy_cost(setup: GameSetup, max_cost: int | None) -> None:
    """No single buy may cost more than `max_cost` (config max_buy_cost): each buy is
    offered only at the ladder's bets where its price stays within it (none: not
    offered), whichever of this and the win limits is lower holds."""
    setup.max_buy_cost = max_cost
    if max_cost is None:
        return
    for mode_id in setup.modes:
        mode = setup.spec.mode(mode_id)
        if mode.kind != "buy":
            continue
        within = [b for b in setup.bet_ladder if mode.cost_cents(b) <= max_cost]
        top = within[-1] if within else 0
        if top == setup.bet_ladder[-1]:
            continue
        if top < setup.option_max_bet.get(mode_id, setup.bet_ladder[-1]):
            setup.option_max_bet[mode_id] = top
            setup.option_limits[mode_id] = "buy_cost"
