"""The rows of the settings page: what each setting is called, its saved key, and the
values the operator steps through (written as operator.json / config.yaml write them).
A value config.yaml holds that is not among the steps is shown as it is; the arrows
move from it to its neighbours."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from cabinet.core import jurisdiction
from cabinet.core.config import GAMBLE_SETTINGS
from cabinet.core.i18n import N_, formats, translate
from cabinet.core.money import amount_text, hundredths_to_minor
from cabinet.core.operator_settings import KEYS


@dataclass(frozen=True)
class Row:
    label: str
    key: str                     # operator_settings.KEYS / GAME_KEYS
    kind: str                    # toggle, choice, amount, default_bet, win_limit
    options: tuple[Any, ...] = ()
    hint: str = ""
    game: bool = False
    none_text: str = N_("none")     # label, hint and none_text: marked, translated where drawn
    fmt: Callable[[Any], str] = str


GAMBLE_LABELS = {"on": N_("on"), "on_5x": N_("on for wins of 5x the bet"), "off": N_("off")}


def gamble_label(v: Any) -> str:
    """A gamble setting as the operator reads it (config.yaml writes on / on_5x / off)."""
    return translate(GAMBLE_LABELS[str(v)]) if str(v) in GAMBLE_LABELS else str(v)


def _seconds(v: Any) -> str:
    """Seconds in the locale's digits: 2.5 -> '2.5 s' (en), '2,5 s' (de, es); 90 -> '90 s'."""
    return f"{formats.number(float(v), 0 if float(v).is_integer() else 1)} s"


def _percent(v: Any) -> str:
    return formats.percent(round(float(v) * 100), 0)


# amounts in major units (turned into the currency's text by options_for)
BUY_CAPS = (None, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000)
HANDPAY_LIMITS = (None, 600, 1200, 2400, 5000, 10000, 25000)
LOSS_LIMITS = (None, 20, 50, 100, 200, 500, 1000, 2000, 5000)
WIN_LIMITS = (None, 1000, 2500, 5000, 10000, 25000, 50000, 100000, 250000)
STEPS_X100 = (10, 20, 25, 30, 40, 50, 60, 80, 100, 150, 200, 250, 300, 400, 500, 600, 800, 1000, 1500, 2000, 2500,
              5000, 10000, 20000, 50000, 100000, 200000, 500000, 800000)

CABINET_ROWS = (
    Row(N_("Gamble"), "gamble", "choice", GAMBLE_SETTINGS, N_("Happy Money Hens: on, on for wins of 5x the bet, off"),
        fmt=gamble_label),
    Row(N_("Turbo allowed"), "turbo_allowed", "toggle", hint=N_("off: the player cannot speed rounds up")),
    Row(N_("Skip allowed"), "skip_allowed", "toggle", hint=N_("off: SPACE does not cut a presentation short")),
    Row(N_("Minimum round time"), "min_round_seconds", "choice", (0.0, 1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0),
        N_("a round stays on screen at least this long"), fmt=_seconds),
    Row(N_("Attract loop after"), "attract_idle_seconds", "choice", (30, 60, 90, 120, 180, 300, 600),
        N_("kiosk: seconds idle on the lobby"), fmt=_seconds),
    Row(N_("Effects volume"), "volume", "choice", tuple(round(i / 10, 1) for i in range(11)), fmt=_percent),
    Row(N_("Music volume"), "music_volume", "choice", tuple(round(i / 10, 1) for i in range(11)), fmt=_percent),
    Row(N_("Highest price of a buy"), "max_buy_cost", "amount", BUY_CAPS,
        N_("a buy above it is not offered at that bet"), none_text=N_("no cap")),
    Row(N_("Handpay limit"), "handpay_limit", "amount", HANDPAY_LIMITS,
        N_("a cash-out above it is paid by hand"), none_text=N_("none: always a ticket")),
    Row(N_("Review tools (force, showcase)"), "demo_tools", "toggle", hint=N_("never with real play")),
)

# the player-protection section (config protection:)
PROTECTION_ROWS = (
    Row(
        N_("Player protection"), "protection", "toggle", hint=N_("session clock with the net position, reality checks")
    ),
    Row(
        N_("Session clock and net position"),
        "session_clock",
        "toggle",
        hint=N_("shown to the player while protection is on"),
    ),
    Row(
        N_("Reality check every"),
        "reality_check_minutes",
        "choice",
        (15, 30, 45, 60, 90, 120),
        N_("a dialog with the time played and the net position"),
        fmt=lambda v: f"{v} min",
    ),
    Row(
        N_("Loss limit"),
        "loss_limit",
        "amount",
        LOSS_LIMITS,
        N_("a session's net loss that stops play until a new session"),
        none_text=N_("none"),
    ),
)

GAME_ROWS = (
    Row(N_("Game offered"), "enabled", "toggle", game=True, hint=N_("off: the lobby does not show it")),
    Row(N_("Default bet"), "default_bet", "default_bet", game=True, hint=N_("a bet of the ladder below"),
        none_text=N_("the game's own")),
    Row(N_("Win limit"), "win_limit", "win_limit", WIN_LIMITS, game=True,
        hint=N_("can only lower the game's own limit"), none_text=N_("the game's own")),
)


def row_of(key: str) -> Row | None:
    """The settings row saved under `key` (a cabinet or a game setting)."""
    return next((r for r in (*CABINET_ROWS, *PROTECTION_ROWS, *GAME_ROWS) if r.key == key), None)


def value_words(key: str, value: Any, amount: Callable[[Any], str] | None = None) -> str:
    """A saved setting's value as its row shows it: a gamble setting by its label, an
    amount with the currency (`amount`: the written amount to its text)."""
    row = row_of(key)
    if value is None:
        return translate(row.none_text if row is not None else "none")
    if isinstance(value, bool):
        return translate("on" if value else "off")
    if row is not None and row.kind in ("amount", "win_limit", "default_bet") and amount is not None:
        try:
            return amount(value)
        except (ValueError, TypeError):
            return str(value)
    return row.fmt(value) if row is not None else str(value)


def options_for(row: Row, page: Any) -> list[Any]:
    """The values the arrows step through, as the file writes them."""
    minor = page.app.config.currency.minor_units
    config_key = KEYS.get(row.key, "") if not row.game else ""
    if row.kind in ("amount", "win_limit"):
        own = None
        if row.kind == "win_limit":
            spec = page.cab.offer.specs.get(page.game)
            own = spec.win_cap.max_cents * minor // 100 if spec is not None and spec.win_cap else None
        out: list[str | None] = []
        for major in row.options:
            if major is None:
                if jurisdiction.allows(page.app.config, config_key, None):   # uk: a loss limit is set
                    out.append(None)
            elif own is None or major * minor <= own:
                out.append(amount_text(major * minor, minor))
        return out
    if row.kind == "default_bet":
        return [amount_text(b, minor) for b in page.ladder()]
    return list(row.options)


def candidate_bets(spec: Any, minor_units: int, unit: int, ladder: tuple[int, ...]) -> list[int]:
    """Bets the operator can put on a ladder: the usual steps, the game's own ladder
    and the current one, each a multiple of `unit` (every book pays whole units)."""
    others = sorted({b for b in (hundredths_to_minor(x, minor_units) for x in (*STEPS_X100, *spec.bet_ladder))
                     if b and b % unit == 0} - set(ladder))
    return sorted([*ladder, *others[:max(0, 25 - len(ladder))]])
