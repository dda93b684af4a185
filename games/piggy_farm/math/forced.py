"""Piggy Farm's round generator, play(rng, mode, force=None) -> Round (GameSpec.play):
a natural round is rules.py's; here are the categories a demo or a book forces.

The base-game demo forces (a wheel tier, a free-spins or coin slice) steer the spin
(forced_tops, the wheel's `accept`). The book categories draw natural rounds until
the category holds (rejection sampling: exactly the natural distribution given the
category). Every retry loop is a search of cabinet/core/forcing.py (each attempt on
its own sub-stream), so a book replays its kept attempts directly; the rare ones (a
wheel trigger, free spins that reach the cap) are decided in batches (search.py).
The book strata and their target frequencies are `book_forces`. The natural round
itself is rules.py's.
"""
from __future__ import annotations

from typing import Callable, cast

from cabinet.core.forcing import first_accepted, search
from cabinet.core.rng import Rng
from cabinet.core.round import Round, event
from cabinet.mechanics.pick import PickCondition, chance_of, draw_given

from . import events as E
from .feature_odds import tier_shares
from .rules import TOP_EGG_X100, Spin, base_spin, egg_hunt, farm_wheel, finish, free_spins, play_once, spin_once
from .rules import play as natural_play
from .search import capping, triggering, winning
from .tables import FOUND, PiggyMath, load

MAX_WIN_ATTEMPTS = 10_000_000   # free-spin rounds a max-win book may try (x1: about 1 in 65,000 caps)
HUGE_WIN_ATTEMPTS = 400_000_000  # bought rounds a huge-win book may try (about 1 in 5,000,000 reach it)
WHEEL_ATTEMPTS = 1_000_000      # base spins a wheel book may try (about 1 in 278 triggers)
FORCES = {
    "wheel_bronze": "THE FARM WHEEL: bronze", "wheel_silver": "THE FARM WHEEL: silver",
    "wheel_gold": "THE FARM WHEEL: gold", "free_spins": "Wheel lands on free spins",
    "coin_prize": "Wheel lands on a coin prize", "max_win": "Max win 50,000x", "wheel": "THE FARM WHEEL triggers",
    "free_spins_x5": "Wheel lands on FREE SPINS x5",
    "hunt_5000x": "EGG HUNT: a 5,000x egg", "risk_win": "RISK THE FARM won",
}
HUNTS = ("golden_egg_hunt", "egg_hunt")


def win_level_label(pm: PiggyMath, level: str = "big_win") -> str:
    """The demo menu's words for a win level ('big_win', 'huge_win'): the buys'
    thresholds, from math.yaml."""
    xs = sorted({int(x) for x in pm.raw.get(f"{level}_x", {}).values()})
    return f"{level.replace('_', ' ').capitalize()} of a buy ({' / '.join(f'{x:,}x' for x in xs)} its price)"


FORCES["big_win"] = win_level_label(load())
FORCES["huge_win"] = win_level_label(load(), "huge_win")
# Which modes each force applies to (the spin modes' forces steer base_spin; the
# others are searches over whole rounds).
FORCE_MODES = {"wheel_bronze": ("base", "ante"), "wheel_silver": ("base", "ante"), "wheel_gold": ("base", "ante"),
               "free_spins": ("base", "ante"), "coin_prize": ("base", "ante"), "max_win": ("base", "ante"),
               "wheel": ("base", "ante"), "free_spins_x5": ("base", "ante"),
               "hunt_5000x": HUNTS, "risk_win": ("risk_the_farm",),
               "big_win": tuple(load().raw.get("big_win_x", {})), "huge_win": tuple(load().raw.get("huge_win_x", {}))}
TIER_FORCES = {"wheel_bronze": "bronze", "wheel_silver": "silver", "wheel_gold": "gold"}


def forced_tops(sp: Spin, strips: str, scatters: int) -> list[int]:
    """Strip stops showing windmills on exactly `scatters` reels (a possible natural
    board, used to force a wheel tier for demos and books)."""
    pm = sp.pm
    reels = pm.strips[strips]
    rows = pm.shape.rows
    order = list(range(len(reels)))
    sp.rng.shuffle(order)
    with_ws = set(order[:scatters])
    tops = []
    for c, reel in enumerate(reels):
        n = len(reel)
        ok = [t for t in range(n) if (any(reel[(t + r) % n] == pm.scatter for r in range(rows))) == (c in with_ws)]
        tops.append(ok[sp.rng.below(len(ok))])
    return tops


