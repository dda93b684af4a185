"""Where the shared HUD puts its pieces, in logical 1920x1080 coordinates.

`BOTTOM` (the default) has balance, bet and win in the bar along the bottom with SPIN.
`TOP` puts balance, bet (with its arrows) and win in the bar at the top of the screen,
as Grinning Harvest's sheet asks ("the bar at the top of the game screen shows the
current balance ..., the amount to be paid if there is a win, and the last/current
wagered amount"); the game's name then sits at the left of the bottom bar, beside
AUTO, SPIN and TURBO. A game picks one with `GameScene.hud_layout`. A message takes
the name's place while it shows (`message`, at most `message_width` wide), in a bar,
so it covers nothing of any game's board.
"""
from __future__ import annotations

from dataclasses import dataclass

Point = tuple[float, float]
Rect = tuple[int, int, int, int]


@dataclass(frozen=True)
class HudLayout:
    bottom_bar: Rect
    top_bar: Rect
    name: Point
    name_anchor: str
    name_size: int
    labels: dict[str, Point]            # BALANCE / BET / WIN headings (their anchor is `label_anchor`)
    values: dict[str, Point]            # the amounts under them
    value_size: int
    bet_down: Rect
    bet_up: Rect
    play_price: Point                   # 'PLAY $x' when the mode costs more than the bet
    message: Point = (960, 48)          # the centre of a message's pill, where the name is
    message_width: int = 1020           # its widest: from the LOBBY button to INFO, centred
    recall: tuple[Point, Point] = ((960, 34), (960, 68))   # a recalled round's two lines, where the name is


BOTTOM = HudLayout(
    bottom_bar=(10, 950, 1900, 125), top_bar=(10, 8, 1900, 80),
    name=(960, 48), name_anchor="center", name_size=44,
    labels={"balance": (60, 975), "bet": (815, 975), "win": (1200, 975)},
    values={"balance": (60, 1005), "bet": (815, 1005), "win": (1200, 1005)}, value_size=46,
    bet_down=(630, 985, 70, 70), bet_up=(930, 985, 70, 70), play_price=(815, 1048))

TOP = HudLayout(
    bottom_bar=(10, 950, 1900, 125), top_bar=(10, 8, 1900, 88),
    name=(60, 1012), name_anchor="midleft", name_size=44,
    labels={"balance": (250, 16), "bet": (780, 16), "win": (1170, 16)},
    values={"balance": (250, 40), "bet": (780, 40), "win": (1170, 40)}, value_size=40,
    bet_down=(640, 28, 56, 56), bet_up=(864, 28, 56, 56), play_price=(780, 78), message=(700, 1012),
    message_width=1320,                 # from the bar's left end to AUTO
    recall=((700, 992), (700, 1032)))

LAYOUTS = {"bottom": BOTTOM, "top": TOP}
