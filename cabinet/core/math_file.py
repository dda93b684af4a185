"""A game's math file (math.yaml) read into its tables, or refused in one line.

Each game parses its own file (games/<id>/math/tables.py) and checks the entries it
can name (a board it cannot hold, a threshold that is no whole number). Anything else
of the wrong shape -- a key missing, a list where a mapping belongs, text where a
number belongs, YAML that does not parse -- would otherwise surface as a KeyError or a
TypeError from deep in the parse. `read_math_file` turns those into one ValueError
naming the file, the game and what went wrong, so the cabinet and the math tools
refuse the file in one line (their messages carry ValueError's text), never a
traceback.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, TypeVar

import yaml

T = TypeVar("T")

__all__ = ["is_whole", "read_math_file"]


def read_math_file(path: Path, parse: Callable[[Any], T], game: str) -> T:
    """`parse` of the YAML at `path`; a file of the wrong shape is a one-line ValueError."""
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        where = getattr(exc, "problem_mark", None)
        at = f" at line {where.line + 1}" if where is not None else ""
        raise ValueError(f"{path.name}: {game}'s math file cannot be read{at} "
                         f"({type(exc).__name__}); allowed: YAML in the shipped file's form") from None
    try:
        return parse(raw)
    except (KeyError, TypeError, AttributeError, IndexError) as exc:
        raise ValueError(f"{path.name}: not a {game} math file ({type(exc).__name__}: {exc}); allowed: the keys "
                         "and forms the shipped math.yaml has, as its comments describe") from None


def is_whole(value: Any, lo: int | None = None, hi: int | None = None) -> bool:
    """Whether a math file's entry is a whole number (a YAML integer: not a float, a
    boolean or text) in lo .. hi (each end included; None: no bound). The games'
    tables check their thresholds and board sizes with it, each naming the entry and
    what it allows in its own message."""
    return type(value) is int and (lo is None or value >= lo) and (hi is None or value <= hi)
