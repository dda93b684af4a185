"""The operator's SETTINGS page under `jurisdiction: uk` (UKGC findings, issue #36):
the profile shown and its forced rows locked, the protection section's loss limit
never offering none (without a profile it reads none and can be set), and no buy
price cap offered while bonus buys are off."""
from __future__ import annotations

import pygame

from tests.core.uk_profile import uk_app_fixture
from tests.ui.conftest import make_app
from tests.ui.textcheck import text_problems

app = uk_app_fixture()


def test_the_settings_page_shows_the_profile_and_locks_its_rows(app, tmp_path):
    from tests.ui.operator_menu import login, tap, texts_drawn
    menu = login(app)
    tap(app, "tab_settings")
    page = menu.page("settings")
    shown = " ".join(texts_drawn(app))
    assert "JURISDICTION: UK" in shown and "fixed by jurisdiction: uk (UKGC: no turbo)" in shown
    before = app.config.turbo_allowed
    assert not any(
        getattr(w, "action", None) == "set_turbo_allowed_next" and w.enabled() for w in app.stack.top.widgets
    )
    page.on_action("set_turbo_allowed_next")
    assert app.config.turbo_allowed == before is False
    assert [p for p in text_problems(app, "settings uk") if "SESSION" not in p] == []
    pygame.image.save(app.render(), str(tmp_path / "settings_uk.png"))


def _protection_page(app):
    from tests.ui.operator_menu import login, tap, texts_drawn
    menu = login(app)
    tap(app, "tab_settings")
    tap(app, "section_protection")
    return menu.page("settings"), " ".join(texts_drawn(app))


def test_the_protection_settings_show_the_uk_loss_limit_and_never_offer_none(app):
    from tests.ui.operator_menu import tap
    page, shown = _protection_page(app)
    assert "Loss limit" in shown and "$100.00" in shown and "UKGC: a loss limit is set" in shown
    assert app.config.protection.loss_limit == 10000
    for _ in range(12):                                         # < all the way down: the lowest amount, never none
        tap(app, "set_loss_limit_prev")
    assert app.config.protection.loss_limit == 2000
    for _ in range(2):
        tap(app, "set_loss_limit_next")
    assert app.config.protection.loss_limit == 10000
    assert [p for p in text_problems(app, "settings protection uk") if "SESSION" not in p] == []


def test_without_a_profile_the_loss_limit_row_reads_none_and_can_be_set(tmp_path):
    from tests.ui.operator_menu import tap, texts_drawn
    app = make_app(tmp_path)
    try:
        page, shown = _protection_page(app)
        assert "Loss limit" in shown and app.config.protection.loss_limit is None
        tap(app, "set_loss_limit_next")
        assert app.config.protection.loss_limit == 2000 and "$20.00" in " ".join(texts_drawn(app))
        tap(app, "set_loss_limit_prev")
        assert app.config.protection.loss_limit is None
    finally:
        app.checkpoints.close()


def test_with_uk_buys_off_the_buy_price_cap_is_not_offered_as_a_choice(app):
    """The profile turns bonus buys off: the settings page says so on the cap's row
    and its arrows change nothing (there is no buy price left to cap)."""
    from tests.ui.operator_menu import login, tap, texts_drawn
    login(app)
    tap(app, "tab_settings")
    tap(app, "section_cabinet")
    shown = " ".join(texts_drawn(app))
    assert "Highest price of a buy" in shown and "no bonus buys, so no buy price to cap" in shown
    before = app.config.max_buy_cost
    tap(app, "set_max_buy_cost_next")
    assert app.config.max_buy_cost == before
