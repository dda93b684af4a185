"""The operator's report export: the meters, the round history, the side draws and the
event log as CSV, and a JSON summary, written as one set into a folder.

    written = reports.export(ledger, folder, currency, specs, by="operator")

One set, named with the UTC time of the export (`<what>-<YYYYmmddTHHMMSSZ>.csv`):

    meters-cabinet-*.csv  the cabinet's meters, lifetime and period (one row each)
    meters-games-*.csv    per game and per mode (and each game's total), lifetime and period
    rounds-*.csv          every round, oldest first (the game recall's history)
    side-draws-*.csv      every gamble / spin-chance draw
    events-*.csv          the whole event log
    summary-*.json        cabinet id and version, the program manifest's sha256 (what
                          `main.py --verify` prints), the audit at export time, the time
                          span, and each CSV's sha256, rows and bytes

Every row comes from one audited picture of the ledger (cabinet/core/ledger/export.py).
Money is two columns: integer minor units (`*_minor`, for a spreadsheet) and the amount
in the cabinet's currency (for a person); times are UTC, ISO 8601.

Nothing is overwritten and nothing half-written is left: each file is written beside
its name as `.<name>.part`, and only when every file is complete are they given their
names (a name already taken moves the whole set to the next free suffix). A folder that
cannot be made or written (disk full, read-only, gone) raises ExportFailed (one line)
and removes what this export wrote; the cabinet keeps running. The export is an event
in the ledger ("report_export": the folder, each file's name and sha256, the audit).
"""
from __future__ import annotations

import csv
import hashlib
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping

from . import program, release
from .ledger import export as ledger_export
from .ledger.files import sync_dir
from .ledger.meters import rtp
from .ledger.meters import theoretical as ledger_theoretical
from .ledger.store import Ledger
from .money import Currency
from .schema import ConfigError
from .data_dir import check_data_dir

EVENT = "report_export"
MONEY_IN_EVENTS = ("cents", "win_cents")       # the amount an event's detail names (credit in, handpay, ...)


class ExportFailed(Exception):
    """The report set could not be written; the message is one line for the operator."""


@dataclass(frozen=True)
class Written:
    path: Path
    sha256: str
    rows: int
    size: int


def utc(t: float | None) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t)) if t else ""


def percent(value: float | None) -> str:
    return "" if value is None else f"{value * 100:.4f}"


def theoretical(meters: Mapping[str, Any], specs: Mapping[str, Any], game: str | None = None,
                mode: str | None = None) -> float | None:
    """The theoretical RTP of what was played (of one game, one mode): each mode's
    return at each bet it was played at (the offered game's figure after the win
    limits, `GameSetup.rtp_at`, as the METERS page shows it; a game no longer offered:
    its stated RTP), weighted by what was staked there and not refunded."""
    setups = getattr(specs, "setups", {})
    def at(gid: str, mid: str, bet: Any) -> Any:
        if gid in setups:                                          # offered: the figure at that bet
            return setups[gid].rtp_at(mid, int(bet))
        spec = specs.get(gid)
        return spec.rtp.get(mid) if spec is not None else None     # no longer offered: the stated figure
    if mode is not None and game is not None:
        cell = meters.get("per_game", {}).get(game, {}).get("modes", {}).get(mode)
        meters = {"per_game": {game: {"modes": {mode: cell}}}} if cell else {}
    return ledger_theoretical(dict(meters), at, game)


class Specs(dict):
    """The games' specs by id, with the offered games' setups (`setups`: their return
    at each bet, GameSetup.rtp_at) for the theoretical RTP."""

    def __init__(self, specs: Mapping[str, Any], setups: Mapping[str, Any] | None = None):
        super().__init__(specs)
        self.setups = dict(setups or {})


# ------------------------------------------------------------------ the tables

class Table:
    """A CSV's header and rows; `money` columns become two: <name>_minor and <name>."""

    def __init__(self, currency: Currency, columns: Iterable[str], money: Iterable[str] = ()):
        self.currency, self.money = currency, frozenset(money)
        self.header = [h for c in columns for h in ((f"{c}_minor", c) if c in self.money else (c,))]
        self.columns = tuple(columns)

    def row(self, values: Mapping[str, Any]) -> list[Any]:
        out: list[Any] = []
        for c in self.columns:
            v = values.get(c)
            if c in self.money:
                out += ["", ""] if v is None else [int(v), self.currency.format(int(v))]
            else:
                out.append("" if v is None else v)
        return out


CABINET_MONEY = ("credits_in", "credits_out", "tickets_out", "handpaid", "total_bet", "total_won", "refunded",
                 "side_staked", "side_won", "jackpot_won")
CABINET_COUNTS = ("tickets", "handpays", "games_played", "games_won", "games_voided", "jackpot_rounds",
                  "side_draws", "open_rounds")
