"""Book libraries: the on-disk format and the runtime half (load, verify, draw) the
cabinet draws rounds from. The build half (writing, strata) is cabinet/math/books.py.

A *book* is one pre-simulated round, stored as what regenerates it: the 63-bit seed of
its RNG stream and its forcing condition, plus its payout, its feature set and its
integer weight. No events are stored; `Library.round` replays `spec.play` to get them.

Format (version 1): one file per bet mode, `<books dir>/<mode>.npz`, a zip of `.npy`
arrays written with a fixed timestamp so that identical content gives identical bytes:

=============  ========  ==================================================================
array          dtype     meaning
=============  ========  ==================================================================
seed           uint64    seed of the book's stream: `Rng.for_book(seed)`
force          int16     index into meta["categories"] of the forcing condition, -1 natural
payout_x100    int64     the round's payout in hundredths of the base bet
weight         int64     integer draw weight (>= 1); sum(weight) < 2**63
features       uint64    bit i set when meta["feature_names"][i] is in Round.features
meta           uint8     UTF-8 JSON (below)
=============  ========  ==================================================================

meta: ``{"format": 1, "game", "mode", "version", "fingerprint", "cost_x100",
"rtp_target" (the stated RTP as a decimal string), "rtp" (exact RTP as "num/den"),
"feature_names", "categories" (forcing conditions, in force-index order),
"category_targets" ({category: target frequency per round}), "cap_x100" (or null),
"build" ({"seed", "books", "natural_books", "forced_books", "chunk", "total_weight"}),
"optimizer" (what the weights moved: see `cabinet.math.optimize`)}``.

The fingerprint is sha256 over the round generator's `version` and, for each file in
`spec.math_files` in order, its base name and bytes. A library whose fingerprint does
not match the game's current math is refused with `LibraryError`, as is a missing or
corrupt file: the cabinet then does not offer that game.

Default location: `<package of the game>/books/`, i.e. `games/<id>/books/`.
"""
from __future__ import annotations

import hashlib
import importlib
import json
import sys
import zipfile
import zlib
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np

from .game import GameSpec
from .money import WinCap
from .rng import Rng
from .round import Round

FORMAT = 1
ARRAYS = {"seed": np.uint64, "force": np.int16, "payout_x100": np.int64,
          "weight": np.int64, "features": np.uint64}
# Written only when some book has a jackpot part (Round.jackpot_x100): the share of
# the payout a money win limit "excluding jackpots" does not cap.
OPTIONAL_ARRAYS = {"jackpot_x100": np.int64}


class LibraryError(Exception):
    """A book library cannot be used: missing, corrupt, or built from other math."""


# ---------------------------------------------------------------- game resolution

def resolve_game(ref: str | GameSpec) -> GameSpec:
    """A GameSpec from a game id under games/ ('piggy_farm') or a dotted module path
    exposing GAME ('tests.toygame')."""
    if isinstance(ref, GameSpec):
        return ref
    module_name = ref if "." in ref else f"games.{ref}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        raise LibraryError(f"no game {ref!r}: cannot import {module_name} ({exc})") from exc
    spec = getattr(module, "GAME", None)
    if not isinstance(spec, GameSpec):
        raise LibraryError(f"{module_name} does not expose GAME as a GameSpec")
    return spec


def game_package(spec: GameSpec) -> str | None:
    """The dotted name of the package exposing this spec as GAME (walks up from play);
    None for a spec no module exposes (e.g. a modified copy in a test)."""
    parts = spec.play.__module__.split(".")
    for i in range(len(parts), 0, -1):
        name = ".".join(parts[:i])
        mod = sys.modules.get(name) or importlib.import_module(name)
        if getattr(mod, "GAME", None) is spec:
            return name
    return None


def game_ref(game: str | GameSpec) -> str | GameSpec:
    """What worker processes resolve the game from: its importable name when it has
    one, else the spec itself (pickled by reference to its functions)."""
    if isinstance(game, str):
        return game
    return game_package(game) or game


def default_books_dir(spec: GameSpec) -> Path:
    """`spec.books_dir` if given, else `<game package dir>/books`."""
    if spec.books_dir:
        return Path(spec.books_dir)
    package = game_package(spec)
    if package is None:
        raise LibraryError(f"{spec.id}: no package exposes this GAME; give the books directory")
    return Path(str(importlib.import_module(package).__file__)).resolve().parent / "books"


