"""Piggy Farm's round generator: play(rng, mode, force=None) -> Round.

Deterministic in its Rng. Every number comes from math.yaml (tables.py); the cluster
finding, tumble, wheel and pick game are the shared mechanisms of cabinet/mechanics
(the board itself is board.py's columns and bitboards). The event names and payloads
are listed in events.py. The vectorised simulator in sim.py is the same rules written
for many rounds at once (tests compare the two). Forced categories that take many
attempts (a wheel trigger, a round that reaches the cap) are natural rounds given the
category: attempts on their own sub-streams, decided in batches (search.py).
"""
from __future__ import annotations

from cabinet.core.forcing import first_accepted, search
from cabinet.core.rng import Rng
from cabinet.core.round import Round, event
from cabinet.mechanics.clusters import find_clusters
from cabinet.mechanics.pick import assign_nests

from . import events as E
from .board import Board, layout
from .search import capping, triggering
from .tables import PiggyMath, load

VERSION = "2"          # 2: pays of 0.05x, the wheel and free spins that reach 50,000x naturally
MAX_WIN_ATTEMPTS = 10_000_000   # free-spin rounds a max-win book may try (x1: about 1 in 65,000 caps)
WHEEL_ATTEMPTS = 1_000_000      # base spins a wheel book may try (about 1 in 278 triggers)
FORCES = {
    "wheel_bronze": "THE FARM WHEEL: bronze", "wheel_silver": "THE FARM WHEEL: silver",
    "wheel_gold": "THE FARM WHEEL: gold", "free_spins": "Wheel lands on free spins",
    "coin_prize": "Wheel lands on a coin prize", "max_win": "Max win 50,000x", "wheel": "THE FARM WHEEL triggers",
    "free_spins_x5": "Wheel lands on FREE SPINS x5",
    "hunt_5000x": "EGG HUNT: a 5,000x egg", "risk_win": "RISK THE FARM won",
}
# Which modes each force applies to. The base-game forces steer the spin (wheel.py's
# accept, forced_tops); the others draw whole natural rounds until the category holds
# (rejection sampling: exactly the natural distribution given the category). Every
# retry loop is a search of cabinet/core/forcing.py (each attempt on its own
# sub-stream), so a book replays its kept attempts directly.
FORCE_MODES = {"wheel_bronze": ("base", "ante"), "wheel_silver": ("base", "ante"), "wheel_gold": ("base", "ante"),
               "free_spins": ("base", "ante"), "coin_prize": ("base", "ante"), "max_win": ("base", "ante"),
               "wheel": ("base", "ante"), "free_spins_x5": ("base", "ante"),
               "hunt_5000x": ("golden_egg_hunt", "egg_hunt"), "risk_win": ("risk_the_farm",)}
TOP_EGG_X100 = 500000


class Spin:
    """Per-round working state: the board, strip positions, running total, events."""

    def __init__(self, pm: PiggyMath, rng: Rng, mode: str):
        self.pm, self.rng, self.mode = pm, rng, mode
        self.events: list[dict] = []
        self.features: set[str] = set()
        self.total = 0
        self.capped = False
        self.cap = None if pm.mode(mode).get("cap_exempt") else pm.cap_x100

    def add(self, win: int) -> None:
        self.total += win
        if self.cap is not None and self.total >= self.cap and not self.capped:
            self.capped = True
            self.events.append(E.cap(cap_x100=self.cap))

    def ids(self, board: list[list[int]]) -> list[list[str]]:
        return [[self.pm.symbols[s] for s in row] for row in board]


def drop(sp: Spin, strips: str, phase: str, tops: list[int] | None = None) -> Board:
    """Draw a stop per reel (unless given) and show the window; emits BOARD. The seven
    stops are one draw of the generator with the seven reel lengths as bounds: the
    same numbers as seven `below(length)` calls in turn."""
    lay = layout(sp.pm)
    if tops is None:
        tops = sp.rng.gen.integers(0, lay.bounds[strips]).tolist()
    board = lay.drop(strips, tops)
    sp.events.append(event(E.BOARD, phase=phase, strips=strips, tops=list(tops), board=board.ids()))
    return board


def masks(pm: PiggyMath, board: list[list[int]]) -> tuple[dict[int, int], int, int]:
    """(pay symbol -> cell mask, wild mask, scatter mask) of one board (rows)."""
    m = Board.of_rows(layout(pm), "", board, [0] * pm.shape.cols).masks()
    return {s: m[s] for s in pm.pay_ids}, m[pm.wild], m[pm.scatter]


