"""config.yaml: schema, defaults and validation, building the Config object.

`load_config(path)` reads the file (`config_file.read_yaml`: bounded size and depth,
every key once), checks every key against the schema and the rules between keys
(`check_rules`), and returns a `Config`, or raises `ConfigError` with one line naming
the key, the bad value and what is allowed. A `Config` is a frozen tree of dataclasses
(`Display`, `Cash`, `GameConfig`...: config_types.py) built once from the checked
values: a change (an operator setting, a command-line switch) makes a new one
(`config_types.with_value`, `dataclasses.replace`) and is checked again. The `keys:`
section's map and check are config_keys.py. It decides what the file alone decides;
what needs the games, their books and the data folder is checked by
`cabinet.core.startup.prepare`, which a start and `main.py --check-config` share.
"""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, Callable

from . import jurisdiction, resources
from .config_file import read_yaml
from .config_keys import check_keys
from . import i18n
from .i18n import N_, formats
from .jurisdiction import PROFILES
from .logs import LEVELS as LOG_LEVELS
from .config_types import (BigWin, Cash, Config, Display, GameConfig, Language, Protection, RtpBounds,
                           Sound)
from .money import Currency, amount_example, decimals_of, hundredths_to_minor, parse_amount
from .schema import ConfigError, Field, boolean, choice, integer, number, shown, text, validate_section

DEFAULT_PATH = resources.default_config()      # config.yaml beside main.py (a checkout's, or the installed one)
GAMBLE_SETTINGS = ("on", "on_5x", "off")     # Happy Money Hens' gamble entry setting

MAX_LADDER = 64                  # bets on one game's ladder (config.yaml's longest has 17)
MAX_BET = 10**9                  # minor units: bet x the largest payout stays far inside int64
DEFAULT_PIN = "1234"
PIN_DIGITS = (4, 12)             # shortest and longest operator PIN
MINOR_UNITS = (1, 10, 100, 1000)


def amount_rule(minor_units: int, example: int, lo: int = 1, hi: int = 10**12, nullable: bool = True) -> Field:
    """An amount written with exactly the currency's decimals, lo..hi minor units."""
    cur = Currency(minor_units=minor_units, symbol="", thousands="", decimal=".", locale="en-US")
    d = decimals_of(minor_units)
    how = f"{d} decimals" if d else "no decimals"
    allowed = (f"an amount in quotes with {how} (the currency has {minor_units} minor units to the major unit), "
               f"from {cur.format(lo)} to {cur.format(hi)}, like \"{amount_example(minor_units, example)}\"")

    def conv(v: Any) -> int:
        units = parse_amount(v, minor_units)
        if not lo <= units <= hi:
            raise ValueError("out of range")
        return units
    return Field((str, int), None, allowed, None, conv, nullable=nullable)


def _mode_list(path: str, modes: Any) -> str | tuple[str, ...]:
    if modes == "all":
        return "all"
    if (not isinstance(modes, list) or not modes or len(modes) > MAX_LADDER
            or not all(isinstance(m, str) for m in modes) or len(set(modes)) != len(modes)):
        raise ConfigError(f"{path} = {shown(modes)} is not allowed; allowed: all, or a non-empty list of "
                          f"the game's bet mode ids, each once, like [base, fortune_1_2]")
    return tuple(modes)


def parse_ladder(path: str, values: Any, minor_units: int) -> tuple[int, ...]:
    example = amount_example(minor_units)
    if not isinstance(values, list) or not 1 <= len(values) <= MAX_LADDER:
        raise ConfigError(f"{path} = {shown(values)} is not allowed; allowed: a list of 1 to {MAX_LADDER} "
                          f"amounts like [\"{example}\"], ascending")
    rule = amount_rule(minor_units, 1, 1, MAX_BET, nullable=False)
    ladder = tuple(rule.validate(f"{path}[{i}]", v) for i, v in enumerate(values))
    if list(ladder) != sorted(set(ladder)):
        raise ConfigError(f"{path} = {shown(values)} is not allowed; allowed: amounts ascending, no repeats")
    return ladder


