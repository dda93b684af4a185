"""Happy Money Hens's gallery (`main.py --shots`, demo tools only): the shots the scene's
rounds are stopped at (real rounds drawn by the cabinet, forced where a category is
named), and the prepared states (`prepare=`, methods of the scene)."""
from __future__ import annotations

from cabinet.ui.shots import Shot

SHOTS = [
    Shot("base_idle", caption="Base game, idle: pots, fortune bet selector, reels"),
    Shot("reels_spinning", mode="base", at="reel 3 stops", within=0.2, caption="Reels stopping reel by reel"),
    Shot("line_wins", prepare="shot_line_win", caption="The round's line wins cycled after the round"),
    Shot("line_wins_new_bet", prepare="shot_line_win_new_bet",
         caption="After BET +: the line wins still read at the bet they were paid at"),
    Shot("egg_and_gold", prepare="shot_egg_and_gold", caption="The EGG pay symbol and the GOLD feature symbol"),
    Shot("feature_to_pot", mode="buy_mystery", at="red feature symbol", within=0.5,
         caption="A feature symbol flies into its pot"),
    Shot("pot_trigger", mode="base", force="combo_DC+PF", at="pots trigger", within=0.6,
         caption="Feature pots burst; the combination announced"),
    Shot("bonus_intro", mode="buy_triple", at="bonus start", within=0.4, caption="The bonus begins"),
    Shot("bonus_press_start", mode="buy_triple", at="bonus spin 1", within=0,
         caption="Bonus: the mini reels wait for START (one press per bonus round)"),
    Shot("bonus_start", mode="buy_triple", at="bonus spin 1", within=0.5, caption="Bonus: 35 mini reels spin"),
    Shot("bonus_press_start_later", mode="buy_triple", at="bonus spin 3", within=0,
         caption="Bonus round 3 waits for START"),
    Shot("bonus_letter", mode="buy_triple", at="letters", within=0.5,
         caption="A pot-fill coin adds its letter to the pot name"),
    Shot("bonus_pot_award", mode="buy_triple", force="pot_minor", at="pot award", within=0.5,
         caption="Pot name complete, paid into the coin"),
    Shot("bonus_row", mode="buy_mystery", force="full_board", at="row activate", within=0.3,
         caption="A row activates"),
    Shot("bonus_boost", prepare="shot_boost", caption="Happy boost"),
    Shot("bonus_count", mode="buy_triple", at="bonus count-up", within=0.7, caption="Final count-up"),
    Shot("bonus_total", mode="buy_triple", at="bonus total", within=0.5, caption="Bonus total"),
    Shot("fortune_2x", prepare="shot_fortune_2", caption="Fortune bet 2x selected, pots at levels 2, 3, 4"),
    Shot("buy_menu", action="buy_menu", caption="Bonus buy menu"),
    Shot("gamble", prepare="shot_gamble", caption="The gamble wheels"),
    Shot("gamble_plus", prepare="shot_gamble_plus", caption="Bonus wheel after + + (bigger entry, smaller green)"),
    Shot("gamble_top", prepare="shot_gamble_top", caption="Bonus wheel disabled past the top combination"),
    Shot("gamble_spin", prepare="shot_gamble_spin", caption="The cash wheel spinning"),
    Shot("gamble_record", prepare="shot_gamble_record", caption="The gamble with the last results listed"),
    Shot("gamble_top_entry", prepare="shot_gamble_top_entry",
         caption="The dearest bonus entry: a narrow green segment, its label inside it"),
    Shot("gamble_limit", prepare="shot_gamble_limit", caption="The win limit collects the win by itself"),
    Shot("spin_chance", prepare="shot_spin_chance", caption="Spin chance"),
    Shot("spin_chance_fortune", prepare="shot_spin_chance_fortune",
         caption="Spin chance with FORTUNE BET 2x on: credit below the fortune price"),
    Shot("paytable", action="paytable", caption="Pays"),
    Shot("info", action="info", caption="Help"),
]
