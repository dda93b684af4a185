"""`main.py --export-report DIR [--forensic]`: the report export from the command line
(cabinet/core/reports.py writes the sets): the audited set, or for a ledger that fails
its audit the forensic one; one "<sha256>  <path>" line per file, or one line on stderr
and exit 2."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Mapping

from .ledger import export as ledger_export
from .ledger.errors import LedgerError
from .ledger.store import Ledger
from .money import Currency
from .reports import ExportFailed, export, export_forensic, unverified_mark
from .resources import program_name as prog


FORENSIC_HINT = ("; for a read-only, unverified copy of exactly what is there: "
                 "main.py --export-report DIR --forensic")


def command(ledger_path: Path, folder: str, currency: Currency, specs: Mapping[str, Any],
            forensic: bool = False) -> int:
    """`main.py --export-report DIR`: the set into DIR, one "<sha256>  <path>" line per
    file (sha256sum's format), exit 0. A missing or damaged ledger ("cabinet locked:
    ...", offering --forensic) or a folder that cannot be written: one line on stderr,
    exit 2. `--forensic` (a ledger that fails its audit): the forensic set
    (`export_forensic`), nothing written to the ledger; on a ledger that passes its
    audit it refuses (the ordinary export is the audited one)."""
    from .ledger import cli
    if not folder.strip():
        sys.stderr.write(
            f"{prog()}: --export-report needs a folder; allowed: a folder the cabinet can create and write\n"
        )
        return 2
    if forensic:
        return _forensic_command(ledger_path, folder, currency, specs)
    try:
        led = Ledger(ledger_path, create=False)
    except LedgerError as exc:
        return cli.locked(str(exc) + (FORENSIC_HINT if ledger_path.is_file() else ""))
    try:
        written = export(led, Path(folder), currency, specs, by="command line", key="--export-report")
    except ExportFailed as exc:
        sys.stderr.write(f"{prog()}: {exc}\n")
        return 2
    except LedgerError as exc:
        return cli.locked(str(exc) + FORENSIC_HINT)
    finally:
        led.close()
    return cli.say("\n".join(f"{w.sha256}  {w.path}" for w in written))


def _forensic_command(ledger_path: Path, folder: str, currency: Currency, specs: Mapping[str, Any]) -> int:
    """The audit, read-only (nothing written, not even its event), for the reason;
    then the forensic set."""
    from .ledger import cli
    reason = None
    try:
        led = Ledger(ledger_path, create=False, full_audit=True, read_only=True)
    except LedgerError as exc:
        reason = str(exc)
    else:
        try:
            with ledger_export.snapshot(led):
                pass
        except LedgerError as exc:
            reason = str(exc)
        finally:
            led.close()
    if reason is None:
        sys.stderr.write(f"{prog()}: --forensic: the ledger passes its audit; allowed: --export-report DIR without "
                         "--forensic (the audited, logged export)\n")
        return 2
    try:
        written = export_forensic(ledger_path, Path(folder), currency, specs, reason)
    except ExportFailed as exc:
        sys.stderr.write(f"{prog()}: {exc}\n")
        return 2
    except LedgerError as exc:
        return cli.locked(str(exc))
    sys.stderr.write(unverified_mark(reason) + "\n")
    return cli.say("\n".join(f"{w.sha256}  {w.path}" for w in written))
