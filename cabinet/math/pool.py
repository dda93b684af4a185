"""One way to run the tools' independent tasks: in this process, on a pool of local
worker processes, or on a Dask cluster (`--scheduler tcp://host:port`, or 'local' for
a LocalCluster of `workers` processes). Results always come back in task order, so
what a tool writes never depends on where or in which order the tasks ran.

Progress: `Progress` is one tqdm bar over the tasks' estimated costs (so the ETA is
honest when a few tasks cost a thousand times the rest), with a count of what is done.
`Clock` times a tool's phases, wall and CPU (with the pools' workers, `cpu_seconds`).

Memory: `keep_heap` (in this process and in every local worker) keeps freed blocks of
up to MMAP_KEEP in the heap: glibc otherwise hands a large numpy temporary back to the
OS when it is freed and page-faults a new one in at the next call, which costs a
lockstep engine (the games' simulate, play_batch) 5-10% of its CPU time. No result
depends on it.
"""
from __future__ import annotations

import ctypes
import resource
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import nullcontext
from typing import Any, Callable, Sequence


class Progress:
    """A tqdm bar on stderr over `total` cost units; `done(cost, n)` adds a finished
    task of that cost and `n` items (books, rounds) to the count shown."""

    def __init__(self, total: float, unit: str, desc: str = "", enabled: bool = True):
        self.items = 0
        self.unit = unit
        self.total = max(float(total), 1e-9)
        self.left = self.total
        self.bar = None
        if enabled:
            from tqdm import tqdm
            self.bar = tqdm(total=self.total, desc=desc, file=sys.stderr, unit="",
                            bar_format="{desc} {percentage:3.0f}%|{bar}| [{elapsed}<{remaining}{postfix}]",
                            dynamic_ncols=True, mininterval=0.5)

    def done(self, cost: float, n: int = 0) -> None:
        self.items += n
        step = min(cost, self.left)
        self.left -= step
        if self.bar is not None:
            self.bar.set_postfix_str(f"{self.items:,} {self.unit}", refresh=False)
            # the count set, not summed: float sums of the steps can pass the total by
            # an ulp, which tqdm warns about (clamping frac to range [0, 1])
            self.bar.n = min(self.total - self.left, self.total)
            self.bar.update(0)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


MMAP_KEEP = 256 * 2**20           # bytes: blocks up to this size come from the heap, not mmap
TRIM_KEEP = 512 * 2**20           # bytes: free memory kept at the heap's top before it is given back
_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3       # glibc's mallopt parameters


def keep_heap() -> None:
    """glibc's mallopt: big blocks from the heap and its top kept (see the module
    docstring); nothing where the C library has no mallopt."""
    try:
        libc = ctypes.CDLL(None)
        libc.mallopt(_M_MMAP_THRESHOLD, MMAP_KEEP)
        libc.mallopt(_M_TRIM_THRESHOLD, TRIM_KEEP)
    except (OSError, AttributeError, TypeError):  # TypeError: CDLL(None) on Windows
        pass


def run(fn: Callable[[Any], Any], tasks: Sequence[Any], workers: int = 1, scheduler: str | None = None,
        order: Sequence[int] | None = None, on_done: Callable[[int, Any], None] | None = None) -> list[Any]:
    """fn(task) for every task; results in task order. `order` is the submission
    order (e.g. costliest first); `on_done(i, result)` is called as each finishes."""
    order = list(range(len(tasks))) if order is None else list(order)
    results: list[Any] = [None] * len(tasks)

    def finish(i: int, res: Any) -> None:
        results[i] = res
        if on_done is not None:
            on_done(i, res)

    if scheduler:
        from dask.distributed import Client, LocalCluster
        from dask.distributed import as_completed as dask_completed
        local = scheduler == "local"
        with (LocalCluster(n_workers=max(1, workers), threads_per_worker=1, dashboard_address=None,
                           processes=True) if local else nullcontext()) as cluster, \
                Client(scheduler if cluster is None else cluster.scheduler_address) as client:
            futures = [client.submit(fn, tasks[i], pure=False, priority=len(order) - k) for k, i in enumerate(order)]
            index = {f.key: i for f, i in zip(futures, order)}
            for fut in dask_completed(futures):
                finish(index[fut.key], fut.result())
    elif workers <= 1:
        keep_heap()
        for i in order:
            finish(i, fn(tasks[i]))
    else:
        with ProcessPoolExecutor(max_workers=workers, initializer=keep_heap) as pool:
            futs = {pool.submit(fn, tasks[i]): i for i in order}
            try:
                for fut in as_completed(futs):
                    finish(futs[fut], fut.result())
            except BaseException:
                for fut in futs:
                    fut.cancel()
                raise
    return results


def cpu_seconds() -> float:
    """CPU seconds of this process and its finished workers (each pool's are, when it closes)."""
    return sum(getattr(resource.getrusage(who), f) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
               for f in ("ru_utime", "ru_stime"))


class Clock:
    """Wall seconds between laps, added to `into` under each lap's name (None: not kept);
    the CPU seconds of each lap (with the workers of the pools it ran) go to `into_cpu`."""

    def __init__(self, into: dict[str, float] | None, into_cpu: dict[str, float] | None = None):
        self.into, self.into_cpu, self.t, self.c = into, into_cpu, time.perf_counter(), cpu_seconds()

    def lap(self, name: str) -> float:
        now, cpu = time.perf_counter(), cpu_seconds()
        took, self.t = now - self.t, now
        if self.into is not None:
            self.into[name] = self.into.get(name, 0.0) + took
        if self.into_cpu is not None:
            self.into_cpu[name] = self.into_cpu.get(name, 0.0) + cpu - self.c
        self.c = cpu
        return took
