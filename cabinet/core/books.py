"""Book libraries, the runtime half: load (checked against the manifest), draw,
regenerate. The format is documented in cabinet/core/book_format.py; the build half
(writing, strata, weights) is cabinet/math/.

The fingerprint (cabinet/core/fingerprint.py) is sha256 over the round generator's
`version`, the game's data files (`spec.math_files`) and its round code: the module
of `spec.play` and everything of this repository it imports. A library whose fingerprint does not match the game's current math is refused
with `LibraryError`, as is a missing, corrupt or altered file (any array or the
metadata differing from the books' manifest, or arrays whose exact RTP is not the
stated one): the cabinet then does not offer that game.

Default location: `<package of the game>/books/`, i.e. `games/<id>/books/`.
"""
from __future__ import annotations

import hashlib
import importlib
import sys
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np

from .book_format import (ARRAYS, FORMAT, MANIFEST, OPTIONAL_ARRAYS, SEED_BLOCK, LibraryError, exact_sums,
                          read_manifest, read_mode_file, stratum_seeds, unpack_round)
from .fingerprint import fingerprint, round_code
from .game import GameSpec
from .money import WinCap
from .resources import package_file
from .rng import Rng
from .round import Round

__all__ = ["ARRAYS", "FORMAT", "MANIFEST", "OPTIONAL_ARRAYS", "Library", "LibraryError", "ModeBooks",
           "exact_sums", "fingerprint", "load_library", "load_mode", "round_code", "stratum_seeds"]


# ---------------------------------------------------------------- game resolution

def resolve_game(ref: str | GameSpec) -> GameSpec:
    """A GameSpec from a game id under games/ ('piggy_farm') or a dotted module path
    exposing GAME ('tests.toygame')."""
    if isinstance(ref, GameSpec):
        return ref
    module_name = ref if "." in ref else f"games.{ref}"
    try:
        module = importlib.import_module(module_name)
    except (ModuleNotFoundError, TypeError, ValueError) as exc:   # TypeError: a relative name ('.x', '../x')
        from .game import discover
        raise LibraryError(f"no game {ref!r}: cannot import {module_name} ({exc}); allowed: "
                           f"{', '.join(discover())}, or a dotted module exposing GAME") from None
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
    return package_file(package, "books").resolve()


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
    """The bitmask order: spec.math.feature_names, then forcing categories not among them."""
    names = list(spec.math.feature_names)
    for forces in spec.math.book_forces.values():
        for cat in forces:
            if cat not in names:
                names.append(cat)
    if len(names) > 64:
        raise LibraryError(f"{spec.id}: more than 64 feature names")
    return names


# ---------------------------------------------------------------- runtime

