"""Big moments (cabinet/ui/moments.py, issue #35 item 3): each event kind that calls for
one gets one, with the amount its event pays; SPACE skips it; the transition into a
feature changes the screen behind closed curtains.

Rounds are real rounds the cabinet draws (forced to the category, as the demo tools
do), so every figure is read from the round's events."""
from __future__ import annotations

import pygame
import pytest

from cabinet.core.money import win_cents
from cabinet.ui.moments import CUES, Moment
from cabinet.ui.shots import seek_round
from games.grinning_harvest import GAME as GH
from games.happy_money_hens import GAME as HMH
from games.piggy_farm import GAME as PF
from tests.ui.conftest import events, game_app, open_game, play_out, press, run


@pytest.fixture
def make(tmp_path):
    apps = []

    def build(spec, seed=11):
        (tmp_path / spec.id).mkdir(exist_ok=True)
        app = game_app(tmp_path / spec.id, spec, seed)
        apps.append(app)
        return app, open_game(app)
    yield build
    for app in apps:
        app.checkpoints.close()
    pygame.display.quit()


def moments_of(scene) -> list[tuple[str, Moment]]:
    """(label, moment) of every moment step of the round on screen, in order (each
    step's start sets what it shows)."""
    out = []
    for step in scene.presentation.steps:
        if step.label.startswith("moment"):
            step.begin()
            out.append((step.label, scene.moments.now))
    scene.moments.clear()
    return out


def labels(scene) -> list[str]:
    return [s.label for s in scene.presentation.steps]


def test_each_pot_won_gets_its_moment_with_the_value_of_its_pot_award_event(make):
    app, scene = make(HMH)
    assert scene.play("buy_triple", "pot_grand")
    awards = events(scene.played, "pot_award")
    assert awards, "the forced round won no pot"
    shown = [(label, m) for label, m in moments_of(scene) if m.kind == "pot"]
    assert [m.title for _, m in shown] == [f"{e['pot']} POT WON!" for e in awards]
    assert [m.cents for _, m in shown] == [win_cents(scene.played.bet_cents, e["value_x100"]) for e in awards]
    assert all(CUES[m.kind] == "moment.pot_won" for _, m in shown)


@pytest.mark.slow
def test_the_full_board_is_acknowledged_once_at_the_spin_that_fills_it(make):
    app, scene = make(HMH)
    assert scene.play("buy_mystery", "full_board")
    end = events(scene.played, "bonus_end")[0]
    assert end["full_board"]
    names = labels(scene)
    assert names.count("moment full board") == 1
    at = names.index("moment full board")
    snap_step = scene.presentation.steps[at - 1]          # the landing that filled the board
    snap_step.begin()
    assert len(scene.bonus.snap.cells) == 35
    assert any(n.startswith("bonus spin") for n in names[at:]), "the moment came only after the last spin"


def test_a_bonus_without_a_full_board_has_no_full_board_moment(make):
    app, scene = make(HMH)
    for _ in range(30):
        assert scene.play("buy_triple")
        if not events(scene.played, "bonus_end")[0]["full_board"]:
            break
        play_out(app, scene)
    assert "moment full board" not in labels(scene)


def test_the_bonus_transition_changes_the_screen_behind_closed_curtains(make):
    app, scene = make(HMH)
    assert scene.play("base", "combo_DC+PF")
    names = labels(scene)
    cover, uncover = names.index("transition in"), names.index("transition out")
    assert names[cover + 1] == "bonus begins" and uncover == cover + 2
    triggered = [e for e in events(scene.played, "feature_symbol") if e["triggered"]]
    scene.presentation.steps[cover].begin()
    assert scene.moments.curtain[0] == "cover" and scene.moments.curtain[1] == "MONEY BONUS"
    assert sorted(map(tuple, scene.moments.cells)) == sorted(
        tuple(scene.reels.cell_rect(e["reel"], e["row"])) for e in triggered)
    pres = scene.presentation
    pres.fast_forward(cover + 1)
    assert scene.moments.curtain[0] == "shut" and scene.view == "base"
    pres.fast_forward(cover + 2)
    assert scene.moments.curtain[0] == "shut" and scene.view == "bonus"
    assert scene.bonus.snap is not None and scene.bonus.snap.spins == 0     # they open on the bonus's first board
    pres.fast_forward(uncover + 1)
    assert not scene.moments.active


def test_each_jackpot_gets_its_moment_with_its_event_value(make):
    app, scene = make(GH)
    assert scene.play("base", "jackpot_grand")
    jackpots = events(scene.played, "jackpot")
    shown = [m for _, m in moments_of(scene) if m.kind == "jackpot"]
    assert [m.title for m in shown] == [f"{e['name'].upper()} JACKPOT!" for e in jackpots]
    assert [m.cents for m in shown] == [win_cents(scene.played.bet_cents, e["value_x100"]) for e in jackpots]
    assert any(e["name"] == "grand" for e in jackpots)


