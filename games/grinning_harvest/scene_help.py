"""Grinning Harvest's info pages, written from math.yaml so what the player reads is
what the math does (values, jackpots, counter, vault limit, multipliers, buy options)."""
from __future__ import annotations

from .model import load


def _x(x100: int) -> str:
    return f"{x100 / 100:g}x"


def help_pages() -> list[tuple[str, str]]:
    """(title, text) pages; paragraphs separated by blank lines."""
    m = load()
    values = [lab for lab in m.values_base.labels if lab not in m.jackpots]
    jackpots = ", ".join(f"{k.capitalize()} ({_x(v)})" for k, v in m.jackpots.items())
    mults = [it for it, x in zip(m.row.items, m.row.multipliers) if int(x) > 1]
    gs = f"{int(m.great_skull_mult.min())}x-{int(m.great_skull_mult.max())}x"
    reels = lambda rs: " and ".join(str(r + 1) for r in rs)  # noqa: E731
    pumpkins = (
        f"Pumpkins land only on reels {reels(m.pumpkin_reels)} and show a cash value: "
        f"{', '.join(values)} the bet, or a jackpot coin: {jackpots}.\n\n"
        f"The Collector's Vault lands only on reel {reels(m.vault_reels)}. It collects the values of the Pumpkins "
        "that land on the same spin or later. Each Vault collects on its own: two Vaults each collect every "
        "Pumpkin.\n\n"
        "A value too large to show in full is shortened to two decimals and rounded down (10,250,500 shows "
        "as 10.25M): the shown value is the least you win.\n\n"
        f"The Wild ({m.names[m.raw['wild']]}) replaces every symbol except the Pumpkin and the Vault, and "
        "appears only in the base game.")
    bonus = (
        f"Pumpkins on reels {reels(m.pumpkin_reels)} with a Vault on reel {reels(m.vault_reels)} trigger the "
        "Hold-n-Win bonus. Those Pumpkins and Vaults do not pay in the base game: they carry over, and the "
        "Vault collects them before the first bonus spin.\n\n"
        f"In the bonus only Pumpkins and Vaults land. Vaults stay until the end (at most {m.max_vaults}). "
        f"The counter starts at {m.lives}; every new Pumpkin or Vault resets it to {m.lives}. The bonus ends "
        f"after {m.lives} empty spins in a row and pays the sum of the Vault values.\n\n"
        "The Big Pumpkin becomes the Big Skull, and a row appears above the reels. Each of its cells shows a "
        f"spider web (nothing), a multiplier ({mults[0][1:]}x-{mults[-1][1:]}x) or a small skull. A multiplier "
        "applies to the symbol directly below it; above a Vault it multiplies the Vault's value first, before "
        f"the Vault collects. Three skulls wake the Great Skull: {gs} on every Pumpkin and Vault value on the "
        "field for that spin.\n\n"
        f"The maximum win is {m.max_win_x100 // 100:,}x the bet; a round that reaches it ends, paying it.")
    buys = "\n\n".join(f"SHIFT+{b.key}  {b.label} - {_x(b.cost_x100)} the bet. {b.help}" for b in m.buys)
    buys += ("\n\nSHIFT+B or F opens the buy menu, SHIFT+1-4 goes straight to an option's confirmation page, "
             "SHIFT+LEFT/RIGHT moves between them and SHIFT+ENTER confirms.")
    return [("Pumpkins and Vaults", pumpkins), ("Hold-n-Win bonus", bonus), ("Buy bonus", buys)]
