"""The compiled round code (cabinet/math/compiled.py): mypyc builds of each game's
GameSpec.math.compiled modules, which the math tools load in place of the Python
while every source is unchanged.

- what a game asks to compile is its round code (in its fingerprint), and each game asks;
- the compiled rounds are the Python rounds: every mode of every game, natural books by
  play and by play_many, and forced books of the installed libraries with their hints,
  event for event (the compiled side in a child process that activates the build, and
  checks it runs the extension modules);
- a build whose source changed, for another Python, unreadable or missing is never
  loaded (the reason is named), nor with SLOT_CABINET_ENGINE=python, nor after the
  modules were imported;
- only the tools' entry points activate it: nothing the cabinet runs does.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from cabinet.core.fingerprint import round_code
from cabinet.core.game import discover
from cabinet.math import cli
from cabinet.math import compiled as C

ROOT = Path(__file__).resolve().parents[1]
GAMES = discover()
NATURAL = 200          # natural books a mode, each played by play and by play_many
FORCED = 10            # forced books a mode and category, from the installed library


def test_each_game_compiles_its_own_round_code():
    for gid, spec in GAMES.items():
        assert spec.math.compiled, gid
        code = set(round_code(spec))
        for name in spec.math.compiled:
            assert C.source(name).resolve() in code, (gid, name)
    assert "games.piggy_farm.math.rules" in C.wanted(list(GAMES.values()))


def test_a_module_outside_the_round_code_is_refused():
    spec = GAMES["piggy_farm"]
    bad = dataclasses.replace(spec, math=dataclasses.replace(spec.math, compiled=("cabinet.math.par",)))
    with pytest.raises(C.CompileError, match=r"piggy_farm: cabinet.math.par is not round code"):
        C.wanted([bad])


# -- the same rounds --------------------------------------------------------------

_DIGESTS = r"""
import hashlib, json, sys
import numpy as np
from cabinet.math import compiled
status = compiled.activate() if sys.argv[1] == "compiled" else "python"
from cabinet.core import books as B
from cabinet.core.game import discover
from cabinet.core.many import rounds_of
from cabinet.core.rng import Rng
natural, forced = int(sys.argv[2]), int(sys.argv[3])
out = {"status": status, "files": {}}
for gid, spec in discover().items():
    for name in spec.math.compiled:
        out["files"][name] = sys.modules[name].__file__
    lib = B.load_library(spec)
    for m in spec.modes:
        seeds = np.arange(1000, 1000 + natural, dtype=np.uint64)
        h = hashlib.sha256()
        for r in [spec.play(Rng.for_book(int(s)), m.id) for s in seeds] + list(rounds_of(spec, seeds, m.id)):
            h.update(r.to_json().encode())
        mb = lib.books(m.id)
        for f in range(len(mb.meta["categories"])):
            for b in np.flatnonzero(mb.force == f)[:forced].tolist():
                h.update(lib.regenerate(m.id, b).to_json().encode())
        out[f"{gid}/{m.id}"] = h.hexdigest()
