"""The game plug-in interface.

A game is a package `games/<id>/` whose `__init__.py` exposes `GAME`, a `GameSpec`.
The cabinet knows nothing game-specific beyond this: it lists `GAME`s in the lobby,
offers their bet ladder and modes, draws rounds through `play` (via the game's book
library when one is shipped) and hands each Round to the scene named by `view.scene`.
The scene is named by import path so that the math side never imports pygame.

`GameSpec` holds what the cabinet needs to take a bet and pay a round; the rest is in
three parts by who reads them: `math` (`MathHooks`: the math tools, the book builder
and the PAR sheet), `review` (`ReviewHooks`: the review and demo tools, never reachable
with real play) and `view` (`ViewInfo`: the scene, the rules and help pages, the words
and keys a player meets).
"""
from __future__ import annotations

import importlib
import math
import pkgutil
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Protocol, Union

import numpy as np
import numpy.typing as npt

from .money import WinCap
from .rng import Rng
from .round import Round

if TYPE_CHECKING:
    from .found_searches import FoundSearches
    from .review_draws import PayoutBand


class RoundGenerator(Protocol):
    def __call__(self, rng: Rng, mode: str, force: str | None = None) -> Round: ...


# -- the hooks' signatures -----------------------------------------------------------
Seeds = npt.NDArray[np.uint64]                  # book seeds (cabinet.core.rng_batch)
Counts = npt.NDArray[np.int64]                  # one int64 per round
# (p, lo99, hi99) or (p, lo99, hi99, method in words): an estimate with its 99% interval
Odds = Union[tuple[float, float, float], tuple[float, float, float, str]]
# simulate(seed_sequence, mode, n) -> {"payout_x100": int64[n], "features": {name: bool[n]}[, "sums": ...]}
Simulate = Callable[[np.random.SeedSequence, str, int], dict[str, Any]]
# play_batch(seeds, mode, force) -> (payout_x100[n], [features per round][, jackpot_x100[n]])
Batch = Union[tuple[Counts, list[tuple[str, ...]]], tuple[Counts, list[tuple[str, ...]], Counts]]
PlayBatch = Callable[[Seeds, str, Union[str, None]], Batch]
PlayMany = Callable[[Seeds, str], Iterable[Any]]
Evaluate = Callable[[list[list[str]]], dict[str, Any]]
Table = Callable[[], dict[str, Any]]            # paytable(), par_info()
PayoutSources = Callable[[Round], dict[str, int]]
BatchSources = Callable[[Seeds, str], dict[str, Counts]]
TailOdds = Callable[[str, list[int], int, dict[str, Any]], Mapping[int, Odds]]
FeatureOdds = Callable[[str, dict[str, Any], int], Mapping[str, Odds]]
LiveRtp = Callable[[str, dict[str, Any], int, int], Union[dict[str, Any], None]]
BoardDraws = Callable[[dict[str, Any], str], list[int]]
PayoutForces = Callable[[Any], dict[str, "PayoutBand"]]      # config -> bands
EventAdds = Callable[[dict[str, Any]], int]
HelpPages = Callable[[], list[tuple[str, str]]]


@dataclass(frozen=True)
class BetMode:
    """A way to play: a spin, an ante, or a buy. `cost_x100` is the price in
    hundredths of the base bet (a 1.2x fortune bet is 120, a 50x buy is 5000)."""

    id: str
    label: str
    cost_x100: int
    kind: str = "spin"          # 'spin' (base or ante) or 'buy'
    description: str = ""

    def cost_cents(self, bet_cents: int) -> int:
        return bet_cents * self.cost_x100 // 100

    def price_exact(self, bet_cents: int) -> bool:
        """Whether its price at this bet is exactly `cost_x100` hundredths of it, a
        whole number of minor units (45.53x at 0.10 is 4.553: not exact)."""
        return bet_cents * self.cost_x100 % 100 == 0

    def exact_bet_step(self) -> int:
        """The smallest bet (minor units) whose multiples, and only those, price it
        exactly: 1 for 1.2x, 25 for 94.04x, 100 for 45.53x."""
        return 100 // math.gcd(self.cost_x100, 100)


