"""A built library to its folder (`build`): `check_against` compares a rebuild with the
installed files (`build --check`, nothing installed); `verify_and_install` writes each
game's new files into a staging directory beside its target (with the target's other
modes), verifies them all in one pool and installs each that passes in one rename, so
a target is never half overwritten and a library that fails stays out of it."""
from __future__ import annotations

import shutil
import sys
import time
from pathlib import Path
from typing import Any

from cabinet.core import books as B
from cabinet.core.book_format import read_manifest
from cabinet.core.game import GameSpec

from .books import compare_library, install, staging_dir, write_library


def check_against(spec: GameSpec, target: Path, files: dict[str, tuple[bytes, dict[str, Any]]]) -> list[str]:
    """Write a game's rebuilt mode files and manifest into a temporary folder, compare
    them with `target`'s and print one line per mode and one for the manifest; returns
    the lines that say they differ. The folder is removed; nothing else is written."""
    import tempfile
    with tempfile.TemporaryDirectory(prefix=f"cabinet-check-{spec.id}-") as tmp:
        built = Path(tmp)
        write_library(built, spec.id, B.fingerprint(spec), files)
        lines = compare_library(built, target, spec.id, [m.id for m in spec.modes if f"{m.id}.npz" in files],
                                whole=len(files) == len(spec.modes))
    for ok, line in lines:
        print(line)
    return [line for ok, line in lines if not ok]


def stage_library(spec: GameSpec, target: Path,
                  files: dict[str, tuple[bytes, dict[str, Any]]]) -> tuple[Path, list[str]]:
    """A new directory beside `target` with the new files and the target's other
    modes: (its path, the modes in it)."""
    stage = staging_dir(target)
    try:
        kept: dict[str, tuple[bytes, dict[str, Any]]] = {}
        if len(files) < len(spec.modes) and (target / B.MANIFEST).is_file():
            old = read_manifest(target, spec.id)["files"]
            for m in spec.modes:
                name = f"{m.id}.npz"
                if name not in files and name in old and (target / name).is_file():
                    kept[name] = ((target / name).read_bytes(), old[name])
        write_library(stage, spec.id, B.fingerprint(spec), {**kept, **files})
    except Exception:
        shutil.rmtree(stage, ignore_errors=True)
        raise
    return stage, [m.id for m in spec.modes if f"{m.id}.npz" in {**kept, **files}]


def verify_and_install(games: list[tuple[GameSpec, Path, dict[str, tuple[bytes, dict[str, Any]]]]],
                        workers: int, progress: bool, phases: dict[str, float]) -> list[str]:
    """Write each game's libraries into a new directory (with the target's other
    modes), verify them all with one pool, install each that passes; adds the wall
    seconds of each step to `phases`. A game that fails stays out of its target and is
    named in the returned failures (the build raises them as one BuildError)."""
    from cabinet.core.program import update_entries
    from .verify import verify_libraries
    t0 = time.perf_counter()
    stages: list[tuple[Path, list[str]]] = []
    try:
        for spec, target, files in games:
            stages.append(stage_library(spec, target, files))
        t1 = time.perf_counter()
        phases["write"] += t1 - t0
        reps = verify_libraries([(spec, str(stage), present) for (spec, *_), (stage, present) in zip(games, stages)],
                                "build", workers, progress=progress)
        phases["verify"] += time.perf_counter() - t1
    except Exception:
        for stage, _ in stages:
            shutil.rmtree(stage, ignore_errors=True)
        raise
    t2 = time.perf_counter()
    failures = []
    for (spec, target, _), (stage, _), rep in zip(games, stages, reps):
        if not rep["ok"]:
            failed = [m for m, r in rep["modes"].items() if not r["ok"]]
            failures.append(f"{spec.id}: the new library fails verification in {', '.join(failed)}; "
                            f"it is left in {stage} and {target} is unchanged")
            continue
        install(stage, target)
        update_entries(target)
        if progress:
            print(f"{spec.id}: verified and installed in {target}", file=sys.stderr)
    phases["install"] += time.perf_counter() - t2
    return failures