@dataclass
class ModeBooks:
    """One bet mode's books, as loaded."""

    mode: str
    force: np.ndarray
    payout_x100: np.ndarray
    weight: np.ndarray
    features: np.ndarray
    meta: dict[str, Any]
    cum: np.ndarray
    jackpot_x100: np.ndarray | None = None    # None: no book has a jackpot part
    hint_count: np.ndarray | None = None      # None: no book has hints
    hints: np.ndarray | None = None
    stored_book: np.ndarray | None = None     # None: no book keeps its Round (book_format)
    stored_end: np.ndarray | None = None
    stored_rounds: np.ndarray | None = None
    _sums: tuple[int, int] | None = field(default=None, repr=False, compare=False)
    _first: dict[int, int] = field(default_factory=dict, init=False, repr=False, compare=False)
    _hinted: tuple[np.ndarray, np.ndarray] | None = field(default=None, init=False, repr=False, compare=False)
    # (bet, limits) -> the mode's return there (startup.Libraries.returns), kept with the books
    returns: dict[tuple[int, WinCap], Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __len__(self) -> int:
        return len(self.force)

    def seed(self, book: int) -> int:
        """The book's seed, from its stratum and position in it (book_format)."""
        return int(self.seeds(book, 1)[0])

    def seeds(self, start: int, count: int) -> np.ndarray:
        """The seeds of books start .. start+count-1 (all of one stratum)."""
        f = int(self.force[start])
        if f not in self._first:
            self._first[f] = int(np.searchsorted(self.force, f, side="left"))
        if count > 1 and int(self.force[start + count - 1]) != f:
            raise ValueError("seeds() of books of different strata")
        return stratum_seeds(int(self.meta["seeds"]["seed"]), self.mode, f, start - self._first[f], count)

    def seeds_of(self, books: np.ndarray) -> np.ndarray:
        """The seeds of any books, each run of them in one seed block generated once:
        `seed` of one book generates its block up to it, so a sorted sample with many
        books a block (verify's) costs a block, not a block a book."""
        books = np.asarray(books, dtype=np.int64)
        out = np.empty(len(books), dtype=np.uint64)
        if not len(books):
            return out
        force = self.force[books].astype(np.int64)
        first = np.searchsorted(self.force, force, side="left")
        key = force * (len(self) + 1) + (books - first) // SEED_BLOCK      # (stratum, block)
        cut = np.flatnonzero(np.diff(key)) + 1
        for a, b in zip([0, *cut.tolist()], [*cut.tolist(), len(books)]):
            lo = int(books[a:b].min())
            out[a:b] = self.seeds(lo, int(books[a:b].max()) - lo + 1)[books[a:b] - lo]
        return out

    def book_hints(self, book: int) -> list[int]:
        """The hints replaying the book's forced searches (empty for most books)."""
        if self.hint_count is None or self.hints is None or not self.hint_count[book]:
            return []
        if self._hinted is None:
            idx = np.flatnonzero(self.hint_count)
            self._hinted = idx, np.concatenate([[0], np.cumsum(self.hint_count[idx], dtype=np.int64)])
        idx, start = self._hinted
        k = int(np.searchsorted(idx, book))
        return self.hints[int(start[k]):int(start[k + 1])].tolist()

    def stored_round(self, book: int) -> bytes | None:
        """The packed Round the library keeps for a book (book_format.pack_round), or None."""
        if self.stored_book is None or self.stored_end is None or self.stored_rounds is None:
            return None
        k = int(np.searchsorted(self.stored_book, book))
        if k == len(self.stored_book) or int(self.stored_book[k]) != book:
            return None
        start = int(self.stored_end[k - 1]) if k else 0
        return self.stored_rounds[start:int(self.stored_end[k])].tobytes()

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

    def max_paid_cents(self, bet_cents: int, cap: WinCap) -> int:
        """The largest win a book of this mode pays at this bet under the limits."""
        return int(self._paid(bet_cents, cap)[0].max()) if len(self.payout_x100) else 0

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
        self._warm: set[str] = set()       # modes whose first book of every stratum was made

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

    def warm(self, modes: list[str] | tuple[str, ...] | None = None) -> int:
        """Regenerate the first book of every stratum (natural, and each forced
        category) of `modes` once per process, so the tables a game builds on first use
        are built here (on opening the game) and not during the first such round on
        screen; a stratum that stores its rounds is checked against the regenerated
        one (LibraryError when they differ). Returns how many books it regenerated (0
        when already warm)."""
        done, count = self._warm, 0
        for mode in modes if modes is not None else list(self.modes):
            if mode in done or mode not in self.modes:
                continue
            _, firsts = np.unique(self.modes[mode].force, return_index=True)   # each stratum's first book
            for book in firsts.tolist():
                differs = self.stored_difference(mode, book, self.regenerate(mode, book))
                if differs is not None:
                    raise LibraryError(f"{self.spec.id}/{mode} book {book}: {differs}")
                count += 1
            done.add(mode)           # only once every stratum played back: a failure is met again
        return count

    def round(self, mode: str, book_id: int) -> Round:
        """A book's Round (with its events): the one the library stores for it
        (book_format: stored_rounds), else regenerated from its seed (`regenerate`).
        A stored round that does not decode, or is not the book's payout, is a
        LibraryError naming the book."""
        mb = self.books(mode)
        packed = mb.stored_round(book_id) if 0 <= book_id < len(mb) else None
        if packed is None:
            return self.regenerate(mode, book_id)
        try:
            rnd = unpack_round(packed)
        except ValueError as exc:
            raise LibraryError(f"{self.spec.id}/{mode} book {book_id}: stored round unreadable: {exc}") from None
        jack = 0 if mb.jackpot_x100 is None else int(mb.jackpot_x100[book_id])
        if (rnd.mode, rnd.payout_x100, rnd.jackpot_x100) != (mode, int(mb.payout_x100[book_id]), jack):
            raise LibraryError(f"{self.spec.id}/{mode} book {book_id}: the stored round ({rnd.mode}, pays "
                               f"{rnd.payout_x100}) is not the book's ({mode}, pays {int(mb.payout_x100[book_id])})")
        if sorted(rnd.features) != sorted(self.features(mode, book_id)):
            raise LibraryError(f"{self.spec.id}/{mode} book {book_id}: the stored round's features "
                               f"{sorted(rnd.features)} are not the book's {sorted(self.features(mode, book_id))}")
        return rnd

    def stored_difference(self, mode: str, book_id: int, regenerated: Round) -> str | None:
        """None when the book keeps no round or keeps `regenerated` (the rules' round
        from its seed) event for event; else what is wrong with the stored one."""
        if self.books(mode).stored_round(book_id) is None:
            return None
        try:
            same = self.round(mode, book_id).to_json() == regenerated.to_json()
        except LibraryError as exc:
            return f"the stored round is unusable: {exc}"
        return None if same else "the stored round is not the one the rules play from its seed"

    def regenerate(self, mode: str, book_id: int, seed: int | None = None) -> Round:
        """Regenerate a book's Round (with its events) by the rules: its seed, its
        force, and its hints, so a forced search plays only the attempt it kept. A
        data file the round reads that is damaged (e.g. a game's record of found
        attempts) is a LibraryError naming the book and the file. `seed`: the book's
        seed when the caller has it already (ModeBooks.seeds_of, for many books)."""
        mb = self.books(mode)
        if not 0 <= book_id < len(mb):
            raise IndexError(f"{self.spec.id}/{mode}: no book {book_id} (0..{len(mb) - 1})")
        rng = Rng.for_book(mb.seed(book_id) if seed is None else seed, mb.book_hints(book_id))
        try:
            rnd = self.spec.play(rng, mode, self.force(mode, book_id))
        except (ValueError, OSError, OverflowError, RecursionError) as exc:     # a damaged data file the round reads
            raise LibraryError(f"{self.spec.id}/{mode} book {book_id} does not play back: {exc}") from None
        if rng.trace is not None:
            rng.trace.finish()
        return rnd


def _check_meta(spec: GameSpec, mode: str, path: Path, meta: dict[str, Any], data: dict[str, np.ndarray],
                fp: str) -> tuple[int, int]:
    """Refuse a file built from other math, for another game or mode, or whose arrays
    do not give the stated RTP; returns (sum(w), sum(w * payout))."""
    if meta.get("fingerprint") != fp:
        raise LibraryError(f"{path}: built from other math (fingerprint {str(meta.get('fingerprint'))[:12]}..., "
                           f"version {meta.get('version')!r}; the game's math is {fp[:12]}..., "
                           f"version {spec.version!r}); rebuild the library")
    if meta.get("game") != spec.id or meta.get("mode") != mode:
        raise LibraryError(f"{path}: holds {meta.get('game')}/{meta.get('mode')}, expected {spec.id}/{mode}")
    try:
        cost = int(meta.get("cost_x100", -1))
        seeds = meta["seeds"]
        int(seeds["seed"])
        stated = rtp_fraction(meta["rtp_target"])
        written = Fraction(meta["rtp"])
    except (KeyError, TypeError, ValueError, ZeroDivisionError):
        raise LibraryError(f"{path}: corrupt book library (metadata incomplete)") from None
    if cost != spec.mode(mode).cost_x100:
        raise LibraryError(f"{path}: built for cost {meta.get('cost_x100')}, mode costs {spec.mode(mode).cost_x100}")
    if mode not in spec.rtp or stated != rtp_fraction(spec.rtp[mode]):
        raise LibraryError(f"{path}: built for a stated RTP of {meta.get('rtp_target')}, the game states "
                           f"{spec.rtp.get(mode)}")
    sums = exact_sums(data["weight"], data["payout_x100"])
    rtp = Fraction(sums[1], sums[0] * cost)
    if rtp != written or abs(rtp - stated) > Fraction(1, 10**6):
        raise LibraryError(f"{path}: the books' RTP {float(rtp):.7f} is not the stated {float(stated):.6f}"
                           f"{'' if rtp == written else ' nor the metadata' + chr(39) + 's'}")
    return sums


# Books loaded in this process, by everything their checks read: the file's bytes
# (sha256, equal to its manifest entry's), the game's math fingerprint, and the spec's
# mode cost, stated RTP and stored strata. The same bytes checked against the same
# things give the same verdict, so a second start in one process (the operator's
# settings re-offered, a test's next cabinet) reuses the arrays instead of decoding
# and summing them again; a changed byte is a different key and is checked in full.
# Arrays are read-only, so no holder can change another's books.
_LOADED: dict[tuple, ModeBooks] = {}
_LOADED_MAX = 64


def _load_key(spec: GameSpec, mode: str, raw: bytes | None, entry: dict[str, Any] | None,
              fp: str) -> tuple | None:
    if raw is None or entry is None or mode not in {m.id for m in spec.modes}:
        return None
    digest = hashlib.sha256(raw).hexdigest()
    if digest != entry.get("sha256"):
        return None
    return (spec.id, mode, fp, digest, spec.mode(mode).cost_x100, str(spec.rtp.get(mode)),
            tuple(spec.math.stored_rounds.get(mode, ())))


def load_mode(spec: GameSpec, mode: str, books_dir: Path | str | None = None,
              expected_fingerprint: str | None = None, manifest: dict[str, Any] | None = None) -> ModeBooks:
    """Load one mode's books: checked against the manifest, the game's math, mode,
    cost and stated RTP (once per process for the same bytes and checks: `_LOADED`)."""
    where = Path(books_dir or default_books_dir(spec))
    path = where / f"{mode}.npz"
    if manifest is None:
        manifest = read_manifest(where, spec.id)
    entry = manifest["files"].get(path.name)
    fp = expected_fingerprint or fingerprint(spec)
    try:                                   # read once: the key's hash, then (a miss) the checks
        raw: bytes | None = path.read_bytes() if entry is not None and path.is_file() else None
    except OSError:
        raw = None                         # read_mode_file says what is wrong with it
    key = _load_key(spec, mode, raw, entry, fp)
    if key is not None and key in _LOADED:
        return _LOADED[key]
    data, meta = read_mode_file(path, entry, raw)
    sums = _check_meta(spec, mode, path, meta, data, fp)
    if "stored_book" in data:
        listed = [meta["categories"].index(c) for c in spec.math.stored_rounds.get(mode, ()) if c in meta["categories"]]
        if not np.isin(data["force"][data["stored_book"]], listed).all():
            raise LibraryError(
                f"{path}: stored rounds of a stratum the game does not store (GameSpec.math.stored_rounds "
                f"lists {', '.join(spec.math.stored_rounds.get(mode, ())) or 'none'} for {mode})"
            )
    books = ModeBooks(mode=mode, meta=meta, cum=np.cumsum(data["weight"]), _sums=sums, **data)
    if key is not None:
        for a in vars(books).values():
            if isinstance(a, np.ndarray):
                a.flags.writeable = False
        if len(_LOADED) >= _LOADED_MAX:
            _LOADED.pop(next(iter(_LOADED)))
        _LOADED[key] = books
    return books


def load_library(spec: GameSpec | str, books_dir: Path | str | None = None, modes: list[str] | None = None) -> Library:
    """Load every bet mode's books of a game (or only `modes`); LibraryError if any
    is unusable."""
    spec = resolve_game(spec)
    where = Path(books_dir or default_books_dir(spec))
    manifest = read_manifest(where, spec.id)
    extra = sorted(set(manifest["files"]) - {f"{m.id}.npz" for m in spec.modes})
    if extra:
        raise LibraryError(f"{where / MANIFEST}: lists {', '.join(extra)}, not a mode of {spec.id}")
    fp = fingerprint(spec)
    loaded = {m: load_mode(spec, m, where, fp, manifest) for m in (modes or [m.id for m in spec.modes])}
    return Library(spec, loaded, where)