MAX_DENOMINATIONS = 12
DEFAULT_DENOMINATIONS = (100, 500, 1000, 2000, 5000, 10000)   # hundredths of the major unit: 1 to 100


def _denominations(path: str, values: Any, minor_units: int) -> tuple[int, ...]:
    """The notes (credits) the cash page accepts: 1 to 12 amounts, ascending."""
    if not isinstance(values, list) or not 1 <= len(values) <= MAX_DENOMINATIONS:
        raise ConfigError(
            f"{path} = {shown(values)} is not allowed; allowed: a list of 1 to {MAX_DENOMINATIONS} "
            f"amounts like [\"{amount_example(minor_units, 5)}\", \"{amount_example(minor_units, 20)}\"], "
            "ascending"
        )
    rule = amount_rule(minor_units, 20, 1, 10**9, nullable=False)
    notes = tuple(rule.validate(f"{path}[{i}]", v) for i, v in enumerate(values))
    if list(notes) != sorted(set(notes)):
        raise ConfigError(f"{path} = {shown(values)} is not allowed; allowed: amounts ascending, no repeats")
    return notes


def game_schema(minor_units: int) -> dict[str, Any]:
    return {
        "enabled": boolean(True),
        "bet_ladder": Field(list, None, f"a list of 1 to {MAX_LADDER} amounts like "
                                        f"[\"{amount_example(minor_units)}\"], ascending", nullable=True),
        "default_bet": amount_rule(minor_units, 1, 1, MAX_BET),
        "modes": Field((list, str), "all", "all, or a non-empty list of the game's bet mode ids"),
        "win_limit": amount_rule(minor_units, 250000),
        "skin": Field(str, None, "a skin name of the game (its assets/<game>/manifest.yaml skins)", nullable=True),
    }


def _games(minor_units: int) -> Callable[[str, Any], dict[str, GameConfig]]:
    schema = game_schema(minor_units)

    def games(path: str, data: Any) -> dict[str, GameConfig]:
        if data is None:
            return {}
        if not isinstance(data, dict) or not all(isinstance(k, str) for k in data):
            raise ConfigError(f"{path} = {shown(data)} has the wrong type; allowed: a section per game id")
        out: dict[str, GameConfig] = {}
        for gid, section in data.items():
            g = validate_section(schema, section, f"{path}.{gid}")
            if g["bet_ladder"] is not None:
                g["bet_ladder"] = parse_ladder(f"{path}.{gid}.bet_ladder", g["bet_ladder"], minor_units)
            g["modes"] = _mode_list(f"{path}.{gid}.modes", g["modes"])
            out[gid] = GameConfig(**g)
        return out
    return games


def _separator(blank_ok: bool) -> Callable[[str], bool]:
    def ok(v: str) -> bool:
        if v == "":
            return blank_ok
        return len(v) == 1 and v.isprintable() and not v.isnumeric() and v not in "+-" and (blank_ok or v != " ")
    return ok


def _symbol_ok(v: str) -> bool:
    return 0 < len(v) <= 4 and v.isprintable() and v.strip() != "" and not any(c.isnumeric() or c in "+-" for c in v)


def _path_ok(v: str) -> bool:
    """A file or folder path: 1 to 4096 characters, no NUL."""
    return 0 < len(v) <= 4096 and "\x00" not in v


def _known_currency(v: str) -> bool:
    return v in formats.currencies()


def _minor_units_ok(v: int) -> bool:
    return v in MINOR_UNITS


def _gamble_ok(v: str | bool) -> bool:
    return isinstance(v, bool) or v in GAMBLE_SETTINGS


def _gamble_word(v: str | bool) -> str:
    """YAML's unquoted on / off (read as true / false) as the word."""
    return ("on" if v else "off") if isinstance(v, bool) else v


