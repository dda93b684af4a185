"""Music written as code: a `Score` of parts (General MIDI instruments), each part's
notes placed in beats, written out as a MIDI file (mido) for FluidSynth to play
(cabinet/ui/music_render.py). Only the asset build uses this; the cabinet plays the
rendered OGG files.

A theme is composed from sections (`Section`: bars of chord symbols and a melody in
scale degrees of the key) and parts that follow the chords in a style: a bass line
(`bass`), an accompaniment (`comp`), a drum groove (`drums`), a melody (`melody`).
A theme is data: its sections and a list of `Voice`s (instrument, role, mix, the
style's words) that `arrange` lays out and plays; a game's tools/music.py holds only that.

    melody text:  "4/1 3/.5 2/.5 | 1/2 r/2"   degree/beats; r a rest; #4 / b7 raise or
                  lower a degree; '4 an octave up, ,4 an octave down; | a bar line (checked)
    chord symbol: "C", "Am", "F#m7", "Bb7", "Gmaj7", "Ddim", "Esus4", "C/E"
"""
from __future__ import annotations

from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any, Callable

NOTE = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}
QUALITY = {"": (0, 4, 7), "m": (0, 3, 7), "7": (0, 4, 7, 10), "m7": (0, 3, 7, 10), "maj7": (0, 4, 7, 11),
           "dim": (0, 3, 6), "dim7": (0, 3, 6, 9), "sus4": (0, 5, 7), "aug": (0, 4, 8), "6": (0, 4, 7, 9),
           "m6": (0, 3, 7, 9), "9": (0, 4, 7, 10, 14), "add9": (0, 4, 7, 14), "m9": (0, 3, 7, 10, 14)}
SCALE = {"major": (0, 2, 4, 5, 7, 9, 11), "minor": (0, 2, 3, 5, 7, 8, 10), "harmonic": (0, 2, 3, 5, 7, 8, 11),
         "dorian": (0, 2, 3, 5, 7, 9, 10), "mixolydian": (0, 2, 4, 5, 7, 9, 10)}
DRUM = {"kick": 36, "snare": 38, "rim": 37, "clap": 39, "hat": 42, "pedal": 44, "open": 46, "crash": 49,
        "ride": 51, "bell": 53, "tamb": 54, "splash": 55, "cow": 56, "tom_lo": 45, "tom_mid": 47, "tom_hi": 50,
        "floor": 41, "shaker": 70, "wood_hi": 76, "wood_lo": 77, "tri": 81, "bongo": 60, "conga": 63,
        "cabasa": 69, "chimes": 84, "castanets": 85}


def pitch_class(name: str) -> int:
    pc = NOTE[name[0]]
    for acc in name[1:]:
        pc += 1 if acc == "#" else -1
    return pc % 12


def chord(symbol: str) -> tuple[int, tuple[int, ...], int]:
    """(root pitch class, intervals, bass pitch class) of a chord symbol."""
    head, _, slash = symbol.partition("/")
    n = 2 if len(head) > 1 and head[1] in "#b" else 1
    root = pitch_class(head[:n])
    quality = head[n:]
    if quality not in QUALITY:
        raise ValueError(f"chord {symbol!r}: quality {quality!r}; allowed: {', '.join(repr(q) for q in QUALITY)}")
    return root, QUALITY[quality], pitch_class(slash) if slash else root


def near(pc: int, around: int) -> int:
    """The MIDI note of pitch class `pc` nearest to note `around`."""
    base = around - (around - pc) % 12
    return base if around - base <= 6 else base + 12


@dataclass
class Key:
    tonic: int                   # MIDI note of degree 0 (60 = middle C)
    scale: str = "major"

    def pitch(self, token: str) -> int:
        """A degree token of a melody ('4', '#4', "'2", ',5', 'b7') as a MIDI note."""
        shift = 0
        while token and token[0] in "',":
            shift += 12 if token[0] == "'" else -12
            token = token[1:]
        acc = 0
        while token and token[0] in "#b":
            acc += 1 if token[0] == "#" else -1
            token = token[1:]
        degree = int(token)
        steps = SCALE[self.scale]
        octave, idx = divmod(degree, 7)
        return self.tonic + 12 * octave + steps[idx] + acc + shift


