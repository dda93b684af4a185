"""The cabinet's own music (rendered by cabinet/ui/music_render.py in asset_build):
the lobby theme, a fanfare per celebration (each exactly as long as the celebration
stays up: celebration.lasts) and a cue per big moment, for any game to play by name.

    music.lobby            "Cabinet Lounge": vibraphone over electric piano, strings,
                           fretless bass and brushes, F major at 96 bpm, A A' B A'' (28 bars, 70 s)
    fanfare.big/mega/epic/max   brass, timpani and cymbals; one rising phrase per tier
                           passed (the count-up climbs BIG -> MEGA -> EPIC), then the held chord
    moment.summary         a feature's total-win summary (tier None's celebration)
    moment.bonus_start     into a bonus or free spins: harp sweep, timpani roll, orchestra hit
    moment.pot_won         a pot won: bells, brass and choir
    moment.jackpot         a jackpot: coins of glockenspiel and celesta over brass in E flat
    moment.full_board      the full board: orchestra hits climbing, then the big chord
    moment.great_skull     the Great Skull: organ, choir and timpani in D minor, a low bell
    moment.wheel_upgrade   a wheel upgrade: a rising celesta run, brass a step higher
    moment.max_win         the max win: choir, organ and brass on a held C major
"""
from __future__ import annotations

from .score import DRUM, Key, Score, Section, bass, comp, drums, layout, melody

L_A = ("6/1.5 4/.5 2/2 | 8/1 6/1 #4/1 8/1 | 5/1.5 7/.5 9/2 | b6/1 4/1 2/1 b6/1 | "
       "9/1.5 7/.5 5/2 | 8/1 7/1 b5/2 | 6/1 4/1 #7/1 9/1 | 8/1 7/1 6/2")
L_A2 = ("6/1.5 4/.5 2/2 | 8/1 6/1 #4/1 8/1 | 5/1.5 7/.5 9/2 | b6/1 4/1 2/1 b6/1 | "
        "9/.5 10/.5 9/.5 7/.5 5/2 | 8/1 7/1 b5/1 3/1 | 2/1 4/1 #7/1 9/1 | 8/3 r/1")
L_B = ("9/1.5 7/.5 5/2 | #10/1 8/1 5/2 | 6/1.5 4/.5 #3/2 | 2/1 4/1 6/2 | "
       "5/1 7/1 9/1 11/1 | #10/1 8/1 7/1 5/1 | 8/1.5 7/.5 3/2 | 4/1 6/1 8/1 10/1")
L_END = "6/1.5 4/.5 2/2 | 8/1 6/1 #4/1 8/1 | 7/1 5/1 #3/1 1/1 | 1/3 r/1"
BRUSH = {
    1: {"kick": "x.........x.....", "ride": "x...x..xx...x..x", "pedal": "....x.......x..."},
    2: {"kick": "x.........x.....", "rim": "....x.......x...", "ride": "x...x..xx...x..x", "pedal": "....x.......x..."},
    3: {"kick": "x.....x...x.....", "rim": "....x.......x..o", "ride": "x...x..xx...x..x", "pedal": "....x.......x..."},
}


def lobby() -> Score:
    s = Score(96, swing=0.3)
    key = Key(65)                                         # F major from F4
    A = ["Fmaj7", "Em7 A7", "Dm7", "Cm7 F7", "Bbmaj7", "Bbm6", "Am7 D7", "Gm7 C7"]
    sections = [Section(A, L_A, 2), Section(A[:4] + ["Bbmaj7", "Bbm6", "Fmaj7 D7", "Gm7 C7"], L_A2, 2),
                Section(["Dm7", "G7", "Cmaj7", "Am7", "Dm7", "G7", "Gm7", "C7"], L_B, 3),
                Section(["Fmaj7", "Em7 A7", "Dm7 G7", "Gm7 C7"], L_END, 1)]
    layout(s, sections)
    melody(s.part("vibes", 11, pan=72, reverb=55, volume=127), s, sections, key, velocity=104)
    melody(s.part("flute", 73, pan=52, reverb=60, volume=84), s, sections, key, velocity=84, which={2})
    comp(s.part("epiano", 4, pan=40, reverb=45, volume=70), s, sections, "stabs", center=60, velocity=66)
    comp(s.part("strings", 49, pan=88, reverb=70, volume=54), s, sections, "pad", center=62, velocity=56)
    bass(s.part("bass", 35, reverb=20, volume=104), s, sections, "walk", low=36, velocity=90)
    drums(s.part("drums", 0, channel=9, reverb=35, volume=72), s, sections, BRUSH, None, crash_each_section=False,
          velocity=80)
    return s


