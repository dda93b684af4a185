"""Happy Money Hens on screen, driven by real pygame events with a ManualClock: a base
round, a forced bonus of every feature combination, every fortune bet, both buys, and
the feature pot levels kept across rounds. Each round must move the balance by
exactly its payout (cost debited, win credited) and the screen state must follow the
round's events."""
from __future__ import annotations

import os

import pygame
import pytest

from cabinet.core.cabinet import Cabinet
from cabinet.core.config import load_config
from cabinet.ui.app import App, start_scenes
from cabinet.ui.clock import ManualClock
from games.happy_money_hens import GAME
from tests.ui.conftest import serve, wait_transition
from games.happy_money_hens.math.tables import COMBOS, combo_code
from games.happy_money_hens.math.pots import advance_levels

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

CONFIG = """
data_dir: {data}
math_source: live
demo_tools: true
demo_credit: "{credit}"
gamble: "{gamble}"
sound: {{enabled: false}}
"""


def hens_app(tmp, credit: str = "1000.00", gamble: str = "off", seed: int = 11) -> App:
    """A headless cabinet with only Happy Money Hens, open on the game scene."""
    tmp.mkdir(parents=True, exist_ok=True)
    (tmp / "config.yaml").write_text(CONFIG.format(data=tmp / "data", credit=credit, gamble=gamble))
    config = load_config(tmp / "config.yaml")
    cabinet = Cabinet(config, games={GAME.id: GAME}, seed=seed)
    app = App(config, cabinet, size=(960, 540), clock=ManualClock())
    start_scenes(app)
    app.open_game(GAME.id)
    run(app, 2)
    return app


def run(app: App, frames: int = 1, dt: float = 1 / 30) -> None:
    for _ in range(frames):
        app.step(dt)
        app.checkpoints.flush()          # the ledger's writer done before the next frame


def press(app: App, key: int, mod: int = 0, frames: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, scancode=0))
    run(app, frames)
    wait_transition(app)


def click(app: App, logical) -> None:
    pos = app.layout.pt(*logical)
    for etype in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(etype, pos=pos, button=1))
    run(app, 1)
    wait_transition(app)


def hens(app: App):
    from games.happy_money_hens.view.scene import HensScene
    return app.stack.find(HensScene)


def finish_round(app: App, scene, skip: bool = True, limit: int = 20000) -> None:
    """Let the round play (SPACE skips it) until it is settled and its overlays gone."""
    if skip:
        press(app, pygame.K_SPACE)
    for _ in range(limit):
        if not scene.busy:
            break
        if scene.waiting_for_start:            # each bonus round starts on START
            press(app, pygame.K_SPACE)
        run(app, 1)
    assert not scene.busy
    while app.stack.top is not scene:          # a big-win celebration: SPACE completes it
        press(app, pygame.K_SPACE, frames=3)
        run(app, 200)


def spin(app: App, scene, force: str | None = None):
    """SPACE places the bet; returns the round on screen."""
    scene.force_next = force
    press(app, pygame.K_SPACE)
    assert scene.played is not None, scene.message_text
    return scene.played


@pytest.fixture
def app(tmp_path):
    yield from serve(hens_app(tmp_path))


@pytest.mark.slow
def test_base_round_moves_balance_by_its_payout_and_shows_its_board(app):
    scene = hens(app)
    before = app.cabinet.balance
    played = spin(app, scene)
    assert app.cabinet.balance == before - played.cost_cents == before - scene.bet
    run(app, 400)                                   # watch it, no skip
    finish_round(app, scene, skip=False)
    assert app.cabinet.balance == before - played.cost_cents + played.win_cents
    stops = [e for e in played.round.events if e["type"] == "reel_stop"]
    for e in stops:
        assert scene.reels.reels[e["reel"]].column == e["symbols"]
        assert scene.reels.state(e["reel"]) == "stopped"
    wins = [e for e in played.round.events if e["type"] == "line_win"]
    assert scene.all_lines == wins
    assert scene.last_win == played.win_cents


