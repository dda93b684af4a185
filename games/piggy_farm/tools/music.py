"""Piggy Farm's music (rendered by cabinet/ui/music_render.py in make_assets):

    base     "Oink More": a bouncy farmyard polka-pop in F major at 116 bpm: clarinet
             on the tune, marimba, accordion on the off-beats, tuba oom-pah, claps and
             woodblock; a piccolo joins the last A; A A' B A'' (32 bars, 66 s)
    feature  "Free Spins Fair": the wheel and the free spins, a brassy party in C major
             at 136 bpm: trumpet lead, brass stabs, steel drums, slap bass, a
             four-on-the-floor kit; A B A' B' C (36 bars, 64 s)
"""
from __future__ import annotations

from cabinet.ui.score import Key, Score, Section, bass, comp, drums, layout, melody

A1 = "4/.5 2/.5 4/.5 2/.5 4/1 7/1 | 6/.5 7/.5 6/.5 4/.5 2/2 | 3/.5 5/.5 7/.5 5/.5 3/1 5/1 | 4/1.5 2/.5 0/2"
A_END = "4/.5 2/.5 4/.5 2/.5 4/1 9/1 | 8/.5 7/.5 5/.5 7/.5 9/2 | 8/.5 5/.5 #3/.5 5/.5 8/1 7/1 | 6/1 4/.5 3/.5 1/2"
A2_END = "3/.5 5/.5 7/.5 9/.5 10/1 9/1 | 7/.5 6/.5 7/.5 9/.5 7/2 | 6/.5 4/.5 1/.5 3/.5 6/1 4/1 | 7/3 r/1"
B = ("5/1.5 7/.5 9/2 | 9/1 6/1 #4/2 | 3/1.5 5/.5 7/2 | 6/.5 7/.5 6/.5 4/.5 2/2 | "
     "8/1.5 7/.5 5/2 | 6/1 8/1 11/2 | 9/1 7/1 5/1 2/1 | 8/1 #3/1 6/1 3/1")
POLKA = {
    1: {"kick": "x.......x.......", "clap": "....o.......o...", "wood_hi": "..o...o...o...o."},
    2: {
        "kick": "x.......x.......",
        "snare": "....x.......x...",
        "hat": "..x...x...x...x.",
        "wood_hi": "x...x...x...x...",
    },
    3: {
        "kick": "x...x...x...x...",
        "snare": "....x.......x...",
        "clap": "....x.......x...",
        "hat": "x.x.x.x.x.x.x.x.",
        "cow": "..o.......o.....",
    },
}
POLKA_FILL = {
    "kick": "x.......x.......",
    "snare": "....x...x.x.x.x.",
    "wood_lo": "x.x.............",
    "clap": "............x.x.",
}


def base() -> Score:
    s = Score(116, swing=0.1)
    key = Key(65)                                     # F major from F4
    sections = [Section(["F", "F", "Bb", "F", "F", "Dm", "G7", "C7"], f"{A1} | {A_END}", 2),
                Section(["F", "F", "Bb", "F", "Bb", "F", "C7", "F"], f"{A1} | {A2_END}", 2),
                Section(["Dm", "A7", "Bb", "F", "Gm", "C", "F Dm", "G7 C7"], B, 1),
                Section(["F", "F", "Bb", "F", "Bb", "F", "C7", "F"], f"{A1} | {A2_END}", 3)]
    layout(s, sections)
    melody(s.part("clarinet", 71, pan=70, reverb=45, volume=96), s, sections, key, velocity=90)
    melody(s.part("piccolo", 72, pan=84, reverb=55, volume=60), s, sections, key, velocity=74, which={3}, octave=1)
    melody(s.part("vibes", 11, pan=46, reverb=60, volume=76), s, sections, key, velocity=78, which={2}, octave=1)
    comp(s.part("marimba", 12, pan=36, reverb=35, volume=90), s, sections, "arp", center=62, velocity=74)
    comp(s.part("accordion", 21, pan=94, reverb=40, volume=68), s, sections, "offbeat", center=60, velocity=66)
    bass(s.part("tuba", 58, reverb=25, volume=108), s, sections, "oompah", low=34, velocity=98)
    drums(s.part("drums", 0, channel=9, reverb=30, volume=88), s, sections, POLKA, POLKA_FILL, velocity=90)
    return s


