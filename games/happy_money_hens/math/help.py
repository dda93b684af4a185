"""What a player reads about Happy Money Hens, written from the rules sheet with every
number read from math.yaml (no pygame).

`sections()` -> {key: (title, [paragraph, ...])}: the rules pages' text (the view's
rules_pages.py lays them out beside the pictures); `general_rules()`: the sheet's
game information; `help_pages()` (GameSpec.view.help): all of it as plain pages;
`describe_modes()`: the modes with the names and descriptions a player reads;
`FEATURE_LABELS`: Round.features in words (the history); `FORCE_LABELS`: the forcing
categories (rules.play's `force`) in the same words, for the review tools' force menu,
the math overlay and the library viewer.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

from cabinet.core.game import BetMode

from .tables import COMBOS, FEATURES, POT_NAMES, combo_code, combo_mode, load

FEATURE_WORDS = {"double_coins": "Double Coins", "pot_fill": "Pot Fill", "happy_boost": "Happy Boost"}
COLOUR_OF = {"double_coins": "blue", "pot_fill": "red", "happy_boost": "gold"}


def combo_words(combo: int) -> str:
    """7 -> 'Double Coins + Pot Fill + Happy Boost'."""
    return " + ".join(FEATURE_WORDS[FEATURES[b]] for b in (1, 2, 4) if combo & b)


FEATURE_LABELS = {"bonus": "", "full_board": "All 35 mini reels filled", "capped": "Win limit reached",
                  "big_bonus": "Big bonus win",
                  **{f"combo_{combo_code(c)}": f"Bonus: {combo_words(c)}" for c in COMBOS},
                  **{f"pot_{p.lower()}": f"{p} pot won" for p in POT_NAMES},
                  "pot_grand_2": "GRAND pot won twice", "pot_grand_3": "GRAND pot won three times or more"}
FORCE_LABELS = {k: FEATURE_LABELS[k] for k in ("pot_grand", "pot_grand_2", "pot_grand_3", "full_board", "big_bonus",
                                               *(f"combo_{combo_code(c)}" for c in COMBOS))}


def plain_money(cents: int) -> str:
    """Money as the sheet writes it (the UI passes the cabinet's currency instead)."""
    return f"${cents / 100:,.2f}"


def x(v100: int) -> str:
    """x100 -> '0.5x', '10x', '1,000x'."""
    return f"{v100 / 100:,g}x"


def pct(num: int, den: int) -> str:
    return f"{100 * num / den:.2f}%"


def one_in(num: int, den: int) -> str:
    return f"1 in {den / num:,.1f}".replace(".0", "")


def _least(n: int) -> str:
    """How many of the 3 features a fortune bet's bonus starts with, in words."""
    return "all 3 features" if n >= len(FEATURES) else f"at least {n} of the {len(FEATURES)} features"


def letters(name: str) -> str:
    return "-".join(load().raw["bonus"]["pots"][name]["letters"])


def sections(money: Callable[[int], str] = plain_money) -> dict[str, tuple[str, list[str]]]:
    """Every section of the rules; `money` writes an amount of cents."""
    m = load()
    raw, b, fp, g = m.raw, m.raw["bonus"], m.raw["feature_pots"], m.raw["gamble"]
    modes = raw["modes"]
    counts = ", ".join(str(c) for c in b["row_counts"])
    mystery = raw["mystery_weights"]
    total_w = sum(mystery.values())
    code_words = {combo_code(c): combo_words(c) for c in COMBOS}
    return {
        "lines": ("Win lines", [
            f"All games are played with {len(m.lines)} win lines. Wins can occur across any or all of the win lines.",
            "All wins pay left to right on adjacent reels, starting with the leftmost reel.",
            "Only the highest award is paid per winning combination. Wins on different played lines are added."]),
        "wild": ("Wild", [
            "Substitutes for all symbols for line wins.",
            "Wilds only appear on reels 2, 3 and 4, in the base game and when a fortune bet is active."]),
        "feature_symbols": ("Feature symbols", [
            "Every time a feature symbol lands in view on the reels it is added to its feature pot. When it is "
            "added, there is a chance that the pot triggers and the bonus is awarded with that feature active.",
            "Landing more than one feature symbol increases the chance that a bonus is triggered. If more than "
            "one feature pot triggers, the bonus is awarded with that combination of features active."]),
        "pot_colours": ("Three pots", [
            "A blue symbol may trigger the bonus with Double Coins active, a red one with Pot Fill, a gold one "
            "with Happy Boost."]),
        "pot_levels": ("Pot levels", [
            f"When a feature symbol is added, its pot may grow, up to level {fp['levels']}. The level of a pot "
            "does not increase the chance of triggering the bonus.",
            "Whenever a bonus is awarded in the base game or a fortune bet, every pot returns to level 1."]),
        "bonus": ("The bonus game", [
            f"The bonus shows {b['active_rows'] * b['reels']} mini reels in a {b['reels']} by {b['active_rows']} "
            f"block, with {b['rows'] - b['active_rows']} more rows of {b['reels']} above them. The rows above start "
            "inactive and show a count of when they will be activated.",
            f"The counts are, from the bottom, {counts}. Every coin landing on an active row takes 1 off the count "
            "of each inactive row (a double coin takes 2). At zero the row is active: its cash coins are paid at "
            "the end of the bonus, its pot fill coins at once."]),
        "spins": ("Spins and lives", [
            f"All {b['rows'] * b['reels']} mini reels without stuck coins spin in each round of the bonus when "
            "the player presses START. Coins land and stick on every row, but only coins on active rows are "
            "processed.",
            f"The bonus starts with {min(b['start_coins'])} to {max(b['start_coins'])} coins stuck on the active "
            f"rows and {b['lives']} lives. Every round takes a life; a coin landing on an active row resets them "
            f"to {b['lives']}.",
            "When no lives are left the bonus ends and the sum of all coins on active rows is paid. No line wins "
            "are paid in the bonus."]),
        "cash": ("Cash coins", ["Coins carry a cash value of the base game bet:"]),
        "double_coins": ("Double Coins", [
            "Some coins land as double versions: 2 coins with the same cash value, or 2 pot fill coins when Pot "
            "Fill is active.",
            "A double coin counts as 2 coins for the row counts."]),
        "pot_fill": ("Pot Fill", [
            "Some coins land as pot fill coins. On an active row each adds its letter to its pot's name; when "
            "the name is complete, the pot's value goes to the coin that completed it and the name starts "
            "empty again. Otherwise the coin turns into a cash coin.",
            "Pot fill coins on an inactive row are processed when the row activates. With Double Coins also "
            "active, a double pot fill coin adds two letters."]),
        "happy_boost": ("Happy Boost", [
            "At random, the value of one or more coins on the mini reels may be boosted, by 2x to 100x the base "
            "game bet. Only coins on active rows can be boosted.",
            "With Happy Boost active, one of the other features may also be triggered. Boosts: "
            + ", ".join(x(v) for v in b["boost_values"]) + "."]),
        "fortune": ("Fortune bet", [
            "An alternative to standard spins: a bet of 1.2x, 1.5x or 2x the current bet.",
            "At 1.2x more bonuses are awarded, through a higher trigger chance of the feature pots.",
            f"At 1.5x also every bonus starts with {_least(fp['min_features']['fortune_1_5'])} "
            f"active; at 2x with {_least(fp['min_features']['fortune_2'])}.",
            "Awards, gamble entry and big win thresholds stay those of the base bet."]),
        "buy": ("Bonus buy", [
            "Buy direct entry to the bonus, choosing 1 of 2 options. Changing the base bet changes their price.",
            "A bought bonus starts with a base game delivering the 3 feature symbols; then the pots trigger the "
            "combination bought. Feature awards are determined by the current bet."]),
        "buy_mystery": (modes["buy_mystery"]["label"], [
            "Direct entry to the bonus with any combination where 1, 2 or all 3 of the features are active: "
            + ", ".join(f"{code_words[k]} {v} in {total_w}" for k, v in mystery.items()) + "."]),
        "buy_triple": (modes["buy_triple"]["label"], [
            "Direct entry to the bonus with all 3 features active: Double Coins, Pot Fill and Happy Boost."]),
        "gamble": ("Gamble", [
            f"The operator sets the gamble on, on for wins of at least {g['entry_x']}x the base bet (before any "
            "bet multiplier), or off.",
            "Two wheels: the left one can raise the win by half, double it or triple it; the right one offers a "
            "bonus entry, chosen with - and +, which moves its winning and losing segments.",
            "Green wins the cash value or the bonus entry; red loses the winnings and returns to the base game. "
            "The chance of green is the win divided by the prize; when the green segment is drawn at its "
            f"smallest ({g['min_green']} of the wheel) the real chance can be much lower than it looks.",
            f"A win that would exceed {g['limit_x']:,}x the base bet or "
            f"{money(g['limit_cents'])}, whichever is lower, is collected automatically. The top bonus "
            "entry is Happy Boost + Pot Fill + Double Coins. COLLECT takes the winnings. The expected payback "
            "of the gamble is 100%."]),
        "spin_chance": ("Spin chance", [
            "When the credit falls below the price of play but is above zero, spin chance offers to wager it on "
            "a base game spin at the current bet. PLAY moves the pointer across the meter; NO THANKS keeps the "
            "credit.",
            "Green plays the spin at once; red loses the credit. The green segment is the credit's share of the "
            "price, and that is exactly the chance of winning the spin."]),
    }


def trigger_rows() -> list[tuple[str, int, int]]:
    """(mode label, num, den): each feature symbol's chance to trigger its pot."""
    m = load()
    return [(m.raw["modes"][mode]["label"], n, m.feature_den) for mode, n in m.trigger.items()]


def general_rules(money: Callable[[int], str] = plain_money) -> list[tuple[str, str, list[str]]]:
    """The sheet's game information: (pictogram, title, paragraphs)."""
    raw = load().raw
    ladder = raw["bet_ladder"]
    return [
        ("recovery", "Game recovery", [
            "In the event of an unexpected interruption or termination of a real play game, the game will "
            "recover to the last known state."]),
        ("limits", "Bets and win limit", [
            f"The minimum bet is {money(ladder[0])} per game, the maximum {money(ladder[-1])}.",
            f"Any combination of wins in a single game is limited and will not exceed "
            f"{money(raw['max_win_cents'])}, excluding jackpots. It may not be possible to reach this limit "
            "in a single game from every bet configuration."]),
        ("payback", "Payback", [
            f"The theoretical average return to player (RTP) for this game is {float(raw['rtp']) * 100:.2f}%.",
            "The player's odds of getting any particular outcome are always the same."]),
        ("outcome", "Outcomes", [
            "The outcome of any play during the game is pre-determined. Player choices do not affect the outcome "
            "of the game unless indicated."]),
        ("malfunction", "Malfunction", ["Malfunction voids all pays and plays."]),
    ]


def mode_descriptions() -> dict[str, str]:
    """What each way to play gives, from the sheet (the buy menu, the bets page)."""
    s = sections()
    least = load().raw["feature_pots"]["min_features"]
    out = {"base": f"A standard spin of the {len(load().lines)} lines.",
           "fortune_1_2": "More bonuses, through a higher trigger chance of the feature pots.",
           "fortune_1_5": f"More bonuses, each starting with {_least(least['fortune_1_5'])} active.",
           "fortune_2": f"More bonuses, each starting with {_least(least['fortune_2'])} active.",
           "buy_mystery": s["buy_mystery"][1][0], "buy_triple": s["buy_triple"][1][0]}
    for c in COMBOS:
        out[combo_mode(c)] = f"A bonus won in the gamble, with {combo_words(c)} active."
    return out


def describe_modes(modes: tuple[BetMode, ...]) -> tuple[BetMode, ...]:
    """The modes as a player reads them: the gamble's bonus libraries named by their
    features, every mode with what it gives."""
    text = mode_descriptions()
    combos = {combo_mode(c): c for c in COMBOS}
    return tuple(replace(mode, label=f"Gamble bonus: {combo_words(combos[mode.id])}" if mode.id in combos
                         else mode.label, description=text.get(mode.id, mode.description)) for mode in modes)


def help_pages() -> list[tuple[str, str]]:
    """Every section as plain text pages (GameSpec.view.help)."""
    m = load()
    b = m.raw["bonus"]
    s = sections()
    pays = "\n\n".join(f"{sym}: " + ", ".join(f"{k} = {x(v)}" for k, v in p.items()) for sym, p in m.pays.items())
    trig = "\n\n".join(f"{label}: {pct(n, den)} ({one_in(n, den)}) a feature symbol" for label, n, den in trigger_rows())
    cash = ", ".join(x(v) for v in b["cash_values"])
    pots = "\n\n".join(f"{letters(p)}: a fixed value of {x(b['pots'][p]['value'])}" for p in POT_NAMES)
    pages = [("Paytable", "Line pays, as multiples of the total bet:\n\n" + pays)]
    for key in s:
        title, paras = s[key]
        body = "\n\n".join(paras)
        if key == "feature_symbols":
            body += "\n\n" + trig
        elif key == "cash":
            body += " " + cash + "."
        elif key == "pot_fill":
            body += "\n\n" + pots
        pages.append((title, body))
    pages += [(title, "\n\n".join(paras)) for _, title, paras in general_rules()]
    return pages