# == fanfares and cues: written beat by beat at 120 bpm (a beat is 0.5 s) =============

def _orchestra(bpm: int = 120) -> tuple[Score, dict]:
    s = Score(bpm)
    p = {"trumpet": s.part("trumpet", 56, pan=60, reverb=50, volume=110),
         "brass": s.part("brass", 61, pan=44, reverb=55, volume=100),
         "horns": s.part("horns", 60, pan=84, reverb=60, volume=92),
         "strings": s.part("strings", 48, pan=30, reverb=60, volume=92),
         "glock": s.part("glock", 9, pan=96, reverb=60, volume=80),
         "timpani": s.part("timpani", 47, pan=64, reverb=50, volume=110),
         "drums": s.part("drums", 0, channel=9, reverb=50, volume=96)}
    return s, p


def _roll(part, start: float, beats: float, pitch: int, v0: int, v1: int, per_beat: int = 8) -> None:
    n = int(beats * per_beat)
    for k in range(n):
        part.add(start + k / per_beat, pitch, 1 / per_beat, v0 + (v1 - v0) * k // max(1, n - 1))


def _phrase(p: dict, start: float, root: int, first: bool) -> None:
    """One rising brass phrase in the major key of `root` (MIDI, ~C5): a triplet
    pickup, do-mi-sol, a chord stab, timpani under it."""
    if first:
        _roll(p["timpani"], start, 1.0, root - 36 + 7, 50, 100)
    for k in range(3):
        p["trumpet"].add(start + k / 3, root - 5, 0.3, 100)
    for k, iv in enumerate((0, 4, 7)):
        p["trumpet"].add(start + 1 + k * 0.5, root + iv, 0.45, 112)
    p["brass"].chord(start + 1, [root - 12, root - 8, root - 5], 1.4, 100)
    p["horns"].chord(start + 1, [root - 24, root - 17], 1.4, 96)
    p["timpani"].add(start + 1, root - 36, 0.5, 112)
    p["timpani"].add(start + 2, root - 36 + 7, 0.5, 104)
    p["drums"].add(start + 1, DRUM["crash"], 1, 100)
    for k, iv in enumerate((0, 4, 7, 12, 16, 19, 24)):
        p["glock"].add(start + 1 + k * 0.125, root + iv, 0.4, 90)


def _final(p: dict, start: float, root: int, beats: float) -> None:
    """The held chord that ends a fanfare: brass, horns and strings with a roll."""
    p["trumpet"].chord(start, [root, root + 4, root + 7, root + 12], beats, 112)
    p["brass"].chord(start, [root - 12, root - 8, root - 5], beats, 106)
    p["horns"].chord(start, [root - 24, root - 17, root - 12], beats, 100)
    p["strings"].chord(start, [root - 24, root - 12, root - 8, root - 5, root], beats, 100)
    p["timpani"].add(start, root - 36, 0.6, 120)
    _roll(p["timpani"], start + 0.5, beats - 1.5, root - 36, 100, 50)
    p["drums"].add(start, DRUM["crash"], 1, 120)
    p["drums"].add(start, DRUM["splash"], 1, 100)
    _roll(p["drums"], start + 0.5, beats - 2, DRUM["ride"], 50, 80)
    for k, iv in enumerate((24, 19, 16, 12, 19, 24, 28, 31)):
        p["glock"].add(start + k * 0.25, root + iv, 0.5, 88)


def fanfare(tier: str, seconds: float) -> Score:
    """BIG: one phrase; MEGA: two, a fourth apart; EPIC: three; MAX: four, with choir and
    organ under the last chord. The final chord fills the rest of `seconds`."""
    s, p = _orchestra()
    roots = {"big": [72], "mega": [67, 72], "epic": [67, 70, 74], "max": [65, 67, 70, 72]}[tier]
    beat = 0.0
    for i, root in enumerate(roots):
        _phrase(p, beat, root, i == 0)
        beat += 2.0 if len(roots) > 1 else 3.0
    held = seconds * 2 - beat
    _final(p, beat, roots[-1], held)
    if tier == "max":
        choir = s.part("choir", 52, pan=64, reverb=80, volume=100)
        organ = s.part("organ", 19, pan=70, reverb=70, volume=80)
        r = roots[-1]
        choir.chord(beat, [r - 12, r - 8, r - 5, r], held, 100)
        organ.chord(beat, [r - 24, r - 12, r - 5], held, 90)
    s.length_beats = seconds * 2
    return s


def summary() -> Score:
    """A warm close for a feature's total win: harp up, horns and strings IV - V - I in G."""
    s, p = _orchestra()
    harp = s.part("harp", 46, pan=40, reverb=70, volume=100)
    key = Key(67)
    for k in range(12):
        harp.add(k * 0.125, key.pitch(str(k)) - 12, 1.0, 80 + k * 2)
    for at, chord_ in ((0, [60, 64, 67]), (1.5, [62, 66, 69])):
        p["horns"].chord(at, [n - 12 for n in chord_], 1.4, 92)
        p["strings"].chord(at, chord_, 1.4, 90)
    p["trumpet"].add(1.5, 74, 0.45, 100)
    p["trumpet"].add(2, 78, 0.45, 104)
    _final(p, 3, 67, 5)
    s.length_beats = 8
    return s


def bonus_start() -> Score:
    s, p = _orchestra()
    harp = s.part("harp", 46, pan=40, reverb=70, volume=104)
    hit = s.part("hit", 55, pan=64, reverb=60, volume=100)
    for k in range(20):
        harp.add(k * 0.1, Key(50).pitch(str(k)), 0.6, 70 + k * 2)
    _roll(p["timpani"], 0, 2.5, 38, 40, 115)
    _roll(p["drums"], 0, 2.5, DRUM["ride"], 30, 90)
    hit.chord(2.5, [62, 66, 69, 74], 1.5, 120)
    p["brass"].chord(2.5, [62, 66, 69, 74], 2.2, 112)
    p["horns"].chord(2.5, [38, 50, 57], 2.2, 104)
    p["timpani"].add(2.5, 38, 1, 120)
    p["drums"].add(2.5, DRUM["crash"], 1, 124)
    s.length_beats = 5
    return s


def pot_won() -> Score:
    s, p = _orchestra()
    bells = s.part("bells", 14, pan=80, reverb=70, volume=100)
    choir = s.part("choir", 52, pan=64, reverb=80, volume=92)
    for k, n in enumerate((72, 76, 79, 84)):
        bells.add(k * 0.5, n, 2.0, 100)
        p["trumpet"].add(k * 0.5, n - 12 + 12 * (k == 3), 0.45, 108)
    _final(p, 2, 72, 4)
    choir.chord(2, [60, 64, 67, 72], 3.6, 96)
    s.length_beats = 6
    return s


def jackpot() -> Score:
    s, p = _orchestra()
    celesta = s.part("celesta", 8, pan=30, reverb=70, volume=100)
    bells = s.part("bells", 14, pan=80, reverb=70, volume=96)
    for k in range(24):                                   # coins: a sparkling Eb major run
        celesta.add(k * 0.125, Key(75).pitch(str(k % 15)), 0.4, 80 + (k % 4) * 8)
        p["glock"].add(k * 0.125 + 0.0625, Key(87).pitch(str((k * 2) % 10)), 0.3, 76)
    _phrase(p, 0, 75, True)
    _phrase(p, 2, 75, False)
    _final(p, 4, 75, 4)
    for k, n in enumerate((75, 79, 82, 87)):
        bells.add(4 + k * 0.25, n, 3, 100)
    s.length_beats = 8
    return s


def full_board() -> Score:
    s, p = _orchestra()
    hit = s.part("hit", 55, pan=64, reverb=60, volume=104)
    for k, root in enumerate((60, 62, 64, 65)):
        hit.chord(k * 0.75, [root, root + 4, root + 7], 0.5, 100 + k * 6)
        p["timpani"].add(k * 0.75, root - 24, 0.5, 100 + k * 6)
        p["drums"].add(k * 0.75, DRUM["kick"], 0.5, 110)
    _final(p, 3, 67, 4)
    s.length_beats = 7
    return s


def great_skull() -> Score:
    s, p = _orchestra(100)
    organ = s.part("organ", 19, pan=70, reverb=80, volume=104)
    choir = s.part("choir", 52, pan=50, reverb=90, volume=100)
    bells = s.part("bells", 14, pan=30, reverb=80, volume=100)
    sweep = s.part("sweep", 119, pan=64, reverb=40, volume=90)      # a reverse cymbal rising into it
    sweep.add(0, 60, 1.2, 110)
    for at, ch in ((1.25, [38, 50, 53, 57, 62]), (2.75, [37, 49, 52, 56, 61]), (3.75, [38, 50, 53, 57, 62])):
        organ.chord(at, ch, 1.6 if at < 3.75 else 2.0, 110)
        choir.chord(at, [n + 12 for n in ch[1:]], 1.6 if at < 3.75 else 2.0, 104)
        p["timpani"].add(at, ch[0], 0.6, 124)
        p["drums"].add(at, DRUM["floor"], 0.6, 120)
    bells.add(1.25, 50, 4, 110)
    bells.add(3.75, 50, 2, 110)
    p["drums"].add(1.25, DRUM["crash"], 1, 120)
    s.length_beats = 5.83
    return s


def wheel_upgrade() -> Score:
    s, p = _orchestra()
    celesta = s.part("celesta", 8, pan=36, reverb=70, volume=104)
    for k in range(16):
        celesta.add(k * 0.125, Key(72).pitch(str(k)), 0.5, 70 + k * 3)
    _roll(p["timpani"], 0, 2, 43, 40, 110)
    p["brass"].chord(2, [62, 66, 69, 74], 2.5, 114)
    p["trumpet"].chord(2, [74, 78, 81], 2.5, 110)
    p["horns"].chord(2, [38, 50, 57], 2.5, 100)
    p["timpani"].add(2, 38, 0.8, 120)
    p["drums"].add(2, DRUM["crash"], 1, 120)
    s.length_beats = 5
    return s


def max_win() -> Score:
    s, p = _orchestra()
    choir = s.part("choir", 52, pan=50, reverb=90, volume=104)
    organ = s.part("organ", 19, pan=80, reverb=80, volume=86)
    hit = s.part("hit", 55, pan=64, reverb=60, volume=104)
    _roll(p["timpani"], 0, 1.5, 43, 40, 120)
    hit.chord(1.5, [60, 64, 67, 72], 1, 124)
    _final(p, 1.5, 72, 8.5)
    choir.chord(1.5, [60, 64, 67, 72], 8, 104)
    organ.chord(1.5, [36, 48, 55, 60], 8, 96)
    s.length_beats = 10
    return s


MOMENTS = {"moment.bonus_start": (bonus_start, 2.5), "moment.pot_won": (pot_won, 3.0),
           "moment.jackpot": (jackpot, 4.0), "moment.full_board": (full_board, 3.5),
           "moment.great_skull": (great_skull, 3.5), "moment.wheel_upgrade": (wheel_upgrade, 2.5),
           "moment.max_win": (max_win, 5.0)}
