"""The `app` fixture of grinning_harvest's scene tests: a headless App on the lobby offering the
game alone (live math, a large demo credit, seed 11)."""
from games.grinning_harvest import GAME
from tests.ui.conftest import game_app_fixture

app = game_app_fixture(GAME, seed=11)
