"""Design-only scripts (not imported by the game): run with python -m games.piggy_farm.tools.NAME."""
