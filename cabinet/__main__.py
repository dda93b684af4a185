"""`python -m cabinet` and the `slot-cabinet` command: main.py, wherever it is.

main.py stays the program's front door (the top of the layers, docs/architecture.md);
this only finds it, in the checkout or in the installed slot_cabinet/ folder
(cabinet.core.resources), and runs its `main()` with the same arguments.
"""
from __future__ import annotations

import importlib.util
import sys
from types import ModuleType

from cabinet.core import resources

MODULE = "main"            # the name main.py has when run from a checkout (`import main` in the tests)


def load_main() -> ModuleType:
    """main.py as a module: the one already imported, else the program tree's own file."""
    path = resources.main_script()
    loaded = sys.modules.get(MODULE)
    if loaded is not None and getattr(loaded, "__file__", None) == str(path):
        return loaded
    spec = importlib.util.spec_from_file_location(MODULE, path)
    if spec is None or spec.loader is None or not path.is_file():
        raise SystemExit(f"slot-cabinet: {path} is missing: the installation is incomplete; reinstall the wheel")
    module = importlib.util.module_from_spec(spec)
    sys.modules[MODULE] = module
    spec.loader.exec_module(module)
    return module


def main(argv: list[str] | None = None) -> int:
    return int(load_main().main(argv))


if __name__ == "__main__":
    raise SystemExit(main())
