"""Value plates and coin faces write money in the configured currency's minor units
(Currency.short): a 600-unit pumpkin reads "600" at minor_units 1 and "6.00" at 100,
never a hundredth of what is paid."""
from __future__ import annotations

import pygame
import pytest

from cabinet.core.cabinet import Cabinet
from cabinet.core.config import load_config
from cabinet.ui.app import App, start_scenes
from cabinet.ui.clock import ManualClock
from games.grinning_harvest import GAME as HARVEST
from games.happy_money_hens import GAME as HENS
from games.happy_money_hens.view import art as hens_art
from tests.ui.conftest import open_game

# The same integer bets at both scales: 100 units is 1 (minor_units 1) or 1.00 (100).
LADDER = {1: ('"100"', '"1500"'), 100: ('"1.00"', '"15.00"')}
CREDIT = {1: '"100000"', 100: '"100000.00"'}


def currency_app(tmp_path, spec, minor_units: int) -> App:
    lo, hi = LADDER[minor_units]
    path = tmp_path / "config.yaml"
    path.write_text(f"data_dir: {tmp_path / 'data'}\nmath_source: live\ndemo_credit: {CREDIT[minor_units]}\n"
                    f"currency: {{minor_units: {minor_units}}}\nsound: {{enabled: false}}\n"
                    f"games:\n  {spec.id}: {{bet_ladder: [{lo}, {hi}], default_bet: {lo}}}\n")
    config = load_config(path)
    app = App(config, Cabinet(config, games={spec.id: spec}, seed=3), size=(960, 540), clock=ManualClock())
    start_scenes(app)
    return app


@pytest.fixture
def close():
    apps = []
    yield apps.append
    for app in apps:
        app.checkpoints.close()
    pygame.display.quit()


@pytest.mark.parametrize("minor_units, shown", [(1, ("600", "15", "9.00K", "1.02M")),
                                                (100, ("6.00", "0.15", "90.00", "10.25K"))])
def test_grinning_harvest_plates_at_minor_units(tmp_path, close, minor_units, shown):
    app = currency_app(tmp_path, HARVEST, minor_units)
    close(app)
    scene = open_game(app)
    assert scene.bet == 100
    assert (scene.value_text("6x", 600), scene.value_text("15x", 15)) == shown[:2]
    scene.bet_index = 1                                          # 1500 units
    assert scene.value_text("6x", 600) == shown[2]
    assert scene.value_text("7x", 6_833_700 // 100) == shown[3]   # 1,025,055 units / 10,250.55: rounded down


@pytest.mark.parametrize("minor_units, shown", [(1, ("600", "9.00K")), (100, ("6.00", "90.00"))])
def test_happy_money_hens_coin_faces_at_minor_units(tmp_path, close, monkeypatch, minor_units, shown):
    app = currency_app(tmp_path, HENS, minor_units)
    close(app)
    scene = open_game(app)
    written = []
    label = hens_art.coin_label
    monkeypatch.setattr(
        hens_art, "coin_label", lambda coin, text, sub=None: written.append(text) or label(coin, text, sub)
    )
    coin = {"kind": "cash", "value_x100": 600, "double": False}
    scene.bonus.coin_face(coin, 100)
    scene.bonus.coin_face(coin, 1500)
    assert written == list(shown)
