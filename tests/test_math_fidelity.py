"""`python -m cabinet.math fidelity`: a fresh run of the rules against a library, figure
by figure. On the toy game: a library built from the rules is clean; one whose weight
moved between two routes of a feature (the feature's total held) is flagged naming
the route; one whose top is cut is flagged for the rules' mass above it; the report
is stamped with the library's fingerprint; the figures are the same for any number
of workers; bad arguments are one line, exit 2. And each shipped game's committed
report is stamped with its shipped libraries' fingerprint."""
from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from cabinet.core import books as B
from cabinet.core.mode_books import ModeBooks
from cabinet.core.game import discover
from cabinet.math import fidelity as F
from cabinet.math.build import build
from cabinet.math.cli import main
from cabinet.math.fidelity_report import report_fingerprint, report_manifest, report_path
from cabinet.math.fidelity_stats import Z_FLAG
from tests.toygame import GAME

TOY = "tests.toygame"
ROOT = Path(__file__).resolve().parents[1]
SMALL = {"rounds": 100_000, "buy_rounds": 20_000}


@pytest.fixture(scope="module")
def books(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("fidelity_books")
    build(TOY, books=20_000, workers=1, out=out)
    return out


@pytest.fixture(scope="module")
def lib(books) -> B.Library:
    return B.load_library(GAME, books)


def _with(lib: B.Library, mode: str, keep: np.ndarray | None = None, weight: np.ndarray | None = None) -> B.Library:
    """The library with one mode's books cut to `keep` and/or reweighted."""
    mb = lib.books(mode)
    keep = np.ones(len(mb), bool) if keep is None else keep
    w = (mb.weight if weight is None else weight)[keep]
    changed = ModeBooks(mode=mode, force=mb.force[keep], payout_x100=mb.payout_x100[keep], weight=w,
                          features=mb.features[keep], meta=mb.meta, cum=np.cumsum(w))
    return B.Library(lib.spec, {**lib.modes, mode: changed}, lib.path)


def _flagged(res: dict) -> list[tuple[str, str, str]]:
    return [(m, r["section"], r["name"]) for m, v in res["modes"].items() for r in v["rows"] if r["flag"]]


@pytest.fixture(scope="module")
def clean(lib) -> dict:
    return F.run(TOY, workers=1, lib=lib, **SMALL)


@pytest.mark.slow
def test_a_library_built_from_the_rules_is_clean(clean):
    assert _flagged(clean) == []
    for m, v in clean["modes"].items():
        s = v["summary"]
        assert s["comparisons"] >= 40, (m, s)
        assert {r["section"] for r in v["rows"]} >= {"tail", "bin", "bin mean", "band mean", "feature",
                                                      "feature mean", "route", "route mean"}, m
        assert abs(s["worst_z"]) < Z_FLAG


@pytest.mark.slow
def test_at_least_40_fine_bins_per_mode_up_to_the_cap(lib):
    for mode in ("base", "buy_bonus"):
        lay = F.layout(GAME, lib.books(mode))
        assert len(lay.labels()) >= 40
        assert lay.edges[-1] == GAME.max_win_x * 100 / lay.cost       # the toy game has a cap
        cap = GAME.max_win_x * 100
        bins = (lay.cells(np.array([0, 1, cap - 1, cap])) >> 5).tolist()
        assert bins == [0, 1, len(lay.labels()) - 2, len(lay.labels()) - 1], bins


@pytest.mark.slow
def test_a_tilted_route_is_flagged_with_the_route_named(lib):
    """Weight moved from bonus rounds without the top coin to bonus rounds with it, the
    bonus's total held: the bonus's rate is not flagged, its route is."""
    mb = lib.books("base")
    bonus = (mb.features & np.uint64(lib.feature_bit("base", "bonus"))) != 0
    top = (mb.features & np.uint64(lib.feature_bit("base", "top_coin"))) != 0
    w = mb.weight.astype(np.float64)
    moved = 2.0 * w[top].sum()                         # the top coin's route to 3x its mass
    w[top] *= 3.0
    w[bonus & ~top] *= 1 - moved / w[bonus & ~top].sum()
    tilted = _with(lib, "base", weight=np.round(w * 1000).astype(np.int64))
    res = F.run(TOY, modes=["base"], workers=1, lib=tilted, **SMALL)
    flagged = _flagged(res)
    assert ("base", "route", "bonus: share with top_coin") in flagged, flagged
    assert ("base", "feature", "bonus") not in flagged


@pytest.mark.slow
def test_a_cut_top_is_flagged_for_tail_mass(lib):
    mb = lib.books("base")
    cut = _with(lib, "base", keep=mb.payout_x100 < 100 * 100)     # no book from 100x up (the jackpot's 1,000x)
    res = F.run(TOY, modes=["base"], workers=1, lib=cut, **SMALL)
    tail = [r for r in res["modes"]["base"]["rows"] if r["section"] == "tail"]
    assert len(tail) == 1 and tail[0]["flag"], tail
    assert tail[0]["rules"] > 1e-5 and "above the library's top" in tail[0]["name"]
    uncut = F.run(TOY, modes=["base"], workers=1, lib=lib, **SMALL)
    assert not [r for r in uncut["modes"]["base"]["rows"] if r["section"] == "tail" and r["flag"]]


@pytest.mark.slow
def test_same_figures_for_any_number_of_workers(lib):
    one = F.run(TOY, rounds=30_000, buy_rounds=5_000, workers=1, lib=lib)
    two = F.run(TOY, rounds=30_000, buy_rounds=5_000, workers=2, lib=lib)
    for m in one["modes"]:
        assert json.dumps(one["modes"][m]["rows"]) == json.dumps(two["modes"][m]["rows"])


def test_fresh_seeds_are_not_the_librarys(lib):
    mb = lib.books("base")
    natural = set(mb.seeds(0, int((mb.force < 0).sum())).tolist())
    fresh = F.chunk_seeds(F.DEFAULT_SEED, "base", 0, 20_000)
    fresh_at_library_seed = F.chunk_seeds(int(mb.meta["seeds"]["seed"]), "base", 0, 20_000)
    assert not natural & set(fresh.tolist()) and not natural & set(fresh_at_library_seed.tolist())


@pytest.mark.slow
def test_the_command_writes_the_report_stamped_with_the_fingerprint(books, tmp_path, capsys):
    code = main(["fidelity", TOY, "--books-dir", str(books), "--out", str(tmp_path), "--rounds", "20000",
                 "--buy-rounds", "5000", "--workers", "1", "--seed", "7"])
    out = capsys.readouterr().out
    assert code == 0, out[-2000:]
    report = tmp_path / "toygame_fidelity.md"
    fp = json.loads((books / "manifest.json").read_text())["fingerprint"]
    assert report_fingerprint(report) == fp
    text = report.read_text()
    assert "Run seed: 7" in text and "base 20,000" in text and "buy_bonus 5,000" in text and "## Summary" in text
    assert "toygame/base: 20,000 rules rounds" in out


@pytest.mark.slow
def test_a_flagged_run_exits_1(books, tmp_path, monkeypatch):
    monkeypatch.setattr("cabinet.math.fidelity_stats.Z_FLAG", 0.5)       # any noise is flagged
    code = main(["fidelity", TOY, "--books-dir", str(books), "--out", str(tmp_path), "--rounds", "20000",
                 "--buy-rounds", "5000", "--workers", "1"])
    assert code == 1
    assert "**FLAG**" in (tmp_path / "toygame_fidelity.md").read_text()


@pytest.mark.slow
def test_a_closed_stdout_ends_the_command_quietly(books, tmp_path):
    """Its reader gone (`| head` that has exited), the command stops quietly, the report written."""
    import os
    r, w = os.pipe()
    os.close(r)
    try:
        proc = subprocess.run([sys.executable, "-m", "cabinet.math", "fidelity", TOY, "--books-dir", str(books),
                               "--out", str(tmp_path), "--rounds", "5000", "--buy-rounds", "2000", "--workers", "1"],
                              cwd=ROOT, stdout=w, stderr=subprocess.PIPE, timeout=300)
    finally:
        os.close(w)
    err = proc.stderr.decode()
    assert proc.returncode == 141 and "Traceback" not in err and "Error" not in err, err
    assert report_fingerprint(tmp_path / "toygame_fidelity.md")


@pytest.mark.parametrize("argv,words", [
    (["--rounds", "0"], ["--rounds must be a whole number from 1"]),
    (["--buy-rounds", "-3"], ["--buy-rounds must be a whole number"]),
    (["--workers", "0"], ["--workers must be a whole number from 1 to 64"]),
    (["--seed", "-1"], ["--seed", "0 to 2**63 - 1"]),
    (["--mode", "nope"], ["no mode 'nope'", "allowed: base, buy_bonus"]),
    (["--rounds", "lots"], ["invalid int value"]),
    (["--books-dir", "/nonexistent/dir"], ["book manifest missing"]),
])
def test_a_bad_argument_is_one_line_and_exit_2(books, argv, words, capsys, tmp_path):
    if "--books-dir" not in argv:
        argv = argv + ["--books-dir", str(books)]
    try:
        code = main(["fidelity", TOY, "--out", str(tmp_path)] + argv)
    except SystemExit as exc:
        code = exc.code
    err = capsys.readouterr().err
    assert code == 2, err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    for w in words:
        assert w in err, err


def test_an_unwritable_out_is_one_line_and_exit_2(books, tmp_path, capsys):
    (tmp_path / "file").write_text("x")
    code = main(["fidelity", TOY, "--books-dir", str(books), "--out", str(tmp_path / "file" / "sub"), "--rounds", "10"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "--out" in err, err


def test_an_unknown_game_is_one_line_and_exit_2(capsys):
    assert main(["fidelity", "nogame"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no game 'nogame'" in err


def _stamp_matches(report: Path, books_dir: Path, manifest: bool = False) -> bool:
    shipped = json.loads((books_dir / "manifest.json").read_text())["fingerprint"]
    digest = hashlib.sha256((books_dir / "manifest.json").read_bytes()).hexdigest()
    return report_fingerprint(report) == shipped and (not manifest or report_manifest(report) == digest)


@pytest.mark.parametrize("gid", sorted(discover()))
def test_the_committed_report_is_stamped_with_the_shipped_librarys_fingerprint(gid):
    spec = discover()[gid]
    report = report_path(spec)
    assert report.exists(), f"{report} missing: run python -m cabinet.math fidelity {gid}"
    assert _stamp_matches(report, B.default_books_dir(spec), manifest=True), \
        f"{report} is stamped {report_fingerprint(report)} / {report_manifest(report)}, not the shipped libraries' " \
        "fingerprint and books manifest: run it again"


def _flagged_in_summary(report: Path) -> dict[str, int]:
    """{mode: flagged count} from the report's summary table."""
    lines = report.read_text().splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("| mode |"))
    cols = [c.strip() for c in lines[head].strip("|").split("|")]
    out = {}
    for line in lines[head + 2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        out[cells[0].strip("`")] = int(cells[cols.index("flagged")].replace(",", ""))
    return out


@pytest.mark.parametrize("gid", sorted(discover()))
def test_the_committed_report_flags_nothing_in_any_mode(gid):
    """Issue #32's bar: the shipped libraries against a fresh run of the rules, every
    mode with 0 flagged figures (|z| > 4 or tail mass past the library's top)."""
    spec = discover()[gid]
    flagged = _flagged_in_summary(report_path(spec))
    assert set(flagged) == {m.id for m in spec.modes}, flagged
    assert not {m: n for m, n in flagged.items() if n}, f"{gid}: flagged figures in {flagged}"


def test_the_flag_count_is_read_from_the_summary(tmp_path):
    doctored = tmp_path / "report.md"
    doctored.write_text("# Fidelity\n\n## Summary\n\n| mode | rules rounds | flagged | worst |\n|---|---|---|---|\n"
                        "| `base` | 1,000,000 | 0 | 1.2 |\n| `ante` | 1,000,000 | 2 | 4.5 |\n\n## Flagged\n")
    assert _flagged_in_summary(doctored) == {"base": 0, "ante": 2}


def test_the_stamp_check_fails_on_another_fingerprint(tmp_path):
    spec = discover()["grinning_harvest"]
    books_dir = B.default_books_dir(spec)
    fp = json.loads((books_dir / "manifest.json").read_text())["fingerprint"]
    other = "0" * 64 if fp != "0" * 64 else "1" * 64
    doctored = tmp_path / "report.md"
    doctored.write_text(f"# Fidelity\n\nLibrary fingerprint: `{other}` (games/x/books/manifest.json)\n")
    assert not _stamp_matches(doctored, books_dir)
    doctored.write_text(f"# Fidelity\n\nLibrary fingerprint: `{fp}` (games/x/books/manifest.json)\n")
    assert _stamp_matches(doctored, books_dir)
    doctored.write_text("# Fidelity\n\nno stamp\n")
    assert not _stamp_matches(doctored, books_dir)
    digest = hashlib.sha256((books_dir / "manifest.json").read_bytes()).hexdigest()
    line = f"# Fidelity\n\nLibrary fingerprint: `{fp}` (games/x/books/manifest.json)  \nBooks manifest sha256: `%s`\n"
    doctored.write_text(line % digest)
    assert _stamp_matches(doctored, books_dir, manifest=True)
    doctored.write_text(line % ("0" * 64))           # same math, other weights: a rebuilt library
    assert not _stamp_matches(doctored, books_dir, manifest=True)
