"""Issue #31 items 3 and 6, at the check a start and `main.py --check-config` share
(cabinet/core/startup.py):

- a game any of whose bet modes states an RTP outside config rtp_bounds is not offered,
  with the mode, its figure and the bounds in one line; drawn from books, each mode's
  library's exact RTP is held to the same bounds (its load already holds it within 1e-6
  of the stated figure);
- every picture, sound and font is decoded by the check: a PNG whose image data is
  noise under good CRCs, or whose header declares 30000x30000, takes its game off offer
  naming the file, and the lobby opens with the other games; a damaged shared file (the
  cabinet's font) refuses the start in one line.

The subprocess tests run main.py itself (its `__main__`) with the game package or the
asset folder swapped for a copy: `_run_main`.
"""
from __future__ import annotations

import dataclasses
import os
import re
import shutil
import struct
import subprocess
import sys
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pygame
import pytest

from cabinet.core import asset_formats, assets, rtp_bounds, startup
from cabinet.core.books import LibraryError, load_library, rtp_fraction
from cabinet.core.config import load_config
from cabinet.core.game import discover
from cabinet.core.schema import ConfigError
from tests.core.test_assets import garbage_png, huge_png, pygame_loads

ROOT = Path(__file__).resolve().parents[2]
MAIN = ROOT / "main.py"
GAMES = discover()
LIBRARIES = startup.Libraries()          # the books, loaded once for the module
DEFAULT_BOUNDS = "allowed: 80.00%-99.00% (config rtp_bounds)"
# run main.py as `python main.py ARGS...`, first putting a folder on sys.path (a copied
# game package) or pointing the asset folder at a copy
RUN_MAIN = ("import runpy, sys\n"
            "from pathlib import Path\n"
            "kind, where = sys.argv.pop(1), sys.argv.pop(1)\n"
            "if kind == 'path':\n"
            "    sys.path.insert(0, where)\n"
            "else:\n"
            "    import cabinet.core.assets\n"
            "    cabinet.core.assets.ROOT = Path(where)\n"
            "sys.argv[0] = {main!r}\n"
            "runpy.run_path({main!r}, run_name='__main__')\n").format(main=str(MAIN))


def config(tmp_path: Path, text: str = ""):
    path = tmp_path / "config.yaml"
    path.write_text(f"data_dir: {tmp_path / 'data'}\n" + text)
    return load_config(path)


