"""Grinning Harvest's music (rendered by cabinet/ui/music_render.py in make_assets):

    base     "Pumpkin Patch Shuffle": spooky but fun, a tiptoeing shuffle in D minor at
             112 bpm: xylophone (the bones) on the tune, pizzicato strings, harpsichord,
             tuba oom-pah, woodblocks; a bassoon and celesta bridge; A A' B A'' (32 bars, 69 s)
    feature  "The Pumpkin Guardian": the Hold-and-Win bonus, driving strings in sixteenths
             under brass, organ and choir, timpani and toms, D minor with a Phrygian E flat
             at 132 bpm; A B A' C B' (36 bars, 65 s)
"""
from __future__ import annotations

from cabinet.ui.score import Key, Score, Section, bass, comp, drums, layout, melody

A1 = "0/.5 2/.5 4/.5 2/.5 7/1 4/1 | #6/.5 7/.5 4/.5 2/.5 0/2 | 3/.5 5/.5 7/.5 5/.5 3/1 5/1 | 4/.5 #6/.5 8/.5 #6/.5 4/2"
A_END = "7/.5 9/.5 11/.5 9/.5 7/1 4/1 | 5/.5 7/.5 9/.5 7/.5 5/2 | 3/.5 5/.5 1/.5 3/.5 #6/.5 1/.5 4/1 | 0/2 r/2"
A2_END = "9/.5 8/.5 7/.5 #6/.5 7/1 4/1 | 5/.5 4/.5 5/.5 7/.5 9/2 | 8/.5 7/.5 5/.5 3/.5 4/.5 #6/.5 8/1 | 7/3 r/1"
B = ("9/1.5 7/.5 6/2 | 8/1.5 6/.5 3/2 | 2/1 4/1 7/1 9/1 | 8/2 #6/2 | "
     "5/1.5 7/.5 9/2 | 8/.5 7/.5 5/.5 3/.5 5/2 | 1/1 #3/1 #5/1 7/1 | 8/.5 7/.5 #6/.5 5/.5 4/2")
SHUFFLE = {
    1: {"kick": "x.......x.......", "wood_hi": "..o...o...o...o.", "pedal": "....o.......o..."},
    2: {
        "kick": "x.......x..o....",
        "rim": "....x.......x...",
        "hat": "x.o.x.o.x.o.x.o.",
        "wood_lo": "......x.......x.",
    },
    3: {
        "kick": "x.......x.x.....",
        "snare": "....x.......x...",
        "hat": "x.x.x.x.x.x.x.x.",
        "wood_hi": "..x...x...x..x.x",
    },
}
SHUFFLE_FILL = {
    "kick": "x.......x.......",
    "wood_hi": "....x.x.x.......",
    "wood_lo": "..........x.x.x.",
    "snare": "............x...",
}


def base() -> Score:
    s = Score(112, swing=0.33)
    key = Key(62, "minor")                            # D minor, the tune from D4
    sections = [Section(["Dm", "Dm", "Gm", "A7", "Dm", "Bb", "Gm6 A7", "Dm"], f"{A1} | {A_END}", 2),
                Section(["Dm", "Dm", "Gm", "A7", "Dm", "Bb", "Gm A7", "Dm"], f"{A1} | {A2_END}", 2),
                Section(["F", "C", "Dm", "A", "Bb", "Gm", "E7", "A7"], B, 1),
                Section(["Dm", "Dm", "Gm", "A7", "Dm", "Bb", "Gm A7", "Dm"], f"{A1} | {A2_END}", 3)]
    layout(s, sections)
    melody(
        s.part("xylophone", 13, pan=70, reverb=45, volume=108), s, sections, key, velocity=98, which={0, 1, 3}, octave=1
    )
    melody(s.part("bassoon", 70, pan=52, reverb=50, volume=98), s, sections, key, velocity=88, which={2, 3}, octave=-1)
    melody(s.part("celesta", 8, pan=84, reverb=70, volume=74), s, sections, key, velocity=80, which={2}, octave=1)
    comp(s.part("pizzicato", 45, pan=40, reverb=40, volume=80), s, sections, "arp", center=57, velocity=72)
    comp(s.part("harpsichord", 6, pan=92, reverb=35, volume=70), s, sections, "stabs", center=62, velocity=70)
    bass(s.part("tuba", 58, reverb=25, volume=104), s, sections, "oompah", low=33, velocity=96)
    drums(s.part("drums", 0, channel=9, reverb=35, volume=88), s, sections, SHUFFLE, SHUFFLE_FILL, velocity=90)
    return s


