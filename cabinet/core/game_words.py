"""A game's mode and feature names as the player reads them, in the language the
cabinet speaks now (issue #37).

GameSpec keeps the English (the log, the ledger, the PAR sheet and the review tools
read it); a game whose words are made from its math file gives ViewInfo.mode_words /
feature_words, which make them again in the current language. Without them each
English word goes through the catalogue as it stands (a game marks it with N_()).
Made once per game and language. In the core: its refusals name a mode too (an
i18n.Message field that calls mode_label when it is drawn), and the screens call the
same functions.
"""
from __future__ import annotations

from typing import Any

from . import i18n
from .i18n import translate

_MODES: dict[tuple[str, str], dict[str, tuple[str, str]]] = {}
_FEATURES: dict[tuple[str, str], dict[str, str]] = {}


def _modes(spec: Any) -> dict[str, tuple[str, str]]:
    key = (spec.id, i18n.current())
    words = _MODES.get(key)
    if words is None:
        made = spec.view.mode_words() if spec.view.mode_words is not None else {}
        words = {m.id: made.get(m.id, (translate(m.label), translate(m.description))) for m in spec.modes}
        _MODES[key] = words
    return words


def mode_label(spec: Any, mode_id: str) -> str:
    """'Mystery bonus' -> 'Mystery-Bonus' (de); an unknown id as it is."""
    return _modes(spec).get(mode_id, (mode_id, ""))[0]


def mode_text(spec: Any, mode_id: str) -> str:
    """What the mode gives, one or two sentences ("" if the game says nothing)."""
    return _modes(spec).get(mode_id, ("", ""))[1]


def feature_labels(spec: Any) -> dict[str, str]:
    """Round.features -> the words of the history ("" = not shown), as GameSpec's
    feature_labels in the current language."""
    key = (spec.id, i18n.current())
    words = _FEATURES.get(key)
    if words is None:
        if spec.view.feature_words is not None:
            words = spec.view.feature_words()
        else:
            words = {k: translate(v) for k, v in spec.view.feature_labels.items()}
        _FEATURES[key] = words
    return words
