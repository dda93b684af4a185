"""Piggy Farm's help texts, written from math.yaml (no pygame): every number in
them is read from the math file, so the help, the PAR sheet and the math agree by
construction.

`help_pages()` -> [(title, text)]: the plain pages (GameSpec.view.help);
`rules_sections()` -> [(title, [paragraph, ...])]: the full rules as text
(`help_text()`), every pay, price and prize; `sections()`: the illustrated rules
pages' text by key (the view's rules_pages.py); `mode_descriptions()` /
`describe_modes()`: what each buy gives, from the sheet; `general_rules()`;
`FEATURE_LABELS`: Round.features in words (the history).
"""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Callable

from cabinet.core.game import BetMode
from cabinet.core.i18n import N_, _, formats, translate

from .tables import BANDS, load

# math.yaml's symbol names, marked for the catalogue (a player reads them on the rules pages)
SYMBOL_WORDS = (N_("Golden Pig"), N_("Pink Pig"), N_("Hen"), N_("Egg Basket"), N_("Corn"), N_("Carrot"), N_("Apple"),
                N_("Muddy Pig Wild"), N_("Windmill"))


def symbol_names() -> dict[str, str]:
    """Symbol id -> its name in the current language."""
    return {sym["id"]: translate(sym["name"]) for sym in load().raw["symbols"]}

FEATURE_LABELS = {"wheel": "", "wheel_bronze": "Bronze wheel", "wheel_silver": "Silver wheel",
                  "wheel_gold": "Gold wheel", "upgrade": "Upgrade", "coin_prize": "Coin prize",
                  "free_spins": "Free spins", "free_spins_x1": "", "free_spins_x2": "at x2",
                  "free_spins_x3": "at x3", "free_spins_x5": "at x5", "retrigger": "Retrigger",
                  "hog_wild": "Hog Wild", "growing_season": "Growing Season", "hunt_prizes": "Egg hunt",
                  "hunt_5000x": "5,000x egg", "risk_win": "The farm pays", "capped": "Top prize",
                  "max_win": "", "big_win": "Big win", "huge_win": "Huge win"}


def x(v100: int) -> str:
    """400000 -> '4,000x', 150 -> '1.5x' (x100 amounts as multiples of the bet, in the
    active locale's digits: '4.000x', '1,5x' in de-DE)."""
    whole, frac = divmod(int(v100), 100)
    fmt = formats.active()
    return formats.number(whole) + (f"{fmt.decimal}{frac:02d}".rstrip("0") if frac else "") + "x"


def times(n: int) -> str:
    """5 -> 'five times' (the sheet's words for the ante's wheel)."""
    words = {2: "twice", 3: "three times", 4: "four times", 5: "five times", 6: "six times"}
    return words.get(int(n), f"{int(n)} times")


def risk_odds(risk: dict) -> str:
    """RISK THE FARM's odds in the sheet's words beside the exact figure that makes
    96.70%: 'about 1 time in 8 (exactly 1 in 7.52)'."""
    num, den = (int(v) for v in risk["chance"])
    return f"{risk['sheet_odds']} (exactly 1 in {den / num:.2f})"