G_A = "0/1.5 2/.5 4/1 7/1 | b8/1.5 7/.5 5/2 | 4/1 2/1 0/1 2/1 | 3/.5 5/.5 b8/1 7/2 | 7/1.5 9/.5 11/2 | 12/1 11/1 9/1 7/1 | 6/1.5 8/.5 10/2 | 8/1 #6/1 4/2"
G_B = "3/1 5/1 7/2 | 4/1 2/1 0/2 | 5/1 7/1 9/2 | 8/1 #6/1 4/2 | 10/1 9/1 7/1 5/1 | b8/1 7/1 5/1 3/1 | 4/.5 #6/.5 8/.5 10/.5 8/.5 #6/.5 4/1 | 4/3 r/1"
G_C = "7/4 | 7/2 9/2 | 9/4 | 8/4"
POUND = {
    1: {"kick": "x.......x.......", "tom_lo": "....x.......x...", "ride": "x...x...x...x..."},
    2: {
        "kick": "x...x...x...x...",
        "snare": "....x.......x...",
        "hat": "x.x.x.x.x.x.x.x.",
        "tom_lo": "..x.......x.....",
    },
    3: {
        "kick": "x..xx...x..xx...",
        "snare": "....x.......x...",
        "open": "..x...x...x...x.",
        "floor": "x.......x.x.....",
    },
}
POUND_FILL = {
    "kick": "x...x...x...x...",
    "tom_hi": "x.x.x...........",
    "tom_mid": "........x.x.....",
    "floor": "............xxxx",
}


def feature() -> Score:
    s = Score(132)
    key = Key(62, "minor")
    sections = [Section(["Dm", "Eb", "Dm", "Eb", "Dm", "Bb", "C", "A7"], G_A, 2),
                Section(["Gm", "Dm", "Bb", "A", "Gm", "Eb", "A7", "A7"], G_B, 3),
                Section(["Dm", "Eb", "Dm", "Eb", "Dm", "Bb", "C", "A7"], G_A, 3),
                Section(["Dm", "Dm", "Bb", "A"], G_C, 1),
                Section(["Gm", "Dm", "Bb", "A", "Gm", "Eb", "A7", "A7"], G_B, 3)]
    layout(s, sections)
    melody(s.part("brass", 61, pan=60, reverb=45, volume=100), s, sections, key, velocity=96, which={0, 1, 2, 4})
    melody(s.part("horns", 60, pan=80, reverb=55, volume=84), s, sections, key, velocity=86, which={1, 3, 4}, octave=-1)
    melody(s.part("bells", 14, pan=40, reverb=70, volume=60), s, sections, key, velocity=70, which={3})
    comp(s.part("strings", 48, pan=30, reverb=40, volume=90), s, sections, "arp16", center=62, velocity=72)
    comp(s.part("organ", 19, pan=96, reverb=60, volume=64), s, sections, "pad", center=55, velocity=64)
    comp(s.part("choir", 52, pan=64, reverb=70, volume=76), s, sections, "pad", center=67, velocity=70)
    bass(s.part("cellos", 43, reverb=30, volume=100), s, sections, "pump", low=33, velocity=90)
    bass(s.part("timpani", 47, reverb=40, volume=96), s, sections, "root5", low=38, velocity=96)
    drums(s.part("drums", 0, channel=9, reverb=40, volume=92), s, sections, POUND, POUND_FILL, velocity=94)
    return s


THEMES = {"base": base, "feature": feature}
