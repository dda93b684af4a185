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

from fractions import Fraction
from typing import Callable

from cabinet.core.i18n import N_, _, formats

from .tables import JACKPOTS, load, vaults_in_view


def plain_money(cents: int) -> str:
    """Money without a currency (the UI passes its own formatter)."""
    return f"{cents / 100:,.2f}"

# math.yaml's symbol names, marked for the catalogue (the paytable page's card titles)
SYMBOL_WORDS = (N_("Candy Corn"), N_("Bat"), N_("Black Cat"), N_("Ghost"), N_("Witch Hat"), N_("Witch"), N_("Wild"),
                N_("Pumpkin"), N_("Collector's Vault"))

# math.yaml's buy names and what each gives, marked for the catalogue (the buy cards, the
# bets page, the history: cabinet/core/game_words.py translates them where they are drawn)
MODE_WORDS = (N_("Spin"), N_("A base-game spin."),
              N_("Hold-n-Win"), N_("The Hold-n-Win bonus with 1 Vault and a Pumpkin on reels 1 and 3."),
              N_("Double Vault"), N_("The bonus starts with 2 Vaults, each collecting every Pumpkin."),
              N_("Haunted Row"), N_("The bonus with a Haunted Row above the reels - more multipliers and skulls."),
              N_("Pumpkin Patch"),
              N_("The bonus starts with 1 Vault and 2 Pumpkins on each of reels 1 and 3; no 2x or 3x Pumpkins."))

FEATURE_LABELS = {"collect": N_("Vault collect"), "bonus": N_("Hold-n-Win bonus"), "jackpot_mini": N_("Mini jackpot"),
                  "jackpot_minor": N_("Minor jackpot"), "jackpot_mega": N_("Mega jackpot"),
                  "jackpot_grand": N_("Grand jackpot"), "great_skull": N_("Great Skull"), "vaults_3": N_("3 Vaults"),
                  "vaults_in_view_2": N_("2 Vaults in view"), "vaults_in_view_3": N_("3 Vaults in view"),
                  "big_win": "", "max_win": N_("Top prize")}


def _x(value_x100: int) -> str:
    """1500 -> '15x', 110 -> '1.1x', 1500000 -> '15,000x' (in the active locale's digits:
    '15.000x', '1,1x' in de-DE)."""
    text = formats.number(Fraction(int(value_x100), 100), 2)
    return text.rstrip("0").rstrip(formats.active().decimal) + "x"


