"""The operator PIN: checking it, changing it, and the lockout that makes guessing slow.

The PIN is config.yaml's `operator_pin` until the operator changes it in the menu;
the new one is kept in <data_dir>/operator.json only as a salted PBKDF2-SHA256 hash
(`hash_pin`), so the file never holds a PIN.

Lockout (`PinGuard`): after 3 wrong PINs in a row every further attempt waits, 30 s
after the third, then 60 s, 120 s ... doubling up to 15 minutes; an attempt while
waiting is refused without the PIN being looked at. Guessing a 4-digit PIN then takes
weeks (the brute-force test measures it). The count restarts only with a right PIN;
the cabinet rebuilds it at start from the event log (every failure is logged), so a
restart does not clear it.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from typing import Any, Callable

FREE_TRIES = 3
FIRST_DELAY = 30.0
MAX_DELAY = 15 * 60.0
ITERATIONS = 100_000


def delay_after(failures: int) -> float:
    """Seconds to wait after this many wrong PINs in a row: 0, 0, 30, 60, 120 ... 900."""
    if failures < FREE_TRIES:
        return 0.0
    return min(FIRST_DELAY * 2 ** min(failures - FREE_TRIES, 16), MAX_DELAY)   # no float overflow after 1,000


def hash_pin(pin: str, salt: bytes | None = None, iterations: int = ITERATIONS) -> str:
    salt = salt or secrets.token_bytes(16)
    digest = hashlib.pbkdf2_hmac("sha256", pin.encode("ascii"), salt, iterations)
    return f"pbkdf2_sha256${iterations}${salt.hex()}${digest.hex()}"


def hash_ok(text: Any) -> bool:
    """Whether `text` is a hash `hash_pin` writes (checked before it is trusted)."""
    if not isinstance(text, str):
        return False
    parts = text.split("$")
    if len(parts) != 4 or parts[0] != "pbkdf2_sha256" or not parts[1].isdigit():
        return False
    try:
        return 1000 <= int(parts[1]) <= 10**7 and len(bytes.fromhex(parts[2])) >= 8 and \
            len(bytes.fromhex(parts[3])) == 32
    except ValueError:
        return False


def matches(pin: str, config: Any) -> bool:
    """The entered PIN against the saved hash, or config.yaml's PIN (constant time)."""
    saved = getattr(config, "operator_pin_hash", None)
    if saved:
        _, iterations, salt, digest = saved.split("$")
        try:
            got = hashlib.pbkdf2_hmac("sha256", pin.encode("ascii"), bytes.fromhex(salt), int(iterations))
        except UnicodeEncodeError:
            return False
        return hmac.compare_digest(got.hex(), digest)
    return hmac.compare_digest(pin.encode("utf-8"), str(getattr(config, "operator_pin", "")).encode("utf-8"))


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

    def attempt(self, pin: str, config: Any) -> str:
        """'ok', 'wrong', or 'locked' (refused unread: the wait has not passed)."""
        if self.wait() > 0:
            return "locked"
        if matches(pin, config):
            self.failures, self.last_failure = 0, None
            return "ok"
        self.failures += 1
        self.last_failure = self.clock()
        return "wrong"
