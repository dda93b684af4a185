"""The hash chain: which rows are entries, their canonical bytes and links, the money
each one moves, and the MAC'd running checkpoint (the audit head).

Every entry has a place `seq` (1, 2, 3... across all tables) and a link

    link[seq] = HMAC-SHA256(key, link[seq - 1] || canonical(entry))

where link[0] is the ledger's identity MAC and canonical() is a JSON array of the
entry's kind, its seq and the covered columns, exactly as stored (outcome, features
and detail are MAC'd as the stored text, so a flipped byte in them breaks the link).
"""
from __future__ import annotations

import hashlib
import hmac
import json
import math
from dataclasses import dataclass
from typing import Any, Protocol, Sequence

from .tables import METERS


class Row(Protocol):
    """A stored row by column name (sqlite3.Row, or the dict about to be written)."""

    def __getitem__(self, column: str) -> Any: ...


@dataclass(frozen=True)
class Kind:
    """One kind of chain entry: the table row (or part of a row) it is stored in."""

    name: str
    table: str
    seq: str                     # the column holding the entry's place in the chain
    link: str                    # the column holding its link
    fields: tuple[str, ...]      # the columns it covers, in canonical order
    rows: str = "1"              # SQL: which rows of the table hold an entry of this kind

    def describe(self, row: Row, seq: Any) -> str:
        what = f"{self.table} row {row['id']}" + {"settle": "'s settlement", "void": "'s void"}.get(self.name, "")
        return f"{what} (chain entry {seq})"


CASH = Kind("cash", "cash", "seq", "link",
            ("id", "kind", "cents", "balance_before", "balance_after", "created_at"))
ROUND = Kind("round", "rounds", "seq", "link",
             ("id", "game", "mode", "bet_cents", "cost_cents", "outcome", "payout_x100", "win_cents", "capped",
              "features", "balance_before", "started_at", "funded_by"))
SETTLE = Kind("settle", "rounds", "settle_seq", "settle_link",
              ("id", "state", "win_cents", "balance_after", "settled_at"),
              "settle_seq IS NOT NULL AND state IS NOT 'voided'")
# A round closed without being played out (the one-day rule: cancelled, its cost
# refunded): the round's closing entry, in the settlement's columns of its row, so a
# round is closed once, either way. Its tag differs from a settlement's, so a state
# changed from one to the other no longer matches the link.
VOID = Kind("void", "rounds", "settle_seq", "settle_link",
            ("id", "state", "cost_cents", "balance_after", "settled_at"),
            "settle_seq IS NOT NULL AND state IS 'voided'")
SIDE_DRAW = Kind("side_draw", "side_draws", "seq", "link",
                 ("id", "round_id", "kind", "stake_cents", "prize_cents", "won", "detail", "created_at",
                  "balance_before", "balance_after"))
EVENT = Kind("event", "events", "seq", "link", ("id", "kind", "detail", "created_at"))
KINDS = (CASH, ROUND, SETTLE, VOID, SIDE_DRAW, EVENT)
CLOSING = (SETTLE, VOID)          # the entries that close a round, in its settlement columns


def canonical(tag: str, values: Sequence[Any]) -> bytes:
    """The bytes a MAC covers. Only what SQLite stores as INTEGER, REAL, TEXT or NULL is
    accepted (no blobs, no NaN), so a value changed in type is never equal by accident."""
    for v in values:
        if not (v is None or type(v) in (int, str) or (type(v) is float and math.isfinite(v))):
            raise ValueError(f"holds a {type(v).__name__} value {v!r:.40}")
    return _encode([tag, *values]).encode()


_encode = json.JSONEncoder(separators=(",", ":"), ensure_ascii=True, allow_nan=False).encode


def mac(key: bytes, *parts: bytes) -> str:
    return hmac.digest(key, b"".join(parts), "sha256").hex()


def same(a: Any, b: str) -> bool:
    return type(a) is str and hmac.compare_digest(a, b)


def link(key: bytes, prev: str, kind: Kind, seq: int, row: Row) -> str:
    """The link of an entry at `seq` following `prev` (both hex). ValueError: not canonical."""
    return mac(key, bytes.fromhex(prev), canonical(kind.name, [seq, *[row[f] for f in kind.fields]]))


def identity_mac(key: bytes, cabinet: str, created_at: float, version: int) -> str:
    return mac(key, canonical("identity", [cabinet, created_at, version]))


def checkpoint_mac(key: bytes, round_id: int, step: int) -> str:
    """A round's presentation step is MAC'd on its own (it is updated often and moves no
    money, so it is not a chain entry); an older step replayed only replays more."""
    return mac(key, canonical("checkpoint", [round_id, step]))


def states_digest(rows: Sequence[tuple[Any, Any]]) -> str:
    """sha256 of every game's saved state (e.g. feature pot levels), sorted by game."""
    return hashlib.sha256(canonical("game_state", [v for r in sorted(rows, key=str) for v in r])).hexdigest()


