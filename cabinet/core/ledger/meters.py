"""The operator's meters: lifetime and period, cabinet-wide, per game and per mode.

A meter counts chain entries: a bet when its round starts, a win when its round is
settled, a refund when its round is voided, cash when it moves. So the period since a
reset (the `period_reset` event at chain entry S) is simply the entries after S, and a
round started before a reset and settled after it counts its bet in the old period and
its win in the new one, as a land-based meter would.

Every figure is summed from the rows, which the start's full audit verified. The
lifetime sums must equal the meters table, which the incremental check holds to the
MAC'd audit head at every money movement: a row altered since the last full audit
makes them differ, and that is a LedgerError (the cabinet locks) instead of a wrong
figure on the operator's screen.
"""
from __future__ import annotations

import sqlite3
from typing import Any, Callable, Protocol

import cabinet.core.ledger.audit as audit
from .errors import LedgerError



class Ledger(Protocol):
    """What the meters read on the ledger (store.Ledger; a Protocol here, since
    store.py imports this module)."""

    db: sqlite3.Connection

    def _read(self, fn: Callable[[], Any], doing: str) -> Any: ...

    def _fail(self, exc: LedgerError) -> LedgerError: ...

    def events(self, limit: int = 100, kind: str | None = None) -> Any: ...

    def log_event(self, kind: str, detail: dict[str, Any] | None = None) -> int: ...

# Rounds with an award the games name as a pot or a jackpot (Round.features):
# Happy Money Hens' pot_*, Grinning Harvest's jackpot_*.
_JACKPOT = "(features LIKE '%\"pot!_%' ESCAPE '!' OR features LIKE '%\"jackpot!_%' ESCAPE '!')"

# The figures a report holds that the meters table also keeps (the cross-check).
_TABLE = ("credits_in", "credits_out", "total_bet", "total_won", "side_staked", "side_won", "games_played",
          "games_won", "refunded", "games_voided", "handpaid")


def _one(db: sqlite3.Connection, sql: str, args: tuple = ()) -> tuple:
    return tuple(v or 0 for v in db.execute(sql, args).fetchone())


def _per_game(db: sqlite3.Connection, s: int) -> dict[str, Any]:
    """{game: {figures..., 'modes': {mode: {figures...}}}} for the entries after `s`."""
    per: dict[str, Any] = {}

    def cell(game: str, mode: str) -> dict[str, int]:
        g = per.setdefault(game, {"modes": {}, **dict.fromkeys(_GAME_FIGURES, 0)})
        return g["modes"].setdefault(mode, dict.fromkeys(_GAME_FIGURES, 0))

    for r in db.execute("SELECT game, mode, COUNT(*), SUM(cost_cents) FROM rounds WHERE seq > ? "
                        "GROUP BY game, mode", (s,)):
        c = cell(r[0], r[1])
        c["games_played"], c["total_bet"] = r[2], r[3] or 0
    for r in db.execute("SELECT game, mode, SUM(win_cents), SUM(win_cents > 0), "
                        f"SUM(CASE WHEN {_JACKPOT} THEN win_cents END), SUM({_JACKPOT} AND win_cents > 0) "
                        "FROM rounds WHERE settle_seq > ? AND state = 'settled' GROUP BY game, mode", (s,)):
        c = cell(r[0], r[1])
        c["total_won"], c["games_won"], c["jackpot_won"], c["jackpot_rounds"] = (v or 0 for v in r[2:])
    for r in db.execute("SELECT game, mode, SUM(cost_cents), COUNT(*) FROM rounds WHERE settle_seq > ? "
                        "AND state = 'voided' GROUP BY game, mode", (s,)):
        c = cell(r[0], r[1])
        c["refunded"], c["games_voided"] = r[2] or 0, r[3]
    _staked_by_bet(db, s, cell)
    for g in per.values():
        for name in _GAME_FIGURES:
            g[name] = sum(m[name] for m in g["modes"].values())
    return per


def _staked_by_bet(db: sqlite3.Connection, s: int, cell: Callable[[str, str], dict[str, Any]]) -> None:
    """Each mode's stakes not refunded, by bet (`by_bet`: bet cents -> cents), for the
    theoretical RTP at the bets played (`theoretical`)."""
    for sql, sign in (("SELECT game, mode, bet_cents, SUM(cost_cents) FROM rounds WHERE seq > ? "
                       "GROUP BY game, mode, bet_cents", 1),
                      ("SELECT game, mode, bet_cents, SUM(cost_cents) FROM rounds WHERE settle_seq > ? "
                       "AND state = 'voided' GROUP BY game, mode, bet_cents", -1)):
        for game, mode, bet, cents in db.execute(sql, (s,)):
            by_bet = cell(game, mode).setdefault("by_bet", {})
            by_bet[bet] = by_bet.get(bet, 0) + sign * (cents or 0)


_GAME_FIGURES = ("games_played", "total_bet", "total_won", "games_won", "jackpot_won", "jackpot_rounds",
                 "refunded", "games_voided")