def _pin_ok(v: str) -> bool:
    return re.fullmatch(r"[0-9]{%d,%d}" % PIN_DIGITS, v) is not None


def _known_language(v: str) -> bool:
    return v in i18n.available()


def _languages_ok(v: list) -> bool:
    """1 to 16 known language tags, each once."""
    return 0 < len(v) <= 16 and all(isinstance(t, str) and t in i18n.available() for t in v) and len(set(v)) == len(v)


def config_schema(minor_units: int = 100) -> dict[str, Any]:
    """The schema of config.yaml; amounts are read with the currency's decimals."""
    return {
        "display": {
            "width": integer(320, 7680, 1600),
            "height": integer(240, 4320, 900),
            "fullscreen": boolean(False),
            "kiosk": boolean(False),
            "fps": integer(20, 240, 60),
        },
        "currency": {
            "code": Field(
                str,
                "USD",
                f"an ISO 4217 code: {', '.join(sorted(formats.currencies()))}",
                _known_currency,
            ),
            "symbol": Field(
                str,
                None,
                "1 to 4 printable characters, no digits or signs, like \"$\" or \"EUR\", or null "
                "for the code's symbol as each language writes it",
                _symbol_ok,
                nullable=True,
            ),
            "minor_units": Field(
                int,
                None,
                "1, 10, 100 or 1000, or null for the code's own (USD 100, JPY 1, KWD 1000)",
                _minor_units_ok,
                nullable=True,
            ),
            "thousands": Field(
                str,
                None,
                "one printable character that is not a digit or a sign (a space is fine), "
                "\"\" for none, or null for each language's own",
                _separator(True),
                nullable=True,
            ),
            "decimal": Field(
                str,
                None,
                "one printable character that is not a digit, a sign or a space, like \".\" or "
                "\",\", or null for each language's own",
                _separator(False),
                nullable=True,
            ),
        },
        "demo_credit": amount_rule(minor_units, 1000, 0, 10**9),
        "ledger_key": Field(
            str,
            None,
            "the path of the ledger's MAC key file (absolute, outside data_dir), or null "
            "for <data_dir>/cabinet.key (demo play only)",
            _path_ok,
            nullable=True,
        ),
        "ledger_witness": Field(
            str,
            None,
            "a folder path (absolute, outside data_dir, ideally another disk) where "
            "the ledger's chain head is also written, or null for none (demo play only)",
            _path_ok,
            nullable=True,
        ),
        "rtp_bounds": {
            "min": number(0.25, 1.0, 0.80),
            "max": number(0.25, 1.0, 0.99),
        },
        "data_dir": text(
            "data",
            "a folder path (relative to this file), without NUL characters",
            _path_ok,
        ),
        "report_dir": Field(
            str,
            None,
            "a folder path (absolute, or relative to data_dir), without NUL characters, or null for <data_dir>/reports",
            _path_ok,
            nullable=True,
        ),
        "log_level": choice(LOG_LEVELS, "INFO"),
        "rng_seed": integer(0, 2**63 - 1, None, nullable=True),
        "real_play": boolean(False),
        "demo_tools": boolean(False),
        "math_source": choice(("books", "live"), "books"),
        # YAML reads an unquoted on / off as true / false: both spellings mean the same
        "gamble": Field(
            (str, bool),
            "on_5x",
            " or ".join(GAMBLE_SETTINGS) + " (on / off unquoted, or true / false)",
            _gamble_ok,
            _gamble_word,
        ),
        "turbo_allowed": boolean(True),
        "skip_allowed": boolean(True),
        "min_round_seconds": number(0.0, 10.0, 0.0),
        "operator_pin": text(
            DEFAULT_PIN,
            f"{PIN_DIGITS[0]} to {PIN_DIGITS[1]} digits 0-9 in quotes, like \"48213\" (the PIN pad types 0-9 only)",
            _pin_ok,
        ),
        "attract_idle_seconds": integer(10, 3600, 90),
        "unfinished_round_hours": integer(1, 8760, 24),
        "max_buy_cost": amount_rule(minor_units, 10000),
        # the regulator's profile (cabinet/core/jurisdiction.py) and the keys it fixes
        "jurisdiction": choice(PROFILES, "none"),
        "autoplay_allowed": boolean(True),
        "buys_allowed": boolean(True),
        "celebrate_wins_above_stake": boolean(False),
        "cash": {
            "denominations": Field(list, None, f"a list of 1 to {MAX_DENOMINATIONS} amounts, ascending", nullable=True),
            "handpay_limit": amount_rule(minor_units, 1200),
        },
        "big_win": {
            "big": integer(2, 10000, 15),
            "mega": integer(2, 10000, 30),
            "epic": integer(2, 10000, 60),
        },
        "language": {
            "default": Field(
                str, i18n.SOURCE, f"a language tag: {', '.join(i18n.available())}", _known_language
            ),
            "offered": Field(
                list,
                None,
                f"a list of language tags from {', '.join(i18n.available())}, each once, or null for the default alone",
                _languages_ok,
                lambda v: tuple(v),
                nullable=True,
            ),
        },
        "sound": {
            "enabled": boolean(True),
            "music": boolean(True),
            "volume": number(0.0, 1.0, 0.7),
            "music_volume": number(0.0, 1.0, 0.35),
        },
        "protection": {
            "enabled": boolean(False),
            "session_clock": boolean(True),
            "reality_check_minutes": integer(1, 240, 30),
            "loss_limit": amount_rule(minor_units, 10000),
        },
        "keys": check_keys,
        "games": _games(minor_units),
    }


