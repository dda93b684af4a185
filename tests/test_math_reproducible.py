"""Reproducible libraries: the same source builds the same bytes for any --workers,
BLAS thread count, BLAS kernel or numpy SIMD level (the optimizer's arithmetic is
exact sums and IEEE basic operations: cabinet/math/optimize.py), and `build --check`
says so, or names the array that differs."""
from __future__ import annotations

import hashlib
import json
import math
import os
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from cabinet.math.books import compare_library, mode_file_bytes
from cabinet.math.exact_float import exact_colsums, exp_nonpositive, log_positive, lstsq
from cabinet.math.optimize import optimize

ROOT = Path(__file__).resolve().parents[1]
TOY = "tests.toygame"
TOY_BOOKS = "4000"

# the optimizer on 200,000 synthetic books with two held feature rates; prints the
# weights' sha256 and λ's bits (the old BLAS/np.exp optimizer gave three different
# hashes for the three environments below)
SYNTHETIC = """
import hashlib, sys
from fractions import Fraction
import numpy as np
from cabinet.math.optimize import optimize
rng = np.random.default_rng(7)
n = 200_000
bonus = rng.random(n) < 0.01
tier = bonus & (rng.random(n) < 0.2)
pay = np.where(rng.random(n) < 0.3, rng.choice([20, 50, 100, 200, 500, 1000, 2500], n), 0)
pay = (pay + np.where(bonus, rng.integers(2_000, 60_000, n), 0) + np.where(tier, 5_000, 0)).astype(np.int64)
pay[:30] = 400_000
bonus[:30] = tier[:30] = True
stratum = np.full(n, -1)
stratum[:30] = 0
w, rep = optimize(pay, stratum, [2e-5], 100, Fraction("0.955"), features=np.column_stack([bonus, tier]),
                  rates={0: 0.0102, 1: 0.0019}, rate_sigma={0: 2e-4, 1: 1e-4})
print(hashlib.sha256(w.tobytes()).hexdigest(), rep["lambda"].hex(), rep["tilt"]["kl"].hex())
"""


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_CORETYPE",
                        "NPY_DISABLE_CPU_FEATURES")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT), **extra)
    return env


def _other_machine() -> dict[str, str]:
    """Settings that make this machine compute like an older one: OpenBLAS's Sandy
    Bridge kernels, and numpy without its AVX2/FMA loops where it has them."""
    extra = {"OPENBLAS_CORETYPE": "Sandybridge", "OPENBLAS_NUM_THREADS": "1"}
    try:
        from numpy._core._multiarray_umath import __cpu_dispatch__, __cpu_features__
    except ImportError:
        return extra
    if "X86_V3" in __cpu_dispatch__ and __cpu_features__.get("X86_V3"):
        extra["NPY_DISABLE_CPU_FEATURES"] = "X86_V3"
    return extra


@pytest.mark.slow
def test_optimizer_weights_do_not_depend_on_threads_blas_kernels_or_simd():
    envs = [{"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"},
            {"OPENBLAS_NUM_THREADS": "2", "OMP_NUM_THREADS": "2"},
            _other_machine()]
    outs = [subprocess.run([sys.executable, "-c", SYNTHETIC], cwd=ROOT, env=_env(**e), capture_output=True,
                           text=True, timeout=300) for e in envs]
    for o in outs:
        assert o.returncode == 0, o.stderr[-2000:]
    assert len({o.stdout for o in outs}) == 1, [o.stdout for o in outs]


def test_exact_sums_do_not_depend_on_the_order_of_the_terms():
    rng = np.random.default_rng(5)
    a = rng.standard_normal((5000, 3)) * np.exp(rng.uniform(-40, 40, (5000, 3)))
    a[:3, 0] = [1e300, -1e300, 1e-300]
    want = [math.fsum(a[:, j].tolist()) for j in range(3)]
    assert exact_colsums(a) == want
    for _ in range(3):
        assert exact_colsums(a[rng.permutation(len(a))]) == want


def test_exp_and_log_are_within_a_few_ulps_of_numpys():
    rng = np.random.default_rng(6)
    x = -rng.uniform(0, 699, 200_000)
    x[:3] = [0.0, -1e-300, -0.5]
    assert np.all(np.abs(exp_nonpositive(x) - np.exp(x)) <= 2 * np.spacing(np.exp(x)))
    assert exp_nonpositive(np.array([-800.0]))[0] == 0.0
    y = np.exp(rng.uniform(-600, 600, 200_000))
    assert np.all(np.abs(log_positive(y) - np.log(y)) <= 2 * np.spacing(np.abs(np.log(y))) + 1e-300)
    near = 1 + rng.uniform(-1e-6, 1e-6, 10_000)
    assert np.all(np.abs(log_positive(near) - np.log(near)) <= 4 * np.spacing(np.abs(np.log(near))))


def test_jacobi_least_squares_is_numpys_least_norm_solution():
    rng = np.random.default_rng(8)
    a = rng.standard_normal((7, 7))
    a[:, 4] = a[:, 3] * 2.0                      # rank deficient: the least-norm solution
    a[0] *= 1e6                                  # one row far heavier (the RTP's moment)
    b = rng.standard_normal(7)
    x = np.array(lstsq(a.tolist(), b.tolist()))
    ref = np.linalg.lstsq(a, b, rcond=None)[0]
    assert np.abs(x - ref).max() < 1e-9 * max(1.0, np.abs(ref).max())


