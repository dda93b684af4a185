"""python -m cabinet.core.i18n VERB (make i18n runs cldr, update and check).

    update    extract every _("...") / N_("...") of cabinet/ and games/ into
              assets/i18n/cabinet.pot; bring each language's .po up to date (its
              translations kept, new messages added empty, stale ones dropped) and
              compile its .mo
    check     name every untranslated, fuzzy or stale message, a placeholder a
              translation lost, a call that cannot be extracted and a .mo that is not
              its .po compiled (exit 1 if any)
    cldr      rewrite assets/i18n/formats.json from CLDR (needs Babel: the tools extra)
"""
from __future__ import annotations

import argparse


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m cabinet.core.i18n", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("verb", choices=("update", "check", "cldr"))
    args = parser.parse_args(argv)
    if args.verb == "cldr":
        from .cldr import write
        print(f"wrote {write()}")
    elif args.verb == "update":
        from .catalog import update
        for path in update():
            print(f"wrote {path}")
    else:
        from .catalog import LANGUAGES, check, extract
        problems = check()
        for line in problems:
            print(line)
        count = len(extract()[0])
        print(f"{count} messages, {len(LANGUAGES)} catalogues ({', '.join(LANGUAGES)}): "
              + (f"{len(problems)} problems" if problems else "complete and current"))
        return 1 if problems else 0
    return 0
