"""The files under `assets/` and each game's manifest, checked at start (no pygame).

    assets/fonts/           the cabinet's font family (OFL, with its licence file)
    assets/sounds/          the cabinet's cues and music; sounds/<game>/ each game's cues
    assets/<game>/manifest.yaml
                            the game's skins, and image ids and sound cues -> files
    assets/<game>/<skin>/   each skin's pictures (PNG, or SVG for line art)
    assets/cabinet/manifest.yaml
                            the cabinet's own pictures (HUD icons, rules pictograms, the
                            lobby's emblem) and its cues and music, in a game's format

A manifest:

    skins:                  # skin id -> what an operator reads; the first is the default
      farm: Sunny farm
    images:                 # image id -> file under assets/, `{skin}` the skin's folder
      symbol.GP: piggy_farm/{skin}/symbols/GP.png
    sounds:                 # cue name -> file under assets/ (the same for every skin)
      pf_drop: sounds/piggy_farm/pf_drop.wav
    colors:                 # per skin: colours the game still draws in code (optional)
      farm: {frame_top: [176, 112, 60]}

`check_game` reads the manifest and opens every file the configured skin uses; a
problem is one line naming the file and what is wrong. Each file is checked to its end:
a PNG's chunk CRCs, then its size from its header (at most MAX_SIDE pixels a side and
MAX_PIXELS in all, before anything is inflated), then its image data inflated and
measured row by row as a decoder reads it (the exact byte count, each row's filter
type); a WAV's RIFF size, its format and its samples; an OGG's page CRCs, its one
stream, its Vorbis headers and its last page; an SVG's XML and its declared size; a
font's table directory and every table's checksum. `check_cabinet` does the same for the
cabinet's own. So a picture that the loader (cabinet/ui/asset_files.py,
pygame.image.load) could not decode, or that would take gigabytes, is refused at the
start check, not in the first frame that draws it. This layer imports no pygame: the
PNG is inflated with zlib, and what is left of decoding (unfiltering) cannot fail. A
sound's coded audio packets are not decoded here (that needs a Vorbis decoder); a cue
the mixer cannot decode stays silent (cabinet/ui/audio.py), it does not stop the window.
A theme (a sound id `music.*`: a scene's looped music) must be an OGG file, stereo and
at least THEME_SECONDS long (its header's channels, its last page's granule position).
"""
from __future__ import annotations

import hashlib
import re
import struct
import zlib
from xml.etree import ElementTree
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence, Any

from .config_file import read_yaml
from .resources import assets_root, package_file
from .schema import ConfigError

ROOT = assets_root()            # <checkout>/assets, or the installed slot_cabinet/assets (cabinet.core.resources)
FONTS = {"regular": "fonts/Lato-Bold.ttf", "bold": "fonts/Lato-Black.ttf"}
FONT_LICENCE = "fonts/OFL.txt"
# The first bytes of each format a manifest may name (what the loader can decode).
SIGNATURES = {".png": (b"\x89PNG\r\n\x1a\n",), ".wav": (b"RIFF",), ".ogg": (b"OggS",),
              ".svg": (b"<svg", b"<?xml"), ".ttf": (b"\x00\x01\x00\x00", b"true"), ".txt": (b"",)}
MAX_FILE = 64 * 2**20
MAX_SIDE = 8192                 # a picture's width or height, in pixels
MAX_PIXELS = 4096 * 4096        # a picture's area: 64 MB once decoded to RGBA
PICTURE_ALLOWED = f"pictures up to {MAX_SIDE} pixels a side and {MAX_PIXELS:,} pixels in all"


class AssetError(Exception):
    """A missing, unreadable or malformed asset file or manifest: one line."""


@dataclass(frozen=True)
class Manifest:
    game: str
    skins: dict[str, str]
    images: dict[str, str]
    sounds: dict[str, str]
    colors: dict[str, dict[str, tuple[int, int, int]]] = field(default_factory=dict)
    root: Path = ROOT

    @property
    def default_skin(self) -> str:
        return next(iter(self.skins))

    def image_path(self, image_id: str, skin: str) -> Path:
        return self.root / self.images[image_id].format(skin=skin)

    def sound_path(self, cue: str) -> Path:
        return self.root / self.sounds[cue]

    def color(self, skin: str, name: str) -> tuple[int, int, int]:
        return self.colors.get(skin, {}).get(name) or self.colors[self.default_skin][name]


