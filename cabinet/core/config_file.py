"""Reading config.yaml safely: bounded size and depth, every key once.

`read_yaml(path)` returns the parsed document or raises `ConfigError` with one line
naming the file (and the line, where there is one) and what is allowed. It reads at
most `MAX_BYTES`, refuses nesting deeper than `MAX_DEPTH` before the recursive part
of the YAML composer can reach it (a 10^5-deep list is one line, not a
RecursionError), and refuses a key written twice in one section instead of letting
the last one win silently.
"""
from __future__ import annotations

import copy
import hashlib
from pathlib import Path
from typing import Any

import yaml

from .schema import ConfigError, shown

MAX_BYTES = 64 * 1024      # the shipped config.yaml is ~5 KB; pure-Python YAML reads 64 KB in ~0.5 s
MAX_DEPTH = 20             # config.yaml nests 3 deep (games: piggy_farm: bet_ladder: [...])
_MERGE = "tag:yaml.org,2002:merge"


class _Loader(yaml.SafeLoader):
    """SafeLoader that counts nesting while composing and refuses duplicate keys."""

    def __init__(self, stream: str, source: Path):
        super().__init__(stream)
        self.source = source
        self.depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        self.depth += 1
        try:
            if self.depth > MAX_DEPTH:
                line = self.peek_event().start_mark.line + 1
                raise ConfigError(f"{self.source}: nested deeper than {MAX_DEPTH} levels at line {line}; "
                                  f"allowed: at most {MAX_DEPTH} levels (config.yaml uses 3)")
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        if isinstance(node, yaml.MappingNode):
            first: dict[Any, int] = {}
            for key_node, _ in node.value:
                if key_node.tag == _MERGE:
                    continue
                key = self.construct_object(key_node, deep=True)
                try:
                    seen = first.get(key)
                except TypeError:          # an unhashable key: the constructor names it below
                    continue
                line = key_node.start_mark.line + 1
                if seen is not None:
                    raise ConfigError(f"{self.source}: key {shown(key)} at line {line} is written twice in one "
                                      f"section (first at line {seen}); allowed: each key once")
                first[key] = line
        return super().construct_mapping(node, deep)


# Documents parsed in this process, by the file's bytes (sha256) and name: the same
# bytes parse to the same document, so the asset manifests and math files a second
# start reads are not parsed again; each caller gets its own copy.
_PARSED: dict[tuple[str, str], Any] = {}
_PARSED_MAX = 256


def read_yaml(path: Path, *, max_bytes: int = MAX_BYTES, label: str | None = None,
              allowed: str = "a readable UTF-8 YAML file (see config.yaml)",
              size_note: str = "config.yaml is ~5 KB") -> Any:
    """The YAML document at `path` (ConfigError, one line naming the file as `label`
    (default: the path) and what is allowed, if it cannot be used). Every YAML file a
    person writes for the cabinet (config.yaml, hand-built boards, showcase scripts) is
    read here: bounded size and depth, each key once."""
    name = label if label is not None else str(path)
    try:
        regular = path.is_file()
        what = "not a regular file" if path.exists() else "file not found"
        if regular:
            with open(path, "rb") as f:
                data = f.read(max_bytes + 1)
    except (OSError, ValueError) as exc:    # ValueError: a NUL byte in the path
        raise ConfigError(f"{name}: cannot be read ({getattr(exc, 'strerror', None) or exc}); "
                          f"allowed: {allowed}") from None
    if not regular:
        raise ConfigError(f"{name}: {what}; allowed: {allowed}")
    if len(data) > max_bytes:
        raise ConfigError(f"{name}: larger than {max_bytes // 1024} KB; allowed: a file up to "
                          f"{max_bytes // 1024} KB ({size_note})")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{name}: not UTF-8 text (byte {exc.start}); allowed: {allowed}") from None
    key = (name, hashlib.sha256(data).hexdigest())
    if key in _PARSED:
        return copy.deepcopy(_PARSED[key])
    loader = _Loader(text, Path(name))
    try:
        doc = loader.get_single_data()
        if len(_PARSED) >= _PARSED_MAX:
            _PARSED.pop(next(iter(_PARSED)))
        _PARSED[key] = copy.deepcopy(doc)
        return doc
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or type(exc).__name__
        raise ConfigError(f"{name}: not valid YAML{where} ({' '.join(str(problem).split())[:80]}); "
                          f"allowed: {allowed}") from None
    finally:
        loader.dispose()
