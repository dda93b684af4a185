"""The shipped config as a tree to mutate: parse once, copy, dump, walk."""
from __future__ import annotations

import copy
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import yaml

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "config.yaml"
BAD, GOOD, EITHER = True, False, None       # must be refused / must start / must only agree

UNICODE_DIGITS = ("\u0661\u0662\u0663\u0664", "\u00b9\u00b2\u00b3\u2074", "\uff11\uff12\uff13\uff14",
                  "\u0967\u0968\u0969\u096a", "12\u00b34")


@dataclass
class Case:
    kinds: list[str]
    expect: bool | None        # BAD, GOOD or EITHER
    text: bytes
    setup: list[Callable[[Path], None]]


_BASE: list[dict[str, Any]] = []


def base() -> dict[str, Any]:
    """A fresh copy of the shipped config (parsed once)."""
    if not _BASE:
        _BASE.append(yaml.safe_load(SHIPPED.read_text(encoding="utf-8")))
    return copy.deepcopy(_BASE[0])


def dump(d: Any) -> bytes:
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)       # libyaml when present: same text, faster
    return yaml.dump(d, Dumper=dumper, sort_keys=False, allow_unicode=True, width=10**6).encode("utf-8")


def leaves(d: Any, path: tuple = ()) -> list[tuple]:
    out = []
    if isinstance(d, dict):
        for k, v in d.items():
            out += leaves(v, path + (k,)) or [path + (k,)]
    elif isinstance(d, list) and d:
        for i, v in enumerate(d):
            out += leaves(v, path + (i,)) or [path + (i,)]
    return out


def sections(d: Any, path: tuple = ()) -> list[tuple]:
    out = [path] if isinstance(d, dict) else []
    if isinstance(d, dict):
        for k, v in d.items():
            out += sections(v, path + (k,))
    return out


def get(d: Any, path: tuple) -> Any:
    for p in path:
        d = d[p]
    return d


def put(d: Any, path: tuple, value: Any) -> None:
    get(d, path[:-1])[path[-1]] = value


def game(d: dict, gid: str) -> dict:
    return d.setdefault("games", {}).setdefault(gid, {})


GAMES = ("piggy_farm", "happy_money_hens", "grinning_harvest")

def some_game(r, d: dict) -> tuple[str, dict]:
    gid = r.choice(GAMES)
    return gid, game(d, gid)