def summed(db: sqlite3.Connection, since_seq: int = 0) -> dict[str, Any]:
    """Every meter summed from the entries after chain entry `since_seq`."""
    s = since_seq
    out: dict[str, Any] = {"since_seq": s}
    out["credits_in"], = _one(db, "SELECT SUM(cents) FROM cash WHERE kind = 'in' AND seq > ?", (s,))
    out["tickets_out"], out["tickets"] = _one(db, "SELECT SUM(cents), COUNT(*) FROM cash WHERE kind = 'out' "
                                                  "AND seq > ?", (s,))
    out["handpaid"], out["handpays"] = _one(db, "SELECT SUM(cents), COUNT(*) FROM cash WHERE kind = 'handpay' "
                                                "AND seq > ?", (s,))
    out["credits_out"] = out["tickets_out"] + out["handpaid"]
    out["games_played"], out["total_bet"] = _one(db, "SELECT COUNT(*), SUM(cost_cents) FROM rounds WHERE seq > ?",
                                                 (s,))
    out["total_won"], out["games_won"], out["jackpot_won"], out["jackpot_rounds"] = _one(
        db, f"SELECT SUM(win_cents), SUM(win_cents > 0), SUM(CASE WHEN {_JACKPOT} THEN win_cents END), "
            f"SUM({_JACKPOT} AND win_cents > 0) FROM rounds WHERE settle_seq > ? AND state = 'settled'", (s,))
    out["refunded"], out["games_voided"] = _one(db, "SELECT SUM(cost_cents), COUNT(*) FROM rounds WHERE "
                                                    "settle_seq > ? AND state = 'voided'", (s,))
    out["side_staked"], out["side_won"], out["side_draws"] = _one(
        db, "SELECT SUM(stake_cents), SUM(CASE WHEN won THEN prize_cents ELSE 0 END), COUNT(*) FROM side_draws "
            "WHERE seq > ?", (s,))
    out["per_game"] = _per_game(db, s)
    out["open_rounds"], = _one(db, "SELECT COUNT(*) FROM rounds WHERE state = 'open'")
    return out


def _check(db: sqlite3.Connection, sums: dict[str, Any]) -> None:
    """The lifetime sums against the meters table (held to the audit head)."""
    table = audit.meters(db)
    for name in _TABLE:
        if table.get(name) != sums[name]:
            raise LedgerError(f"{audit.FAILED}: the rows add {name} up to {sums[name]} but the meters record "
                              f"{table.get(name)}: a row was altered since the last full audit")


def lifetime(led: Ledger) -> dict[str, Any]:
    """Every meter since the ledger began, cross-checked with the meters table; with
    the balance."""
    def read() -> dict[str, Any]:
        sums = summed(led.db, 0)
        _check(led.db, sums)
        sums["balance"] = audit.meters(led.db)["balance"]
        return sums
    try:
        return led._read(read, "reading the meters")
    except LedgerError as exc:
        raise led._fail(exc) from None


def period_start(led: Ledger) -> tuple[int, float | None]:
    """(chain entry, time) of the last period reset; (0, None) before the first."""
    found = led.events(1, "period_reset")
    if not found:
        return 0, None
    eid, _, detail, at = found[0]
    row = led._read(lambda: led.db.execute("SELECT seq FROM events WHERE id = ?", (eid,)).fetchone(),
                    "reading the meters")
    return int(row[0]), at


def period(led: Ledger) -> dict[str, Any]:
    """Every meter since the last period reset (all of them before the first)."""
    seq, at = period_start(led)
    out = led._read(lambda: summed(led.db, seq), "reading the meters")
    out["since"] = at
    return out


def reset_period(led: Ledger, by: str) -> int:
    """Start a new period: an event carrying the period's figures as they stood."""
    closing = period(led)
    kept = {k: v for k, v in closing.items() if k not in ("per_game", "since_seq")}
    return led.log_event("period_reset", {"by": by, "closed_period": kept})


def theoretical(m: dict[str, Any], rtp_at: Callable[[str, str, int], Any], game: str | None = None) -> float | None:
    """The theoretical RTP of what was played (of one game): the return of each game's
    mode at each bet it was played at (`rtp_at(game, mode, bet)`: the cabinet's figure
    there, after the win limits; None: unknown, left out), weighted by what was staked
    there and not refunded. So it is the expectation of the actual RTP beside it, at
    the bets the players chose (a money limit lowers the return at the top bets)."""
    num = den = 0.0
    for gid, g in m.get("per_game", {}).items():
        if game is not None and gid != game:
            continue
        for mid, f in g["modes"].items():
            for bet, staked in f.get("by_bet", {}).items():
                here = rtp_at(gid, mid, bet) if staked > 0 else None
                if here is not None:
                    num, den = num + float(here) * staked, den + staked
    return num / den if den else None


def rtp(m: dict[str, Any]) -> float | None:
    """The actual RTP of a set of meters: won over what was staked and not refunded
    (None before any stake)."""
    staked = m.get("total_bet", 0) - m.get("refunded", 0)
    return m.get("total_won", 0) / staked if staked > 0 else None