def shared_math_files() -> list[Path]:
    """The cabinet's code every round generator stands on: the RNG service, the Round,
    and the shared mechanisms (lines, hold-and-win, clusters, tumble, wheel, pick...).
    A change to any of them invalidates every library, as a change to a game's own
    math files does."""
    root = Path(__file__).resolve().parents[1]
    return [root / "core" / "rng.py", root / "core" / "round.py",
            *sorted((root / "mechanics").glob("*.py"))]


def fingerprint(spec: GameSpec) -> str:
    """sha256 of the round-generator version and each math file's name and bytes:
    the game's own (spec.math_files) and the cabinet's shared ones."""
    h = hashlib.sha256()
    h.update(f"version={spec.version}\n".encode())
    paths: list[str | Path] = [*spec.math_files, *shared_math_files()]
    for path in paths:
        p = Path(path)
        try:
            data = p.read_bytes()
        except OSError as exc:
            raise LibraryError(f"{spec.id}: math file {p} unreadable: {exc}") from exc
        h.update(f"file={p.name}:{len(data)}\n".encode())
        h.update(data)
    return h.hexdigest()


def cap_x100(spec: GameSpec, mode: str) -> int | None:
    """The highest payout a book of `mode` may have, in hundredths of the base bet:
    `spec.max_win_x * 100`, none for `spec.cap_exempt_modes` (as the cabinet's WinCap)."""
    if mode in spec.cap_exempt_modes or spec.max_win_x is None:
        return None
    return int(spec.max_win_x) * 100


def rtp_fraction(value: float | str) -> Fraction:
    """A stated RTP as the exact decimal it was written as (0.967 -> 967/1000)."""
    return Fraction(str(value)) if not isinstance(value, str) else Fraction(value)


def feature_names(spec: GameSpec) -> list[str]:
    """The bitmask order: spec.feature_names, then forcing categories not among them."""
    names = list(spec.feature_names)
    for forces in spec.book_forces.values():
        for cat in forces:
            if cat not in names:
                names.append(cat)
    if len(names) > 64:
        raise LibraryError(f"{spec.id}: more than 64 feature names")
    return names


# ---------------------------------------------------------------- file I/O

def read_mode_file(path: Path) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    """Read and sanity-check one mode's library; LibraryError names file and problem."""
    if not path.is_file():
        raise LibraryError(f"{path}: book library missing (build it with "
                           f"`python -m cabinet.math build`)")
    try:
        with np.load(path, allow_pickle=False) as z:
            data = {k: z[k] for k in z.files}
    except (OSError, ValueError, zipfile.BadZipFile, EOFError, zlib.error, KeyError) as exc:
        raise LibraryError(f"{path}: corrupt book library ({type(exc).__name__}: {exc})") from exc
    try:
        meta = json.loads(bytes(data.pop("meta")).decode())
    except (KeyError, ValueError, UnicodeDecodeError) as exc:
        raise LibraryError(f"{path}: corrupt book library (metadata unreadable)") from exc
    if meta.get("format") != FORMAT:
        raise LibraryError(f"{path}: library format {meta.get('format')!r}, expected {FORMAT}")
    n = None
    for name, dtype in ARRAYS.items():
        arr = data.get(name)
        if arr is None or arr.dtype != dtype or arr.ndim != 1:
            raise LibraryError(f"{path}: corrupt book library (array {name!r} missing or wrong type)")
        if n is None:
            n = len(arr)
        elif len(arr) != n:
            raise LibraryError(f"{path}: corrupt book library (array lengths differ)")
    for name, dtype in OPTIONAL_ARRAYS.items():
        arr = data.get(name)
        if arr is not None and (arr.dtype != dtype or arr.ndim != 1 or len(arr) != n):
            raise LibraryError(f"{path}: corrupt book library (array {name!r} of wrong type or length)")
    if set(data) - set(ARRAYS) - set(OPTIONAL_ARRAYS):
        raise LibraryError(f"{path}: corrupt book library (unknown arrays {sorted(set(data) - set(ARRAYS) - set(OPTIONAL_ARRAYS))})")
    if not n:
        raise LibraryError(f"{path}: book library is empty")
    w = data["weight"]
    if int(w.min()) < 1 or sum(w.tolist()) >= 2**63:
        raise LibraryError(f"{path}: corrupt book library (weights not positive or total too large)")
    ncat = len(meta.get("categories", []))
    if int(data["force"].min()) < -1 or int(data["force"].max()) >= ncat:
        raise LibraryError(f"{path}: corrupt book library (force index out of range)")
    return data, meta


