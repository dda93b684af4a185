"""Closing an unfinished round that was not resumed in time (the sheets' one-day rule).

"If an incomplete game round has not been resumed after one day, it will be canceled
and the bet refunded"; "Winnings earned on unfinished game rounds where the player can
no longer influence the outcome will be automatically credited" (Grinning Harvest,
GAME INTERRUPTED). So a stale open round is closed one of two ways, each in one
transaction with a `round_closed` event {round, action, cents, age_seconds, why}:

- credit: its settlement entry, paying the win recorded when it started;
- refund: a void entry (chain.VOID: state 'voided', the cost paid back; meters
  `refunded` and `games_voided`), for a round whose outcome the player could still
  change.

Which way is the cabinet's decision (Cabinet.close_stale_rounds); this module keeps
the ledger sound either way.
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import cabinet.core.ledger.audit as audit
from .chain import ROUND, SETTLE, VOID
from .errors import LedgerError
from .records import RoundRecord

if TYPE_CHECKING:
    from .store import Ledger

ACTIONS = ("credit", "refund")


def stale_rounds(led: "Ledger", started_before: float) -> list[RoundRecord]:
    """Open rounds started before `started_before` (seconds since the epoch), oldest first."""
    return [r for r in led.open_rounds() if r.started_at < started_before]


def close_round(led: "Ledger", round_id: int, action: str, detail: dict[str, Any] | None = None,
                now: float | None = None) -> int:
    """Close an open round by crediting its recorded win or refunding its cost, with its
    `round_closed` event (its age measured at `now`, the cabinet's clock). Returns the
    cents paid."""
    if action not in ACTIONS:
        raise ValueError(f"a round is closed by {' or '.join(ACTIONS)}, not {action!r}")
    with led._writing(f"closing round {round_id}") as w:
        row = led.db.execute("SELECT * FROM rounds WHERE id = ?", (round_id,)).fetchone()
        if row is None:
            raise LedgerError(f"{audit.FAILED}: round {round_id} is not in the ledger")
        if row["state"] != "open":
            raise ValueError(f"round {round_id} is already {row['state']}")
        audit.verify_row(led.db, led.key, led.identity, ROUND, row)      # closes what was recorded
        cents = row["win_cents"] if action == "credit" else row["cost_cents"]
        kind, state = (SETTLE, "settled") if action == "credit" else (VOID, "voided")
        now = time.time() if now is None else float(now)
        w.append(kind, {**dict(row), "state": state, "balance_after": w.balance + cents, "settled_at": now})
        led._append_event(w, "round_closed", {
            **(detail or {}), "round": round_id, "game": row["game"], "mode": row["mode"], "action": action,
            "cents": cents, "age_seconds": round(now - row["started_at"], 1)})
        return cents
