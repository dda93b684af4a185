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
(chain.py). The key is config `ledger_key`: a file outside the data folder that the
operator provisions (readable by the cabinet, owned by another user; made 0600 only
if missing; under real play a key file or folder writable by its group or everyone
locks: files.key_protection_problem), or, in demo play, `<data_dir>/cabinet.key` (made
0600 with the database). Without it nobody can write a row, or change one, whose link
verifies, and deleting a row leaves a gap in `seq`.

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

The witness (witness.py). After every committed transaction the head (seq, link, the
ledger's identity, running or closed cleanly), MAC'd with the key, is written to
`<data_dir>/ledger.head` and to `<ledger_witness>/ledger.head` when configured (another
disk): two 4096-byte slots written alternately, one fdatasync each. Every open (a
start, --audit, --meters, --export-report) compares them with the database: a
database behind its witness (an older copy restored; a main file whose WAL was lost
after an unclean stop, named as such), a chain that holds another link at the
witness's place, another ledger's witness, a witness missing for a ledger that is not
new, or a database ahead by more than its last transaction (the one a stop between
COMMIT and the witness write can leave) is "ledger rolled back or replaced: ..." and
locks.

Locks. Any failure raises LedgerError naming the first bad row; the cabinet locks.
Whatever else opening or reading a damaged file raises (a flipped byte in the schema
text is a UnicodeDecodeError) is a LedgerError too, "ledger ... cannot be read: ...".
Verification runs on a read-only connection, so a ledger that fails is left
byte-identical; a ledger that failed at runtime refuses every write from then on.
A storage error (disk full, I/O; a witness that cannot be written) rolls its
transaction back or stops after it (StorageError, "storage error, call attendant"):
nothing is lost, an open round stays open and the next start resumes it. Locks cannot
be logged in the ledger they lock: they go to `<data_dir>/pending_events.jsonl`, each
line MAC'd with the key, and into the event log at the next trusted start (or into the
fresh ledger of a RAM CLEAR); a line whose MAC does not verify is logged only as
`pending_forged` (files.pending).

One cabinet per data folder (instance.py): a cabinet's ledger holds an flock on
`<data_dir>/cabinet.lock`; a second one is refused naming the pid. `--audit` of an
evidence copy in a read-only folder opens it read-only (immutable without a WAL) and
writes nothing.

Files (files.py). A fresh ledger (and key, unless the operator's exists) and demo
credit are made only when no database, no key of its own in the data folder and no
trace of an earlier ledger (a witness, a printed ticket) exists; a missing, empty or
foreign database with the key, or a database without the key, locks with "ledger
missing or replaced". Only the operator's RAM CLEAR (`Ledger.ram_clear`) starts fresh:
the old files (the operator's key stays where it is) are moved, untouched, into
`<data_dir>/ramclear-<time>/`, new witnesses are written, and the clear is logged in
the new ledger.

What it cannot see (docs/ledger_trust.md). Whoever holds the key can forge entries;
whoever holds the key and every witness can also roll back; the root user of the
cabinet's machine can do both. In demo play the key and the only witness sit in the
data folder: they stop mistakes (a lost WAL, an old backup put back alone), not an
attacker with that folder.
"""
from .audit import Report
from .errors import InsufficientCredit, LedgerError, StorageError
from .files import KEY_NAME
from .records import RoundRecord
from .store import Ledger
from .tables import METERS, RESULT_SHOWN

__all__ = ["Ledger", "LedgerError", "StorageError", "InsufficientCredit", "RoundRecord", "Report", "METERS",
           "KEY_NAME", "RESULT_SHOWN"]
