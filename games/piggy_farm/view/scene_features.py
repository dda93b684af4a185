"""THE FARM WHEEL, the egg hunts and RISK THE FARM as steps: the part of Piggy Farm's
scene that presents the features (PiggyFarmScene mixes this in).

Like the rest of the scene, every step SETS state from its event. The hunt waits for
a pick (a click on a nest, or ARROWS and ENTER) and opens a nest by itself only after
AUTO_PICK seconds, counted down on screen (with no player to pick, under autoplay, a
recall or a showcase: AUTO_PICK_AUTOPLAY); the k-th nest opened shows the k-th reveal
decided by the round.
"""
from __future__ import annotations

from typing import Any, Protocol

import pygame

from cabinet.core.cabinet import PlayedRound
from cabinet.ui.autoplay import Autoplay
from cabinet.ui.moments import Moment, Moments
from cabinet.ui.presentation import Presentation, Step
from cabinet.ui.scene import Host
from cabinet.ui.timeline import Timeline, building

from ..math.tables import PiggyMath
from .board import BoardView
from .features import Banner, FarmWheel, HuntView, RiskView
from .layout import RECT

AUTO_PICK = 10.0         # seconds a nest waits for the player before opening itself (counted down)
AUTO_PICK_AUTOPLAY = 0.6  # ... while autoplay, a recall or a showcase runs (no player picks)
UPGRADE_COLORS = {"silver": (200, 220, 255), "gold": (255, 204, 77)}   # the wheel a spin moves on to


class FarmHost(Protocol):
    """What the feature steps read and set of the scene that presents them
    (PiggyFarmScene: its `build` and `_reset` say what each is)."""

    app: Host
    time: float
    pm: PiggyMath
    timeline: Timeline | None
    played: PlayedRound | None
    presentation: Presentation | None
    moments: Moments
    boardview: BoardView
    wheel: FarmWheel
    hunt: HuntView
    risk: RiskView
    banner: Banner
    hunt_choice: dict[int, int]
    _hunt_pick: int
    _wheel_back: tuple[Any, ...]
    autoplay: Autoplay | None
    recall_mode: bool
    showcase: list[str]

    def money(self, x100: int) -> str: ...
    def trigger_rects(self) -> list[pygame.Rect]: ...
    def _total_win(self, x100: int) -> None: ...
    def _pick(self, nest: int) -> None: ...


