"""Grinning Harvest's display rules from its sheet, on the real scene:

- "the displayed value will always be the minimum amount you can win ... never lower":
  every value drawn (plates, counters, banners, shortened values) is at most what is
  paid, on hand-built states and on every frame of a forced max-win round;
- the bonus shows the WINNINGS of each spin and the TOTAL WINNINGS next to the number
  of spins remaining;
- the bar at the top of the screen shows the balance, the win and the bet;
- the idle board shows no trigger and no win; a bought bonus opens on its own starting
  board, named once; the row's multiplier badges are readable; messages cover no plate.
"""
from __future__ import annotations

import pytest

import re

import numpy as np
import pygame

from cabinet.ui import draw as D
from cabinet.ui.hud_layout import LAYOUTS
from games.grinning_harvest import GAME
from games.grinning_harvest.math.tables import load as load_math
from games.grinning_harvest.view import art, panels
from games.grinning_harvest.view.board import FRAME_PAD, shown_value
from tests.ui.conftest import events, open_game, play_out, run
from tests.ui.text_record import recorded_texts

K = pygame
GAME_MATH = load_math().raw
MONEY = re.compile(r"\$([\d,]+)\.(\d\d)")
SHORT = re.compile(r"^(\d+)\.(\d\d)([KMB]?)$")
UNIT = {"": 1, "K": 1000, "M": 10**6, "B": 10**9}


def amounts(app, scene) -> list[tuple[str, int]]:
    """Every amount the board, its panels and the WIN meter draw now, in cents: money
    ('$15,000.00') and the plates' shortened values ('15.40K', '5.00'). Left out: the
    jackpot ladder (prizes, not this round's values) and the balance."""
    hud = LAYOUTS[scene.hud_layout]
    out = []
    for text, (x, y) in recorded_texts(app):
        if panels.LEFT.collidepoint(x, y) or (x, y) == hud.values["balance"]:
            continue
        for whole, cents in MONEY.findall(text):
            out.append((text, int(whole.replace(",", "")) * 100 + int(cents)))
        m = SHORT.match(text)
        if m:
            out.append((text, (int(m[1]) * 100 + int(m[2])) * UNIT[m[3]]))
    return out


