"""A game's found.json checked as `python -m cabinet.math find-books` writes it, for
`python -m cabinet.math manifest`, which will not hash a record the rounds would read
differently from what the tool wrote. The rounds read it with
found_searches.read_found, which this runs first; on top of it the file must exist (the
shipped forced books replay their searches from it), its keys must be plain decimal
numbers, each once, and the text must be the tool's own JSON layout. Not round code:
nothing the rounds import imports it."""
from __future__ import annotations

import json
from collections import Counter
from typing import Any

from cabinet.core.found_searches import TOOL, FoundSearches, read_found


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    twice = sorted(k for k, n in Counter(k for k, _ in pairs).items() if n > 1)
    if twice:
        raise ValueError(f"key {twice[0]!r} given twice")
    return dict(pairs)


def check_found(record: FoundSearches) -> dict[int, int]:
    """The record's {search key: attempt}; ValueError naming the file and what is wrong."""
    path = record.path
    allowed = f"as `{TOOL} {path.parent.name}` writes it (rerun it, or restore the file)"
    if not path.is_file():
        raise ValueError(f"{path}: missing (the forced books replay their searches from it); write it with "
                         f"`{TOOL} {path.parent.name}`")
    try:
        found = read_found(path)
        text = path.read_text()
        doc = json.loads(text, object_pairs_hook=_unique)
    except RecursionError:
        raise ValueError(f"{path}: nested too deeply to be a record of found attempts; {allowed}") from None
    except ValueError as exc:
        raise ValueError(f"{path}: {exc}; {allowed}" if str(path) not in str(exc) else str(exc)) from None
    odd = [k for k in doc["attempts"] if not (k.isascii() and k.isdigit() and str(int(k)) == k)]
    if odd:
        raise ValueError(f"{path}: search key {odd[0]!r} is not a plain decimal number; {allowed}")
    if text != json.dumps(doc, indent=1) + "\n":
        raise ValueError(f"{path}: not laid out {allowed}")
    return found