def rules_sections() -> list[tuple[str, list[str]]]:
    pm = load()
    raw = pm.raw
    names = {s["id"]: s["name"] for s in raw["symbols"]}
    m = raw["modes"]
    rtp = f"{raw['rtp'] * 100:.2f}%"
    fs = raw["free_spins"]
    sg = raw["sticky_grid"]
    trig = {v: k for k, v in pm.tier_by_scatters.items()}
    pages = []
    pays = [f"{names[sid]}: " + ", ".join(f"{b} {x(v)}" for b, v in zip(BANDS, row))
            for sid, row in raw["pays_x100"].items()]
    pages.append(("Cluster pays", [
        f"{pm.shape.rows}x{pm.shape.cols} board, no paylines: {pm.min_cluster} or more matching symbols touching "
        "edge to edge pay anywhere; diagonals never connect. Pays by cluster size, as multiples of the total bet:",
        *pays,
        f"{names[pm.symbols[pm.wild]]} joins every cluster it touches (one wild can serve two clusters) but never "
        f"starts one: wilds alone pay nothing. The {names[pm.symbols[pm.scatter]]} never clusters.",
        "Tumble: winning clusters explode, survivors fall, fresh symbols drop in from the reel above, and the board "
        "pays again until no cluster forms. Every win in the chain adds up."]))
    wheel_lines = []
    for tier, slices in pm.wheel.tiers.items():
        total = sum(s.weight for s in slices)
        parts = []
        for s in slices:
            if s.kind == "coin":
                what = f"{x(s.value)} coins"
            elif s.kind == "upgrade":
                what = "UPGRADE to the next wheel"
            else:
                what = f"{fs['spins']} free spins at x{s.value}"
            parts.append(f"{what} ({s.weight / total:.1%})")
        wheel_lines.append(
            f"{tier.upper()} wheel ({trig[tier]}{'+' if tier == 'gold' else ''} windmills): " + "; ".join(parts)
        )
    pages.append(("THE FARM WHEEL", [
        f"{trig['bronze']}, {trig['silver']} or {trig['gold']}+ windmills on the board left when the tumbles end "
        "spin the bronze, silver or gold wheel. Coin slices pay at once; UPGRADE carries the spin to the next "
        "wheel; a free-spins slice starts free spins whose every win is multiplied by its start multiplier.",
        *wheel_lines]))
    pages.append(("Free spins and the sticky grid", [
        f"{fs['spins']} free spins; {fs['retrigger_scatters']} or more windmills add {fs['retrigger_spins']} more.",
        f"Sticky grid: a cell that takes part in a win becomes charged at x{sg['first_charge']}; every later win "
        f"on it multiplies its charge by {sg['growth']}, up to x{sg['cap']}. A cluster covering charged cells is "
        "multiplied by the sum of their charges, read before they bump; a cluster on no charged cell pays x1. "
        "The grid starts empty every free-spins round and never reaches the base game."]))
    hw = m["hog_wild"]["spawn_weights"]
    hw_total = sum(hw.values())
    gs = m["growing_season"]
    g = m["golden_egg_hunt"]
    e = m["egg_hunt"]
    r = m["risk_the_farm"]
    pages.append(
        (
            "Ante and buys",
            [
                f"{m['ante']['label']} ({x(m['ante']['cost_x100'])} per spin): stays armed until switched off. It spins its "
                f"own reels, which carry more windmills, so THE FARM WHEEL triggers {times(m['ante']['wheel_ratio'])} as often, "
                "and more stacked symbols, so that the boosted spin returns the same RTP on its higher price.",
                f"{m['wheel_buy']['label']} ({x(m['wheel_buy']['cost_x100'])}): one spin of THE FARM WHEEL at the base "
                "game's natural tier mix.",
                f"{m['free_spins']['label']} ({x(m['free_spins']['cost_x100'])}): {m['free_spins']['spins']} free spins on "
                "the base reels with the sticky grid.",
                f"{m['hog_wild']['label']} ({x(m['hog_wild']['cost_x100'])}): {m['hog_wild']['spins']} free spins on "
                "wild-rich reels with the sticky grid; before each spin pays, "
                + ", ".join(f"{k} extra wild{'s' if int(k) > 1 else ''} ({v / hw_total:.0%})" for k, v in hw.items())
                + " land on the board.",
                f"{gs['label']} ({x(gs['cost_x100'])}): {gs['spins']} spins, spin k pays xk "
                f"(x1 to x{gs['spins']}, {gs['spins'] * (gs['spins'] + 1) // 2} in all); windmills sleep: no wheel, no retrigger.",
                f"{g['label']} ({x(g['cost_x100'])}): {g['nests']} nests, at least {g['min_prizes']} prizes from "
                f"{x(min(g['ladder_x100']))} to {x(max(g['ladder_x100']))} each, until the rooster crows. Every reveal is "
                "decided before the first nest opens.",
                f"{e['label']} ({x(e['cost_x100'])}): the same hunt on a heavier ladder, {x(min(e['ladder_x100']))} to "
                f"{x(max(e['ladder_x100']))} a nest.",
                f"{r['label']} ({x(r['cost_x100'])}): pays {x(r['prize_x100'])} or nothing; it lands {risk_odds(r)}; "
                "exempt from the cap.",
            ],
        )
    )
    pages.append(("Return and limits", [
        f"Return to player {rtp} in every bet mode.",
        f"A round pays at most {x(pm.cap_x100)} the total bet; it ends at the cap with the cap paid "
        f"({r['label']} excepted). The base game reaches the maximum about 1 time in "
        f"{raw['book_forces_one_in']['base']['max_win']:,} rounds."]))
    return pages


def help_text() -> str:
    """All pages as plain text."""
    return "\n\n".join(t + "\n" + "\n".join(ps) for t, ps in rules_sections())


def _x(x100: int) -> str:
    return f"{x100 / 100:,g}x"


