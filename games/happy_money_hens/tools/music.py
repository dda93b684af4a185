"""Happy Money Hens' music (rendered by cabinet/ui/music_render.py in make_assets):

    base     "Hoedown at Dusk": a country tune in G major at 118 bpm: fiddle lead,
             banjo rolls, strummed steel guitar, upright bass, brushed train beat;
             A A' B A'' (32 bars, 65 s)
    feature  "Barn Dance Bonus": the pots' bonus, a fast reel in D major at 140 bpm:
             fiddle and harmonica trading the tune, banjo in sixteenths, walking bass,
             a driving snare; A B A' C (40 bars, 69 s)
"""
from __future__ import annotations

from cabinet.ui.score import Key, Score, Section, Voice, arrange

A1 = "4/.5 4/.5 2/.5 4/.5 7/1 4/1 | 5/.5 4/.5 2/.5 0/.5 2/2 | 3/.5 3/.5 5/.5 3/.5 7/1 5/1 | 4/1.5 2/.5 4/2"
A_END = "4/.5 4/.5 2/.5 4/.5 7/1 8/1 | 9/.5 8/.5 7/.5 4/.5 2/2 | 1/.5 #3/.5 4/.5 5/.5 8/1 7/1 | 6/1 4/.5 3/.5 1/2"
A2_END = "3/.5 5/.5 7/.5 5/.5 3/1 2/1 | 2/.5 4/.5 7/.5 4/.5 2/1 0/1 | 1/.5 3/.5 4/.5 6/.5 8/1 6/1 | 7/3 r/1"
B = ("7/1.5 5/.5 3/2 | 5/.5 6/.5 7/.5 9/.5 7/2 | 9/1.5 7/.5 4/2 | 2/.5 4/.5 7/.5 8/.5 9/2 | "
     "8/1.5 7/.5 5/1 8/1 | 8/1 6/1 4/1 8/1 | 7/1 4/1 5/1 2/1 | 1/1 3/1 6/1 8/1")

TRAIN = {1: {"kick": "x.......x.......", "rim": "....o.......o...", "hat": "o.o.o.o.o.o.o.o."},
         2: {"kick": "x.......x.......", "snare": "....x.......x...", "hat": "x.o.x.o.x.o.x.o.",
             "tamb": "..o...o...o...o."},
         3: {"kick": "x...x...x...x...", "snare": "....x.......x..o", "hat": "x.x.x.x.x.x.x.x.",
             "tamb": "o.x.o.x.o.x.o.x."}}
TRAIN_FILL = {"kick": "x.......x.......", "snare": "....x...x.x.xxxx", "hat": "x.x.x.x........."}


def base() -> Score:
    s = Score(118, swing=0.18)
    key = Key(67)                                   # G major, the tune around G4-B5
    sections = [Section(["G", "G", "C", "G", "G", "Em", "A7", "D7"], f"{A1} | {A_END}", 2),
                Section(["G", "G", "C", "G", "C", "G", "D7", "G"], f"{A1} | {A2_END}", 2),
                Section(["C", "C", "G", "G", "Am", "D", "G Em", "Am D7"], B, 1),
                Section(["G", "G", "C", "G", "C", "G", "D7", "G"], f"{A1} | {A2_END}", 3)]
    return arrange(s, key, sections, [
        Voice("melody", "fiddle", 110, pan=74, reverb=50, volume=104, velocity=92),
        Voice("melody", "harmonica", 22, pan=50, reverb=55, volume=70, velocity=78, which={2, 3}, octave=-1),
        Voice("comp", "banjo", 105, "arp", pan=38, reverb=35, volume=80, center=64, velocity=66),
        Voice("comp", "guitar", 25, "strum", pan=92, reverb=40, volume=86, center=57, velocity=62),
        Voice("bass", "bass", 32, "root5", pan=64, reverb=20, volume=110, low=36, velocity=96),
        Voice("drums", "drums", 0, TRAIN, TRAIN_FILL, channel=9, reverb=30, volume=92, velocity=92),
    ])