def bump(pm: PiggyMath, grid: list[int], mask: int) -> None:
    """Charge / bump every cell of `mask` once (the sticky-grid rule of math.yaml)."""
    rule = pm.raw["sticky_grid"]
    first, growth, top = int(rule["first_charge"]), int(rule["growth"]), int(rule["cap"])
    for i in layout(pm).index(mask):
        g = grid[i]
        grid[i] = first if g == 0 else min(g * growth, top)


def chain(sp: Spin, board: Board, grid: list[int] | None = None, multiplier: int = 1) -> tuple[int, list[int]]:
    """Evaluate, pay, explode and refill until no cluster forms (or the cap); `board`
    is updated in place.

    `grid` is the sticky grid (flat, row-major) or None; `multiplier` the round's
    fixed factor (free-spins start multiplier x growing-season spin number).
    Returns the chain's win and the final board's symbol masks."""
    pm, lay, won = sp.pm, board.lay, 0
    pay_ids, wild, shape, least = lay.pay_ids, pm.wild, pm.shape, pm.min_cluster
    names, pay, band = lay.names, lay.pay, lay.band
    while True:
        m = board.masks()
        if sp.capped:
            return won, m
        clusters = find_clusters({s: m[s] for s in pay_ids}, m[wild], shape, least)
        if not clusters:
            return won, m
        union = drop_win = 0
        for cl in clusters:
            grid_sum = sum(grid[i] for i in lay.index(cl.mask)) if grid is not None else 0
            mult = max(grid_sum, 1) * multiplier
            p = pay[cl.symbol][cl.size]
            sp.events.append(E.cluster_win(symbol=names[cl.symbol], size=cl.size, band=band[cl.size],
                                           cells=lay.cells(cl.mask), pay_x100=p,
                                           grid_sum=grid_sum, multiplier=mult, win_x100=p * mult))
            drop_win += p * mult
            union |= cl.mask
        if grid is not None:
            bump(pm, grid, union)
            cols = shape.cols
            sp.events.append(event(E.STICKY_GRID, values=[grid[r * cols:(r + 1) * cols] for r in range(shape.rows)]))
        won += drop_win
        sp.add(drop_win)
        if sp.capped:
            return won, board.masks()
        falls, refills = board.tumble(union)
        sp.events.append(event(E.TUMBLE, removed=lay.cells(union), falls=falls, refills=refills,
                               tops=list(board.tops), board=board.ids()))


def tumble_chain(sp: Spin, strips: str, board: list[list[int]], tops: list[int],
                 grid: list[int] | None = None, multiplier: int = 1) -> tuple[int, list[list[int]]]:
    """`chain` on a hand-built board given as rows, with its strip stops (`tops` is
    updated in place); returns the chain's win and the final board as rows."""
    b = Board.of_rows(layout(sp.pm), strips, board, tops)
    won, _ = chain(sp, b, grid, multiplier)
    tops[:] = b.tops
    return won, b.rows()


def spin_once(sp: Spin, strips: str, phase: str, grid=None, multiplier: int = 1, tops=None) -> tuple[int, int]:
    """One spin with its whole tumble chain; returns (win, windmills on the final board)."""
    board = drop(sp, strips, phase, tops)
    if phase == "hog_wild":
        spawn_wilds(sp, board)
    win, m = chain(sp, board, grid, multiplier)
    scat = m[sp.pm.scatter]
    sp.events.append(event(E.SPIN_END, win_x100=win, total_x100=sp.total, scatters=scat.bit_count(),
                           scatter_cells=board.lay.cells(scat)))
    return win, scat.bit_count()


def spawn_wilds(sp: Spin, board: Board) -> None:
    """HOG WILD: 1 to 3 extra wilds land on cells holding neither a wild nor a windmill."""
    pm = sp.pm
    weights = pm.mode("hog_wild")["spawn_weights"]
    counts = [int(k) for k in weights]
    k = counts[sp.rng.weighted([int(v) for v in weights.values()])]
    rows, cols = pm.shape.rows, pm.shape.cols
    free = [(r, c) for r in range(rows) for c in range(cols) if board.cols[c][r] not in (pm.wild, pm.scatter)]
    cells = []
    for _ in range(min(k, len(free))):
        r, c = free.pop(sp.rng.below(len(free)))
        board.put(r, c, pm.wild)
        cells.append([r, c])
    sp.events.append(event(E.WILD_SPAWN, cells=cells, board=board.ids()))


