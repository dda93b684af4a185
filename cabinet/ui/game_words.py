"""A game's mode and feature names in the language the cabinet speaks now: the screens'
name for cabinet/core/game_words.py (the core's refusals name modes too)."""
from __future__ import annotations

from cabinet.core.game_words import feature_labels, mode_label, mode_text

__all__ = ["feature_labels", "mode_label", "mode_text"]
