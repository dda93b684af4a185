"""The operator PIN: checking it, changing it, and the lockout that makes guessing slow.

Where it lives. The PIN is config.yaml's `operator_pin` until the operator changes it
in the menu's SETTINGS page. A change is a chained event in the ledger (`pin_changed`:
the new PIN's record and who changed it, `set_pin`); the current PIN is the newest
such event, read back verified from the ledger each time a PIN is checked (`check`),
so it survives a restart and nothing outside the chain can set it: <data_dir>/
operator.json no longer holds a PIN (an `operator_pin_hash` left there is reported and
ignored, operator_settings), and a `pin_changed` line laundered in from
pending_events.jsonl (its detail carries `recorded_outside_ledger_at`) is skipped.

The record (`make_record`): scrypt(PIN, a random 16-byte salt, n=2**14, r=8, p=1),
then HMAC-SHA256 under the ledger's key over the parameters, the salt and that, kept
with the salt and parameters. Without the key (kept outside the data folder under
real play) the event log gives nothing to search offline; with it each guess still
costs an scrypt (16 MB, ~50 ms), and the comparison is constant-time. Only these exact
parameters are accepted, so a record cannot ask for an unbounded scrypt.

A locked ledger (altered, missing, unreadable, or one that locks while the PIN is being
looked up) cannot be trusted for the PIN: only config.yaml's `operator_pin` opens the
menu then. That is deliberate: the operator needs the menu to RAM CLEAR a locked
cabinet, and while it is locked the menu opens only AUDIT / RAM CLEAR and DIAGNOSTICS
(no credit-in, no vouchers: menu.LOCKED_PAGES). The fresh ledger of a RAM CLEAR has no
`pin_changed` either, so config.yaml's PIN is then the PIN again: it is the cabinet's
recovery PIN, and must be kept as secret as the one set in the menu (real_play refuses
the default one).

Lockout (`PinGuard`): after 3 wrong PINs in a row every further attempt waits, 30 s
after the third, then 60 s, 120 s ... doubling up to 15 minutes; an attempt while
waiting is refused without the PIN being looked at. Guessing a 4-digit PIN then takes
weeks (the brute-force test measures it). Every failure is a chained `pin_failure`
event and the count restarts only with a chained `operator_login` (the menu opening
on a trusted ledger: `PinGuard.reset`), so the count kept in memory is always the one
the cabinet rebuilds from the event log at start; a right handpay PIN does not restart
it, and nothing in operator.json touches it.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from typing import Any, Callable

from .config_types import Config

FREE_TRIES = 3
FIRST_DELAY = 30.0
MAX_DELAY = 15 * 60.0

EVENT = "pin_changed"
SCHEME = "scrypt-hmac-sha256"
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1
SALT_BYTES = 16
RECORD_KEYS = {"scheme", "n", "r", "p", "salt", "mac"}
OUTSIDE_LEDGER = "recorded_outside_ledger_at"     # the mark import_pending puts on a pending_events line


def delay_after(failures: int) -> float:
    """Seconds to wait after this many wrong PINs in a row: 0, 0, 30, 60, 120 ... 900."""
    if failures < FREE_TRIES:
        return 0.0
    return min(FIRST_DELAY * 2 ** min(failures - FREE_TRIES, 16), MAX_DELAY)   # no float overflow after 1,000


# -- the record ----------------------------------------------------------------------
def _mac(entered: str, key: bytes, salt: bytes, n: int, r: int, p: int) -> bytes:
    stretched = hashlib.scrypt(entered.encode("ascii"), salt=salt, n=n, r=r, p=p, dklen=32)
    context = f"operator_pin|{SCHEME}|{n}|{r}|{p}|{salt.hex()}|".encode("ascii")
    return hmac.digest(key, context + stretched, "sha256")


def make_record(new_pin: str, key: bytes, salt: bytes | None = None) -> dict[str, Any]:
    """The stored form of a PIN (see the module's text); `key`: the ledger's."""
    if not key:
        raise ValueError("a PIN record needs the ledger's key")
    salt = salt or secrets.token_bytes(SALT_BYTES)
    return {"scheme": SCHEME, "n": SCRYPT_N, "r": SCRYPT_R, "p": SCRYPT_P, "salt": salt.hex(),
            "mac": _mac(new_pin, key, salt, SCRYPT_N, SCRYPT_R, SCRYPT_P).hex()}


def record_ok(record: Any) -> bool:
    """Whether `record` is one `make_record` writes (checked before it is used)."""
    if not isinstance(record, dict) or set(record) != RECORD_KEYS or record["scheme"] != SCHEME:
        return False
    if any(type(record[k]) is not int for k in ("n", "r", "p")) or \
            (record["n"], record["r"], record["p"]) != (SCRYPT_N, SCRYPT_R, SCRYPT_P):
        return False
    if not (isinstance(record["salt"], str) and isinstance(record["mac"], str)):
        return False
    try:
        return len(bytes.fromhex(record["salt"])) == SALT_BYTES and len(bytes.fromhex(record["mac"])) == 32
    except ValueError:
        return False


def verify(entered: str, record: Any, key: bytes) -> bool:
    """The entered PIN against a record, under the ledger's key (constant-time compare)."""
    if not record_ok(record) or not key or not entered.isascii():
        return False
    got = _mac(entered, key, bytes.fromhex(record["salt"]), record["n"], record["r"], record["p"])
    return hmac.compare_digest(got, bytes.fromhex(record["mac"]))


def config_matches(entered: str, config: Config) -> bool:
    """The entered PIN against config.yaml's `operator_pin` (constant time)."""
    return hmac.compare_digest(entered.encode("utf-8"), config.operator_pin.encode("utf-8"))


# -- the ledger ------------------------------------------------------------------------
def newest_record(led: Any) -> dict[str, Any] | None:
    """The newest `pin_changed` record written into the chain by this cabinet (each
    event verified as the ledger reads it; LedgerError propagates), or None."""
    before = None
    while True:
        page = led.events(20, EVENT, before)
        for eid, _, detail, _ in page:
            if isinstance(detail, dict) and OUTSIDE_LEDGER not in detail and record_ok(detail.get("record")):
                return dict(detail["record"])
            before = eid
        if len(page) < 20:
            return None


def _trusted(cab: Any) -> Any:
    """The cabinet's ledger when the PIN may be read from it, else None."""
    if getattr(cab, "locked", None) or getattr(cab, "ledger", None) is None:
        return None
    return cab.ledger


def current(cab: Any) -> tuple[dict[str, Any], bytes] | None:
    """(the PIN record set in the menu, the ledger's key), or None: config.yaml's PIN
    (none was set, or the ledger is locked: a read that fails locks it now)."""
    if _trusted(cab) is None:
        return None

    def record_and_key(led: Any) -> tuple[dict[str, Any] | None, bytes]:
        return newest_record(led), bytes(led.key)

    found = cab._call(record_and_key, default=None)
    if found is None or found[0] is None or _trusted(cab) is None:
        return None
    return found


def check(entered: str, config: Config, cab: Any = None) -> bool:
    """Whether `entered` is the operator PIN now: the ledger's record when the ledger is
    trusted and holds one, else config.yaml's PIN."""
    found = current(cab) if cab is not None else None
    if found is not None:
        return verify(entered, *found)
    return config_matches(entered, config)


def set_pin(cab: Any, new_pin: str, by: str) -> None:
    """Make `new_pin` the operator PIN: a chained `pin_changed` event. Refused
    (CabinetLocked, nothing written anywhere) while the ledger is locked."""
    from .cabinet import CabinetLocked
    if _trusted(cab) is None:
        raise CabinetLocked(getattr(cab, "locked", None) or "no ledger")
    cab._call(lambda led: led.log_event(EVENT, {"record": make_record(new_pin, bytes(led.key)), "by": by}))


# -- the lockout -----------------------------------------------------------------------
class PinGuard:
    """Wrong PINs in a row and the wait they impose (times from `clock`, wall seconds)."""

    def __init__(self, failures: int = 0, last_failure: float | None = None,
                 clock: Callable[[], float] = time.time):
        self.failures = failures
        self.last_failure = last_failure
        self.clock = clock

    def wait(self) -> float:
        """Seconds until the next attempt may be made (0: now)."""
        if self.last_failure is None:
            return 0.0
        return max(0.0, self.last_failure + delay_after(self.failures) - self.clock())

    def attempt(self, entered: str, is_pin: Callable[[str], bool]) -> str:
        """'ok', 'wrong', or 'locked' (refused unread: the wait has not passed). A right
        PIN does not restart the count: `reset` does, when its operator_login is chained."""
        if self.wait() > 0:
            return "locked"
        if is_pin(entered):
            return "ok"
        self.failures += 1
        self.last_failure = self.clock()
        return "wrong"

    def reset(self) -> None:
        """An operator_login went into the chain: the count the log rebuilds restarts."""
        self.failures, self.last_failure = 0, None