def free_spins(sp: Spin, kind: str, spins: int, strips: str, start_multiplier: int = 1) -> int:
    """A free-spins round: 'free_spins' / 'hog_wild' (sticky grid, retriggers) or
    'growing_season' (spin k pays xk, windmills asleep). Returns its win."""
    pm = sp.pm
    sticky = kind != "growing_season"
    grid = [0] * pm.shape.cells if sticky else None     # a fresh grid every round: nothing leaks
    fs = pm.raw["free_spins"]
    sp.features.add(kind)
    sp.events.append(event(E.FREE_SPINS_START, feature=kind, spins=spins, start_multiplier=start_multiplier,
                           sticky=sticky, strips=strips))
    won, i = 0, 0
    while i < spins and not sp.capped:
        i += 1
        mult = start_multiplier * (i if kind == "growing_season" else 1)
        sp.events.append(event(E.FREE_SPIN, index=i, of=spins, multiplier=mult))
        win, scatters = spin_once(sp, strips, kind, grid, mult)
        won += win
        if sticky and not sp.capped and scatters >= int(fs["retrigger_scatters"]):
            spins += int(fs["retrigger_spins"])
            sp.features.add("retrigger")
            sp.events.append(event(E.RETRIGGER, added=int(fs["retrigger_spins"]), of=spins, scatters=scatters))
    sp.events.append(event(E.FREE_SPINS_END, win_x100=won))
    return won


def farm_wheel(sp: Spin, tier: str, accept=None, award=None) -> None:
    """Spin THE FARM WHEEL from `tier` (following upgrades) and award the final slice.
    `award(sp, multiplier)`, if given, plays the free spins a free-spins slice starts
    (the max-win force's search); by default one natural round."""
    pm = sp.pm
    stops = pm.wheel.spin(sp.rng, tier, accept)
    sp.features.update({"wheel", f"wheel_{tier}"})
    if len(stops) > 1:
        sp.features.add("upgrade")
    for st in stops:
        sp.events.append(event(E.WHEEL_SPIN, tier=st.tier, index=st.index, slice_kind=st.slice.kind, value=st.slice.value,
                               label=st.slice.label, upgrade=st.slice.kind == pm.wheel.upgrade_kind))
    last = stops[-1]
    if last.slice.kind == "coin":
        sp.features.add("coin_prize")
        sp.events.append(event(E.COIN_PRIZE, tier=last.tier, win_x100=int(last.slice.value)))
        sp.add(int(last.slice.value))
    elif last.slice.kind == "free_spins":
        sp.features.add(f"free_spins_x{int(last.slice.value)}")
        fs = pm.raw["free_spins"]
        if award is not None:
            award(sp, int(last.slice.value))
        else:
            free_spins(sp, "free_spins", int(fs["spins"]), fs["strips"], int(last.slice.value))
    else:
        raise ValueError(f"unknown wheel slice kind {last.slice.kind!r}")


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


def base_spin(sp: Spin, strips: str, force: str | None) -> None:
    """A base (or ante) spin: tumble chain, then THE FARM WHEEL on 3+ windmills."""
    pm = sp.pm
    want = {"wheel_bronze": "bronze", "wheel_silver": "silver", "wheel_gold": "gold"}.get(force or "")
    need = {v: k for k, v in pm.tier_by_scatters.items()}
    if force in ("free_spins", "coin_prize"):
        want = pm.tier_for(need["bronze"] + sp.rng.below(len(need)))
    elif force == "max_win":
        want, mult = max_win_path(sp)
    elif force == "free_spins_x5":
        want, mult = x5_tier(sp), 5
    if want is None:
        _, scatters = spin_once(sp, strips, "base")
        tier = pm.tier_for(scatters)
    elif force in ("max_win", "free_spins_x5"):     # the natural spin given its tier (see natural_trigger)
        scatters, tier = natural_trigger(sp, strips, want), want
    else:
        scatters, tier = _forced_spin(sp, strips, need[want], want)
    if tier is None or sp.capped:
        return
    sp.events.append(event(E.WHEEL_TRIGGER, scatters=scatters, tier=tier))
    accept = None
    if force == "free_spins":
        accept = lambda st: st.slice.kind != "coin"
    elif force == "coin_prize":
        accept = lambda st: st.slice.kind != "free_spins"
    elif force in ("max_win", "free_spins_x5"):   # the wheel's chain given it ends on free spins at `mult`
        home = next(t for t, sl in pm.wheel.tiers.items() if any(x.kind == "free_spins" and x.value == mult for x in sl))
        up = pm.wheel.upgrade_kind
        accept = lambda st: (st.slice.kind == "free_spins" and st.slice.value == mult if st.tier == home
                             else st.slice.kind == up)
        farm_wheel(sp, tier, accept, capped_free_spins if force == "max_win" else None)
        return
    farm_wheel(sp, tier, accept)


