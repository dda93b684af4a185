"""The ledger: every cent and every round, in SQLite (WAL, synchronous=FULL), in a
hash chain keyed by a secret kept outside the database.

What it records. One transaction debits a bet and records its round (with the outcome
id that regenerates it and the win it will pay) before anything is shown; the
presentation's progress is checkpointed; one transaction credits the win. Gamble and
spin-chance draws are recorded and applied in one transaction before they are shown.
Cash in and out (credits in, tickets out, handpays: cashier.py), and an event log
(`log_event(kind, detail)`: power_up, recovery, audit, lock, ram_clear, ledger_created,
paid_unshown, round_closed, pin_failure, operator_login/logout, settings_changed,
period_reset, credit_in, cash_out, handpay_pending/handpay/handpay_cancelled,
report_export, shutdown) are rows too. The reads of rounds, side draws and events are
history.py; a report export reads one audited snapshot (export.py). Money is integer cents. The operator's meters, lifetime and
since the last period reset, are summed from the entries (meters.py).

The chain. Every row of cash, side_draws and events, every round's start and every
round's settlement is one chain entry with a place `seq` (1, 2, 3... across all
tables) and a link HMAC-SHA256(key, previous link || the entry's canonical content)
(chain.py). The key is `<data_dir>/cabinet.key` (32 random bytes as hex, mode 0600,
created with the database). Without it nobody can write a row, or change one, whose
link verifies, and deleting a row leaves a gap in `seq`.

Rows that change. A round is updated twice after its start: its presentation step
(often) and its settlement (once). The design chains the immutable facts and the state
transition as separate entries instead of re-MACing the row (which would change its
link and so every link after it): the round's start is an entry over game, mode, bet,
cost, outcome, payout, win, features, balance_before, time and funded_by (columns
`seq`, `link`); the settlement is a second entry over state, win, balance_after and
time, in the same row (`settle_seq`, `settle_link`), appended when it happens. A
round set back to open loses its settlement entry: a gap, or a chain shorter than the
head. A round can instead be closed by a void entry in the same columns (state
'voided', its cost refunded: the one-day rule, closing.py), tagged differently, so a
settlement turned into a void (or back) no longer matches its link. The presentation step moves no money and is not an entry: it has its own MAC
(`checkpoint_mac` over the round id and the step), re-computed on each update;
replaying an older step and its MAC only replays more of the presentation. Once a
settled round's result has been shown in full, its checkpoint becomes RESULT_SHOWN
(the same MAC): a restart shows a winning result again until then.

The balance chain. Each money movement records the balance before and after it
(a round's start: balance_before, after = before - cost; its settlement: balance_after,
before = after - win; cash and side draws: both). Walking the chain, each movement's
balance before must be the previous movement's balance after, across rounds, cash and
side draws, and the after must be the before plus the movement.

The audit head (table audit_head, one row, one MAC) is the running checkpoint: the
last entry written (seq, link, the sums of every meter up to it), the last entry the
incremental check verified (vseq, vlink, vsums) and the digest of the saved game
states. It is advanced in the same transaction as every entry, so a row deleted at
the end (or a settlement removed) leaves the chain shorter than the head.
- At a start (seal.py): SQLite's integrity check, the tables against the schema
  (nothing is ever re-created: a dropped table locks), the identity row against the
  key; then the entries up to the seal the last start left in the head are digested
  in one SQL pass and must give its digest, and every entry after it is walked as the
  full audit walks it; every open round's state and checkpoint MAC. A digest that
  differs (or no seal) runs the full audit, which names the first bad row. The start
  then seals the chain to its head. 100,000 rounds: 1.2-1.5 s instead of 7 s
  (`python -m cabinet.math.ledger_start_bench`).
- In full (`main.py --audit`, RUN AUDIT, a start without a seal or whose digest
  differs): every entry from the first: its place, its link, its balances, each
  round's state and checkpoint MAC; at the end the chain must end exactly at the head,
  the meters table must equal the head's sums, and the game states its digest.
- Incrementally (inside every money movement's transaction, before it is written):
  the head's MAC, the entries after vseq (normally just the previous one), nothing
  beyond the head, the meters and the game states. The cost does not grow with the
  history (`python -m cabinet.math.ledger_bench` measures it with 100 and 100,000 rounds).
- On read: each round read back (resume, recall, history) and each side draw and
  event is verified against its links before it is decoded (records.py, the one place
  that decodes stored data); a settlement first re-verifies the start it pays.

Game state (feature pot levels) is protected by the head's digest, not by chain
entries: it is overwritten at each settlement, and only its current value matters;
a changed, deleted or older saved state no longer matches the digest and locks.

Locks. Any failure raises LedgerError naming the first bad row; the cabinet locks.
Verification runs on a read-only connection, so a ledger that fails is left
byte-identical; a ledger that failed at runtime refuses every write from then on.
A storage error (disk full, I/O) rolls its transaction back (StorageError, "storage
error, call attendant"): nothing is lost, an open round stays open and the next start
resumes it. Locks cannot be logged in the ledger they lock: they go to
`<data_dir>/pending_events.jsonl` and into the event log at the next trusted start
(or into the fresh ledger of a RAM CLEAR).

Files (files.py). A fresh ledger, key and demo credit are made only when neither the
database nor the key exists; a missing, empty or foreign database with the key, or a
database without the key, locks with "ledger missing or replaced". Only the
operator's RAM CLEAR (`Ledger.ram_clear`) starts fresh: the old files are moved,
untouched, into `<data_dir>/ramclear-<time>/` and the clear is logged in the new
ledger.

What it cannot see. Whoever holds the key can forge anything. A complete earlier copy
of the database restored with its own head (a rollback) is consistent in itself; a
real cabinet detects it with a counter outside the disk (NVRAM), which this desktop
build does not have.
"""
from .audit import Report
from .errors import InsufficientCredit, LedgerError, StorageError
from .files import KEY_NAME
from .records import RoundRecord
from .store import Ledger
from .tables import METERS, RESULT_SHOWN

__all__ = ["Ledger", "LedgerError", "StorageError", "InsufficientCredit", "RoundRecord", "Report", "METERS",
           "KEY_NAME", "RESULT_SHOWN"]
