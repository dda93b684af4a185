"""Count the lambdas in cabinet/ and games/, and those that carry logic (issue #33 item 5:
named functions for steps instead of lambdas where they carry logic).

A lambda carries logic when its body holds a conditional expression, a boolean operator,
a comparison, an arithmetic operator, a comprehension or a tuple. A single call or
attribute read with fixed arguments (`lambda: self.close()`, `lambda r: r.id`) does not.

    python .ci/lambdas.py           # lambdas and lambdas with logic, per folder and in all
    python .ci/lambdas.py --list    # besides, where each lambda with logic is
    python .ci/lambdas.py --total   # only the number of lambdas with logic

tests/test_lint.py reads the total with count() and holds it at its ratchet.
"""
from __future__ import annotations

import ast
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
AREAS = ("cabinet", "games")
LOGIC = (ast.IfExp, ast.BoolOp, ast.Compare, ast.BinOp, ast.ListComp, ast.SetComp, ast.DictComp,
         ast.GeneratorExp, ast.Tuple)


def carries_logic(node: ast.Lambda) -> bool:
    return any(isinstance(n, LOGIC) for n in ast.walk(node.body))


def lambdas(path: Path) -> list[tuple[int, bool]]:
    """(line, carries logic) for each lambda in one file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return [(n.lineno, carries_logic(n)) for n in ast.walk(tree) if isinstance(n, ast.Lambda)]


def folder(path: Path) -> str:
    """The folder a file counts under: cabinet/<package>, or games/<game>/<package>."""
    parts = path.relative_to(ROOT).parts
    depth = 3 if parts[0] == "games" else 2
    return "/".join(parts[:min(depth, len(parts) - 1)]) or parts[0]


def survey() -> tuple[Counter[str], Counter[str], list[str]]:
    """Lambdas per folder, lambdas with logic per folder, and where each one with logic is."""
    every: Counter[str] = Counter()
    logic: Counter[str] = Counter()
    where: list[str] = []
    for area in AREAS:
        for path in sorted((ROOT / area).rglob("*.py")):
            for line, has_logic in lambdas(path):
                every[folder(path)] += 1
                if has_logic:
                    logic[folder(path)] += 1
                    where.append(f"{path.relative_to(ROOT)}:{line}")
    return every, logic, where


def count() -> int:
    """The number of lambdas with logic in cabinet/ and games/."""
    return sum(survey()[1].values())


def main(argv: list[str]) -> int:
    every, logic, where = survey()
    if "--total" in argv:
        print(sum(logic.values()))
        return 0
    width = max(map(len, every), default=6)
    print(f"{'folder':<{width}}  lambdas  with logic")
    for name in sorted(every):
        print(f"{name:<{width}}  {every[name]:7d}  {logic[name]:10d}")
    print(f"{'total':<{width}}  {sum(every.values()):7d}  {sum(logic.values()):10d}")
    if "--list" in argv:
        print("\n".join(where))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
