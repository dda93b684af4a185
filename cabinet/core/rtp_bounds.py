"""Whether a game may be offered for its return: every bet mode's stated RTP (its math
file) and, with its books, each library's exact RTP within config rtp_bounds
(`rtp_out_of_bounds`, a Message naming the mode and the bounds: English for the log,
translated where it is drawn); and how those percentages are written (`percent`: exact,
with as many decimals as it takes to differ from the bound; `locale_percent`: the same
figure in the active locale's digits)."""
from __future__ import annotations

from decimal import Decimal, localcontext
from fractions import Fraction
from typing import Any, Callable

from .books import rtp_fraction
from .config_types import Config
from .game import GameSpec
from .i18n import N_, Message, formats
from .schema import shown


def percent(value: Fraction, apart_from: Fraction | None = None) -> str:
    """A fraction as a percentage: 2 decimals, more when needed to show it exactly or
    (`apart_from`) to show it differs from that bound (at most 24)."""
    with localcontext() as ctx:
        ctx.prec = 60
        exact = Decimal(value.numerator) * 100 / Decimal(value.denominator)
        other = None if apart_from is None else Decimal(apart_from.numerator) * 100 / Decimal(apart_from.denominator)
        for places in range(2, 25):
            text = f"{exact:.{places}f}"
            if (other is None and Decimal(text) == exact) or (other is not None and text != f"{other:.{places}f}"):
                break
    return f"{text}%"


def locale_percent(text: str) -> Callable[[], str]:
    """A percentage `percent` wrote ('80.125%'), written again as the active locale
    writes it with the same decimals ('80,125 %' in de-DE), each time it is called."""
    figure = text.rstrip("%")
    places = len(figure.partition(".")[2])
    return lambda: formats.percent(Decimal(figure), places)


def _bounds(cfg: Config) -> tuple[Fraction, Fraction, str]:
    """(min, max, the refusal's "allowed" part) of config rtp_bounds."""
    low, high = rtp_fraction(cfg.rtp_bounds.min), rtp_fraction(cfg.rtp_bounds.max)
    return low, high, f"allowed: {percent(low)}-{percent(high)} (config rtp_bounds)"


def rtp_out_of_bounds(cfg: Config, spec: GameSpec, library: Any = None) -> str | None:
    """Why the game may not be offered for its return, or None: a bet mode whose stated
    RTP (GameSpec.rtp, from its math file) lies outside config rtp_bounds, or states
    none; with its `library`, a mode whose books' exact RTP lies outside (the library's
    load already holds it within 1e-6 of the stated figure, books.py `_check_meta`)."""
    low, high, allowed = _bounds(cfg)
    for mode in spec.modes:
        raw = spec.rtp.get(mode.id)
        try:
            stated = rtp_fraction(raw)           # type: ignore[arg-type]
        except (TypeError, ValueError, ZeroDivisionError, OverflowError):
            return f"bet mode {mode.id} states RTP {shown(raw)}, not a number; {allowed}"
        if not low <= stated <= high:
            return Message(N_("bet mode {mode} states RTP {rtp}; allowed: {low}-{high} (config rtp_bounds)"),
                           mode=mode.id, rtp=locale_percent(percent(stated, low if stated < low else high)),
                           low=locale_percent(percent(low)), high=locale_percent(percent(high)))
        if library is not None:
            exact = library.books(mode.id).rtp()
            if not low <= exact <= high:
                return Message(N_("bet mode {mode}'s book library returns RTP {rtp} (stated {stated}); allowed: "
                                  "{low}-{high} (config rtp_bounds)"), mode=mode.id,
                               rtp=locale_percent(percent(exact, low if exact < low else high)),
                               stated=locale_percent(percent(stated)), low=locale_percent(percent(low)),
                               high=locale_percent(percent(high)))
    return None
