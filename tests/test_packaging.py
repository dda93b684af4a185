"""The wheel's contents, from the real build step: setuptools' build_py (pyproject.toml's
package data and setup.py's program files) run into a temp folder, which is then the
installed layout (site-packages: cabinet/, games/, slot_cabinet/). The program check
must pass on it exactly as on the checkout, and refuse a file changed in it; so
dropping a package-data pattern or a program file fails here, not on a venue's machine.
.ci/wheel_smoke does the rest with pip: a real wheel in a fresh venv, run from another folder.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cabinet.core import program, release, resources
from cabinet.core.resources import ProgramTree

ROOT = Path(__file__).resolve().parents[1]
GAMES = sorted(p.name for p in (ROOT / "games").iterdir() if (p / "__init__.py").is_file())


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, Path]:
    """(site-packages as the wheel lays it out, the egg-info with the entry points)."""
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-W", "ignore", "setup.py", "-q", "egg_info", "--egg-base", str(out),
                    "build_py", "--build-lib", str(out / "lib")], cwd=ROOT, check=True, capture_output=True)
    return out / "lib", out / "slot_cabinet.egg-info"


def test_the_wheel_holds_every_file_the_signed_manifest_lists(built):
    lib, _ = built
    tree = ProgramTree(lib / resources.DATA_PACKAGE, lib)
    listed = program.read_manifest(ROOT)
    assert listed is not None and len(listed) > 500
    assert program.critical_files(tree) == sorted(listed)          # nothing missing, nothing extra
    verdict = release.check_program(tree)
    assert verdict.problems == [] and verdict.signer is not None
    for name in ("main.py", "assets/fonts/Lato-Bold.ttf", "assets/cabinet/manifest.yaml",
                 *(f"games/{g}/books/manifest.json" for g in GAMES), *(f"games/{g}/math.yaml" for g in GAMES)):
        assert name in listed and tree.path(name).is_file(), name


def test_the_wheel_holds_the_config_and_the_signature_and_each_games_other_data(built):
    lib, _ = built
    top = lib / resources.DATA_PACKAGE
    for name in ("config.yaml", "manifest.sha256", "manifest.sha256.sig"):
        assert (top / name).read_bytes() == (ROOT / name).read_bytes(), name
    for game in GAMES:
        here, there = ROOT / "games" / game, lib / "games" / game
        shipped = [p.relative_to(here) for pattern in ("par/*.json", "view/*.yaml", "review/boards/*.yaml", "*.json")
                   for p in here.glob(pattern)]
        assert shipped, game
        assert [p for p in shipped if not (there / p).is_file()] == [], game
    assert not (lib / "tests").exists() and not (top / "setup.py").exists()


def test_the_installed_layout_refuses_a_changed_file(built, tmp_path):
    lib, _ = built
    tree = ProgramTree(lib / resources.DATA_PACKAGE, lib)
    target = lib / "games" / GAMES[0] / "math.yaml"
    kept = target.read_bytes()
    try:
        target.write_bytes(kept + b"\n")
        problems = release.verify_program(tree)
        assert problems and problems[0].startswith(f"games/{GAMES[0]}/math.yaml: sha256")
    finally:
        target.write_bytes(kept)
    assert release.verify_program(tree) == []


def test_the_entry_point_and_python_m_cabinet_run_the_installed_main(built, tmp_path):
    lib, egg = built
    assert "[gui_scripts]\nslot-cabinet = cabinet.__main__:main" in (egg / "entry_points.txt").read_text()
    env = {**os.environ, "PYTHONPATH": str(lib), "XDG_DATA_HOME": str(tmp_path / "xdg")}
    probe = ("from cabinet.core import resources, config; t = resources.program_tree(); "
             "print(t.top, t.code, config.DEFAULT_PATH, resources.is_shipped_config(config.DEFAULT_PATH))")
    out = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, env=env, capture_output=True, text=True,
                         check=True).stdout.split()
    top = lib / resources.DATA_PACKAGE
    assert out == [str(top), str(lib), str(top / "config.yaml"), "True"]
    done = subprocess.run([sys.executable, "-m", "cabinet", "--verify"], cwd=tmp_path, env=env,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert f"{len(program.read_manifest(ROOT) or {})} critical files" in done.stdout


def test_the_installed_configs_data_folder_is_the_users(monkeypatch, tmp_path):
    """A relative data_dir: beside a config the user names, in the user's data folder
    for the installed program's own (read-only) config.yaml."""
    from cabinet.core import config
    mine = tmp_path / "venue" / "cabinet.yaml"
    shipped = tmp_path / "site" / "slot_cabinet" / "config.yaml"
    for path in (mine, shipped):
        path.parent.mkdir(parents=True)
        path.write_text("")
    monkeypatch.setattr(resources, "program_tree", lambda: ProgramTree(shipped.parent, shipped.parent.parent))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert config.data_path(mine, "data") == mine.parent / "data"
    assert config.data_path(shipped, "data") == tmp_path / "xdg" / "slot-cabinet" / "data"
    assert config.data_path(shipped, str(tmp_path / "abs")) == tmp_path / "abs"
    monkeypatch.setattr(resources, "program_tree", lambda: ProgramTree(ROOT, ROOT))    # a checkout: as today
    assert config.data_path(ROOT / "config.yaml", "data") == ROOT / "data"


def test_the_users_data_folder_on_each_platform(tmp_path):
    home = tmp_path
    assert resources.user_data_dir({}, "linux", home) == home / ".local/share/slot-cabinet"
    assert resources.user_data_dir({"XDG_DATA_HOME": "/x/y"}, "linux", home) == Path("/x/y/slot-cabinet")
    assert resources.user_data_dir({"XDG_DATA_HOME": "rel"}, "linux", home) == home / ".local/share/slot-cabinet"
    assert resources.user_data_dir({}, "darwin", home) == home / "Library/Application Support/slot-cabinet"
    assert resources.user_data_dir({"LOCALAPPDATA": "C:/Users/a/AppData/Local"}, "win32", home) == \
        Path("C:/Users/a/AppData/Local/slot-cabinet")


def test_a_checkout_is_its_own_tree():
    tree = resources.program_tree()
    assert tree == ProgramTree(ROOT, ROOT) and not tree.installed
    assert tree.path("cabinet/core/money.py") == ROOT / "cabinet/core/money.py"
    assert ProgramTree(Path("/t"), Path("/c")).path("games/x/math.yaml") == Path("/c/games/x/math.yaml")
    assert ProgramTree(Path("/t"), Path("/c")).path("assets/a.png") == Path("/t/assets/a.png")


def test_messages_name_the_command_the_user_typed():
    from cabinet.core.resources import help_command, program_name
    assert program_name("/home/v/.venv/bin/slot-cabinet") == "slot-cabinet"
    assert help_command("/home/v/.venv/bin/slot-cabinet") == "slot-cabinet --help"
    assert program_name("/opt/x/site-packages/cabinet/__main__.py") == "python -m cabinet"
    assert help_command("/opt/x/site-packages/cabinet/__main__.py") == "python -m cabinet --help"
    assert program_name("main.py") == "main.py" and help_command("main.py") == "python main.py --help"
    assert program_name("-c") == "main.py"           # python -c: the checkout's name
    assert program_name("/v/lib/python3.11/site-packages/pytest/__main__.py") == "main.py"   # python -m pytest