class FarmFeatures:
    """present_<event> methods and input for the wheel, the hunts and the barn, on a FarmHost."""

    def _hunt_key(self: FarmHost, action: str) -> None:
        host = self        # read and set through a local name: mypy checks them against FarmHost
        if action == "select":
            if host.hunt.cursor not in host.hunt.opened:
                host._pick(host.hunt.cursor)
            return
        step = {"left": -1, "right": 1, "up": -4, "down": 4}[action]
        host.hunt.cursor = (host.hunt.cursor + step) % 12

    def _pick(self: FarmHost, nest: int) -> None:
        """The player chose a nest: it opens now (the waiting step ends early)."""
        host = self        # read and set through a local name: mypy checks them against FarmHost
        pres = host.presentation
        if pres is None or pres.current is None or not pres.current.label.startswith("nest"):
            return
        host.hunt_choice[host._hunt_pick] = nest
        pres.elapsed = max(pres.elapsed, pres.current.duration)   # the next advance finishes it

    # -- building the timeline -------------------------------------------------------
    def present_wheel_trigger(self: FarmHost, ev) -> list[Step]:
        """Windmills (or the buy) announce THE FARM WHEEL, then the tier's wheel shows."""
        host = self        # read and set through a local name: mypy checks them against FarmHost
        tier = ev["tier"]
        sub = f"{ev['scatters']} windmills" if ev["scatters"] else "FARM WHEEL BUY"

        def start() -> None:
            host.banner.set("THE FARM WHEEL!", f"{sub} - {tier.upper()} wheel", (120, 210, 255))

        def show() -> None:
            host.banner.set()
            host.wheel.tier, host.wheel.result_text = tier, ""
            host.wheel.views[tier].highlight = False

        cover, uncover = host.moments.transition(
            "THE FARM WHEEL", f"{sub} - {tier.upper()} wheel", host.trigger_rects(), (120, 210, 255)
        )
        return [Step(1.0, start=start, end=host.banner.set, label="wheel trigger", sound="bonus"), cover,
                Step(0.0, start=show, label="wheel shows"), uncover]

    def present_wheel_spin(self: FarmHost, ev) -> list[Step]:
        """One wheel stop: a decelerating spin onto a wedge of the event's slice, then UPGRADE or the result."""
        host = self        # read and set through a local name: mypy checks them against FarmHost
        tier = ev["tier"]
        wedge = host.wheel.wedge_for(tier, ev["index"], building(host.timeline).index + ev["index"])
        view = host.wheel.views[tier]
        offset = ((building(host.timeline).index * 37) % 7 - 3) / 10.0
        spin = view.spin_step(wedge, seconds=4.2, label=f"wheel spin {tier}", sound="pf_wheel", offset=offset)
        inner_start = spin.start
        assert inner_start is not None                 # a wheel's spin step starts the wheel

        def start() -> None:
            host.wheel.tier, host.wheel.result_text = tier, ""
            inner_start()
        spin.start = start
        steps = [spin]
        if ev["upgrade"]:
            nxt = host.pm.wheel.next_tier(tier)
            steps.append(Step(1.3, start=lambda: setattr(host.wheel, "result_text", f"UPGRADE!  on to {nxt.upper()}"),
                              label="wheel upgrade", sound="bonus"))
            steps.append(host.moments.step(Moment("wheel_upgrade", "WHEEL UPGRADE!",
                                                  f"{tier.upper()} wheel -> {nxt.upper()} wheel",
                                                  color=UPGRADE_COLORS.get(nxt, (255, 204, 77))),
                                           label="moment wheel upgrade"))
        else:
            text = (
                f"FREE SPINS  x{int(ev['value'])}" if ev["slice_kind"] == "free_spins" else f"{ev['label']} COIN PRIZE"
            )
            steps.append(Step(1.2, start=lambda: setattr(host.wheel, "result_text", text), label="wheel result",
                              sound="pf_ding"))
        return steps

    def present_coin_prize(self: FarmHost, ev) -> list[Step]:
        """The coin slice pays: the amount under the wheel, the round total in the WIN meter."""
        host = self        # read and set through a local name: mypy checks them against FarmHost
        total = building(host.timeline).win(ev["win_x100"])

        def start() -> None:
            host.wheel.result_text = f"{ev['win_x100'] / 100:,g}x = {host.money(ev['win_x100'])}"
            host._total_win(total)
        return [Step(1.6, start=start, label="coin prize", sound="coin")]

    def present_hunt_start(self: FarmHost, ev) -> list[Step]:
        """The twelve closed nests appear."""
        host = self        # read and set through a local name: mypy checks them against FarmHost
        played = host.played
        assert played is not None                      # the round being presented
        title = "GOLDEN EGG HUNT" if played.mode == "golden_egg_hunt" else "EGG HUNT"

        ladder = ev["ladder_x100"]

        def start() -> None:
            host.hunt.active, host.hunt.title, host.hunt.opened, host.hunt.last = True, title, {}, None
            host.hunt.ended = False
            host.hunt.ladder = (min(ladder), max(ladder), ev["min_prizes"])
        cover, uncover = host.moments.transition(title, f"{ev['nests']} nests, at least {ev['min_prizes']} prizes",
                                                 host.trigger_rects(), (255, 214, 110))
        return [cover, Step(1.0, start=start, label="hunt start", sound="bonus"), uncover]

    def present_hunt_reveal(self: FarmHost, ev) -> list[Step]:
        """Wait for a pick (or AUTO_PICK seconds), open the chosen nest on this reveal's prize or the rooster."""
        host = self        # read and set through a local name: mypy checks them against FarmHost
        k = ev["pick"]
        building(host.timeline).won_x100 = ev["total_x100"]
        total = ev["total_x100"]

        def waiting() -> None:
            host._hunt_pick = k
            host.hunt.waiting = True
            if host.hunt.cursor in host.hunt.opened:
                host.hunt.cursor = next(i for i in range(12) if i not in host.hunt.opened)

        def reveal() -> None:
            host.hunt.waiting = False
            nest = host.hunt_choice.get(k, ev["nest"])
            if nest in host.hunt.opened:
                nest = next(i for i in range(12) if i not in host.hunt.opened)
            host.hunt.opened[nest] = None if ev["rooster"] else ev["prize_x100"]
            host.hunt.last = nest
            host._total_win(total)
        pause = AUTO_PICK_AUTOPLAY if (host.autoplay or host.recall_mode or host.showcase) else AUTO_PICK

        def count(p: float) -> None:
            host.hunt.left = pause * (1.0 - p)
        return [
            Step(pause, start=waiting, tick=count, end=reveal, label=f"nest {k}"),
            Step(
                0.9 if not ev["rooster"] else 1.6, label="nest opens", sound="pf_rooster" if ev["rooster"] else "coin"
            ),
        ]

    def present_hunt_end(self: FarmHost, ev) -> list[Step]:
        """The nests left closed open too: the round held its prizes and the rooster
        only, so they are empty (when the cap ended the hunt early they stay closed:
        prizes beyond the cap were not opened). Then the hunt's total."""
        host = self        # read and set through a local name: mypy checks them against FarmHost
        played = host.played
        assert played is not None                      # the round being presented
        capped = any(e["type"] == "cap" for e in played.round.events)

        def reveal() -> None:
            host.hunt.waiting = False
            host.hunt.ended = not capped
        return [
            Step(1.2, start=reveal, label="nests revealed"),
            Step(
                1.4,
                start=lambda: host.banner.set("HUNT WIN", f"{ev['prizes']} prizes - {host.money(ev['total_x100'])}"),
                end=lambda: host.banner.set(),
                label="hunt end",
                sound="win",
            ),
        ]

    def present_risk_draw(self: FarmHost, ev) -> list[Step]:
        """The tense draw: the barn doors shake, then open on 4,000x or an empty barn."""
        host = self        # read and set through a local name: mypy checks them against FarmHost
        building(host.timeline).won_x100 = ev["win_x100"]

        def tense(p: float) -> None:
            host.risk.active, host.risk.shake, host.risk.open_p, host.risk.won = True, p, 0.0, None

        def opens(p: float) -> None:
            host.risk.won, host.risk.open_p = ev["won"], p
            host.risk.prize_text = host.money(ev["win_x100"])
            host._total_win(ev["win_x100"])
        return [Step(3.2, tick=tense, label="risk draw", sound="pf_drum"),
                Step(1.2, tick=opens, label="risk doors", sound="big_win" if ev["won"] else "refuse")]

    def _draw_wheel_backdrop(self: FarmHost, surface: pygame.Surface) -> None:
        """The board dimmed under the wheel, with the tier's glow: it does not change
        while the wheel is up, so it is composed once and blitted (one opaque blit
        instead of the board, a veil and a big glow every frame)."""
        host = self        # read and set through a local name: mypy checks them against FarmHost
        lay = host.app.layout
        area = lay.rect(*RECT.inflate(44, 44))
        key = (host.wheel.tier, lay.size, id(host.boardview.board))
        if getattr(self, "_wheel_back", (None,))[0] != key:
            host.boardview.draw(surface, host.time)
            veil = host.app.assets.surface(("pf_veil", area.size), lambda: _veil(area.size))
            surface.blit(veil, area.topleft)
            host.wheel.draw_glow(surface)
            host._wheel_back = (key, surface.subsurface(area).copy())
        surface.blit(host._wheel_back[1], area.topleft)


def _veil(size) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    s.fill((20, 30, 10, 190))
    return s
