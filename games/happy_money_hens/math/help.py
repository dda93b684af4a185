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
from fractions import Fraction
from typing import Callable

from cabinet.core.game import BetMode
from cabinet.core.i18n import N_, _, formats, translate

from .tables import COMBOS, FEATURES, POT_NAMES, combo_code, combo_mode, load

FEATURE_WORDS = {"double_coins": N_("Double Coins"), "pot_fill": N_("Pot Fill"), "happy_boost": N_("Happy Boost")}
COLOUR_OF = {"double_coins": "blue", "pot_fill": "red", "happy_boost": "gold"}


def combo_words(combo: int) -> str:
    """7 -> 'Double Coins + Pot Fill + Happy Boost' (in the current language)."""
    return " + ".join(translate(FEATURE_WORDS[FEATURES[b]]) for b in (1, 2, 4) if combo & b)


def feature_labels() -> dict[str, str]:
    """Round.features in words, in the current language (ViewInfo.feature_words)."""
    return {"bonus": "", "full_board": _("All 35 mini reels filled"), "capped": _("Win limit reached"),
            "big_bonus": _("Big bonus win"),
            "big_grand": "",          # a GRAND and its win: the GRAND's label and the win already say it
            **{f"combo_{combo_code(c)}": _("Bonus: {features}").format(features=combo_words(c)) for c in COMBOS},
            **{f"pot_{p.lower()}": _("{pot} pot won").format(pot=p) for p in POT_NAMES},
            "pot_grand_2": _("GRAND pot won twice"), "pot_grand_3": _("GRAND pot won three times or more")}


def plain_money(cents: int) -> str:
    """Money as the sheet writes it (the UI passes the cabinet's currency instead)."""
    return f"${cents / 100:,.2f}"


def x(v100: int) -> str:
    """x100 -> '0.5x', '10x', '1,000x' (in the active locale's digits: '0,5x', '1.000x')."""
    text = formats.number(Fraction(int(v100), 100), 2)
    return text.rstrip("0").rstrip(formats.active().decimal) + "x" if formats.active().decimal in text else text + "x"


FEATURE_LABELS = feature_labels()                 # in English: made on import
# the review tools' words for bonus_pf_hb's big_grand stratum (math.yaml big_grand_x; the
# figure is checked against it by tests/happy_money_hens/test_help.py)
BIG_GRAND_WORDS = N_("GRAND pot won, 1,200x the bet or more in all")
FORCE_LABELS = {**{k: FEATURE_LABELS[k] for k in ("pot_grand", "pot_grand_2", "pot_grand_3", "full_board", "big_bonus",
                                                  *(f"combo_{combo_code(c)}" for c in COMBOS))},
                "big_grand": BIG_GRAND_WORDS}


def pct(num: int, den: int) -> str:
    return formats.percent(Fraction(100 * num, den), 2)


def one_in(num: int, den: int) -> str:
    """'1 in 12.5', '1 in 40' (the locale's digits)."""
    text = formats.number(Fraction(den, num), 1)
    zero = formats.active().decimal + "0"
    return _("1 in {n}").format(n=text[:-len(zero)] if text.endswith(zero) else text)


