"""Every figure a screen shows about a game, from its GameSpec and book libraries:
prices at a bet, RTP (exact, at the bet where a win limit lowers it), maximum wins,
the win limits, the bet range. The lobby, the rules pages and the buy menu read
them here, and tests/ui/test_figures.py checks what they show against the spec and
the libraries themselves. No figure is typed in a screen.

A return at a bet is read from the GameSetup (`GameSetup.returns`: computed from the
books under the win limits once, when the cabinet offers its games, since the offer
itself depends on it: cabinet/core/game_setup.py `offer_at_bets`), never per frame."""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from cabinet.core.books import rtp_fraction
from cabinet.core.game import BetMode, GameSpec
from cabinet.core.i18n import _, formats
from cabinet.core.money import Currency, WinCap
from cabinet.core.rtp_bounds import percent

from cabinet.core.game_words import feature_labels, mode_label


def times(x: float | Fraction) -> str:
    """1500 -> '1,500x', 1.5 -> '1.5x' (a multiple of the bet as players read it, in
    the active locale's digits: '1.500x', '1,5x' in de-DE)."""
    return formats.times(x)


def pct(fraction: float | Fraction) -> str:
    """A share as a percentage with 2 decimals, as the active locale writes it."""
    return formats.percent(Fraction(fraction) * 100, 2)


def rtp_words(value: float | Fraction, stated: float | Fraction | None = None) -> str:
    """A return as a percentage, 2 decimals; a return below the `stated` figure that
    would round to it gets the places that tell them apart (94.495%, not 94.50%)."""
    if stated is None:
        return pct(value)
    exact = rtp_fraction(stated) if isinstance(stated, float) else Fraction(stated)
    if Fraction(value) >= exact or pct(value) != pct(exact):
        return pct(value)
    digits = percent(Fraction(value), exact).rstrip("%")          # '94.495': the places that tell them apart
    return formats.percent(Decimal(digits), len(digits.partition(".")[2]))


@dataclass(frozen=True)
class ModeFigures:
    """One bet mode at one bet, as the screens show it."""

    mode: BetMode
    price_cents: int
    rtp: Fraction | None         # the return at this bet (None: the spec states none)
    rtp_at_bet: bool             # True: a win limit lowers the return at this bet (figure is this bet's)
    max_win_cents: int | None    # the largest win a round of it pays at this bet (None: unknown)
    max_win_x: float | None      # the same as a multiple of the base bet
    offered: bool
    offered_up_to: int | None    # the highest bet it is offered at (None: every bet)
    not_offered: str | None = None   # why not at this bet: "price" or "limit" (GameSetup.not_offered)
    stated: Fraction | None = None   # the spec's stated RTP of the mode


def cap_of(spec: GameSpec, setup: Any) -> WinCap:
    """The limits the cabinet pays under (config may lower the game's own)."""
    if setup is not None and getattr(setup, "cap", None) is not None:
        return setup.cap
    money = spec.win_cap.max_cents if spec.win_cap else None
    return WinCap(max_x=spec.max_win_x or None, max_cents=money, exempt_modes=frozenset(spec.cap_exempt_modes))


def mode_figures(spec: GameSpec, setup: Any, mode: BetMode, bet: int) -> ModeFigures:
    """One mode at one bet: read from the setup's returns (books math), else the
    stated RTP and the limits (live math, or no setup)."""
    cap = cap_of(spec, setup)
    stated = spec.rtp.get(mode.id)
    rtp: Fraction | None = None if stated is None else rtp_fraction(stated)
    at_bet = False
    known = setup.bet_return(mode.id, bet) if setup is not None and hasattr(setup, "bet_return") else None
    if known is not None:
        max_cents: int | None = known.max_paid_cents
        if rtp is not None and known.lowered:
            rtp, at_bet = known.rtp, True
    else:                         # live math: the limits are what is known
        max_cents = cap.limit_cents(bet, mode.id)
    top = setup.option_max_bet.get(mode.id) if setup is not None else None
    why = setup.not_offered(mode.id, bet) if setup is not None else None if mode.price_exact(bet) else "price"
    return ModeFigures(mode, mode.cost_cents(bet), rtp, at_bet, max_cents,
                       None if max_cents is None else max_cents / bet, why is None, top, why,
                       None if stated is None else rtp_fraction(stated))


