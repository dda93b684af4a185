"""Issue #37: the operator's and the presenter's tools speak the cabinet's language: the
event log's field names, the diagnostics' uptime and version line, the hardware test
screens, the key names of the keyboard page and the buy menu (one mechanism,
input.key_word), and the review tools (review bar, math overlay, force menu, library
viewer). Each is checked in German, on hand-built values."""
from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace

import pygame
import pytest

from cabinet.core import i18n
from cabinet.ui.input import InputMap
from tests.ui.conftest import make_app, serve
from tests.ui.operator_menu import texts_drawn


@pytest.fixture
def german():
    i18n.use("de-DE")
    yield
    i18n.use("en-US")


def test_the_event_log_names_each_stored_field_in_german_and_an_unknown_one_as_written(german):
    from cabinet.ui.operator.events_page import key_words, summary
    detail = {"purpose": "login", "in_a_row": 2, "locked_seconds": 30, "closed_period": 4, "odd_new_field": 1,
              "files": {f"f{i}.csv": "0" * 64 for i in range(5)}}
    said = summary(detail)
    assert "für login" in said and "in Folge 2" in said and "gesperrt (s) 30" in said
    assert "abgeschlossener Zeitraum 4" in said and "Dateien (5 Einträge)" in said
    assert "odd new field 1" in said                       # unknown: readable, not translated
    assert key_words("recorded_outside_ledger_at") == "außerhalb des Journals erfasst am"
    i18n.use("en-US")
    assert key_words("closed_period") == "closed period" and key_words("cents") == "amount"


def test_settings_seconds_are_written_in_the_locale_digits(german):
    from cabinet.ui.operator.settings_rows import CABINET_ROWS
    rows = {row.key: row for row in CABINET_ROWS}
    assert rows["min_round_seconds"].fmt(2.5) == "2,5 s" and rows["min_round_seconds"].fmt(2.0) == "2 s"
    assert rows["attract_idle_seconds"].fmt(90) == "90 s"
    i18n.use("en-US")
    assert rows["min_round_seconds"].fmt(1.5) == "1.5 s"


def test_the_uptime_and_version_line_are_german(german):
    from cabinet.ui.operator.diagnostics_page import duration
    assert duration(2 * 86400 + 3 * 3600 + 4 * 60 + 5) == "2 T 03:04:05"
    assert i18n._("cabinet {version}, Python {python}, pygame-ce {pygame}, SDL {sdl}").startswith("Automat {version}")


def test_key_names_come_from_one_table_in_the_language_and_group_shared_modifiers(german):
    from cabinet.ui.rules_common import fixed_keys
    keys = InputMap()
    assert keys.describe_words("close") == "ESC / RÜCKTASTE"
    assert keys.describe_words("close", first=True) == "ESC"
    assert keys.describe_group(("bet_up", "bet_down")) == "UMSCHALT+HOCH/RUNTER"
    assert keys.describe_group(("buy_1", "buy_2", "buy_3")) == "UMSCHALT+1/2/3"
    assert keys.describe_group(("select", "confirm")) == "EINGABE / UMSCHALT+EINGABE"   # modifiers differ
    assert fixed_keys(("ARROWS", "ENTER")) == "PFEILTASTEN  EINGABE"
    i18n.use("en-US")
    assert keys.describe_group(("prev", "next")) == "SHIFT+LEFT/RIGHT"
    assert keys.describe_words("buy_menu") == keys.describe("buy_menu") == "SHIFT+B / SHIFT+F"


def test_the_pseudo_locale_says_a_key_name_without_its_context_word():
    from cabinet.core.i18n.pseudo import pseudo
    i18n.use(i18n.PSEUDO)
    try:
        assert i18n._("key LEFT") == pseudo("LEFT")
        assert "kéý" in i18n._("key {key}   actions: {actions}")        # "key" there is a word shown
    finally:
        i18n.use("en-US")


def test_the_input_test_line_is_german(german):
    from cabinet.ui.operator.test_screens import input_line
    app = SimpleNamespace(input=InputMap(), layout=SimpleNamespace(to_logical=lambda pos: pos))
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=pygame.KMOD_SHIFT)
    assert input_line(app, key) == "Taste UMSCHALT+HOCH   Aktionen: bet_up"
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 20), button=1)
    assert input_line(app, click) == "Maustaste 1 gedrückt bei (10, 20)"


def test_the_review_tools_words_are_german(german):
    from cabinet.ui.library_stats import one_in
    from cabinet.ui.math_overlay import share_text
    from cabinet.ui.review_words import band_words, force_words
    from tests.ui.toy_game import TOY
    config = SimpleNamespace(big_win=SimpleNamespace(big=15, mega=30, epic=60))
    assert band_words("win:big", None, config) == "BIG WIN (15x bis 30x)"
    assert band_words("win:epic", None, config) == "EPIC WIN (60x und mehr)"
    assert force_words(TOY, None, config) == "keine (eine natürliche Ziehung)"
    assert force_words(TOY, "board:five eggs:1234", config) == "von Hand gebautes Spielfeld „five eggs“"
    assert one_in(Fraction(1, 2_500_000)) == "1 zu 2,5 Mio."
    assert share_text(Fraction(1, 10**7)) == "1 zu 10.000.000"


def test_the_math_overlay_facts_are_german(german):
    from cabinet.ui.math_overlay import facts

    def no_mode(mode_id):
        raise KeyError(mode_id)
    spec = SimpleNamespace(id="toy", name="Toy Reels", mode=no_mode)
    cab = SimpleNamespace(
        currency=SimpleNamespace(format=lambda cents: f"{cents // 100},{cents % 100:02d} €"), games={}
    )
    played = SimpleNamespace(round_id=42, mode="base", bet_cents=100, cost_cents=100, capped=True, win_cents=2500,
                             outcome={"source": "live", "seed": 7, "force": None},
                             round=SimpleNamespace(payout_x100=2500))
    said = facts(SimpleNamespace(cabinet=cab, config=None), SimpleNamespace(spec=spec), played)
    assert said == ["RUNDE #42", "Toy Reels  ·  base (base)", "Einsatz 1,00 €  ·  Kosten 1,00 €",
                    "Live-Mathematik (math_source: live)", "Startwert 7", "erzwungen: keine (eine natürliche Ziehung)",
                    "Auszahlung 25,00x  ·  Gewinn 25,00 €  ·  durch Limit gekappt"]


def test_the_hardware_tests_and_the_review_bar_draw_german(tmp_path):
    """About 0.5 s: one cabinet, each test screen drawn once."""
    app = make_app(tmp_path, size=(1920, 1080))
    for application in serve(app):
        app.set_language("de-DE", keep=False)
        found = {}
        for name in ("display_test", "sound_test", "input_test", "touch_test"):
            app.open(name)
            found[name] = " | ".join(texts_drawn(app))
            app.pop()
        assert "BILDSCHIRMTEST: 1/8 Farbbalken (Tippen oder Taste: weiter)" in found["display_test"]
        assert "BEENDEN" in found["display_test"]
        assert "TONTEST" in found["sound_test"] and "einen Klang drücken" in found["sound_test"]
        assert "ESC zweimal oder BEENDEN: zurück" in found["input_test"]
        assert "Felder, 0 Berührungen" in found["touch_test"]
        desk = app.review
        desk.typing = "12"
        assert desk.status() == "RUNDE #12_ WIEDERHOLEN   EINGABE wiederholen   ESC abbrechen"
        desk.typing, desk.paused, desk.speed, desk.math = None, True, 0.5, True
        assert desk.status() == "PAUSIERT   ·   TEMPO 0,5x   ·   MATHEMATIK"
