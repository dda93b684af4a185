"""No text overlaps other text or runs off its panel or the screen, on any page,
overlay or menu of any game (every game under games/, and the template Toy Reels): every screen is rendered with every cache dropped, and
the text boxes `cabinet/ui/draw.py` records (the ink of each label) are compared.
Messages and feature titles cover nothing of a game's board either. Every check runs in
English, German, Spanish and the pseudo-locale (accented, 40% longer: issue #37)."""
from __future__ import annotations

import os

import pygame
import pytest

from cabinet.core.game import discover
from cabinet.ui import draw as D
from cabinet.ui.hud import layout_of
from cabinet.ui.shots import seek_round, settle_round
from games.grinning_harvest.view.layout import REELS_RECT
from games.happy_money_hens.view.features import GRID as HENS_BONUS
from games.happy_money_hens.view.layout import REELS as HENS_REELS
from games.piggy_farm.view.layout import RECT as PIGGY_BOARD
from tests.toygame import GAME as TEMPLATE
from tests.toygame.view.layout import FRAME as TOY_FRAME
from tests.ui.conftest import game_app, open_only, run, serve, settle
from tests.ui.textcheck import text_problems

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

SHIPPED = tuple(discover())                  # every game under games/ (from its books)
GAMES = SHIPPED + (TEMPLATE.id,)            # and the template, Toy Reels (live math)
# Each game's board (logical), its frame included, as its layout places it.
BOARDS = {"happy_money_hens": (HENS_REELS.inflate(44, 44), HENS_BONUS), "grinning_harvest": (pygame.Rect(REELS_RECT),),
          "piggy_farm": (PIGGY_BOARD.inflate(24, 24),), TEMPLATE.id: (TOY_FRAME,)}
LONG_TOAST = ("Piggy Farm cannot open: one of its books does not play back (/home/cabinet/games/piggy_farm/found.json: "
              "not a record of found attempts (invalid literal for int() with base 10: 'x'); allowed: "
              '{"attempts": {"<search key>": <attempt>, ...}} keys from 0 to 2**64 - 1, attempts from 0 to 2**32 - 1, '
              "as `python -m cabinet.math find-books` writes it)")
LONG = ("Fortune bet 1.5x is offered at bets up to $4,000.00: above, the $250,000.00 win limit would bring its "
        "return below 80.00%")


LANGUAGES = ("en-US", "de-DE", "es-ES", "en-XA")


@pytest.fixture(scope="module")
def template_app(tmp_path_factory):
    yield from serve(game_app(tmp_path_factory.mktemp("template"), TEMPLATE, seed=11, size=(1600, 900)))


@pytest.fixture(params=LANGUAGES)
def app(request, books_module):          # the default 1600x900 window, in each language
    """The shipped games' books app, or for the template's cases an app offering it."""
    params = getattr(request.node, "callspec", None)
    chosen = books_module
    if params is not None and params.params.get("gid") == TEMPLATE.id:
        chosen = request.getfixturevalue("template_app")
    chosen.set_language(request.param, keep=False)
    yield chosen
    chosen.set_language("en-US", keep=False)


def test_the_check_finds_overlapping_text_and_text_off_its_panel(app):
    """The check itself: two labels on one spot, and one running out of its button."""
    from cabinet.ui import draw as D
    from cabinet.ui.scene import Scene
    from cabinet.ui.widgets import Button

    class Crowded(Scene):
        def __init__(self, application):
            super().__init__(application)
            self.widgets = [Button((900, 600, 120, 60), "A LABEL FAR TOO LONG FOR ITS BUTTON", "x", font_size=30)]

        def draw(self, surface):
            surface.fill((0, 0, 0))
            self.app.assets.blit_text(surface, "BALANCE", 40, (300, 300), D.CREAM)
            self.app.assets.blit_text(surface, "WIN", 40, (330, 305), D.CREAM)
            self.draw_widgets(surface)

    app.push(Crowded(app))
    found = text_problems(app, "crowded")
    app.pop()
    assert any("BALANCE" in p and "overlaps" in p and "WIN" in p for p in found)
    assert any("off its panel" in p and "FAR TOO LONG" in p for p in found)


def _check(app, name, found):
    run(app, 1)
    found += text_problems(app, name)


