"""Grinning Harvest's math tools: design figures, engine agreement, speed bench."""
