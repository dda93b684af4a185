"""Writes Happy Money Hens' assets: `python -m games.happy_money_hens.tools.make_assets`.

assets/happy_money_hens/farm/ gets every reel symbol and feature egg (256 px), the
three pots at each level (256 px) and the backdrop (1920x1080); assets/sounds/
happy_money_hens/ the cues; assets/happy_money_hens/manifest.yaml the lot.
"""
from __future__ import annotations

from cabinet.ui.asset_build import RATE, headless, write_game

SYMBOLS = ("A", "K", "Q", "J", "ROOSTER", "HEN", "CHICK", "EGG", "WILD", "BLUE", "RED", "GOLD")
PX = 256


def painters() -> dict:
    from . import paint
    out = {f"symbol.{n}": (f"symbols/{n}.png", lambda n=n: paint.symbol_face(n, PX)) for n in SYMBOLS}
    for colour in paint.POT_COLOURS:
        for level in range(5):
            out[f"pot.{colour}.{level}"] = (f"pots/{colour}_{level}.png",
                                            lambda c=colour, v=level: paint.feature_pot((PX, PX), c, v))
    out["backdrop"] = ("backdrop.png", lambda: paint.backdrop((1920, 1080)))
    return out


def main() -> int:
    headless()
    from cabinet.ui.synth import Synth
    from . import cues
    n = write_game("happy_money_hens", "Happy Money Hens", {"farm": ("Farm at dusk", painters())},
                   cues.bank(Synth(RATE)))
    print(f"happy_money_hens: wrote {n} files under assets/")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
