"""Happy Money Hens's gallery (`main.py --shots`, demo tools only): the shots the scene's
rounds are stopped at (real rounds drawn by the cabinet, forced where a category is
named), and the prepared states (`prepare=`, functions below called with the scene)."""
from __future__ import annotations

from typing import Any

from cabinet.ui.shots import Shot, seek_round


# -- the prepared states (`prepare=`: called with the game scene before its picture) --

def shot_fortune_2(scene: Any) -> None:
    scene.select_mode("fortune_2")
    scene.pot_levels = {"BLUE": 2, "RED": 3, "GOLD": 4}     # display only (the gallery's picture)


def shot_line_win(scene: Any) -> None:
    for _ in range(300):                 # base rounds until one pays a line (gallery ledger)
        scene.play("base")
        while scene.busy:
            scene.skip()                  # skips, and STARTs a bonus round if one waits
            scene.app.step(1 / 30)
        while scene.app.stack.top is not scene:
            scene.app.pop()
        if len(scene.all_lines) > 1:
            break


def shot_boost(scene: Any) -> None:
    def has_boost(r: Any) -> bool:
        return any(e["type"] == "boost" for e in r.events)

    seek_round(scene, has_boost, "boost", mode="buy_triple")


def shot_gamble(scene: Any) -> None:
    scene.offers.open_gamble(scene.bet * 8, scene.bet)


def shot_gamble_plus(scene: Any) -> None:
    scene = scene.offers.open_gamble(scene.bet * 8, scene.bet)
    scene.on_action("plus")
    scene.on_action("plus")


def shot_gamble_top(scene: Any) -> None:
    scene.offers.open_gamble(scene.bet * 400, scene.bet)


def shot_gamble_spin(scene: Any) -> None:
    scene = scene.offers.open_gamble(scene.bet * 8, scene.bet)
    scene.on_action("cash")
    for _ in range(20):
        scene.app.step(1 / 30)


