"""The gallery (`main.py --shots`, demo tools only): the scene's SHOTS. Prepared shots
use `cabinet.ui.shots.seek_round` (real rounds, played until one shows the event)."""
from __future__ import annotations

from typing import Any

from cabinet.ui.shots import Shot, seek_round

__all__ = ["SHOTS"]

# Every state the issue lists, for `main.py --shots DIR --game grinning_harvest`.


# -- the prepared states (`prepare=`: called with the game scene before its picture) --

def shot_line_win(scene: Any) -> None:
    def has_line_win(r: Any) -> bool:
        return any(e["type"] == "line_win" for e in r.events)

    seek_round(scene, has_line_win, "line")


def shot_collect(scene: Any) -> None:
    def collects_in_base(r: Any) -> bool:
        return "collect" in r.features and "bonus" not in r.features

    seek_round(scene, collects_in_base, "vault collects")


def shot_multiplier(scene: Any) -> None:
    def row_multiplied(r) -> bool:
        return any(e["type"] == "bonus_spin" and e["multipliers"] and not e["great_skull"] for e in r.events)
    seek_round(scene, row_multiplied, "row multiplier", mode="buy_skull_row", within=0.7)


def shot_spin_winnings(scene: Any) -> None:
    def collects_in_a_spin(r) -> bool:
        return sum(1 for e in r.events if e["type"] == "collect" and e["phase"] == "bonus") >= 2
    seek_round(scene, collects_in_a_spin, "vault collects", mode="buy_vaults", within=1.0)


def shot_message(scene: Any) -> None:
    scene.message("Resuming the interrupted round")


SHOTS = [
    Shot("base_board", caption="The idle game (no trigger on show); balance, bet and win in the top bar"),
    Shot("base_spinning", mode="base", at="reel 1 stops", within=0.2, caption="Reels spinning"),
    Shot("line_win", prepare=shot_line_win, caption="A line win: the payline drawn, its pay shown"),
    Shot("collect", prepare=shot_collect, caption="A vault collecting the pumpkins' values"),
    Shot("grand_jackpot", mode="base", force="jackpot_grand", at="jackpot", within=0.5,
         caption="A Grand jackpot coin collected"),
    Shot("anticipation", mode="base", force="bonus", at="anticipation", within=0.6,
         caption="Reel 3 spins on: a pumpkin on reel 1 and a vault on reel 2"),
    Shot("bonus_trigger", mode="base", force="bonus", at="bonus trigger", within=0.6,
         caption="The bonus trigger: pumpkins on reels 1 and 3, a vault on reel 2"),
    Shot("bonus_start_collect", mode="base", force="bonus", at="vault collects", within=0.6,
         caption="Carried-over pumpkins collected before the first bonus spin"),
    Shot("moment_transition", mode="base", force="bonus", at="transition in", within=0.4,
         caption="Into the Hold-n-Win: the carried-over pumpkins and the vault celebrate"),
    Shot("moment_transition_shut", mode="base", force="bonus", at="transition in", within=0.97,
         caption="Into the Hold-n-Win: the curtains closed on its name"),
    Shot("moment_jackpot_grand", mode="base", force="jackpot_grand", at="moment jackpot", within=0.5,
         caption="The Grand jackpot: a full-screen moment"),
    Shot("moment_jackpot_mini", mode="base", force="jackpot_mini", at="moment jackpot", within=0.2,
         caption="The Mini jackpot, its amount counting up"),
    Shot("moment_great_skull", mode="buy_harvest", force="great_skull", at="moment great skull", within=0.5,
         caption="The Great Skull wakes: a full-screen moment before its multipliers"),
    Shot("moment_max_win", mode="buy_harvest", force="max_win", at=1.0, after=2.0,
         caption="The max win celebration"),
    Shot("feature_total", mode="buy_patch", at=1.0, after=1.0, caption="The bonus's total-win summary"),
    Shot("buy_start", mode="buy_vaults", at="bonus trigger", within=0.5,
         caption="A bought bonus opens on its own starting board, named once"),
    Shot("bonus_spin", mode="buy_skull_row", at="bonus land", within=0.9,
         caption="A bonus spin lands: spins left, TOTAL WINNINGS and this spin's WINNINGS"),
    Shot("bonus_winnings", prepare=shot_spin_winnings,
         caption="A spin's collect counted into WINNINGS and TOTAL WINNINGS"),
    Shot("multiplier", prepare=shot_multiplier, caption="A multiplier from the row applied below it"),
    Shot("great_skull", mode="buy_harvest", force="great_skull", at="great skull", within=0.8,
         caption="Three skulls wake the Great Skull"),
    Shot("three_vaults", mode="buy_vaults", force="vaults_3", at=0.85, caption="Three sticky vaults"),
    Shot("bonus_total", mode="buy_patch", at="bonus total", within=0.7, caption="The bonus total"),
    Shot("max_win", mode="buy_harvest", force="max_win", at="max win", within=0.7,
         caption="The cap reached: 15,000x"),
    Shot("message", prepare=shot_message, caption="A message in the bottom bar, clear of the board"),
    Shot("buy_menu", action="buy_menu", caption="The buy menu, four options"),
    Shot("buy_confirm", action="buy_3", caption="SHIFT+3: a buy option's confirmation page"),
    Shot("info", action="info", caption="The game's rules, written from math.yaml"),
    Shot("paytable", action="paytable", caption="Paytable from the math"),
]
