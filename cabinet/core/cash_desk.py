"""The cabinet's cash desk: credits in, a cash-out to a ticket or, above the handpay
limit, a handpay for the attendant; and the player session that a cash-out ends.

    cash_desk.credit_in(cabinet, 2000, by="operator")
    paid = cash_desk.cash_out(cabinet)      # {"ticket": {...}} or {"handpay": {...}}
    cash_desk.pay_handpay(cabinet, by="attendant")

Money moves in the ledger first (cabinet/core/ledger/cashier.py: the cash entry and
its event in one transaction); the ticket's files (`<data_dir>/vouchers/<validation>
.json`, and the picture the UI draws beside it) come after, so a full disk can lose a
ticket's file but never its record: the operator's cash page reprints it from the
ledger. A ticket whose validation number is already in the folder is never printed
again: the cabinet locks (its ledger is older than its tickets). While a handpay waits,
no round starts (Cabinet.start_round refuses).
"""
from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .ledger import InsufficientCredit, LedgerError
from .ledger import cashier
from . import pin_guard
from .i18n import N_, Message, Said
from .ledger import files
from .ledger.files import VOUCHER_DIR, read_key

if TYPE_CHECKING:
    from .cabinet import Cabinet



log = logging.getLogger("cabinet.cash")      # the operator's log (cabinet/core/logs.py)


class CashRefused(Said, ValueError):
    """A cash movement that cannot be made now; the message is for the person at the cabinet."""


def credit_in(cab: "Cabinet", cents: int, by: str) -> None:
    """Credits in (a note of a configured denomination, an attendant's credit)."""
    cab.require_unlocked()
    if cab.handpay is not None:
        raise CashRefused(Message(N_("A handpay is waiting: the attendant clears it first")))
    cab._call(lambda led: cashier.credit_in(led, cents, by))
    log.info("credit in %s by %s", cab.currency.format(cents), by)


def cash_out(cab: "Cabinet") -> dict[str, Any]:
    """The whole credit out: a ticket, or above `cash.handpay_limit` a handpay that
    stops the cabinet until the attendant pays or cancels it."""
    cab.require_unlocked()
    if cab.handpay is not None:
        raise CashRefused(Message(N_("A handpay is already waiting for the attendant")))
    if cab._call(lambda led: led.open_rounds(), default=[]):
        raise CashRefused(Message(N_("Finish the round first")))
    balance = cab.balance
    if balance <= 0:
        raise CashRefused(Message(N_("There is no credit to cash out")))
    limit = cab.config.cash.handpay_limit
    try:
        if limit is not None and balance > limit:
            reason = Message(cashier.ABOVE_LIMIT, limit=lambda: cab.currency.format(limit))
            cab._call(lambda led: cashier.request_handpay(led, balance, reason, limit))
            cab.handpay = cab._call(lambda led: cashier.pending_handpay(led, cab.currency.format))
            log.info("cash-out of %s: handpay requested (above the limit of %s)", cab.currency.format(balance),
                     cab.currency.format(limit))
            return {"handpay": cab.handpay}
        cab._call(lambda led: never_printed(cab.config.data_path, led))
        ticket = cab._call(lambda led: cashier.cash_out_ticket(led, balance))
    except InsufficientCredit as exc:
        log.warning("cash-out refused: %s", exc)
        raise CashRefused(str(exc)) from None
    ticket["amount"] = cab.currency.format(ticket["cents"])
    ticket["file"] = write_ticket(cab.config.data_path, ticket)
    log.info("cash-out ticket (cash row %s) of %s%s", ticket["cash_id"], ticket["amount"],
             "" if ticket["file"] else " (its file could not be written)")
    return {"ticket": ticket}


