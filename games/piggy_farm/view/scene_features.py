"""THE FARM WHEEL, the egg hunts and RISK THE FARM as steps: the part of Piggy Farm's
scene that presents the features (PiggyFarmScene mixes this in).

Like the rest of the scene, every step SETS state from its event. The hunt waits for
a pick (a click on a nest, or ARROWS and ENTER) and opens a nest by itself only after
AUTO_PICK seconds, counted down on screen (with no player to pick, under autoplay, a
recall or a showcase: AUTO_PICK_AUTOPLAY); the k-th nest opened shows the k-th reveal
decided by the round.
"""
from __future__ import annotations

import pygame

from cabinet.ui.moments import Moment
from cabinet.ui.presentation import Step

from .layout import RECT

AUTO_PICK = 10.0         # seconds a nest waits for the player before opening itself (counted down)
AUTO_PICK_AUTOPLAY = 0.6  # ... while autoplay, a recall or a showcase runs (no player picks)
UPGRADE_COLORS = {"silver": (200, 220, 255), "gold": (255, 204, 77)}   # the wheel a spin moves on to


class FarmFeatures:
    """present_<event> methods and input for the wheel, the hunts and the barn."""
    def handle_event(self, event, actions) -> bool:
        """A click on a closed nest while the hunt waits picks it."""
        if (self.hunt.waiting and event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1
                and self.app.stack.top is self):
            nest = self.hunt.nest_at(self.app.layout.to_logical(event.pos))
            if nest is not None and nest not in self.hunt.opened:
                self._pick(nest)
                return True
        return super().handle_event(event, actions)

    def _hunt_key(self, action: str) -> None:
        if action == "select":
            if self.hunt.cursor not in self.hunt.opened:
                self._pick(self.hunt.cursor)
            return
        step = {"left": -1, "right": 1, "up": -4, "down": 4}[action]
        self.hunt.cursor = (self.hunt.cursor + step) % 12

    def _pick(self, nest: int) -> None:
        """The player chose a nest: it opens now (the waiting step ends early)."""
        pres = self.presentation
        if pres is None or pres.current is None or not pres.current.label.startswith("nest"):
            return
        self.hunt_choice[self._hunt_pick] = nest
        pres.elapsed = max(pres.elapsed, pres.current.duration)   # the next advance finishes it

    # -- building the timeline -------------------------------------------------------
    def present_wheel_trigger(self, ev) -> list[Step]:
        """Windmills (or the buy) announce THE FARM WHEEL, then the tier's wheel shows."""
        tier = ev["tier"]
        sub = f"{ev['scatters']} windmills" if ev["scatters"] else "FARM WHEEL BUY"

        def start() -> None:
            self.banner.set("THE FARM WHEEL!", f"{sub} - {tier.upper()} wheel", (120, 210, 255))

        def show() -> None:
            self.banner.set()
            self.wheel.tier, self.wheel.result_text = tier, ""
            self.wheel.views[tier].highlight = False
        cover, uncover = self.moments.transition("THE FARM WHEEL", f"{sub} - {tier.upper()} wheel", self.trigger_rects(),
                                                 (120, 210, 255))
        return [Step(1.0, start=start, end=self.banner.set, label="wheel trigger", sound="bonus"), cover,
                Step(0.0, start=show, label="wheel shows"), uncover]

    def present_wheel_spin(self, ev) -> list[Step]:
        """One wheel stop: a decelerating spin onto a wedge of the event's slice, then UPGRADE or the result."""
        tier = ev["tier"]
        wedge = self.wheel.wedge_for(tier, ev["index"], self.timeline.index + ev["index"])
        view = self.wheel.views[tier]
        offset = ((self.timeline.index * 37) % 7 - 3) / 10.0
        spin = view.spin_step(wedge, seconds=4.2, label=f"wheel spin {tier}", sound="pf_wheel", offset=offset)
        inner_start = spin.start

        def start() -> None:
            self.wheel.tier, self.wheel.result_text = tier, ""
            inner_start()
        spin.start = start
        steps = [spin]
        if ev["upgrade"]:
            nxt = self.pm.wheel.next_tier(tier)
            steps.append(Step(1.3, start=lambda: setattr(self.wheel, "result_text", f"UPGRADE!  on to {nxt.upper()}"),
                              label="wheel upgrade", sound="bonus"))
            steps.append(self.moments.step(Moment("wheel_upgrade", "WHEEL UPGRADE!",
                                                  f"{tier.upper()} wheel -> {nxt.upper()} wheel",
                                                  color=UPGRADE_COLORS.get(nxt, (255, 204, 77))),
                                           label="moment wheel upgrade"))
        else:
            text = (f"FREE SPINS  x{int(ev['value'])}" if ev["slice_kind"] == "free_spins" else f"{ev['label']} COIN PRIZE")
            steps.append(Step(1.2, start=lambda: setattr(self.wheel, "result_text", text), label="wheel result",
                              sound="pf_ding"))
        return steps

    def present_coin_prize(self, ev) -> list[Step]:
        """The coin slice pays: the amount under the wheel, the round total in the WIN meter."""
        total = self.timeline.win(ev["win_x100"])

        def start() -> None:
            self.wheel.result_text = f"{ev['win_x100'] / 100:,g}x = {self.money(ev['win_x100'])}"
            self._total_win(total)
        return [Step(1.6, start=start, label="coin prize", sound="coin")]

    def present_hunt_start(self, ev) -> list[Step]:
        """The twelve closed nests appear."""
        title = "GOLDEN EGG HUNT" if self.played.mode == "golden_egg_hunt" else "EGG HUNT"

        ladder = ev["ladder_x100"]

        def start() -> None:
            self.hunt.active, self.hunt.title, self.hunt.opened, self.hunt.last = True, title, {}, None
            self.hunt.ended = False
            self.hunt.ladder = (min(ladder), max(ladder), ev["min_prizes"])
        cover, uncover = self.moments.transition(title, f"{ev['nests']} nests, at least {ev['min_prizes']} prizes",
                                                 self.trigger_rects(), (255, 214, 110))
        return [cover, Step(1.0, start=start, label="hunt start", sound="bonus"), uncover]

    def present_hunt_reveal(self, ev) -> list[Step]:
        """Wait for a pick (or AUTO_PICK seconds), open the chosen nest on this reveal's prize or the rooster."""
        k = ev["pick"]
        self.timeline.won_x100 = ev["total_x100"]
        total = ev["total_x100"]

        def waiting() -> None:
            self._hunt_pick = k
            self.hunt.waiting = True
            if self.hunt.cursor in self.hunt.opened:
                self.hunt.cursor = next(i for i in range(12) if i not in self.hunt.opened)

        def reveal() -> None:
            self.hunt.waiting = False
            nest = self.hunt_choice.get(k, ev["nest"])
            if nest in self.hunt.opened:
                nest = next(i for i in range(12) if i not in self.hunt.opened)
            self.hunt.opened[nest] = None if ev["rooster"] else ev["prize_x100"]
            self.hunt.last = nest
            self._total_win(total)
        pause = AUTO_PICK_AUTOPLAY if (self.autoplay or self.recall_mode or self.showcase) else AUTO_PICK

        def count(p: float) -> None:
            self.hunt.left = pause * (1.0 - p)
        return [Step(pause, start=waiting, tick=count, end=reveal, label=f"nest {k}"),
                Step(0.9 if not ev["rooster"] else 1.6, label="nest opens", sound="pf_rooster" if ev["rooster"] else "coin")]

    def present_hunt_end(self, ev) -> list[Step]:
        """The nests left closed open too: the round held its prizes and the rooster
        only, so they are empty (when the cap ended the hunt early they stay closed:
        prizes beyond the cap were not opened). Then the hunt's total."""
        capped = any(e["type"] == "cap" for e in self.played.round.events)

        def reveal() -> None:
            self.hunt.waiting = False
            self.hunt.ended = not capped
        return [Step(1.2, start=reveal, label="nests revealed"),
                Step(1.4, start=lambda: self.banner.set("HUNT WIN", f"{ev['prizes']} prizes - {self.money(ev['total_x100'])}"),
                     end=lambda: self.banner.set(), label="hunt end", sound="win")]

    def present_risk_draw(self, ev) -> list[Step]:
        """The tense draw: the barn doors shake, then open on 4,000x or an empty barn."""
        self.timeline.won_x100 = ev["win_x100"]

        def tense(p: float) -> None:
            self.risk.active, self.risk.shake, self.risk.open_p, self.risk.won = True, p, 0.0, None

        def opens(p: float) -> None:
            self.risk.won, self.risk.open_p = ev["won"], p
            self.risk.prize_text = self.money(ev["win_x100"])
            self._total_win(ev["win_x100"])
        return [Step(3.2, tick=tense, label="risk draw", sound="pf_drum"),
                Step(1.2, tick=opens, label="risk doors", sound="big_win" if ev["won"] else "refuse")]

    def _draw_wheel_backdrop(self, surface: pygame.Surface) -> None:
        """The board dimmed under the wheel, with the tier's glow: it does not change
        while the wheel is up, so it is composed once and blitted (one opaque blit
        instead of the board, a veil and a big glow every frame)."""
        lay = self.app.layout
        area = lay.rect(RECT.inflate(44, 44))
        key = (self.wheel.tier, lay.size, id(self.boardview.board))
        if getattr(self, "_wheel_back", (None,))[0] != key:
            self.boardview.draw(surface, self.time)
            veil = self.app.assets.surface(("pf_veil", area.size), lambda: _veil(area.size))
            surface.blit(veil, area.topleft)
            self.wheel.draw_glow(surface)
            self._wheel_back = (key, surface.subsurface(area).copy())
        surface.blit(self._wheel_back[1], area.topleft)


def _veil(size) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    s.fill((20, 30, 10, 190))
    return s
