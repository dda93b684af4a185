"""Piggy Farm on screen: presents a Round's events (math/events.py) as steps.

The board view (board.py) shows drops, clusters with their pay, explosions,
falls and refills, the sticky grid and spawned wilds; features.py holds THE
FARM WHEEL, the egg hunt's nests, RISK THE FARM's barn and the banners; the side
panels the counters (panels.py), the guide and odds (right_panel.py) and the ante
card (ante_card.py). This file presents the board and free spins;
scene_features.py the wheel, the hunts and the barn. Each step SETS state from its
event (running totals are worked out while the steps are built), so SPACE skips and
crash resumes land on the same picture.
"""
from __future__ import annotations

from typing import Any

import pygame

from cabinet.core.i18n import _, translate
from cabinet.ui.figures import times
from cabinet.ui.game_scene import GameScene
from cabinet.ui.presentation import Step, wait
from cabinet.ui.start_board import StartReels
from cabinet.ui.timeline import building
from cabinet.ui.widgets import Button

from . import art
from .scene_features import FarmFeatures
from .shots import SHOTS
from .sounds import add_cues
from ..math.paytable import evaluate
from ..math.tables import load
from . import ante_card, panels, right_panel
from .board import CELL, BoardView, Cluster, cell_center
from .features import Banner, FarmWheel, HuntView, RiskView
from .layout import ANTE, IDLE

FEATURE_TITLES = {"free_spins": "FREE SPINS", "hog_wild": "HOG WILD", "growing_season": "GROWING SEASON"}