@dataclass(frozen=True)
class MathHooks:
    """What the math tools read (cabinet/math: sim, agree, rates, build, par, verify,
    evaluate; and cabinet/core/books for a library's layout). No pygame."""

    # -- engines ---------------------------------------------------------------------
    # Vectorised engine for `sim` and `agree`: the same rules as play.
    simulate: Simulate | None = None
    # A vectorised book generator giving exactly what play gives per seed (it draws
    # from cabinet.core.rng_batch.BookStreams).
    play_batch: PlayBatch | None = None
    # play_many(seeds, mode) -> Rounds, one at a time: the full rounds, events included, of many
    # natural books at once, exactly what play gives per seed (a game's math/many.py;
    # without one, cabinet.core.many.play_each plays them one by one on streams seeded
    # at once). `rounds_of(spec, seeds, mode)` picks it.
    play_many: PlayMany | None = None
    # The game's hottest round modules (dotted names; each in its round code, with the
    # shared mechanisms it leans on) that `python -m cabinet.math compile` compiles with
    # mypyc for the math tools (cabinet/math/compiled.py); the cabinet runs the Python.
    compiled: tuple[str, ...] = ()
    # `python -m cabinet.math evaluate`: evaluate(board) scores one board (rows top to
    # bottom of symbol ids) without tumbles or features and returns
    # {"wins": [{"symbol", "count", "positions", "line", "pay_x"}], "total_x"};
    # paytable() returns the dict described in issue 3 (symbols, wild, lines, pays...).
    evaluate: Evaluate | None = None
    paytable: Table | None = None
    # Feature names a Round of this game may list (for rtp/par feature rates; with the
    # forcing categories, the bitmask order of a library's features).
    feature_names: tuple[str, ...] = ()
    # -- the PAR sheet ------------------------------------------------------------------
    # par_info() -> {"reel_strips": {set: [[symbol per row] per reel]}, "notes": [str]}
    par_info: Table | None = None
    # payout_sources(round) -> {source: payout_x100}, parts summing to the payout.
    payout_sources: PayoutSources | None = None
    # batch_sources(seeds, mode) -> {source: int64[n]}: payout_sources of the natural
    # rounds of many book seeds at once (the game's seed-exact lockstep engine, as
    # play_batch), the same split per round; the PAR sheet's RTP by source plays the
    # natural books with it (forced books and books with hints still one at a time).
    batch_sources: BatchSources | None = None
    # The one source (a key of payout_sources) of every win of a round that lists no
    # feature: the PAR sheet then counts such books without regenerating them.
    plain_source: str | None = None
    # tail_odds(mode, thresholds_x100, seed, sims) -> {threshold: (p, lo99, hi99)}: the
    # rules' odds of a win of at least each threshold, estimated by the game where a plain
    # simulation cannot reach (importance sampling, splitting); for the PAR sheet. `sims`
    # is the plain live run's figures (as for live_rtp; may be empty). A value may carry
    # a 4th element: the method, in words, for the sheet.
    tail_odds: TailOdds | None = None
    # The payout bands from this multiple of the cost up take tail_odds' estimate where it
    # is tighter than the plain run's count (cabinet/math/rates.py; None: its TAIL_FROM_X,
    # 1,000x); a game whose tail_odds is good lower down (a bonus's exact trigger odds x
    # millions of bonuses) sets it lower.
    tail_from_x: float | None = None
    # feature_odds(mode, sims, seed) -> {feature: (p, lo99, hi99, method)}: the rules'
    # probability per round of a round of `mode` having each feature it can estimate
    # better than a count in the plain run (exact computation, or exact trigger odds x
    # the feature's rate in a large run of the feature alone), with its 99% interval
    # (lo == hi == p when exact) and the method in one line; for the rates the books
    # hold and the PAR sheet's feature table. `sims` is the plain live run's figures per
    # mode (as cabinet.math.sim.simulate_modes returns them; may be empty: then what
    # needs no plain run); `seed` a simulation seed. {} for a mode without such
    # estimates. At most about a minute per game on 2 cores, all modes together.
    feature_odds: FeatureOdds | None = None
    # live_rtp(mode, sims, seed, workers) -> {"rtp", "ci99": [lo, hi], "method", "rounds"}
    # or None: an unbiased variance-reduced estimate of the rules' RTP of a mode (control
    # variates with exact expectations, conditional Monte Carlo, splitting) for the PAR
    # sheet's live check; `sims` is the plain live run's figures of every mode
    # ({mode: cabinet.math.sim summary}, with the "sums" its simulate() returned).
    live_rtp: LiveRtp | None = None
    # -- books ---------------------------------------------------------------------------
    # Rare categories the book builder produces on purpose, per mode: category id ->
    # target frequency per round (from the math file). play(rng, mode, force=cat)
    # must return a round of that category; Round.features lists the categories a
    # round belongs to, so the builder and the optimizer can classify every book.
    book_forces: dict[str, dict[str, float]] = field(default_factory=dict)
    forced_books: dict[str, dict[str, int]] = field(default_factory=dict)  # mode -> {category: count}
    book_counts: dict[str, int] = field(default_factory=dict)   # mode -> natural books (default by kind)
    # True: every forced book is the rules' round given its category (no steered or
    # boosted proposal), so the builder keeps each forced stratum at equal weights and
    # tilts only the natural one (cabinet/math/optimize.py `fixed_strata`)
    forced_natural: bool = False
    # mode -> how the weights carry the RTP's correction (cabinet/math/optimize.py
    # `rtp_tilt`): "body" (default) tilts every stratum by e^(λ min(x, 50)); "noise"
    # spreads it over the held bands by each band's sampling noise, so a heavy tail
    # drawn by few books takes the luck it brought (Piggy Farm's ante)
    rtp_tilt: dict[str, str] = field(default_factory=dict)
    # Feature rates a mode's library must hold that the game sets itself (exact
    # figures, or a design tie such as an ante's wheel at 5x the base game's):
    # mode -> {feature: rate, or (other mode, factor)}. They override the rates the
    # builder measures from the rules (games/<id>/rates.json, cabinet/math/rates.py).
    rate_targets: dict[str, dict[str, float | tuple[str, float]]] = field(default_factory=dict)
    # mode -> categories whose forced books keep their whole Round in the library
    # (book_format: stored_rounds): a forced draw that costs several natural rounds to
    # regenerate (a conditional draw given a big total, a long search) is shown from
    # its stored events; `verify` regenerates them and compares
    stored_rounds: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # the game's record of its forced books' searches (found.json beside its math file,
    # cabinet/core/found_searches.py): written by `python -m cabinet.math find-books`,
    # checked by `python -m cabinet.math manifest` before it hashes it (found_record.py)
    found: FoundSearches | None = None


