"""The message catalogues: extraction from the source, .po files, .mo compilation and
the checks (`make i18n`; tests/core/test_catalogues.py runs the same checks).

    assets/i18n/cabinet.pot                      every message of the source (extracted)
    assets/i18n/<lang>/LC_MESSAGES/cabinet.po    its translations (edited by hand)
    assets/i18n/<lang>/LC_MESSAGES/cabinet.mo    compiled from the .po (GNU format)

A message is the literal first argument of `_(...)` or `N_(...)` in cabinet/ and games/
(a game's tools/ excepted: design scripts nobody plays). A call with anything but one
literal string is a problem the check names: it could not be extracted.
"""
from __future__ import annotations

import ast
import re
import struct
from pathlib import Path

from ..resources import assets_root, code_root

FOLDER = "i18n"
DOMAIN = "cabinet"
LANGUAGES = ("de", "es")            # the catalogues the cabinet ships besides English (the source)
ROOTS = ("cabinet", "games")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
HEADER = ("Project-Id-Version: slot-cabinet", "Language: {lang}", "MIME-Version: 1.0",
          "Content-Type: text/plain; charset=UTF-8", "Content-Transfer-Encoding: 8bit")


def header(lang: str | None) -> str:
    return "".join(line.format(lang=lang or "") + "\n" for line in HEADER)


def template_path() -> Path:
    return assets_root() / FOLDER / f"{DOMAIN}.pot"


def po_path(lang: str) -> Path:
    return assets_root() / FOLDER / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def source_files() -> list[Path]:
    root = code_root()
    out = []
    for base in ROOTS:
        for p in sorted((root / base).rglob("*.py")):
            parts = p.relative_to(root).parts
            if base == "games" and len(parts) > 2 and parts[2] == "tools":
                continue
            out.append(p)
    return out


def extract(files: list[Path] | None = None) -> tuple[dict[str, list[str]], list[str]]:
    """(message -> where it is written, problems): every `_("...")` / `N_("...")`."""
    root = code_root()
    found: dict[str, list[str]] = {}
    problems = []
    for path in files if files is not None else source_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        rel = path.relative_to(root).as_posix() if path.is_relative_to(root) else str(path)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("_", "N_"):
                arg = node.args[0] if len(node.args) == 1 and not node.keywords else None
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and arg.value:
                    found.setdefault(arg.value, []).append(f"{rel}:{node.lineno}")
                else:
                    problems.append(f"{rel}:{node.lineno}: {node.func.id}() of something other than one literal "
                                    "string: it cannot be extracted (write the English literally, values by .format)")

    def first(item: tuple[str, list[str]]) -> tuple[str, int]:
        path, _sep, line = item[1][0].rpartition(":")
        return path, int(line)

    def by_file_and_line(w: str) -> tuple[str, int]:
        return w.rpartition(":")[0], int(w.rpartition(":")[2])

    for where in found.values():
        where.sort(key=by_file_and_line)
    return dict(sorted(found.items(), key=first)), problems


def _unquote(s: str) -> str:
    return ast.literal_eval(s) if s.startswith('"') else s


def _quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'


def read_po(path: Path) -> dict[str, tuple[str, bool]]:
    """msgid -> (msgstr, fuzzy) of a .po or .pot file (the header entry left out)."""
    entries: dict[str, tuple[str, bool]] = {}
    msgid = msgstr = None
    fuzzy = False
    field = None

    def flush():
        if msgid:
            entries[msgid] = (msgstr or "", fuzzy)
    for raw in path.read_text(encoding="utf-8").splitlines() + [""]:
        line = raw.strip()
        if not line:
            flush()
            msgid = msgstr = None
            fuzzy, field = False, None
        elif line.startswith("#,"):
            fuzzy = "fuzzy" in line
        elif line.startswith("#"):
            continue
        elif line.startswith("msgid "):
            msgid, field = _unquote(line[6:]), "id"
        elif line.startswith("msgstr "):
            msgstr, field = _unquote(line[7:]), "str"
        elif line.startswith('"'):
            if field == "id":
                msgid = (msgid or "") + _unquote(line)
            elif field == "str":
                msgstr = (msgstr or "") + _unquote(line)
    return entries