GAME_MONEY = ("total_bet", "total_won", "refunded", "jackpot_won")
GAME_COUNTS = ("games_played", "games_won", "games_voided", "jackpot_rounds")


def _cabinet_meters(snap: ledger_export.Snapshot, cur: Currency, specs: Mapping[str, Any]) -> Iterator[list[Any]]:
    t = Table(cur, ("period", "from_utc", "to_utc", *CABINET_MONEY, *CABINET_COUNTS, "actual_rtp_percent",
                    "theoretical_rtp_percent", "balance"), money=(*CABINET_MONEY, "balance"))
    yield t.header
    for name, m, since in (("lifetime", snap.lifetime, snap.created_at), ("period", snap.period, None)):
        yield t.row({**m, "period": name, "from_utc": utc(since or m.get("since") or snap.created_at),
                     "to_utc": utc(snap.taken_at), "actual_rtp_percent": percent(rtp(m)),
                     "theoretical_rtp_percent": percent(theoretical(m, specs)),
                     "balance": snap.lifetime["balance"] if name == "lifetime" else None})


def _game_meters(snap: ledger_export.Snapshot, cur: Currency, specs: Mapping[str, Any]) -> Iterator[list[Any]]:
    t = Table(cur, ("period", "game", "game_name", "mode", "mode_label", *GAME_COUNTS, *GAME_MONEY,
                    "actual_rtp_percent", "theoretical_rtp_percent"), money=GAME_MONEY)
    yield t.header
    for name, m in (("lifetime", snap.lifetime), ("period", snap.period)):
        for gid, g in sorted(m["per_game"].items()):
            spec = specs.get(gid)
            for mid, f in [*sorted(g["modes"].items()), ("all", g)]:
                yield t.row({**f, "period": name, "game": gid, "game_name": spec.name if spec else gid,
                             "mode": mid, "mode_label": "all modes" if mid == "all" else _label(spec, mid),
                             "actual_rtp_percent": percent(rtp(f)),
                             "theoretical_rtp_percent": percent(theoretical(m, specs, gid, None if mid == "all"
                                                                            else mid))})


def _label(spec: Any, mode: str) -> str:
    try:
        return spec.mode(mode).label if spec is not None else mode
    except KeyError:
        return mode


def _outcome(outcome: Mapping[str, Any]) -> str:
    text = f"book {outcome.get('book')}" if outcome.get("source") == "books" else f"seed {outcome.get('seed')}"
    return text + (f" (forced: {outcome['force']})" if outcome.get("force") else "")


ROUND_MONEY = ("bet", "cost", "win", "balance_before", "balance_after")


def _rounds(snap: ledger_export.Snapshot, cur: Currency, specs: Mapping[str, Any]) -> Iterator[list[Any]]:
    t = Table(cur, ("round_id", "game", "game_name", "mode", "mode_label", "state", "started_utc", "settled_utc",
                    *ROUND_MONEY, "payout_x", "capped", "features", "outcome", "funded_by_side_draw"),
              money=ROUND_MONEY)
    yield t.header
    for r in snap.rounds():
        spec = specs.get(r.game)
        yield t.row({"round_id": r.id, "game": r.game, "game_name": spec.name if spec else r.game, "mode": r.mode,
                     "mode_label": _label(spec, r.mode), "state": r.state, "started_utc": utc(r.started_at),
                     "settled_utc": utc(r.settled_at), "bet": r.bet_cents, "cost": r.cost_cents,
                     "win": None if r.state == "voided" else r.win_cents, "balance_before": r.balance_before,
                     "balance_after": r.balance_after, "payout_x": f"{r.payout_x100 / 100:.2f}",
                     "capped": "yes" if r.capped else "no", "features": " ".join(r.features),
                     "outcome": _outcome(r.outcome), "funded_by_side_draw": r.funded_by})


def _side_draws(snap: ledger_export.Snapshot, cur: Currency, specs: Mapping[str, Any]) -> Iterator[list[Any]]:
    t = Table(cur, ("side_draw_id", "time_utc", "round_id", "kind", "stake", "won", "prize", "paid", "detail"),
              money=("stake", "prize", "paid"))
    yield t.header
    for d in snap.side_draws():
        yield t.row({"side_draw_id": d["id"], "time_utc": utc(d["created_at"]), "round_id": d["round_id"],
                     "kind": d["kind"], "stake": d["stake_cents"], "won": "yes" if d["won"] else "no",
                     "prize": d["prize_cents"], "paid": d["prize_cents"] if d["won"] else 0,
                     "detail": json.dumps(d["detail"], sort_keys=True)})


