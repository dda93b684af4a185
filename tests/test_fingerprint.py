"""The book fingerprint covers the code that decides rounds, all of it and nothing else:
play's module and its module-level imports within the repository (cabinet/core/
fingerprint.py). A traced regeneration of every stratum's first book of every shipped
library runs no function of this repository outside that set (the library reader
aside), so a module that decides rounds cannot sit outside the fingerprint."""
from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pytest

from cabinet.core import books as B
from cabinet.core.fingerprint import _closure, repository_root
from cabinet.core.game import discover
from cabinet.core.rng import Rng

GAMES = discover()
ROOT = Path(__file__).resolve().parents[1]


def _package(tmp_path: Path, files: dict[str, str]):
    """A throwaway package `fpkg` under tmp_path (on sys.path), imported fresh."""
    pkg = tmp_path / "fpkg"
    pkg.mkdir(exist_ok=True)
    (pkg / "__init__.py").write_text("")
    for name, text in files.items():
        (pkg / name).write_text(text)
    for mod in [m for m in sys.modules if m == "fpkg" or m.startswith("fpkg.")]:
        del sys.modules[mod]
    _closure.cache_clear()
    return pkg


def _spec(tmp_path: Path, pkg: Path):
    sys.path.insert(0, str(tmp_path))
    try:
        import fpkg.rules as rules
    finally:
        sys.path.remove(str(tmp_path))
    (pkg / "math.yaml").write_text("x: 1\n")
    spec = dataclasses.replace(GAMES["grinning_harvest"], play=rules.play, math_files=(str(pkg / "math.yaml"),))
    return spec


RULES = ("from __future__ import annotations\n"
         "from typing import TYPE_CHECKING\n"
         "from .helper import add\n"
         "from . import table\n"
         "if TYPE_CHECKING:\n    from . import typing_only\n"
         "def play(rng, mode, force=None):\n    from . import lazy_tool\n    return add(1, table.N)\n")


def test_round_code_is_plays_module_level_import_closure(tmp_path):
    pkg = _package(
        tmp_path,
        {
            "rules.py": RULES,
            "helper.py": "from .deep import ONE\ndef add(a, b):\n    return a + b\n",
            "deep.py": "ONE = 1\n",
            "table.py": "N = 2\n",
            "typing_only.py": "",
            "lazy_tool.py": "",
            "unrelated.py": "",
        },
    )
    spec = _spec(tmp_path, pkg)
    names = {p.name for p in B.round_code(spec)}
    assert {"rules.py", "helper.py", "deep.py", "table.py", "__init__.py"} == names
    # not followed: TYPE_CHECKING imports, imports inside functions, modules nobody imports


def test_a_change_to_any_round_code_file_or_the_data_changes_the_fingerprint(tmp_path):
    pkg = _package(
        tmp_path,
        {
            "rules.py": RULES,
            "helper.py": "from .deep import ONE\ndef add(a, b):\n    return a + b\n",
            "deep.py": "ONE = 1\n",
            "table.py": "N = 2\n",
            "typing_only.py": "",
            "lazy_tool.py": "",
            "unrelated.py": "",
        },
    )
    spec = _spec(tmp_path, pkg)
    before = B.fingerprint(spec)
    (pkg / "unrelated.py").write_text("X = 1\n")
    (pkg / "lazy_tool.py").write_text("X = 1\n")
    assert B.fingerprint(spec) == before                 # a tool or an unused module: the books stay valid
    for name, text in (("deep.py", "ONE = 2\n"), ("math.yaml", "x: 2\n"), ("table.py", "N = 3\n")):
        old = (pkg / name).read_text()
        (pkg / name).write_text(text)
        assert B.fingerprint(spec) != before, name
        (pkg / name).write_text(old)
        assert B.fingerprint(spec) == before
    assert B.fingerprint(dataclasses.replace(spec, version=spec.version + ".1")) != before


def test_each_games_round_code_holds_its_engines_and_the_shared_mechanisms():
    rel = {gid: {p.relative_to(ROOT).as_posix() for p in B.round_code(spec)} for gid, spec in GAMES.items()}
    shared = {"cabinet/core/rng.py", "cabinet/core/round.py", "cabinet/core/forcing.py"}
    assert shared | {"games/happy_money_hens/math/rules.py", "games/happy_money_hens/math/bonus.py",
                     "games/happy_money_hens/math/pots.py", "games/happy_money_hens/math/batch_bonus.py",
                     "cabinet/mechanics/lines.py", "cabinet/mechanics/hold_and_win.py"} <= rel["happy_money_hens"]
    assert (
        shared
        | {
            "games/grinning_harvest/math/forced.py",
            "games/grinning_harvest/math/batch.py",
            "games/grinning_harvest/math/rules.py",
            "cabinet/mechanics/hold_and_win.py",
        }
        <= rel["grinning_harvest"]
    )
    assert shared | {"games/piggy_farm/math/forced.py", "games/piggy_farm/math/search.py",
                     "games/piggy_farm/math/streams.py", "games/piggy_farm/math/sim.py",
                     "games/piggy_farm/math/board.py", "cabinet/mechanics/clusters.py",
                     "cabinet/mechanics/tumble.py", "cabinet/mechanics/wheel.py"} <= rel["piggy_farm"]
    for gid, files in rel.items():                       # no screen, no tool, no other game
        assert not any("/view/" in f or "/ui/" in f or f.startswith("cabinet/math/") for f in files), gid
        assert not any(f.startswith("games/") and not f.startswith(f"games/{gid}/") for f in files), gid
        assert not {f"games/{gid}/math/par.py", f"games/{gid}/math/help.py"} & files, gid


def _traced_files(fn) -> set[str]:
    seen: set[str] = set()

    def hook(frame, event, arg):
        if event == "call":
            seen.add(frame.f_code.co_filename)
    sys.setprofile(hook)
    try:
        fn()
    finally:
        sys.setprofile(None)
    return {Path(f).resolve().relative_to(ROOT).as_posix() for f in seen
            if f.endswith(".py") and ROOT in Path(f).resolve().parents and ".venv" not in f}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_regenerating_every_stratum_runs_only_fingerprinted_code(game_id):
    spec = GAMES[game_id]
    lib = B.load_library(spec)
    code = {p.relative_to(ROOT).as_posix() for p in B.round_code(spec)}
    reader = {
        p.relative_to(ROOT).as_posix() for p in _closure(repository_root("cabinet.core.books"), "cabinet.core.books")
    }
    mode = next(iter(lib.modes))
    lib.round(mode, 0)                                   # first-use imports and caches before the trace
    ran = _traced_files(lambda: (lib.warm(), [spec.play(Rng.for_book(7 + i), m.id) for i, m in enumerate(spec.modes)]))
    outside = ran - code - reader - {Path(__file__).resolve().relative_to(ROOT).as_posix()}
    assert not outside, f"{game_id}: round code outside the fingerprint: {sorted(outside)}"
    assert {"cabinet/core/rng.py", "cabinet/core/round.py"} <= ran