def _run_main(kind: str, where: Path, *argv: str) -> tuple[int, str, list[str]]:
    """(exit code, stdout, stderr's lines but the development build's notice)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    r = subprocess.run([sys.executable, "-c", RUN_MAIN, kind, str(where), *argv], capture_output=True, text=True,
                       cwd=ROOT, env=env, timeout=300)
    lines = [ln for ln in r.stderr.splitlines() if not ln.startswith("development build signed by")]
    return r.returncode, r.stdout, lines


# ------------------------------------------------------------------ RTP bounds (item 3)

def test_every_mode_of_every_shipped_game_states_an_rtp_within_the_default_bounds(tmp_path):
    cfg = config(tmp_path)
    assert (cfg.rtp_bounds.min, cfg.rtp_bounds.max) == (0.80, 0.99)
    low, high = Fraction(80, 100), Fraction(99, 100)
    for gid, spec in GAMES.items():
        library = LIBRARIES.get(spec)
        for mode in spec.modes:
            assert low <= rtp_fraction(spec.rtp[mode.id]) <= high, (gid, mode.id)
            assert low <= library.books(mode.id).rtp() <= high, (gid, mode.id)
        assert rtp_bounds.rtp_out_of_bounds(cfg, spec, library) is None
    offer = startup.offer_games(cfg, dict(GAMES), LIBRARIES)
    assert set(offer.games) == set(GAMES) and offer.refused == {}


@pytest.mark.parametrize("game, scale, mode, shown", [
    ("happy_money_hens", {"*": 10}, "base", "945.00%"),
    ("happy_money_hens", {"*": Fraction(1, 10)}, "base", "9.45%"),
    ("grinning_harvest", {"buy_patch": 10}, "buy_patch", "943.20%"),
    ("piggy_farm", {"risk_the_farm": Fraction(1001, 967)}, "risk_the_farm", "100.10%"),
])
@pytest.mark.parametrize("source", ["books", "live"])
def test_a_game_stating_an_rtp_outside_the_bounds_is_not_offered_and_the_others_are(tmp_path, game, scale, mode,
                                                                                      shown, source):
    spec = GAMES[game]
    restated = dataclasses.replace(spec, rtp={m: float(rtp_fraction(r) * scale.get(m, scale.get("*", 1)))
                                              for m, r in spec.rtp.items()})
    offer = startup.offer_games(config(tmp_path, f"math_source: {source}\n"), {**GAMES, game: restated}, LIBRARIES)
    assert offer.refused == {game: f"{spec.name}: bet mode {mode} states RTP {shown}; {DEFAULT_BOUNDS}"}
    assert set(offer.games) == set(GAMES) - {game}


def test_the_bounds_come_from_the_config(tmp_path):
    hens, harvest = GAMES["happy_money_hens"], GAMES["grinning_harvest"]
    cfg = config(tmp_path, "rtp_bounds: {min: 0.9432, max: 0.95}\nmath_source: live\n")
    assert rtp_bounds.rtp_out_of_bounds(cfg, hens) is None
    assert rtp_bounds.rtp_out_of_bounds(cfg, harvest) == ("bet mode base states RTP 94.31%; allowed: 94.32%-95.00% "
                                                       "(config rtp_bounds)")
    cfg = config(tmp_path, "rtp_bounds: {min: 0.90, max: 0.9449}\n")
    assert rtp_bounds.rtp_out_of_bounds(cfg, hens) == ("bet mode base states RTP 94.50%; allowed: 90.00%-94.49% "
                                                    "(config rtp_bounds)")
    broken = dataclasses.replace(hens, rtp={**hens.rtp, "buy_triple": float("nan")})
    assert rtp_bounds.rtp_out_of_bounds(config(tmp_path), broken) == \
        f"bet mode buy_triple states RTP nan, not a number; {DEFAULT_BOUNDS}"
    unstated = dataclasses.replace(hens, rtp={m: r for m, r in hens.rtp.items() if m != "fortune_2"})
    assert rtp_bounds.rtp_out_of_bounds(config(tmp_path), unstated).startswith("bet mode fortune_2 states RTP None")


def _hair_off_stated() -> tuple[str, str, str, str]:
    """(game, a mode whose books return a hair over the stated figure, a mode a hair
    under, the stated figure as config writes it) of a game stating one RTP for all."""
    for gid, spec in GAMES.items():
        stated = {rtp_fraction(r) for r in spec.rtp.values()}
        if len(stated) != 1:
            continue
        target = stated.pop()
        library = LIBRARIES.get(spec)
        over = [m.id for m in spec.modes if library.books(m.id).rtp() > target]
        under = [m.id for m in spec.modes if library.books(m.id).rtp() < target]
        if over and under:
            return gid, over[0], under[0], str(spec.rtp[over[0]])
    raise AssertionError("no shipped game has books a hair over and under its stated RTP")


@pytest.mark.parametrize("side", ["max", "min"])
def test_the_bounds_hold_each_library_s_exact_rtp_as_well_as_the_stated_figure(tmp_path, side):
    gid, over, under, stated = _hair_off_stated()
    spec = GAMES[gid]
    bounds = f"{{min: 0.80, max: {stated}}}" if side == "max" else f"{{min: {stated}, max: 0.99}}"
    cfg = config(tmp_path, f"rtp_bounds: {bounds}\n")
    assert rtp_bounds.rtp_out_of_bounds(cfg, spec) is None                 # the stated figure is within
    offer = startup.offer_games(cfg, {gid: spec}, LIBRARIES)
    why = offer.refused[gid]
    mode = over if side == "max" else under
    pct = f"{float(rtp_fraction(stated)) * 100:.2f}%"
    allowed = f"allowed: 80.00%-{pct}" if side == "max" else f"allowed: {pct}-99.00%"
    assert why.startswith(f"{spec.name}: bet mode {mode}'s book library returns RTP "), why
    assert why.endswith(f" (stated {pct}); {allowed} (config rtp_bounds)"), why
    shown = Decimal(re.search(r"returns RTP ([0-9.]+)%", why).group(1))
    assert (shown > Decimal(stated) * 100) if side == "max" else (shown < Decimal(stated) * 100)
    live = config(tmp_path, f"rtp_bounds: {bounds}\nmath_source: live\n")       # no books: only the stated figure
    assert gid in startup.offer_games(live, {gid: spec}, LIBRARIES).games


def test_a_library_built_for_another_stated_rtp_is_refused_at_its_load():
    # books.py `_check_meta`: a library loads only for the RTP it was built for, and its
    # books' exact RTP within 1e-6 of it; so the library's figure and the stated agree
    spec = GAMES["piggy_farm"]
    restated = dataclasses.replace(spec, rtp={**spec.rtp, "ante": 0.966})
    with pytest.raises(LibraryError) as err:
        load_library(restated, ROOT / "games" / "piggy_farm" / "books")
    assert str(err.value).endswith("ante.npz: built for a stated RTP of 0.967, the game states 0.966")


def _copied_game(tmp_path: Path, gid: str, edit) -> Path:
    """A folder to put first on sys.path: a `games` package holding a copy of `gid` (its
    books left out) whose math.yaml is `edit(text)`; the other games are the shipped ones."""
    top = tmp_path / "copied"
    package = top / "games"
    shutil.copytree(ROOT / "games" / gid, package / gid, ignore=shutil.ignore_patterns("books", "__pycache__"))
    (package / "__init__.py").write_text(f"__path__.append({str(ROOT / 'games')!r})\n")
    math = package / gid / "math.yaml"
    text = math.read_text()
    math.write_text(edit(text))
    assert math.read_text() != text
    return top


@pytest.mark.slow
def test_a_copied_game_whose_math_yaml_states_ten_times_the_rtp_is_refused_by_check_config(tmp_path):
    top = _copied_game(tmp_path, "happy_money_hens", lambda t: t.replace("\nrtp: 0.945\n", "\nrtp: 9.45\n"))
    path = tmp_path / "config.yaml"
    path.write_text(f"data_dir: {tmp_path / 'data'}\n")
    code, out, err = _run_main("path", top, "--check-config", str(path))
    assert (code, err) == (0, []), err
    assert out.splitlines() == [f"{path}: ok", "happy_money_hens: not offered: Happy Money Hens: bet mode base states "
                                               f"RTP 945.00%; {DEFAULT_BOUNDS}"]


# ------------------------------------------------------------------ pictures decoded at the check (item 6)

def _assets_with(tmp_path: Path, rel: str, data: bytes) -> Path:
    root = tmp_path / "assets"
    shutil.copytree(assets.ROOT, root)
    (root / rel).write_bytes(data)
    return root


@pytest.mark.parametrize("damage", ["noise_under_good_crcs", "30000x30000"])
def test_a_damaged_picture_takes_its_game_off_offer_and_the_lobby_opens_with_the_others(tmp_path, monkeypatch,
                                                                                        damage):
    from cabinet.core.cabinet import Cabinet
    from cabinet.ui.app import App, start_scenes
    from cabinet.ui.clock import ManualClock
    from cabinet.ui.lobby import Lobby
    data = garbage_png() if damage == "noise_under_good_crcs" else huge_png()
    assert asset_formats._png_damage(data) is None                      # what the check read before: every CRC right
    if damage == "noise_under_good_crcs":
        assert not pygame_loads(data)                            # the lobby's first frame would have raised
    picture = "piggy_farm/farm/symbols/GP.png"                   # Piggy Farm's lobby tile draws it
    monkeypatch.setattr(assets, "ROOT", _assets_with(tmp_path, picture, data))
    cfg = config(tmp_path, "math_source: live\n")
    plan = startup.prepare_config(cfg, create=True, libraries=LIBRARIES)
    why = plan.offer.refused["piggy_farm"]
    expected = ("cannot be decoded (its image data does not inflate: " if damage == "noise_under_good_crcs" else
                "is 30000x30000 pixels; allowed: pictures up to 8192 pixels a side")
    assert why.startswith(f"Piggy Farm: assets/{picture} {expected}"), why
    assert "allowed:" in why and "\n" not in why
    assert set(plan.offer.games) == {"happy_money_hens", "grinning_harvest"}
    cabinet = Cabinet(cfg, plan=plan, seed=7)
    app = App(cfg, cabinet, size=(960, 540), clock=ManualClock())
    try:
        start_scenes(app)
        app.step(1 / 60)
        app.step(1 / 60)
        lobby = app.stack.top
        assert isinstance(lobby, Lobby)
        assert sorted(spec.id for spec in lobby.specs) == ["grinning_harvest", "happy_money_hens"]
    finally:
        app.checkpoints.close()
        if cabinet.ledger is not None:
            cabinet.ledger.close()
        pygame.display.quit()


def test_an_operator_choosing_a_skin_with_a_damaged_picture_is_refused_naming_it(tmp_path, monkeypatch):
    picture = "piggy_farm/night/backdrop.png"
    monkeypatch.setattr(assets, "ROOT", _assets_with(tmp_path, picture, garbage_png()))
    cfg = config(tmp_path, "math_source: live\n")
    offer = startup.offer_games(cfg, dict(GAMES), LIBRARIES)
    assert "piggy_farm" in offer.games                               # the default skin is whole
    night = config(tmp_path, "math_source: live\ngames:\n  piggy_farm: {skin: night}\n")
    assert startup.reoffer(night, offer).refused["piggy_farm"].startswith(
        f"Piggy Farm: assets/{picture} cannot be decoded (")


# ------------------------------------------------------------------ shared files refuse the start

def _damaged_font(tmp_path: Path) -> Path:
    font = assets.ROOT / assets.FONTS["regular"]
    data = bytearray(font.read_bytes())
    count = struct.unpack_from(">H", data, 4)[0]
    tables = {bytes(data[12 + 16 * i:16 + 16 * i]): struct.unpack_from(">II", data, 20 + 16 * i) for i in range(count)}
    offset, length = tables[b"glyf"]
    data[offset + length // 3] ^= 0x21                              # a glyph's outline, the file's size and start kept
    return _assets_with(tmp_path, assets.FONTS["regular"], bytes(data))


FONT_LINE = ("config error: the cabinet's font: assets/fonts/Lato-Bold.ttf cannot be decoded (its table 'glyf' "
             "fails its checksum); allowed: the files of assets/fonts/ as shipped")


@pytest.mark.slow
def test_a_damaged_shared_font_refuses_the_start_in_one_line(tmp_path, monkeypatch):
    root = _damaged_font(tmp_path)
    path = tmp_path / "config.yaml"
    path.write_text(f"data_dir: {tmp_path / 'data'}\n")
    for argv in (["--check-config", str(path)], ["--config", str(path), "--meters"]):
        code, out, err = _run_main("assets", root, *argv)
        assert (code, err) == (2, [FONT_LINE]), (argv, code, err)
        assert "Traceback" not in out
    assert not (tmp_path / "data").exists()
    monkeypatch.setattr(assets, "ROOT", root)                       # in process: the same line
    with pytest.raises(ConfigError) as err:
        startup.prepare_config(config(tmp_path), create=True, libraries=LIBRARIES)
    assert f"config error: {err.value}" == FONT_LINE


@pytest.mark.parametrize("rel, data, words", [
    ("cabinet/default/lobby/emblem_rings.svg", b'<svg xmlns="http://www.w3.org/2000/svg" width="40000" height="10"/>',
     "the cabinet's own files: assets/cabinet/default/lobby/emblem_rings.svg is 40000x10 pixels; allowed: pictures"),
    ("sounds/click.wav", b"RIFF" + struct.pack("<I", 4) + b"WAVE",
     "the cabinet's own files: assets/sounds/click.wav cannot be decoded (no data chunk); allowed: the files of "
     "assets/cabinet/ and assets/sounds/ as shipped"),
])
def test_a_damaged_shared_picture_or_cue_refuses_the_start_in_one_line(tmp_path, monkeypatch, rel, data, words):
    assert (assets.ROOT / rel).is_file()
    monkeypatch.setattr(assets, "ROOT", _assets_with(tmp_path, rel, data))
    with pytest.raises(ConfigError) as err:
        startup.prepare_config(config(tmp_path), create=True, libraries=LIBRARIES)
    assert words in str(err.value) and "\n" not in str(err.value)
    assert not (tmp_path / "data").exists()