@pytest.mark.slow
@pytest.mark.parametrize("combo", COMBOS)
def test_forced_bonus_of_each_combination_pays_exactly_and_shows_the_board(app, combo):
    scene = hens(app)
    code = combo_code(combo)
    mode = "fortune_2" if combo == 7 else "base"       # 2x always starts with all three (fast to force)
    click(app, _fortune_button(scene, mode))
    before = app.cabinet.balance
    played = spin(app, scene, f"combo_{code}")
    finish_round(app, scene)
    assert app.cabinet.balance == before - played.cost_cents + played.win_cents
    trigger = next(e for e in played.round.events if e["type"] == "pot_trigger")
    assert trigger["code"] == code
    end = next(e for e in played.round.events if e["type"] == "bonus_end")
    snap = scene.bonus.snap
    assert snap.ended and snap.total_x100 == end["total_x100"] == snap.active_total()
    assert sorted(snap.combination) == sorted(trigger["combination"])
    assert all(snap.active[r] for r, _ in ((c["row"], c["reel"]) for c in end["paying"]))
    assert played.win_cents > 0 and scene.last_win == played.win_cents


def _fortune_button(scene, mode: str):
    button = next(w for w in scene.widgets if getattr(w, "action", "") == f"fortune:{mode}")
    return button.rect.center


@pytest.mark.parametrize("mode,price_x100", [("base", 100), ("fortune_1_2", 120), ("fortune_1_5", 150),
                                             ("fortune_2", 200)])
def test_each_fortune_bet_is_selected_by_click_and_costs_its_price(app, mode, price_x100):
    scene = hens(app)
    click(app, _fortune_button(scene, mode))
    assert scene.spin_mode() == mode
    assert scene.mode_cost() == scene.bet * price_x100 // 100
    before = app.cabinet.balance
    played = spin(app, scene)
    assert played.mode == mode and played.cost_cents == scene.bet * price_x100 // 100
    finish_round(app, scene)
    assert app.cabinet.balance == before - played.cost_cents + played.win_cents


@pytest.mark.slow
@pytest.mark.parametrize("key,mode,combo", [(pygame.K_1, "buy_mystery", None), (pygame.K_2, "buy_triple", 7)])
def test_each_buy_through_shift_keys_pays_exactly_and_delivers_three_feature_symbols(app, key, mode, combo):
    scene = hens(app)
    before = app.cabinet.balance
    press(app, key, pygame.KMOD_LSHIFT | pygame.KMOD_NUM, frames=2)     # straight to the confirmation
    press(app, pygame.K_RETURN, pygame.KMOD_LSHIFT, frames=2)           # SHIFT+ENTER buys
    played = scene.played
    assert played is not None and played.mode == mode
    assert played.cost_cents == GAME.mode(mode).cost_cents(scene.bet)
    finish_round(app, scene)
    assert app.cabinet.balance == before - played.cost_cents + played.win_cents
    feats = [e["pot"] for e in played.round.events if e["type"] == "feature_symbol"]
    assert sorted(feats) == ["BLUE", "GOLD", "RED"]
    if combo:
        assert next(e for e in played.round.events if e["type"] == "pot_trigger")["code"] == combo_code(combo)
    assert scene.bonus.snap is not None and scene.bonus.snap.ended


@pytest.mark.slow
def test_pot_levels_follow_the_events_persist_and_reset_when_a_bonus_is_awarded(tmp_path):
    app = hens_app(tmp_path)
    scene = hens(app)
    levels = {"BLUE": 1, "RED": 1, "GOLD": 1}
    grew = False
    for _ in range(12):
        played = spin(app, scene)
        finish_round(app, scene)
        levels = advance_levels(levels, played.round.events)
        grew = grew or any(e["type"] == "feature_symbol" and e["grows"] for e in played.round.events)
        assert scene.pot_levels == levels
        assert app.cabinet.game_state(GAME.id)["pots"] == levels
    assert grew
    played = spin(app, scene, "combo_HB")
    finish_round(app, scene)
    assert scene.pot_levels == {"BLUE": 1, "RED": 1, "GOLD": 1}
    app.cabinet.ledger.set_game_state(GAME.id, {"pots": {"BLUE": 3, "RED": 2, "GOLD": 4}})
    press(app, pygame.K_ESCAPE, frames=2)                # back to the lobby, then in again
    app.open_game(GAME.id)
    run(app, 2)
    assert hens(app).pot_levels == {"BLUE": 3, "RED": 2, "GOLD": 4}
    app.checkpoints.close()
    pygame.display.quit()


