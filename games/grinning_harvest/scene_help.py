"""Grinning Harvest's info pages: the math's own help sections (help.py, every number
from math.yaml), grouped onto a few pages for the cabinet's info screen."""
from __future__ import annotations

from .help import help_sections

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