# The reel: D major (0 = D5), quick eighth-note runs
R_A = ("0/.5 2/.5 4/.5 2/.5 0/.5 2/.5 4/.5 7/.5 | 6/.5 4/.5 5/.5 6/.5 4/2 | "
       "3/.5 5/.5 7/.5 5/.5 3/.5 5/.5 7/.5 9/.5 | 8/.5 7/.5 6/.5 5/.5 4/2 | "
       "0/.5 2/.5 4/.5 2/.5 0/.5 2/.5 4/.5 7/.5 | 9/.5 8/.5 7/.5 9/.5 7/1 5/1 | "
       "4/.5 6/.5 4/.5 3/.5 2/.5 3/.5 4/.5 1/.5 | 0/2 r/2")
R_B = ("7/1 6/.5 7/.5 9/1 7/1 | 5/1 4/.5 5/.5 7/2 | 6/1 5/.5 6/.5 8/1 6/1 | 4/1 ,6/.5 0/.5 1/2 | "
       "7/1 6/.5 7/.5 9/1 7/1 | 10/1 9/.5 8/.5 7/1 5/1 | 4/.5 5/.5 6/.5 7/.5 8/.5 6/.5 4/.5 1/.5 | 0/3 r/1")
R_C = ("4/1.5 5/.5 7/2 | 6/1 5/1 4/2 | 3/1.5 4/.5 5/2 | 4/1 3/1 1/2 | "
       "4/1.5 5/.5 7/2 | 9/1 8/1 7/2 | 8/.5 7/.5 6/.5 5/.5 4/.5 3/.5 2/.5 1/.5 | 0/2 ,4/1 ,6/1")
REEL = {
    1: {"kick": "x.......x.......", "snare": "..o...o...o...o.", "hat": "x.x.x.x.x.x.x.x."},
    2: {"kick": "x...x...x...x...", "snare": "..x...x...x...x.", "hat": "x.x.x.x.x.x.x.x.", "tamb": "xxxxxxxxxxxxxxxx"},
    3: {
        "kick": "x...x...x...x...",
        "snare": "..x...x...x..xx.",
        "open": "..x...x...x...x.",
        "tamb": "x.x.x.x.x.x.x.x.",
    },
}
REEL_FILL = {
    "kick": "x...x...x...x...",
    "snare": "..x.x.x.xxxxxxxx",
    "tom_hi": "x.....x.........",
    "floor": "........x...x...",
}


def feature() -> Score:
    s = Score(140)
    key = Key(74)                                   # D major
    sections = [Section(["D", "D", "G", "D", "D", "Bm", "A7", "D"], R_A, 2),
                Section(["D", "G", "A", "A7", "D", "G", "A7", "D"], R_B, 3),
                Section(["D", "D", "G", "D", "D", "Bm", "A7", "D"], R_A, 3),
                Section(["D", "F#m", "G", "A7", "D", "Bm", "A7", "D A7"], R_C, 2),
                Section(["D", "G", "A", "A7", "D", "G", "A7", "D"], R_B, 3)]
    return arrange(s, key, sections, [
        Voice("melody", "fiddle", 110, pan=78, reverb=45, volume=106, velocity=96, which={0, 2, 3, 4}),
        Voice("melody", "harmonica", 22, pan=48, reverb=50, volume=92, velocity=92, which={1, 3, 4}, octave=-1),
        Voice("melody", "glock", 9, pan=64, reverb=60, volume=58, velocity=70, which={2, 4}),
        Voice("comp", "banjo", 105, "arp16", pan=34, reverb=30, volume=82, center=62, velocity=62),
        Voice("comp", "guitar", 25, "offbeat", pan=96, reverb=35, volume=84, center=57, velocity=70),
        Voice("comp", "accordion", 21, "pad", pan=64, reverb=45, volume=56, center=60, velocity=56),
        Voice("bass", "bass", 32, "walk", reverb=20, volume=112, low=38, velocity=98),
        Voice("drums", "drums", 0, REEL, REEL_FILL, channel=9, reverb=30, volume=94, velocity=94),
    ])


THEMES = {"base": base, "feature": feature}