def never_printed(data_dir: Path, led: Any) -> None:
    """A validation number is printed once: the next one's ticket file already in the
    vouchers folder means the ledger is older than its tickets (restored, and the
    cash-out replayed). LedgerError: the cabinet locks before any money moves."""
    _, cash_id, number = cashier.next_ticket(led)
    folder = Path(data_dir) / VOUCHER_DIR
    try:
        found = sorted(folder.glob(f"ticket-*-{number}.json")) if folder.is_dir() else []
    except OSError:
        found = []
    if found:
        raise LedgerError(f"ledger rolled back or replaced: ticket {number} (cash row {cash_id}) was already printed "
                          f"({found[0].name}): the ledger is older than its tickets")


def write_ticket(data_dir: Path, ticket: dict[str, Any]) -> str | None:
    """The ticket's JSON in <data_dir>/vouchers/ (atomically); None if it cannot be written."""
    folder = Path(data_dir) / VOUCHER_DIR
    name = f"ticket-{ticket['cash_id']:06d}-{ticket['validation']}"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tmp = folder / f"{name}.json.tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump({k: v for k, v in ticket.items() if k != "file"}, f, indent=2, sort_keys=True)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, folder / f"{name}.json")
    except OSError:
        return None
    return str(folder / name)


def pay_handpay(cab: "Cabinet", by: str) -> int:
    """The attendant paid the waiting handpay by hand (after the PIN): the credits leave."""
    if cab.handpay is None:
        raise CashRefused(Message(N_("No handpay is waiting")))
    cents = cab._call(lambda led: cashier.pay_handpay(led, by))
    cab.handpay = None
    log.info("handpay of %s paid by %s", cab.currency.format(cents), by)
    return cents


def cancel_handpay(cab: "Cabinet", by: str) -> None:
    """The attendant cancelled the waiting handpay: the credit stays for play."""
    if cab.handpay is None:
        raise CashRefused(Message(N_("No handpay is waiting")))
    cab._call(lambda led: cashier.cancel_handpay(led, by))
    cab.handpay = None
    log.info("handpay cancelled by %s: the credit stays", by)


def tickets(cab: "Cabinet", limit: int = 20) -> list[dict[str, Any]]:
    return cab._call(lambda led: cashier.tickets(led, limit), default=[])


def session_start(cab: "Cabinet") -> int:
    """The chain entry a player's session starts after: the last cash-out (ticket or
    handpay) or idle reset (a `session_reset` event); 0 before either."""
    return cab._call(cashier.session_start, default=0)


def pin_state(cab: "Cabinet") -> tuple[int, float | None]:
    """(wrong PINs since the last operator login, time of the last one): from the
    events waiting outside the ledger (written while it was locked: newest), then the
    chained log. A waiting line counts as a login only when it carries the ledger key's
    MAC; a failure counts whatever its MAC (a forged one can only lengthen the wait),
    so restarting a locked cabinet gives no free guesses; and at least the count the
    witness folder keeps (`pin_guard`), so emptying the data folder's pending file
    gives none either."""
    failures, last = 0, None
    events = [(kind, at) for kind, at in _pending_pin_events(cab)]
    events += [(kind, at) for _, kind, _, at in cab._call(lambda led: led.events(64, ("pin_failure",
                                                                                       "operator_login")), default=[])]
    for kind, at in events:
        if kind == "operator_login":
            break
        failures += 1
        last = at if last is None else last
    kept, kept_last = pin_guard.kept(cab.config)    # the witness folder's count, which the data folder cannot reset
    return (kept, kept_last) if kept > failures else (failures, last)


def _pending_pin_events(cab: "Cabinet") -> list[tuple[str, float]]:
    """The PIN events in the pending file, newest first: (kind, time)."""
    try:
        keys = [read_key(cab.config.ledger_key_path)]
    except LedgerError:
        keys = []
    out = []
    for kind, detail in files.pending(cab.config.data_path, keys):
        claimed = detail.get("claimed_kind") if kind in ("pending_forged", "pending_unverified") else kind
        at = detail.get("recorded_outside_ledger_at")
        if claimed == "pin_failure" or (kind == "operator_login"):
            out.append((str(claimed), float(at) if isinstance(at, (int, float)) else 0.0))
    return out[::-1]
