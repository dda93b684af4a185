"""Grinning Harvest's music (rendered by cabinet/ui/music_render.py in make_assets):

    base     "Pumpkin Patch Shuffle": spooky but fun, a tiptoeing shuffle in D minor at
             112 bpm: xylophone (the bones) on the tune, pizzicato strings, harpsichord,
             tuba oom-pah, woodblocks; a bassoon and celesta bridge; A A' B A'' (32 bars, 69 s)
    feature  "The Pumpkin Guardian": the Hold-and-Win bonus, driving strings in sixteenths
             under brass, organ and choir, timpani and toms, D minor with a Phrygian E flat
             at 132 bpm; A B A' C B' (36 bars, 65 s)
"""
from __future__ import annotations

from cabinet.ui.score import Key, Score, Section, Voice, arrange

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
    return arrange(s, key, sections, [
        Voice("melody", "xylophone", 13, pan=70, reverb=45, volume=108, velocity=98, which={0, 1, 3}, octave=1),
        Voice("melody", "bassoon", 70, pan=52, reverb=50, volume=98, velocity=88, which={2, 3}, octave=-1),
        Voice("melody", "celesta", 8, pan=84, reverb=70, volume=74, velocity=80, which={2}, octave=1),
        Voice("comp", "pizzicato", 45, "arp", pan=40, reverb=40, volume=80, center=57, velocity=72),
        Voice("comp", "harpsichord", 6, "stabs", pan=92, reverb=35, volume=70, center=62, velocity=70),
        Voice("bass", "tuba", 58, "oompah", reverb=25, volume=104, low=33, velocity=96),
        Voice("drums", "drums", 0, SHUFFLE, SHUFFLE_FILL, channel=9, reverb=35, volume=88, velocity=90),
    ])


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
    return arrange(s, key, sections, [
        Voice("melody", "brass", 61, pan=60, reverb=45, volume=100, velocity=96, which={0, 1, 2, 4}),
        Voice("melody", "horns", 60, pan=80, reverb=55, volume=84, velocity=86, which={1, 3, 4}, octave=-1),
        Voice("melody", "bells", 14, pan=40, reverb=70, volume=60, velocity=70, which={3}),
        Voice("comp", "strings", 48, "arp16", pan=30, reverb=40, volume=90, center=62, velocity=72),
        Voice("comp", "organ", 19, "pad", pan=96, reverb=60, volume=64, center=55, velocity=64),
        Voice("comp", "choir", 52, "pad", pan=64, reverb=70, volume=76, center=67, velocity=70),
        Voice("bass", "cellos", 43, "pump", reverb=30, volume=100, low=33, velocity=90),
        Voice("bass", "timpani", 47, "root5", reverb=40, volume=96, low=38, velocity=96),
        Voice("drums", "drums", 0, POUND, POUND_FILL, channel=9, reverb=40, volume=92, velocity=94),
    ])


THEMES = {"base": base, "feature": feature}