def free_spins_tiers(pm: PiggyMath, mode: str, mult: int) -> dict[str, float]:
    """Per trigger tier, P(a spin of `mode` triggers it and its wheel ends on FREE SPINS
    x`mult`): the tier's trigger rate (math.yaml wheel_tier_one_in, from
    tools/wheel_rate.py) x the exact odds of the wheel's chain from it (upgrades
    included) ending on that slice."""
    out = {}
    for tier, one_in in pm.raw["wheel_tier_one_in"][mode].items():
        odds = pm.wheel.outcome_odds(tier)
        lands = sum(p for (t, j), p in odds.items()
                    if pm.wheel.tiers[t][j].kind == "free_spins" and int(pm.wheel.tiers[t][j].value) == mult)
        out[tier] = float(lands) / float(one_in)
    return out


def x5_tier(sp: Spin) -> str:
    """The trigger tier of a round whose wheel ends on FREE SPINS x5 (the forced
    stratum that holds most top awards), drawn by the rules' shares
    (free_spins_tiers, in millionths)."""
    shares = free_spins_tiers(sp.pm, sp.mode, 5)
    total = sum(shares.values())
    tiers = list(shares)
    return tiers[sp.rng.weighted([round(1_000_000 * v / total) for v in shares.values()])]


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
    sub = first_accepted(sp.rng, triggering(sp.pm, strips, tier), MAX_WIN_ATTEMPTS, f"a {tier} wheel trigger")
    outer, sp.rng = sp.rng, sub
    try:
        _, scatters = spin_once(sp, strips, "base")
    finally:
        sp.rng = outer
    return scatters


def capped_free_spins(sp: Spin, mult: int) -> None:
    """The max-win force's free spins: a natural round at `mult` that reaches the cap,
    by rejection (so exactly the natural round given the cap): the first capping
    attempt is found in batches (search.py), then played with its events."""
    fs = sp.pm.raw["free_spins"]
    sub = first_accepted(sp.rng, capping(sp.pm, mult, sp.cap - sp.total), MAX_WIN_ATTEMPTS,
                         f"a capped free-spins round at x{mult}")
    outer, sp.rng = sp.rng, sub
    try:
        free_spins(sp, "free_spins", int(fs["spins"]), fs["strips"], mult)
    finally:
        sp.rng = outer
    if not sp.capped:
        raise RuntimeError("a free-spins attempt capped in the batch engine but not in play")


def _forced_spin(sp: Spin, strips: str, scatters: int, want: str) -> tuple[int, str]:
    """A base spin whose final board triggers tier `want` (a search: a forced trigger
    that tumbles into another tier is drawn again)."""
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
    return search(outer, attempt, 10_000, f"a {want} wheel trigger"), want


def egg_hunt(sp: Spin) -> None:
    """GOLDEN EGG HUNT / EGG HUNT: every reveal drawn before the first nest opens."""
    pm = sp.pm
    hunt = pm.hunt(sp.mode)
    reveals = hunt.draw(sp.rng)
    nests = assign_nests(sp.rng, hunt.nests, reveals)
    sp.events.append(event(E.HUNT_START, nests=hunt.nests, min_prizes=hunt.min_prizes, ladder_x100=sorted(hunt.ladder)))
    found = 0
    for k, (prize, nest) in enumerate(zip(reveals, nests), start=1):
        if prize is not None:
            found += 1
            if prize >= TOP_EGG_X100:
                sp.features.add("hunt_5000x")
        sp.events.append(event(E.HUNT_REVEAL, pick=k, nest=nest, prize_x100=prize, rooster=prize is None,
                               total_x100=sp.total + (prize or 0)))
        if prize is not None:
            sp.add(prize)
            if sp.capped:
                break
    sp.features.add("hunt_prizes")
    sp.events.append(event(E.HUNT_END, prizes=found, total_x100=min(sp.total, pm.cap_x100)))