def shot_spin_chance(scene: Any) -> None:
    scene.offers.open_spin_chance(scene.bet * 35 // 100)


def shot_spin_chance_fortune(scene: Any) -> None:
    """Fortune 2x on, a credit between the base price and the fortune price."""
    scene.select_mode("fortune_2")
    scene.offers.open_spin_chance(scene.bet * 3 // 2)


def shot_top_bet(scene: Any) -> None:
    """The highest bet: fortune bets the win limit keeps off it say so."""
    scene.bet_index = len(scene.ladder) - 1
    scene.bet_changed()


def shot_line_win_new_bet(scene: Any) -> None:
    """The last round's line wins after BET +: still at the bet they were paid at."""
    shot_line_win(scene)
    scene.on_action("bet_up")


def shot_egg_and_gold(scene: Any) -> None:
    """The EGG pay symbol beside the GOLD (happy boost) feature symbol."""
    for c, col in enumerate((["EGG", "GOLD", "EGG"], ["HEN", "EGG", "A"], ["GOLD", "K", "EGG"],
                             ["EGG", "Q", "GOLD"], ["J", "EGG", "CHICK"])):
        scene.reels.show(c, col)


def shot_gamble_record(scene: Any) -> None:
    """The gamble after a few earlier gambles: the last results are listed."""
    for i in range(4):
        gamble = scene.offers.make_gamble(scene.bet * (4 + i), scene.bet)
        scene.offers.spin_gamble(gamble, gamble.cash_options()[i % 3], None)
    scene.offers.open_gamble(scene.bet * 8, scene.bet)


def shot_gamble_top_entry(scene: Any) -> None:
    """The dearest bonus entry chosen: a narrow green segment, its label fitted."""
    scene = scene.offers.open_gamble(scene.bet * 8, scene.bet)
    for _ in range(len(scene.gamble.bonus_options())):
        scene.on_action("plus")


def shot_gamble_limit(scene: Any) -> None:
    """A win no cash option fits under the limit: collected, with the banner."""
    scene.offers.open_gamble(scene.bet * 2000, scene.bet)


SHOTS = [
    Shot("base_idle", caption="Base game, idle: pots, fortune bet selector, reels"),
    Shot("reels_spinning", mode="base", at="reel 3 stops", within=0.2, caption="Reels stopping reel by reel"),
    Shot("line_wins", prepare=shot_line_win, caption="The round's line wins cycled after the round"),
    Shot(
        "line_wins_new_bet",
        prepare=shot_line_win_new_bet,
        caption="After BET +: the line wins still read at the bet they were paid at",
    ),
    Shot("egg_and_gold", prepare=shot_egg_and_gold, caption="The EGG pay symbol and the GOLD feature symbol"),
    Shot(
        "feature_to_pot",
        mode="buy_mystery",
        at="red feature symbol",
        within=0.5,
        caption="A feature symbol flies into its pot",
    ),
    Shot(
        "pot_trigger",
        mode="base",
        force="combo_DC+PF",
        at="pots trigger",
        within=0.6,
        caption="Feature pots burst; the combination announced",
    ),
    Shot("bonus_intro", mode="buy_triple", at="bonus start", within=0.4, caption="The bonus begins"),
    Shot(
        "bonus_press_start",
        mode="buy_triple",
        at="bonus spin 1",
        within=0,
        caption="Bonus: the mini reels wait for START (one press per bonus round)",
    ),
    Shot("bonus_start", mode="buy_triple", at="bonus spin 1", within=0.5, caption="Bonus: 35 mini reels spin"),
    Shot(
        "bonus_press_start_later",
        mode="buy_triple",
        at="bonus spin 3",
        within=0,
        caption="Bonus round 3 waits for START",
    ),
    Shot(
        "bonus_letter",
        mode="buy_triple",
        at="letters",
        within=0.5,
        caption="A pot-fill coin adds its letter to the pot name",
    ),
    Shot(
        "bonus_pot_award",
        mode="buy_triple",
        force="pot_minor",
        at="pot award",
        within=0.5,
        caption="Pot name complete, paid into the coin",
    ),
    Shot(
        "moment_transition_cells",
        mode="base",
        force="combo_DC+PF",
        at="transition in",
        within=0.35,
        caption="Into the bonus: the feature symbols that triggered it celebrate",
    ),
    Shot(
        "moment_transition",
        mode="base",
        force="combo_DC+PF",
        at="transition in",
        within=0.95,
        caption="Into the bonus: the curtains close on its features",
    ),
    Shot(
        "moment_transition_out",
        mode="base",
        force="combo_DC+PF",
        at="transition out",
        within=0.5,
        caption="The curtains open on the bonus",
    ),
    Shot(
        "moment_pot_grand",
        mode="buy_triple",
        force="pot_grand",
        at="moment pot grand",
        within=0.45,
        caption="The GRAND pot won: a full-screen moment, its value from the pot_award event",
    ),
    Shot(
        "moment_full_board",
        mode="buy_mystery",
        force="full_board",
        at="moment full board",
        within=0.5,
        caption="The board full of 35 coins, acknowledged at the spin that fills it",
    ),
    Shot(
        "feature_total",
        mode="buy_triple",
        at="bonus total",
        within=1.0,
        after=1.6,
        caption="The bonus's total-win summary",
    ),
    Shot("bonus_row", mode="buy_mystery", force="full_board", at="row activate", within=0.3, caption="A row activates"),
    Shot("bonus_boost", prepare=shot_boost, caption="Happy boost"),
    Shot("bonus_count", mode="buy_triple", at="bonus count-up", within=0.7, caption="Final count-up"),
    Shot("bonus_total", mode="buy_triple", at="bonus total", within=0.5, caption="Bonus total"),
    Shot("fortune_2x", prepare=shot_fortune_2, caption="Fortune bet 2x selected, pots at levels 2, 3, 4"),
    Shot(
        "top_bet", prepare=shot_top_bet, caption="The highest bet: the fortune bets the win limit keeps off it say so"
    ),
    Shot("buy_menu", action="buy_menu", caption="Bonus buy menu"),
    Shot("gamble", prepare=shot_gamble, caption="The gamble wheels"),
    Shot("gamble_plus", prepare=shot_gamble_plus, caption="Bonus wheel after + + (bigger entry, smaller green)"),
    Shot("gamble_top", prepare=shot_gamble_top, caption="Bonus wheel disabled past the top combination"),
    Shot("gamble_spin", prepare=shot_gamble_spin, caption="The cash wheel spinning"),
    Shot("gamble_record", prepare=shot_gamble_record, caption="The gamble with the last results listed"),
    Shot(
        "gamble_top_entry",
        prepare=shot_gamble_top_entry,
        caption="The dearest bonus entry: a narrow green segment, its label inside it",
    ),
    Shot("gamble_limit", prepare=shot_gamble_limit, caption="The win limit collects the win by itself"),
    Shot("spin_chance", prepare=shot_spin_chance, caption="Spin chance"),
    Shot(
        "spin_chance_fortune",
        prepare=shot_spin_chance_fortune,
        caption="Spin chance with FORTUNE BET 2x on: credit below the fortune price",
    ),
    Shot("paytable", action="paytable", caption="Pays"),
    Shot("info", action="info", caption="Help"),
]
