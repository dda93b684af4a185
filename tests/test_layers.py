"""The layer rules, read from the source: every import statement counts, at module
level, inside a function or under `if TYPE_CHECKING:` (a type-only import still ties
the two files together; a lower module types a higher one through a Protocol instead,
as scene.Host, widgets.Screen and hud.HudScene do):

- imports point down: main.py -> cabinet/ui -> games -> cabinet/math -> cabinet/mechanics
  -> cabinet/core. A game's view/ is part of the UI (it builds on cabinet/ui, which
  never imports it: the app opens the scene GameSpec.view.scene names); its __init__ and
  math/ are the games layer; its tools/ are design scripts above everything;
- cabinet/core, cabinet/mechanics, cabinet/math and every game's math/ never import pygame;
- a game never imports another game, and its math/ never imports its view/;
- there is no import circle anywhere.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RANK = {"cabinet.core": 0, "cabinet.mechanics": 1, "cabinet.math": 2, "games": 3, "cabinet.ui": 4, "main": 5,
        "cabinet.__main__": 5, "tools": 6}    # cabinet/__main__.py (`slot-cabinet`) only finds and runs main.py


def modules() -> dict[str, Path]:
    found = {"main": ROOT / "main.py"}
    for base in ("cabinet", "games", "tests/toygame"):
        for p in (ROOT / base).rglob("*.py"):
            parts = list(p.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = p
    return found


def imports(name: str, path: Path) -> set[str]:
    """Every module that an import statement of `name` names (absolute names)."""
    tree = ast.parse(path.read_text())
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([node.module] if node.module else []))
            out.add(base)
            out |= {f"{base}.{a.name}" for a in node.names}
    return out


MODULES = modules()
GRAPH = {name: {m for m in imports(name, path) if m in MODULES and m != name} for name, path in MODULES.items()}
RAW = {name: imports(name, path) for name, path in MODULES.items()}


def layer(name: str) -> str | None:
    if game_of(name):
        parts = name.split(".")
        part = parts[2] if len(parts) > 2 else ""     # games.<id>.<part> / tests.toygame.<part>
        return {"view": "cabinet.ui", "tools": "tools"}.get(part, "games")
    for prefix in sorted(RANK, key=len, reverse=True):
        if name == prefix or name.startswith(prefix + "."):
            return prefix
    return None


def game_of(name: str) -> str | None:
    parts = name.split(".")
    if parts[0] == "games" and len(parts) > 1:
        return parts[1]
    return "toygame" if name.startswith("tests.toygame") else None


def test_imports_point_down():
    upward = []
    for name, deps in GRAPH.items():
        for dep in deps:
            a, b = layer(name), layer(dep)
            if a and b and RANK[b] > RANK[a]:
                upward.append(f"{name} imports {dep}")
    assert not upward, upward


def test_the_math_never_imports_pygame():
    mathy = [n for n in MODULES if layer(n) in ("cabinet.core", "cabinet.mechanics", "cabinet.math")
             or (game_of(n) and ".math" in n)]
    assert len(mathy) > 40
    bad = [n for n in mathy if any(m == "pygame" or m.startswith("pygame.") for m in RAW[n])]
    assert not bad, bad


def test_a_game_imports_no_other_game_and_its_math_not_its_view():
    bad = []
    for name, deps in GRAPH.items():
        g = game_of(name)
        for dep in deps:
            if g and game_of(dep) and game_of(dep) != g:
                bad.append(f"{name} imports {dep}")
            if g and ".math" in name and ".view" in dep:
                bad.append(f"{name} imports {dep}")
    assert not bad, bad


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of `graph`: its strongly connected components of more than one
    module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_circles():
    """Not one in the whole tree (cabinet, games, main.py, the toy game), counting
    function-level and TYPE_CHECKING imports."""
    assert not circles(GRAPH), circles(GRAPH)


def test_the_checks_see_a_violation():
    """The graph is read right: a known downward edge is there, and a made-up upward
    one would be reported."""
    assert "cabinet.core.books" in GRAPH["cabinet.core.startup"]
    assert RANK[layer("cabinet.ui.app")] > RANK[layer("cabinet.core.cabinet")]
    assert game_of("games.piggy_farm.math.rules") == "piggy_farm" and layer("tests.toygame.math.rules") == "games"
    assert layer("games.piggy_farm.view.scene") == "cabinet.ui" and layer("games.piggy_farm.tools.bench") == "tools"
    assert "cabinet.ui.autoplay" in GRAPH["cabinet.ui.hud"]          # an `if TYPE_CHECKING:` import counts
    assert "cabinet.ui.app" in GRAPH["cabinet.ui.bench"]             # so does one inside a function
    assert layer("cabinet.__main__") == "cabinet.__main__" and "cabinet.core.resources" in GRAPH["cabinet.__main__"]
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    with_typing_back_edge = {**GRAPH, "cabinet.ui.scene": GRAPH["cabinet.ui.scene"] | {"cabinet.ui.app"}}
    assert any("cabinet.ui.scene" in c and "cabinet.ui.app" in c for c in circles(with_typing_back_edge))