def rtp_row(f: ModeFigures) -> tuple[str, str] | None:
    """A card's RTP row: ('RTP', '94.50%'), or ('RTP at this bet', '84.43%') where the
    win limit lowers it (None: no figure)."""
    if f.rtp is None:
        return None
    if not f.rtp_at_bet:
        return (_("RTP"), pct(f.rtp))
    return (_("RTP at this bet"), rtp_words(f.rtp, f.stated))


def price_words(f: ModeFigures, cur: Currency) -> str:
    """A card's "Price" row: '$45.53 (45.53x)'; where the price at this bet is not
    whole minor units there is no such amount, only the multiple ('45.53x the bet')."""
    x = times(f.mode.cost_x100 / 100)
    return _("{times} the bet").format(times=x) if f.not_offered == "price" else f"{cur.format(f.price_cents)} ({x})"


def average_win_words(f: ModeFigures, setup: Any, cur: Currency, bet: int) -> str | None:
    """A buy card's "Average win" row: what a round of the mode pays on average at this
    bet, '$43.03 (43.03x)': its price times its return here (the books' exact return
    under the win limits, else the stated RTP); only the multiple where the price is
    not whole minor units. None: no return is known."""
    rtp = setup.rtp_at(f.mode.id, bet) if setup is not None and hasattr(setup, "rtp_at") else f.rtp
    if rtp is None:
        return None
    x = Fraction(f.mode.cost_x100, 100) * rtp
    if f.not_offered == "price":
        return _("{times} the bet").format(times=times(float(x)))
    return f"{cur.format(round(x * bet))} ({times(float(x))})"


def price_note(spec: GameSpec, modes: list[BetMode]) -> str:
    """Why buy prices read like 45.53x, in a player's words: each is its bonus's average
    win divided by the return the game is set to, so it is rarely round ('' when every
    buy among `modes` costs a whole multiple of the bet)."""
    buys = [m for m in modes if m.kind == "buy"]
    odd = [m for m in buys if m.cost_x100 % 100]
    if not odd:
        return ""
    returns = {spec.rtp.get(m.id) for m in buys}
    one = next(iter(returns)) if len(returns) == 1 else None
    if one is None:
        return _("Why {times}? Each price is the bonus's average win divided by its RTP, so it is rarely a round "
                 "number.").format(times=times(odd[0].cost_x100 / 100))
    return _("Why {times}? Each price is the bonus's average win divided by its {rtp} RTP, so it is rarely a "
             "round number.").format(times=times(odd[0].cost_x100 / 100), rtp=pct(rtp_fraction(one)))


def not_offered_words(f: ModeFigures, cur: Currency, setup: Any = None) -> tuple[str, str]:
    """A mode the cabinet does not offer at this bet: where it is offered (a card's
    "Offered" row) and why not here (a sentence: GameSetup.limit_words)."""
    if f.not_offered == "price":
        return (_("at bets in steps of {amount}").format(amount=cur.format(f.mode.exact_bet_step())),
                (_("At this bet its price ({times}) would not be whole cents, so it is not offered.")
                 if cur.minor_units == 100 else
                 _("At this bet its price ({times}) would not be whole minor units, so it is not offered.")).format(
                    times=times(f.mode.cost_x100 / 100)))
    top = f.offered_up_to
    why = setup.limit_words(f.mode.id, cur.format) if setup is not None and hasattr(setup, "limit_words") else \
        _("the win limit would lower its return")
    if top:
        return (_("at bets up to {amount}").format(amount=cur.format(top)),
                _("Above {amount} {why}, so it is not offered.").format(amount=cur.format(top), why=why))
    return (_("not at this bet"), _("At every bet {why}, so it is not offered.").format(why=why))


