"""What a player reads about Grinning Harvest, written from the rules sheet with every
number read from math.yaml (no pygame), so the rules pages, the PAR sheet and the
math agree by construction.

`sections()` -> {key: (title, [paragraph, ...])}: the rules pages' text (the view's
rules_pages.py lays them out beside the pictures); `help_sections()` the same as a
list (the PAR sheet quotes it); `general_rules()`: the sheet's general terms;
`help_pages()` (GameSpec.view.help): all of it as plain pages; `FEATURE_LABELS`:
Round.features in words (the history).
"""
from __future__ import annotations

from typing import Callable

from .tables import JACKPOTS, load, vaults_in_view


def plain_money(cents: int) -> str:
    """Money without a currency (the UI passes its own formatter)."""
    return f"{cents / 100:,.2f}"

FEATURE_LABELS = {"collect": "Vault collect", "bonus": "Hold-n-Win bonus", "jackpot_mini": "Mini jackpot",
                  "jackpot_minor": "Minor jackpot", "jackpot_mega": "Mega jackpot",
                  "jackpot_grand": "Grand jackpot", "great_skull": "Great Skull", "vaults_3": "3 Vaults",
                  "vaults_in_view_2": "2 Vaults in view", "vaults_in_view_3": "3 Vaults in view",
                  "big_win": "", "max_win": "Top prize"}


def _x(value_x100: int) -> str:
    """1500 -> '15x', 110 -> '1.1x', 1500000 -> '15,000x'."""
    whole, frac = divmod(int(value_x100), 100)
    return f"{whole:,}x" if not frac else f"{whole:,}.{frac:02d}".rstrip("0") + "x"


def _pct(rtp: float) -> str:
    return f"{rtp * 100:.2f}%"


def sections() -> dict[str, tuple[str, list[str]]]:
    """Every section of the rules, every number from math.yaml."""
    m = load()
    raw = m.raw
    values = ", ".join(_x(v) for v, lab in zip(m.values_base.value_x100, m.values_base.labels) if lab not in JACKPOTS)
    jp = ", ".join(f"{k.capitalize()} ({_x(v)})" for k, v in m.jackpots.items())
    mults = sorted({int(x) for x in m.row.multipliers} - {1})
    skull = [int(x) for x in m.great_skull_mult]
    n_lines = len(raw["lines"])
    odds = vaults_in_view(m)
    together = " and ".join(f"{('two', 'three')[k - 2]} in 1 spin in {float(1 / odds[k]):,.0f}"
                            for k in (2, 3) if odds[k])
    return {
        "about": ("About the game", [
            f"{raw['name']} is a spooky but fun 3x3 Halloween game with {n_lines} paylines and a Hold-n-Win "
            "Bonus Game.",
            "In the Base Game a Pumpkin lands alongside a Collector's Vault for instant loot; four Jackpots wait "
            "on the Pumpkins.",
            f"In the Bonus Game you could win up to {_x(m.max_win_x100)} your bet; the round ends when the top "
            "prize is reached, and the top prize is paid."]),
        "paylines": ("Ways to win", [
            f"You win if matching symbols appear on one of the {n_lines} paylines, on adjacent reels from left "
            "to right, starting with the leftmost reel.",
            "Only the highest prize per winning combination is paid. Simultaneous prizes of one round are added "
            "together.",
            "The requirements for a winning combination in the Base Game also apply in the bonus features, unless "
            "otherwise specified."]),
        "wild": ("Wild", ["Substitutes for all symbols except Pumpkin and Vault. It appears only in the Base Game."]),
        "pumpkins": ("Pumpkins", [
            f"Pumpkins land only on reels 1 and 3 and show a cash value of {values} the bet, or a jackpot coin.",
            "The value shown is what the Pumpkin pays when a Collector's Vault collects it."]),
        "jackpots": ("Jackpots", [f"Jackpot coins appear only on Pumpkins: {jp}."]),
        "vault": ("Collector's Vault", [
            "The Vault lands only on reel 2 and collects Pumpkin values in every game mode.",
            "It collects only Pumpkins that land on the same spin or later spins: a new Vault does not collect "
            "Pumpkins that have already landed. Several Vaults each collect independently; there is no "
            "interaction between them.",
            "In the Base Game a Vault with Pumpkins in view pays their values at once. Reel 2 can show "
            f"several Vaults at once: {together}, on average."]),
        "shown": ("Values shown", [
            "A value too large to show in full is shortened to two decimal places and always rounded down: "
            "10,250,500 shows as 10.25M. The value shown is the least you win; the award may be higher, never "
            "lower."]),
        "trigger": ("Hold-n-Win bonus", [
            "Pumpkins on reels 1 and 3 with a Collector's Vault on reel 2 trigger the bonus. They do not pay in "
            "the Base Game but are carried over to the bonus, and the Vault collects them before the first "
            "bonus spin."]),
        "bonus_spins": ("Bonus spins", [
            f"Only Pumpkins and Vaults appear. Vaults stay fixed to the end of the bonus, up to {m.max_vaults}.",
            f"The spins counter starts at {m.lives}; each new Pumpkin or Vault resets it to {m.lives}. The bonus "
            f"ends after {m.lives} spins in a row without a new symbol, and pays the sum of the Vault values. "
            "There are no line wins in the bonus."]),
        "row": ("The row of multipliers", [
            "In the bonus the Big Pumpkin above the reels becomes the Big Skull, and a row appears above the "
            "reels. Each spin it shows, over every reel, a multiplier, a small skull or a spider web.",
            f"A multiplier ({mults[0]}x-{mults[-1]}x) applies only to the symbol directly below it, the top cell "
            "of its reel: to a Pumpkin landing there on that spin, or to a Vault there, whose value is multiplied "
            "first, before it collects the Pumpkins of that spin. The web does nothing."]),
        "held": ("Over a held Pumpkin", [
            "A multiplier over a Pumpkin that landed on an earlier spin does nothing: that Pumpkin's value is "
            "already inside the Vaults. Over a Vault that has collected nothing yet, or that lands on that "
            "same spin, it does nothing either."]),
        "skull": ("The Great Skull", [
            f"Three small skulls in the row wake the Great Skull: a {skull[0]}x-{skull[-1]}x multiplier on every "
            "Vault value and every new Pumpkin value on the field for that spin (Vaults before they collect). "
            "Pumpkins from earlier spins are counted once, inside the Vaults."]),
        "buy": ("Buy bonus", [
            "Buy the Hold-n-Win bonus straight from the Base Game with the BONUS button (or SHIFT+B). Feature "
            "prices may exceed the maximum bet level.",
            f"The RTP when buying the Hold-n-Win bonus is {_pct(m.rtp['buy'])}."]),
        "rtp": ("Return to player", [
            f"The theoretical return to player (RTP) of the game is {_pct(m.rtp['base'])}, exact for the "
            "outcomes the game draws from."]),
    }


