"""Settings the operator changes in the operator menu, kept across restarts.

They live in `<data_dir>/operator.json` beside the ledger (config.yaml stays the
operator's hand-written file) and, at start, override config.yaml's values of the
same settings. The file holds only what was changed in the menu, written as
config.yaml writes it (amounts as text with the currency's decimals), under the names
of `KEYS` and, per game, `games: {id: {enabled, bet_ladder, default_bet, win_limit}}`.
It holds no PIN: a PIN changed in the menu is a chained event in the ledger
(cabinet/core/pin.py); an `operator_pin_hash` an older cabinet (or anyone who can write
the data folder) left in the file is reported at start, never read, and dropped at the
menu's next write.

One check for the file and for the menu (`check`): a value passes its config.yaml
key's own rule, then the rules between keys (`check_rules`, e.g. no review tools with
real play), and a game's value the game checks of a start (`startup.offer_games`:
the ladder pays whole minor units for every book, the default bet is on it...). At
start a value that does not pass is reported in one line naming it and what is
allowed, and ignored (the file is left as it is); in the menu it is refused with that
line and nothing changes.
"""
from __future__ import annotations

import dataclasses
import hmac
import json
from pathlib import Path
from typing import Any, Callable

from .config import check_rules, config_schema, game_schema, parse_ladder
from .config_types import Config, GameConfig, with_value
from .ledger.errors import LedgerError
from .ledger.files import read_key, write_plain
from .money import amount_text
from .schema import ConfigError, Field

MAX_BYTES = 64 * 1024

FILE = "operator.json"
# each saved key -> its config.yaml key: a saved value passes config.yaml's own check
KEYS = {"gamble": "gamble", "volume": "sound.volume", "music_volume": "sound.music_volume",
        "demo_tools": "demo_tools", "turbo_allowed": "turbo_allowed", "skip_allowed": "skip_allowed",
        "min_round_seconds": "min_round_seconds", "attract_idle_seconds": "attract_idle_seconds",
        "protection": "protection.enabled", "session_clock": "protection.session_clock",
        "reality_check_minutes": "protection.reality_check_minutes", "max_buy_cost": "max_buy_cost",
        "handpay_limit": "cash.handpay_limit", "unfinished_round_hours": "unfinished_round_hours",
        "loss_limit": "protection.loss_limit"}
GAME_KEYS = ("enabled", "bet_ladder", "default_bet", "win_limit")
AMOUNTS = ("max_buy_cost", "handpay_limit", "loss_limit")
PIN_HASH = "operator_pin_hash"        # no longer read (the PIN lives in the ledger)
PIN_HASH_IGNORED = f"{PIN_HASH} is no longer read: the PIN lives in the ledger"

OfferCheck = Callable[[Config], object]    # raises ConfigError when the games do not pass (its result is unused)


def settings_path(cfg: Config) -> Path:
    return Path(cfg.data_path) / FILE


def field_rule(config_key: str, minor_units: int = 100) -> Field:
    """config.yaml's rule for a key (amounts read with the currency's decimals)."""
    section: Any = config_schema(minor_units)
    for part in config_key.split("."):
        section = section[part]
    assert isinstance(section, Field), config_key
    return section


def _with_game(cfg: Config, gid: str, name: str, value: Any) -> Config:
    """A new config with one setting of a game changed (a game without a section in
    config.yaml: the section's defaults)."""
    games = dict(cfg.games)
    games[gid] = dataclasses.replace(games.get(gid) or GameConfig(), **{name: value})
    return dataclasses.replace(cfg, games=games)


def check(cfg: Config, key: str, raw: Any, offer: OfferCheck | None = None, game: str | None = None) -> Config:
    """The config as it would be with `raw` (as written in the file) for `key`
    (a game's key with `game`); ConfigError naming it and what is allowed."""
    minor = cfg.currency.units
    if game is not None:
        if key not in GAME_KEYS:
            raise ConfigError(f"games.{game[:40]}.{key[:40]} is not a saved setting; allowed: {', '.join(GAME_KEYS)}")
        where = f"games.{game}.{key}"
        value = game_schema(minor)[key].validate(where, raw)
        if key == "bet_ladder" and value is not None:
            value = parse_ladder(where, value, minor)
        trial = _with_game(cfg, game, key, value)
        if offer is not None:
            offer(trial)
        return trial
    if key == PIN_HASH:
        raise ConfigError(f"{PIN_HASH_IGNORED}; allowed: change the PIN in the operator menu's SETTINGS")
    if key not in KEYS:
        raise ConfigError(f"{key[:40]} is not a saved setting; allowed: {', '.join([*KEYS, 'games'])}")
    field = field_rule(KEYS[key], minor)
    value = field.validate(KEYS[key], raw)
    trial = with_value(cfg, KEYS[key], value)
    check_rules(trial)
    if key == "max_buy_cost" and offer is not None:
        offer(trial)
    return trial


def raw_value(cfg: Config, key: str, game: str | None = None) -> Any:
    """A setting as the file writes it (amounts as text)."""
    minor = cfg.currency.units
    if game is not None:
        g = cfg.games.get(game)
        if g is None:                      # no section in config.yaml: the section's defaults (offered)
            field = game_schema(minor).get(key)
            return field.default if isinstance(field, Field) else None
        value = getattr(g, key, None)
        if key == "bet_ladder" and value is not None:
            return [amount_text(b, minor) for b in value]
        if key in ("default_bet", "win_limit") and value is not None:
            return amount_text(value, minor)
        return value
    obj: Any = cfg
    for part in KEYS[key].split("."):
        obj = getattr(obj, part)
    return amount_text(obj, minor) if key in AMOUNTS and obj is not None else obj