def test_the_great_skull_gets_its_moment_before_its_multipliers(make):
    app, scene = make(GH)
    assert scene.play("buy_harvest", "great_skull")
    skulls = [e["great_skull"] for e in events(scene.played, "bonus_spin") if e["great_skull"] is not None]
    shown = [m for _, m in moments_of(scene) if m.kind == "great_skull"]
    assert skulls and [m.sub for m in shown] == [f"x{g} on every Vault and new Pumpkin" for g in skulls]
    names = labels(scene)
    assert names[names.index("moment great skull") + 1] == "great skull"


def test_grinning_harvest_opens_the_hold_n_win_behind_the_curtains(make):
    app, scene = make(GH)
    assert scene.play("base", "bonus")
    names = labels(scene)
    cover = names.index("transition in")
    assert names[cover - 1] == "bonus trigger" and names[cover + 1:cover + 3] == ["bonus board", "transition out"]
    pres = scene.presentation
    pres.fast_forward(cover + 1)
    assert scene.moments.curtain[0] == "shut" and not scene.in_bonus
    pres.fast_forward(cover + 2)
    assert scene.in_bonus


def test_each_wheel_upgrade_gets_its_moment(make):
    app, scene = make(PF)
    assert seek_round(scene, lambda r: any(e["type"] == "wheel_spin" and e["upgrade"] for e in r.events),
                      "wheel spin", mode="wheel_buy", within=0.0), "no upgrade in 400 bought wheels"
    ups = [e for e in events(scene.played, "wheel_spin") if e["upgrade"]]
    shown = [m for _, m in moments_of(scene) if m.kind == "wheel_upgrade"]
    assert ups and len(shown) == len(ups)
    tiers = scene.pm.wheel
    assert [m.sub for m in shown] == [f"{e['tier'].upper()} WHEEL -> {tiers.next_tier(e['tier']).upper()} WHEEL"
                                      for e in ups]


@pytest.mark.slow
def test_free_spins_and_the_farm_wheel_open_behind_the_curtains(make):
    app, scene = make(PF)
    assert scene.play("free_spins")
    names = labels(scene)
    at = names.index("free spins set")
    assert names[at - 1] == "transition in" and names[at + 1] == "transition out"
    assert scene.play is not None
    play_out(app, scene)
    assert scene.play("base", "wheel")
    names = labels(scene)
    at = names.index("wheel shows")
    assert names[at - 1] == "transition in" and names[at + 1] == "transition out"


def test_space_skips_a_moment_and_the_round_still_pays_what_its_events_say(make):
    app, scene = make(GH)
    before = app.cabinet.balance
    assert scene.play("base", "jackpot_grand")
    played = scene.played
    pres = scene.presentation
    while not (pres.current is not None and pres.current.label.startswith("moment")):
        run(app, 1, 0.05)
    run(app, 3, 0.05)
    assert scene.moments.now is not None and scene.moments.now.kind == "jackpot"
    app.render()                                   # the first frame photographs the game
    assert scene.moments._snap is not None
    press(app, pygame.K_SPACE)
    assert not scene.moments.active
    assert pres.index > [s.label for s in pres.steps].index(f"moment jackpot {events(played, 'jackpot')[0]['name']}")
    play_out(app, scene)
    assert app.cabinet.balance == before - played.cost_cents + played.win_cents


def test_behind_shut_curtains_the_game_is_not_drawn_and_the_window_shows_only_them(make):
    app, scene = make(PF)
    cover, uncover = scene.moments.transition("FREE SPINS", "sub", [], (255, 150, 40))
    cover.begin()
    cover.finish()                                   # the curtains close and stay shut
    assert scene.moments.covers_screen()
    drawn = []
    scene.draw_board = lambda surface: drawn.append("board")
    surface = pygame.Surface(app.layout.size)
    surface.fill((255, 0, 255))                      # a colour no curtain has
    scene.draw(surface)
    assert not drawn                                 # nothing of the game behind them is drawn
    w, h = app.layout.size
    for x in range(0, w, max(w // 40, 1)):           # and the window is curtain everywhere
        for y in (0, h // 2, h - 1):
            assert surface.get_at((x, y))[:3] != (255, 0, 255), (x, y)
    uncover.begin()
    assert not scene.moments.covers_screen()         # opening again: the game is drawn under them
    scene.draw(surface)
    assert drawn == ["board"]
