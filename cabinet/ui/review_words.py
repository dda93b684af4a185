"""The review tools' names of a force in the presenter's language: the payout bands
of the force menu (cabinet/core/review_draws.py keeps its English labels for the log
and the toasts of a refused draw), a hand-built board and a natural draw, as the
force menu, the math overlay and the library viewer show them. A game's categories
(GameSpec.review.force_categories) are said in the history's words where they are the
same (game_words.feature_labels), else as the catalogue knows them, else in English;
a game's own payout bands by their own label; and why a force could not be played
(`force_refusal`)."""
from __future__ import annotations

import re
from typing import Any

from cabinet.core import review_draws
from cabinet.core.hand_board import board_name, is_board
from cabinet.core.i18n import _, formats, translate
from cabinet.core.review_math import force_label
from cabinet.core.review_draws import PREFIX
from cabinet.core.win_tiers import tier_multiples

from cabinet.core.game_words import feature_labels, mode_label


def band_words(force: str, band: Any, config: Any) -> str:
    """A payout band as the force menu names it: 'BIG WIN (20x to 50x)' ('GROSSER GEWINN
    (20x bis 50x)' in de-DE); a game's own band by its own label."""
    key = force[len(PREFIX):]
    t = {k: formats.number(v) for k, v in tier_multiples(config).items()}
    if key == "none":
        return _("No win")
    if key in ("big", "mega"):
        high = "mega" if key == "big" else "epic"
        said = _("BIG WIN ({low}x to {high}x)") if key == "big" else _("MEGA WIN ({low}x to {high}x)")
        return said.format(low=t[key], high=t[high])
    if key == "epic":
        return _("EPIC WIN ({low}x and more)").format(low=t["epic"])
    if key == "max":
        return _("MAX WIN (the limit, or the books' top win)")
    return str(band.label)


def category_words(spec: Any, name: str) -> str:
    """A game's outcome category as the review tools name it: its force label, else
    its feature label, else its id; in the current language where the game's words
    have a translation."""
    label = spec.review.force_categories.get(name) or spec.view.feature_labels.get(name) or name
    if spec.view.feature_labels.get(name) == label:
        return feature_labels(spec).get(name) or label
    return translate(label)


def force_words(spec: Any, force: str | None, config: Any = None) -> str:
    """How the math overlay names the force a round was drawn under (force_label in
    the presenter's language)."""
    if not force:
        return _("none (a natural draw)")
    if is_board(force):
        return _("hand-built board '{name}'").format(name=board_name(force))
    if review_draws.is_band(force) and config is not None:
        band = review_draws.bands(spec, config).get(force)
        if band is not None:
            return band_words(force, band, config)
    if force in spec.review.force_categories:
        return category_words(spec, force)
    return force_label(spec, force, config)


def force_refusal(scene: Any, force: str, mode_id: str, exc: Exception) -> str:
    """Why a review force could not be played, in the words of the force menu: the
    category's, band's or board's name and the way to play, never a library's ids (the
    reason a library gives is its own English sentence)."""
    spec, config = scene.spec, scene.app.config
    if is_board(force):
        name = _("board '{name}'").format(name=board_name(force))
    elif review_draws.is_band(force):
        band = review_draws.bands(spec, config).get(force)
        name = band_words(force, band, config) if band is not None else _("that payout")
    elif force in spec.review.force_categories:
        name = category_words(spec, force)
    else:
        name = _("that outcome")
    mode = mode_label(spec, mode_id) if any(m.id == mode_id for m in spec.modes) else _("this way to play")
    why = _("its library holds no such round at this bet") if isinstance(exc, KeyError) else \
        re.sub(r"^\S+/\S+: ", "", str(exc.args[0] if exc.args else exc))     # no "game/mode: " ids
    return _("{name} cannot be forced here ({mode}): {why}").format(name=name, mode=mode, why=why)
