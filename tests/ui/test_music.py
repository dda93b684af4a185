"""The music and fanfares (issue #35 item 5): what the shipped files hold, measured
decoded (soundfile), how the scores are written, and how the cabinet plays them
(cabinet/ui/audio.py: the theme a scene asks for, the crossfade, the fanfare's duck)."""
from __future__ import annotations

import math
import os
import shutil
import subprocess
import sys

import numpy as np
import pytest

from cabinet.core import assets
from cabinet.ui import celebration, loudness, music_render
from cabinet.ui.score import Key, Score, Section, chord, parse_melody

soundfile = pytest.importorskip("soundfile")
GAMES = ("happy_money_hens", "grinning_harvest", "piggy_farm")
MOMENTS = ("moment.bonus_start", "moment.pot_won", "moment.jackpot", "moment.full_board", "moment.great_skull",
           "moment.wheel_upgrade", "moment.max_win", "moment.summary")


def decoded(path):
    x, rate = soundfile.read(str(path), dtype="float32", always_2d=True)
    assert rate == 44100, path
    return x


def themes() -> dict[str, object]:
    out = {"music.lobby": assets.read_manifest(assets.CABINET).sound_path("music.lobby")}
    for game in GAMES:
        manifest = assets.read_manifest(game)
        for theme in ("base", "feature"):
            out[f"music.{game}.{theme}"] = manifest.sound_path(f"music.{game}.{theme}")
    return out


@pytest.fixture(scope="module")
def theme_audio():
    return {name: decoded(path) for name, path in themes().items()}


@pytest.mark.slow
def test_every_game_has_a_base_and_a_feature_theme_and_the_lobby_its_own(theme_audio):
    assert len(theme_audio) == 7
    bodies = {name: themes()[name].read_bytes() for name in theme_audio}
    assert len(set(bodies.values())) == 7                        # seven different pieces
    for name, x in theme_audio.items():
        assert x.shape[1] == 2, name                             # stereo
        assert not np.allclose(x[:, 0], x[:, 1]), name           # really two channels (the parts are panned)


@pytest.mark.slow
def test_themes_last_at_least_a_minute_and_never_reach_full_scale(theme_audio):
    for name, x in theme_audio.items():
        m = loudness.measure(x, 44100)
        assert m["seconds"] >= 60.0, (name, m["seconds"])
        assert m["peak_db"] <= -1.0, (name, m["peak_db"])
        assert np.count_nonzero(np.abs(x) >= 0.999) == 0, name   # no clipped sample


@pytest.mark.slow
def test_themes_loop_without_a_click_at_the_loop_point(theme_audio):
    """The step from the last sample back to the first is an ordinary step of the
    music (at most its own 99.9th percentile), not a jump."""
    for name, x in theme_audio.items():
        jump, usual = loudness.loop_jump(x)
        assert jump <= usual, (name, jump, usual)
        # and the loop is a whole number of bars of its tempo (cut at a bar line)


def test_the_loop_point_is_at_a_bar_line():
    from games.grinning_harvest.tools import music as gh
    from games.happy_money_hens.tools import music as hmh
    from games.piggy_farm.tools import music as pf
    from cabinet.ui import cabinet_music
    scores = {"music.lobby": cabinet_music.lobby()}
    for game, module in zip(GAMES, (hmh, gh, pf)):
        scores.update({f"music.{game}.{t}": make() for t, make in module.THEMES.items()})
    for name, path in themes().items():
        score = scores[name]
        bars_ = score.length_beats / score.beats_per_bar
        assert bars_ == int(bars_) and bars_ >= 28, name
        assert soundfile.info(str(path)).frames == round(score.seconds * 44100), name


@pytest.mark.slow
def test_themes_are_equally_loud(theme_audio):
    levels = {name: loudness.lufs(x, 44100) for name, x in theme_audio.items()}
    assert max(levels.values()) - min(levels.values()) <= 1.0, levels
    assert all(abs(v - music_render.THEME_LUFS) <= 0.5 for v in levels.values()), levels


def test_themes_are_full_band_not_a_muffled_loop(theme_audio):
    """Real instruments carry energy well above 2 kHz: the 4-8 kHz and 8-16 kHz bands
    each hold more than -35 dB of the music's energy (the old synthesised loop: -57 and
    -60 dB, nothing above about 2.2 kHz)."""
    for name, x in theme_audio.items():
        mono = x[:44100 * 20].mean(axis=1)
        spectrum = np.abs(np.fft.rfft(mono)) ** 2
        freqs = np.fft.rfftfreq(len(mono), 1 / 44100)
        for low, high in ((4000, 8000), (8000, 16000)):
            share = 10 * math.log10(spectrum[(freqs >= low) & (freqs < high)].sum() / spectrum.sum())
            assert share > -35, (name, low, high, share)


def test_each_celebration_has_a_fanfare_as_long_as_it_stays_up():
    manifest = assets.read_manifest(assets.CABINET)
    for tier, name in celebration.FANFARE.items():
        x = decoded(manifest.sound_path(name))
        m = loudness.measure(x, 44100)
        assert abs(m["seconds"] - celebration.lasts(tier)) <= 0.02, (name, m["seconds"], celebration.lasts(tier))
        assert m["channels"] == 2 and m["peak_db"] <= -1.0, (name, m)
        assert m["rms_db"] > -30, name                                   # it is heard
        assert np.abs(x[-441:]).max() < 0.01, name                        # it ends, faded, with the celebration
    assert celebration.lasts("big") < celebration.lasts("mega") < celebration.lasts("epic") < celebration.lasts("max")