SCHEMA = config_schema()


def check_rules(cfg: Config) -> None:
    """The rules between keys (ConfigError naming the first one broken). Run on the
    file's values, and again whenever a saved operator setting would change one."""
    big = cfg.big_win
    if not big.big < big.mega < big.epic:
        raise ConfigError(i18n.Message(N_("big_win = {{big: {big}, mega: {mega}, epic: {epic}}} is not allowed; "
                                          "allowed: big < mega < epic"), big=big.big, mega=big.mega, epic=big.epic))
    jurisdiction.check(cfg)
    bounds = cfg.rtp_bounds
    if not bounds.min < bounds.max:
        raise ConfigError(i18n.Message(N_("rtp_bounds = {{min: {min}, max: {max}}} is not allowed; allowed: min < max, "
                                          "both from 0.25 to 1.0"), min=bounds.min, max=bounds.max))
    for name, value in (("ledger_key", cfg.ledger_key), ("ledger_witness", cfg.ledger_witness)):
        if value is not None and not os.path.isabs(value):
            raise ConfigError(f"{name} = {shown(value)} is not allowed; allowed: an absolute path (it lives outside "
                              "data_dir), or null")
    cur = cfg.currency
    if (cur.thousands is None) != (cur.decimal is None):
        raise ConfigError("currency.thousands and currency.decimal: only one is set; allowed: both (they replace every "
                          "language's own separators) or neither (null: each language writes its own)")
    if cur.thousands is not None and cur.thousands == cur.decimal:
        raise ConfigError(f"currency.thousands = {cur.thousands!r} is the same as currency.decimal; "
                          f"allowed: two different separators, like \",\" and \".\"")
    lang = cfg.language
    if lang.offered is not None and lang.default not in lang.offered:
        raise ConfigError(f"language.default = {lang.default!r} is not in language.offered {list(lang.offered)}; "
                          "allowed: a default the player is offered")
    if cfg.real_play:
        if cfg.demo_tools:
            raise ConfigError(i18n.Message(
                N_("demo_tools = true is not allowed with real_play = true; allowed: demo_tools: false in real play")
            ))
        if cfg.operator_pin == DEFAULT_PIN:
            raise ConfigError(
                f"operator_pin = \"{DEFAULT_PIN}\" is the default PIN, not allowed with real_play = true; "
                f"allowed: your own {PIN_DIGITS[0]} to {PIN_DIGITS[1]} digits"
            )
        if cfg.ledger_key is None:
            raise ConfigError(
                "ledger_key = null is not allowed with real_play = true (the ledger's MAC key must not sit "
                "in the data folder it protects); allowed: the absolute path of a key file outside data_dir"
            )
        if cfg.ledger_witness is None:
            raise ConfigError(
                "ledger_witness = null is not allowed with real_play = true (a rollback of the data folder "
                "would go unseen); allowed: the absolute path of a folder outside data_dir"
            )
        if cfg.rng_seed is not None:
            raise ConfigError("rng_seed is not allowed with real_play = true (a seeded RNG is predictable); "
                              "allowed: rng_seed: null")


