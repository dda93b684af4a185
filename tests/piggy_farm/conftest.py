"""The `app` fixture of piggy_farm's scene tests: a headless App on the lobby offering the
game alone (live math, a large demo credit, seed 5)."""
from games.piggy_farm import GAME
from tests.ui.conftest import game_app_fixture

app = game_app_fixture(GAME, seed=5)
