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
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np

from .book_format import (ARRAYS, FORMAT, MANIFEST, OPTIONAL_ARRAYS, LibraryError, exact_sums,
                          read_manifest, read_mode_file, stratum_seeds, unpack_round)
from .fingerprint import fingerprint, round_code
from .game import GameSpec
from .many import rounds_of
from .mode_books import ModeBooks
from .resources import package_file
from .rng import Rng
from .round import Round

__all__ = ["ARRAYS", "FORMAT", "MANIFEST", "OPTIONAL_ARRAYS", "Library", "LibraryError",
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

# what a damaged data file a round reads raises when books are played back
PLAYBACK_ERRORS = (ValueError, OSError, OverflowError, RecursionError)


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
        except PLAYBACK_ERRORS as exc:                 # a damaged data file the round reads
            raise LibraryError(f"{self.spec.id}/{mode} book {book_id} does not play back: {exc}") from None
        if rng.trace is not None:
            rng.trace.finish()
        return rnd

    def regenerate_many(self, mode: str, book_ids: Any) -> list[Round]:
        """`regenerate` of many books: the natural books without hints all at once
        through the game's play_many (cabinet/core/many.py, the same Rounds), the rest
        one by one. A damaged data file the rounds read is a LibraryError."""
        mb = self.books(mode)
        ids = np.asarray(book_ids, dtype=np.int64).reshape(-1)
        if len(ids) and not (0 <= int(ids.min()) and int(ids.max()) < len(mb)):
            raise IndexError(f"{self.spec.id}/{mode}: a book outside 0..{len(mb) - 1}")
        plain = mb.force[ids] < 0
        if mb.hint_count is not None:
            plain &= mb.hint_count[ids] == 0
        out: list[Round | None] = [None] * len(ids)
        at = np.flatnonzero(plain)
        try:
            rounds = list(rounds_of(self.spec, mb.seeds_of(ids[at]), mode)) if len(at) else []
        except PLAYBACK_ERRORS as exc:
            raise LibraryError(f"{self.spec.id}/{mode} books do not play back: {exc}") from None
        for i, r in zip(at.tolist(), rounds):
            out[i] = r
        for i in np.flatnonzero(~plain).tolist():
            out[i] = self.regenerate(mode, int(ids[i]))
        return out                                        # type: ignore[return-value]


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