def rel(path: Path, root: Path | None = None) -> str:
    """A path as a message names it: from the folder holding assets/."""
    try:
        return str(path.relative_to((root or ROOT).parent))
    except ValueError:
        return str(path)


def check_file(path: Path, root: Path | None = None) -> None:
    """The file exists, is readable, not huge, starts like its format, is whole, and
    decodes (DECODE: for a picture, within the size bounds before anything is inflated)."""
    name = rel(path, root)
    sigs = SIGNATURES.get(path.suffix.lower())
    if sigs is None:
        raise AssetError(f"{name}: not an asset format; allowed: {', '.join(sorted(SIGNATURES))}")
    try:
        if not path.is_file():
            raise AssetError(f"{name} is missing")
        if path.stat().st_size > MAX_FILE:
            raise AssetError(f"{name} is over {MAX_FILE // 2**20} MB")
        data = path.read_bytes()
    except OSError as exc:
        raise AssetError(f"{name} cannot be read ({exc.strerror or exc})") from None
    if not any(data.startswith(s) for s in sigs):
        raise AssetError(f"{name} is not a {path.suffix[1:].upper()} file (wrong first bytes)")
    problem = _verdict(path.suffix.lower(), data)
    if problem:
        raise AssetError(f"{name} {problem}")


_VERDICTS: dict[tuple[str, bytes], str | None] = {}    # (format, sha256 of the bytes) -> the check's verdict


def _verdict(suffix: str, data: bytes) -> str | None:
    """What is wrong with these bytes as this format (None: nothing). The same bytes
    always get the same verdict, so it is kept by their sha256: a start offers its
    games more than once, and the second time costs a hash, not a decode."""
    key = (suffix, hashlib.sha256(data).digest())
    if key in _VERDICTS:
        return _VERDICTS[key]
    damage = DAMAGE.get(suffix)
    broken = damage(data) if damage else None
    decode = DECODE.get(suffix)
    verdict = f"is damaged ({broken})" if broken else (decode(data) if decode else None)
    if len(_VERDICTS) < 20_000:
        _VERDICTS[key] = verdict
    return verdict


def _too_big(width: float, height: float) -> str | None:
    """The refusal of a picture of this size (pixels), or None when within the bounds."""
    if width <= MAX_SIDE and height <= MAX_SIDE and width * height <= MAX_PIXELS:
        return None
    return f"is {round(width)}x{round(height)} pixels; allowed: {PICTURE_ALLOWED}"


def _png_damage(data: bytes) -> str | None:
    """Why a PNG's chunks do not add up (each one's CRC, the IEND at the end), or None."""
    at, view = 8, memoryview(data)
    while at + 12 <= len(data):
        length, kind = struct.unpack_from(">I4s", data, at)
        end = at + 12 + length
        if end > len(data):
            return f"chunk {kind!r} runs past the end: truncated"
        if zlib.crc32(view[at + 4:end - 4]) != struct.unpack_from(">I", data, end - 4)[0]:
            return f"chunk {kind!r} fails its CRC"
        if kind == b"IEND":
            return None
        at = end
    return "no IEND chunk: truncated"


def _wav_damage(data: bytes) -> str | None:
    if len(data) < 12 or data[8:12] != b"WAVE":
        return "no WAVE header"
    if struct.unpack("<I", data[4:8])[0] + 8 != len(data):
        return "its RIFF size is not the file's: truncated or padded"
    return None


# Ogg's CRC-32 is the unreflected one (poly 0x04C11DB7, no init, no final xor); zlib's is
# reflected with both: over bit-reversed bytes, and less zlib's own value for as many zeros,
# it gives Ogg's bit-reversed. A page's CRC in C, not a Python loop per byte.
_REVERSED = bytes(int(f"{i:08b}"[::-1], 2) for i in range(256))


def ogg_crc(page: bytes) -> int:
    """The Ogg CRC of `page` (its CRC field zeroed)."""
    raw = zlib.crc32(page.translate(_REVERSED)) ^ zlib.crc32(bytes(len(page)))
    return int(f"{raw:032b}"[::-1], 2)