def steered_spin(force: str):
    """The base (or ante) spin of a round forced into `force`: rules.base_spin with
    its trigger tier, its trigger spin and its wheel chosen for the category."""
    def spin(sp: Spin, strips: str) -> None:
        pm = sp.pm
        want, mult = TIER_FORCES.get(force), 0
        need = {v: k for k, v in pm.tier_by_scatters.items()}
        if force in ("free_spins", "coin_prize"):
            want = pm.tier_for(need["bronze"] + sp.rng.below(len(need)))
        elif force == "max_win":
            want, mult = max_win_path(sp)
        elif force == "free_spins_x5":
            want, mult = x5_tier(sp), 5
        if want is None:          # a force that does not steer the spin ("wheel": searched whole)
            return base_spin(sp, strips)
        if mult:                  # the natural spin given its tier (see natural_trigger)
            scatters = natural_trigger(sp, strips, want)
        else:
            scatters = _forced_spin(sp, strips, need[want], want)
        if sp.capped:
            return
        sp.events.append(event(E.WHEEL_TRIGGER, scatters=scatters, tier=want))
        if mult:                  # the wheel's chain given it ends on free spins at `mult`
            home = next(t for t, sl in pm.wheel.tiers.items()
                        if any(x.kind == "free_spins" and x.value == mult for x in sl))
            up = pm.wheel.upgrade_kind
            accept = lambda st: (st.slice.kind == "free_spins" and st.slice.value == mult if st.tier == home
                                 else st.slice.kind == up)
            farm_wheel(sp, want, accept, capped_free_spins if force == "max_win" else None)
        elif force == "free_spins":
            farm_wheel(sp, want, lambda st: st.slice.kind != "coin")
        elif force == "coin_prize":
            farm_wheel(sp, want, lambda st: st.slice.kind != "free_spins")
        else:
            farm_wheel(sp, want)
    return spin


def free_spins_tiers(pm: PiggyMath, mode: str, mult: int) -> dict[str, float]:
    """Per trigger tier, P(a spin of `mode` triggers it and its wheel ends on FREE SPINS
    x`mult`): the tier's trigger rate (math.yaml wheel_tier_one_in, from
    tools/wheel_rate.py) x the exact odds of the wheel's chain from it (upgrades
    included) ending on that slice (feature_odds.tier_shares)."""
    return {tier: tier_shares(pm, tier).get(f"free_spins_x{mult}", 0.0) / float(one_in)
            for tier, one_in in pm.raw["wheel_tier_one_in"][mode].items()}


def x5_weights(pm: PiggyMath, mode: str) -> tuple[list[str], list[int]]:
    """The trigger tiers of a round whose wheel ends on FREE SPINS x5 and their shares
    (free_spins_tiers, in millionths), computed once per math file and mode."""
    cache = pm.__dict__.setdefault("_x5_weights", {})
    got = cache.get(mode)
    if got is None:
        shares = free_spins_tiers(pm, mode, 5)
        total = sum(shares.values())
        got = cache[mode] = (list(shares), [round(1_000_000 * v / total) for v in shares.values()])
    return got


def x5_tier(sp: Spin) -> str:
    """The trigger tier of a round whose wheel ends on FREE SPINS x5 (the forced
    stratum that holds most top awards), drawn by the rules' shares."""
    tiers, weights = x5_weights(sp.pm, sp.mode)
    return tiers[sp.rng.weighted(weights)]


def max_win_path(sp: Spin) -> tuple[str, int]:
    """The path of a round that reaches the cap: the tier its spin triggers and the
    multiplier of the free spins its wheel ends on, drawn by the rules' shares of
    capped rounds (math.yaml max_win_paths, from tools/top_odds.py)."""
    paths = sp.pm.raw["max_win_paths"][sp.mode]
    name = list(paths)[sp.rng.weighted([int(v) for v in paths.values()])]
    tier, mult = name.split(" x")
    return tier, int(mult)


def natural_trigger(sp: Spin, strips: str, tier: str) -> int:
    """A natural spin that triggers `tier`, by rejection (tumble-in triggers included,
    unlike forced_tops): the first such attempt is found in batches (search.py) and
    played with its events. Returns its windmills."""
    sub = first_accepted(sp.rng, triggering(sp.pm, strips, tier), MAX_WIN_ATTEMPTS, f"a {tier} wheel trigger",
                         streams=True, found=FOUND)
    outer, sp.rng = sp.rng, sub
    try:
        _, scatters = spin_once(sp, strips, "base")
    finally:
        sp.rng = outer
    if sp.pm.tier_for(scatters) != tier or sp.capped:
        raise RuntimeError(f"a spin triggered {tier} in the batch engine but not in play")
    return scatters


