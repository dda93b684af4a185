"""The one validation a start and `main.py --check-config` share.

    plan = prepare(path, create=False)    # --check-config: all a start checks, creating nothing
    plan = prepare(path, create=True)     # a start: the same, then the data folder is made
    cabinet = Cabinet(plan.config, plan=plan, seed=...)

In order: config.yaml (`load_config`: the file and its keys); the data folder
(`check_data_dir`: creatable and writable, nothing created) and the report folder
(report_dir, the same rules); the operator's saved
settings (<data_dir>/operator.json, which pass the same rules); then every game
(`offer_games`): a known id, known bet modes, the configured ladder or the game's own
in the currency's minor units, the default bet on it, every bet mode's stated RTP within
config rtp_bounds (and, drawn from books, each mode's library's exact RTP too), every
picture, sound and font decodable (cabinet/core/assets.py), every bet paying whole minor
units for every book of the game (from its books, loaded here once and handed to the
Cabinet), and the win limits. A config mistake raises `ConfigError` (one line naming
the key and what is allowed); a game whose code or books cannot be used is refused
with its reason and the rest of the cabinet plays. So what the check accepts starts,
and what it refuses does not.

Each offered game is a `GameSetup` (cabinet/core/game_setup.py: its returns at each bet
and the one policy of where a money limit lowers a return, `offer_at_bets`).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from . import assets, resources
from .books import Library, load_library, rtp_fraction
from .config import MAX_BET, load_config
from .config_types import Config, GameConfig
from .data_dir import check_data_dir, make_data_dir
from .game import GameSpec, discover
from .game_setup import BetReturn, GameSetup, bet_returns, cap_buy_cost, offer_at_bets
from .i18n import N_, Message
from .money import WinCap, hundredths_to_minor
from .operator_settings import apply_saved
from .rtp_bounds import rtp_out_of_bounds
from .schema import ConfigError, shown


@dataclass
class Offer:
    games: dict[str, GameSetup]          # offered, by id
    refused: dict[str, str]              # id -> why (code or books unusable)
    specs: dict[str, GameSpec] = field(default_factory=dict)   # every game considered (offered, off, refused)
    libraries: "Libraries | None" = None                       # their books, loaded once


@dataclass
class Plan:
    """What a start opens: the config (saved operator settings applied), the games."""

    config: Config
    offer: Offer
    problems: list[str] = field(default_factory=list)   # operator.json values ignored, one line each


class Libraries:
    """Book libraries loaded once per process and shared: a start's check and its
    Cabinet use the same arrays (and a test that starts many cabinets loads each once),
    and the returns computed from them (`returns`: a start offers its games more than
    once, checking the operator's saved settings)."""

    def __init__(self) -> None:
        self._loaded: dict[int, tuple[GameSpec, Library | Exception]] = {}

    def returns(self, library: Any, modes: tuple[str, ...], ladder: tuple[int, ...],
                cap: WinCap) -> dict[str, dict[int, BetReturn]]:
        """Each mode's return at each bet of the ladder under the limits (`bet_returns`),
        each (mode's books, bet, limits) computed once per process (kept with the books,
        which books.load_mode shares between starts of one process)."""
        out: dict[str, dict[int, BetReturn]] = {}
        for mode in modes:
            books = library.books(mode)
            kept = getattr(books, "returns", None)
            if kept is None:                           # books without a cache (a test's stand-in)
                out[mode] = bet_returns(books, tuple(ladder), cap)
                continue
            todo = [b for b in ladder if (b, cap) not in kept]
            if todo:
                for bet, found in bet_returns(books, tuple(todo), cap).items():
                    kept[(bet, cap)] = found
            out[mode] = {b: kept[(b, cap)] for b in ladder}
        return out

    def get(self, spec: GameSpec) -> Library:
        """The game's Library; raises what loading raised (every time)."""
        hit = self._loaded.get(id(spec))
        if hit is None:
            result: Library | Exception
            try:
                result = load_library(spec)
            except Exception as exc:  # a missing, corrupt or mismatched library refuses the game
                result = exc
            hit = self._loaded[id(spec)] = (spec, result)
        if isinstance(hit[1], Exception):
            raise hit[1]
        return hit[1]


# ------------------------------------------------------------------ the games

def whole_bet_unit(library: Any, modes: tuple[str, ...]) -> int:
    """The bet step (minor units) at which every book of these modes pays a whole
    number of minor units: a win is bet * payout_x100 / 100, exact for every book
    exactly when the bet is a multiple of 100 / gcd(100, every payout_x100)."""
    import numpy as np
    g = 100
    for mode in modes:
        payouts = np.asarray(library.books(mode).payout_x100, dtype=np.int64)
        g = math.gcd(g, int(np.gcd.reduce(payouts)) if len(payouts) else 0)
    return 100 // g if g else 1


def amounts(cents: tuple[int, ...], fmt: Callable[[int], str]) -> Callable[[], str]:
    """The amounts '$0.10, $0.20', written again by `fmt` each time it is called (a
    Message's field: in the locale of the moment)."""
    def written() -> str:
        return ", ".join(fmt(c) for c in cents)
    return written


def _modes(cfg: Config, key: str, spec: GameSpec, gcfg: GameConfig | None) -> tuple[str, ...]:
    """The game's modes this cabinet offers: config games.<id>.modes, less the bonus
    buys where config buys_allowed is false (a jurisdiction's profile: UK)."""
    chosen = _chosen_modes(key, spec, gcfg)
    if cfg.buys_allowed:
        return chosen
    return tuple(m for m in chosen if spec.mode(m).kind != "buy")


def _chosen_modes(key: str, spec: GameSpec, gcfg: GameConfig | None) -> tuple[str, ...]:
    if gcfg is None or gcfg.modes == "all":
        return tuple(m.id for m in spec.modes)
    bet_modes = [m.id for m in spec.modes if m.kind in ("spin", "buy")]
    unknown = [m for m in gcfg.modes if m not in bet_modes]
    if unknown:
        raise ConfigError(f"{key}.modes names {unknown[0][:40]!r}, not a bet mode of {spec.name}; "
                          f"allowed: all, or some of {', '.join(bet_modes)}")
    spins = [m.id for m in spec.modes if m.kind == "spin"]
    if not any(m in spins for m in gcfg.modes):
        raise ConfigError(f"{key}.modes = {list(gcfg.modes)} has no spin; allowed: a list with at least one of "
                          f"{', '.join(spins)}")
    return tuple(gcfg.modes)


def _ladder(cfg: Config, key: str, spec: GameSpec, gcfg: GameConfig | None) -> tuple[tuple[int, ...], str]:
    """(the ladder in minor units, how a message names it)."""
    if gcfg is not None and gcfg.bet_ladder:
        return tuple(gcfg.bet_ladder), f"{key}.bet_ladder"
    minor = cfg.currency.units
    converted = [hundredths_to_minor(b, minor) for b in spec.bet_ladder]
    ladder = tuple(b for b in converted if b is not None)
    if len(ladder) != len(converted):
        odd = spec.bet_ladder[converted.index(None)]
        raise ConfigError(f"{key}: {spec.name}'s own bet ladder has {odd // 100}.{odd % 100:02d}, not a whole "
                          f"number of minor units with currency.minor_units = {minor}; allowed: "
                          f"set {key}.bet_ladder")
    return ladder, f"{spec.name}'s own bet ladder (set {key}.bet_ladder to change it)"


def _offer(cfg: Config, gid: str, spec: GameSpec, libraries: Libraries) -> GameSetup | str | None:
    """The game as offered, or why it is refused (str), or None when disabled."""
    gcfg = cfg.games.get(gid)
    key = f"games.{gid}"
    fmt = cfg.currency.format
    modes = _modes(cfg, key, spec, gcfg)
    ladder, named = _ladder(cfg, key, spec, gcfg)
    default = gcfg.default_bet if gcfg is not None else None
    if default is not None and default not in ladder:
        raise ConfigError(Message(N_("{key}.default_bet = {amount} is not on the bet ladder; allowed: {bets}"), key=key,
                                  amount=lambda: fmt(default), bets=amounts(ladder, fmt)))
    if default is None:
        own = hundredths_to_minor(spec.default_bet, cfg.currency.units) if spec.default_bet else None
        default = own if own in ladder else ladder[0]
    if gcfg is not None and not gcfg.enabled:
        return None
    out_of_bounds = rtp_out_of_bounds(cfg, spec)
    if out_of_bounds:
        return Message(N_("{game}: {what}"), game=spec.name, what=out_of_bounds)
    minor = cfg.currency.units
    exempt = frozenset(spec.cap_exempt_modes)
    # the game's own money limit (its rules, spec.win_cap, in hundredths of the major
    # unit) always holds; an operator's config limit can only lower it
    own_limit = spec.win_cap.max_cents if spec.win_cap else None
    limits = [x for x in (None if own_limit is None else own_limit * minor // 100,
                          gcfg.win_limit if gcfg else None) if x is not None]
    cap = WinCap(max_x=spec.max_win_x, max_cents=min(limits) if limits else None, exempt_modes=exempt)
    skin = gcfg.skin if gcfg is not None else None
    try:
        manifest = assets.read_manifest(gid)
        if skin is not None and (manifest is None or skin not in manifest.skins):
            raise ConfigError(f"{key}.skin = {shown(skin)} is not a skin of {spec.name}; allowed: "
                              f"{', '.join(manifest.skins) if manifest else 'none (the game ships no skins)'}")
        images, sounds = assets.read_ids(Path(spec.view.asset_ids)) if spec.view.asset_ids else ((), ())
        if manifest is None and (images or sounds):
            raise assets.AssetError(f"assets/{gid}/manifest.yaml is missing; allowed: the game's manifest as shipped")
        manifest = assets.check_files(manifest, skin, images, sounds) if manifest is not None else None
    except assets.AssetError as exc:
        why = str(exc)
        return f"{spec.name}: {why}" + ("" if "allowed:" in why else "; allowed: the game's files as shipped")
    setup = GameSetup(spec, ladder, default, modes, cap, skin=skin, manifest=manifest,
                      rtp_min=rtp_fraction(cfg.rtp_bounds.min))
    if cfg.math_source != "books":
        cap_buy_cost(setup, cfg.max_buy_cost)
        return setup
    try:
        library = setup.library = libraries.get(spec)
    except Exception as exc:
        return f"{spec.name}: book library unavailable ({exc})"
    out_of_bounds = rtp_out_of_bounds(cfg, spec, library)
    if out_of_bounds:
        return Message(N_("{game}: {what}"), game=spec.name, what=out_of_bounds)
    played = tuple(dict.fromkeys([*modes, *(m.id for m in spec.modes if m.kind == "gamble")]))
    unit = whole_bet_unit(library, played)
    odd = [b for b in ladder if b % unit]
    if odd:
        unit_name = "cents" if minor == 100 else "minor units"
        raise ConfigError(f"{named} has {fmt(odd[0])}: some {spec.name} wins would not be whole {unit_name} "
                          f"at that bet; allowed: multiples of {fmt(unit)}")
    top = max(int(library.books(m).payout_x100.max()) for m in played)
    if ladder[-1] * max(top, 1) >= 2**62:
        raise ConfigError(f"{named} has {fmt(ladder[-1])}: its top win would overflow; "
                          f"allowed: bets up to {fmt(min(MAX_BET, 2**62 // max(top, 1)))}")
    bet_modes = tuple(m for m in modes if spec.mode(m).kind in ("spin", "buy"))
    setup.returns = libraries.returns(library, bet_modes, ladder, cap)
    if setup.base_mode is not None:
        withdrawn = offer_at_bets(setup, bet_modes, setup.base_mode)
        if withdrawn:
            return Message(N_("{game}: {what}"), game=spec.name, what=withdrawn)
    cap_buy_cost(setup, cfg.max_buy_cost)
    return setup


def offer_games(cfg: Config, games: dict[str, GameSpec] | None = None,
                libraries: Libraries | None = None) -> Offer:
    """Every game as this config offers it. With `games` None, the games under games/
    are discovered and a config section naming no game of the cabinet is refused; a
    caller passing `games` (tests, tools) chooses the set, and other sections are
    left out."""
    libraries = libraries or Libraries()
    refused: dict[str, str] = {}
    if games is None:
        broken: dict[str, str] = {}
        games = discover(errors=broken)
        refused.update({gid: f"cannot load: {err}" for gid, err in broken.items()})
        unknown = [gid for gid in cfg.games if gid not in games and gid not in broken]
        if unknown:
            raise ConfigError(f"games.{unknown[0][:40]} is not a game of this cabinet; "
                              f"allowed: {', '.join(sorted(games))}")
    offered: dict[str, GameSetup] = {}
    for gid, spec in games.items():
        result = _offer(cfg, gid, spec, libraries)
        if isinstance(result, str):
            refused[gid] = result
        elif result is not None:
            offered[gid] = result
    return Offer(offered, refused, dict(games), libraries)


def reoffer(cfg: Config, offer: Offer) -> Offer:
    """The games again after an operator's change (the same checks; ConfigError if the
    changed config would not start): the same game set, the libraries already loaded."""
    return offer_games(cfg, offer.specs, offer.libraries)


# ------------------------------------------------------------------ the whole start

def prepare_config(cfg: Config, *, create: bool, games: dict[str, GameSpec] | None = None,
                   libraries: Libraries | None = None, saved: bool = True) -> Plan:
    """Everything a start checks on a loaded config; `create` makes the data folder
    once every check has passed (a refused config creates nothing)."""
    shipped = resources.is_shipped_config(cfg.source)
    data_key = ("data_dir (in the user's data folder: set XDG_DATA_HOME, or name a data_dir in a config "
                "given with --config)") if shipped else "data_dir"
    check_data_dir(Path(cfg.data_path), data_key)
    check_data_dir(Path(cfg.report_path), "report_dir")
    try:
        assets.check_fonts()
    except assets.AssetError as exc:
        raise ConfigError(f"the cabinet's font: {exc}; allowed: the files of assets/fonts/ as shipped") from None
    try:
        assets.check_cabinet()
    except assets.AssetError as exc:
        raise ConfigError(f"the cabinet's own files: {exc}; allowed: the files of assets/cabinet/ and "
                          "assets/sounds/ as shipped") from None
    libraries = libraries or Libraries()
    offer = offer_games(cfg, games, libraries)        # config.yaml's own values: a mistake refuses the start
    problems: list[str] = []
    if saved:                                          # the operator's saved settings, each one checked
        cfg, problems = apply_saved(cfg, lambda trial: offer_games(trial, offer.specs, libraries))
        offer = offer_games(cfg, offer.specs, libraries)
    if create:
        make_data_dir(Path(cfg.data_path))
    return Plan(cfg, offer, problems)


def prepare(path: str | Path | None = None, *, create: bool, libraries: Libraries | None = None) -> Plan:
    """Read config.yaml (or `path`) and check all a start checks; ConfigError if not."""
    return prepare_config(load_config(path), create=create, libraries=libraries)