print(json.dumps(out))
"""


def _digests(engine: str, env: dict[str, str] | None = None) -> dict:
    run = subprocess.run([sys.executable, "-c", _DIGESTS, engine, str(NATURAL), str(FORCED)], cwd=ROOT,
                         capture_output=True, text=True, env={**os.environ, **(env or {})}, timeout=900)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout)


def _compiler() -> bool:
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(cc) is not None


@pytest.fixture(scope="module")
def build():
    if not _compiler():
        pytest.skip("no C compiler: the compiled round code cannot be built here (the tools run the Python)")
    record, _ = C.build(list(GAMES.values()))
    return record


@pytest.mark.slow
def test_the_compiled_rounds_are_the_python_rounds(build):
    got, want = _digests("compiled"), _digests("python")
    assert got["status"].startswith("compiled"), got["status"]
    ext = tuple(C.importlib.machinery.EXTENSION_SUFFIXES)
    for name in C.wanted(list(GAMES.values())):
        assert got["files"][name].endswith(ext), name               # the extension ran ...
        assert want["files"][name].endswith(".py"), name           # ... against the source
    modes = [k for k in want if "/" in k]
    assert len(modes) == sum(len(s.modes) for s in GAMES.values())
    assert [k for k in modes if got[k] != want[k]] == []


# -- a build that is not current is never loaded -----------------------------------

def _copy(build_record, tmp_path: Path) -> Path:
    where = tmp_path / "build"
    shutil.copytree(C.folder(), where)
    return where


def test_a_current_build_checks_and_a_changed_source_is_stale(build, tmp_path):
    where = _copy(build, tmp_path)
    files, why = C.check(where)
    assert why == "" and set(files) == set(build["modules"]) | set(build["shared"])
    record = json.loads((where / C.RECORD).read_text())
    record["modules"]["games.piggy_farm.math.rules"]["sha256"] = hashlib.sha256(b"older rules").hexdigest()
    (where / C.RECORD).write_text(json.dumps(record))
    assert C.check(where) == ({}, "stale: games/piggy_farm/math/rules.py changed since the build; "
                                  "python -m cabinet.math compile")


def test_another_python_a_missing_file_or_record_and_garbage_are_refused(build, tmp_path):
    where = _copy(build, tmp_path)
    record = json.loads((where / C.RECORD).read_text())
    (where / C.RECORD).write_text(json.dumps({**record, "python": "cpython-399"}))
    assert C.check(where)[1].startswith(f"built for cpython-399, this is {sys.implementation.cache_tag}")
    (where / C.RECORD).write_text(json.dumps(record))
    (where / record["modules"]["cabinet.mechanics.lines"]["file"]).unlink()
    assert C.check(where)[1].startswith("lines.cpython")
    (where / C.RECORD).write_text("{not json")
    assert C.check(where)[1].endswith("unreadable (JSONDecodeError); python -m cabinet.math compile")
    assert C.check(tmp_path / "nowhere") == ({}, "not built: python -m cabinet.math compile")


_STATUS = r"""
import sys
from cabinet.math import compiled
if sys.argv[1] == "early":
    import games.piggy_farm.math.rules
print(compiled.activate())
import games.piggy_farm.math.rules as r
print(r.__file__)
"""


def _status(*args: str, **env: str) -> list[str]:
    run = subprocess.run([sys.executable, "-c", _STATUS, *args], cwd=ROOT, capture_output=True, text=True,
                         env={**os.environ, **env}, timeout=120)
    assert run.returncode == 0, run.stderr
    return run.stdout.splitlines()


def test_activation_loads_only_a_current_build_and_only_when_asked(build, tmp_path):
    status, where = _status("late")
    assert status.startswith(f"compiled ({len(build['modules'])} modules, mypyc") and not where.endswith(".py")
    status, where = _status("late", SLOT_CABINET_ENGINE="python")
    assert status == "python (SLOT_CABINET_ENGINE=python)" and where.endswith("rules.py")
    status, where = _status("early")
    assert status == "python (cabinet.mechanics.clusters was imported before activate())" and where.endswith(".py")
    stale = _copy(build, tmp_path)
    (stale / C.RECORD).write_text((stale / C.RECORD).read_text().replace(
        build["modules"]["cabinet.mechanics.clusters"]["sha256"], "0" * 64))
    status, where = _status("late", SLOT_CABINET_COMPILED=str(stale))
    assert status.startswith("python (stale: cabinet/mechanics/clusters.py changed since the build") \
        and where.endswith("rules.py")


def test_compile_says_what_the_tools_run_and_a_failure_is_one_line(build, monkeypatch, capsys):
    assert cli.main(["compile", "--status"]) == 0
    assert f"{C.folder()}: current, {len(build['modules'])} modules" in capsys.readouterr().out

    def fails(specs, where=None):
        raise C.CompileError("mypyc failed (exit 1): games/piggy_farm/math/rules.py:9: error: bad")
    monkeypatch.setattr(C, "build", fails)
    assert cli.main(["compile"]) == 2
    assert capsys.readouterr().err == "error: mypyc failed (exit 1): games/piggy_farm/math/rules.py:9: error: bad\n"


def test_only_the_tools_entry_points_activate_it():
    callers = sorted(p.relative_to(ROOT).as_posix() for top in ("cabinet", "games")
                     for p in (ROOT / top).rglob("*.py") if "activate()" in p.read_text()
                     and p.name != "compiled.py")
    assert callers == ["cabinet/math/__main__.py", "cabinet/math/bench_sdk.py"]
    assert "compiled" not in (ROOT / "main.py").read_text()