def write_po(path: Path, lang: str | None, messages: dict[str, list[str]], translations: dict[str, str]) -> None:
    """A .po (or, lang None, the .pot) with every message in source order, each with
    where it is written and its translation (empty where there is none yet)."""
    out = ['msgid ""', 'msgstr ""'] + [_quote(line) for line in header(lang).splitlines(keepends=True)] + [""]
    for msgid, where in messages.items():
        out += [
            f"#: {' '.join(where[:4])}",
            f"msgid {_quote(msgid)}",
            f"msgstr {_quote(translations.get(msgid, ''))}",
            "",
        ]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(out), encoding="utf-8")


def compile_mo(translations: dict[str, str], lang: str) -> bytes:
    """The GNU .mo bytes of msgid -> msgstr (empty ones left out), with the header."""
    pairs = {"": header(lang)}
    pairs.update({k: v for k, v in translations.items() if v})
    keys = sorted(pairs)
    ids = b"".join(k.encode() + b"\0" for k in keys)
    strs = b"".join(pairs[k].encode() + b"\0" for k in keys)
    n = len(keys)
    start = 7 * 4 + 16 * n
    offsets, o = [], 0
    for k in keys:
        offsets.append((len(k.encode()), start + o))
        o += len(k.encode()) + 1
    soff, o = [], 0
    for k in keys:
        soff.append((len(pairs[k].encode()), start + len(ids) + o))
        o += len(pairs[k].encode()) + 1
    head = struct.pack("<7I", 0x950412DE, 0, n, 7 * 4, 7 * 4 + 8 * n, 0, 0)
    table = b"".join(struct.pack("<2I", *p) for p in offsets) + b"".join(struct.pack("<2I", *p) for p in soff)
    return head + table + ids + strs


def mo_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".mo")


def update() -> list[Path]:
    """Extract, rewrite the template and every language's .po (translations kept, new
    messages empty, stale ones dropped), compile each .mo. Returns the files written."""
    messages, _problems = extract()
    write_po(template_path(), None, messages, {})
    written = [template_path()]
    for lang in LANGUAGES:
        old = read_po(po_path(lang)) if po_path(lang).is_file() else {}
        kept = {k: v for k, (v, fuzzy) in old.items() if k in messages and not fuzzy}
        write_po(po_path(lang), lang, messages, kept)
        mo_path(lang).write_bytes(compile_mo(kept, lang))
        written += [po_path(lang), mo_path(lang)]
    return written


def check() -> list[str]:
    """Every problem of the catalogues, one line each (empty: complete and current)."""
    messages, problems = extract()
    template = read_po(template_path()) if template_path().is_file() else {}
    if list(template) != list(messages):
        new = [m for m in messages if m not in template]
        old = [m for m in template if m not in messages]
        problems.append(f"{template_path().name}: not the messages of the source ({len(new)} new, {len(old)} stale, "
                        f"e.g. {(new or old or ['order'])[0]!r}): run make i18n")
    for lang in LANGUAGES:
        po = read_po(po_path(lang)) if po_path(lang).is_file() else {}
        for msgid in messages:
            text, fuzzy = po.get(msgid, ("", False))
            if not text:
                problems.append(f"{lang}: untranslated: {msgid!r} ({messages[msgid][0]})")
            elif fuzzy:
                problems.append(f"{lang}: fuzzy: {msgid!r}")
            elif sorted(PLACEHOLDER.findall(text)) != sorted(PLACEHOLDER.findall(msgid)):
                problems.append(f"{lang}: the placeholders differ: {msgid!r} -> {text!r}")
        problems += [f"{lang}: stale (no longer in the source): {m!r}" for m in po if m not in messages]
        done = {k: v for k, (v, fz) in po.items() if k in messages and not fz}
        if not mo_path(lang).is_file() or mo_path(lang).read_bytes() != compile_mo(done, lang):
            problems.append(f"{lang}: {mo_path(lang).name} is not the compiled .po: run make i18n")
    return problems
