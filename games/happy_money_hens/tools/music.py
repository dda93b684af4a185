"""Happy Money Hens' music (rendered by cabinet/ui/music_render.py in make_assets):

    base     "Hoedown at Dusk": a country tune in G major at 118 bpm: fiddle lead,
             banjo rolls, strummed steel guitar, upright bass, brushed train beat;
             A A' B A'' (32 bars, 65 s)
    feature  "Barn Dance Bonus": the pots' bonus, a fast reel in D major at 140 bpm:
             fiddle and harmonica trading the tune, banjo in sixteenths, walking bass,
             a driving snare; A B A' C (40 bars, 69 s)
"""
from __future__ import annotations

from cabinet.ui.score import Key, Score, Section, bass, comp, drums, layout, melody

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
    layout(s, sections)
    melody(s.part("fiddle", 110, pan=74, reverb=50, volume=104), s, sections, key, velocity=92)
    melody(
        s.part("harmonica", 22, pan=50, reverb=55, volume=70), s, sections, key, velocity=78, which={2, 3}, octave=-1
    )
    comp(s.part("banjo", 105, pan=38, reverb=35, volume=80), s, sections, "arp", center=64, velocity=66)
    comp(s.part("guitar", 25, pan=92, reverb=40, volume=86), s, sections, "strum", center=57, velocity=62)
    bass(s.part("bass", 32, pan=64, reverb=20, volume=110), s, sections, "root5", low=36, velocity=96)
    drums(s.part("drums", 0, channel=9, reverb=30, volume=92), s, sections, TRAIN, TRAIN_FILL, velocity=92)
    return s


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
    layout(s, sections)
    melody(s.part("fiddle", 110, pan=78, reverb=45, volume=106), s, sections, key, velocity=96, which={0, 2, 3, 4})
    melody(
        s.part("harmonica", 22, pan=48, reverb=50, volume=92), s, sections, key, velocity=92, which={1, 3, 4}, octave=-1
    )
    melody(s.part("glock", 9, pan=64, reverb=60, volume=58), s, sections, key, velocity=70, which={2, 4})
    comp(s.part("banjo", 105, pan=34, reverb=30, volume=82), s, sections, "arp16", center=62, velocity=62)
    comp(s.part("guitar", 25, pan=96, reverb=35, volume=84), s, sections, "offbeat", center=57, velocity=70)
    comp(s.part("accordion", 21, pan=64, reverb=45, volume=56), s, sections, "pad", center=60, velocity=56)
    bass(s.part("bass", 32, reverb=20, volume=112), s, sections, "walk", low=38, velocity=98)
    drums(s.part("drums", 0, channel=9, reverb=30, volume=94), s, sections, REEL, REEL_FILL, velocity=94)
    return s


THEMES = {"base": base, "feature": feature}
