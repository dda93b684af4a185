"""Running a case: the check and the start in-process, a sample as processes, the figures."""
from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
import tempfile
import traceback
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from .mutations import generate
from .tree import BAD, GOOD, ROOT, Case

# ------------------------------------------------------------------ running a case

@dataclass
class Result:
    status: str               # "ok", "refused", "traceback"
    line: str = ""


def _silenced(fn: Callable[[], Any]) -> tuple[Any, str]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        return fn(), err.getvalue()


def run_check(path: Path, libraries: Any) -> Result:
    import main
    try:
        _silenced(lambda: main.check_config(str(path), libraries))
        return Result("ok")
    except main.Refused as exc:
        return Result("refused", exc.line)
    except BaseException:
        return Result("traceback", traceback.format_exc())


def run_start(path: Path, libraries: Any) -> Result:
    """main.open_cabinet, then the app headless to the lobby (a few frames)."""
    import pygame

    import main
    from cabinet.ui.app import App, start_scenes
    from cabinet.ui.clock import ManualClock
    cabinet = app = None
    try:
        cabinet, _ = _silenced(lambda: main.open_cabinet(main.parse_args(["--config", str(path)]), libraries))
        app = App(cabinet.config, cabinet, clock=ManualClock())
        start_scenes(app)
        for _ in range(3):
            app.step(1 / 60)
        return Result("ok", type(app.stack.top).__name__)
    except main.Refused as exc:
        return Result("refused", exc.line)
    except BaseException:
        return Result("traceback", traceback.format_exc())
    finally:
        if app is not None:
            app.checkpoints.close()
        if cabinet is not None and cabinet.ledger is not None:
            cabinet.ledger.close()
        pygame.display.quit()


def run_subprocess(path: Path) -> tuple[Result, Result]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = []
    for argv in (["--check-config", str(path)], ["--config", str(path), "--meters"]):
        p = subprocess.run([sys.executable, str(ROOT / "main.py"), *argv], capture_output=True, text=True,
                           cwd=ROOT, env=env, timeout=120)
        lines = [ln for ln in p.stderr.splitlines() if not ln.startswith("operator settings:")]
        if p.returncode == 0:
            out.append(Result("ok"))
        elif p.returncode == 2 and len(lines) == 1 and "Traceback" not in p.stderr:
            out.append(Result("refused", lines[0]))
        else:
            out.append(Result("traceback", f"exit {p.returncode}: {p.stderr[-2000:]}"))
    return out[0], out[1]


def place(case: Case, folder: Path) -> Path:
    folder.mkdir(parents=True)
    for fn in case.setup:
        fn(folder)
    path = folder / "config.yaml"
    path.write_bytes(case.text)
    return path


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under the case's folder (links not followed) -> its bytes."""
    out = {}
    for p in sorted(folder.rglob("*")):
        if p.is_file() and not p.is_symlink():
            out[str(p.relative_to(folder))] = p.read_bytes()
        elif p.is_dir() and not p.is_symlink():
            out[str(p.relative_to(folder)) + "/"] = b""
    return out


@dataclass
class Figures:
    configs: int = 0
    tracebacks: int = 0
    disagreements: int = 0
    accepted_bad: int = 0
    refused_good: int = 0
    check_wrote: int = 0          # --check-config created or changed a file
    refused_wrote: int = 0        # a refused start created or changed a file
    multi_line: int = 0           # a refusal that is not one line saying what is allowed
    accepted: int = 0
    refused: int = 0
    subprocess: int = 0
    problems: list[str] | None = None
    by_kind: Counter | None = None   # (mutation kind, check status) -> configs

    def line(self) -> str:
        return (f"configs {self.configs} (accepted {self.accepted}, refused {self.refused}; "
                f"{self.subprocess} also as subprocesses): tracebacks {self.tracebacks}, "
                f"disagreements {self.disagreements}, accepted-bad {self.accepted_bad}, "
                f"refused-good {self.refused_good}, check wrote files {self.check_wrote}, "
                f"refused start wrote files {self.refused_wrote}, refusals not one line with what is allowed "
                f"{self.multi_line}")