def buy_descriptions() -> dict[str, str]:
    """What each buy gives (math.yaml's words)."""
    return {b.id: b.help for b in load().buys}


def help_sections() -> list[tuple[str, list[str]]]:
    """The sections as a list, with every buy (the PAR sheet quotes them)."""
    s = dict(sections())
    m = load()
    title, paras = s["buy"]
    s["buy"] = (title, paras + [f"{b.label} ({_x(b.cost_x100)} the bet): {b.help}" for b in m.buys])
    return list(s.values())


def general_rules(money: Callable[[int], str] = plain_money) -> list[tuple[str, str, list[str]]]:
    """The sheet's general information: (pictogram, title, paragraphs); `money`
    writes an amount of cents in the cabinet's currency."""
    m = load()
    ladder = m.raw["bet_ladder_cents"]
    return [
        ("recovery", "Game interrupted", [
            "A round interrupted by a disconnection resumes when the game is restarted. The result of a completed "
            "winning round whose display was interrupted is shown again on restart; every round can be reviewed "
            "in the Game History."]),
        ("limits", "Bets and top prize", [
            f"Bets range from {money(ladder[0])} to {money(ladder[-1])}; feature purchases may exceed "
            "this limit.",
            f"The maximum prize in this game is {_x(m.max_win_x100)} the current bet, won through specific "
            "combinations and features."]),
        ("outcome", "Random outcomes", [
            "Any picture of a physical device (reel, wheel or similar) is not a real device: where it stops is "
            "decided by the game's random number generator, not by the number of positions on it. The outcome "
            "of every round is decided when it starts."]),
        ("payback", "Payback", [f"The theoretical RTP is {_pct(m.rtp['base'])} for the Base Game and "
                                f"{_pct(m.rtp['buy'])} for every bonus buy; the odds are always the same."]),
        ("malfunction", "Malfunction", ["Misuse or failure voids all payments and games."]),
    ]


def help_pages() -> list[tuple[str, str]]:
    """(title, text) pages, paragraphs separated by blank lines (GameSpec.view.help)."""
    pages = [(title, "\n\n".join(paras)) for title, paras in help_sections()]
    return pages + [(title, "\n\n".join(paras)) for _, title, paras in general_rules()]
