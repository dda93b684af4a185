"""The book-library format (version 2): files, arrays, seeds, hints and the manifest.

A *book* is one pre-simulated round, stored as what regenerates it: its stratum (the
forcing condition it was generated under) and position, from which its seed follows,
the hints that replay its forced searches directly (cabinet/core/forcing.py), plus its
payout, its feature set and its integer draw weight. Events are stored only for the
forced books of the strata a game lists in `spec.math.stored_rounds` (those whose forced
draw costs several natural rounds to regenerate: a conditional draw given a big total,
a long search): each such book keeps its whole Round, so showing it costs a decode,
not a re-run of the search. `Library.round` replays `spec.play` for every other book,
and `verify` regenerates the stored ones and compares them event by event.

One file per bet mode, `<books dir>/<mode>.npz`, a zip of `.npy` arrays written with a
fixed timestamp so that identical content gives identical bytes:

=============  ========  ==================================================================
array          dtype     meaning
=============  ========  ==================================================================
force          int16     index into meta["categories"] of the book's stratum, -1 natural;
                         non-decreasing: the natural books first, then each category's
payout_x100    int64     the round's payout in hundredths of the base bet (>= 0)
weight         int64     integer draw weight (>= 1); sum(weight) < 2**63
features       uint64    bit i set when meta["feature_names"][i] is in Round.features
jackpot_x100   int64     (optional) the payout's jackpot part (Round.jackpot_x100)
hint_count     uint16    (optional, with hints) how many hints each book has
hints          uint32    (optional) every book's hints, in book order
stored_book    int64     (optional, with the next two) the forced books that keep their
                         Round, strictly increasing
stored_end     int64     where each stored book's bytes end in stored_rounds
stored_rounds  uint8     the stored Rounds, each `pack_round`: zlib of Round.to_json
meta           uint8     UTF-8 JSON (below)
=============  ========  ==================================================================

Seeds are not stored. Book j of stratum f (counted from the stratum's first book) has
the seed `stratum_seeds(meta["seeds"]["seed"], mode, f, j, 1)[0]`: word j % SEED_BLOCK of
`SeedSequence(seed, spawn_key=(crc32(mode), f + 1, j // SEED_BLOCK)).generate_state(...)`,
shifted right by one (63 bits).

meta: ``{"format": 2, "game", "mode", "version", "fingerprint", "cost_x100",
"rtp_target" (the stated RTP as a decimal string), "rtp" (exact RTP as "num/den"),
"feature_names", "categories", "category_targets", "rate_targets", "cap_x100" (or
null), "seeds" ({"seed", "block"}), "build" ({"books", "natural_books", "forced_books",
"total_weight"}), "optimizer" (see `cabinet.math.optimize`)}``.

Every books directory holds `manifest.json`: ``{"format": 2, "game", "fingerprint",
"files": {"<mode>.npz": {"sha256" (of the file), "meta" (sha256 of the metadata
bytes), "arrays": {name: sha256 of the array}, "rtp", "books"}}}``. An array's sha256
covers its dtype, shape and bytes (`array_digest`). Loading checks every file against
it and re-derives each mode's RTP from the arrays; any difference refuses the game.
"""
from __future__ import annotations

import hashlib
import io
import json
import zipfile
import zlib
from pathlib import Path
from typing import Any

import numpy as np

from .round import Round

FORMAT = 2
MANIFEST = "manifest.json"
SEED_BLOCK = 1000
ARRAYS = {"force": np.int16, "payout_x100": np.int64, "weight": np.int64, "features": np.uint64}
# jackpot_x100: written only when some book has a jackpot part (the share of the payout
# a money win limit "excluding jackpots" does not cap); hint_count + hints: only when
# some book has hints (a forced search).
# stored_book + stored_end + stored_rounds: only when the game stores some strata's rounds.
OPTIONAL_ARRAYS = {"jackpot_x100": np.int64, "hint_count": np.uint16, "hints": np.uint32,
                   "stored_book": np.int64, "stored_end": np.int64, "stored_rounds": np.uint8}
