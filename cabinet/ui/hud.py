"""The HUD every game shares: balance, bet, last win, SPIN, AUTO, TURBO, BUY, INFO
(what those actions do in a game scene: game_actions.py).

Laid out in logical coordinates along the bottom (money and play) and the top
(lobby, game name, menus). Panels are pre-rendered once; values are cached labels.
The HUD knows its game scene by the face `HudScene` (GameScene has it), so it never
imports game_scene.py, which builds on it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import pygame

from cabinet.core.assets import AssetError
from cabinet.core.i18n import N_, _, translate

from . import asset_files
from . import draw as D
from .autoplay import allowed as autoplay_allowed
from .demo import demo_allowed
from cabinet.core.game_words import mode_label
from .history import when_text
from .hud_layout import LAYOUTS, HudLayout
from .logo_art import fit
from .icons import IconButton
from .widgets import Button

if TYPE_CHECKING:          # types only, and all from modules below this one
    from cabinet.core.game import BetMode, GameSpec

    from .autoplay import Autoplay
    from .scene import Host

BAR_Y = 950          # the bottom bar's top edge (logical)
TOP_H = 96           # the top bar's height
MESSAGE_SIZES = (32, 28, 24)   # a message's font: the largest whose pill fits its room


@runtime_checkable
class HudScene(Protocol):
    """A game scene (game_scene.GameScene) as its HUD reads and drives it; money in cents.
    tests/ui/test_shell.py checks that GameScene has every member named here."""

    app: "Host"
    spec: "GameSpec"
    ladder: tuple[int, ...]
    bet_index: int
    buy_modes: "list[BetMode]"
    autoplay: "Autoplay | None"
    recall_mode: bool
    recall_record: Any           # the ledger's RoundRecord of a recalled round, or None
    recall_label: tuple[str, str] | None   # a showcase's / clip's own two HUD lines
    force_next: str | None
    showcase: list[str]
    last_win: int
    shown_win: int

    @property
    def bet(self) -> int: ...
    @property
    def busy(self) -> bool: ...
    @property
    def presenting(self) -> bool: ...
    @property
    def waiting_for_start(self) -> bool: ...
    @property
    def shown_balance(self) -> int: ...
    @property
    def message_text(self) -> str | None: ...
    def mode_cost(self, mode_id: str | None = None) -> int: ...
    def play(self, mode_id: str | None = None, force: str | None = None, wait: bool = True) -> bool: ...
    def skip(self) -> None: ...
    def stop_autoplay(self, reason: str | None = None) -> None: ...
    def bet_changed(self) -> None: ...
    def message(self, text: str, seconds: float = 3.0) -> None: ...
    def open_buy_menu(self, option: int | None = None) -> None: ...


def layout_of(scene: HudScene) -> HudLayout:
    return LAYOUTS[getattr(scene, "hud_layout", "bottom")]


def build_buttons(scene: HudScene) -> list[Button]:
    """The shared controls; a game adds its own with scene.add_button. In a recall
    every control that would play, bet or buy is off; < BACK returns to the history."""
    audio = scene.app.audio

    def idle() -> bool:
        return not scene.busy

    def live() -> bool:
        return not scene.busy and not scene.recall_mode

    def close_label() -> str:
        return _("< BACK") if scene.recall_mode else _("< LOBBY")

    def can_close() -> bool:
        return idle() or scene.recall_mode

    def sound_icons() -> list[tuple[str, bool]]:
        return [("sound", audio.sound_on), ("music", audio.music_on)]

    def can_bet_down() -> bool:
        return live() and scene.bet_index > 0

    def can_bet_up() -> bool:
        return live() and scene.bet_index < len(scene.ladder) - 1

    def autoplay_label() -> str:
        return _("STOP {rounds}").format(rounds=scene.autoplay.left) if scene.autoplay else _("AUTO")

    def autoplay_running() -> bool:
        return scene.autoplay is not None

    def can_autoplay() -> bool:
        return not scene.recall_mode and (scene.autoplay is not None or autoplay_allowed(scene.app))

    def spin_label() -> str:
        return _("START") if scene.waiting_for_start else _("SKIP") if scene.presenting else _("SPIN")

    def can_spin() -> bool:
        return (scene.waiting_for_start or scene.app.skip_allowed) if scene.presenting else not scene.recall_mode

    def force_label() -> str:
        return _("FORCE") + ("*" if scene.force_next else "")     # review tools: a force is chosen

    def can_force() -> bool:
        return demo_allowed(scene.app.config) and live()

    def forcing() -> bool:
        return bool(scene.force_next or scene.showcase)

    lay = layout_of(scene)
    small = 44 if lay.bet_down[2] >= 70 else 36
    buttons = [
        Button(
            (24, 18, 190, 60),
            close_label,
            "close",
            enabled=can_close,
            font_size=26,
        ),
        Button((1486, 18, 130, 60), N_("INFO"), "info", font_size=26),
        Button((1630, 18, 130, 60), N_("PAYS"), "paytable", font_size=26),
        IconButton((1774, 18, 132, 60), sound_icons, "sound_panel"),
        Button(lay.bet_down, "-", "bet_down", enabled=can_bet_down, font_size=small),
        Button(
            lay.bet_up,
            "+",
            "bet_up",
            font_size=small,
            enabled=can_bet_up,
        ),
        Button(
            (1390, 975, 150, 90),
            autoplay_label,
            "autoplay",
            style="panel",
            font_size=28,
            lit=autoplay_running,
            enabled=can_autoplay,
        ),
        Button(
            (1570, 960, 200, 110),
            spin_label,
            "spin",
            style="gold",
            font_size=46,
            enabled=can_spin,
        ),
        Button(
            (1790, 975, 110, 90),
            N_("TURBO"),
            "turbo",
            font_size=24,
            lit=lambda: scene.app.turbo,
            enabled=lambda: scene.app.turbo_allowed,
        ),
    ]
    if scene.spec.review.force_categories and demo_allowed(scene.app.config):      # review tools only
        buttons.append(Button((24, 860, 190, 70), force_label, "demo",
                              font_size=26, enabled=can_force,
                              lit=forcing))
    if scene.buy_modes:
        buttons.append(Button((24, 430, 190, 120), N_("BUY"), "buy_menu", style="green", font_size=32,
                              enabled=live))
    return buttons


class Hud:
    """Draws the shared bars; the scene's own board sits between them. `held_cents`
    is a win still counting up in a celebration: the balance shows it only once the
    count-up has. `win_label` heads the round's win field (a game may name it as its
    sheet does: Grinning Harvest's PRIZE)."""

    win_label = N_("WIN")

    def __init__(self, scene: HudScene):
        self.scene = scene
        self.held_cents = 0

    def _bar(self, key: str, rect: tuple[int, int, int, int], top, bottom, border) -> pygame.Surface:
        app = self.scene.app
        real = app.layout.rect(rect)
        return app.assets.surface(("hud", key, real.size), lambda: D.rounded_panel(
            real.size, top, bottom, radius=app.layout.px(20), border=border, border_width=app.layout.px(3), alpha=235))

    def draw_bars(self, surface: pygame.Surface) -> None:
        """What never changes: the two bars and the field headings."""
        s, app = self.scene, self.scene.app
        lay, A = app.layout, app.assets
        hl = layout_of(s)
        bottom, top = hl.bottom_bar, hl.top_bar
        surface.blit(self._bar("bottom", bottom, (30, 30, 70), (12, 12, 30), D.GOLD_DARK), lay.pt(*bottom[:2]))
        surface.blit(self._bar("top", top, (30, 30, 70), (12, 12, 30), (70, 70, 130)), lay.pt(*top[:2]))
        A.blit_text(surface, _("BALANCE"), 24, hl.labels["balance"], D.MUTED, bold=True)
        A.blit_text(surface, _("BET"), 24, hl.labels["bet"], D.MUTED, anchor="midtop", bold=True)
        A.blit_text(surface, translate(self.win_label), 24, hl.labels["win"], D.MUTED, anchor="midtop", bold=True)

    def draw(self, surface: pygame.Surface) -> None:
        """The live values: balance, bet (and the price of play when the mode costs
        more), win, RECALL, autoplay rounds left, and in the name's place the game's
        name, a recall's round or, while one shows, the message banner."""
        s, app = self.scene, self.scene.app
        A = app.assets
        cur = app.cabinet.currency
        hl = layout_of(s)
        A.blit_chars(surface, cur.format(s.shown_balance - self.held_cents), hl.value_size, hl.values["balance"],
                     D.CREAM, bold=True)
        A.blit_text(surface, cur.format(s.bet), hl.value_size - 2, hl.values["bet"], D.CREAM, anchor="midtop",
                    bold=True)
        cost = s.mode_cost()
        if cost != s.bet:
            A.blit_text(
                surface,
                _("PLAY {amount}").format(amount=cur.format(cost)),
                22,
                hl.play_price,
                D.GOLD,
                anchor="midtop",
                bold=True,
            )
        win = s.shown_win if s.busy else s.last_win
        A.blit_text(surface, cur.format(win), hl.value_size, hl.values["win"], D.GOLD if win else D.CREAM,
                    anchor="midtop", bold=True)
        if s.autoplay:
            left = _("AUTOPLAY: {count} rounds left").format(count=s.autoplay.left)
            A.blit_text(surface, left, 26, (1465, 940), D.CYAN, anchor="midbottom", bold=True)
        if s.recall_mode:
            self.draw_recall_frame(surface)
        text = s.message_text
        if text:
            self.draw_message(surface, text)
        elif s.recall_mode:
            self.draw_recall(surface)
        else:
            self.draw_name(surface)

    def draw_name(self, surface: pygame.Surface) -> None:
        """The game's logo (its `logo` picture, painted at build time) where the HUD
        puts its name; a game without one: the name in gold."""
        s, A, lay = self.scene, self.scene.app.assets, self.scene.app.layout
        hl = layout_of(s)
        gid = s.spec.id
        try:
            has_logo = asset_files.has_image(gid, "logo")
        except AssetError:
            has_logo = False
        if not has_logo:
            A.blit_text(surface, s.spec.name.upper(), hl.name_size, hl.name, D.GOLD, anchor=hl.name_anchor,
                        bold=True, outline=(60, 30, 0))
            return
        box = (lay.px(hl.name_size * 9), lay.px(hl.name_size * 1.9))
        logo = A.surface(
            ("hud_logo", gid, asset_files.skin(gid), box), lambda: fit(asset_files.image(gid, "logo"), box)
        )
        at = logo.get_rect(**{hl.name_anchor: lay.pt(*hl.name)})
        surface.blit(logo, at)
        D.record_text(s.spec.name.upper(), logo, at)          # the logo says the name: the text checks see it

    def message_box(self, text: str) -> tuple[int, pygame.Rect]:
        """The message's font size and its pill (logical): centred on `HudLayout.message`
        in the bar with the game's name, in the largest of MESSAGE_SIZES that keeps the
        pill within `message_width`, so it covers nothing of the board."""
        app, hl = self.scene.app, layout_of(self.scene)
        for size in MESSAGE_SIZES:
            pw, ph = app.assets.text(text, size, D.CREAM, bold=True).get_size()
            w, h = pw / app.layout.scale + 70, ph / app.layout.scale + 28
            if w <= hl.message_width:
                break
        box = pygame.Rect(0, 0, round(w), round(h))
        box.center = (round(hl.message[0]), round(hl.message[1]))
        return size, box

    def draw_message(self, surface: pygame.Surface, text: str) -> None:
        app = self.scene.app
        lay, A = app.layout, app.assets
        size, box = self.message_box(text)
        real = lay.rect(box)

        def message_panel() -> pygame.Surface:
            return D.rounded_panel(real.size, (170, 50, 50), (100, 20, 30), radius=real.h // 2,
                                   border=(255, 180, 160), alpha=240)

        panel = A.surface(("msg", real.size), message_panel)
        surface.blit(panel, real)
        with D.text_bounds(real):
            A.blit_text(surface, text, size, box.center, D.CREAM, anchor="center", bold=True)

    def draw_recall_frame(self, surface: pygame.Surface) -> None:
        """A recalled round: a red frame round the screen."""
        w, h = self.scene.app.layout.size
        t = self.scene.app.layout.px(8)
        for rect in ((0, 0, w, t), (0, h - t, w, t), (0, 0, t, h), (w - t, 0, t, h)):
            surface.fill((210, 40, 40), rect)

    STORY = pygame.Rect(360, 230, 1200, 0)      # the recalled round's story panel (its height: the lines)

    def draw_recall_story(self, surface: pygame.Surface) -> None:
        """At the end of a recalled round that was gambled or followed by a spin chance:
        every step after the base round, the final win and the balance before and after
        (the real balance, which the BALANCE meter then shows)."""
        s, app = self.scene, self.scene.app
        story = getattr(s, "recall_story", None)
        if story is None or not story.draws:
            return
        lay, A, cur = app.layout, app.assets, app.cabinet.currency
        steps = story.steps(cur)
        if len(steps) > 5:
            steps = steps[:2] + [f"... and {len(steps) - 4} more steps ..."] + steps[-2:]
        parts = story.summary(cur).split("  ·  ")
        lines = ([("AFTER THE ROUND", D.GOLD, 30)] + [(t, D.CREAM, 26) for t in steps]
                 + [(parts[0][:1].upper() + parts[0][1:], D.MUTED, 26)] + [(t, D.GOLD, 28) for t in parts[1:]])
        box = pygame.Rect(self.STORY.x, self.STORY.y, self.STORY.w, 40 + 44 * len(lines))
        real = lay.rect(box)

        def story_panel() -> pygame.Surface:
            return D.rounded_panel(real.size, (40, 30, 80), (18, 14, 40), radius=lay.px(20), border=D.GOLD,
                                   border_width=lay.px(3))

        panel = A.surface(("recall_story", real.size), story_panel)
        surface.blit(panel, real.topleft)
        D.text_layer(real)
        for i, (text, color, size) in enumerate(lines):
            bold = i == 0 or color == D.GOLD
            A.blit_text(surface, A.shorten(text, size, box.w - 60, bold=bold), size,
                        (box.centerx, box.y + 42 + 44 * i), color, anchor="center", bold=bold)

    def draw_recall(self, surface: pygame.Surface) -> None:
        """A recalled round: where the title is (the top bar, or the bottom one with the
        money on top) what the round was: id, time, mode, cost and win."""
        s, app = self.scene, self.scene.app
        A = app.assets
        rec = s.recall_record
        line = getattr(s, "recall_title", None) or _("RECALL  ·  {game}").format(game=s.spec.name.upper())
        detail = ""
        if rec is not None:
            cur = app.cabinet.currency
            when = when_text(rec.started_at, year=True)
            try:
                mode = mode_label(s.spec, s.spec.mode(rec.mode).id)
            except KeyError:
                mode = _("a mode no longer offered")
            line = _("RECALL  ·  ROUND {id}  ·  {time}").format(id=rec.id, time=when)
            detail = _("{mode}  ·  cost {cost}  ·  win {win}").format(
                mode=mode, cost=cur.format(rec.cost_cents), win=cur.format(rec.win_cents))
            story = getattr(s, "recall_story", None)
            if story is not None and story.draws:         # gambled or a spin chance after it: the whole round
                detail = _("{mode}  ·  cost {cost}  ·  base win {win}  ·  final win {final}").format(
                    mode=mode, cost=cur.format(rec.cost_cents), win=cur.format(rec.win_cents),
                    final=cur.format(story.final_win))
        if s.recall_label:                  # a showcase or a clip names itself
            line, detail = s.recall_label
        hl = layout_of(s)
        A.blit_text(surface, line, 30, hl.recall[0], (255, 84, 72), anchor="center", bold=True)
        if detail:
            A.blit_text(surface, detail, 24, hl.recall[1], D.CREAM, anchor="center", bold=True)