def _at_bets(app, scene, action: str):
    """The scene's lowest (where buys may say why they are not sold), default and top bets
    (the longest amounts), with `action`'s overlay open."""
    for index in sorted({0, scene.bet_index, len(scene.ladder) - 1}):
        scene.bet_index = index
        scene.on_action(action)
        yield app.stack.top
        app.pop(app.stack.top)


@pytest.mark.slow
@pytest.mark.parametrize("gid", GAMES)
def test_no_rules_page_at_any_bet_has_overlapping_or_overflowing_text(app, gid):
    scene, found = open_only(app, gid), []
    for info in _at_bets(app, scene, "info"):
        for page in range(len(info.pages)):
            info.page = page
            _check(app, f"{gid} at {scene.bet}: {info.pages[page].title}", found)
    assert not found, "\n".join(found[:20])


@pytest.mark.slow
@pytest.mark.parametrize("gid", GAMES)
def test_no_buy_card_or_confirmation_page_at_any_bet_has_overlapping_or_overflowing_text(app, gid):
    scene, found = open_only(app, gid), []
    for menu in _at_bets(app, scene, "buy_menu"):
        _check(app, f"{gid} at {scene.bet}: buy list", found)
        for k in range(len(menu.options)):
            menu.show(k)
            _check(app, f"{gid} at {scene.bet}: buy {menu.options[k].label}", found)
        menu.show(0)
        menu.refusal = "Not enough credit: this buy costs $99,999.00, balance is $1.00"
        _check(app, f"{gid}: a refused buy", found)
    assert not found, "\n".join(found[:20])


@pytest.mark.slow
@pytest.mark.parametrize("gid", GAMES)
def test_no_menu_overlay_or_celebration_of_a_game_has_overlapping_text(app, gid):
    scene, found = open_only(app, gid), []
    _check(app, f"{gid} idle", found)
    app.toast("Turbo off")
    _check(app, f"{gid} with a toast", found)
    app.toast(LONG_TOAST)                     # a damaged file's reason wraps inside the window
    _check(app, f"{gid} with a long toast", found)
    for action in ("autoplay", "sound_panel"):
        scene.on_action(action)
        _check(app, f"{gid} {action}", found)
        app.pop()
    win = scene.bet * 80
    for tier, extra in (
        ("epic", {}),
        ("max", {}),
        (
            None,
            {"features": "Gold wheel, Free spins at x3", "lines": [("Free spins", win - 500), ("Wheel coins", 500)]},
        ),
    ):
        app.open("big_win", tier, win, scene.bet, **extra)
        for _ in range(3):
            _check(app, f"{gid} celebration {tier}", found)
            app.stack.top.update(2.0)
        app.pop()
    scene.message("Autoplay stopped: STOP pressed")
    _check(app, f"{gid} with a message", found)
    assert not found, "\n".join(found[:20])


@pytest.mark.slow
def test_the_lobby_history_and_a_recall_have_no_overlapping_text(app):
    found: list[str] = []
    while len(app.stack.scenes) > 1:
        app.pop()
    _check(app, "lobby", found)
    for gid in SHIPPED:
        scene = open_only(app, gid)
        scene.play(scene.buy_modes[-1].id)
        settle(app, scene)
    while len(app.stack.scenes) > 1:
        app.pop()
    app.open("history")
    _check(app, "history", found)
    app.stack.top.on_action("select")
    _check(app, "a recall", found)
    assert not found, "\n".join(found[:20])


@pytest.mark.slow
@pytest.mark.parametrize("gid", SHIPPED)
def test_the_review_tools_have_no_overlapping_text(app, gid):
    """The force menu, a round under way paused under the math overlay, the review bar
    taking a round id, and the library viewer (issue #37 item 5): its first page (reel
    strips), the library with the top payout (the most bands, the narrowest bars) and the last."""
    scene, found = open_only(app, gid), []
    desk = app.review
    scene.on_action("demo")
    _check(app, f"{gid} force menu", found)
    app.pop(app.stack.top)
    assert scene.play()
    desk.paused, desk.math = True, True
    _check(app, f"{gid} paused under the math overlay", found)
    desk.paused, desk.math = False, False
    settle_round(scene)
    desk.typing = "123456"
    _check(app, f"{gid} review bar taking a round id", found)
    desk.typing = None
    view = app.open("library", scene)
    modes = [i for i, (kind, _) in enumerate(view.pages) if kind == "mode"]
    widest = max(modes, key=lambda i: int(view.library.books(view.pages[i][1]).payout_x100.max()))   # most bands
    for page in sorted({0, widest, len(view.pages) - 1}):
        view.page = page
        _check(app, f"{gid} library page {page + 1}", found)
    app.pop(view)
    assert not found, "\n".join(found[:20])