@pytest.mark.slow
def test_skipping_shows_the_same_bonus_board_as_watching(tmp_path):
    boards = []
    for skip in (True, False):
        app = hens_app(tmp_path / str(skip), seed=5)
        scene = hens(app)
        spin(app, scene, "combo_DC+PF")
        while not skip and scene.busy:                  # watch every step (coarse frames)
            if scene.waiting_for_start:                 # START each bonus round, as a player
                press(app, pygame.K_SPACE)
            run(app, 1, dt=0.25)
        finish_round(app, scene, skip=skip)
        snap = scene.bonus.snap
        boards.append((snap.cells, snap.active, snap.counts, snap.names, snap.total_x100, scene.pot_levels))
        app.checkpoints.close()
        pygame.display.quit()
    assert boards[0] == boards[1]


@pytest.mark.slow
def test_a_bonus_interrupted_mid_way_resumes_from_its_checkpoint_and_pays_once(tmp_path):
    app = hens_app(tmp_path, seed=8)
    scene = hens(app)
    before = app.cabinet.balance
    played = spin(app, scene, "combo_DC+HB")
    while scene.view != "bonus" or scene.presentation.index < len(scene.presentation.steps) // 2:
        if scene.waiting_for_start:                    # START each bonus round
            press(app, pygame.K_SPACE)
        run(app, 1, dt=0.25)                           # well into the bonus, checkpointed as it goes
    shown = scene.presentation.index
    app.checkpoints.close()                            # the process dies here: nothing settled
    pygame.display.quit()
    again = hens_app(tmp_path, seed=8)                 # same ledger: the open round resumes
    scene = hens(again)
    assert scene.played is not None and scene.played.round_id == played.round_id
    assert scene.presentation.index >= shown - 1 and scene.view == "bonus"
    assert again.cabinet.balance == before - played.cost_cents
    finish_round(again, scene)
    assert again.cabinet.balance == before - played.cost_cents + played.win_cents
    end = next(e for e in played.round.events if e["type"] == "bonus_end")
    assert scene.bonus.snap.total_x100 == end["total_x100"]
    again.checkpoints.close()
    pygame.display.quit()


@pytest.mark.slow
def test_bonus_board_pixels_grey_inactive_rows_and_light_active_ones(app):
    from games.happy_money_hens.view.features import cell_rect
    scene = hens(app)
    spin(app, scene, "combo_PF")
    while not scene.presentation.current.label.startswith("bonus count-up"):
        if scene.waiting_for_start:                    # START each bonus round
            press(app, pygame.K_SPACE)
        run(app, 1, dt=0.25)
    app.render()
    snap = scene.bonus.snap
    checked = set()
    for row in range(7):
        for reel in range(5):
            if (row, reel) in snap.cells:
                continue
            r = cell_rect(row, reel)
            red, green, blue = app.surface.get_at(app.layout.pt(r.x + 12, r.bottom - 12))[:3]
            if snap.active[row]:
                assert red > blue + 25, (row, reel, (red, green, blue))       # warm wood
            else:
                assert abs(red - blue) < 30, (row, reel, (red, green, blue))  # greyed
            checked.add(snap.active[row])
    assert checked
    finish_round(app, scene)


@pytest.mark.slow
def test_a_capped_round_announces_the_win_limit_and_shows_the_capped_win(app):
    """The rules cap no round; the cabinet holds a win to the money limit (the sheet's
    $250,000 excluding jackpots, or an operator's lower one) and says so
    (PlayedRound.capped). Uncapped rounds show no banner."""
    from cabinet.core.round_commit import PlayedRound
    from cabinet.core.rng import Rng
    from games.happy_money_hens.math.rules import play
    scene = hens(app)
    rnd = play(Rng.for_book(3), "buy_triple")
    assert not rnd.capped and rnd.payout_x100 > 2000
    scene.begin(PlayedRound(1, GAME.id, "buy_triple", 100, 0, rnd, 2000, True), recall=True)
    while not scene.presentation.current.label.startswith("win cap"):
        run(app, 1, dt=0.25)
    run(app, 2)
    assert scene.banner == "WIN LIMIT REACHED" and scene.shown_win == 2000
    assert "$20.00" in scene.sub_banner
    finish_round(app, scene)
    assert scene.shown_win == 2000
    scene.begin(PlayedRound(2, GAME.id, "buy_triple", 100, 0, rnd, rnd.payout_x100, False), recall=True)
    labels = [step.label for step in scene.presentation.steps]
    assert "win cap" not in labels and "round end" in labels
    finish_round(app, scene)