def _least(n: int) -> str:
    """How many of the 3 features a fortune bet's bonus starts with, in words."""
    return _("all 3 features") if n >= len(FEATURES) else _("at least {n} of the {total} features").format(
        n=n, total=len(FEATURES))


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
        "lines": (_("Win lines"), [
            _("All games are played with {lines} win lines. Wins can occur across any or all of the win "
              "lines.").format(lines=len(m.lines)),
            _("All wins pay left to right on adjacent reels, starting with the leftmost reel."),
            _("Only the highest award is paid per winning combination. Wins on different played lines are added.")]),
        "wild": (_("Wild"), [
            _("Substitutes for all symbols for line wins."),
            _("Wilds only appear on reels 2, 3 and 4, in the base game and when a fortune bet is active.")]),
        "feature_symbols": (_("Feature symbols"), [
            _("Every time a feature symbol lands in view on the reels it is added to its feature pot. When it is "
              "added, there is a chance that the pot triggers and the bonus is awarded with that feature active."),
            _("Landing more than one feature symbol increases the chance that a bonus is triggered. If more than "
              "one feature pot triggers, the bonus is awarded with that combination of features active.")]),
        "pot_colours": (_("Three pots"), [
            _("A blue symbol may trigger the bonus with Double Coins active, a red one with Pot Fill, a gold one "
              "with Happy Boost.")]),
        "pot_levels": (_("Pot levels"), [
            _("When a feature symbol is added, its pot may grow, up to level {levels}. The level of a pot does not "
              "increase the chance of triggering the bonus.").format(levels=fp["levels"]),
            _("Whenever a bonus is awarded in the base game or a fortune bet, every pot returns to level 1.")]),
        "bonus": (_("The bonus game"), [
            _("The bonus shows {count} mini reels in a {reels} by {rows} block, with {more} more rows of {reels} "
              "above them. The rows above start inactive and show a count of when they will be "
              "activated.").format(count=b["active_rows"] * b["reels"], reels=b["reels"], rows=b["active_rows"],
                                   more=b["rows"] - b["active_rows"]),
            _("The counts are, from the bottom, {counts}. Every coin landing on an active row takes 1 off the count "
              "of each inactive row (a double coin takes 2). At zero the row is active: its cash coins are paid at "
              "the end of the bonus, its pot fill coins at once.").format(counts=counts)]),
        "spins": (_("Spins and lives"), [
            _("All {count} mini reels without stuck coins spin in each round of the bonus when the player presses "
              "START. Coins land and stick on every row, but only coins on active rows are processed.").format(
                count=b["rows"] * b["reels"]),
            _("The bonus starts with {low} to {high} coins stuck on the active rows and {lives} lives. Every round "
              "takes a life; a coin landing on an active row resets them to {lives}.").format(
                low=min(b["start_coins"]), high=max(b["start_coins"]), lives=b["lives"]),
            _("When no lives are left the bonus ends and the sum of all coins on active rows is paid. No line wins "
              "are paid in the bonus.")]),
        "cash": (_("Cash coins"), [_("Coins carry a cash value of the base game bet:")]),
        "double_coins": (_("Double Coins"), [
            _("Some coins land as double versions: 2 coins with the same cash value, or 2 pot fill coins when Pot "
              "Fill is active."),
            _("A double coin counts as 2 coins for the row counts.")]),
        "pot_fill": (_("Pot Fill"), [
            _("Some coins land as pot fill coins. On an active row each adds its letter to its pot's name; when "
              "the name is complete, the pot's value goes to the coin that completed it and the name starts "
              "empty again. Otherwise the coin turns into a cash coin."),
            _("Pot fill coins on an inactive row are processed when the row activates. With Double Coins also "
              "active, a double pot fill coin adds two letters.")]),
        "happy_boost": (_("Happy Boost"), [
            _("At random, the value of one or more coins on the mini reels may be boosted, by 2x to 100x the base "
              "game bet. Only coins on active rows can be boosted."),
            _("With Happy Boost active, one of the other features may also be triggered. Boosts: {boosts}.").format(
                boosts=", ".join(x(v) for v in b["boost_values"]))]),
        "fortune": (_("Fortune bet"), [
            _("An alternative to standard spins: a bet of 1.2x, 1.5x or 2x the current bet."),
            _("At 1.2x more bonuses are awarded, through a higher trigger chance of the feature pots."),
            _("At 1.5x also every bonus starts with {least_1_5} active; at 2x with {least_2}.").format(
                least_1_5=_least(fp["min_features"]["fortune_1_5"]), least_2=_least(fp["min_features"]["fortune_2"])),
            _("Awards, gamble entry and big win thresholds stay those of the base bet.")]),
        "buy": (_("Bonus buy"), [
            _("Buy direct entry to the bonus, choosing 1 of 2 options. Changing the base bet changes their price."),
            _("A bought bonus starts with a base game delivering the 3 feature symbols; then the pots trigger the "
              "combination bought. Feature awards are determined by the current bet.")]),
        "buy_mystery": (modes["buy_mystery"]["label"], [
            _("Direct entry to the bonus with any combination where 1, 2 or all 3 of the features are active: "
              "{chances}.").format(chances=", ".join(_("{features} {n} in {total}").format(
                  features=code_words[k], n=v, total=total_w) for k, v in mystery.items()))]),
        "buy_triple": (modes["buy_triple"]["label"], [
            _("Direct entry to the bonus with all 3 features active: Double Coins, Pot Fill and Happy Boost.")]),
        "gamble": (_("Gamble"), [
            _("The operator sets the gamble on, on for wins of at least {entry}x the base bet (before any bet "
              "multiplier), or off.").format(entry=g["entry_x"]),
            _("Two wheels: the left one can raise the win by half, double it or triple it; the right one offers a "
              "bonus entry, chosen with - and +, which moves its winning and losing segments."),
            _("Green wins the cash value or the bonus entry; red loses the winnings and returns to the base game. "
              "The chance of green is the win divided by the prize; when the green segment is drawn at its "
              "smallest ({smallest} of the wheel) the real chance can be much lower than it looks.").format(
                smallest=g["min_green"]),
            _("A win that would exceed {times} the base bet or {amount}, whichever is lower, is collected "
              "automatically. The top bonus entry is Happy Boost + Pot Fill + Double Coins. COLLECT takes the "
              "winnings. The expected payback of the gamble is 100%.").format(
                times=x(int(g["limit_x"]) * 100), amount=money(g["limit_cents"]))]),
        "spin_chance": (_("Spin chance"), [
            _("When the credit falls below the price of play but is above zero, spin chance offers to wager it on "
              "a base game spin at the current bet. PLAY moves the pointer across the meter; NO THANKS keeps the "
              "credit."),
            _("Green plays the spin at once; red loses the credit. The green segment is the credit's share of the "
              "price, and that is exactly the chance of winning the spin.")]),
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
        ("recovery", _("Game recovery"), [
            _("In the event of an unexpected interruption or termination of a real play game, the game will "
              "recover to the last known state.")]),
        ("limits", _("Bets and win limit"), [
            _("The minimum bet is {low} per game, the maximum {high}.").format(low=money(ladder[0]),
                                                                                high=money(ladder[-1])),
            _("Any combination of wins in a single game is limited and will not exceed {amount}, excluding "
              "jackpots. It may not be possible to reach this limit in a single game from every bet "
              "configuration.").format(amount=money(raw["max_win_cents"]))]),
        ("payback", _("Payback"), [
            _("The theoretical average return to player (RTP) for this game is {rtp}.").format(
                rtp=formats.percent(Fraction(str(raw["rtp"])) * 100, 2)),
            _("The player's odds of getting any particular outcome are always the same.")]),
        ("outcome", _("Outcomes"), [
            _("The outcome of any play during the game is pre-determined. Player choices do not affect the outcome "
              "of the game unless indicated.")]),
        ("malfunction", _("Malfunction"), [_("Malfunction voids all pays and plays.")]),
    ]


