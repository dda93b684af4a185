"""How the cabinet plays its music (cabinet/ui/audio.py) on the dummy audio device:
themes decode in the background once the loop runs, a new theme crossfades in over
CROSSFADE seconds, a fanfare ducks the music, the music switch and volumes work."""
from __future__ import annotations

import time as real_time

import pytest

from cabinet.core import assets
from cabinet.ui import audio as audio_mod

GH = assets.read_manifest("grinning_harvest")


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def audio(monkeypatch):
    clock = Clock()
    monkeypatch.setattr(audio_mod.time, "monotonic", clock)
    a = audio_mod.Audio(0.8, 0.5)
    if not a.available:
        pytest.skip("no mixer here at all: tests/ui/test_menus.py covers the silent cabinet")
    for cue in ("music.grinning_harvest.base", "music.grinning_harvest.feature"):
        a.add_file(cue, GH.sound_path(cue))
    a.clock = clock
    yield a
    a.stop_music()


def frames(a, seconds: float, dt: float = 0.05) -> None:
    for _ in range(round(seconds / dt)):
        a.clock.now += dt
        a.poll()


def until_playing(a, name: str) -> None:
    deadline = real_time.monotonic() + 60                    # a busy machine decodes slowly
    while a.playing_track != name and real_time.monotonic() < deadline:
        frames(a, 0.05)
        real_time.sleep(0.01)
    assert a.playing_track == name


def test_nothing_decodes_before_the_loop_starts_then_the_wanted_theme_plays(audio):
    audio.want("music.grinning_harvest.base")
    frames(audio, 0.5)
    assert audio.playing_track is None and not audio._themes          # a test app never pays for decoding
    audio.start_music()
    until_playing(audio, "music.grinning_harvest.base")
    frames(audio, audio_mod.CROSSFADE + 0.1)
    voice = audio._voices[-1]
    assert voice.gain == 1.0 and voice.channel.get_busy()


def test_a_new_theme_crossfades_in_while_the_old_one_fades_out(audio):
    audio.want("music.grinning_harvest.base")
    audio.start_music()
    until_playing(audio, "music.grinning_harvest.base")
    frames(audio, audio_mod.CROSSFADE)
    audio.want("music.grinning_harvest.feature")
    until_playing(audio, "music.grinning_harvest.feature")
    frames(audio, audio_mod.CROSSFADE / 2)
    old, new = audio._voices
    assert old.name.endswith("base") and new.name.endswith("feature")
    assert 0.3 < old.gain < 0.7 and 0.3 < new.gain < 0.7 and old.channel is not new.channel
    assert old.channel.get_busy() and new.channel.get_busy()
    frames(audio, audio_mod.CROSSFADE / 2 + 0.1)
    assert [v.name for v in audio._voices] == ["music.grinning_harvest.feature"] and not old.channel.get_busy()


def test_no_theme_fades_the_music_out_and_an_unknown_one_is_the_lobby(audio):
    audio.want("music.grinning_harvest.base")
    audio.start_music()
    until_playing(audio, "music.grinning_harvest.base")
    audio.want("")
    frames(audio, audio_mod.CROSSFADE + 0.1)
    assert audio.playing_track is None and not audio._voices
    audio.want("music.no_such_game.base")
    assert audio.track == audio_mod.LOBBY


def test_a_fanfare_ducks_the_music_and_it_comes_back_after(audio):
    audio.want("music.grinning_harvest.base")
    audio.start_music()
    until_playing(audio, "music.grinning_harvest.base")
    frames(audio, audio_mod.CROSSFADE)
    audio.play_fanfare("fanfare.big")
    frames(audio, 0.5)
    assert audio._duck == pytest.approx(audio_mod.DUCK)
    assert audio._voices[-1].channel.get_volume() == pytest.approx(audio_mod.DUCK, abs=0.01)
    audio.stop_fanfare(0)
    frames(audio, 1.0)
    assert audio._duck == 1.0


def test_the_music_switch_and_the_volumes_reach_the_theme(audio):
    audio.want("music.grinning_harvest.base")
    audio.start_music()
    until_playing(audio, "music.grinning_harvest.base")
    theme = audio._themes["music.grinning_harvest.base"]
    audio.set_levels(music=0.5)
    assert theme.get_volume() == pytest.approx(0.25, abs=0.01)           # the operator's 0.5 x the player's 0.5
    audio.set_music_volume(1.0)
    assert theme.get_volume() == pytest.approx(0.5, abs=0.01)
    audio.toggle_music()
    frames(audio, 0.1)
    assert audio.playing_track is None
    audio.toggle_music()
    frames(audio, 0.1)
    assert audio.playing_track == "music.grinning_harvest.base"