@dataclass(frozen=True)
class ReviewHooks:
    """What the review tools read (the game's review.py, cabinet/core/review_*,
    hand_board, the force menu and the demo; never reachable with real play)."""

    force_categories: dict[str, str] = field(default_factory=dict)  # id -> label
    # {category: modes it lives in}, so a forced category plays in a mode that has it
    force_modes: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # categories a live search cannot force on screen (a rejection search of millions of
    # rounds): forced only from the shipped books (math_source: books), refused live
    books_only_forces: tuple[str, ...] = ()
    # board_draws(doc, mode) -> the values of the rules' first draws that show a
    # hand-built board (cabinet/core/hand_board.py); BoardError names a bad value.
    board_draws: BoardDraws | None = None
    # payout_forces(config) -> {id: PayoutBand}: the game's own categories chosen by
    # payout, beside the shared ones (cabinet/core/review_draws.py).
    payout_forces: PayoutForces | None = None
    # event_adds(event) -> what one event adds to the round's win (x100); with the
    # cap's cut (cabinet/core/review_math.py) they sum to the payout (the math overlay).
    event_adds: EventAdds | None = None


@dataclass(frozen=True)
class ViewInfo:
    """What the screens read: the scene, the pages and words a player meets. Names and
    plain data only: the math side never imports pygame."""

    scene: str                           # "games.x.view.scene:XScene", imported lazily
    # The module of the game's illustrated rules pages ("games.x.view.rules_pages",
    # imported only by the UI: its pages(scene) and general_rules()); "" = none.
    rules: str = ""
    # help() -> [(title, text)]: the info screen's pages, paragraphs split by blank
    # lines, every number read from the math file.
    help: HelpPages | None = None
    # Round.features -> the words a player reads in the history ("" = not shown,
    # e.g. a category another one already names); an unnamed feature is not shown.
    feature_labels: dict[str, str] = field(default_factory=dict)
    # The same words in the language the cabinet speaks now (cabinet.core.i18n), made
    # again on each call (kept per language by cabinet/core/game_words.py):
    # mode_words() -> {mode id: (label, description)}, feature_words() -> {feature:
    # label}. None: the English above, each passed through the catalogue as it stands.
    mode_words: Callable[[], dict[str, tuple[str, str]]] | None = None
    feature_words: Callable[[], dict[str, str]] | None = None
    # The file listing the picture and sound ids the game's view asks
    # assets/<id>/manifest.yaml for (games/<id>/view/asset_ids.yaml, written by its
    # make_assets): the start refuses a manifest that lacks one, naming it, instead
    # of a view failing mid-game.
    asset_ids: str | None = None
    buy_keys: dict[str, int] = field(default_factory=dict)     # buy mode -> its SHIFT+N key

    def load_scene(self) -> Callable[..., Any]:
        module, _, name = self.scene.partition(":")
        scene: Callable[..., Any] = getattr(importlib.import_module(module), name)
        return scene


