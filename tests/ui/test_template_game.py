"""Issue #33 item 6: the template game (tests/toygame, Toy Reels) shows only the controls
its modes have: no ANTE without an ante mode, no BUY without a buy."""
from __future__ import annotations

from dataclasses import replace

import pytest

from tests.toygame import GAME as TEMPLATE
from tests.ui.conftest import game_app, open_only, run
from tests.ui.toy_game import TOY


def actions(tmp_path, spec) -> list[str]:
    app = game_app(tmp_path, spec, seed=2)
    run(app, 1)
    scene = open_only(app, spec.id)
    found = [w.action for w in scene.widgets]
    app.checkpoints.close()
    return found


@pytest.mark.slow
@pytest.mark.parametrize("spec, ante, buy", [
    (TEMPLATE, False, True),                                      # as shipped: base and a buy
    (TOY, True, True),                                            # the UI tests' variant: an ante too
    (replace(TEMPLATE, modes=TEMPLATE.modes[:1], rtp={"base": TEMPLATE.rtp["base"]}), False, False),
], ids=["template", "with_ante", "spins_only"])
def test_the_template_shows_only_the_controls_its_modes_have(tmp_path, spec, ante, buy):
    found = actions(tmp_path, spec)
    assert ("ante" in found) == ante and ("buy_menu" in found) == buy
    assert "spin" in found