STORED = ("stored_book", "stored_end", "stored_rounds")
PER_BOOK = ("force", "payout_x100", "weight", "features", "jackpot_x100", "hint_count")


class LibraryError(Exception):
    """A book library cannot be used: missing, corrupt, altered, or built from other math."""


def stratum_seeds(seed: int, mode: str, force: int, start: int, count: int) -> np.ndarray:
    """The 63-bit seeds of books start .. start+count-1 of one stratum (force -1: natural)."""
    out = np.empty(count, dtype=np.uint64)
    crc = zlib.crc32(mode.encode())
    pos = 0
    while pos < count:
        block, off = divmod(start + pos, SEED_BLOCK)
        take = min(count - pos, SEED_BLOCK - off)
        words = np.random.SeedSequence(seed, spawn_key=(crc, force + 1, block)).generate_state(
            off + take, dtype=np.uint64
        )
        out[pos:pos + take] = words[off:off + take] >> np.uint64(1)
        pos += take
    return out


def pack_round(rnd: Round) -> bytes:
    """A stored round's bytes: zlib (level 9) of its JSON."""
    return zlib.compress(rnd.to_json().encode(), 9)


MAX_ROUND_BYTES = 16 * 2**20        # a stored round's JSON: the largest shipped is about 0.3 MB
_ROUND_KEYS = {"mode": str, "payout_x100": int, "features": list, "capped": bool, "jackpot_x100": int, "events": list}


def unpack_round(data: bytes) -> Round:
    """The Round of `pack_round`'s bytes, which must be exactly what `pack_round` gives
    for it (no trailing bytes, extra keys or other encoding); ValueError naming what is
    wrong when they are not one."""
    try:
        inflate = zlib.decompressobj()
        text = inflate.decompress(data, MAX_ROUND_BYTES)
        if inflate.unconsumed_tail:
            raise ValueError(f"more than {MAX_ROUND_BYTES} bytes")
        if not inflate.eof:
            raise ValueError("cut short")
        doc = json.loads(text)
    except (zlib.error, ValueError, RecursionError) as exc:        # a JSON or UTF-8 error is a ValueError
        raise ValueError(f"not a stored round ({type(exc).__name__}: {exc})") from None
    if not isinstance(doc, dict) or set(doc) != set(_ROUND_KEYS):
        raise ValueError(f"not a stored round (a round is a JSON object of {', '.join(_ROUND_KEYS)})")
    for key, kind in _ROUND_KEYS.items():
        if not isinstance(doc[key], kind) or (kind is int and isinstance(doc[key], bool)):
            raise ValueError(f"not a stored round (its {key!r} must be a JSON {kind.__name__})")
    if not all(isinstance(f, str) for f in doc["features"]) or \
            not all(isinstance(e, dict) and isinstance(e.get("type"), str) for e in doc["events"]):
        raise ValueError("not a stored round (features are strings, events objects with a 'type')")
    try:
        rnd = Round(doc["mode"], doc["payout_x100"], doc["events"], tuple(doc["features"]), doc["capped"],
                    doc["jackpot_x100"])
        same = pack_round(rnd) == data
    except (TypeError, ValueError, RecursionError) as exc:
        raise ValueError(f"not a stored round ({exc})") from None
    if not same:
        raise ValueError("not a stored round (its bytes are not what pack_round writes for it: trailing "
                         "bytes, spacing or another encoding)")
    return rnd


def array_digest(arr: np.ndarray) -> str:
    """sha256 of an array's dtype, shape and bytes."""
    h = hashlib.sha256(f"{arr.dtype.str}{arr.shape}".encode())
    h.update(np.ascontiguousarray(arr).tobytes())
    return h.hexdigest()


