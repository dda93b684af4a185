"""The `jurisdiction: uk` profile in the configuration (UKGC findings, issue #36): each
forced key set otherwise refused in one line, the forced values filled in where the
file leaves them out and stricter ones accepted, no profile keeping the defaults,
check-config's line saying what the profile forces, operator settings that cannot
break it, the decision that a win equal to the stake is not celebrated, and the
cabinet offering no bonus buy."""
from __future__ import annotations

import dataclasses

import pytest

from cabinet.core import jurisdiction
from cabinet.core import operator_settings as settings
from cabinet.core.cabinet import Cabinet
from cabinet.core.config import load_config
from cabinet.core.schema import ConfigError
from tests.core.uk_profile import uk_config
from tests.ui.toy_game import TOY


@pytest.mark.parametrize("line, key", [
    ("autoplay_allowed: true", "autoplay_allowed"),
    ("turbo_allowed: true", "turbo_allowed"),
    ("skip_allowed: true", "skip_allowed"),
    ("min_round_seconds: 1.0", "min_round_seconds"),
    ("celebrate_wins_above_stake: false", "celebrate_wins_above_stake"),
    ("protection: {enabled: false}", "protection.enabled"),
    ("protection: {session_clock: false}", "protection.session_clock"),
    ("protection: {loss_limit: null}", "protection.loss_limit"),
    ("buys_allowed: true", "buys_allowed"),
    ("gamble: on_5x", "gamble"),
])
def test_uk_refuses_each_forced_key_set_otherwise_in_one_line(tmp_path, line, key):
    with pytest.raises(ConfigError) as err:
        uk_config(tmp_path, line)
    msg = str(err.value)
    assert (
        "\n" not in msg and msg.startswith(f"{key} = ") and "with jurisdiction: uk (UKGC" in msg and "allowed:" in msg
    )


def test_uk_turbo_refusal_words(tmp_path):
    with pytest.raises(ConfigError, match=r"^turbo_allowed = true is not allowed with jurisdiction: uk \(UKGC: no "
                                          r"turbo\); allowed: false or leave it out$"):
        uk_config(tmp_path, "turbo_allowed: true")


def test_uk_forces_the_values_the_file_leaves_out(tmp_path):
    cfg = uk_config(tmp_path)
    assert (cfg.autoplay_allowed, cfg.turbo_allowed, cfg.skip_allowed, cfg.buys_allowed) == (False,) * 4
    assert cfg.min_round_seconds == 2.5 and cfg.celebrate_wins_above_stake is True and cfg.gamble == "off"
    assert cfg.protection.enabled and cfg.protection.session_clock and cfg.protection.loss_limit == 10000


def test_uk_accepts_the_forced_values_written_and_stricter_ones(tmp_path):
    cfg = uk_config(tmp_path, "turbo_allowed: false\ngamble: \"off\"\nmin_round_seconds: 3.0\n"
                              "protection: {enabled: true, loss_limit: \"50.00\"}")
    assert cfg.min_round_seconds == 3.0 and cfg.protection.loss_limit == 5000


def test_no_profile_keeps_the_defaults(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text(f"data_dir: {tmp_path / 'data'}\n")
    cfg = load_config(path)
    assert cfg.jurisdiction == "none" and cfg.autoplay_allowed and cfg.buys_allowed and cfg.turbo_allowed
    assert cfg.protection.loss_limit is None and cfg.celebrate_wins_above_stake is False
    assert jurisdiction.forces_line(cfg) is None


def test_check_config_line_says_what_uk_forces(tmp_path):
    line = jurisdiction.forces_line(uk_config(tmp_path))
    assert line is not None and "\n" not in line
    assert line.startswith("jurisdiction uk forces: autoplay off, turbo off, slam stop off, rounds at least 2.5 s")
    assert "bonus buys off" in line and "gamble off" in line and "net position shown" in line


def test_an_operator_setting_cannot_break_the_profile(tmp_path):
    cfg = uk_config(tmp_path)
    for key, raw in (("turbo_allowed", True), ("skip_allowed", True), ("protection", False), ("gamble", "on"),
                     ("min_round_seconds", 1.0)):
        with pytest.raises(ConfigError, match="with jurisdiction: uk"):
            settings.check(cfg, key, raw)
    assert settings.check(cfg, "min_round_seconds", 3.0).min_round_seconds == 3.0


def test_the_decision_a_win_equal_to_the_stake_is_not_celebrated(tmp_path):
    cfg = uk_config(tmp_path)
    assert not jurisdiction.celebrates(100, 100, cfg) and jurisdiction.celebrates(101, 100, cfg)
    assert not jurisdiction.celebrates(0, 100, cfg)
    assert jurisdiction.celebrates(50, 100, dataclasses.replace(_Plain(), celebrate_wins_above_stake=False))


@dataclasses.dataclass
class _Plain:
    celebrate_wins_above_stake: bool = False


def test_uk_offers_no_bonus_buy_and_check_config_says_what_it_forces(tmp_path):
    cfg = uk_config(tmp_path)
    cab = Cabinet(cfg, games={"toyui": TOY}, seed=3)
    try:
        assert "toyui" in cab.games
        kinds = {TOY.mode(m).kind for m in cab.games["toyui"].modes}
        assert kinds == {"spin"} and {m.id for m in TOY.modes if m.kind == "buy"}   # the toy has buys; none offered
    finally:
        cab.close()
    import main
    (tmp_path / "cc").mkdir()
    (tmp_path / "cc" / "config.yaml").write_text(f"jurisdiction: uk\ndata_dir: {tmp_path / 'cc' / 'data'}\n")
    out = main.check_config(str(tmp_path / "cc" / "config.yaml"))
    assert out.splitlines()[-1] == jurisdiction.forces_line(load_config(tmp_path / "cc" / "config.yaml"))
