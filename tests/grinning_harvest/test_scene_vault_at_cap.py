"""At the cap a Vault that collected shows its share of the capped pay, not 0.00, the
Vaults together never more than is paid, and the bonus panel says that the capped
amount is paid (issue #36 item 4)."""
from __future__ import annotations

import pytest

import os

import pygame

from games.grinning_harvest import GAME
from tests.ui.conftest import events, open_game, play_out, run
from tests.ui.text_record import recorded_texts

K = pygame
SHOTS = os.environ.get("GH_SHOTS")


@pytest.mark.slow
def test_every_vault_that_collected_shows_its_value_and_the_capped_pay_is_said(app):
    scene = open_game(app)
    scene.play("buy_harvest", "max_win")
    played = scene.played
    assert played.round.capped
    collected = {}
    for e in events(played, "collect"):
        if e["phase"] != "base":
            collected[tuple(e["vault"])] = e["vault_value_x100"]
    pres = scene.presentation
    end = next(i for i, s in enumerate(pres.steps) if s.label == "bonus total")
    while pres.index < end:
        run(app, 1, 0.1)
    run(app, 1, 0.1)
    texts = [t for t, _ in recorded_texts(app)]
    if SHOTS:
        pygame.image.save(app.surface, os.path.join(SHOTS, "gh_vaults_at_cap.png"))
    cap = GAME.max_win_x * 100
    from games.grinning_harvest.view.board import shown_value
    shares = {cell: shown_value(scene, "vault", cell, scene.vault_values[cell]) for cell in collected}
    for cell, value in collected.items():
        if value:
            shown = scene.value_text(None, shares[cell])
            assert shares[cell] > 0 and shown in texts, (cell, shown)
    assert sum(scene.vault_values[c] for c in collected) > cap >= sum(shares.values())
    assert f"{app.cabinet.currency.format(played.win_cents)} is paid (the cap)" in texts
    play_out(app, scene)