def exact_dot(a: np.ndarray, b: np.ndarray) -> int:
    """sum(a * b) of two non-negative integer arrays as an exact Python int, in numpy.
    Where max(a) * max(b) * n fits in int64, one dot product; otherwise `a` is cut into
    k-bit limbs, k chosen so that a limb's products with `b` sum below 2**64 in uint64
    (k = 64 - bits(max b) - bits(n)), one dot product a limb; with k too small (huge
    values in both) both are cut into 16-bit limbs."""
    n = len(a)
    if n == 0:
        return 0
    amax, bmax = int(a.max()), int(b.max())
    if amax == 0 or bmax == 0:
        return 0
    if amax * bmax * n < 2**63:
        return int(np.dot(a.astype(np.int64), b.astype(np.int64)))
    a64, b64 = a.astype(np.uint64), b.astype(np.uint64)
    k = 64 - bmax.bit_length() - n.bit_length()
    if k >= 8:
        total, mask = 0, np.uint64((1 << k) - 1)
        for shift in range(0, amax.bit_length(), k):
            total += int(np.dot((a64 >> np.uint64(shift)) & mask, b64)) << shift
        return total
    mask = np.uint64(0xFFFF)
    la = [(a64 >> np.uint64(16 * i)) & mask for i in range(4)]
    lb = [(b64 >> np.uint64(16 * j)) & mask for j in range(4)]
    total = 0
    for i, x in enumerate(la):
        if not x.any():
            continue
        for j, y in enumerate(lb):
            if y.any():
                total += int(np.dot(x, y)) << (16 * (i + j))
    return total


def exact_sums(weight: np.ndarray, payout_x100: np.ndarray) -> tuple[int, int]:
    """(sum(w), sum(w * payout)) as exact Python ints (no int64 overflow)."""
    return exact_dot(weight, np.ones(len(weight), dtype=np.int64)), exact_dot(weight, payout_x100)


def read_manifest(books_dir: Path, game: str) -> dict[str, Any]:
    """The manifest of a books directory (LibraryError if missing, unreadable or another game's)."""
    path = books_dir / MANIFEST
    try:
        doc = json.loads(path.read_text())
    except FileNotFoundError:
        raise LibraryError(f"{path}: book manifest missing (build the libraries with "
                           f"`python -m cabinet.math build {game}`)") from None
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        raise LibraryError(f"{path}: book manifest unreadable ({type(exc).__name__})") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or not isinstance(doc.get("files"), dict):
        raise LibraryError(f"{path}: not a format-{FORMAT} book manifest")
    if doc.get("game") != game:
        raise LibraryError(f"{path}: the manifest of {doc.get('game')!r}'s books, expected {game!r}")
    return doc


def _differences(data: dict[str, np.ndarray], meta_bytes: bytes, entry: dict[str, Any]) -> list[str]:
    """What in a file differs from its manifest entry (array names, 'metadata')."""
    want = entry.get("arrays") or {}
    out = [name for name in sorted(set(data) | set(want)) if name not in data or name not in want
           or array_digest(data[name]) != want[name]]
    if hashlib.sha256(meta_bytes).hexdigest() != entry.get("meta"):
        out.append("metadata")
    return out


