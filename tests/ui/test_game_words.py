"""The games' mode and feature names a player reads (buy cards, bets page, history) go
through the catalogue (issue #37): in the pseudo-locale each one is accented, in German
the figures inside them are written in German digits, and GameSpec keeps the English."""
from __future__ import annotations

import pytest

from cabinet.core import i18n
from cabinet.core.game import discover
from cabinet.core import game_words
from cabinet.ui.figures import feature_words

SPECS = discover()


@pytest.fixture
def speak():
    def use(tag):
        i18n.use(tag)
    yield use
    i18n.use(i18n.SOURCE)


@pytest.mark.parametrize("gid", sorted(SPECS))
def test_every_mode_name_and_description_and_feature_label_is_translated(gid, speak):
    spec = SPECS[gid]
    speak(i18n.PSEUDO)
    for mode in spec.modes:
        label, text = game_words.mode_label(spec, mode.id), game_words.mode_text(spec, mode.id)
        assert label.startswith("[") and label.endswith("]"), (mode.id, label)
        assert not text or text.startswith("["), (mode.id, text)
    for feature, label in game_words.feature_labels(spec).items():
        assert (label == "") == (spec.view.feature_labels[feature] == ""), feature
        assert not label or label.startswith("["), (feature, label)


def test_german_words_carry_german_digits_and_the_spec_keeps_english(speak):
    pf, hens = SPECS["piggy_farm"], SPECS["happy_money_hens"]
    speak("de-DE")
    assert game_words.mode_label(pf, "risk_the_farm") == "DEN HOF RISKIEREN"
    assert "4.000x" in game_words.mode_text(pf, "risk_the_farm") and "7,52" in game_words.mode_text(pf, "risk_the_farm")
    assert game_words.mode_label(hens, "fortune_1_5") == "Glückseinsatz 1,5x"
    assert game_words.mode_label(hens, "bonus_dc_pf") == "Risiko-Bonus: Double Coins + Pot Fill"
    assert feature_words(pf, ("wheel_gold", "free_spins", "free_spins_x3")) == "Goldrad, Freispiele bei x3"
    assert pf.mode("risk_the_farm").label == "RISK THE FARM"
    assert "4,000x" in pf.mode("risk_the_farm").description
    speak("en-US")
    assert feature_words(pf, ("wheel_gold", "free_spins", "free_spins_x3")) == "Gold wheel, Free spins at x3"
    assert game_words.mode_text(pf, "risk_the_farm") == pf.mode("risk_the_farm").description
