"""Amounts on screen follow the locale and the currency (issue #37 item 2): the HUD's
balance, bet and win and the lobby's credit, rendered in en-US $, de-DE €, es-ES €,
ja-JP ¥ (no minor units) and en-US KWD (three), each bet on a ladder of that currency."""
from __future__ import annotations

import os

import pygame
import pytest

from cabinet.core.cabinet import Cabinet
from cabinet.core.config import load_config
from cabinet.core.i18n import formats
from cabinet.ui.app import App, start_scenes
from cabinet.ui.clock import ManualClock
from games.grinning_harvest import GAME as HARVEST
from tests.ui.conftest import open_game, run
from tests.ui.textcheck import text_problems, texts

NB = "\u00a0"
CASES = {   # locale, code, ladder and credit in its units, then what the HUD shows
    "en-US-USD": ("en-US", "USD", ('"0.20"', '"5.00"'), '"1234.50"', ("$1,234.50", "$0.20")),
    "de-DE-EUR": ("de-DE", "EUR", ('"0.20"', '"5.00"'), '"1234.50"', (f"1.234,50{NB}€", f"0,20{NB}€")),
    "es-ES-EUR": ("es-ES", "EUR", ('"0.20"', '"5.00"'), '"1234.50"', (f"1.234,50{NB}€", f"0,20{NB}€")),
    "ja-JP-JPY": ("ja-JP", "JPY", ('"20"', '"500"'), '"123450"', ("¥123,450", "¥20")),
    "en-US-KWD": ("en-US", "KWD", ('"0.200"', '"5.000"'), '"1234.500"', (f"KWD{NB}1,234.500", f"KWD{NB}0.200")),
}


def money_app(tmp_path, code, ladder, credit) -> App:
    path = tmp_path / "config.yaml"
    path.write_text(f"data_dir: {tmp_path / 'data'}\nmath_source: live\ndemo_credit: {credit}\n"
                    f"currency: {{code: {code}}}\nsound: {{enabled: false}}\n"
                    f"games:\n  {HARVEST.id}: {{bet_ladder: [{ladder[0]}, {ladder[1]}], default_bet: {ladder[0]}}}\n")
    config = load_config(path)
    app = App(config, Cabinet(config, games={HARVEST.id: HARVEST}, seed=3), size=(1600, 900), clock=ManualClock())
    start_scenes(app)
    return app


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_hud_writes_each_amount_as_the_locale_and_currency_do(tmp_path, case):
    locale, code, ladder, credit, (balance, bet) = CASES[case]
    app = money_app(tmp_path, code, ladder, credit)
    formats.set_active(locale)          # the format locale alone (ja-JP has no catalogue: English words)
    try:
        run(app, 2)
        assert balance in texts(app)                          # the lobby's credit
        open_game(app)
        run(app, 2)
        shown = texts(app)
        assert balance in shown and bet in shown, shown
        assert text_problems(app, case) == []
        out = os.environ.get("LOCALE_SHOTS")                  # LOCALE_SHOTS=DIR keeps the frames to look at
        if out:
            os.makedirs(out, exist_ok=True)
            pygame.image.save(app.surface, os.path.join(out, f"hud-{case}.png"))
    finally:
        formats.set_active(formats.DEFAULT)
        app.checkpoints.close()
        pygame.display.quit()


def test_every_character_the_locale_data_writes_has_a_glyph_in_the_cabinet_font():
    pygame.font.init()
    from cabinet.core.resources import assets_root
    font = pygame.font.Font(str(assets_root() / "fonts/Lato-Bold.ttf"), 30)
    def ink(text):
        surf = font.render(text, True, (255, 255, 255))
        return surf.get_size(), pygame.image.tobytes(surf, "RGBA")
    missing = ink("\U0010fffd")                                # the font's box for a character it lacks
    text = (assets_root() / formats.DATA).read_text(encoding="utf-8")
    chars = sorted({c for c in text if ord(c) > 127} - {NB})
    assert chars, "the data has currency symbols beyond ASCII"
    assert ink("\uffe5") == missing                          # the check sees a lacking glyph (fullwidth yen)
    blank = [c for c in chars if ink(c) == missing]
    assert blank == []