def help_pages() -> list[tuple[str, str]]:
    """The info screen's (title, text) pages; paragraphs separated by blank lines."""
    pm = load()
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
    return [
        (
            "How to play",
            f"A 7x7 board of {pm.shape.cells} cells. {pm.min_cluster} or more matching symbols touching edge to edge pay "
            "anywhere on the board; diagonals never connect.\n\n"
            f"{names[pm.symbols[pm.wild]]} is wild: it joins every cluster it touches but never starts one. "
            f"The {names[pm.symbols[pm.scatter]]} never clusters.\n\n"
            "Tumble: winning clusters explode, the symbols above fall into the gaps and new ones drop in from above. "
            "The board pays again for as long as new clusters form. Every win of the chain adds up; the Paytable "
            "page lists each symbol's pay by cluster size.",
        ),
        (
            "THE FARM WHEEL",
            f"Windmills left on the board when a spin's tumbles end: {tiers} (more than "
            f"{max(pm.tier_by_scatters)} also spins gold).\n\n"
            "Coin slices pay at once. UPGRADE carries the spin to the next wheel. FREE SPINS start "
            f"{fs['spins']} free spins with every win multiplied by the slice's start multiplier.\n\n"
            + "\n\n".join(wheel_lines),
        ),
        (
            "Free spins and the sticky grid",
            f"{fs['spins']} spins; {fs['retrigger_scatters']} or more windmills add {fs['retrigger_spins']} spins.\n\n"
            f"Sticky grid: a cell that takes part in a win is charged at x{grid['first_charge']}; every later win on it "
            f"multiplies its charge by {grid['growth']}, up to x{grid['cap']}. A cluster covering charged cells is "
            "multiplied by the SUM of their charges, read before they bump. The grid is cleared when the feature ends.",
        ),
        (
            "Buys and the ante",
            f"FARM WHEEL BOOST ({_x(modes['ante']['cost_x100'])} per spin): an ante that stays on until switched off; "
            f"more windmills, so THE FARM WHEEL triggers {times(modes['ante']['wheel_ratio'])} as often.\n\n"
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
            f"RISK THE FARM ({_x(risk['cost_x100'])}): one draw, {_x(risk['prize_x100'])} or nothing; it lands "
            f"{risk_odds(risk)}. It is the one mode exempt from the {_x(pm.cap_x100)} cap.",
        ),
    ]


def mode_descriptions() -> dict[str, str]:
    """What each way to play gives, in the sheet's words, every number from math.yaml."""
    pm = load()
    m = pm.raw["modes"]
    hw, gs, g, e, r = m["hog_wild"], m["growing_season"], m["golden_egg_hunt"], m["egg_hunt"], m["risk_the_farm"]
    spawn = [int(k) for k in hw["spawn_weights"]]
    num, den = (int(v) for v in r["chance"])
    return {
        "base": f"A spin of the {pm.shape.rows}x{pm.shape.cols} board; {pm.min_cluster} or more touching "
                "symbols pay.",
        "ante": "An ante, not a buy: a per-spin cost that stays on until switched off. It plays its own reels, "
                "with more windmills, so THE FARM WHEEL triggers more often.",
        "wheel_buy": "One guaranteed spin of THE FARM WHEEL at its natural tier mix, the closest buy to what the "
                     "base game hands out on its own.",
        "free_spins": f"Direct entry to {m['free_spins']['spins']} free spins on the base reels, sticky grid "
                      "multiplier active.",
        "hog_wild": f"{hw['spins']} free spins on wild-rich reels, with {min(spawn)} to {max(spawn)} extra wilds "
                    "spawning onto the board each spin, and the sticky grid running alongside.",
        "growing_season": f"{gs['spins']} spins under a multiplier that climbs with the spin number: spin 1 pays "
                          f"x1, spin {gs['spins']} pays x{gs['spins']}, {gs['spins'] * (gs['spins'] + 1) // 2}x "
                          "over the season. Windmills sleep: no wheel, no retrigger.",
        "golden_egg_hunt": f"{g['nests']} nests, at least {g['min_prizes']} prizes, from "
                           f"{x(min(g['ladder_x100']))} up to {x(max(g['ladder_x100']))} a nest, until the rooster "
                           "crows. Every reveal is decided before the first nest is opened.",
        "egg_hunt": f"The same hunt on a heavier ladder: {e['nests']} nests, at least {e['min_prizes']} prizes, "
                    f"{x(min(e['ladder_x100']))} up to {x(max(e['ladder_x100']))} each.",
        "risk_the_farm": f"One draw, two outcomes: the farm pays {x(r['prize_x100'])} the total bet or nothing "
                         f"at all, about 1 time in {den / num:.2f}. The one mode exempt from the "
                         f"{x(pm.cap_x100)} cap.",
    }