def play_once(pm: PiggyMath, rng: Rng, mode: str, force: str | None) -> Spin:
    sp = Spin(pm, rng, mode)
    m = pm.mode(mode)
    if mode in ("base", "ante"):
        base_spin(sp, m["strips"], force)
    elif mode == "wheel_buy":
        tiers = m["tier_weights"]
        tier = list(tiers)[rng.weighted([int(v) for v in tiers.values()])]
        sp.events.append(event(E.WHEEL_TRIGGER, scatters=0, tier=tier))
        farm_wheel(sp, tier)
    elif mode in ("free_spins", "hog_wild", "growing_season"):
        free_spins(sp, mode, int(m["spins"]), m["strips"], int(m.get("start_multiplier", 1)))
    elif mode in ("golden_egg_hunt", "egg_hunt"):
        egg_hunt(sp)
    elif mode == "risk_the_farm":
        num, den = (int(x) for x in m["chance"])
        won = rng.chance(num, den)
        win = int(m["prize_x100"]) if won else 0
        if won:
            sp.features.add("risk_win")
        sp.events.append(event(E.RISK_DRAW, won=won, win_x100=win))
        sp.add(win)
    else:
        raise KeyError(f"piggy_farm has no mode {mode!r}")
    return sp


def force_met(sp: Spin, force: str | None) -> bool:
    """Whether a drawn round is in the forced category and in no book category listed
    before it (else play draws another): the strata max win, FREE SPINS x5, wheel
    (book_forces) stay disjoint, so each stratum's books are its rounds only."""
    if force == "max_win":
        return sp.capped
    if force in ("hunt_5000x", "risk_win"):
        return force in sp.features
    if force == "free_spins_x5":
        return not sp.capped
    if force == "wheel":
        return not sp.capped and "free_spins_x5" not in sp.features
    return True             # none, or a demo force base_spin has already steered


def play(rng: Rng, mode: str, force: str | None = None) -> Round:
    """One round of `mode`, decided in full; `force` picks a category (FORCES)."""
    pm = load()
    if force is not None and force not in FORCES:
        raise KeyError(f"unknown force {force!r}; known: {sorted(FORCES)}")
    if force is not None and mode not in FORCE_MODES[force]:
        raise ValueError(f"force {force!r} applies to {' and '.join(FORCE_MODES[force])} only")
    steer = force if mode in ("base", "ante") else None

    def attempt(sub: Rng) -> Spin | None:
        got = play_once(pm, sub, mode, steer)
        return got if force_met(got, force) else None
    def wheel_attempt(sub: Rng) -> Spin | None:     # a natural round given the trigger: its first spin decides
        trigger = first_accepted(sub, triggering(pm, pm.mode(mode)["strips"]), WHEEL_ATTEMPTS, "a wheel trigger")
        got = play_once(pm, trigger, mode, None)
        return got if force_met(got, force) else None
    if force == "wheel":
        sp = search(rng, wheel_attempt, 10_000, f"a wheel round in {mode} (no cap, no FREE SPINS x5)")
    elif force in ("max_win", "hunt_5000x", "risk_win", "free_spins_x5"):      # whole rounds, until one is in the category
        sp = search(rng, attempt, 1_000_000, f"{force} in {mode}")
    else:
        sp = play_once(pm, rng, mode, steer)
    payout = min(sp.total, sp.cap) if sp.cap is not None else sp.total
    if sp.capped:
        sp.features.update({"capped", "max_win"})
    sp.events.append(E.round_end(payout_x100=payout, capped=sp.capped))
    return Round(mode, payout, sp.events, tuple(sorted(sp.features)), sp.capped)


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
    for hunt in ("golden_egg_hunt", "egg_hunt"):
        forces[hunt] = {"hunt_5000x": float(pm.hunt(hunt).chance_of_prize_at_least(TOP_EGG_X100))}
    num, den = (int(x) for x in raw["modes"]["risk_the_farm"]["chance"])
    forces["risk_the_farm"] = {"risk_win": num / den}
    return forces
