"""python -m cabinet.core.i18n VERB (make i18n runs `all`).

    cldr      rewrite assets/i18n/formats.json from CLDR (needs Babel: the tools extra)
"""
from __future__ import annotations

import argparse


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m cabinet.core.i18n", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("verb", choices=("cldr",))
    args = parser.parse_args(argv)
    if args.verb == "cldr":
        from .cldr import write
        print(f"wrote {write()}")
    return 0