def data_path(source: Path, data_dir: str) -> Path:
    """Where data_dir points: a relative path is relative to the config file's folder,
    except in the installed program's own config.yaml (read-only, in site-packages),
    where it is relative to the user's data folder: ~/.local/share/slot-cabinet/data
    (cabinet.core.resources.user_data_dir). An absolute path stays as it is."""
    base = resources.user_data_dir() if resources.is_shipped_config(source) else source.parent
    return Path(os.path.abspath(os.path.join(base, data_dir)))


REPORT_DIR = "reports"


def report_path(data: Path, report_dir: str | None) -> Path:
    """Where the operator's report exports go: report_dir, relative to the data folder
    (an absolute path stays as it is); null: <data_dir>/reports."""
    return Path(os.path.abspath(os.path.join(data, report_dir or REPORT_DIR)))


_SECTIONS: dict[str, Callable[..., Any]] = {"display": Display, "currency": Currency, "rtp_bounds": RtpBounds,
                                            "cash": Cash, "big_win": BigWin, "sound": Sound,
                                            "protection": Protection, "language": Language}


def load_config(path: str | Path | None = None) -> Config:
    """Read and validate a config file; raise ConfigError (one line) if anything is off."""
    p = Path(path) if path else DEFAULT_PATH
    raw = read_yaml(p)
    minor_units = 100
    if isinstance(raw, dict) and isinstance(raw.get("currency"), dict):   # amounts are read in its units
        minor_units = Currency(**validate_section(SCHEMA["currency"], raw["currency"], "currency")).units
    values = validate_section(config_schema(minor_units), raw)
    jurisdiction.apply(values, raw, minor_units)      # the profile's forced keys (refused if set otherwise)
    if values["demo_credit"] is None:
        values["demo_credit"] = hundredths_to_minor(100000, minor_units)       # 1000.00
    cash = values["cash"]
    cash["denominations"] = (_denominations("cash.denominations", cash["denominations"], minor_units)
                             if cash["denominations"] is not None else
                             tuple(hundredths_to_minor(d, minor_units) or 1 for d in DEFAULT_DENOMINATIONS))
    for name, section in _SECTIONS.items():
        values[name] = section(**values[name])
    data = data_path(p, values["data_dir"])
    cfg = Config(**values, source=p, data_path=data, report_path=report_path(data, values["report_dir"]))
    check_rules(cfg)
    trust_paths(cfg)
    return cfg


def _inside(path: Path, folder: Path) -> bool:
    try:
        Path(os.path.realpath(path)).relative_to(os.path.realpath(folder))
        return True
    except ValueError:
        return False


def trust_paths(cfg: Config) -> None:
    """With real_play the ledger's key and witness must lie outside the data folder,
    which is what an attacker who can write that folder cannot reach (ConfigError)."""
    data = Path(cfg.data_path)
    for name, path in (("ledger_key", cfg.ledger_key), ("ledger_witness", cfg.ledger_witness)):
        if path is not None and _inside(Path(path), data):
            raise ConfigError(f"{name} = {shown(path)} is inside data_dir ({data}); allowed: a path outside the data "
                              "folder (a write to the data folder must not reach it)")
