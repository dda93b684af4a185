"""The committed PAR sheet (games/happy_money_hens/par/) is the one of the shipped
math: same fingerprint, the same paytable as the math file, the libraries' RTPs, and
the help's numbers (prices, stated RTP)."""
import json
from pathlib import Path

from cabinet.core import books as B
from games.happy_money_hens import GAME
from games.happy_money_hens.math.tables import load

PAR = Path(__file__).resolve().parents[2] / "games" / "happy_money_hens" / "par"


def sheet():
    return json.loads((PAR / "happy_money_hens_par.json").read_text())


def test_par_sheet_is_built_from_the_shipped_math():
    data = sheet()
    assert data["fingerprint"] == B.fingerprint(GAME), \
        "stale PAR sheet: python -m cabinet.math par happy_money_hens --out games/happy_money_hens/par"
    assert data["paytable"] == json.loads(json.dumps(GAME.math.paytable()))
    lib = B.load_library(GAME)
    for mode, m in data["modes"].items():
        assert m["rtp_exact"] == lib.books(mode).meta["rtp"]
        assert m["stated_rtp"] == float(load().raw["rtp"])
        assert abs(m["cost"] * 100 - GAME.mode(mode).cost_x100) < 1e-9
    for name in ("happy_money_hens_par.md", "happy_money_hens_distribution.png",
                 "happy_money_hens_rtp_band.png", "happy_money_hens_rtp_sources.png"):
        assert (PAR / name).stat().st_size > 1000


def test_par_sheet_gives_the_odds_of_every_advertised_award():
    base = sheet()["modes"]["base"]["features"]
    for award in ("pot_mini", "pot_minor", "pot_major", "pot_grand", "full_board"):
        assert base[award] > 1e-7, award          # reachable in 10^8 base rounds many times over