def _events(snap: ledger_export.Snapshot, cur: Currency, specs: Mapping[str, Any]) -> Iterator[list[Any]]:
    t = Table(cur, ("event_id", "time_utc", "kind", "amount", "detail"), money=("amount",))
    yield t.header
    for eid, kind, detail, at in snap.events():
        amount = next((detail[k] for k in MONEY_IN_EVENTS if type(detail.get(k)) is int), None)
        yield t.row({"event_id": eid, "time_utc": utc(at), "kind": kind, "amount": amount,
                     "detail": json.dumps(detail, sort_keys=True, default=str)})


Rows = Callable[[ledger_export.Snapshot, Currency, Mapping[str, Any]], Iterator[list[Any]]]
TABLES: tuple[tuple[str, Rows], ...] = (("meters-cabinet", _cabinet_meters), ("meters-games", _game_meters),
                                        ("rounds", _rounds), ("side-draws", _side_draws), ("events", _events))
SUMMARY = "summary"


# ------------------------------------------------------------------ the files

class _Hashing:
    """A text sink for csv.writer that keeps the sha256 and size of what it writes."""

    def __init__(self, f: Any):
        self.f, self.sha, self.size = f, hashlib.sha256(), 0

    def write(self, text: str) -> int:
        data = text.encode("utf-8")
        self.sha.update(data)
        self.size += len(data)
        return self.f.write(data)


def _write_part(part: Path, write: Callable[[_Hashing], int]) -> tuple[str, int, int]:
    """(sha256, rows, bytes) of a file written to `part` and synced."""
    with open(part, "xb") as f:
        sink = _Hashing(f)
        rows = write(sink)
        f.flush()
        os.fsync(f.fileno())
    return sink.sha.hexdigest(), rows, sink.size


def _csv(rows: Iterator[list[Any]], mark: str | None = None) -> Callable[[_Hashing], int]:
    def write(sink: _Hashing) -> int:
        out = csv.writer(sink, lineterminator="\r\n")
        if mark:                                 # a forensic set: its first line says so, before the header
            out.writerow([mark])
        n = -1                                   # the header is not a row
        for n, row in enumerate(rows):
            out.writerow(row)
        return max(n, 0)
    return write


def _text(text: str) -> Callable[[_Hashing], int]:
    def write(sink: _Hashing) -> int:
        sink.write(text)
        return 0
    return write


def part(path: Path) -> Path:
    """Where a file of the set is written until it is complete."""
    return path.with_name(f".{path.name}.part")


def _names(folder: Path, stamp: str, prefix: str = "") -> dict[str, Path]:
    """The set's final names, none of them (nor their part files) taken; else the next
    suffix: -2, -3, ..."""
    n = 1
    while True:
        tail = stamp if n == 1 else f"{stamp}-{n}"
        names = {what: folder / f"{prefix}{what}-{tail}.{'json' if what == SUMMARY else 'csv'}"
                 for what in (*(w for w, _ in TABLES), SUMMARY)}
        if not any(os.path.lexists(p) or os.path.lexists(part(p)) for p in names.values()):
            return names
        n += 1


def _publish(part: Path, final: Path) -> None:
    """Give a complete file its name, never over an existing file."""
    try:
        os.link(part, final)                    # fails if the name is taken
        os.unlink(part)
    except FileExistsError:
        raise
    except OSError:                             # a filesystem without hard links (FAT on a USB stick)
        if os.path.lexists(final):
            raise FileExistsError(final) from None
        os.rename(part, final)


def _why(exc: OSError) -> str:
    return exc.strerror or str(exc) or type(exc).__name__


def summary(snap: ledger_export.Snapshot, cur: Currency, by: str, files: dict[str, Written]) -> dict[str, Any]:
    verdict = release.check_program()
    found, differences = verdict.found, verdict.problems
    report = snap.report
    if report is None:                           # a forensic set: nothing was verified
        audited: dict[str, Any] = {"result": unverified_mark(snap.unverified or "unknown")}
    else:
        audited = {"result": "ok", "checked": report.summary(), "chain_entries": report.entries,
                   "chain_head": report.head, "open_rounds": report.open_rounds}
    return {
        **({"UNVERIFIED": unverified_mark(snap.unverified or "unknown")} if report is None else {}),
        "report": "cabinet report export" + (" (forensic, unverified)" if report is None else ""),
        "exported_at_utc": utc(snap.taken_at), "by": by,
        "cabinet": {"id": snap.cabinet, "version": program.version(), "ledger_format": snap.version},
        "program": {"manifest": program.MANIFEST_NAME, "manifest_sha256": program.manifest_digest(),
                    "critical_files": len(found), "differences": len(differences),
                    "first_differences": differences[:5], "signer": verdict.signer_line(),
                    "verified": not differences},
        "audit": audited,
        "span": {"from_utc": utc(snap.created_at), "to_utc": utc(snap.taken_at),
                 "period_since_utc": utc(snap.period.get("since")) or utc(snap.created_at)},
        "currency": {"code": cur.code, "symbol": cur.sign, "minor_units": cur.minor_units},
        "balance": {"minor": snap.lifetime["balance"], "shown": cur.format(snap.lifetime["balance"])},
        "files": {w.path.name: {"sha256": w.sha256, "rows": w.rows, "bytes": w.size} for w in files.values()},
    }