def describe_modes(modes: tuple[BetMode, ...]) -> tuple[BetMode, ...]:
    """The modes with what each gives (the buy menu, the bets page)."""
    text = mode_descriptions()
    return tuple(replace(mode, description=text.get(mode.id, mode.description)) for mode in modes)


def sections() -> dict[str, tuple[str, list[str]]]:
    """The illustrated rules pages' text, by key, from the sheet and math.yaml."""
    pm = load()
    raw = pm.raw
    names = symbol_names()
    fs, sg = raw["free_spins"], raw["sticky_grid"]
    trig = {v: k for k, v in pm.tier_by_scatters.items()}
    wild, scatter = names[pm.symbols[pm.wild]], names[pm.symbols[pm.scatter]]
    return {
        "board": (_("Cluster pays"), [
            _("{cells} cells, no paylines and no fixed direction: {least} or more matching symbols touching edge to "
              "edge pay anywhere on the board. Diagonals never connect.").format(cells=pm.shape.cells,
                                                                                 least=pm.min_cluster),
            _("Pays climb by cluster size: {bands} and {last}.").format(bands=", ".join(BANDS[:-1]), last=BANDS[-1])]),
        "wild": (wild, [_("Joins every cluster it touches (one wild can serve two clusters) but never starts one "
                          "of its own.")]),
        "scatter": (scatter, [_("Never clusters. {bronze}, {silver} or {gold} windmills spin THE FARM WHEEL.").format(
            bronze=trig["bronze"], silver=trig["silver"], gold=trig["gold"])]),
        "tumble": (_("Tumble"), [
            _("Every winning cluster explodes, the symbols above drop into the gaps and fresh ones fall in from "
              "above. The board pays again for as long as new clusters form; every win in the chain adds up.")]),
        "wheel": (_("THE FARM WHEEL"), [
            _("{bronze}, {silver} or {gold} or more windmills on the board left when a spin's tumbles end spin the "
              "bronze, silver or gold wheel.").format(bronze=trig["bronze"], silver=trig["silver"], gold=trig["gold"]),
            _("Coin slices pay at once; UPGRADE takes the spin on to the next wheel; a free-spins slice starts "
              "{spins} free spins with every win multiplied by its start multiplier.").format(spins=fs["spins"])]),
        "free_spins": (_("Free spins"), [
            _("{spins} spins; {scatters} or more windmills add {more} more.").format(
                spins=fs["spins"], scatters=fs["retrigger_scatters"], more=fs["retrigger_spins"])]),
        "sticky": (_("The sticky grid"), [
            _("Every cell that takes part in a win is charged at x{first} and stays charged for the rest of the "
              "round; every later win on it multiplies its charge by {growth}, up to x{cap}.").format(
                first=sg["first_charge"], growth=sg["growth"], cap=sg["cap"]),
            _("A cluster covering charged cells is multiplied by the sum of their charges, read before the cells "
              "bump; a cluster on no charged cell pays x1. The grid starts empty in every free-spins round and "
              "never reaches the base game.")]),
        "buys": (_("Buys and the ante"), [_("Buy a feature straight from the base game with the BUY button; the "
                                            "ante is switched on and off beside it.")]),
    }


def general_rules(money: Callable[[int], str] | None = None) -> list[tuple[str, str, list[str]]]:
    """The general information the other sheets give, for this game: (pictogram,
    title, paragraphs)."""
    pm = load()
    raw = pm.raw
    exempt = [m["label"] for m in raw["modes"].values() if m.get("cap_exempt")]
    cap = x(pm.cap_x100)
    return [
        ("recovery", _("Game recovery"), [
            _("If a round is interrupted, the game recovers it to the last known state when it starts again and "
              "pays it once.")]),
        ("limits", _("Win limit"), [
            _("A round pays at most {times} the total bet and ends at the cap with the cap paid ({modes} "
              "excepted).").format(times=cap, modes=", ".join(exempt)) if exempt else
            _("A round pays at most {times} the total bet and ends at the cap with the cap paid.").format(times=cap)]),
        ("payback", _("Payback"), [
            _("The theoretical return to player is {rtp} in every bet mode. The odds of any outcome are always the "
              "same.").format(rtp=formats.percent(Fraction(str(raw["rtp"])) * 100, 2))]),
        ("outcome", _("Outcomes"), [
            _("The outcome of every round is decided before it is shown: player choices (which nest to open) do "
              "not change it.")]),
        ("malfunction", _("Malfunction"), [_("Malfunction voids all pays and plays.")]),
    ]