def parse_melody(text: str, beats_per_bar: float) -> list[tuple[float, str | None, float]]:
    """'4/1 r/.5 ...' -> [(beat, degree token or None, length)]; each '|'-bar must be full."""
    out, beat = [], 0.0
    for b, bar in enumerate(text.split("|")):
        start = beat
        for tok in bar.split():
            deg, _, length = tok.partition("/")
            size = float(length or 1)
            out.append((beat, None if deg == "r" else deg, size))
            beat += size
        if "|" in text and abs(beat - start - beats_per_bar) > 1e-6 and bar.strip():
            raise ValueError(f"melody bar {b + 1} holds {beat - start} beats, not {beats_per_bar}: {bar.strip()!r}")
    return out


@dataclass
class Note:
    beat: float
    pitch: int
    length: float
    velocity: int


@dataclass
class Part:
    name: str
    program: int                 # General MIDI program, 0-based (0 piano, 40 violin ...)
    channel: int                 # 9 is the drum channel
    volume: int = 100
    pan: int = 64                # 0 left .. 127 right
    reverb: int = 40
    chorus: int = 0
    notes: list[Note] = field(default_factory=list)

    def add(self, beat: float, pitch: int, length: float, velocity: int = 90) -> None:
        self.notes.append(Note(beat, int(pitch), length, max(1, min(127, int(velocity)))))

    def chord(self, beat: float, pitches, length: float, velocity: int = 80, strum: float = 0.0) -> None:
        for i, p in enumerate(pitches):
            self.add(beat + i * strum, p, length - i * strum, velocity)


@dataclass
class Section:
    """Bars of chords (one symbol per bar, or several sharing it: 'C G') and a melody."""
    chords: list[str]
    melody: str = ""
    energy: int = 2              # 1 quiet .. 3 full: how busy the parts play


class Score:
    """Parts on one tempo grid; `midi(passes)` plays it `passes` times back to back."""

    def __init__(self, bpm: int, beats_per_bar: int = 4, swing: float = 0.0):
        self.bpm, self.beats_per_bar, self.swing = bpm, beats_per_bar, swing
        self.parts: dict[str, Part] = {}
        self.length_beats = 0.0

    def part(self, name: str, program: int, channel: int | None = None, **kw) -> Part:
        ch = channel if channel is not None else [c for c in range(16) if c != 9][len(self.parts) % 15]
        self.parts[name] = Part(name, program, ch, **kw)
        return self.parts[name]

    @property
    def tempo_us(self) -> int:
        return round(60_000_000 / self.bpm)

    @property
    def seconds(self) -> float:
        return self.length_beats * self.tempo_us / 1e6

    def _swung(self, beat: float) -> float:
        """Off-beat eighths pushed late by `swing` of an eighth (a shuffle feel)."""
        whole, frac = divmod(beat, 1.0)
        return whole + (frac + self.swing * 0.5 if abs(frac - 0.5) < 1e-6 else frac)

    def midi(self, passes: int = 1, tail_seconds: float = 3.0, ppq: int = 480):
        """The score as a mido.MidiFile, played `passes` times, plus a silent tail so
        the last notes and the reverb ring out in a render."""
        import mido
        mid = mido.MidiFile(type=1, ticks_per_beat=ppq)
        meta = mido.MidiTrack()
        meta.append(mido.MetaMessage("set_tempo", tempo=self.tempo_us, time=0))
        meta.append(mido.MetaMessage("time_signature", numerator=self.beats_per_bar, denominator=4, time=0))
        end_beat = self.length_beats * passes + tail_seconds * self.bpm / 60
        meta.append(mido.MetaMessage("end_of_track", time=round(end_beat * ppq)))
        mid.tracks.append(meta)
        for part in self.parts.values():
            track = mido.MidiTrack()
            ch = part.channel
            events: list[tuple[int, int, Any]] = []         # (tick, off 0 / on 1, a mido message)
            setup = [mido.Message("control_change", channel=ch, control=7, value=part.volume),
                     mido.Message("control_change", channel=ch, control=10, value=part.pan),
                     mido.Message("control_change", channel=ch, control=91, value=part.reverb),
                     mido.Message("control_change", channel=ch, control=93, value=part.chorus)]
            if ch != 9:
                setup.append(mido.Message("program_change", channel=ch, program=part.program))
            for k in range(passes):
                offset = k * self.length_beats
                for n in part.notes:
                    on = round((offset + self._swung(n.beat)) * ppq)
                    off = max(on + 1, round((offset + self._swung(n.beat + n.length)) * ppq) - 2)
                    events.append((on, 1, mido.Message("note_on", channel=ch, note=n.pitch, velocity=n.velocity)))
                    events.append((off, 0, mido.Message("note_off", channel=ch, note=n.pitch, velocity=0)))
            events.sort(key=itemgetter(0, 1))            # by tick, a note's off before the next on
            now = 0
            for msg in setup:
                track.append(msg)
            for tick, _, msg in events:
                msg.time = tick - now
                now = tick
                track.append(msg)
            track.append(mido.MetaMessage("end_of_track", time=max(0, round(end_beat * ppq) - now)))
            mid.tracks.append(track)
        return mid


