"""The `jurisdiction: uk` profile for tests (tests/core/test_jurisdiction_uk_*.py): its
config file around the toy UI game (tests/ui/toy_game.py), a headless App on a real
Cabinet with it, and the `app` fixture built on that."""
from __future__ import annotations

from pathlib import Path

import pytest

from cabinet.core.cabinet import Cabinet
from cabinet.core.config import load_config
from cabinet.ui.app import App, start_scenes
from cabinet.ui.clock import ManualClock
from tests.ui.conftest import serve
from tests.ui.toy_game import TOY

UK = """
data_dir: {data}
math_source: live
demo_tools: true
demo_credit: "100.00"
jurisdiction: uk
sound: {{enabled: true, volume: 0.5}}
rtp_bounds: {{min: 0.4, max: 0.99}}
{extra}
games:
  toyui: {{bet_ladder: ["0.10", "0.20", "0.50", "1.00"], default_bet: "1.00"}}
"""


def uk_config(tmp: Path, extra: str = ""):
    tmp.mkdir(parents=True, exist_ok=True)
    path = tmp / "config.yaml"
    path.write_text(UK.format(data=tmp / "data", extra=extra))
    return load_config(path)


def uk_app(tmp: Path, extra: str = "", seed: int = 7) -> App:
    config = uk_config(tmp, extra)
    app = App(config, Cabinet(config, games={"toyui": TOY}, seed=seed), size=(960, 540), clock=ManualClock())
    start_scenes(app)
    return app


def uk_app_fixture():
    """The `app` fixture of the UK profile's screen tests (each test module sets
    `app = uk_app_fixture()`): a headless App under `jurisdiction: uk`."""
    @pytest.fixture
    def app(tmp_path):
        yield from serve(uk_app(tmp_path))
    return app