F_A = ("4/.5 4/.5 7/.5 4/.5 9/1 7/1 | 5/.5 5/.5 7/.5 5/.5 9/2 | 3/.5 5/.5 7/.5 5/.5 3/1 7/1 | 6/1.5 4/.5 1/2 | "
       "4/.5 4/.5 7/.5 4/.5 9/1 11/1 | 12/.5 11/.5 9/.5 7/.5 9/2 | 10/.5 9/.5 7/.5 5/.5 8/.5 6/.5 4/1 | 7/2 r/2")
F_B = ("7/1 5/1 3/2 | 8/1 6/1 4/2 | 9/1 6/1 4/1 6/1 | 7/1 5/1 2/2 | "
       "5/.5 7/.5 10/1 9/1 7/1 | 8/.5 6/.5 4/.5 6/.5 8/2 | 5/.5 #7/.5 9/.5 11/.5 9/2 | 8/1 6/1 4/1 3/1")
F_C = "9/2 7/2 | 7/2 5/2 | 6/2 8/2 | 11/4"
PARTY = {
    1: {"kick": "x...x...x...x...", "hat": "..x...x...x...x.", "shaker": "xxxxxxxxxxxxxxxx"},
    2: {"kick": "x...x...x...x...", "snare": "....x.......x...", "open": "..x...x...x...x.", "hat": "x.x.x.x.x.x.x.x."},
    3: {
        "kick": "x...x...x...x...",
        "snare": "....x.......x...",
        "clap": "....x.......x...",
        "open": "..x...x...x...x.",
        "tamb": "xxxxxxxxxxxxxxxx",
    },
}
PARTY_FILL = {
    "kick": "x...x...x...x...",
    "snare": "....x.x.x.xxxxxx",
    "tom_hi": "x.x.............",
    "clap": "............x.x.",
}


def feature() -> Score:
    s = Score(136)
    key = Key(60)                                     # C major from C4
    sections = [Section(["C", "Am", "F", "G", "C", "Am", "F G", "C"], F_A, 2),
                Section(["F", "G", "Em", "Am", "F", "G", "A7", "G7"], F_B, 3),
                Section(["C", "Am", "F", "G", "C", "Am", "F G", "C"], F_A, 3),
                Section(["F", "G", "Em", "Am", "F", "G", "A7", "G7"], F_B, 2),
                Section(["Am", "F", "G", "G7"], F_C, 3)]
    layout(s, sections)
    melody(s.part("trumpet", 56, pan=66, reverb=45, volume=104), s, sections, key, velocity=96, which={0, 2, 4})
    melody(s.part("sax", 65, pan=80, reverb=45, volume=96), s, sections, key, velocity=90, which={1, 3})
    melody(s.part("steel", 114, pan=44, reverb=55, volume=72), s, sections, key, velocity=80, which={2, 4}, octave=1)
    comp(s.part("brass", 61, pan=30, reverb=40, volume=84), s, sections, "stabs", center=64, velocity=82)
    comp(s.part("piano", 2, pan=96, reverb=35, volume=78), s, sections, "offbeat", center=60, velocity=70)
    comp(s.part("marimba", 12, pan=56, reverb=40, volume=70), s, sections, "arp16", center=67, velocity=62)
    bass(s.part("bass", 36, reverb=15, volume=106), s, sections, "pump", low=36, velocity=96)
    drums(s.part("drums", 0, channel=9, reverb=30, volume=92), s, sections, PARTY, PARTY_FILL, velocity=94)
    return s


THEMES = {"base": base, "feature": feature}
