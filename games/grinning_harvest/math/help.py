"""Help and PAR texts of Grinning Harvest, written from math.yaml so that the help
screen, the PAR sheet and the math agree on every number by construction.

`help_sections()` -> [(title, [paragraph, ...]), ...], grouped by `help_pages()`
onto the info screen's pages (GameSpec.help); the PAR sheet quotes the sections.
"""
from __future__ import annotations


from .tables import JACKPOTS, load, vaults_in_view


def _x(value_x100: int) -> str:
    """1500 -> '15x', 110 -> '1.1x', 1500000 -> '15,000x'."""
    whole, frac = divmod(int(value_x100), 100)
    return f"{whole:,}x" if not frac else f"{whole:,}.{frac:02d}".rstrip("0") + "x"


def _pct(rtp: float) -> str:
    return f"{rtp * 100:.2f}%"


def help_sections() -> list[tuple[str, list[str]]]:
    """The help screen's sections, every number from math.yaml."""
    m = load()
    raw = m.raw
    values = ", ".join(_x(v) for v, lab in zip(m.values_base.value_x100, m.values_base.labels) if lab not in JACKPOTS)
    jp = ", ".join(f"{k.capitalize()} ({_x(v)})" for k, v in m.jackpots.items())
    pays = ", ".join(f"{m.names[s]} {_x(p[3])}" for s, p in raw["pays_x100"].items())
    lines = "; ".join(f"line {i + 1}: rows " + "-".join(str(r + 1) for r in line) for i, line in enumerate(raw["lines"]))
    mults = sorted({int(x) for x in m.row.multipliers} - {1})
    skull = [int(x) for x in m.great_skull_mult]
    buys = [f"SHIFT+{b.key} {b.label} ({_x(b.cost_x100)} the bet): {b.help}" for b in m.buys]
    odds = vaults_in_view(m)
    together = " and ".join(f"{k} Vaults together 1 spin in {float(1 / odds[k]):,.0f}" for k in (2, 3) if odds[k])
    return [
        ("About the game", [
            f"{raw['name']} is a 3x3 Halloween game with {len(raw['lines'])} paylines and a Hold-n-Win bonus.",
            f"Win up to {_x(m.max_win_x100)} your bet in the Bonus Game; the round ends when the maximum is "
            "reached and the maximum is paid."]),
        ("Paylines", [
            f"Wins pay left to right on adjacent reels starting with the leftmost reel, on {len(raw['lines'])} "
            f"lines ({lines}; row 1 is the top row).",
            "Only the highest award per line is paid; wins on different lines are added.",
            f"Three of a kind pay: {pays} the total bet."]),
        ("Wild", ["The Wild substitutes for all symbols except Pumpkin and Vault. It appears only in the Base Game."]),
        ("Pumpkins", [
            f"Pumpkins land only on reels 1 and 3 and show a value of {values} the bet, or a jackpot coin: {jp}.",
            "Jackpot coins appear only on Pumpkins.",
            "Values too large to show are shortened to two decimals and always rounded down "
            "(10,250,500 shows as 10.25M): the shown value is the least you win."]),
        ("Collector's Vault", [
            "The Vault lands only on reel 2 and collects Pumpkin values in every game mode.",
            "A Vault collects only Pumpkins that land on the same spin as it or later; a new Vault does not "
            "collect Pumpkins that landed before it. Several Vaults each collect independently.",
            "In the Base Game a Vault with Pumpkins pays their values at once (each Vault in view pays them). "
            f"Reel 2 shows {together} on average."]),
        ("Hold-n-Win Bonus", [
            "Pumpkins on reels 1 and 3 with a Vault on reel 2 trigger the bonus instead: they do not pay in the "
            "Base Game but are carried over, and the Vaults collect those Pumpkins before the first bonus spin.",
            f"In the bonus only Pumpkins and Vaults appear; Vaults stay fixed to the end, up to {m.max_vaults}. "
            f"The counter starts at {m.lives} spins and every new Pumpkin or Vault resets it to {m.lives}; the "
            f"bonus ends after {m.lives} consecutive empty spins, even when every cell is filled. "
            "The bonus pays the sum of the Vault values. There are no line wins in the bonus."]),
        ("Multiplier row and Great Skull", [
            f"Above the reels a row shows a multiplier ({mults[0]}x-{mults[-1]}x), a small skull or a spider "
            "web over each reel. A multiplier applies to the symbol directly below it (the top cell of its reel): "
            "to a Vault there, whose value is multiplied first, before it collects Pumpkins from other reels, or "
            "to a Pumpkin landing there on that spin (Pumpkins from earlier spins are already in the Vaults).",
            f"Three small skulls wake the Great Skull: a {skull[0]}x-{skull[-1]}x multiplier on every Vault "
            "value and every Pumpkin value on the field for that spin. The web does nothing."]),
        ("Buy bonus", [f"The RTP when buying any bonus is {_pct(m.rtp['buy'])}. Feature prices may exceed the "
                       "maximum bet level.", *buys]),
        ("Return to player", [f"The theoretical RTP of the Base Game is {_pct(m.rtp['base'])}."]),
    ]


PAGES = (("The game", ("About the game", "Paylines", "Wild")),
         ("Pumpkins and Vaults", ("Pumpkins", "Collector's Vault")),
         ("Hold-n-Win bonus", ("Hold-n-Win Bonus", "Multiplier row and Great Skull")),
         ("Buy bonus", ("Buy bonus", "Return to player")))
KEYS = ("SHIFT+B or F opens the buy menu, SHIFT+1-4 goes straight to an option's confirmation page, "
        "SHIFT+LEFT/RIGHT moves between them and SHIFT+ENTER confirms.")


def help_pages() -> list[tuple[str, str]]:
    """(title, text) pages, paragraphs separated by blank lines; a section the
    grouping does not name gets a page of its own."""
    sections = dict(help_sections())
    pages, used = [], set()
    for title, names in PAGES:
        paras = []
        for name in names:
            if name in sections:
                used.add(name)
                paras += [name.upper()] + list(sections[name])
        if title == "Buy bonus":
            paras.append(KEYS)
        if paras:
            pages.append((title, "\n\n".join(paras)))
    pages += [(name, "\n\n".join(paras)) for name, paras in sections.items() if name not in used]
    return pages