def _pct(rtp: float) -> str:
    return formats.percent(Fraction(rtp).limit_denominator(10**9) * 100, 2)


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
    two, three = (formats.number(1 / odds[k]) if odds[k] else "" for k in (2, 3))
    together = (_("two in 1 spin in {two} and three in 1 spin in {three}, on average").format(two=two, three=three)
                if two and three else _("two in 1 spin in {two}, on average").format(two=two) if two else
                _("three in 1 spin in {three}, on average").format(three=three))
    return {
        "about": (_("About the game"), [
            _("{name} is a spooky but fun 3x3 Halloween game with {lines} paylines and a Hold-n-Win Bonus "
              "Game.").format(name=raw["name"], lines=n_lines),
            _("In the Base Game a Pumpkin lands alongside a Collector's Vault for instant loot; four Jackpots wait "
              "on the Pumpkins."),
            _("In the Bonus Game you could win up to {times} your bet; the round ends when the top prize is "
              "reached, and the top prize is paid.").format(times=_x(m.max_win_x100))]),
        "paylines": (_("Ways to win"), [
            _("You win if matching symbols appear on one of the {lines} paylines, on adjacent reels from left to "
              "right, starting with the leftmost reel.").format(lines=n_lines),
            _("Only the highest prize per winning combination is paid. Simultaneous prizes of one round are added "
              "together."),
            _("The requirements for a winning combination in the Base Game also apply in the bonus features, unless "
              "otherwise specified.")]),
        "wild": (_("Wild"), [_("Substitutes for all symbols except Pumpkin and Vault. It appears only in the Base "
                               "Game.")]),
        "pumpkins": (_("Pumpkins"), [
            _("Pumpkins land only on reels 1 and 3 and show a cash value of {values} the bet, or a jackpot "
              "coin.").format(values=values),
            _("The value shown is what the Pumpkin pays when a Collector's Vault collects it.")]),
        "jackpots": (_("Jackpots"), [_("Jackpot coins appear only on Pumpkins: {jackpots}.").format(jackpots=jp)]),
        "vault": (_("Collector's Vault"), [
            _("The Vault lands only on reel 2 and collects Pumpkin values in every game mode."),
            _("It collects only Pumpkins that land on the same spin or later spins: a new Vault does not collect "
              "Pumpkins that have already landed. Several Vaults each collect independently; there is no "
              "interaction between them."),
            _("In the Base Game a Vault with Pumpkins in view pays their values at once. Reel 2 can show several "
              "Vaults at once: {together}.").format(together=together)]),
        "shown": (_("Values shown"), [
            _("A value too large to show in full is shortened to two decimal places and always rounded down: "
              "10,250,500 shows as 10.25M. The value shown is the least you win; the award may be higher, never "
              "lower.")]),
        "trigger": (_("Hold-n-Win bonus"), [
            _("Pumpkins on reels 1 and 3 with a Collector's Vault on reel 2 trigger the bonus. They do not pay in "
              "the Base Game but are carried over to the bonus, and the Vault collects them before the first "
              "bonus spin.")]),
        "bonus_spins": (_("Bonus spins"), [
            _("Only Pumpkins and Vaults appear. Vaults stay fixed to the end of the bonus, up to {vaults}.").format(
                vaults=m.max_vaults),
            _("The spins counter starts at {lives}; each new Pumpkin or Vault resets it to {lives}. The bonus ends "
              "after {lives} spins in a row without a new symbol, and pays the sum of the Vault values. There are "
              "no line wins in the bonus.").format(lives=m.lives)]),
        "row": (_("The row of multipliers"), [
            _("In the bonus the Big Pumpkin above the reels becomes the Big Skull, and a row appears above the "
              "reels. Each spin it shows, over every reel, a multiplier, a small skull or a spider web."),
            _("A multiplier ({low}x-{high}x) applies only to the symbol directly below it, the top cell of its "
              "reel: to a Pumpkin landing there on that spin, or to a Vault there, whose value is multiplied "
              "first, before it collects the Pumpkins of that spin. The web does nothing.").format(
                low=mults[0], high=mults[-1])]),
        "held": (_("Over a held Pumpkin"), [
            _("A multiplier over a Pumpkin that landed on an earlier spin does nothing: that Pumpkin's value is "
              "already inside the Vaults. Over a Vault that has collected nothing yet, or that lands on that "
              "same spin, it does nothing either.")]),
        "skull": (_("The Great Skull"), [
            _("Three small skulls in the row wake the Great Skull: a {low}x-{high}x multiplier on every Vault value "
              "and every new Pumpkin value on the field for that spin (Vaults before they collect). Pumpkins from "
              "earlier spins are counted once, inside the Vaults.").format(low=skull[0], high=skull[-1])]),
        "buy": (_("Buy bonus"), [
            _("Buy the Hold-n-Win bonus straight from the Base Game with the BONUS button (or SHIFT+B). Feature "
              "prices may exceed the maximum bet level."),
            _("The RTP when buying the Hold-n-Win bonus is {rtp}.").format(rtp=_pct(m.rtp["buy"]))]),
        "rtp": (_("Return to player"), [
            _("The theoretical return to player (RTP) of the game is {rtp}, exact for the outcomes the game draws "
              "from.").format(rtp=_pct(m.rtp["base"]))]),
    }


def buy_descriptions() -> dict[str, str]:
    """What each buy gives (math.yaml's words)."""
    return {b.id: b.help for b in load().buys}


def help_sections() -> list[tuple[str, list[str]]]:
    """The sections as a list, with every buy (the PAR sheet quotes them)."""
    s = dict(sections())
    m = load()
    title, paras = s["buy"]
    s["buy"] = (title, paras + [_("{mode} ({times} the bet): {what}").format(
        mode=b.label, times=_x(b.cost_x100), what=b.help) for b in m.buys])
    return list(s.values())


def general_rules(money: Callable[[int], str] = plain_money) -> list[tuple[str, str, list[str]]]:
    """The sheet's general information: (pictogram, title, paragraphs); `money`
    writes an amount of cents in the cabinet's currency."""
    m = load()
    ladder = m.raw["bet_ladder_cents"]
    return [
        ("recovery", _("Game interrupted"), [
            _("A round interrupted by a disconnection resumes when the game is restarted. The result of a completed "
              "winning round whose display was interrupted is shown again on restart; every round can be reviewed "
              "in the Game History.")]),
        ("limits", _("Bets and top prize"), [
            _("Bets range from {low} to {high}; feature purchases may exceed this limit.").format(
                low=money(ladder[0]), high=money(ladder[-1])),
            _("The maximum prize in this game is {times} the current bet, won through specific combinations and "
              "features.").format(times=_x(m.max_win_x100))]),
        ("outcome", _("Random outcomes"), [
            _("Any picture of a physical device (reel, wheel or similar) is not a real device: where it stops is "
              "decided by the game's random number generator, not by the number of positions on it. The outcome "
              "of every round is decided when it starts.")]),
        ("payback", _("Payback"), [_("The theoretical RTP is {base} for the Base Game and {buy} for every bonus buy; "
                                     "the odds are always the same.").format(base=_pct(m.rtp["base"]),
                                                                             buy=_pct(m.rtp["buy"]))]),
        ("malfunction", _("Malfunction"), [_("Misuse or failure voids all payments and games.")]),
    ]


def help_pages() -> list[tuple[str, str]]:
    """(title, text) pages, paragraphs separated by blank lines (GameSpec.view.help)."""
    pages = [(title, "\n\n".join(paras)) for title, paras in help_sections()]
    return pages + [(title, "\n\n".join(paras)) for _kind, title, paras in general_rules()]
