"""The gamble: a cash wheel (x1.5, x2, x3) and a bonus wheel, both paying 100%.

Every gamble is a fair bet decided exactly: the chance of the green segment is
stake / prize as a `fractions.Fraction`, decided with integers (Rng.chance, or
`exact_chance.chance_fraction` when the denominator is large), so the expected
payback of every option is exactly 1:

- cash wheel: prize = floor(stake * multiplier) cents, chance = stake / prize;
- bonus wheel: the prize is a bonus entry whose value is the exact mean value (in
  cents, a Fraction) of that bonus's library at the current bet; chance = stake /
  value. Options are ordered by value; the player moves between them with - and +.
  The top option is the last (e.g. HAPPY BOOST + POT FILL + DOUBLE COINS); once the
  stake reaches its value nothing is left to offer and the bonus wheel is disabled,
  while the cash wheel stays.

Limits: a cash option whose winning result would exceed the win limit (e.g.
min(2500x base bet, 250,000.00)) is not offered; when no cash option fits, the
winnings are collected automatically and the gamble exits.
The green segment is drawn at least `min_green` of the wheel, so near the minimum
the real chance can be far smaller than it looks: `GambleOption.chance` is the truth.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Sequence

from cabinet.core.rng import Rng

from .exact_chance import chance_fraction

ENTRY_SETTINGS = ("on", "on_5x", "off")


def gamble_offered(win_cents: int, bet_cents: int, setting: str, entry_x: int = 5) -> bool:
    """Whether a win offers the gamble: 'on' any win, 'on_5x' a win >= entry_x times the
    base bet (before any bet multiplier), 'off' never."""
    if setting not in ENTRY_SETTINGS:
        raise ValueError(f"gamble setting must be one of {ENTRY_SETTINGS}, got {setting!r}")
    if win_cents <= 0 or setting == "off":
        return False
    return setting == "on" or win_cents >= entry_x * bet_cents


@dataclass(frozen=True)
class GambleOption:
    """One way to gamble the stake: the wheel, a label, the prize and the exact chance."""

    wheel: str                     # 'cash' or 'bonus'
    label: str
    prize: Fraction                # cents (a bonus entry's exact mean value)
    chance: Fraction               # stake / prize, exactly

    def payback(self, stake_cents: int) -> Fraction:
        """Expected return over stake: chance * prize / stake (exactly 1)."""
        return self.chance * self.prize / stake_cents

    def green_share(self, min_green: Fraction) -> Fraction:
        """Share of the wheel drawn green: the chance, but never below min_green."""
        return max(self.chance, Fraction(min_green))


def cash_option(stake_cents: int, multiplier: Fraction) -> GambleOption:
    """The cash-wheel option for a multiplier: prize floor(stake * m) cents."""
    if stake_cents <= 0:
        raise ValueError("the stake must be positive")
    m = Fraction(multiplier)
    prize = (stake_cents * m.numerator) // m.denominator
    return GambleOption("cash", f"x{_fmt(m)}", Fraction(prize), Fraction(stake_cents, prize))


def bonus_option(stake_cents: int, label: str, value_cents: Fraction) -> GambleOption:
    """The bonus-wheel option for a bonus entry worth value_cents (its exact mean)."""
    v = Fraction(value_cents)
    if not 0 < stake_cents <= v:
        raise ValueError(f"a bonus worth {v} cents cannot be won with a stake of {stake_cents}")
    return GambleOption("bonus", label, v, Fraction(stake_cents) / v)


def _fmt(m: Fraction) -> str:
    return str(m.numerator) if m.denominator == 1 else str(float(m))


@dataclass
class Gamble:
    """A gamble in progress on a win of `stake_cents` at base bet `bet_cents`.

    `multipliers`: the cash wheel (e.g. 3/2, 2, 3). `bonus_values`: (label, exact mean
    value in cents) of each bonus entry, in the order the - and + buttons walk them
    (lowest value first, the top combination last). `limit_cents`: the win limit."""

    stake_cents: int
    bet_cents: int
    multipliers: Sequence[Fraction]
    bonus_values: Sequence[tuple[str, Fraction]]
    limit_cents: int
    status: str = "open"          # open, collected, lost, bonus_won
    bonus_won: str | None = None
    history: list = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.stake_cents <= 0:
            raise ValueError("nothing to gamble")
        self._check_auto_collect()

    def cash_options(self) -> list[GambleOption]:
        """Cash options whose winning result stays within the win limit."""
        opts = [cash_option(self.stake_cents, m) for m in self.multipliers]
        return [o for o in opts if o.prize <= self.limit_cents]

    def bonus_options(self) -> list[GambleOption]:
        """Bonus entries worth at least the stake (none: the bonus wheel is disabled)."""
        return [bonus_option(self.stake_cents, label, v) for label, v in self.bonus_values
                if v >= self.stake_cents]

    @property
    def bonus_wheel_enabled(self) -> bool:
        return self.status == "open" and bool(self.bonus_options())

    def _check_auto_collect(self) -> None:
        if self.status == "open" and not self.cash_options():
            self.status = "collected"
            self.history.append(("auto_collect", self.stake_cents))

    def spin(self, rng: Rng, option: GambleOption) -> bool:
        """Gamble the stake on an option; True on green. A cash win raises the stake
        (and may collect automatically at the limit); a bonus win ends the gamble
        with the entry; red loses the stake."""
        if self.status != "open":
            raise RuntimeError(f"the gamble is {self.status}")
        allowed = self.cash_options() if option.wheel == "cash" else self.bonus_options()
        if option not in allowed:
            raise ValueError(f"{option.label} is not on offer for a stake of {self.stake_cents}")
        won = chance_fraction(rng, option.chance)
        self.history.append((option.wheel, option.label, self.stake_cents, won))
        if not won:
            self.stake_cents, self.status = 0, "lost"
        elif option.wheel == "cash":
            self.stake_cents = int(option.prize)
            self._check_auto_collect()
        else:
            self.status, self.bonus_won = "bonus_won", option.label
            self.stake_cents = 0
        return won

    def collect(self) -> int:
        """COLLECT: end the gamble and return the winnings in cents."""
        if self.status not in ("open", "collected"):
            raise RuntimeError(f"the gamble is {self.status}")
        self.status = "collected"
        return self.stake_cents
