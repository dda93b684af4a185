"""A tiny declarative validator for config.yaml.

Each leaf is a `Field` that checks one value and says what is allowed; a dict of
fields is a section. Unknown keys, wrong types and out-of-range values raise
`ConfigError` with one line naming the key, the bad value and what is allowed.
"""
from __future__ import annotations

import reprlib
from dataclasses import dataclass
from typing import Any, Callable

from .i18n import Said

_SHORT = reprlib.Repr()
_SHORT.maxstring, _SHORT.maxother, _SHORT.maxlong, _SHORT.maxlevel = 40, 40, 40, 2
_SHORT.maxlist = _SHORT.maxtuple = _SHORT.maxdict = _SHORT.maxset = 4


def shown(value: Any) -> str:
    """A value as a message quotes it: repr, cut short (a 20,000-entry list or a
    nested alias bomb stays one short line)."""
    return _SHORT.repr(value)


def key_name(key: Any) -> str:
    """A key as a message names it: text as written (cut at 40), anything else quoted."""
    return key[:40] if isinstance(key, str) else shown(key)


class ConfigError(Said, ValueError):
    """One line: where, what was found, what is allowed (raised with an i18n.Message where
    the settings page shows it: English in the log, translated where it is drawn)."""


@dataclass(frozen=True)
class Field:
    kind: type | tuple[type, ...]
    default: Any = None
    allowed: str = ""                       # what the message says is allowed
    check: Callable[[Any], bool] | None = None
    convert: Callable[[Any], Any] | None = None
    nullable: bool = False

    def validate(self, key: str, value: Any) -> Any:
        if value is None and self.nullable:
            return None
        kinds = self.kind if isinstance(self.kind, tuple) else (self.kind,)
        # YAML's bools are ints to Python; never accept one for the other.
        bad_bool = isinstance(value, bool) and bool not in kinds
        if bad_bool or not isinstance(value, kinds):
            raise ConfigError(
                f"{key} = {shown(value)} has the wrong type; allowed: {self.allowed or _kind_names(kinds)}"
            )
        if self.check is not None and not self.check(value):
            raise ConfigError(f"{key} = {shown(value)} is not allowed; allowed: {self.allowed}")
        if self.convert is not None:
            try:
                return self.convert(value)
            except (ValueError, TypeError) as exc:
                raise ConfigError(f"{key} = {shown(value)} is not allowed ({exc}); allowed: {self.allowed}") from None
        return value


def _kind_names(kinds: tuple[type, ...]) -> str:
    names = {bool: "true or false", int: "a whole number", float: "a number", str: "text",
             list: "a list", dict: "a section"}
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def integer(lo: int, hi: int, default: int | None, nullable: bool = False) -> Field:
    def in_range(v: int) -> bool:
        return lo <= v <= hi

    return Field(int, default, f"a whole number from {lo} to {hi}", in_range, nullable=nullable)


def number(lo: float, hi: float, default: float) -> Field:
    def in_range(v: float) -> bool:
        return lo <= v <= hi

    return Field((int, float), default, f"a number from {lo} to {hi}", in_range, float)


def boolean(default: bool) -> Field:
    return Field(bool, default, "true or false")


def choice(options: tuple[str, ...], default: str) -> Field:
    def one_of(v: str) -> bool:
        return v in options

    return Field(str, default, " or ".join(options), one_of)


def text(default: str, allowed: str = "text", check: Callable[[Any], bool] | None = None) -> Field:
    return Field(str, default, allowed, check)


def validate_section(schema: dict[str, Any], data: Any, path: str = "") -> dict[str, Any]:
    """Validate `data` against `schema`, filling defaults for keys left out."""
    where = path or "the file"
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ConfigError(f"{where} = {shown(data)} has the wrong type; allowed: a section of keys")
    out: dict[str, Any] = {}
    for key in data:
        if key not in schema:
            allowed = ", ".join(sorted(k for k in schema if not k.startswith("*")))
            raise ConfigError(f"{path + '.' if path else ''}{key_name(key)}"
                              f" is not a known key; allowed here: {allowed}")
    for key, spec in schema.items():
        full = f"{path}.{key}" if path else key
        if isinstance(spec, dict):
            out[key] = validate_section(spec, data.get(key), full)
        elif isinstance(spec, Field):
            out[key] = spec.validate(full, data[key]) if key in data else spec.default
        else:  # a callable validating a free-form subtree (e.g. per-game sections)
            out[key] = spec(full, data.get(key))
    return out