def rtp_range(spec: GameSpec, kinds: tuple[str, ...] = ("spin", "buy")) -> tuple[float, float] | None:
    """The lowest and highest stated RTP of the game's modes of these kinds."""
    values = [spec.rtp[m.id] for m in spec.modes if m.kind in kinds and m.id in spec.rtp]
    return (min(values), max(values)) if values else None


def span_text(span: tuple[float | Fraction, float | Fraction] | None) -> str:
    """'96.70%', or '94.31-94.32%' when the ends differ ('-' for none)."""
    if span is None:
        return "-"
    lo, hi = span
    return pct(lo) if pct(lo) == pct(hi) else f"{formats.number(Fraction(lo) * 100, 2)}-{pct(hi)}"


def rtp_text(spec: GameSpec, setup: Any = None) -> str:
    """The game's RTP in a line: 'RTP 96.70%', or 'RTP 80.21-94.50%' from the lowest to
    the highest return of every spin and buy over the bets each is offered at (the
    cabinet's setup: the returns after its win limits), or of the stated figures
    without a setup."""
    span = setup.rtp_span() if setup is not None and hasattr(setup, "rtp_span") else rtp_range(spec)
    return _("RTP {figure}").format(figure="-" if span is None else span_text(span))


def limit_lines(spec: GameSpec, setup: Any, cur: Currency) -> list[str]:
    """The win limits in words: the multiple of the bet a round may pay, the money
    limit of one game (jackpots excluded), and the modes exempt from the multiple."""
    cap = cap_of(spec, setup)
    lines = []
    if cap.max_x:
        exempt = [mode_label(spec, m.id) for m in spec.modes if m.id in cap.exempt_modes]
        lines.append(_("A round pays at most {times} the bet ({modes} excepted)").format(
            times=times(cap.max_x), modes=", ".join(exempt)) if exempt else
            _("A round pays at most {times} the bet").format(times=times(cap.max_x)))
    if cap.max_cents is not None:
        lines.append(_("Any combination of wins in a single game is limited to {amount}, excluding jackpots").format(
            amount=cur.format(cap.max_cents)))
    return lines


def headline_max(spec: GameSpec, setup: Any, cur: Currency) -> str:
    """The lobby's one-line top prize: the money limit of one game where the game has
    one (its sheet's figure, e.g. 'WINS UP TO $250,000.00'), else 'MAX WIN 15,000x'."""
    cap = cap_of(spec, setup)
    if cap.max_cents is not None:
        return _("WINS UP TO {amount}").format(amount=cur.format(cap.max_cents))
    if cap.max_x:
        return _("MAX WIN {times}").format(times=times(cap.max_x))
    return ""


def bet_range(ladder: tuple[int, ...], cur: Currency) -> str:
    return f"{cur.format(ladder[0])} - {cur.format(ladder[-1])}" if ladder else "-"


def feature_rate(setup: Any, mode: str, name: str) -> float | None:
    """The share of rounds of `mode` whose books carry feature `name` (weighted, from
    the library; None without one or when the mode does not list it)."""
    library = getattr(setup, "library", None)
    if library is None or mode not in library.modes:
        return None
    try:
        bit = library.feature_bit(mode, name)
    except KeyError:
        return None
    books = library.books(mode)
    hit = (books.features & bit) != 0
    return int(books.weight[hit].sum(dtype=object)) / int(books.weight.sum(dtype=object))


def feature_words(spec: Any, features: tuple[str, ...]) -> str:
    """A round's features as a player reads them ('Gold wheel, Free spins at x3'):
    each game names its own (GameSpec.view.feature_labels); an unnamed one is not shown,
    an empty name is one another label already says, a name starting 'at' qualifies
    the one before it."""
    labels = feature_labels(spec) if spec is not None else {}
    english = spec.view.feature_labels if spec is not None else {}
    words: list[str] = []
    for f in features:
        text = labels.get(f, "")
        if not text:
            continue
        if english.get(f, "").startswith("at ") and words:        # 'at x3' qualifies in every language
            words[-1] += " " + text
        elif text not in words:
            words.append(text)
    return ", ".join(words)
