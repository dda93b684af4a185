"""Design-only scripts (not imported by the game): run with python -m games.happy_money_hens.tools.NAME."""
