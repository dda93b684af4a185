"""The operator menu's DIAGNOSTICS and SYSTEM pages driven with real clicks and touches
on a real ledger: the RNG self-test and the program verification (passed, and a bad
signature and a changed file named and logged), the display, touch, input and sound
test screens, and RUN AUDIT logged."""
from __future__ import annotations

import time

import pygame
import pytest

from tests.ui.conftest import press, run
from tests.ui.operator_menu import login, operator_app_fixture, tap

K = pygame
app = operator_app_fixture()


@pytest.mark.slow
def test_diagnostics_rng_self_test_program_verification_and_the_test_screens(app, monkeypatch):
    menu = login(app)
    tap(app, "tab_diagnostics")
    page = menu.shown
    tap(app, "rng")
    for _ in range(200):
        if page.rng is not None:
            break
        time.sleep(0.05)
    run(app, 1)
    assert page.rng["passed"] and len(page.rng["results"]) == 6
    (_, _, detail, _), = app.cabinet.events(1, ("rng_selftest",))
    assert detail["passed"] and set(detail["p"]) == {r.name for r in page.rng["results"]}
    tap(app, "verify")
    while page.busy:
        time.sleep(0.02)
    run(app, 1)
    assert page.program["files"] > 500 and "signed by" in page.program["signer"]    # the start's program check
    from cabinet.core import release
    verdict = release.Verdict(found={"main.py": "ab" * 32, "cabinet/x.py": "cd" * 32}, signer=None,
                              problems=["manifest.sha256.sig: bad signature", "cabinet/x.py: sha256 differs"])
    monkeypatch.setattr(release, "check_program", lambda *a, **k: verdict)
    tap(app, "verify")
    while page.busy:
        time.sleep(0.02)
    run(app, 1)
    assert page.program == {"files": 2, "differences": ["manifest.sha256.sig: bad signature",
                                                        "cabinet/x.py: sha256 differs"],
                            "signer": "manifest.sha256.sig: no trusted signature", "release": False, "logged": True}
    assert any("no trusted signature" in t for t, _ in page.program_lines())
    logged = app.cabinet.events(1, ("program_verified",))[0][2]
    assert logged["differences"][1] == "cabinet/x.py: sha256 differs" and "no trusted" in logged["signer"]
    tap(app, "display_test")
    for _ in range(8):                                                  # a tap shows the next pattern
        assert app.stack.top.scene_name == "display_test"
        w, h = app.surface.get_size()
        for etype in (K.FINGERDOWN, K.FINGERUP):
            pygame.event.post(pygame.event.Event(etype, x=0.5, y=0.5, dx=0.0, dy=0.0, finger_id=1, touch_id=1,
                                                 pressure=1.0))
        run(app, 1)
    assert app.stack.top is menu
    tap(app, "touch_test")
    for fx in (0.1, 0.5, 0.9):
        pygame.event.post(pygame.event.Event(K.FINGERDOWN, x=fx, y=0.5, dx=0.0, dy=0.0, finger_id=2, touch_id=1,
                                             pressure=1.0))
        run(app, 1)
    assert len(app.stack.top.hit) == 3 and app.stack.top.touches == 3
    tap(app, "exit")
    tap(app, "input_test")
    press(app, K.K_s, K.KMOD_LSHIFT)
    assert app.input_log[-1] == "key SHIFT+S   actions: sound"
    press(app, K.K_ESCAPE)
    press(app, K.K_ESCAPE)
    tap(app, "sound_test")
    tap(app, "exit")
    assert app.stack.top is menu


def test_run_audit_is_logged(app):
    menu = login(app)
    tap(app, "tab_system")
    tap(app, "audit")
    assert menu.shown.audit[0] and app.cabinet.events(1, ("audit",))[0][2]["by"] == "operator"
    assert "Audit passed" in menu.shown.note
