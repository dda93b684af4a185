"""`python -m cabinet.math VERB ...`: see `cabinet.math.cli`.

The tools run in parallel by processes (`--workers`); numpy's BLAS (OpenBLAS) would
add its own threads to every process (the optimizer's least-squares steps), which on
a busy machine spin against the workers: the build's weights took 5-20x the CPU
(GH buy_vaults 9.8 s -> 0.6 s with one thread) for the same result. So one BLAS
thread per process, unless the caller's environment says otherwise.
"""
import os
import sys

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

from .cli import main  # noqa: E402  (numpy is imported after the thread limits are set)

sys.exit(main())