@contextlib.contextmanager
def _program_hashed_once():
    """The fuzz varies the config, never the program: the in-process checks and starts
    hash the program's files once for the whole run (each start re-hashed ~660 files,
    a third of a case's time). The subprocess sample still checks it from scratch, and
    the program check itself is tested in tests/test_program_manifest.py."""
    from cabinet.core import program
    real, memo = program.current, {}

    def current(root: Any = program.TREE) -> dict[str, str]:
        key = str(root)
        if key not in memo:
            memo[key] = real(root)
        return dict(memo[key])
    program.current = current
    try:
        yield
    finally:
        program.current = real


def run(count: int, seed: int, n_subprocess: int = 0, workdir: Path | None = None,
        libraries: Any = None) -> Figures:
    with _program_hashed_once():
        return _run(count, seed, n_subprocess, workdir, libraries)


def _run(count: int, seed: int, n_subprocess: int, workdir: Path | None, libraries: Any) -> Figures:
    from cabinet.core.startup import Libraries
    libraries = libraries or Libraries()
    cases = generate(count, seed)
    figures = Figures(problems=[], by_kind=Counter())
    sub_every = max(1, count // n_subprocess) if n_subprocess else 0
    with tempfile.TemporaryDirectory(prefix="config-fuzz-") as tmp:
        root = Path(workdir or tmp)
        for i, case in enumerate(cases):
            folder = root / f"case{i:04d}"
            path = place(case, folder)
            before = snapshot(folder)
            check = run_check(path, libraries)
            wrote = snapshot(folder) != before
            start = run_start(path, libraries)
            results = [("check", check), ("start", start)]
            if sub_every and i % sub_every == 0 and figures.subprocess < n_subprocess:
                sub_folder = root / f"case{i:04d}-sub"
                sub_check, sub_start = run_subprocess(place(case, sub_folder))
                for res in (sub_check, sub_start):    # the same line, in the other folder
                    res.line = res.line.replace(str(sub_folder), str(folder))
                results += [("subprocess check", sub_check), ("subprocess start", sub_start)]
                figures.subprocess += 1
            figures.configs += 1
            tag = f"case {i} {'+'.join(case.kinds)}"
            for name, res in results:
                if res.status == "traceback":
                    figures.tracebacks += 1
                    figures.problems.append(f"{tag}: {name} traceback: {res.line.strip().splitlines()[-1][:300]}")
                elif res.status == "refused" and ("\n" in res.line or "allowed" not in res.line):
                    figures.multi_line += 1
                    figures.problems.append(f"{tag}: {name} refusal of several lines or not saying what "
                                            f"is allowed: {res.line[:200]}")
            statuses = {res.status for _, res in results}
            lines = {res.line for _, res in results if res.status == "refused"}
            if statuses - {"traceback"} == {"ok", "refused"}:
                figures.disagreements += 1
                figures.problems.append(f"{tag}: " + "; ".join(f"{n} {r.status} {r.line[:160]}" for n, r in results))
            elif statuses == {"refused"} and len(lines) > 1:
                figures.disagreements += 1        # both refuse, but not with the same line
                figures.problems.append(f"{tag}: different lines: {sorted(lines)}")
            accepted = check.status == "ok"
            for kind in case.kinds:
                figures.by_kind[kind, check.status] += 1
            figures.accepted += accepted
            figures.refused += check.status == "refused"
            if accepted and case.expect is BAD:
                figures.accepted_bad += 1
                figures.problems.append(f"{tag}: accepted but must be refused")
            if check.status == "refused" and case.expect is GOOD:
                figures.refused_good += 1
                figures.problems.append(f"{tag}: refused but must start: {check.line[:200]}")
            if wrote:
                figures.check_wrote += 1
                figures.problems.append(f"{tag}: --check-config changed files")
            if start.status == "refused" and snapshot(folder) != before:
                figures.refused_wrote += 1
                figures.problems.append(f"{tag}: a refused start changed files")
    return figures


