"""Texts made by the core or a game, drawn in the player's language (issue #37): a
refusal, a lock, a limit or a reason is an i18n.Message (English as a str for the log
and the ledger, the template translated where it is drawn); the splash, the reality
check and session clock, Piggy Farm's barn sign and Happy Money Hens' gamble digits."""
from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace

import pygame
import pytest

from cabinet.core import cash_desk, i18n, jurisdiction
from cabinet.core.i18n import N_, Message, _
from cabinet.core.ledger import cashier
from cabinet.core.round_commit import BetRefused, plan_round
from cabinet.ui import draw as D
from tests.ui.conftest import make_app, open_game, serve
from tests.ui.textcheck import texts


@pytest.fixture
def german():
    i18n.use("de-DE")
    yield
    i18n.use(i18n.SOURCE)


@pytest.fixture
def app(tmp_path):
    yield from serve(make_app(tmp_path))


def drawn(app) -> list[str]:
    """Every label of the frame the app draws now."""
    log = D.recording()
    try:
        app.render()
    finally:
        D.stop_recording()
    return [b.text for b in log.boxes]


def test_a_message_is_english_as_a_str_and_translated_where_it_is_formatted(german):
    amount = {"cents": "1,00 $"}
    inner = Message(N_("the win limit would bring its return below {rtp}"), rtp=lambda: amount["cents"])
    said = Message(N_("{mode} is not offered on this cabinet: {why}"), mode="Spin", why=inner)
    assert str(said) == "Spin is not offered on this cabinet: the win limit would bring its return below 1,00 $"
    assert "%s" % said == str(said) and said.english == str(said)
    amount["cents"] = "2,00 $"                                  # a callable field is written again each time
    assert f"{said}" == ("Spin gibt es an diesem Automaten nicht: das Gewinnlimit würde die Auszahlungsquote "
                         "unter 2,00 $ senken")
    assert i18n.shown(BetRefused(said)) == f"{said}" and str(BetRefused(said)) == str(said)


def test_a_refusal_raised_by_the_core_is_drawn_in_german_and_logged_in_english(app, german):
    scene = open_game(app)
    with pytest.raises(BetRefused) as refused:
        plan_round(app.cabinet, "toyui", "base", 12_345)
    assert str(refused.value) == "$123.45 is not on the bet ladder"        # the log's words
    scene.message(i18n.said(refused.value))
    german = app.cabinet.currency.format(12_345) + " ist keine Einsatzstufe"
    assert german.startswith("123,45") and german in drawn(app)       # the bar's, in the player's language
    app.toast(i18n.said(refused.value))
    assert app.toast_text == german


def test_a_cash_refusal_and_a_handpay_reason_from_the_ledger_come_out_in_german(app, german):
    with pytest.raises(cash_desk.CashRefused) as refused:
        cash_desk.pay_handpay(app.cabinet, "attendant")
    assert str(refused.value) == "No handpay is waiting" and i18n.shown(refused.value) == "Keine Handauszahlung wartet"
    app.cabinet._call(lambda led: cashier.request_handpay(led, 500, "cash-out above the handpay limit of $2.00", 200))
    pending = app.cabinet._call(lambda led: cashier.pending_handpay(led, app.cabinet.currency.format))
    assert str(pending["reason"]) == "cash-out above the handpay limit of $2.00"
    limit = app.cabinet.currency.format(200)
    assert i18n.shown(pending["reason"]) == f"Auszahlung über der Handauszahlungsgrenze von {limit}" != limit


def test_the_jurisdictions_reasons_and_refusals_are_translated_where_the_settings_page_formats_them(german):
    uk = SimpleNamespace(jurisdiction="uk", turbo_allowed=True)
    why = jurisdiction.forced_keys(uk)["turbo_allowed"]
    assert str(why) == "UKGC: no turbo"
    assert _("fixed by jurisdiction: {profile} ({why})").format(profile="uk", why=why).endswith("(UKGC: kein Turbo)")
    with pytest.raises(Exception) as refused:
        jurisdiction.check(uk)
    assert str(refused.value).startswith("turbo_allowed = true is not allowed with jurisdiction: uk (UKGC: no turbo)")
    shown = _("Refused: {reason}").format(reason=refused.value)
    assert "turbo_allowed = true ist mit jurisdiction: uk nicht erlaubt (UKGC: kein Turbo)" in shown


def test_the_splash_says_what_loads_in_the_cabinets_language(german):
    from cabinet.ui.preparations import of_game
    from cabinet.ui.splash import Splash
    splash = Splash(False, (480, 270), False)
    try:
        splash.show(of_game("Piggy Farm", N_("its paytable")), 0.5)
        assert splash.line() == "Wird geladen: Piggy Farm: Gewinntabelle"
        splash.show(splash.CHECKS, 0.5)
        assert splash.line() == "Wird geladen: die Spiele und ihre Bücher"
    finally:
        pygame.display.quit()


def test_the_reality_check_and_the_session_clock_are_in_german(app):
    app.set_language("de-DE", keep=False)
    try:
        app.session.enabled = app.session.show_clock = True
        app.open("reality_check", 12, -250)
        drawn = texts(app)
        net = "Bilanz dieser Sitzung: " + app.cabinet.currency.format(-250)
        assert "-2,50" in net and {"REALITÄTSCHECK", "Sie spielen seit 12 Minuten.", net, "WEITER"} <= set(drawn)
        assert any(t.startswith("SITZUNG 0:00:") and "BILANZ" in t for t in drawn)
    finally:
        app.set_language("en-US", keep=False)


def test_the_hens_gamble_hint_writes_its_multipliers_in_the_locales_digits(german):
    from games.happy_money_hens.view.gamble_draw import shown_multiplier
    assert [shown_multiplier(m) for m in (Fraction(3, 2), Fraction(2), Fraction(3))] == ["x1,5", "x2", "x3"]


@pytest.mark.slow                       # about 1 s: the barn's picture is painted
def test_piggy_farms_barn_sign_is_the_maths_prize_in_the_locales_digits(app):
    from games.piggy_farm.view.features import RiskView
    app.set_language("de-DE", keep=False)
    try:
        barn = RiskView(app, 400_000)
        barn.active = True
        log = D.recording()
        try:
            barn.draw(app.surface, 0.0)
        finally:
            D.stop_recording()
        assert "4.000x ODER NICHTS" in [b.text for b in log.boxes]
    finally:
        app.set_language("en-US", keep=False)


def test_the_audit_status_is_english_for_the_log_and_german_where_it_is_drawn(app, german):
    ok, status = app.cabinet.audit_status()
    assert ok and str(status).startswith(("start check: ", "last full audit: ", "ok"))
    ok, checked = app.cabinet.audit()
    assert ok and str(checked).startswith("ok: ") and " chain entries: " in str(checked)
    shown = i18n.shown(checked)
    assert shown.startswith("ok: ") and " Ketteneinträge: " in shown and "Runden (" in shown
