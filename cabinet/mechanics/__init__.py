"""Shared game mechanisms (no pygame): payline evaluation (`lines`), the
hold-and-win board (`hold_and_win`). Games configure them with data."""
