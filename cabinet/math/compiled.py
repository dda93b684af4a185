"""Compiled round code for the math tools: each game's hottest round modules
(GameSpec.math.compiled) compiled by mypyc from the very source files the library
fingerprint covers, loaded by the tools in place of the Python modules.

    python -m cabinet.math compile            build them (about a minute), or say they are current
    python -m cabinet.math compile --status   what the tools would run, and why

The same source, compiled: mypyc turns the type-annotated Python of a module into a C
extension (mypy's compiler; a C compiler is needed to build, nothing to run), so the
rounds are the very rounds the Python gives, number for number and event for event
(tests/test_math_compiled.py plays every mode of every game both ways and compares
the rounds; `verify` compares what the tools regenerate with the library's books).

Where: a cache folder per checkout and Python (`folder()`: ~/.cache/slot-cabinet/
compiled/..., or $SLOT_CABINET_COMPILED), never beside the sources. Its
`compiled.json` names every module with the sha256 of the source it was compiled
from; `activate()` loads the compiled modules only when every one of those sources is
unchanged, so a stale build can never run: after an edit the tools run the Python
until `compile` is run again.

Who: `python -m cabinet.math ...` and `python -m cabinet.math.bench_sdk` call
`activate()` before any game is imported (the local worker processes they fork
inherit it; Dask workers start afresh and run the Python). The cabinet (main.py) never
does: it runs the Python sources the signed program manifest covers (docs/signing.md).
SLOT_CABINET_ENGINE=python makes the tools run the Python too.
"""
from __future__ import annotations

import fcntl
import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Sequence

RECORD = "compiled.json"
ENGINE_VARIABLE = "SLOT_CABINET_ENGINE"          # "python": the tools run the Python round code
FOLDER_VARIABLE = "SLOT_CABINET_COMPILED"        # the folder of the build (default: folder())
GROUP = "round_code"                             # mypyc's shared library: round_code__mypyc
ROOT = Path(__file__).resolve().parents[2]       # the folder holding the cabinet and games packages

# mypyc in a child process (setuptools' setup() takes over argv and its logging)
_BUILD = """
import sys
from mypyc.build import mypycify
from setuptools import setup
lib, temp, *paths = sys.argv[1:]
setup(name="round-code", ext_modules=mypycify(paths, opt_level="3", target_dir=temp + "/c", group_name="%s"),
      script_args=["build_ext", "--build-lib", lib, "--build-temp", temp, "--quiet"])
""" % GROUP


class CompileError(Exception):
    """The build failed or cannot run: one line for the user."""


def folder() -> Path:
    """The build's folder: per checkout (or install) and Python, in the user's cache."""
    given = os.environ.get(FOLDER_VARIABLE)
    if given:
        return Path(given)
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    where = hashlib.sha256(str(ROOT).encode()).hexdigest()[:12]
    return cache / "slot-cabinet" / "compiled" / f"{where}-{sys.implementation.cache_tag}"


def source(module: str) -> Path:
    return ROOT.joinpath(*module.split(".")).with_suffix(".py")


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def check(where: Path) -> tuple[dict[str, Path], str]:
    """({module name: extension file}, "") of a current build in `where`, or ({}, why
    it cannot be used)."""
    try:
        record = json.loads((where / RECORD).read_text())
        modules, shared, python = record["modules"], record["shared"], record["python"]
    except FileNotFoundError:
        return {}, "not built: python -m cabinet.math compile"
    except (OSError, ValueError, KeyError, TypeError) as exc:
        return {}, f"{where / RECORD} unreadable ({exc.__class__.__name__}); python -m cabinet.math compile"
    if python != sys.implementation.cache_tag:
        return {}, f"built for {python}, this is {sys.implementation.cache_tag}; python -m cabinet.math compile"
    files: dict[str, Path] = {name: where / f for name, f in shared.items()}
    for name, entry in modules.items():
        path = source(name)
        if not path.is_file() or sha256(path) != entry["sha256"]:
            rel = path.relative_to(ROOT).as_posix()
            return {}, f"stale: {rel} changed since the build; python -m cabinet.math compile"
        files[name] = where / entry["file"]
    missing = [p.name for p in files.values() if not p.is_file()]
    if missing:
        return {}, f"{missing[0]} missing from {where}; python -m cabinet.math compile"
    return files, ""


class _Finder(importlib.abc.MetaPathFinder):
    """Finds the compiled modules (and their shared library) in the build."""

    def __init__(self, files: dict[str, Path]):
        self.files = files

    def find_spec(self, name: str, path: Sequence[str] | None = None, target: Any = None) -> Any:
        f = self.files.get(name)
        if f is None:
            return None
        return importlib.util.spec_from_file_location(
            name, f, loader=importlib.machinery.ExtensionFileLoader(name, str(f))
        )


STATUS = "python (activate() not called)"