def movement(kind: Kind, row: Row) -> tuple[int, int, dict[str, int]] | None:
    """(balance before, balance after, meter increments) of an entry; None for an event.
    ValueError: amounts that no cabinet writes (negative, unknown cash kind)."""
    def amount(name: str) -> int:
        v = row[name]
        if type(v) is not int or v < 0:
            raise ValueError(f"{name} = {v!r} is not a whole, non-negative amount")
        return v
    if kind is CASH:
        cents = amount("cents")
        if row["kind"] not in ("in", "out", "handpay") or cents == 0:
            raise ValueError(f"cash kind {row['kind']!r} of {cents} is not a deposit, a cash-out or a handpay")
        if row["kind"] == "in":
            return row["balance_before"], row["balance_after"], {"balance": cents, "credits_in": cents}
        deltas = {"balance": -cents, "credits_out": cents}
        if row["kind"] == "handpay":            # paid by hand by an attendant: credits out, and its own meter
            deltas["handpaid"] = cents
        return row["balance_before"], row["balance_after"], deltas
    if kind is ROUND:
        before, cost = row["balance_before"], amount("cost_cents")
        return before, _minus(before, cost), {"balance": -cost, "total_bet": cost, "games_played": 1}
    if kind is SETTLE:
        after, win = row["balance_after"], amount("win_cents")
        return _minus(after, win), after, {"balance": win, "total_won": win, "games_won": int(win > 0)}
    if kind is VOID:
        after, refund = row["balance_after"], amount("cost_cents")
        return _minus(after, refund), after, {"balance": refund, "refunded": refund, "games_voided": 1}
    if kind is SIDE_DRAW:
        stake, prize = amount("stake_cents"), amount("prize_cents")
        paid = prize if row["won"] else 0
        return row["balance_before"], row["balance_after"], {"balance": paid - stake, "side_staked": stake,
                                                             "side_won": paid}
    return None


def _minus(a: Any, b: int) -> Any:
    return a - b if type(a) is int else a


def zero_sums() -> dict[str, int]:
    return {m: 0 for m in METERS}


def add(sums: dict[str, int], deltas: dict[str, int]) -> dict[str, int]:
    out = dict(sums)
    for name, d in deltas.items():
        out[name] += d
    return out


@dataclass(frozen=True)
class Seal:
    """Chain entries 1..seq, verified by a start and digested (seal.py), with the link
    and the meters' sums at entry seq: where the next start's walk begins."""

    seq: int
    link: str
    sums: dict[str, int]
    digest: str


@dataclass
class Head:
    """The audit head: the last entry written (seq, link, sums of every meter up to it)
    and the last entry re-verified by the incremental check (vseq, vlink, vsums), with
    the digest of the saved game states, the seal a start left (seal.py: the
    entries up to a verified place, digested), and `tx`: where the last transaction
    that appended entries began (its seq before them; None in a head written before
    the witness, witness.py); one MAC over all of it."""

    seq: int
    link: str
    sums: dict[str, int]
    vseq: int
    vlink: str
    vsums: dict[str, int]
    states: str
    seal: Seal | None = None
    tx: int | None = None

    def body(self) -> str:
        d: dict[str, Any] = {"seq": self.seq, "link": self.link, "sums": [self.sums[m] for m in METERS],
                             "vseq": self.vseq, "vlink": self.vlink, "vsums": [self.vsums[m] for m in METERS],
                             "states": self.states}
        if self.seal is not None:
            d["seal"] = [self.seal.seq, self.seal.link, [self.seal.sums[m] for m in METERS], self.seal.digest]
        if self.tx is not None:
            d["tx"] = self.tx
        return json.dumps(d, separators=(",", ":"))

    def mac(self, key: bytes) -> str:
        return mac(key, b"audit_head", self.body().encode())

    @classmethod
    def parse(cls, body: Any) -> "Head":
        """ValueError / KeyError / TypeError on anything but a body this module wrote."""
        d = json.loads(body)
        sums, vsums = (dict(zip(METERS, d[k], strict=True)) for k in ("sums", "vsums"))
        head = cls(d["seq"], d["link"], sums, d["vseq"], d["vlink"], vsums, d["states"])
        if not all(type(v) is int for v in (head.seq, head.vseq, *sums.values(), *vsums.values())):
            raise ValueError("a count is not an integer")
        if "seal" in d:                     # a head written before the seal has none: a full check
            seq, link, ssums, digest = d["seal"]
            head.seal = Seal(seq, link, dict(zip(METERS, ssums, strict=True)), digest)
            if not all(type(v) is int for v in (seq, *head.seal.sums.values())) or \
                    not (type(link) is str and type(digest) is str and 0 < seq <= head.seq):
                raise ValueError("the seal is not a place in the chain")
        if "tx" in d:                       # a head written before the witness has none
            head.tx = d["tx"]
            if type(head.tx) is not int or not 0 <= head.tx < head.seq:
                raise ValueError("the last transaction is not a place in the chain")
        return head

    @classmethod
    def genesis(cls, identity: str, states: str) -> "Head":
        return cls(0, identity, zero_sums(), 0, identity, zero_sums(), states)
