"""Jurisdiction profiles: one config.yaml key (`jurisdiction: none | uk`) that fixes
the settings a regulator fixes.

A profile is a list of `Rule`s, each on one config key: the value it forces (what a
key left out of the file becomes) and which values it allows. `apply(values, raw,
minor_units)` runs on the file's values as read (before `check_rules`): a key the file
leaves out takes the forced value; a key the file sets to a value the profile does not
allow is refused in one line naming the key, the profile and what it forces. `check(cfg)`
runs inside `check_rules`, so a saved operator setting (operator.json, the SETTINGS
page) that breaks the profile is refused by the same words. `forces_line(cfg)` is the
one line `--check-config` prints; `forced_keys(cfg)` lists what the settings page locks.

The UK profile (UKGC remote technical standards and the 2021 online slot design rules):
no autoplay, no turbo, no slam stop, at least 2.5 s a round, no celebration of a win no
bigger than the stake, player protection on with the net position shown, no bonus buys,
no gamble, and a loss limit (`protection.loss_limit`: left out it is 100.00 of the
currency; null is refused).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Protocol

from .i18n import N_, Message
from .schema import ConfigError, shown

PROFILES = ("none", "uk")
UK_LOSS_LIMIT_X100 = 10000          # 100.00 of the currency: the UK profile's loss limit when left out


@dataclass(frozen=True)
class Rule:
    key: str                                  # the config key, dotted (protection.enabled)
    forced: Any                               # what a key left out becomes
    why: Message                              # the regulator's reason, in the refusal's brackets
    words: str                                # what --check-config says it forces ("autoplay off")
    allows: Callable[[Any], bool] | None = None   # the values allowed (None: the forced one only)
    allowed: str = ""                         # the refusal's "allowed:" (empty: the forced value)

    def ok(self, value: Any) -> bool:
        return self.allows(value) if self.allows is not None else value == self.forced

    def refusal(self, value: Any, profile: str) -> ConfigError:
        allowed = Message(N_("{value} or leave it out"), value=_yaml(self.forced)) if not self.allowed else \
            Message(self.allowed)
        return ConfigError(Message(N_("{key} = {value} is not allowed with jurisdiction: {profile} ({why}); "
                                      "allowed: {allowed}"), key=self.key, value=_yaml(value), profile=profile,
                                   why=self.why, allowed=allowed))


def _yaml(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    return shown(value)


def _at_least_2_5_s(v: float) -> bool:
    return v >= 2.5


def _is_set(v: Any) -> bool:
    return v is not None


UK: tuple[Rule, ...] = (
    Rule("autoplay_allowed", False, Message(N_("UKGC: no autoplay")), "autoplay off"),
    Rule("turbo_allowed", False, Message(N_("UKGC: no turbo")), "turbo off"),
    Rule("skip_allowed", False, Message(N_("UKGC: no slam stop")), "slam stop off"),
    Rule("min_round_seconds", 2.5, Message(N_("UKGC: a round lasts at least 2.5 s")), "rounds at least 2.5 s",
         _at_least_2_5_s, N_("2.5 to 10.0, or leave it out")),
    Rule("celebrate_wins_above_stake", True, Message(N_("UKGC: no celebration of a win no bigger than the stake")),
         "no celebration of a win <= the stake"),
    Rule("protection.enabled", True, Message(N_("UKGC: player protection")), "protection on"),
    Rule("protection.session_clock", True, Message(N_("UKGC: the net position is shown")), "net position shown"),
    Rule("buys_allowed", False, Message(N_("UKGC: no bonus buys")), "bonus buys off"),
    Rule("gamble", "off", Message(N_("UKGC: no gamble")), "gamble off"),
    Rule("protection.loss_limit", None, Message(N_("UKGC: a loss limit is set")), "a loss limit (100.00 when left out)",
         _is_set, N_("an amount, or leave it out for 100.00")),
)

RULES: dict[str, tuple[Rule, ...]] = {"none": (), "uk": UK}


class Profiled(Protocol):
    """What these checks read of a config (cabinet.core.config.Config, which imports
    this module: a Protocol, not an import)."""

    @property
    def jurisdiction(self) -> str: ...


class Celebrating(Protocol):
    @property
    def celebrate_wins_above_stake(self) -> bool: ...


def rules(profile: str | None) -> tuple[Rule, ...]:
    return RULES.get(profile or "none", ())


def _get(tree: Any, key: str) -> tuple[bool, Any]:
    """(found, value) of a dotted key in a dict (the file) or a namespace (the config)."""
    obj = tree
    for part in key.split("."):
        if isinstance(obj, dict):
            if part not in obj:
                return False, None
            obj = obj[part]
        elif obj is not None and hasattr(obj, part):
            obj = getattr(obj, part)
        else:
            return False, None
    return True, obj


def _put(values: dict[str, Any], key: str, value: Any) -> None:
    *sections, name = key.split(".")
    for part in sections:
        values = values[part]
    values[name] = value


def _forced(rule: Rule, minor_units: int) -> Any:
    if rule.key == "protection.loss_limit":
        return UK_LOSS_LIMIT_X100 * minor_units // 100
    return rule.forced


def apply(values: dict[str, Any], raw: Any, minor_units: int) -> None:
    """The file's values (validated, defaults filled) under its profile: a key the file
    leaves out takes the forced value; one it sets otherwise is refused (ConfigError)."""
    profile = values.get("jurisdiction", "none")
    for rule in rules(profile):
        written, _ = _get(raw if isinstance(raw, dict) else {}, rule.key)
        _, value = _get(values, rule.key)
        if written:
            if not rule.ok(value):
                raise rule.refusal(value, profile)
        else:
            _put(values, rule.key, _forced(rule, minor_units))


def check(cfg: Profiled) -> None:
    """The config (as the file and the operator's settings leave it) keeps its profile."""
    profile = cfg.jurisdiction
    for rule in rules(profile):
        found, value = _get(cfg, rule.key)
        if found and not rule.ok(value):
            raise rule.refusal(value, profile)


def forced_keys(cfg: Profiled) -> dict[str, Message]:
    """config key -> why (a Message: English as a str, translated where it is drawn), for
    every key the config's profile fixes."""
    return {r.key: r.why for r in rules(cfg.jurisdiction)}


def locked(cfg: Profiled, key: str) -> bool:
    """Whether the profile leaves the operator no choice for this config key (a key
    with a range, like min_round_seconds or the loss limit, stays changeable inside it)."""
    return any(r.key == key and r.allows is None for r in rules(cfg.jurisdiction))


def forces_line(cfg: Profiled) -> str | None:
    """`jurisdiction uk forces: autoplay off, turbo off, ...` (None: no profile)."""
    profile = cfg.jurisdiction
    found = rules(profile)
    if not found:
        return None
    return f"jurisdiction {profile} forces: " + ", ".join(r.words for r in found)


def celebrates(win_cents: int, stake_cents: int, cfg: Celebrating) -> bool:
    """The one decision every win celebration consults (sound, line or cluster show,
    counter fanfare, big-win overlay): with `celebrate_wins_above_stake` a win no bigger
    than the total stake gets none (a loss disguised as a win); without it any win does."""
    if win_cents <= 0:
        return False
    if cfg.celebrate_wins_above_stake:
        return win_cents > stake_cents
    return True


def allows(cfg: Profiled, key: str, value: Any) -> bool:
    """Whether the config's profile allows `value` for this config key (a key it does
    not name: any value)."""
    return all(r.ok(value) for r in rules(cfg.jurisdiction) if r.key == key)
