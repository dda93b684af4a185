"""Presentation checkpoints written off the frame loop.

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
from typing import Any


class CheckpointWriter:
    """`put(round_id, step)` returns at once; `flush()` waits until all are written."""

    def __init__(self, cabinet: Any):
        self.cabinet = cabinet
        ledger = getattr(cabinet, "ledger", None)
        self.path = getattr(ledger, "path", None)
        self._queue: queue.Queue = queue.Queue()
        self._thread: threading.Thread | None = None
        self.errors: list[str] = []
        if self.path is not None:
            self._thread = threading.Thread(target=self._run, name="checkpoints", daemon=True)
            self._thread.start()

    def put(self, round_id: int, step: int) -> None:
        if self._thread is None:
            self.cabinet.checkpoint(round_id, step)     # no ledger file: write in place
        else:
            self._queue.put((round_id, step))

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

    def _run(self) -> None:
        from cabinet.core.ledger import Ledger
        try:
            assert self.path is not None        # the thread runs only for a ledger with a file
            ledger = Ledger.attach(self.path)
        except Exception as exc:            # the main connection keeps working; say why
            self._failed(str(exc))
            ledger = None
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
            for entry in batch:
                if entry is None:
                    stop = True
                    continue
                rid, step = entry
                best[rid] = max(step, best.get(rid, 0))
            for rid, step in best.items():
                try:
                    if ledger is not None and not getattr(self.cabinet, "locked", None):
                        ledger.checkpoint(rid, step)
                except Exception as exc:
                    self._failed(str(exc))
            for _ in batch:
                self._queue.task_done()
            if stop:
                if ledger is not None:
                    ledger.close()
                return
