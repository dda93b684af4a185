"""One BLAS thread per process, set before numpy is first imported.

The tools run in parallel by processes (`--workers`, or Dask workers, which start
with one BLAS thread each); numpy's OpenBLAS would add its own threads to every
process. On a busy 2-core machine they spin against the workers (the build's weights
took 5-20x the CPU: GH buy_vaults 9.8 s -> 0.6 s), so they are refused. A library's
bytes no longer depend on them: the optimizer uses no BLAS (its sums are exact,
cabinet/math/optimize.py), so any thread count builds the same weights
(tests/test_math_reproducible.py). A caller's own setting of these variables is kept.
"""
import os

VARIABLES = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")


def one_blas_thread() -> None:
    for var in VARIABLES:
        os.environ.setdefault(var, "1")
