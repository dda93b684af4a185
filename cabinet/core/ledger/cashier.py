"""Cash in and out as a land-based cabinet moves it: credits in by denomination, a
cash-out printed as a ticket (voucher) with a validation number, and a handpay.

Each is one transaction that writes the cash entry and the event naming it, so the
ledger never holds one without the other:

- credit in: cash 'in' + `credit_in` {cents, by};
- ticket out: cash 'out' + `cash_out` {cents, validation, cabinet}: the validation
  number is 18 digits of HMAC(key, cabinet id, cash id), so it is unique per ticket and
  nobody without the cabinet's key can make one that checks (`validation_number`). The
  cabinet id is the ledger's identity (random, new at every RAM CLEAR, even under the
  operator's key), and a cash id is never reused: a ledger rolled back to reuse one is
  locked by its witness (witness.py), and the cash desk refuses a number whose ticket
  file is already in the vouchers folder (cabinet/core/cash_desk.py);
- handpay: a cash-out above the handpay limit is not printed. `handpay_pending`
  {cents, reason} is logged and the cabinet stops until an attendant (the PIN) pays it
  (cash 'handpay' + `handpay` {cents, pending}) or cancels it (`handpay_cancelled`,
  the credit stays). The pending state is the newest of those three events, so it
  survives a restart.
"""
from __future__ import annotations

import hmac
from typing import TYPE_CHECKING, Any, Callable

from ..i18n import N_, Message
from .errors import InsufficientCredit, LedgerError

if TYPE_CHECKING:
    from .store import Ledger

HANDPAY_EVENTS = ("handpay_pending", "handpay", "handpay_cancelled")


def validation_number(key: bytes, cabinet: str, cash_id: int) -> str:
    """18 decimal digits, as a TITO ticket carries them, grouped 2-4-4-4-4."""
    digest = hmac.digest(key, f"voucher|{cabinet}|{cash_id}".encode(), "sha256")
    digits = f"{int.from_bytes(digest[:16], 'big') % 10**18:018d}"
    return "-".join((digits[:2], digits[2:6], digits[6:10], digits[10:14], digits[14:]))


def ticket_mac(key: bytes, ticket: dict[str, Any]) -> str:
    """A MAC over what a ticket says, for a redemption system that holds the key."""
    text = "|".join(str(ticket[k]) for k in ("validation", "cents", "cabinet", "cash_id", "created_at"))
    return hmac.digest(key, f"ticket|{text}".encode(), "sha256").hex()


def cabinet_id(led: "Ledger") -> str:
    row = led._read(lambda: led.db.execute("SELECT cabinet FROM identity WHERE id = 1").fetchone(),
                    "reading the identity")
    return str(row[0])


def credit_in(led: "Ledger", cents: int, by: str) -> int:
    """Credits in (a note accepted, an attendant's credit). Returns the cash id."""
    if type(cents) is not int or cents <= 0:
        raise ValueError("a credit must be a positive whole number of minor units")
    cid, _ = led._cash("in", cents, ("credit_in", {"cents": cents, "by": by}))
    return cid


def next_ticket(led: "Ledger") -> tuple[str, int, str]:
    """(cabinet id, cash id, validation number) of the next ticket this ledger prints."""
    cab = cabinet_id(led)
    nxt = led._read(lambda: led.db.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM cash").fetchone()[0],
                    "reading cash")
    return cab, int(nxt), validation_number(led.key, cab, int(nxt))


def cash_out_ticket(led: "Ledger", cents: int) -> dict[str, Any]:
    """Pay `cents` out as a ticket. Returns what the ticket carries (with its MAC)."""
    cab, nxt, validation = next_ticket(led)
    cid, eid = led._cash("out", cents, ("cash_out", {"cents": cents, "validation": validation, "cabinet": cab}))
    if cid != nxt:      # one writer per ledger: the id read is the id written
        raise LedgerError(f"ledger refused a ticket: cash row {cid} is not the {nxt} its number was made for")
    created = led._read(lambda: led.db.execute("SELECT created_at FROM cash WHERE id = ?", (cid,)).fetchone()[0],
                        "reading cash")
    ticket = {"validation": validation, "cents": cents, "cabinet": cab, "cash_id": cid, "event_id": eid,
              "created_at": created}
    ticket["mac"] = ticket_mac(led.key, ticket)
    return ticket


def tickets(led: "Ledger", limit: int = 20) -> list[dict[str, Any]]:
    """The newest tickets printed (from their cash_out events), newest first."""
    return [{"event_id": eid, "created_at": at, **detail} for eid, _, detail, at in led.events(limit, "cash_out")]


ABOVE_LIMIT = N_("cash-out above the handpay limit of {limit}")


def pending_handpay(led: "Ledger", fmt: Callable[[int], str] | None = None) -> dict[str, Any] | None:
    """The handpay waiting for an attendant, if any: {event_id, cents, reason, at}. With
    `fmt` (Currency.format) a reason whose event names the limit it was above is an
    i18n.Message (the notice says it in the player's language; the event keeps English)."""
    newest = led.events(1, HANDPAY_EVENTS)
    if not newest or newest[0][1] != "handpay_pending":
        return None
    eid, _, detail, at = newest[0]
    cents = detail.get("cents")
    if type(cents) is not int or cents <= 0:
        raise LedgerError(f"ledger damaged: events row {eid} (a handpay) names no amount")
    out = {"event_id": eid, "cents": cents, "reason": detail.get("reason", ""), "at": at}
    limit = detail.get("limit")
    if type(limit) is int:
        out["limit"] = limit
        if fmt is not None:
            write = fmt
            out["reason"] = Message(ABOVE_LIMIT, limit=lambda: write(limit))
    return out


def request_handpay(led: "Ledger", cents: int, reason: str, limit: int | None = None) -> int:
    """A handpay of `cents` waits for the attendant; `limit` the handpay limit it is
    above (kept so the notice can say it again in the player's language)."""
    if pending_handpay(led) is not None:
        raise ValueError("a handpay is already waiting for the attendant")
    if not 0 < cents <= led.balance:
        raise InsufficientCredit(f"cannot hand pay {cents}: balance is {led.balance}")
    detail: dict[str, Any] = {"cents": cents, "reason": str(reason)}
    if limit is not None:
        detail["limit"] = int(limit)
    return led.log_event("handpay_pending", detail)


def pay_handpay(led: "Ledger", by: str) -> int:
    """The attendant paid the pending handpay by hand: the credits leave. Returns cents."""
    pending = pending_handpay(led)
    if pending is None:
        raise ValueError("no handpay is waiting")
    led._cash("handpay", pending["cents"], ("handpay", {"cents": pending["cents"], "pending": pending["event_id"],
                                                       "by": by}))
    return pending["cents"]


def cancel_handpay(led: "Ledger", by: str) -> None:
    """The attendant cancelled the pending handpay: the credit stays on the cabinet."""
    pending = pending_handpay(led)
    if pending is None:
        raise ValueError("no handpay is waiting")
    led.log_event("handpay_cancelled", {"cents": pending["cents"], "pending": pending["event_id"], "by": by})


def session_start(led: "Ledger") -> int:
    """The chain entry of the last cash-out (ticket or handpay) or `session_reset`
    event: a player's session is what came after it (0: the ledger's whole life)."""
    def read() -> int:
        cash = led.db.execute("SELECT MAX(seq) FROM cash WHERE kind IN ('out', 'handpay')").fetchone()[0] or 0
        reset = led.db.execute("SELECT MAX(seq) FROM events WHERE kind = 'session_reset'").fetchone()[0] or 0
        return max(int(cash), int(reset))
    return led._read(read, "reading the session")