def activate() -> str:
    """Load the compiled round code from now on, if the build is current: returns
    what the tools run ("compiled (N modules)" or "python (why)")."""
    global STATUS
    if os.environ.get(ENGINE_VARIABLE, "").lower() == "python":
        STATUS = f"python ({ENGINE_VARIABLE}=python)"
        return STATUS
    files, why = check(folder())
    early = sorted(n for n in files if n in sys.modules)
    if early:
        why = f"{early[0]} was imported before activate()"
    if why:
        STATUS = f"python ({why})"
        return STATUS
    if not any(isinstance(f, _Finder) for f in sys.meta_path):
        sys.meta_path.insert(0, _Finder(files))
    STATUS = f"compiled ({len(files) - 1} modules, mypyc; {folder()})"
    return STATUS


def wanted(specs: Sequence[Any]) -> list[str]:
    """The modules the games ask for, each checked to be round code (in its game's
    fingerprint: a stale build is then always a changed fingerprinted file)."""
    from cabinet.core.fingerprint import round_code
    names: set[str] = set()
    for spec in specs:
        code = set(round_code(spec))
        for name in spec.math.compiled:
            if source(name).resolve() not in code:
                raise CompileError(f"{spec.id}: {name} is not round code of the game (GameSpec.math.compiled)")
            names.add(name)
    return sorted(names)


def build(specs: Sequence[Any], where: Path | None = None) -> tuple[dict[str, Any], bool]:
    """Compile the games' modules into `where` (default folder()), unless a current
    build is there: (the record, whether it was built now)."""
    where = where or folder()
    names = wanted(specs)
    if where.exists() and not (where / RECORD).is_file() and (not where.is_dir() or any(where.iterdir())):
        raise CompileError(f"{where} is not a build folder (no {RECORD}) and is not empty: name a new or empty "
                           f"folder in ${FOLDER_VARIABLE} (nothing there is replaced)")
    try:
        where.parent.mkdir(parents=True, exist_ok=True)
        with open(where.parent / f"{where.name}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)          # one build at a time (two test workers may ask at once)
            return _build(names, where)
    except OSError as exc:
        raise CompileError(f"cannot write the build folder {where}: {exc.strerror or exc}") from None


def _build(names: list[str], where: Path) -> tuple[dict[str, Any], bool]:
    sources = {n: sha256(source(n)) for n in names}
    _, why = check(where)
    if not why:
        record = json.loads((where / RECORD).read_text())
        if sorted(record["modules"]) == names:
            return record, False
    try:
        import mypyc  # noqa: F401
        import setuptools  # noqa: F401
    except ImportError as exc:
        raise CompileError(f"{exc.name} is not installed: pip install -e '.[tools]' (mypy brings mypyc)") from None
    with tempfile.TemporaryDirectory(dir=where.parent, prefix=".building-") as tmp:
        lib = Path(tmp) / "lib"
        run = subprocess.run([sys.executable, "-c", _BUILD, str(lib), str(Path(tmp) / "temp"),
                              *(source(n).relative_to(ROOT).as_posix() for n in names)],
                             cwd=ROOT, capture_output=True, text=True)
        if run.returncode:
            lines = [x for x in (run.stdout + run.stderr).splitlines() if "error" in x.lower()] or [""]
            raise CompileError(f"mypyc failed (exit {run.returncode}): {lines[0].strip() or 'see its output'}")
        if any(sha256(source(n)) != h for n, h in sources.items()):
            raise CompileError("a source changed during the build; run compile again")
        suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
        shared = {f"{GROUP}__mypyc": f"{GROUP}__mypyc{suffix}"}
        modules = {n: {"source": source(n).relative_to(ROOT).as_posix(), "sha256": sources[n],
                       "file": "/".join(n.split(".")) + suffix} for n in names}
        record = {"python": sys.implementation.cache_tag, "mypy": _mypy_version(), "shared": shared, "modules": modules}
        for f in [*shared.values(), *(m["file"] for m in modules.values())]:
            if not (lib / f).is_file():
                raise CompileError(f"mypyc built no {f}")
        (lib / RECORD).write_text(json.dumps(record, indent=1) + "\n")
        old = Path(tmp) / "old"
        if where.exists():
            where.rename(old)
        lib.rename(where)
    return record, True


def _mypy_version() -> str:
    from mypy.version import __version__
    return __version__


def compile_command(status: bool, specs: Sequence[Any]) -> int:
    """`python -m cabinet.math compile`: build the games' compiled round code (or say
    it is current); --status: what the tools run, and why."""
    if status:
        files, why = check(folder())
        print(f"compiled round code in {folder()}: " + (f"current, {len(files) - 1} modules" if not why else why))
        print(f"this run: {STATUS}")
        return 0
    start = time.perf_counter()
    record, made = build(specs)
    what = f"{len(record['modules'])} modules with mypyc {record['mypy']}"
    print(f"compiled {what} in {time.perf_counter() - start:.1f} s: {folder()}" if made else
          f"current: {what}, every source unchanged since (nothing to do): {folder()}")
    print("the math tools load them while every source is unchanged (compile --status); the cabinet runs the Python")
    return 0