def read_mode_file(path: Path, entry: dict[str, Any] | None,
                   raw: bytes | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    """Read one mode's file (or its bytes `raw`, already read from it), check it
    against its manifest `entry` and its own consistency; LibraryError names the file
    and what is wrong."""
    if not path.is_file():
        raise LibraryError(f"{path}: book library missing (build it with `python -m cabinet.math build`)")
    if entry is None:
        raise LibraryError(f"{path}: not listed in the books' {MANIFEST}")
    try:
        raw = path.read_bytes() if raw is None else raw
        with np.load(io.BytesIO(raw), allow_pickle=False) as z:
            data = {k: z[k] for k in z.files}
    except (OSError, ValueError, zipfile.BadZipFile, EOFError, zlib.error, KeyError) as exc:
        raise LibraryError(f"{path}: corrupt book library ({type(exc).__name__}: {exc})") from exc
    meta_arr = data.pop("meta", None)
    meta_bytes = bytes(meta_arr) if meta_arr is not None else b""
    if hashlib.sha256(raw).hexdigest() != entry.get("sha256"):
        diff = _differences(data, meta_bytes, entry)
        what = ", ".join(diff) + (" differ" if len(diff) > 1 else " differs") if diff else "the file's bytes differ"
        raise LibraryError(f"{path}: altered: {what} from the manifest")
    try:
        meta = json.loads(meta_bytes.decode())
    except (ValueError, UnicodeDecodeError) as exc:
        raise LibraryError(f"{path}: corrupt book library (metadata unreadable)") from exc
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise LibraryError(f"{path}: library format {meta.get('format') if isinstance(meta, dict) else None!r}, "
                           f"expected {FORMAT}")
    _check_arrays(path, data, meta)
    return data, meta


def _check_arrays(path: Path, data: dict[str, np.ndarray], meta: dict[str, Any]) -> None:
    n = None
    for name, dtype in {**ARRAYS, **OPTIONAL_ARRAYS}.items():
        arr = data.get(name)
        if arr is None:
            if name in ARRAYS:
                raise LibraryError(f"{path}: corrupt book library (array {name!r} missing)")
            continue
        if arr.dtype != dtype or arr.ndim != 1:
            raise LibraryError(f"{path}: corrupt book library (array {name!r} of wrong type)")
        if name in PER_BOOK:
            n = len(arr) if n is None else n
            if len(arr) != n:
                raise LibraryError(f"{path}: corrupt book library (array lengths differ)")
    unknown = set(data) - set(ARRAYS) - set(OPTIONAL_ARRAYS)
    if unknown:
        raise LibraryError(f"{path}: corrupt book library (unknown arrays {sorted(unknown)})")
    if not n:
        raise LibraryError(f"{path}: book library is empty")
    if ("hints" in data) != ("hint_count" in data) or \
            ("hints" in data and int(data["hint_count"].sum(dtype=np.int64)) != len(data["hints"])):
        raise LibraryError(f"{path}: corrupt book library (hint counts do not match the hints)")
    _check_stored(path, data)
    w, force = data["weight"], data["force"]
    if int(w.min()) < 1 or exact_dot(w, np.ones(n, dtype=np.int64)) >= 2**63:
        raise LibraryError(f"{path}: corrupt book library (weights not positive or total too large)")
    if int(data["payout_x100"].min()) < 0:
        raise LibraryError(f"{path}: corrupt book library (negative payout)")
    ncat = len(meta.get("categories", []))
    if int(force.min()) < -1 or int(force.max()) >= ncat or (n > 1 and bool((np.diff(force) < 0).any())):
        raise LibraryError(f"{path}: corrupt book library (force column out of range or out of order)")


def _check_stored(path: Path, data: dict[str, np.ndarray]) -> None:
    """The stored rounds' three arrays: all or none; forced books, strictly increasing;
    ends strictly increasing from at least 1 (each round one byte or more), the last end
    the bytes' length."""
    have = [name in data for name in STORED]
    if not any(have):
        return
    if not all(have):
        raise LibraryError(f"{path}: corrupt book library (stored rounds need all of {', '.join(STORED)})")
    book, end, blob = (data[name] for name in STORED)
    force = data["force"]
    if len(book) != len(end) or not len(book) or int(end[-1]) != len(blob):
        raise LibraryError(f"{path}: corrupt book library (stored round ends do not match their bytes)")
    # element-wise comparisons, never differences: an int64 difference can wrap around
    if bool((book < 0).any()) or bool((book >= len(force)).any()) or bool((book[1:] <= book[:-1]).any()) \
            or bool((force[book] < 0).any()):
        raise LibraryError(f"{path}: corrupt book library (stored rounds of books that are not forced books "
                           f"in increasing order)")
    if int(end[0]) < 1 or bool((end[1:] <= end[:-1]).any()):
        raise LibraryError(f"{path}: corrupt book library (a stored round of no bytes, or ends out of order)")
