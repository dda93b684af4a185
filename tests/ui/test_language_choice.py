"""Choosing the language (issue #37 item 3): the operator's default and offered
languages (config.yaml language:), the player's pick on the sound/settings panel (< and
>, kept in player.json and used at the next start), and a saved language the operator
no longer offers giving way to the default."""
from __future__ import annotations

import json

import pygame
import pytest

from cabinet.core import i18n
from cabinet.core.cabinet import Cabinet
from cabinet.core.config import load_config
from cabinet.core.schema import ConfigError
from cabinet.ui.app import App, start_scenes
from cabinet.ui.clock import ManualClock
from games.grinning_harvest import GAME as HARVEST
from tests.ui.conftest import click, open_game, run
from tests.ui.textcheck import text_problems, texts

NB = "\u00a0"


def write_config(tmp_path, language: str):
    path = tmp_path / "config.yaml"
    path.write_text(f"data_dir: {tmp_path / 'data'}\nmath_source: live\ndemo_credit: \"1234.50\"\n"
                    f"currency: {{code: EUR}}\nsound: {{enabled: false}}\nlanguage: {language}\n", encoding="utf-8")
    return path


def start(path) -> App:
    config = load_config(path)
    app = App(config, Cabinet(config, games={HARVEST.id: HARVEST}, seed=3), size=(1600, 900), clock=ManualClock())
    start_scenes(app)
    run(app, 2)
    return app


@pytest.fixture
def apps():
    opened = []
    yield opened.append
    for app in opened:
        app.checkpoints.close()
    pygame.display.quit()
    i18n.use(i18n.SOURCE)


def test_the_player_picks_a_language_on_the_settings_panel_and_it_is_kept(tmp_path, apps):
    path = write_config(tmp_path, "{default: en-US, offered: [en-US, de-DE, es-ES]}")
    app = start(path)
    apps(app)
    assert i18n.current() == "en-US" and "€1,234.50" in texts(app)
    open_game(app)
    app.open("sound_panel")
    run(app, 1)
    assert "Language" in texts(app) and "English" in texts(app)
    panel = app.stack.top
    nxt = next(w for w in panel.widgets if getattr(w, "action", "") == "language_next")
    click(app, nxt.rect.center)
    assert i18n.current() == "de-DE"
    shown = texts(app)
    assert "Sprache" in shown and "Deutsch" in shown and "TON & EINSTELLUNGEN" in shown
    assert text_problems(app, "de settings") == []
    click(app, nxt.rect.center)
    assert i18n.current() == "es-ES" and "Idioma" in texts(app)
    app.stack.top.on_action("close")
    run(app, 1)
    assert f"1234,50{NB}€" in texts(app)                  # the HUD writes amounts as es-ES does (4 digits whole)
    saved = json.loads((tmp_path / "data" / "player.json").read_text())
    assert saved["language"] == "es-ES"
    app.checkpoints.close()
    again = start(path)                                    # the next start speaks the player's language
    apps(again)
    assert i18n.current() == "es-ES"


def test_a_saved_language_no_longer_offered_gives_way_to_the_default(tmp_path, apps):
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "player.json").write_text(json.dumps({"language": "es-ES"}))
    app = start(write_config(tmp_path, "{default: de-DE, offered: [de-DE, en-GB]}"))
    apps(app)
    assert i18n.current() == "de-DE"
    open_game(app)
    app.open("sound_panel")
    run(app, 1)
    panel = app.stack.top
    prev = next(w for w in panel.widgets if getattr(w, "action", "") == "language_prev")
    click(app, prev.rect.center)
    assert i18n.current() == "en-GB" and "English (GB)" in texts(app)


def test_one_offered_language_shows_no_language_row(tmp_path, apps):
    app = start(write_config(tmp_path, "{default: es-ES}"))
    apps(app)
    open_game(app)
    app.open("sound_panel")
    run(app, 1)
    assert i18n.current() == "es-ES" and "Idioma" not in texts(app)
    assert not any(getattr(w, "action", "") == "language_next" for w in app.stack.top.widgets)