@dataclass(frozen=True)
class GameSpec:
    """What the cabinet needs at play time to take a bet, draw and pay a round, and
    the game's three parts by reader (`math`, `review`, `view`)."""

    id: str
    name: str
    bet_ladder: tuple[int, ...]          # cents, ascending
    modes: tuple[BetMode, ...]
    play: RoundGenerator
    rtp: dict[str, float]                # stated RTP per mode id
    # The round's cap in multiples of the base bet, or None when the game states none
    # (its limit is then money only: `win_cap`, e.g. Happy Money Hens' $250,000.00).
    max_win_x: int | None
    version: str                         # round-generator version, part of the book fingerprint
    view: ViewInfo
    # The data files the round code reads (math.yaml): their bytes go into the book
    # fingerprint beside the round code itself (play's module and its imports).
    math_files: tuple[str, ...] = ()
    # The game's closed event vocabulary: event type -> its record (a TypedDict,
    # cabinet.core.events); a test checks that play() emits nothing else, another that
    # the scene has a present_<type> for each.
    events: dict[str, type] = field(default_factory=dict)
    default_bet: int | None = None
    # -- limits ------------------------------------------------------------------
    # The game's own money win limit (max_cents; the Round.jackpot_x100 part is not
    # cut). Config can only lower it.
    win_cap: WinCap | None = None
    cap_exempt_modes: tuple[str, ...] = ()   # modes the max_win_x cap does not hold in
    # Whether a started round waits on choices of the player that change its outcome.
    # False for every shipped game: the outcome is drawn before anything is shown, so
    # an unfinished round left past config unfinished_round_hours is credited its
    # recorded win; True: such a round is cancelled and its cost refunded.
    player_decides: bool = False
    books_dir: str | None = None             # where the libraries live (default <package>/books)
    # -- the parts by reader -----------------------------------------------------------
    math: MathHooks = field(default_factory=MathHooks)
    review: ReviewHooks = field(default_factory=ReviewHooks)

    def mode(self, mode_id: str) -> BetMode:
        for m in self.modes:
            if m.id == mode_id:
                return m
        raise KeyError(f"{self.id} has no bet mode {mode_id!r}; modes are {[m.id for m in self.modes]}")


def discover(package: str = "games", errors: dict[str, str] | None = None) -> dict[str, GameSpec]:
    """Every `games/<id>` package that exposes GAME, by id, in name order.

    A package that fails to import is left out, and its error is put in `errors`
    (the cabinet refuses that game with the message instead of crashing)."""
    found: dict[str, GameSpec] = {}
    pkg = importlib.import_module(package)
    for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda i: i.name):
        if not info.ispkg:
            continue
        try:
            mod = importlib.import_module(f"{package}.{info.name}")
        except Exception as exc:  # a broken game must not take the cabinet down
            if errors is not None:
                errors[info.name] = f"{type(exc).__name__}: {exc}"
            continue
        spec = getattr(mod, "GAME", None)
        if isinstance(spec, GameSpec):
            found[spec.id] = spec
    return found