def capped_free_spins(sp: Spin, mult: int) -> None:
    """The max-win force's free spins: a natural round at `mult` that reaches the cap,
    by rejection (so exactly the natural round given the cap): the first capping
    attempt is found in batches (search.py), then played with its events."""
    fs = sp.pm.raw["free_spins"]
    sub = first_accepted(sp.rng, capping(sp.pm, mult, cast(int, sp.cap) - sp.total), MAX_WIN_ATTEMPTS,
                         f"a capped free-spins round at x{mult}", streams=True, found=FOUND)
    outer, sp.rng = sp.rng, sub
    try:
        free_spins(sp, "free_spins", int(fs["spins"]), fs["strips"], mult)
    finally:
        sp.rng = outer
    if not sp.capped:
        raise RuntimeError("a free-spins attempt capped in the batch engine but not in play")


def _forced_spin(sp: Spin, strips: str, scatters: int, want: str) -> int:
    """A base spin whose final board triggers tier `want` (a search: a forced trigger
    that tumbles into another tier is drawn again); returns its windmills."""
    outer, mark = sp.rng, len(sp.events)

    def attempt(sub: Rng):
        sp.rng = sub
        try:
            _, got = spin_once(sp, strips, "base", tops=forced_tops(sp, strips, scatters))
        finally:
            sp.rng = outer
        if sp.pm.tier_for(got) == want and not sp.capped:
            return got
        del sp.events[mark:]
        sp.total, sp.capped = 0, False
        return None
    return search(outer, attempt, 10_000, f"a {want} wheel trigger")


def hunt_condition(pm: PiggyMath, mode: str, force: str) -> PickCondition:
    """The hunt rounds of a book category: 'big_win', a total of the mode's big win or
    more; 'hunt_5000x', a 5,000x egg in a round below it (big_win is listed first)."""
    big = pm.big_win_x100(mode)
    if force == "big_win":
        return PickCondition(lo=cast(int, big))
    return PickCondition(hi=big, top=TOP_EGG_X100)


def hunt_given(pm: PiggyMath, rng: Rng, mode: str, force: str) -> Spin:
    """A hunt drawn from its law given the category (cabinet/mechanics/pick.py
    draw_given: the prize count, then each prize, weighted by the chance that the
    round still ends in the category): exact, with no search."""
    sp = Spin(pm, rng, mode)
    egg_hunt(sp, draw_given(pm.hunt(mode), rng, hunt_condition(pm, mode, force)))
    return sp


def level_search(pm: PiggyMath, mode: str, level: str) -> tuple[Callable, int, str]:
    """(accepts, attempt limit, words) of the search for a free-spins buy that wins its
    win level (big_win, huge_win) or more and no higher level the mode has (that one
    is listed before, its own stratum)."""
    levels = pm.win_levels(mode)
    above = [x for x in levels.values() if x > levels[level]]
    limit = HUGE_WIN_ATTEMPTS if level == "huge_win" else MAX_WIN_ATTEMPTS
    return (winning(pm, mode, levels[level], min(above) if above else None), limit,
            f"a {level.replace('_', ' ')} in {mode}")


def big_buy(pm: PiggyMath, rng: Rng, mode: str, level: str = "big_win") -> Spin:
    """A free-spins buy in its win-level category (level_search): a natural round by
    rejection, the first such attempt found in batches (search.winning; the slowest
    searches' results are recorded in found.json and checked, cabinet/core/found_searches.py),
    then played with its events."""
    accepts, limit, what = level_search(pm, mode, level)
    sub = first_accepted(rng, accepts, limit, what, streams=True, found=FOUND)
    sp = play_once(pm, sub, mode)
    levels = pm.win_levels(mode)
    got = finish_features(sp)
    if level not in got or any(f in got for f, x in levels.items() if x > levels[level]):
        raise RuntimeError(f"a {mode} round reached its {level} in the batch engine but not in play")
    return sp


def finish_features(sp: Spin) -> set[str]:
    """The features `finish` gives a played Spin (its payout against the big win)."""
    payout = min(sp.total, sp.cap) if sp.cap is not None else sp.total
    return sp.features | {f for f, x in sp.pm.win_levels(sp.mode).items() if payout >= x}