def exact_sums(weight: np.ndarray, payout_x100: np.ndarray) -> tuple[int, int]:
    """(sum(w), sum(w * payout)) as exact Python ints (no int64 overflow)."""
    return (sum(weight.tolist()),
            sum(map(int.__mul__, weight.tolist(), payout_x100.tolist())))


# ---------------------------------------------------------------- runtime

@dataclass
class ModeBooks:
    """One bet mode's books, as loaded."""

    mode: str
    seed: np.ndarray
    force: np.ndarray
    payout_x100: np.ndarray
    weight: np.ndarray
    features: np.ndarray
    meta: dict[str, Any]
    cum: np.ndarray
    jackpot_x100: np.ndarray | None = None    # None: no book has a jackpot part
    _sums: tuple[int, int] | None = field(default=None, init=False, repr=False, compare=False)

    def __len__(self) -> int:
        return len(self.seed)

    def sums(self) -> tuple[int, int]:
        """(sum(w), sum(w * payout_x100)) as exact ints, computed once."""
        if self._sums is None:
            self._sums = exact_sums(self.weight, self.payout_x100)
        return self._sums

    def rtp(self) -> Fraction:
        """Exact RTP: sum(w * payout) / (sum(w) * cost)."""
        total, paid = self.sums()
        return Fraction(paid, total * int(self.meta["cost_x100"]))

    def limit_cuts(self, bet_cents: int, cap: WinCap) -> bool:
        """Whether the win limits would cut some book's win at this bet (fast check;
        where they do not, the RTP at this bet is exactly rtp())."""
        paid, win = self._paid(bet_cents, cap)
        return bool(np.any(paid < win))

    def last_uncut_bet(self, ladder: tuple[int, ...], cap: WinCap) -> int | None:
        """The highest bet of an ascending ladder at which the limits cut no book (0:
        none; None: every bet). A limit cuts more as the bet grows: binary search."""
        lo, hi = 0, len(ladder)         # bets below lo are uncut, from hi on cut
        while lo < hi:
            mid = (lo + hi) // 2
            if self.limit_cuts(ladder[mid], cap):
                hi = mid
            else:
                lo = mid + 1
        if lo == len(ladder):
            return None
        return ladder[lo - 1] if lo else 0

    def _paid(self, bet_cents: int, cap: WinCap) -> tuple[np.ndarray, np.ndarray]:
        """(paid, win) cents of every book at this bet, as WinCap.apply pays them."""
        pay = self.payout_x100
        jack = self.jackpot_x100 if self.jackpot_x100 is not None else np.zeros_like(pay)
        win = bet_cents * pay // 100
        paid = win
        if cap.max_x is not None and self.mode not in cap.exempt_modes:
            paid = np.minimum(paid, cap.max_x * bet_cents)
        if cap.max_cents is not None:
            jp = np.minimum(bet_cents * jack // 100, paid)
            paid = np.minimum(paid - jp, cap.max_cents) + jp
        return paid, win

    def mean_paid_cents(self, bet_cents: int, cap: WinCap | None = None) -> Fraction:
        """Exact mean cents a round of this mode pays at this bet, as the cabinet pays
        it: win = bet * payout // 100, then the win limits (`cap`, WinCap.apply: the
        money limit holds the win less its jackpot part). Only the books a limit cuts or
        a cent rounds are summed again; the rest comes from the cached exact sums."""
        total, paid_x100 = self.sums()
        mean = Fraction(bet_cents * paid_x100, 100)
        rest = (bet_cents * self.payout_x100) % 100             # cents the floor drops
        odd = np.flatnonzero(rest)
        mean -= Fraction(sum(map(int.__mul__, self.weight[odd].tolist(), rest[odd].tolist())), 100)
        if cap is not None:
            paid, win = self._paid(bet_cents, cap)
            cut = np.flatnonzero(paid < win)
            mean -= sum(map(int.__mul__, self.weight[cut].tolist(), (win[cut] - paid[cut]).tolist()))
        return mean / total

    def rtp_at(self, bet_cents: int, cap: WinCap | None = None) -> Fraction:
        """Exact RTP at one bet under the cabinet's win limits: mean paid / price."""
        return self.mean_paid_cents(bet_cents, cap) / Fraction(bet_cents * int(self.meta["cost_x100"]), 100)


class Library:
    """A game's book libraries for every bet mode, ready to draw from."""

    def __init__(self, spec: GameSpec, modes: dict[str, ModeBooks], path: Path):
        self.spec = spec
        self.modes = modes
        self.path = path
        self._subsets: dict[tuple[str, str], tuple[np.ndarray, np.ndarray]] = {}

    def books(self, mode: str) -> ModeBooks:
        """The books of one mode (KeyError naming the mode if absent)."""
        try:
            return self.modes[mode]
        except KeyError:
            raise KeyError(f"{self.spec.id}: no library for mode {mode!r}") from None

    def feature_bit(self, mode: str, name: str) -> int:
        names = self.books(mode).meta["feature_names"]
        if name not in names:
            raise KeyError(f"{self.spec.id}/{mode}: unknown category or feature {name!r}; known: {names}")
        return 1 << names.index(name)

    def _subset(self, mode: str, category: str) -> tuple[np.ndarray, np.ndarray]:
        key = (mode, category)
        if key not in self._subsets:
            mb = self.books(mode)
            bit = np.uint64(self.feature_bit(mode, category))
            idx = np.flatnonzero(mb.features & bit)
            if len(idx) == 0:
                raise KeyError(f"{self.spec.id}/{mode}: no book in category {category!r}")
            self._subsets[key] = (idx, np.cumsum(mb.weight[idx]))
        return self._subsets[key]

    def draw(self, rng: Rng, mode: str, category: str | None = None) -> int:
        """An unbiased weighted draw of a book id (an index into the mode's arrays);
        with `category`, among the books of that category or feature only."""
        if category is None:
            return rng.weighted_cum(self.books(mode).cum)
        idx, cum = self._subset(mode, category)
        return int(idx[rng.weighted_cum(cum)])

    def payout_x100(self, mode: str, book_id: int) -> int:
        """The stored payout of one book."""
        return int(self.books(mode).payout_x100[book_id])

    def features(self, mode: str, book_id: int) -> tuple[str, ...]:
        """The stored feature names of one book."""
        mb = self.books(mode)
        bits = int(mb.features[book_id])
        return tuple(n for i, n in enumerate(mb.meta["feature_names"]) if bits >> i & 1)

    def force(self, mode: str, book_id: int) -> str | None:
        """The forcing condition a book was generated under (None: natural)."""
        mb = self.books(mode)
        f = int(mb.force[book_id])
        return None if f < 0 else mb.meta["categories"][f]

    def round(self, mode: str, book_id: int) -> Round:
        """Regenerate a book's Round (with its events) from its seed and force."""
        mb = self.books(mode)
        if not 0 <= book_id < len(mb):
            raise IndexError(f"{self.spec.id}/{mode}: no book {book_id} (0..{len(mb) - 1})")
        return self.spec.play(Rng.for_book(int(mb.seed[book_id])), mode, self.force(mode, book_id))


def load_mode(spec: GameSpec, mode: str, books_dir: Path | str | None = None,
              expected_fingerprint: str | None = None) -> ModeBooks:
    """Load one mode's books, refusing a file built from other math."""
    path = Path(books_dir or default_books_dir(spec)) / f"{mode}.npz"
    data, meta = read_mode_file(path)
    fp = expected_fingerprint or fingerprint(spec)
    if meta.get("fingerprint") != fp:
        raise LibraryError(f"{path}: built from other math (fingerprint {str(meta.get('fingerprint'))[:12]}..., "
                           f"version {meta.get('version')!r}; the game's math is {fp[:12]}..., "
                           f"version {spec.version!r}); rebuild the library")
    if meta.get("game") != spec.id or meta.get("mode") != mode:
        raise LibraryError(f"{path}: holds {meta.get('game')}/{meta.get('mode')}, expected {spec.id}/{mode}")
    if int(meta.get("cost_x100", -1)) != spec.mode(mode).cost_x100:
        raise LibraryError(f"{path}: built for cost {meta.get('cost_x100')}, mode costs {spec.mode(mode).cost_x100}")
    return ModeBooks(mode=mode, meta=meta, cum=np.cumsum(data["weight"]), **data)


def load_library(spec: GameSpec | str, books_dir: Path | str | None = None) -> Library:
    """Load every bet mode's books of a game; LibraryError if any is unusable."""
    spec = resolve_game(spec)
    where = Path(books_dir or default_books_dir(spec))
    fp = fingerprint(spec)
    modes = {m.id: load_mode(spec, m.id, where, fp) for m in spec.modes}
    return Library(spec, modes, where)