def _ogg_damage(data: bytes) -> str | None:
    """Why an Ogg stream's pages do not add up (each page's CRC, the last page marked
    the stream's end), or None."""
    at, page_no, flags = 0, 0, 0
    while at < len(data):
        if data[at:at + 4] != b"OggS" or at + 27 > len(data):
            return f"page {page_no} does not start like an Ogg page"
        segments = data[at + 26]
        size = 27 + segments + sum(data[at + 27:at + 27 + segments])
        if at + size > len(data):
            return f"page {page_no} runs past the end: truncated"
        page = bytearray(data[at:at + size])
        stored = struct.unpack_from("<I", page, 22)[0]
        page[22:26] = bytes(4)
        if ogg_crc(bytes(page)) != stored:
            return f"page {page_no} fails its CRC"
        flags = data[at + 5]
        at, page_no = at + size, page_no + 1
    return None if flags & 4 else "its last page does not end the stream: truncated"


def _svg_damage(data: bytes) -> str | None:
    try:
        root = ElementTree.fromstring(data)
    except ElementTree.ParseError as exc:
        return f"not well-formed XML: {exc}"
    return None if root.tag.rsplit("}", 1)[-1] == "svg" else "its root element is not <svg>"


DAMAGE = {".png": _png_damage, ".wav": _wav_damage, ".ogg": _ogg_damage, ".svg": _svg_damage}

# ------------------------------------------------------------------ decoding, as the loader will

PNG_DEPTHS = {0: (1, 2, 4, 8, 16), 2: (8, 16), 3: (1, 2, 4, 8), 4: (8, 16), 6: (8, 16)}   # colour type -> depths
PNG_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
PNG_CRITICAL = {b"IHDR", b"PLTE", b"IDAT", b"IEND"}
ADAM7 = ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2))
INFLATE_STEP = 2**20            # bytes of image data inflated at a time (memory stays small)


def _png_chunks(data: bytes) -> list[tuple[bytes, int, int]]:
    """(kind, start, end) of each chunk's data, up to IEND (the CRCs already checked)."""
    out, at = [], 8
    while at + 12 <= len(data):
        length, kind = struct.unpack_from(">I4s", data, at)
        out.append((kind, at + 8, at + 8 + length))
        if kind == b"IEND":
            break
        at += 12 + length
    return out


def _png_rows(width: int, height: int, bits: int, interlace: int) -> list[tuple[int, int, int]]:
    """(offset, row bytes with the filter byte, rows) of each pass of the inflated data."""
    passes = ((0, 0, 1, 1),) if interlace == 0 else ADAM7
    out, at = [], 0
    for x0, y0, dx, dy in passes:
        w, h = (width - x0 + dx - 1) // dx, (height - y0 + dy - 1) // dy
        if w > 0 and h > 0:
            row = 1 + (w * bits + 7) // 8
            out.append((at, row, h))
            at += row * h
    return out