def _folder(folder: Path, key: str) -> Path:
    folder = Path(os.path.abspath(folder))
    try:
        check_data_dir(folder, key)
        folder.mkdir(parents=True, exist_ok=True)
    except ConfigError as exc:
        raise ExportFailed(str(exc)) from None
    except OSError as exc:
        raise ExportFailed(f"{key} {folder}: cannot be created ({_why(exc)})") from None
    return folder


def _write_set(snap: ledger_export.Snapshot, names: dict[str, Path], currency: Currency, specs: Mapping[str, Any],
               by: str, mark: str | None = None) -> dict[str, Written]:
    """Every file of the set written to its part file (the summary last)."""
    written = {}
    for what, rows in TABLES:
        written[what] = Written(names[what], *_write_part(part(names[what]), _csv(rows(snap, currency, specs), mark)))
    text = json.dumps(summary(snap, currency, by, written), indent=2) + "\n"
    written[SUMMARY] = Written(names[SUMMARY], *_write_part(part(names[SUMMARY]), _text(text)))
    return written


def _publish_set(folder: Path, names: dict[str, Path], published: list[Path]) -> None:
    for what in (*(w for w, _ in TABLES), SUMMARY):
        _publish(part(names[what]), names[what])
        published.append(names[what])
    sync_dir(folder)


def _remove(paths: Iterable[Path]) -> None:
    for p in paths:
        try:
            p.unlink(missing_ok=True)
        except OSError:
            pass


def export(led: Ledger, folder: Path, currency: Currency, specs: Mapping[str, Any], by: str = "operator",
           now: float | None = None, key: str = "report_dir") -> list[Written]:
    """Write the report set into `folder` and log it; the files written (the summary
    last). ExportFailed: the folder (one line starting with `key`, nothing left
    behind); LedgerError: the audit failed or the ledger could not be read (the
    caller locks)."""
    folder = _folder(folder, key)
    names = _names(folder, time.strftime("%Y%m%dT%H%M%SZ", time.gmtime(now)))
    published: list[Path] = []
    try:
        try:
            with ledger_export.snapshot(led) as snap:
                written = _write_set(snap, names, currency, specs, by)
                assert snap.report is not None
                audit_line = snap.report.summary()
                head = snap.report.head
            _publish_set(folder, names, published)
        except OSError as exc:
            raise ExportFailed(f"{key} {folder}: the report could not be written ({_why(exc)}); "
                               "nothing was kept") from None
        led.log_event(EVENT, {"audit": "ok", "by": by, "checked": audit_line, "folder": str(folder), "head": head,
                              "files": {w.path.name: w.sha256 for w in written.values()}})
    except BaseException:
        _remove([*(part(p) for p in names.values()), *published])     # nothing half-written, nothing unlogged
        raise
    return list(written.values())


def unverified_mark(reason: str) -> str:
    """What every file of a forensic set says first."""
    return f"UNVERIFIED: the ledger failed its audit: {' '.join(reason.split())}"


def export_forensic(ledger_path: Path, folder: Path, currency: Currency, specs: Mapping[str, Any], reason: str,
                    by: str = "command line", now: float | None = None, key: str = "--export-report") -> list[Written]:
    """A forensic set of a ledger that failed its audit (`reason`): the same CSVs and
    summary, read without the audit from a read-only connection, every file named
    `unverified-*` and marked first "UNVERIFIED: the ledger failed its audit: <reason>"
    (a CSV's first line, before its header; the summary's first key), and nothing
    written to the ledger (not even the export's event). ExportFailed: the folder;
    LedgerError: the file cannot be read at all."""
    folder = _folder(folder, key)
    names = _names(folder, time.strftime("%Y%m%dT%H%M%SZ", time.gmtime(now)), prefix="unverified-")
    published: list[Path] = []
    try:
        try:
            with ledger_export.forensic(ledger_path, reason) as snap:
                written = _write_set(snap, names, currency, specs, by, unverified_mark(reason))
            _publish_set(folder, names, published)
        except OSError as exc:
            raise ExportFailed(f"{key} {folder}: the report could not be written ({_why(exc)}); "
                               "nothing was kept") from None
    except BaseException:
        _remove([*(part(p) for p in names.values()), *published])
        raise
    return list(written.values())