# == the styles parts play in ==================================================

def bars(sections: list[Section], bpb: int):
    """(bar index, beat of the bar, [(beat, chord symbol, beats)], section, bar in section)."""
    i = 0
    for sec in sections:
        for j, symbols in enumerate(sec.chords):
            names = symbols.split()
            each = bpb / len(names)
            yield i, i * bpb, [(i * bpb + k * each, s, each) for k, s in enumerate(names)], sec, j
            i += 1


def layout(score: Score, sections: list[Section]) -> None:
    score.length_beats = sum(len(s.chords) for s in sections) * score.beats_per_bar


def melody(part: Part, score: Score, sections: list[Section], key: Key, velocity: int = 96,
           legato: float = 0.92, accent_downbeat: int = 8, which=None, octave: int = 0) -> None:
    """Each section's melody from its start, in `key` (only sections `which`, if given;
    `octave` shifts it, for a doubling)."""
    start = 0
    for i, sec in enumerate(sections):
        for beat, deg, length in parse_melody(sec.melody, score.beats_per_bar) if which is None or i in which else []:
            if deg is not None:
                v = velocity + (accent_downbeat if beat % score.beats_per_bar == 0 else 0) + (sec.energy - 2) * 6
                part.add(start + beat, key.pitch(deg) + 12 * octave, length * legato, v)
        start += len(sec.chords) * score.beats_per_bar