def _books(seed=9, n=40_000):
    rng = np.random.default_rng(seed)
    bonus = rng.random(n) < 0.02
    pay = np.where(rng.random(n) < 0.3, rng.choice([50, 100, 200, 500], n), 0)
    pay = (pay + np.where(bonus, rng.integers(1_000, 9_000, n), 0)).astype(np.int64)
    pay[:25] = 300_000
    bonus[:25] = True
    stratum = np.full(n, -1)
    stratum[:25] = 0
    return pay, stratum, bonus[:, None]


def test_the_solution_does_not_depend_on_the_order_of_the_books():
    """Same tilt bits and the same weights (up to which of equal books takes a rounding
    unit) for the books in another order."""
    pay, stratum, feats = _books()
    args = ([1e-5], 100, Fraction("0.95"))
    w, rep = optimize(pay, stratum, *args, features=feats, rates={0: 0.021}, rate_sigma={0: 1e-4})
    perm = np.random.default_rng(1).permutation(len(pay))
    w2, rep2 = optimize(pay[perm], stratum[perm], *args, features=feats[perm], rates={0: 0.021},
                        rate_sigma={0: 1e-4})
    for key in ("lambda", "mu", "kl_natural", "feature_miss", "rtp"):
        assert rep[key] == rep2[key], key
    for p in np.unique(pay):
        assert sorted(w[pay == p].tolist()) == sorted(w2[pay[perm] == p].tolist()), p


def _cli(*args: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cabinet.math", *args], cwd=ROOT, env=_env(**env),
                          capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def toy_builds(tmp_path_factory):
    """The toy library built twice: 1 worker and one BLAS thread, 2 workers and two."""
    one, two = tmp_path_factory.mktemp("repro1") / "books", tmp_path_factory.mktemp("repro2") / "books"
    a = _cli("build", TOY, "--books", TOY_BOOKS, "--out", str(one), "--workers", "1",
             OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
    b = _cli("build", TOY, "--books", TOY_BOOKS, "--out", str(two), "--workers", "2",
             OPENBLAS_NUM_THREADS="2", OMP_NUM_THREADS="2")
    assert a.returncode == 0 and b.returncode == 0, (a.stderr[-2000:], b.stderr[-2000:])
    return one, two


@pytest.mark.slow
def test_builds_with_other_workers_and_threads_are_byte_identical(toy_builds):
    one, two = toy_builds
    names = sorted(p.name for p in one.iterdir())
    assert names == sorted(p.name for p in two.iterdir()) and "manifest.json" in names and len(names) == 3
    for name in names:
        assert (one / name).read_bytes() == (two / name).read_bytes(), name
    meta = json.loads(np.load(one / "base.npz")["meta"].tobytes())
    tilt = meta["optimizer"]["tilt"]
    assert 0 < tilt["kl_least"] <= tilt["kl"] and tilt["max_log_ratio"] > 0


@pytest.mark.slow
def test_check_passes_on_a_fresh_build_and_names_a_weight_changed_by_one(toy_builds, tmp_path):
    one, _ = toy_builds
    ok = _cli("build", TOY, "--books", TOY_BOOKS, "--out", str(one), "--check", "--workers", "2")
    assert ok.returncode == 0, ok.stderr[-2000:]
    assert "toygame/base: identical" in ok.stdout and "toygame/buy_bonus: identical" in ok.stdout
    assert "toygame manifest.json: identical" in ok.stdout
    changed = tmp_path / "books"
    shutil.copytree(one, changed)
    path = changed / "base.npz"
    with np.load(path) as z:
        arrays = {k: z[k] for k in z.files if k != "meta"}
        meta = json.loads(z["meta"].tobytes())
    arrays["weight"] = arrays["weight"].copy()
    arrays["weight"][7] += 1
    path.write_bytes(mode_file_bytes(arrays, meta)[0])
    before = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in changed.iterdir()}
    bad = _cli("build", TOY, "--books", TOY_BOOKS, "--out", str(changed), "--check")
    assert bad.returncode == 1, bad.stderr[-2000:]
    n = len(arrays["weight"])
    assert f"toygame/base: differs: weight: 1 of {n:,} entries differ (largest difference 1)" in bad.stdout
    assert "toygame/buy_bonus: identical" in bad.stdout
    assert before == {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in changed.iterdir()
    }  # nothing installed


@pytest.mark.slow
def test_check_and_plan_together_is_one_line_exit_2():
    r = _cli("build", TOY, "--check", "--plan")
    assert r.returncode == 2 and r.stderr.strip().count("\n") == 0 and "--check" in r.stderr


@pytest.mark.slow
def test_compare_library_names_meta_fields_a_missing_file_and_the_manifest(toy_builds, tmp_path):
    one, _ = toy_builds
    other = tmp_path / "other"
    shutil.copytree(one, other)
    path = other / "buy_bonus.npz"
    with np.load(path) as z:
        arrays = {k: z[k] for k in z.files if k != "meta"}
        meta = json.loads(z["meta"].tobytes())
    meta["optimizer"]["lambda"] += 1e-12
    path.write_bytes(mode_file_bytes(arrays, meta)[0])
    (other / "base.npz").unlink()
    doc = json.loads((other / "manifest.json").read_text())
    doc["fingerprint"] = "0" * 64
    (other / "manifest.json").write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n")
    lines = dict((line.split(":")[0], (ok, line)) for ok, line in
                 compare_library(one, other, "toygame", ["base", "buy_bonus"]))
    assert lines["toygame/base"] == (False, f"toygame/base: differs: not in {other}")
    ok, line = lines["toygame/buy_bonus"]
    assert not ok and "meta: 1 field(s) differ (optimizer.lambda)" in line
    ok, line = lines["toygame manifest.json"]
    assert not ok and "fingerprint" in line
