"""The Config object: config.yaml's settings as a frozen tree of dataclasses
(`Display`, `Cash`, `GameConfig`...), one attribute per key, amounts in minor units.
config.py's `load_config` builds it once from the checked values; a change (an
operator setting, a command-line switch) makes a new one (`with_value`,
`dataclasses.replace`) and is checked again (config.check_rules).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from .money import Currency


@dataclass(frozen=True)
class GameConfig:
    """config.yaml's section of one game (games.<id>)."""

    enabled: bool = True
    bet_ladder: tuple[int, ...] | None = None      # minor units, ascending; None: the game's own ladder
    default_bet: int | None = None
    modes: str | tuple[str, ...] = "all"           # "all", or the bet mode ids offered
    win_limit: int | None = None                   # minor units; None: only the game's own cap
    skin: str | None = None


@dataclass(frozen=True)
class Display:
    width: int
    height: int
    fullscreen: bool
    kiosk: bool
    fps: int


@dataclass(frozen=True)
class RtpBounds:
    min: float
    max: float


@dataclass(frozen=True)
class Cash:
    denominations: tuple[int, ...]     # minor units, ascending
    handpay_limit: int | None


@dataclass(frozen=True)
class BigWin:
    big: int
    mega: int
    epic: int


@dataclass(frozen=True)
class Sound:
    enabled: bool
    music: bool
    volume: float
    music_volume: float


@dataclass(frozen=True)
class Protection:
    enabled: bool
    session_clock: bool
    reality_check_minutes: int
    loss_limit: int | None


@dataclass(frozen=True)
class Language:
    """The player's languages: the cabinet's default and those offered (the default
    alone when the config names none)."""
    default: str
    offered: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        if self.offered is None:
            object.__setattr__(self, "offered", (self.default,))


@dataclass(frozen=True)
class Config:
    """Validated settings, one attribute per config.yaml key (amounts in minor units),
    plus where the file is and the folders it names: cfg.display.width,
    cfg.games['x'].bet_ladder, cfg.data_path."""

    display: Display
    currency: Currency
    demo_credit: int
    ledger_key: str | None
    ledger_witness: str | None
    rtp_bounds: RtpBounds
    data_dir: str
    report_dir: str | None
    log_level: str
    rng_seed: int | None
    real_play: bool
    demo_tools: bool
    math_source: str
    gamble: str
    turbo_allowed: bool
    skip_allowed: bool
    min_round_seconds: float
    operator_pin: str
    attract_idle_seconds: int
    unfinished_round_hours: int
    max_buy_cost: int | None
    jurisdiction: str
    autoplay_allowed: bool
    buys_allowed: bool
    celebrate_wins_above_stake: bool
    cash: Cash
    big_win: BigWin
    sound: Sound
    protection: Protection
    language: Language
    keys: dict[str, list[str]]
    games: dict[str, GameConfig]
    source: Path                  # the file read
    data_path: Path               # data_dir resolved (data_path)
    report_path: Path             # report_dir resolved (report_path)

    @property
    def ledger_key_path(self) -> Path:
        """The ledger's MAC key: config ledger_key, or <data_dir>/cabinet.key (demo play)."""
        return Path(self.ledger_key) if self.ledger_key else Path(self.data_path) / "cabinet.key"

    @property
    def ledger_witness_path(self) -> Path | None:
        """The folder of the ledger's chain-head witness (config ledger_witness), or None."""
        return Path(self.ledger_witness) if self.ledger_witness else None



def with_value(cfg: Config, config_key: str, value: Any) -> Config:
    """A new config with one setting changed, named as config.yaml names it
    (`gamble`, `sound.volume`); not checked (`check_rules` does that)."""
    head, _, rest = config_key.partition(".")
    if not rest:
        return replace(cfg, **{head: value})
    return replace(cfg, **{head: replace(getattr(cfg, head), **{rest: value})})