def test_every_big_moment_has_its_cue_in_the_cabinet_catalogue():
    manifest = assets.read_manifest(assets.CABINET)
    for name in MOMENTS:
        x = decoded(manifest.sound_path(name))
        m = loudness.measure(x, 44100)
        assert m["channels"] == 2 and m["peak_db"] <= -1.0 and 2.0 <= m["seconds"] <= 6.0, (name, m)
    levels = [
        loudness.lufs(decoded(manifest.sound_path(n)), 44100)
        for n in MOMENTS + tuple(celebration.FANFARE.values())
        if n in manifest.sounds
    ]
    assert max(levels) - min(levels) <= 1.0


# == the scores ================================================================

def test_a_melody_bar_that_does_not_fill_its_bar_is_refused():
    assert [(b, d, n) for b, d, n in parse_melody("0/1 2/1 4/2 | r/4", 4)] == [
        (0.0, "0", 1.0), (1.0, "2", 1.0), (2.0, "4", 2.0), (4.0, None, 4.0)]
    with pytest.raises(ValueError, match="melody bar 2 holds 3.0 beats, not 4"):
        parse_melody("0/4 | 1/1 2/2", 4)


def test_chords_and_degrees_spell_the_notes():
    assert chord("F#m7") == (6, (0, 3, 7, 10), 6)
    assert chord("C/E") == (0, (0, 4, 7), 4)
    with pytest.raises(ValueError, match="quality 'x'"):
        chord("Cx")
    g = Key(67)                                 # G major from G4
    assert [g.pitch(t) for t in ("0", "2", "#3", "b6", "'0", ",4", "7")] == [67, 71, 73, 77, 79, 62, 79]


def test_a_score_played_twice_is_twice_as_long_with_every_note():
    mido = pytest.importorskip("mido")
    s = Score(120)
    sec = [Section(["C", "G"], "0/4 | 4/4")]
    from cabinet.ui.score import layout, melody
    layout(s, sec)
    melody(s.part("lead", 0), s, sec, Key(60))
    mid = s.midi(passes=2, tail_seconds=0)
    ons = [m for m in mid.tracks[1] if m.type == "note_on"]
    assert [m.note for m in ons] == [60, 67, 60, 67]
    assert mid.length == pytest.approx(8.0)
    assert isinstance(mid, mido.MidiFile)


def test_loudness_of_a_full_scale_997_hz_sine_is_minus_3_lufs():
    """BS.1770's reference: a 0 dBFS 997 Hz sine in one channel reads -3.01 LUFS."""
    t = np.arange(44100 * 5) / 44100
    sine = np.sin(2 * math.pi * 997 * t)
    assert loudness.lufs(sine, 44100) == pytest.approx(-3.01, abs=0.05)
    m = loudness.measure(np.stack([sine * 0.5, sine * 0.5], axis=1), 44100)
    assert m["peak_db"] == pytest.approx(-6.02, abs=0.01) and m["rms_db"] == pytest.approx(-9.03, abs=0.01)


def test_the_limiter_keeps_a_loop_continuous_and_below_its_ceiling():
    t = np.arange(44100) / 44100
    x = np.stack([np.sin(2 * math.pi * 5 * t), np.sin(2 * math.pi * 5 * t)], axis=1).astype(np.float32)
    out = music_render.limit(x, 0.5, wrap=True)
    assert np.abs(out).max() <= 0.5 + 1e-6
    jump, usual = loudness.loop_jump(out)
    assert jump <= usual * 1.001                # a sine's steps are all alike: the wrap is one of them


def test_without_fluidsynth_or_the_soundfont_make_assets_says_what_to_install(tmp_path):
    env = {**os.environ, "CABINET_SOUNDFONT": str(tmp_path / "missing.sf2"), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    run = subprocess.run([sys.executable, "-m", "cabinet.ui.asset_build"], capture_output=True, text=True, env=env,
                         cwd=assets.ROOT.parent, timeout=120)
    assert run.returncode != 0
    assert "apt-get install -y fluidsynth fluid-soundfont-gm" in run.stderr
    assert "Traceback" not in run.stderr and run.stderr.count("\n") <= 2


@pytest.mark.slow
@pytest.mark.skipif(not (os.path.isfile(music_render.SOUNDFONTS[0]) and shutil.which("fluidsynth")),
                    reason="no FluidSynth or SoundFont here (the asset build's tools)")
def test_a_rendered_cue_is_the_same_bytes_every_time(tmp_path):
    from cabinet.ui import cabinet_music
    a, b = tmp_path / "a.ogg", tmp_path / "b.ogg"
    music_render.cue(a, cabinet_music.wheel_upgrade(), 2.5)
    music_render.cue(b, cabinet_music.wheel_upgrade(), 2.5)
    assert a.read_bytes() == b.read_bytes()
    assert a.read_bytes() == (assets.ROOT / "sounds" / "moments" / "wheel_upgrade.ogg").read_bytes()