def bass(part: Part, score: Score, sections: list[Section], style: str = "root5", low: int = 40,
         velocity: int = 92) -> None:
    """A bass line: 'root5' (root, fifth), 'pump' (eighths on the root), 'walk' (quarters
    walking to the next chord), 'oompah' (root and fifth on the strong beats), 'drone'."""
    bpb = score.beats_per_bar
    plan = list(bars(sections, bpb))
    flat = [c for _, _, chords, _, _ in plan for c in chords]
    for idx, (beat, sym, length) in enumerate(flat):
        root, iv, bass_pc = chord(sym)
        r = near(bass_pc, low + 5)
        fifth = r + 7 if r + 7 <= low + 16 else r - 5
        nxt = chord(flat[(idx + 1) % len(flat)][1])[2]
        if style == "pump":
            for k in range(int(length * 2)):
                part.add(beat + k * 0.5, r if k % 8 != 7 else fifth, 0.45, velocity - (0 if k % 2 == 0 else 12))
        elif style == "walk":
            third = near((root + iv[1]) % 12, r + 4)
            target = near(nxt, r)
            approach = target - 1 if target > r else target + 1
            line = [r, third, fifth, approach][:max(1, int(length))]
            for k, p in enumerate(line):
                part.add(beat + k, p, 0.9, velocity - (0 if k == 0 else 10))
        elif style == "oompah":
            for k in range(0, int(length), 2):
                part.add(beat + k, r if (k // 2) % 2 == 0 else fifth, 0.8, velocity)
        elif style == "drone":
            part.add(beat, r, length * 0.98, velocity)
        else:                                                # root5
            part.add(beat, r, min(1.5, length) * 0.9, velocity)
            if length >= 3:
                part.add(beat + 2, fifth, 0.9, velocity - 10)
                part.add(beat + 3.5, r + 12 if length >= 4 else r, 0.45, velocity - 20)


def comp(part: Part, score: Score, sections: list[Section], style: str = "pad", center: int = 62,
         velocity: int = 70) -> None:
    """The chords: 'pad' (held), 'strum' (every beat, strummed), 'offbeat' (the ands),
    'arp' (eighth-note arpeggio), 'arp16' (sixteenths), 'stabs' (1 and the and of 2)."""
    for _, _, chords, sec, _ in bars(sections, score.beats_per_bar):
        for beat, sym, length in chords:
            root, iv, _ = chord(sym)
            voicing = sorted(near((root + i) % 12, center) for i in iv)
            v = velocity + (sec.energy - 2) * 8
            if style == "pad":
                part.chord(beat, voicing, length * 0.98, v)
            elif style == "strum":
                for k in range(int(length)):
                    part.chord(beat + k, voicing if k % 2 == 0 else voicing[::-1], 0.9, v - (6 if k % 2 else 0), 0.012)
            elif style == "offbeat":
                for k in range(int(length)):
                    part.chord(beat + k + 0.5, voicing, 0.4, v)
            elif style == "stabs":
                part.chord(beat, voicing, 0.4, v + 6)
                if length >= 3:
                    part.chord(beat + 1.5, voicing, 0.4, v)
            elif style in ("arp", "arp16"):
                step = 0.5 if style == "arp" else 0.25
                tones = voicing + [voicing[0] + 12]
                order = tones + tones[-2:0:-1]
                for k in range(int(length / step)):
                    part.add(beat + k * step, order[k % len(order)], step * 1.6, v - (0 if k % 2 == 0 else 8))
            else:
                raise ValueError(f"comp style {style!r}")


def drums(part: Part, score: Score, sections: list[Section], grooves: dict[int, dict[str, str]],
          fill: dict[str, str] | None = None, crash_each_section: bool = True, velocity: int = 96) -> None:
    """A groove per section energy: {energy: {drum: 16-step pattern}}, 'x' hit, 'o' soft,
    '.' rest (a bar of 16 sixteenths in 4/4); `fill` replaces the last bar of a section."""
    bpb = score.beats_per_bar
    steps = bpb * 4
    for _, start, _, sec, j in bars(sections, bpb):
        last = j == len(sec.chords) - 1
        pattern = fill if (last and fill) else grooves.get(sec.energy) or grooves[max(grooves)]
        for name, grid in pattern.items():
            for k, ch in enumerate(grid[:steps]):
                if ch in "xo":
                    part.add(start + k / 4, DRUM[name], 0.2, velocity if ch == "x" else velocity - 34)
        if crash_each_section and j == 0:
            part.add(start, DRUM["crash"], 1.0, velocity)


# == a theme as data: its voices, arranged ======================================

MIX = ("channel", "volume", "pan", "reverb", "chorus")     # a Part's settings; a Voice's other words are its style's


class Voice:
    """One part of a theme: General MIDI `program` as part `name`, playing `role` (one
    of ROLES: melody, comp, bass, drums). `args` follow (part, score, sections) in the
    style's call (a comp or bass style; a drum groove and its fill); of the keywords,
    MIX are the part's mix and the rest the style's (velocity, which, octave, center...)."""

    def __init__(self, role: str, name: str, program: int, *args: Any, **kw: Any):
        if role not in ROLES:
            raise ValueError(f"voice {name!r}: role {role!r}; allowed: {', '.join(ROLES)}")
        self.role, self.name, self.program, self.args = role, name, program, args
        self.mix = {k: v for k, v in kw.items() if k in MIX}
        self.play = {k: v for k, v in kw.items() if k not in MIX}


def arrange(score: Score, key: Key, sections: list[Section], voices: list[Voice]) -> Score:
    """A theme from its data: the sections laid out, then each voice's part added and
    played in turn (the order gives the parts their MIDI channels). A game's
    tools/music.py holds only its tunes, grooves, sections and voices."""
    layout(score, sections)
    for voice in voices:
        part = score.part(voice.name, voice.program, **voice.mix)
        lead = (key,) if voice.role == "melody" else ()
        ROLES[voice.role](part, score, sections, *lead, *voice.args, **voice.play)
    return score


ROLES: dict[str, Callable[..., None]] = {"melody": melody, "comp": comp, "bass": bass, "drums": drums}