def _bad_filter(piece: bytes, at: int, rows: list[tuple[int, int, int]]) -> str | None:
    """The first row whose filter type (its first byte) is not 0-4, in `piece` (the
    inflated bytes from offset `at`), or None."""
    end = at + len(piece)
    for k, (start, step, count) in enumerate(rows):
        lo, hi = max(at, start), min(end, start + step * count)
        if lo >= hi:
            continue
        first = start + -(-(lo - start) // step) * step
        types = piece[first - at:hi - at:step]
        if types.translate(None, bytes(range(5))):
            i = next(i for i, t in enumerate(types) if t > 4)
            where = f"row {(first - start) // step + i}" + (f" of pass {k + 1}" if len(rows) > 1 else "")
            return f"{where} has filter type {types[i]}; allowed: 0-4"
    return None


def _png_decode(data: bytes) -> str | None:
    """What stops a PNG from decoding, or None: its header (size within the bounds,
    checked first), its chunks' order, and its image data inflated (never all at once)
    to exactly the bytes its header implies, every row's filter type valid."""
    chunks = _png_chunks(data)
    if not chunks or chunks[0][0] != b"IHDR" or chunks[0][2] - chunks[0][1] != 13:
        return "cannot be decoded (its first chunk is not a 13-byte IHDR)"
    width, height, depth, ctype, method, filtering, interlace = struct.unpack_from(">IIBBBBB", data, chunks[0][1])
    if not width or not height:
        return f"cannot be decoded (its header gives {width}x{height} pixels)"
    big = _too_big(width, height)
    if big:
        return big
    if depth not in PNG_DEPTHS.get(ctype, ()) or method or filtering or interlace > 1:
        return (f"cannot be decoded (its header gives colour type {ctype}, depth {depth}, compression {method}, "
                f"filter {filtering}, interlace {interlace}: not a PNG's)")
    kinds = [k for k, _, _ in chunks]
    odd = [k for k in kinds if not k[0] & 0x20 and k not in PNG_CRITICAL]
    if odd:
        return f"cannot be decoded (it has the unknown critical chunk {odd[0]!r})"
    idat = [i for i, k in enumerate(kinds) if k == b"IDAT"]
    if not idat:
        return "cannot be decoded (no IDAT chunk: no image data)"
    if idat != list(range(idat[0], idat[-1] + 1)) or kinds.count(b"IHDR") > 1:
        return "cannot be decoded (its IDAT chunks are not one run after its header)"
    if ctype == 3 and b"PLTE" not in kinds[:idat[0]]:
        return "cannot be decoded (a palette image without a PLTE chunk before its data)"
    rows = _png_rows(width, height, depth * PNG_CHANNELS[ctype], interlace)
    expected = sum(step * count for _, step, count in rows)
    inflate, done, view = zlib.decompressobj(), 0, memoryview(data)
    try:
        for i in idat:
            pending = view[chunks[i][1]:chunks[i][2]]
            while pending and not inflate.eof:
                piece = inflate.decompress(pending, INFLATE_STEP)
                pending = memoryview(inflate.unconsumed_tail)
                if done + len(piece) > expected:
                    return (
                        f"cannot be decoded (its image data holds more than the {expected:,} bytes its header implies)"
                    )
                bad = _bad_filter(piece, done, rows)
                if bad:
                    return f"cannot be decoded (its image data's {bad})"
                done += len(piece)
            if inflate.eof and (pending or inflate.unused_data or i != idat[-1]):
                return "cannot be decoded (bytes follow the end of its image data)"
    except zlib.error as exc:
        return f"cannot be decoded (its image data does not inflate: {exc})"
    if not inflate.eof or done != expected:
        return f"cannot be decoded (its image data ends early: {done:,} of {expected:,} bytes)"
    return None


WAV_FORMATS = {1: (8, 16, 24, 32), 3: (32, 64)}      # PCM, IEEE float -> sample bits


def _wav_decode(data: bytes) -> str | None:
    """What stops a WAV from decoding, or None: its chunks fill the file, a `fmt ` of
    PCM or float samples, then a `data` chunk of whole sample frames."""
    at, fmt = 12, None
    while at < len(data):
        if at + 8 > len(data):
            return "cannot be decoded (a chunk header runs past the end)"
        kind, size = struct.unpack_from("<4sI", data, at)
        body = data[at + 8:at + 8 + size]
        if len(body) < size:
            return f"cannot be decoded (its {kind!r} chunk runs past the end)"
        if kind == b"fmt ":
            if size < 16:
                return "cannot be decoded (its fmt chunk is short)"
            tag, channels, rate, byte_rate, align, bits = struct.unpack_from("<HHIIHH", body)
            if tag == 0xFFFE and size >= 40:                        # WAVE_FORMAT_EXTENSIBLE: its sub-format
                tag = struct.unpack_from("<H", body, 24)[0]
            if bits not in WAV_FORMATS.get(tag, ()) or not 1 <= channels <= 8 or not 1000 <= rate <= 384000 \
                    or align != channels * bits // 8 or byte_rate != rate * align:
                return (f"cannot be decoded (format {tag}, {channels} channels, {rate} Hz, {bits} bits, block "
                        f"{align}, {byte_rate} bytes/s; allowed: PCM of 8-32 bits or float samples, 1-8 channels)")
            fmt = align
        elif kind == b"data":
            if fmt is None:
                return "cannot be decoded (its data chunk comes before its fmt chunk)"
            if size % fmt:
                return f"cannot be decoded (its data chunk holds {size} bytes, not whole frames of {fmt})"
            return None
        at += 8 + size + (size & 1)
    return "cannot be decoded (no data chunk)"


def _ogg_packets(data: bytes, count: int) -> tuple[list[bytes], set[int], str | None]:
    """The first `count` packets of an Ogg file, the serial numbers of all its pages,
    and what is wrong with its pages' numbering (None)."""
    packets: list[bytes] = []
    serials: set[int] = set()
    current, at, expect = b"", 0, 0
    while at + 27 <= len(data):
        flags, serial, seq, segments = data[at + 5], *struct.unpack_from("<II", data, at + 14), data[at + 26]
        if data[at + 4]:
            return packets, serials, f"page {expect} has stream structure version {data[at + 4]}"
        if seq != expect or bool(flags & 2) != (at == 0):
            return packets, serials, f"page {expect} is out of order (sequence {seq}, flags {flags})"
        serials.add(serial)
        lacing = data[at + 27:at + 27 + segments]
        body = at + 27 + segments
        for lace in lacing:
            if len(packets) < count:
                current += data[body:body + lace]
                if lace < 255:
                    packets.append(current)
                    current = b""
            body += lace
        at, expect = body, expect + 1
    return packets, serials, None


def _ogg_decode(data: bytes) -> str | None:
    """What stops an Ogg Vorbis file from decoding, or None: one logical stream, its
    pages in sequence, and its three Vorbis headers (identification, comment, setup)
    first, the identification's channels, rate and block sizes valid."""
    packets, serials, wrong = _ogg_packets(data, 3)
    if wrong:
        return f"cannot be decoded ({wrong})"
    if len(serials) != 1:
        return f"cannot be decoded (it holds {len(serials)} streams; allowed: one)"
    if len(packets) < 3 or [p[:7] for p in packets] != [b"\x01vorbis", b"\x03vorbis", b"\x05vorbis"]:
        return "cannot be decoded (it does not begin with the three Vorbis headers)"
    ident = packets[0]
    if len(ident) < 30:
        return "cannot be decoded (its Vorbis identification header is short)"
    version, channels, rate = struct.unpack_from("<IBI", ident, 7)
    small, large = 1 << (ident[28] & 15), 1 << (ident[28] >> 4)
    if version or not channels or not rate or not 64 <= small <= large <= 8192 or not ident[29] & 1:
        return (f"cannot be decoded (its Vorbis header gives version {version}, {channels} channels, {rate} Hz, "
                f"blocks {small}/{large})")
    return None


THEME = "music."              # a sound id that is a theme: the music of a scene, looped
THEME_SECONDS = 60            # a theme plays at least this long before it loops


def ogg_theme_problem(data: bytes) -> str | None:
    """What keeps a whole, decodable Ogg Vorbis file from being a theme (stereo, at
    least THEME_SECONDS long: its last page's granule position over its rate), or None."""
    packets, _, _ = _ogg_packets(data, 1)
    channels, rate = struct.unpack_from("<BI", packets[0], 11)
    at, granule = 0, 0
    while at + 27 <= len(data):
        granule = struct.unpack_from("<q", data, at + 6)[0]
        segments = data[at + 26]
        at += 27 + segments + sum(data[at + 27:at + 27 + segments])
    seconds = granule / rate
    if channels != 2 or seconds < THEME_SECONDS:
        return (f"is not a theme ({channels} channel{'s' if channels != 1 else ''}, {seconds:.1f} s; "
                f"allowed: stereo, at least {THEME_SECONDS} s)")
    return None


SVG_UNITS = {"": 1.0, "px": 1.0, "pt": 96 / 72, "pc": 16.0, "in": 96.0, "cm": 96 / 2.54, "mm": 96 / 25.4,
             "em": 16.0, "ex": 8.0}


def _svg_length(text: str | None) -> float | None:
    """A root width or height in pixels (None: absent, a percentage, or unreadable)."""
    match = re.fullmatch(r"\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*([a-z]*)\s*", text or "")
    if match is None or match.group(2) not in SVG_UNITS:
        return None
    return float(match.group(1)) * SVG_UNITS[match.group(2)]


def _svg_decode(data: bytes) -> str | None:
    """The size an SVG draws at when loaded without a size (its width and height, else
    its viewBox's): within the picture bounds, and not negative."""
    root = ElementTree.fromstring(data)
    box = [_svg_length(v) for v in (root.get("viewBox") or "").replace(",", " ").split()]
    size = [_svg_length(root.get(k)) for k in ("width", "height")]
    for i in (0, 1):
        if not size[i] and len(box) == 4 and box[2 + i] is not None:
            size[i] = box[2 + i]
    w, h = size
    if (w is not None and w < 0) or (h is not None and h < 0):
        return f"cannot be decoded (its size is {root.get('width')} x {root.get('height')}: negative)"
    return _too_big(w or 0, h or 0)


FONT_TABLES = ("cmap", "head", "hhea", "hmtx", "maxp", "name", "post")     # what a font needs to be opened


def _font_decode(data: bytes) -> str | None:
    """What stops a TrueType font from opening, or None: its table directory within the
    file, the tables a font needs with glyph outlines, and every table's checksum (so a
    glyph damaged on disk is found here, not when a screen first draws it)."""
    if len(data) < 12:
        return "cannot be decoded (its table directory is cut short)"
    count = struct.unpack_from(">H", data, 4)[0]
    if not count or 12 + 16 * count > len(data):
        return f"cannot be decoded (its table directory lists {count} tables, past the end of the file)"
    tables = {}
    for i in range(count):
        tag, checksum, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        name = tag.decode("latin-1")
        if offset + length > len(data):
            return f"cannot be decoded (its table {name!r} runs past the end of the file)"
        body = bytearray(data[offset:offset + length])
        if name == "head" and length >= 12:
            body[8:12] = bytes(4)                   # the whole font's checksum adjustment is not summed
        body += bytes(-len(body) % 4)
        if sum(struct.unpack(f">{len(body) // 4}I", body)) & 0xFFFFFFFF != checksum:
            return f"cannot be decoded (its table {name!r} fails its checksum)"
        tables[name] = (offset, length)
    missing = [t for t in FONT_TABLES if t not in tables] + \
        ([] if ("glyf" in tables and "loca" in tables) or "CFF " in tables else ["glyf"])
    if missing:
        return f"cannot be decoded (it has no {missing[0]!r} table)"
    head = tables["head"]
    if head[1] < 54 or struct.unpack_from(">I", data, head[0] + 12)[0] != 0x5F0F3CF5:
        return "cannot be decoded (its head table is not a font's)"
    return None


DECODE = {".png": _png_decode, ".wav": _wav_decode, ".ogg": _ogg_decode, ".svg": _svg_decode,
          ".ttf": _font_decode}


def check_fonts(root: Path | None = None) -> dict[str, Path]:
    """The cabinet's font files (and their licence), checked; weight -> path."""
    root = root or ROOT
    for rel_path in (*FONTS.values(), FONT_LICENCE):
        check_file(root / rel_path, root)
    return {weight: root / p for weight, p in FONTS.items()}


def _mapping(where: str, data: Any, value_ok, allowed: str) -> dict[str, Any]:
    if not isinstance(data, dict) or not data or not all(isinstance(k, str) and value_ok(v) for k, v in data.items()):
        raise AssetError(f"{where} is not allowed; allowed: {allowed}")
    return dict(data)


def _rgb(v: Any) -> bool:
    return isinstance(v, list) and len(v) == 3 and all(type(c) is int and 0 <= c <= 255 for c in v)


def read_manifest(game_id: str, root: Path | None = None) -> Manifest | None:
    """The game's manifest, or None when the game ships no assets/<game>/ folder."""
    root = root or ROOT
    path = root / game_id / "manifest.yaml"
    if not path.parent.is_dir():
        return None
    name = rel(path, root)
    check = f"{name}: "
    if not path.is_file():
        raise AssetError(f"{name} is missing")
    try:
        data = read_yaml(path)
    except ConfigError as exc:          # the YAML reader's one line
        raise AssetError(str(exc).replace(str(path), name)) from None
    if not isinstance(data, dict) or set(data) - {"skins", "images", "sounds", "colors"}:
        raise AssetError(f"{check}allowed keys: skins, images, sounds, colors")
    is_text = lambda v: isinstance(v, str) and bool(v.strip())
    skins = _mapping(check + "skins", data.get("skins"), is_text, "skin id -> label, at least one")
    images = _mapping(check + "images", data.get("images"), is_text, "image id -> file under assets/")
    sounds = _mapping(check + "sounds", data.get("sounds") or {"-": "-"}, is_text, "cue name -> file")
    sounds.pop("-", None)
    colors: dict[str, dict[str, tuple[int, int, int]]] = {}
    for skin, table in (data.get("colors") or {}).items():
        if skin not in skins:
            raise AssetError(f"{check}colors.{skin} is not a skin; allowed: {', '.join(skins)}")
        colors[skin] = {k: tuple(v) for k, v in _mapping(f"{check}colors.{skin}", table, _rgb,
                                                         "name -> [r, g, b], each 0-255").items()}
    return Manifest(game_id, skins, images, sounds, colors, root)


def check_game(game_id: str, skin: str | None, root: Path | None = None) -> Manifest | None:
    """The manifest with every file `skin` (None: the default) uses checked."""
    manifest = read_manifest(game_id, root)
    return None if manifest is None else check_files(manifest, skin)


def check_files(manifest: Manifest, skin: str | None, images: Sequence[str] = (),
                sounds: Sequence[str] = ()) -> Manifest:
    """Every file of the manifest that `skin` (None: the default) uses is there and
    readable, and starts like its format, and every image and sound id the code asks
    for (`images`, `sounds`) is in it; AssetError names the first that is not."""
    root = manifest.root
    skin = skin or manifest.default_skin
    where = rel(root / manifest.game / "manifest.yaml", root)
    for kind, wanted, have in (("images", images, manifest.images), ("sounds", sounds, manifest.sounds)):
        missing = [i for i in wanted if i not in have]
        if missing:
            raise AssetError(f"{where}: {kind}.{missing[0]} is missing (the screens draw it"
                             f"{f'; {len(missing) - 1} more missing' if len(missing) > 1 else ''}); "
                             f"allowed: a manifest naming every {kind[:-1]} id as shipped")
    for image_id, template in manifest.images.items():
        try:
            path = root / template.format(skin=skin)
        except (KeyError, IndexError, ValueError):
            raise AssetError(f"{rel(root / manifest.game / 'manifest.yaml', root)}: images.{image_id} = "
                             f"{template!r}; allowed: a path with {{skin}} at most") from None
        _inside(path, root, f"images.{image_id}", manifest)
        check_file(path, root)
    for cue in manifest.sounds:
        path = manifest.sound_path(cue)
        _inside(path, root, f"sounds.{cue}", manifest)
        check_file(path, root)
        if cue.startswith(THEME):
            problem = ogg_theme_problem(path.read_bytes()) if path.suffix.lower() == ".ogg" else \
                f"is not a theme (allowed: an OGG file, stereo, at least {THEME_SECONDS} s)"
            if problem:
                raise AssetError(f"{rel(path, root)} (sounds.{cue}) {problem}")
    return manifest


def _inside(path: Path, root: Path, key: str, manifest: Manifest) -> None:
    """A manifest's path stays under assets/ (read from the text: no '..', not absolute)."""
    relative = path.relative_to(root) if path.is_relative_to(root) else None
    if relative is None or ".." in relative.parts:
        raise AssetError(f"{rel(root / manifest.game / 'manifest.yaml', root)}: {key} leaves assets/; "
                         "allowed: a path under assets/")


CABINET = "cabinet"         # the cabinet's own manifest: assets/cabinet/manifest.yaml


CABINET_IDS = package_file("cabinet.core", "asset_ids.yaml")   # the ids the cabinet's screens draw


def read_ids(path: Path) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(image ids, sound ids) a view asks its manifest for, from its asset_ids.yaml
    (written by make assets; a program file, so `main.py --verify` covers it)."""
    try:
        data = read_yaml(path, allowed="the list of ids make assets writes")
        return tuple(str(i) for i in data["images"]), tuple(str(c) for c in data["sounds"])
    except ConfigError as exc:
        raise AssetError(str(exc)) from None
    except (KeyError, TypeError) as exc:
        raise AssetError(f"{path}: not a list of images and sounds ({exc.__class__.__name__}); "
                         "allowed: the list of ids make assets writes") from None


def check_cabinet(root: Path | None = None) -> Manifest:
    """The cabinet's own manifest with every file it names checked (AssetError: one line)."""
    root = root or ROOT
    manifest = read_manifest(CABINET, root)
    if manifest is None:
        raise AssetError(f"{rel(root / CABINET / 'manifest.yaml', root)} is missing")
    return check_files(manifest, None, *read_ids(CABINET_IDS))


def cabinet_sounds(root: Path | None = None) -> dict[str, Path]:
    """The cabinet's shared cues and music (its manifest's sounds), name -> path."""
    manifest = read_manifest(CABINET, root)
    return {} if manifest is None else {cue: manifest.sound_path(cue) for cue in manifest.sounds}