def test_a_hand_built_max_win_board_shows_nothing_above_the_max_win(app):
    scene = open_game(app)                                   # bet 1.00: 15,000x = $15,000.00
    cap = GAME.max_win_x * 100
    scene.in_bonus = True
    scene.items = {(0, 1): {"kind": "vault", "value_x100": 4_227_000}, (2, 1): {"kind": "vault", "value_x100": 900_000},
                   (0, 0): {"kind": "pumpkin", "label": "10x", "value_x100": 1_600_000},
                   (1, 2): {"kind": "pumpkin", "label": "9x", "value_x100": 900}}
    scene.vault_values = {(0, 1): 4_227_000, (2, 1): 900_000}
    scene.bonus_total_x100 = 5_127_000
    scene.value_cap_x100 = cap                               # a bought bonus: nothing won before it
    for cell, item in scene.items.items():
        scene.grid.set_cell(cell, scene.grid_key(item))
    shown = amounts(app, scene)
    assert ("12.36K", 1_236_000) in shown and (
        "2.63K",
        263_000,
    ) in shown  # each vault its share of the max win (short form rounds down)
    assert all(cents <= cap for _, cents in shown), shown
    vaults = [shown_value(scene, "vault", c, v) for c, v in sorted(scene.vault_values.items())]
    assert vaults == [4_227_000 * cap // 5_127_000, 900_000 * cap // 5_127_000]   # pro rata, none reads 0.00
    assert 0 < min(vaults) and sum(vaults) <= cap                                  # together never more than is paid
    assert "$15,000.00 is paid (the cap)" in [t for t, _ in recorded_texts(app)]    # the panel says what is paid
    assert shown_value(scene, "pumpkin", (0, 0), 1_600_000) == cap
    assert shown_value(scene, "pumpkin", (1, 2), 900) == 900


@pytest.mark.slow
def test_no_frame_of_a_max_win_round_shows_more_than_it_pays(app):
    scene = open_game(app)
    scene.play("buy_harvest", "max_win")
    played = scene.played
    assert played.round.capped
    paid = played.win_cents
    seen = 0
    while scene.busy:
        for text, cents in amounts(app, scene):
            assert cents <= paid, (text, scene.presentation.current.label if scene.presentation else None)
            seen += 1
        run(app, 1, 0.15)
    assert seen > 50


def _replay_spin_winnings(played) -> dict[int, int]:
    """Each bonus spin's WINNINGS from the events alone: the vaults' total after its
    multipliers and collects less the total before it."""
    vaults, out, spin = {}, {}, 0
    for e in played.round.events:
        if e["type"] == "bonus_trigger":
            vaults = {tuple(c): 0 for c in e["vaults"]}
        elif e["type"] == "bonus_spin":
            spin = e["spin"]
            out[spin] = -sum(vaults.values())
            for m in e["multipliers"]:
                if m["target"] == "vault":
                    vaults[tuple(m["cell"])] = m["after_x100"]
            for it in e["landed"]:
                if it["kind"] == "vault":
                    vaults[tuple(it["cell"])] = 0
            out[spin] += sum(vaults.values())
        elif e["type"] == "collect" and e["phase"] != "base":
            vaults[tuple(e["vault"])] = e["vault_value_x100"]
            if spin:
                out[spin] += e["amount_x100"]
    return out


def test_the_bonus_shows_each_spins_winnings_and_the_total_next_to_the_spins_left(app):
    scene = open_game(app)
    scene.play("buy_vaults")
    played = scene.played
    want = _replay_spin_winnings(played)
    pres = scene.presentation
    checked = 0
    while scene.busy:
        step = pres.current
        nxt = pres.steps[pres.index + 1] if pres.index + 1 < len(pres.steps) else None
        if scene.spin_no and step is not None and step.label == "counter" and pres.elapsed > 0:
            texts = [t for t, _ in recorded_texts(app)]
            money = app.cabinet.currency.format
            assert scene.shown_spin_x100 == want[scene.spin_no]
            assert f"SPIN {scene.spin_no}  WINNINGS" in texts and money(want[scene.spin_no]) in texts
            assert "TOTAL WINNINGS" in texts and money(scene.shown_total_x100) in texts
            assert "SPINS LEFT" in texts and str(scene.lives) in texts
            checked += 1
        run(app, 1, 0.1 if nxt is not None else 0.3)
    assert checked >= 3


def test_balance_win_and_bet_are_in_the_bar_at_the_top(app):
    scene = open_game(app)
    assert scene.hud_layout == "top"
    texts = {t: pos for t, pos in recorded_texts(app)}
    top = LAYOUTS["top"].top_bar
    for label in ("BALANCE", "BET", "PRIZE"):
        assert texts[label][1] < top[1] + top[3]
    assert texts[app.cabinet.currency.format(app.cabinet.balance)][1] < top[1] + top[3]
    for action in ("bet_down", "bet_up"):
        button = next(w for w in scene.widgets if getattr(w, "action", "") == action)
        assert button.rect.bottom <= top[1] + top[3]
    log = D.recording()                                         # the name is the game's logo now (a picture)
    app.render()
    D.stop_recording()
    name = next(box for box in log.boxes if box.text == GAME.name.upper())
    assert app.layout.to_logical(name.rect.center)[1] > 950        # the name moved to the bottom bar


def test_the_start_board_shows_no_trigger_no_collect_and_no_win(app):
    base = {label: value for label, value, _ in GAME_MATH["pumpkin_values"]["base"]}
    for _ in range(12):                         # each opening draws a new one
        scene = open_game(app)
        board = scene.reels.board()
        assert board == scene.rest.board and GAME.math.evaluate(board)["total_x"] == 0
        assert not any("vault" in row for row in board)        # no trigger, and nothing collected
        pumpkins = {(r, c) for r in range(3) for c in range(3) if board[r][c] == "pumpkin"}
        assert set(scene.pumpkins) == pumpkins
        assert all(label not in ("mini", "minor", "mega", "grand") and base[label] == value
                   for label, value in scene.pumpkins.values())
        app.pop()


def test_a_bought_bonus_opens_on_its_starting_board_named_once(app):
    scene = open_game(app)
    scene.play("buy_vaults")
    trig = events(scene.played, "bonus_trigger")[0]
    pres = scene.presentation
    at = next(i for i, s in enumerate(pres.steps) if s.label == "bonus trigger")
    while pres.index < at or pres.elapsed < 0.2:
        run(app, 1, 1 / 30)
    assert scene.in_bonus
    assert set(scene.items) == {tuple(c) for c in trig["vaults"]} | {tuple(p["cell"]) for p in trig["pumpkins"]}
    title, sub, _ = scene.banner
    assert title == "DOUBLE VAULT" and sub.lower() != title.lower() and "Vault" in sub
    play_out(app, scene)


def _share(img: pygame.Surface, test) -> float:
    px = pygame.surfarray.array3d(img).astype(int)
    a = pygame.surfarray.array_alpha(img)
    n = img.get_width()
    box = (slice(n * 3 // 8, n * 5 // 8), slice(n * 9 // 20, n * 31 // 40))    # around the label
    lum = px[box].mean(axis=-1)
    return float(np.mean(test(lum) & (a[box] > 200)))


def test_the_row_multiplier_badges_are_dark_behind_bright_large_figures(app):
    for label in ("x2", "x3", "x4", "x5"):
        badge = art.multiplier_badge(label, 72)
        assert _share(badge, lambda lum: lum < 60) > 0.3          # a dark plate behind the figure...
        assert _share(badge, lambda lum: lum > 190) > 0.1         # ... and a bright figure on it


def test_messages_stay_clear_of_the_board(app):
    scene = open_game(app)
    scene.message("Resuming the interrupted round")
    x, y = LAYOUTS[scene.hud_layout].message
    r = scene.REELS_RECT
    assert y > r[1] + r[3] + FRAME_PAD + 30                      # below the reels' frame, in the bottom bar
