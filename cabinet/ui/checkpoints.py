"""The ledger's writer: presentation checkpoints, and the commits of rounds started and
settled from the frame loop, written off it.

`call(fn)` runs `fn(ledger)` on the writer's own connection, in order with everything
queued before it, and returns a Future: the SPIN press hands the round's record
(Cabinet.record_round) to it and the presentation begins in a later frame, once the
commit returned (a round is durable before anything of it moves); a settlement goes
the same way. Kill the process at any moment: a commit that did not finish recorded
nothing, one that did is in the ledger, as when it ran in the frame.

A checkpoint is a durable SQLite commit (WAL, synchronous=FULL): ~10 ms of fsync on
this machine, too long for a 16.7 ms frame. A worker thread opens its own `Ledger`
on the same file (sqlite connections are per thread) and writes them there,
coalescing a burst into the highest step. Losing the last few to a crash only means
the resumed round replays a little more of its presentation: the money was settled
by the round record itself, never by a checkpoint. A write that fails (disk full, I/O
error) locks the cabinet ("storage error, call attendant"); once the cabinet is
locked nothing more is written.
"""
from __future__ import annotations

import queue
import threading
from concurrent.futures import Future
from typing import Any, Callable


class CheckpointWriter:
    """`put(round_id, step)` returns at once; `flush()` waits until all are written."""

    def __init__(self, cabinet: Any):
        self.cabinet = cabinet
        ledger = getattr(cabinet, "ledger", None)
        self.path = getattr(ledger, "path", None)
        self._queue: queue.Queue = queue.Queue()
        self._thread: threading.Thread | None = None
        self.errors: list[str] = []
        self.ledger: Any = None              # the writer thread's own connection, once open
        self._opened = threading.Event()
        if self.path is not None:
            self._thread = threading.Thread(target=self._run, name="checkpoints", daemon=True)
            self._thread.start()

    def put(self, round_id: int, step: int) -> None:
        if self._thread is None:
            self.cabinet.checkpoint(round_id, step)     # no ledger file: write in place
        else:
            self._queue.put((round_id, step))

    @property
    def threaded(self) -> bool:
        return self._thread is not None

    def call(self, fn: Callable[[Any], Any]) -> Future:
        """Run `fn(ledger)` on the writer's connection after what is queued; its result
        or exception in the Future. Without a writer thread, run on the cabinet's own
        ledger now. Nothing runs once the cabinet is locked (CabinetLocked)."""
        future: Future = Future()
        if self._thread is None:
            try:
                future.set_result(fn(getattr(self.cabinet, "ledger", None)))
            except BaseException as exc:
                future.set_exception(exc)
            return future
        self._queue.put(("call", fn, future))
        return future

    def connection(self) -> Any:
        """The writer's own Ledger connection (None: none), once its thread opened it."""
        if self._thread is not None:
            self._opened.wait(10)
        return self.ledger

    def flush(self) -> None:
        if self._thread is not None:
            self._queue.join()

    def close(self) -> None:
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join(timeout=5)
            self._thread = None

    def _failed(self, message: str) -> None:
        self.errors.append(message)
        lock = getattr(self.cabinet, "lock", None)
        if lock is not None:
            lock(message)               # the app shows the lock screen on its next frame

    def _write_checkpoints(self, ledger: Any, best: dict[int, int]) -> None:
        for rid, step in best.items():
            try:
                if ledger is not None and not getattr(self.cabinet, "locked", None):
                    ledger.checkpoint(rid, step)
            except Exception as exc:
                self._failed(str(exc))

    def _run_call(self, ledger: Any, fn: Callable[[Any], Any], future: Future) -> None:
        """One commit handed over by the frame loop; a LedgerError also locks the cabinet."""
        from cabinet.core.cabinet import CabinetLocked
        from cabinet.core.ledger import LedgerError
        locked = getattr(self.cabinet, "locked", None)
        if ledger is None or locked:
            future.set_exception(CabinetLocked(locked or "the ledger writer has no connection"))
            return
        try:
            future.set_result(fn(ledger))
        except LedgerError as exc:
            self._failed(str(exc))
            future.set_exception(CabinetLocked(str(exc)))
        except BaseException as exc:
            future.set_exception(exc)

    def _run(self) -> None:
        from cabinet.core.ledger import Ledger
        try:
            assert self.path is not None        # the thread runs only for a ledger with a file
            ledger = Ledger.attach(self.path)
        except Exception as exc:            # the main connection keeps working; say why
            self._failed(str(exc))
            ledger = None
        self.ledger = ledger
        self._opened.set()
        while True:
            item = self._queue.get()
            batch = [item]
            while True:                     # coalesce what queued up meanwhile
                try:
                    batch.append(self._queue.get_nowait())
                except queue.Empty:
                    break
            best: dict[int, int] = {}
            stop = False
            for entry in batch:                 # in order; a run of checkpoints is coalesced
                if entry is None:
                    stop = True
                elif len(entry) == 3:
                    self._write_checkpoints(ledger, best)
                    best = {}
                    self._run_call(ledger, entry[1], entry[2])
                else:
                    rid, step = entry
                    best[rid] = max(step, best.get(rid, 0))
            self._write_checkpoints(ledger, best)
            for _ in batch:
                self._queue.task_done()
            if stop:
                if ledger is not None:
                    ledger.close()
                return