def force_met(sp: Spin, force: str | None) -> bool:
    """Whether a drawn round is in the forced category and in no book category listed
    before it (else play draws another): the strata max win, FREE SPINS x5, wheel
    (book_forces) stay disjoint, so each stratum's books are its rounds only."""
    if force == "max_win":
        return sp.capped
    if force in ("hunt_5000x", "risk_win", "big_win", "huge_win"):
        return force in finish_features(sp)
    if force == "free_spins_x5":
        return not sp.capped
    if force == "wheel":
        return not sp.capped and "free_spins_x5" not in sp.features
    return True             # a demo force the spin has already steered


def play(rng: Rng, mode: str, force: str | None = None) -> Round:
    """One round of `mode`, decided in full; `force` picks a category (FORCES)."""
    if force is None:
        return natural_play(rng, mode)
    pm = load()
    if force not in FORCES:
        raise KeyError(f"unknown force {force!r}; known: {sorted(FORCES)}")
    if mode not in FORCE_MODES[force]:
        raise ValueError(f"force {force!r} applies to {' and '.join(FORCE_MODES[force])} only")
    spin = steered_spin(force) if mode in ("base", "ante") else None

    def attempt(sub: Rng) -> Spin | None:
        got = play_once(pm, sub, mode, spin)
        return got if force_met(got, force) else None
    def wheel_attempt(sub: Rng) -> Spin | None:     # a natural round given the trigger: its first spin decides
        trigger = first_accepted(sub, triggering(pm, pm.mode(mode)["strips"]), WHEEL_ATTEMPTS, "a wheel trigger",
                                 streams=True, found=FOUND)
        got = play_once(pm, trigger, mode)
        return got if force_met(got, force) else None
    if force == "wheel":
        sp = search(rng, wheel_attempt, 10_000, f"a wheel round in {mode} (no cap, no FREE SPINS x5)")
    elif mode in HUNTS:
        sp = hunt_given(pm, rng, mode, force)
    elif force in ("big_win", "huge_win"):
        sp = big_buy(pm, rng, mode, force)
    elif force in ("max_win", "risk_win", "free_spins_x5"):      # whole rounds, until one is in the category
        sp = search(rng, attempt, 1_000_000, f"{force} in {mode}")
    else:
        sp = play_once(pm, rng, mode, spin)
    return finish(sp)


def book_forces() -> dict[str, dict[str, float]]:
    """The book builder's forced categories per mode, as target frequencies per round:
    the math file's 1-in-N figures (THE FARM WHEEL: the base rate, the ante's exactly
    wheel_ratio times it; the cap), the wheel ending on FREE SPINS x5 from the tier
    rates and the exact slice odds, and the exact natural frequencies of the hunts' top
    egg and of RISK THE FARM's win (so those strata carry no sampling noise). A
    stratum holds the rounds of its category and of no category listed before it:
    max win, then FREE SPINS x5 (less its capped rounds, by max_win_paths' shares),
    then the other wheel rounds."""
    pm = load()
    raw = pm.raw
    forces = {mode: {cat: 1.0 / float(n) for cat, n in cats.items()} for mode, cats in raw["book_forces_one_in"].items()}
    wheel = forces["base"].pop("wheel")
    for mode, rate in (("base", wheel), ("ante", wheel * float(raw["modes"]["ante"]["wheel_ratio"]))):
        cats = forces.setdefault(mode, {})
        top = cats.get("max_win", 0.0)
        paths = raw["max_win_paths"][mode]
        capped_x5 = top * sum(v for k, v in paths.items() if k.endswith(" x5")) / sum(paths.values())
        cats["free_spins_x5"] = sum(free_spins_tiers(pm, mode, 5).values()) - capped_x5
        cats["wheel"] = rate - top - cats["free_spins_x5"]
    for hunt in HUNTS:
        game = pm.hunt(hunt)
        big = {"big_win": chance_of(game, hunt_condition(pm, hunt, "big_win"))} if pm.big_win_x100(hunt) else {}
        forces[hunt] = big | {"hunt_5000x": chance_of(game, hunt_condition(pm, hunt, "hunt_5000x"))}
    num, den = (int(x) for x in raw["modes"]["risk_the_farm"]["chance"])
    forces["risk_the_farm"] = {"risk_win": num / den}
    return forces
