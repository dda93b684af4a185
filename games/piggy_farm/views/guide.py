"""The help pages a player reads (info screen), written from math.yaml's numbers so
what the pages say is what the math does. No pygame here: plain text."""
from __future__ import annotations

from ..tables import PiggyMath


def _x(x100: int) -> str:
    return f"{x100 / 100:,g}x"


def help_pages(pm: PiggyMath) -> list[tuple[str, str]]:
    """(title, text) pages; paragraphs separated by blank lines."""
    raw = pm.raw
    modes = raw["modes"]
    names = {s["id"]: s["name"] for s in raw["symbols"]}
    fs = raw["free_spins"]
    grid = raw["sticky_grid"]
    tiers = ", ".join(f"{n} windmills spin the {t.upper()} wheel" for n, t in sorted(pm.tier_by_scatters.items()))
    wheel_lines = []
    for tier, slices in raw["wheel"]["slices"].items():
        total = sum(int(s["weight"]) for s in slices)
        parts = [f"{s['label']} ({int(s['weight']) * 100 / total:.0f}%)" for s in slices]
        wheel_lines.append(f"{tier.upper()}: " + ", ".join(parts))
    hunt = modes["golden_egg_hunt"], modes["egg_hunt"]
    risk = modes["risk_the_farm"]
    spawn = [int(k) for k in modes["hog_wild"]["spawn_weights"]]
    num, den = (int(v) for v in risk["chance"])
    return [
        ("How to play",
         f"A 7x7 board of {pm.shape.cells} cells. {pm.min_cluster} or more matching symbols touching edge to edge pay "
         "anywhere on the board; diagonals never connect.\n\n"
         f"{names[pm.symbols[pm.wild]]} is wild: it joins every cluster it touches but never starts one. "
         f"The {names[pm.symbols[pm.scatter]]} never clusters.\n\n"
         "Tumble: winning clusters explode, the symbols above fall into the gaps and new ones drop in from above. "
         "The board pays again for as long as new clusters form. Every win of the chain adds up; the Paytable "
         "page lists each symbol's pay by cluster size."),
        ("THE FARM WHEEL",
         f"Windmills left on the board when a spin's tumbles end: {tiers} (more than "
         f"{max(pm.tier_by_scatters)} also spins gold).\n\n"
         "Coin slices pay at once. UPGRADE carries the spin to the next wheel. FREE SPINS start "
         f"{fs['spins']} free spins with every win multiplied by the slice's start multiplier.\n\n"
         + "\n\n".join(wheel_lines)),
        ("Free spins and the sticky grid",
         f"{fs['spins']} spins; {fs['retrigger_scatters']} or more windmills add {fs['retrigger_spins']} spins.\n\n"
         f"Sticky grid: a cell that takes part in a win is charged at x{grid['first_charge']}; every later win on it "
         f"multiplies its charge by {grid['growth']}, up to x{grid['cap']}. A cluster covering charged cells is "
         "multiplied by the SUM of their charges, read before they bump. The grid is cleared when the feature ends."),
        ("Buys and the ante",
         f"FARM WHEEL BOOST ({_x(modes['ante']['cost_x100'])} per spin): an ante that stays on until switched off; "
         "more windmills, so THE FARM WHEEL comes about five times as often.\n\n"
         f"FARM WHEEL BUY ({_x(modes['wheel_buy']['cost_x100'])}): one spin of THE FARM WHEEL.\n\n"
         f"FREE SPINS ({_x(modes['free_spins']['cost_x100'])}): {modes['free_spins']['spins']} free spins with the sticky grid.\n\n"
         f"HOG WILD ({_x(modes['hog_wild']['cost_x100'])}): {modes['hog_wild']['spins']} free spins on wild-rich strips, "
         f"{min(spawn)} to {max(spawn)} extra wilds land each spin, sticky grid on.\n\n"
         f"GROWING SEASON ({_x(modes['growing_season']['cost_x100'])}): {modes['growing_season']['spins']} spins, spin k "
         "pays xk. Windmills sleep: no wheel, no retrigger.\n\n"
         f"GOLDEN EGG HUNT ({_x(hunt[0]['cost_x100'])}) and EGG HUNT ({_x(hunt[1]['cost_x100'])}): {hunt[0]['nests']} nests, "
         f"at least {hunt[0]['min_prizes']} prizes ({_x(min(map(int, hunt[0]['ladder_x100'])))} to "
         f"{_x(max(map(int, hunt[0]['ladder_x100'])))} and {_x(min(map(int, hunt[1]['ladder_x100'])))} to "
         f"{_x(max(map(int, hunt[1]['ladder_x100'])))} a nest) until the rooster crows. Pick nests with a click or "
         "ARROWS and ENTER; they open by themselves after a pause. Every reveal is decided before the first nest opens.\n\n"
         f"RISK THE FARM ({_x(risk['cost_x100'])}): one draw, {_x(risk['prize_x100'])} or nothing, "
         f"about 1 time in {den / num:.1f}. It is the one mode exempt from the {_x(pm.cap_x100)} cap."),
    ]
