"""Where the program's own files are: every lookup of a shipped file goes through here.

Two layouts hold the same files under the same names (the names `manifest.sha256` lists):

    a checkout                          an installed wheel (site-packages/)
    <repo>/main.py                      slot_cabinet/main.py
    <repo>/config.yaml                  slot_cabinet/config.yaml
    <repo>/manifest.sha256 (+ .sig)     slot_cabinet/manifest.sha256 (+ .sig)
    <repo>/assets/...                   slot_cabinet/assets/...
    <repo>/cabinet/..., <repo>/games/.. cabinet/..., games/...

`ProgramTree` maps a name to its file in either: `top` holds main.py, the config, the
signed manifest and assets/; `code` is the folder holding the `cabinet` and `games`
packages. In a checkout both are the repository's root. The running code decides which
layout it is in: an installed `cabinet` package has the `slot_cabinet` folder beside it
(the wheel puts it there, setup.py); a checkout has none. Files inside a package (a
game's math.yaml, books/, rates.json) are found with `importlib.resources` (`package_file`).

The writable data (ledger, player settings, screenshots, reports) goes where the
config's `data_dir` says; the installed program's own config.yaml cannot be written
and is shared by every user, so its relative `data_dir` is taken from the user's data
folder (`user_data_dir`) instead of the config's folder (cabinet.core.config.data_path).
"""
from __future__ import annotations

import importlib.resources
import os
import sys
from dataclasses import dataclass
from pathlib import Path

DATA_PACKAGE = "slot_cabinet"      # the wheel's folder for main.py, config.yaml, the manifest and assets/
APP_NAME = "slot-cabinet"          # the distribution, the command and the user's data folder
CODE_PACKAGES = ("cabinet", "games")
CONFIG_NAME = "config.yaml"
MAIN_NAME = "main.py"
ASSETS_NAME = "assets"


@dataclass(frozen=True)
class ProgramTree:
    """The program's files as `manifest.sha256` names them (posix paths from the top)."""

    top: Path
    code: Path

    @classmethod
    def of(cls, root: Path | ProgramTree) -> ProgramTree:
        """A tree as given, or a folder laid out as a checkout (both parts the same)."""
        return root if isinstance(root, ProgramTree) else cls(Path(root), Path(root))

    @property
    def installed(self) -> bool:
        return self.top != self.code

    def path(self, name: str) -> Path:
        """The file a manifest name stands for: `cabinet/...` and `games/...` in the code
        folder, everything else (main.py, assets/..., manifest.sha256) in the top folder."""
        first = name.split("/", 1)[0]
        return (self.code if first in CODE_PACKAGES else self.top) / name


def package_file(package: str, *parts: str) -> Path:
    """A file shipped inside an importable package (a game's math.yaml, books/ ...),
    through importlib.resources. The cabinet reads its files from disk (hashes, SQLite,
    pygame), so a package must be a folder, as pip installs it; a zipped one is refused."""
    where = importlib.resources.files(package)
    for part in parts:
        where = where / part
    if not isinstance(where, Path):
        raise RuntimeError(f"{package}: its files are not on disk ({where!r}); install the cabinet with pip, unzipped")
    return where


def code_root() -> Path:
    """The folder holding the `cabinet` package (a checkout's root, or site-packages)."""
    return package_file("cabinet").resolve().parent


def program_tree() -> ProgramTree:
    """The running program's tree: installed when `slot_cabinet/` sits beside the
    `cabinet` package, else the checkout the code runs from."""
    code = code_root()
    data = code / DATA_PACKAGE
    return ProgramTree(data, code) if data.is_dir() else ProgramTree(code, code)


def assets_root() -> Path:
    return program_tree().top / ASSETS_NAME


def default_config() -> Path:
    """The config read without --config: config.yaml beside main.py, in either layout."""
    return program_tree().top / CONFIG_NAME


def main_script() -> Path:
    return program_tree().top / MAIN_NAME


def user_data_dir(environ: dict[str, str] | None = None, platform: str | None = None,
                  home: Path | None = None) -> Path:
    """The user's own folder for the cabinet's data: $XDG_DATA_HOME/slot-cabinet (an
    absolute XDG_DATA_HOME, else ~/.local/share/slot-cabinet) on Linux and the BSDs,
    ~/Library/Application Support/slot-cabinet on macOS, %LOCALAPPDATA%\\slot-cabinet
    on Windows."""
    env = os.environ if environ is None else environ
    platform = sys.platform if platform is None else platform
    home = Path.home() if home is None else home
    if platform == "win32":
        base = env.get("LOCALAPPDATA") or env.get("APPDATA")
        return (Path(base) if base else home / "AppData" / "Local") / APP_NAME
    if platform == "darwin":
        return home / "Library" / "Application Support" / APP_NAME
    xdg = env.get("XDG_DATA_HOME", "")
    return (Path(xdg) if os.path.isabs(xdg) else home / ".local" / "share") / APP_NAME


def is_shipped_config(path: Path) -> bool:
    """Whether `path` is the installed program's own config.yaml (read-only, shared)."""
    tree = program_tree()
    if not tree.installed:
        return False
    try:
        return os.path.samefile(path, tree.top / CONFIG_NAME)
    except OSError:
        return False


def program_name(argv0: str | None = None) -> str:
    """How the user started the cabinet, for its one-line messages: `main.py` from a
    checkout, `slot-cabinet` (the installed command) or `python -m cabinet`."""
    path = Path(sys.argv[0] if argv0 is None else argv0)
    if path.name == "__main__.py" and path.parent.name == "cabinet":
        return "python -m cabinet"
    return path.name if path.name in ("main.py", "slot-cabinet") else "main.py"


def help_command(argv0: str | None = None) -> str:
    """The command that prints the options, as the user would type it."""
    name = program_name(argv0)
    return f"python {name} --help" if name == "main.py" else f"{name} --help"