class PiggyFarmScene(FarmFeatures, GameScene):
    """The 7x7 tumble board, THE FARM WHEEL, free spins, egg hunts and RISK THE FARM."""

    SHOTS = SHOTS
    music_events = dict.fromkeys(("wheel_trigger", "free_spins_start", "free_spin", "hunt_start"), "feature")
    idle_layers = IDLE

    def handle_event(self, event, actions) -> bool:
        """A click on a closed nest while the hunt waits picks it."""
        if (self.hunt.waiting and event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1
                and self.app.stack.top is self):
            nest = self.hunt.nest_at(self.app.layout.to_logical(event.pos))
            if nest is not None and nest not in self.hunt.opened:
                self._pick(nest)
                return True
        return super().handle_event(event, actions)

    def build(self) -> None:
        self.pm = load()
        names = self.pm.symbols
        self.strip_names = {k: [[names[i] for i in col] for col in reels] for k, reels in self.pm.strips.items()}
        rest = self.start_board()
        self.boardview = BoardView(self.app, rest.board, self.strip_names, rest.stops)
        self.boardview.warm()
        self.wheel = FarmWheel(self.app, self.pm.wheel.tiers)
        self.wheel.warm()
        self.hunt = HuntView(self.app)
        self.risk = RiskView(self.app, int(self.pm.mode("risk_the_farm")["prize_x100"]))
        self.banner = Banner(self.app)
        self.reset_round_state()
        if not any(isinstance(w, Button) and w.action == "ante" for w in self.widgets):
            def boost_on() -> bool:
                return self.mode_id == "ante"

            def boost_label() -> str:
                return _("BOOST ON") if boost_on() else _("BOOST OFF")

            self.add_button(tuple(ANTE), boost_label, "ante",
                            style="panel", font_size=30, label_offset=14, lit=boost_on,
                            enabled=lambda: not self.busy)
        add_cues(self.app.audio)

    def start_reels(self) -> StartReels:
        """The start board: a 7x7 window of the base strips (the base game's symbol law),
        with no paying cluster and fewer windmills than spin THE FARM WHEEL."""
        windmill, wheel_at = self.pm.symbols[self.pm.scatter], min(self.pm.tier_by_scatters)
        return StartReels(self.strip_names["base"], self.pm.shape.rows, evaluate, {windmill: wheel_at - 1})

    def reset_round_state(self) -> None:
        self.fs: dict | None = None
        self.tumble_x100 = 0
        self.tumble_count = 0
        self.capped = False
        self.hunt_choice: dict[int, int] = {}
        self._hunt_pick = 0                  # the reveal the hunt waits on (present_hunt_reveal)
        self.wheel.tier = None
        self.wheel.result_text = ""
        self.hunt.active = False
        self.hunt.ended = False
        self.risk.active = False
        self.banner.set()
        self.boardview.grid = None
        self.boardview.asleep = False

    @classmethod
    def tile_art(cls, size: tuple[int, int]) -> pygame.Surface:
        """The lobby tile: the farm with a golden pig, a pink pig and a windmill."""
        w, h = size
        surf = art.farm_backdrop(size)
        big = int(min(w, h) * 0.46)
        for sid, fx, fy, k in (("WM", 0.2, 0.5, 0.7), ("PP", 0.78, 0.56, 0.8), ("GP", 0.5, 0.52, 1.0)):
            face = art.symbol(sid, int(big * k))
            surf.blit(face, face.get_rect(center=(int(w * fx), int(h * fy))))
        return surf

    def pay_icon(self, sid: str, size: int) -> pygame.Surface | None:
        """The symbol's art for the paytable page (info screen hook)."""
        if sid not in art.SYMBOLS:
            return None
        return self.app.assets.surface(("pf_sym", sid, size), lambda: art.symbol(sid, size))

    def symbol_name(self, sid: str) -> str:
        """A symbol id as a player reads it ('GP' -> 'Golden Pig'), for the info pages."""
        return art.NAMES.get(sid, sid)

    # -- controls ------------------------------------------------------------------
    def toggle_ante(self) -> None:
        """FARM WHEEL BOOST on / off (between rounds)."""
        self.select_mode("base" if self.mode_id == "ante" else "ante")

    def on_action(self, action: str) -> bool:
        if action == "ante":
            self.toggle_ante()
            self.app.audio.play("click")
            return True
        if self.hunt.waiting and action in ("left", "right", "up", "down", "select"):
            self._hunt_key(action)
            return True
        return super().on_action(action)

    def round_started(self, played) -> None:
        self.reset_round_state()
        self.shown_win = 0

    def _total_win(self, x100: int) -> None:
        """Running round total at this point of the timeline (capped for display)."""
        assert self.played is not None             # the round being presented
        self.shown_win = self.cents(min(x100, self.pm.cap_x100) if self.played.mode != "risk_the_farm" else x100)

    def present_board(self, ev) -> list[Step]:
        building(self.timeline).totals.update(tumble=0, tumbles=0)
        board, phase = ev["board"], ev["phase"]

        def start() -> None:
            self.tumble_x100, self.tumble_count = 0, 0
            self.wheel.tier = None
            self.banner.set()
            self.boardview.asleep = phase == "growing_season"
        label = "board drops"
        if phase == "growing_season" and any("WM" in row for row in board):
            label = "board drops, windmills asleep"
        return self.boardview.drop_steps(board, ev["strips"], list(ev["tops"]), label, on_start=start,
                                         teases=phase != "growing_season")

    def present_wild_spawn(self, ev) -> list[Step]:
        cells, board = {tuple(c) for c in ev["cells"]}, ev["board"]

        def tick(p: float) -> None:
            self.boardview.board = [list(r) for r in board]
            self.boardview.spawned, self.boardview.spawn_p = cells, p
            if self.fs is not None:
                self.fs["spawned"] = len(cells)
        return [Step(0.8, tick=tick, label="wild spawn", sound="pf_oink")]

    def present_cluster_win(self, ev) -> list[Step]:
        tl = building(self.timeline)
        total, tumble = tl.win(ev["win_x100"]), tl.add("tumble", ev["win_x100"])
        fs_won = tl.add("fs_won", ev["win_x100"]) if tl.state.get("fs") else tl.total("fs_won")
        text = (
            self.money(ev["win_x100"])
            if ev["multiplier"] <= 1
            else f"x{ev['multiplier']} = {self.money(ev['win_x100'])}"
        )

        def start() -> None:
            cl = Cluster(ev["cells"], text, ev["multiplier"], ev["symbol"])
            if not any(c.cells == cl.cells for c in self.boardview.clusters):
                self.boardview.clusters.append(cl)
            self.tumble_x100 = tumble
            if self.fs is not None:
                self.fs["won"] = min(fs_won, self.pm.cap_x100)      # nothing over the cap is paid
            self._total_win(total)
        return [Step(0.9, start=start, label=f"cluster {art.NAMES[ev['symbol']]} x{ev['size']}", sound="pf_win")]

    def present_sticky_grid(self, ev) -> list[Step]:
        values = [list(r) for r in ev["values"]]

        def start() -> None:
            before = self.boardview.grid or [[0] * 7 for _ in range(7)]
            self.boardview.bumped = {(r, c) for r in range(7) for c in range(7) if values[r][c] != before[r][c]}
            self.boardview.grid = [list(r) for r in values]
            if self.fs is not None:
                flat = [v for r in values for v in r]
                self.fs["charged"], self.fs["top"] = sum(1 for v in flat if v), max(flat)

        def tick(p: float) -> None:
            self.boardview.bump_p = p
        return [Step(0.45, start=start, tick=tick, label="sticky grid bumps", sound="pf_bump")]

    def present_tumble(self, ev) -> list[Step]:
        count = building(self.timeline).add("tumbles", 1)
        removed = {tuple(c) for c in ev["removed"]}

        def pop(p: float) -> None:
            self.boardview.exploding, self.boardview.explode_p = removed, p

        def fall(p: float) -> None:
            self.boardview.tumble_to(ev["board"], ev["falls"], ev["refills"], p)
            self.tumble_count = count
        return [Step(0.4, tick=pop, label="tumble explode", sound="pf_pop"),
                Step(0.5, tick=fall, label="tumble fall", sound="pf_drop")]

    def present_spin_end(self, ev) -> list[Step]:
        cells = {tuple(c) for c in ev["scatter_cells"]}
        assert self.played is not None             # the round being presented
        sleeping = self.played.mode == "growing_season"
        building(self.timeline).state["windmills"] = sorted(cells)     # the trigger symbols the transition celebrates
        if ev["scatters"] >= 3 and not sleeping:
            return [
                Step(0.9, start=lambda: setattr(self.boardview, "scatters", cells), label="windmills", sound="pf_wind")
            ]
        return [wait(0.35 if ev["win_x100"] else 0.15, "spin ends")]

    def present_free_spins_start(self, ev) -> list[Step]:
        tl = building(self.timeline)
        tl.state["fs"], tl.totals["fs_won"] = ev["feature"], 0
        title = translate(FEATURE_TITLES.get(ev["feature"], "FREE SPINS"))
        sub = _("{count} spins").format(count=ev["spins"])
        if ev["start_multiplier"] > 1:
            sub += _(", every win x{multiplier}").format(multiplier=ev["start_multiplier"])
        if ev["feature"] == "growing_season":
            sub += _(", spin k pays xk")
        elif ev["sticky"]:
            sub += _(", sticky grid on")

        def start() -> None:
            self.wheel.tier = None
            self.banner.set(title, sub)
            self.fs = {"feature": ev["feature"], "index": 0, "of": ev["spins"], "start": ev["start_multiplier"],
                       "mult": ev["start_multiplier"], "won": 0, "charged": 0, "top": 0}
            self.boardview.grid = [[0] * 7 for _ in range(7)] if ev["sticky"] else None
        cover, uncover = self.moments.transition(title, sub, self.trigger_rects(), (120, 210, 255))
        return [cover, Step(0.0, start=start, label="free spins set"), uncover,
                Step(1.2, start=start, end=lambda: self.banner.set(), label="free spins start", sound="bonus")]

    def trigger_rects(self) -> list[pygame.Rect]:
        """The logical cells of the windmills that triggered the feature (none from a
        buy, or once the wheel has turned): what a transition celebrates."""
        tl = building(self.timeline)
        if any(e["type"] == "wheel_spin" for e in tl.played.round.events[:tl.index]):
            return []
        half = CELL / 2
        return [pygame.Rect(round(x - half), round(y - half), CELL, CELL)
                for x, y in (cell_center(r, c) for r, c in tl.state.get("windmills", []))]

    def present_free_spin(self, ev) -> list[Step]:
        def start() -> None:
            if self.fs is not None:
                self.fs.update(index=ev["index"], of=ev["of"], mult=ev["multiplier"])
        label = f"free spin {ev['index']}"
        assert self.played is not None             # the round being presented
        if self.played.mode == "growing_season":
            def announce() -> None:
                start()
                self.banner.set(_("SPIN {number}").format(number=ev["index"]),
                                _("pays x{multiplier}").format(multiplier=ev["multiplier"]), (140, 255, 120))
            return [Step(0.7, start=announce, end=lambda: self.banner.set(), label=label, sound="pf_ding")]
        return [Step(0.2, start=start, label=label)]

    def present_retrigger(self, ev) -> list[Step]:
        def start() -> None:
            self.banner.set(
                _("+{count} SPINS").format(count=ev["added"]),
                _("{windmills} windmills - {count} spins in all").format(windmills=ev["scatters"], count=ev["of"]),
                (120, 210, 255),
            )
            if self.fs is not None:
                self.fs["of"] = ev["of"]
        return [Step(1.5, start=start, end=lambda: self.banner.set(), label="retrigger", sound="bonus")]

    def present_free_spins_end(self, ev) -> list[Step]:
        tl = building(self.timeline)
        title = translate(FEATURE_TITLES.get(tl.state.get("fs") or "", "FREE SPINS"))
        tl.state["fs"] = None
        won = min(ev["win_x100"], self.pm.cap_x100)
        return [Step(1.6, start=lambda: self.banner.set(_("{feature} WIN").format(feature=title), self.money(won)),
                     end=lambda: self.banner.set(), label="free spins end", sound="win")]

    def present_cap(self, ev) -> list[Step]:
        def start() -> None:
            self.capped = True
            self.banner.set(
                _("MAX WIN!"),
                _("{times} reached - the round ends").format(times=times(ev["cap_x100"] / 100)),
                (255, 120, 100),
            )
        return [Step(2.0, start=start, end=lambda: self.banner.set(), label="cap reached", sound="big_win")]

    def present_round_end(self, ev) -> list[Step]:
        def start() -> None:
            assert self.played is not None         # the round being presented
            self.shown_win = self.played.win_cents
            self.boardview.scatters = set()
            if ev["payout_x100"] and self.played.mode not in ("risk_the_farm",):
                self.banner.set(
                    _("ROUND WIN"), self.money(ev["payout_x100"]) + (_(" - MAX WIN") if ev["capped"] else "")
                )

        return [Step(1.0 if ev["payout_x100"] else 0.2, start=start, label="round total")]

    def round_finished(self, played) -> None:
        self.banner.set()
        self.hunt.waiting = False

    # -- frame -----------------------------------------------------------------------
    def animate(self, dt: float) -> None:
        self.boardview.reels.update(dt)

    def draw_background(self, surface: pygame.Surface) -> None:
        """The farm with the side panels and (outside the hunt and the barn) the board's
        wooden frame composed in: one opaque blit a frame instead of three alpha ones."""
        lay = self.app.layout
        framed = not (self.hunt.active or self.risk.active)

        def build() -> pygame.Surface:
            bg = art.farm_backdrop(lay.size).convert()
            panels.draw_panel_backs(self, bg)
            if framed:
                self.boardview.draw_frame(bg)
            return bg
        surface.blit(self.app.assets.surface(("pf_bg", lay.size, framed), build), (0, 0))

    def draw_board(self, surface: pygame.Surface) -> None:
        panels.draw_left(self, surface)
        right_panel.draw_right(self, surface)
        if self.hunt.active:
            self.hunt.draw(surface, self.time, self.money)
        elif self.risk.active:
            self.risk.draw(surface, self.time)
        else:
            if self.wheel.tier:
                self._draw_wheel_backdrop(surface)
                self.wheel.draw(surface, self.time)
            else:
                self.boardview.draw(surface, self.time)
        self.banner.draw(surface)

    def relayout(self) -> None:
        self._wheel_back: tuple[Any, ...] = (None,)      # (key, the composed backdrop) once drawn
        self.wheel.relayout()

    def draw_top(self, surface: pygame.Surface) -> None:
        ante_card.draw_ante(self, surface)      # the caption goes over the ante button