@pytest.mark.parametrize("language, words", [
    ("{default: fr-FR}", ("language.default", "allowed", "de-DE")),
    ("{default: de-DE, offered: [en-US, es-ES]}", ("language.default", "not in language.offered")),
    ("{offered: [en-US, en-US]}", ("language.offered", "each once")),
])
def test_a_language_setting_outside_the_rules_is_refused_with_what_is_allowed(tmp_path, language, words):
    with pytest.raises(ConfigError) as err:
        load_config(write_config(tmp_path, language))
    assert all(w in str(err.value) for w in words), str(err.value)


def test_the_attract_loop_cycles_the_offered_languages_and_gives_the_next_player_theirs(tmp_path, apps):
    from cabinet.ui.attract_script import CARD_SECONDS, Card
    from cabinet.ui.kiosk import CALL
    app = start(write_config(tmp_path, "{default: en-US, offered: [en-US, de-DE, es-ES]}"))
    apps(app)
    app.set_language("es-ES")                            # this player's choice
    app.attract_script = lambda a, turn: [Card()]        # one card a time round the loop
    app.open("attract")
    spoken, calls = [], []
    for _ in range(4):
        run(app, 1)
        spoken.append(i18n.current())
        calls.append(next(t for t in texts(app) if t in (i18n._(CALL),)))   # the call in the turn's language
        run(app, round(CARD_SECONDS * 60) + 2, 1 / 60)
    assert spoken == ["es-ES", "en-US", "de-DE", "es-ES"]
    assert calls[:3] == ["PULSE CUALQUIER TECLA O TOQUE PARA JUGAR", CALL,
                         "BELIEBIGE TASTE DRÜCKEN ODER BERÜHREN ZUM SPIELEN"]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1))
    run(app, 1)
    assert app.stack.top.scene_name == "lobby" and i18n.current() == "es-ES"
    assert json.loads((tmp_path / "data" / "player.json").read_text())["language"] == "es-ES"


def test_the_gallery_renders_every_operator_page_in_its_language(tmp_path, apps):
    """main.py --shots DIR --lang de-DE: the operator pages are in the gallery, in German."""
    from cabinet.ui.shell_shots import operator_shots
    app = start(write_config(tmp_path, "{default: en-US}"))
    apps(app)
    app.set_language("de-DE", keep=False)
    saved = {}
    operator_shots(app, lambda name, caption: saved.setdefault(name, texts(app)))
    assert list(saved) == [f"operator__{n}" for n in ("meters", "cash", "recall", "events", "settings",
                                                       "diagnostics", "system", "test_display_1", "test_display_3",
                                                       "test_sound", "test_input", "test_touch")]
    assert "BILDSCHIRMTEST: 1/8 Farbbalken (Tippen oder Taste: weiter)" in saved["operator__test_display_1"]
    assert any(line.startswith("Taste UMSCHALT+HOCH") for line in saved["operator__test_input"])
    titles = ("ZÄHLER", "KASSE", "SPIELABRUF", "EREIGNISPROTOKOLL", "EINSTELLUNGEN", "DIAGNOSE", "PRÜFUNG / RAM CLEAR")
    for shown, title in zip(saved.values(), titles):
        assert "BETREIBERMENÜ" in shown and shown.count(title) == 2      # the header and its lit tab
    assert app.stack.top.scene_name == "lobby"


def test_the_players_toasts_speak_the_language(tmp_path, apps):
    app = start(write_config(tmp_path, "{default: de-DE}"))
    apps(app)
    app.toggle_turbo()
    assert app._toast[0] == ("Turbo an" if app.turbo else "Turbo aus")
    app.toggle_music()
    assert app._toast[0] in ("Musik an", "Musik aus")
    app.set_language("es-ES", keep=False)
    app.toggle_sound()
    assert app._toast[0] in ("Efectos de sonido activados", "Efectos de sonido desactivados")