MAC = "mac"     # HMAC-SHA256 under the ledger's key over the other entries: only the menu writes a valid one
NOT_THE_MENUS = ("not saved by this cabinet's operator menu (no valid MAC under the ledger's key): ignored, "
                 "config.yaml's settings are used; allowed: settings changed in the operator menu's SETTINGS page")


def _mac(cfg: Config, data: dict[str, Any]) -> str | None:
    """The MAC operator.json must carry (None: the ledger's key cannot be read yet)."""
    try:
        key = read_key(Path(cfg.ledger_key_path))
    except (LedgerError, AttributeError, TypeError):
        return None
    body = json.dumps({k: v for k, v in data.items() if k != MAC}, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=True, default=str)
    return hmac.digest(key, b"operator_settings|" + body.encode("ascii"), "sha256").hex()


def _signed(cfg: Config, data: dict[str, Any]) -> bool:
    mac, expected = data.get(MAC), _mac(cfg, data)
    return isinstance(mac, str) and expected is not None and hmac.compare_digest(mac, expected)


def _read(path: Path) -> dict[str, Any]:
    with open(path, "rb") as f:
        raw = f.read(MAX_BYTES + 1)
    if len(raw) > MAX_BYTES:
        raise ValueError(f"larger than {MAX_BYTES // 1024} KB")
    data = json.loads(raw.decode("utf-8"))
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    return data


def _entries(data: dict[str, Any]) -> list[tuple[str, Any, str | None]]:
    """(key, value, game) of every saved setting, the games' last."""
    out: list[tuple[str, Any, str | None]] = [(k, v, None) for k, v in data.items() if k != "games"]
    games = data.get("games", {})
    if isinstance(games, dict):
        for gid, section in games.items():
            if isinstance(section, dict):
                out += [(k, v, str(gid)) for k, v in section.items()]
            else:
                out.append(("games", section, str(gid)))
    else:
        out.append(("games", games, None))
    return out


def apply_saved(cfg: Config, offer: OfferCheck | None = None) -> tuple[Config, list[str]]:
    """`cfg` with the saved operator settings applied, and the problems found (each a
    line for the operator). Missing file: nothing to do. Reads only, writes nothing."""
    path = settings_path(cfg)
    if not path.is_file():
        return cfg, []
    try:
        data = _read(path)
    except (OSError, ValueError, RecursionError) as exc:   # UnicodeDecodeError is a ValueError
        why = " ".join(str(exc).split())[:80]
        return cfg, [f"{path}: cannot be read ({why}); config.yaml's settings are used"]
    if not _signed(cfg, data):          # a write to the data folder must not change what the operator set
        return cfg, [f"{path}: {NOT_THE_MENUS}"]
    data.pop(MAC, None)
    problems = []
    trial = cfg
    for key, value, game in _entries(data):
        if key == PIN_HASH and game is None:
            problems.append(f"{path}: {PIN_HASH_IGNORED}")
            continue
        try:
            if key == "games":
                raise ConfigError(f"games{'.' + game[:40] if game else ''} = {str(value)[:40]!r} is not allowed; "
                                  "allowed: a section per game id")
            trial = check(trial, key, value, offer, game)
        except ConfigError as exc:
            problems.append(f"{path}: {exc!s}; ignored")
    return trial, problems


def change(cfg: Config, key: str, raw: Any, offer: OfferCheck | None = None, game: str | None = None) -> Config:
    """The operator menu changes one setting: checked as at start (ConfigError, nothing
    changed), then written to operator.json; returns the config with it applied."""
    trial = check(cfg, key, raw, offer, game)
    path = settings_path(cfg)
    try:
        data = _read(path) if path.is_file() else {}
    except (OSError, ValueError, RecursionError):
        data = {}                      # an unreadable file was ignored at start: start a sound one
    if data and not _signed(cfg, data):
        data = {}                      # not the menu's: ignored at start, not carried on
    data.pop(PIN_HASH, None)           # never read: not carried on
    if game is None:
        data[key] = raw
    else:
        saved_games = data.get("games")
        games: dict[str, Any] = saved_games if isinstance(saved_games, dict) else {}
        saved_section = games.get(game)
        section: dict[str, Any] = saved_section if isinstance(saved_section, dict) else {}
        section[key] = raw
        games[game] = section
        data["games"] = games
    _write(cfg, path, data)
    return trial


def save(cfg: Config, volume: float) -> Config:
    """Keep the gamble, volume and review-tools switches (the menu's quick toggles)."""
    cfg = change(cfg, "volume", round(float(volume), 3))
    cfg = change(cfg, "gamble", cfg.gamble)
    return change(cfg, "demo_tools", bool(cfg.demo_tools))


def _write(cfg: Config, path: Path, data: dict[str, Any]) -> None:
    """Atomically (a crash leaves the old file or the new), with its MAC under the
    ledger's key, so that only the menu's own writes are read back."""
    data = {k: v for k, v in data.items() if k != MAC}
    mac = _mac(cfg, data)
    if mac is not None:
        data[MAC] = mac
    path.parent.mkdir(parents=True, exist_ok=True)
    write_plain(path, json.dumps(data, indent=2, sort_keys=True).encode("utf-8"))   # never through a planted link
