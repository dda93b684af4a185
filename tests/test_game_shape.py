"""Every game, and the toy game the tests use as the template, has the same shape
(README, "Adding a game"): `__init__.py` holding only `GAME = GameSpec(...)`,
`math.yaml`, `math/` with the same role files, `view/` with the same role files (the
template too, so a game copied from it passes as shipped), and the scene named by
GameSpec.view.scene loads, with its start board and gallery."""
from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from cabinet.core.game import discover

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {**{gid: ROOT / "games" / gid for gid in discover()}, "tests.toygame": ROOT / "tests/toygame"}
MATH_ROLES = ("tables", "rules", "events", "sim", "paytable", "help", "par")
# the template has every one, so a game copied from it passes as shipped (issue #33 item 6)
VIEW_ROLES = ("scene", "layout", "board", "art", "sounds", "shots")


@pytest.mark.parametrize("name", PACKAGES)
def test_the_same_role_files(name):
    assert {"happy_money_hens", "grinning_harvest", "piggy_farm"} <= set(PACKAGES)
    root = PACKAGES[name]
    assert (root / "math.yaml").is_file()
    missing = [f"math/{r}.py" for r in MATH_ROLES if not (root / "math" / f"{r}.py").is_file()]
    missing += [f"view/{r}.py" for r in VIEW_ROLES if not (root / "view" / f"{r}.py").is_file()]
    assert not missing, missing
    strays = [p.name for p in root.glob("*.py") if p.name != "__init__.py"]
    assert not strays, f"{name}: modules outside math/, view/, tools/: {strays}"


@pytest.mark.parametrize("name", PACKAGES)
def test_the_package_holds_only_its_game_spec(name):
    tree = ast.parse((PACKAGES[name] / "__init__.py").read_text())
    other = []
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)) or (
            isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
        ):
            continue
        if isinstance(node, ast.Assign) and all(isinstance(t, ast.Name) and (t.id == "GAME" or t.id.startswith("_"))
                                                for t in node.targets):
            continue
        other.append(ast.unparse(node).splitlines()[0])
    assert not other, other
    spec = importlib.import_module(f"games.{name}" if "." not in name else name).GAME
    assert spec.view.help is not None and spec.events
    assert spec.math.par_info is not None and spec.math.payout_sources is not None


@pytest.mark.parametrize("name", PACKAGES)
def test_the_scene_loads(name):
    spec = importlib.import_module(f"games.{name}" if "." not in name else name).GAME
    scene = spec.view.load_scene()
    assert scene.__module__.endswith(".view.scene")


@pytest.mark.parametrize("name", PACKAGES)
def test_the_scene_draws_its_start_board_and_names_its_gallery(name):
    """The same hooks in every game: `start_reels` (cabinet/ui/start_board.py) and SHOTS."""
    from cabinet.ui.game_scene import GameScene
    scene = importlib.import_module(f"games.{name}" if "." not in name else name).GAME.view.load_scene()
    assert scene.start_reels is not GameScene.start_reels
    assert scene.SHOTS and scene.SHOTS is importlib.import_module(scene.__module__.rsplit(".", 1)[0] + ".shots").SHOTS