@pytest.mark.slow
@pytest.mark.parametrize("gid", GAMES)
@pytest.mark.parametrize("text", ["Finish the round first", LONG])
def test_a_message_stands_in_a_bar_and_covers_nothing_of_the_board_or_the_buttons(app, gid, text):
    scene = open_only(app, gid)
    scene.message(text)
    _, pill = scene.hud.message_box(text)
    hl = layout_of(scene)
    assert any(pygame.Rect(bar).contains(pill) for bar in (hl.top_bar, hl.bottom_bar)), pill
    assert not [board for board in BOARDS[gid] if pill.colliderect(board)], pill
    assert not [w.text() for w in scene.widgets if pill.colliderect(w.rect)], pill
    found = text_problems(app, f"{gid} with a message")
    assert not found, "\n".join(found[:20])
    log = D.recording()
    try:
        app.render()
    finally:
        D.stop_recording()
    in_bar = [b.text for b in log.boxes if app.layout.rect(pill).colliderect(b.rect)]
    assert in_bar == [text]                              # it takes the name's place


@pytest.mark.slow
def test_the_happy_boost_title_covers_nothing_of_the_bonus_board(app):
    scene = open_only(app, "happy_money_hens")
    scene.bet_index = scene.ladder.index(100)            # $1.00 (a test before may have left the top bet)
    assert seek_round(scene, lambda r: any(e["type"] == "boost" for e in r.events), "boost", mode="buy_triple")
    log = D.recording()
    try:
        app.render()
    finally:
        D.stop_recording()
    title = [b for b in log.boxes if "BOOST" in b.text]          # the title (and the feature's chip)
    assert any("BOOST!" in b.text for b in title)
    board = app.layout.rect(HENS_BONUS)
    assert not [b for b in title if b.rect.colliderect(board)], title
    settle_round(scene)


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_operator_pages_with_player_protection_on_have_no_overlapping_text(tmp_path, language):
    """`protection: {enabled: true}`: the session clock is drawn over every screen, the
    operator menu's header and the hardware tests' labels included (issue 36)."""
    from cabinet.core.cabinet import Cabinet
    from cabinet.core.config import load_config
    from cabinet.ui.app import App, start_scenes
    from cabinet.ui.clock import ManualClock
    from tests.ui.conftest import CONFIG, play_rounds, press, serve
    from tests.ui.operator_menu import login, tap
    from tests.ui.toy_game import TOY

    (tmp_path / "config.yaml").write_text(
        CONFIG.format(data=tmp_path / "data", credit="1000.00", min_round=0.0, turbo="true", skip="true")
        + "protection: {enabled: true}\n")
    config = load_config(tmp_path / "config.yaml")
    application = App(config, Cabinet(config, games={"toyui": TOY}, seed=7), size=(1920, 1080), clock=ManualClock())
    start_scenes(application)
    application.set_language(language, keep=False)
    for app in serve(application):
        assert app.session.enabled and app.session.show_clock
        play_rounds(app, 3)
        app.cabinet.side_draw("gamble", 0, 0, False, {"game": "toyui", "wheel": "cash", "option": "RED",
                                                      "chance": "1/2", "bet": 100}, app.cabinet.history(1)[0].id)
        press(app, pygame.K_ESCAPE)
        menu, found = login(app), []
        for name in ("meters", "cash", "recall", "events", "settings", "diagnostics", "system"):
            tap(app, f"tab_{name}")
            _check(app, f"operator {name}", found)
            if name == "recall":
                tap(app, "details")
                _check(app, "operator recall, ids shown", found)
        for test in ("display_test", "sound_test", "input_test", "touch_test"):
            app.open(test)
            _check(app, test, found)
            app.pop()
        assert menu in app.stack.scenes
        assert not found, "\n".join(found[:20])