def mode_descriptions() -> dict[str, str]:
    """What each way to play gives, from the sheet (the buy menu, the bets page)."""
    s = sections()
    least = load().raw["feature_pots"]["min_features"]
    out = {"base": _("A standard spin of the {lines} lines.").format(lines=len(load().lines)),
           "fortune_1_2": _("More bonuses, through a higher trigger chance of the feature pots."),
           "fortune_1_5": _("More bonuses, each starting with {features} active.").format(
               features=_least(least["fortune_1_5"])),
           "fortune_2": _("More bonuses, each starting with {features} active.").format(
               features=_least(least["fortune_2"])),
           "buy_mystery": s["buy_mystery"][1][0], "buy_triple": s["buy_triple"][1][0]}
    for c in COMBOS:
        out[combo_mode(c)] = _("A bonus won in the gamble, with {features} active.").format(features=combo_words(c))
    return out


# math.yaml's mode names, marked for the catalogue (the buy cards, the bets page, the history)
MODE_NAMES = (N_("Base game"), N_("Fortune bet 1.2x"), N_("Fortune bet 1.5x"), N_("Fortune bet 2x"),
              N_("Mystery bonus"), N_("Triple bonus"))


def mode_words() -> dict[str, tuple[str, str]]:
    """Mode id -> (name, what it gives) in the current language (ViewInfo.mode_words);
    the gamble's bonus libraries named by their features."""
    text = mode_descriptions()
    combos = {combo_mode(c): c for c in COMBOS}
    return {mid: (_("Gamble bonus: {features}").format(features=combo_words(combos[mid])) if mid in combos
                  else translate(v["label"]), text.get(mid, v.get("description", "")))
            for mid, v in load().raw["modes"].items()}


def describe_modes(modes: tuple[BetMode, ...]) -> tuple[BetMode, ...]:
    """The modes as a player reads them (in English, on import: GameSpec keeps these):
    the gamble's bonus libraries named by their features, every mode with what it gives."""
    words = mode_words()
    return tuple(replace(mode, label=words[mode.id][0], description=words[mode.id][1]) if mode.id in words
                 else mode for mode in modes)


def help_pages() -> list[tuple[str, str]]:
    """Every section as plain text pages (GameSpec.view.help)."""
    m = load()
    b = m.raw["bonus"]
    s = sections()
    pays = "\n\n".join(f"{sym}: " + ", ".join(f"{k} = {x(v)}" for k, v in p.items()) for sym, p in m.pays.items())
    trig = "\n\n".join(
        f"{label}: {pct(n, den)} ({one_in(n, den)}) a feature symbol" for label, n, den in trigger_rows()
    )
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
    pages += [(title, "\n\n".join(paras)) for _kind, title, paras in general_rules()]
    return pages
