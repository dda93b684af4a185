"""Grinning Harvest's design-only scripts (not imported by the game): design figures, forcing check, speed bench."""
