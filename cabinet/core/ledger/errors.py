"""What the ledger raises."""
from __future__ import annotations


class LedgerError(RuntimeError):
    """The ledger cannot be trusted or read; the cabinet locks and leaves it untouched.
    The message is one line naming the file, table or row and what is wrong."""


class StorageError(LedgerError):
    """Reading or writing the database failed (disk full, I/O error): the transaction
    was rolled back, so nothing is lost; the cabinet locks until it restarts."""

    PREFIX = "storage error, call attendant"

    def __init__(self, doing: str, exc: BaseException):
        super().__init__(f"{self.PREFIX}: {doing} failed ({type(exc).__name__}: {exc})")


class InsufficientCredit(ValueError):
    pass
