"""The cash-out ticket's picture: what a TITO voucher carries, with its validation
number as an Interleaved 2 of 5 barcode (the symbology such tickets use), written as
a PNG beside the ticket's JSON in <data_dir>/vouchers/ (cabinet/core/cash_desk.py)."""
from __future__ import annotations

import time
from typing import Any

import pygame

# Interleaved 2 of 5: each digit is five elements, two of them wide.
ITF = {"0": "nnwwn", "1": "wnnnw", "2": "nwnnw", "3": "wwnnn", "4": "nnwnw", "5": "wnwnn", "6": "nwwnn",
       "7": "nnnww", "8": "wnnwn", "9": "nwnwn"}
NARROW, WIDE = 3, 8
SIZE = (900, 420)


def itf_elements(digits: str) -> list[tuple[bool, int]]:
    """(bar?, width) of the whole symbol: start, the digit pairs, stop."""
    if len(digits) % 2 or not digits.isdigit():
        raise ValueError("Interleaved 2 of 5 encodes an even count of digits")
    out = [(True, NARROW), (False, NARROW), (True, NARROW), (False, NARROW)]
    for a, b in zip(digits[0::2], digits[1::2]):
        for bar, space in zip(ITF[a], ITF[b]):
            out += [(True, WIDE if bar == "w" else NARROW), (False, WIDE if space == "w" else NARROW)]
    return out + [(True, WIDE), (False, NARROW), (True, NARROW)]


def render(ticket: dict[str, Any], currency: Any) -> pygame.Surface:
    """The ticket as a picture (white paper, black print)."""
    surf = pygame.Surface(SIZE)
    surf.fill((250, 250, 244))
    ink = (16, 16, 20)
    pygame.draw.rect(surf, ink, surf.get_rect(), 4)
    big, mid, small = (pygame.font.Font(None, n) for n in (86, 40, 30))

    def put(text: str, font: pygame.font.Font, y: int, x: int | None = None) -> None:
        label = font.render(text, True, ink)
        surf.blit(label, label.get_rect(midtop=(SIZE[0] // 2, y)) if x is None else (x, y))

    put("CASH OUT VOUCHER", mid, 20)
    put(currency.format(ticket["cents"]), big, 62)
    digits = ticket["validation"].replace("-", "")
    x = (SIZE[0] - sum(w for _, w in itf_elements(digits))) // 2
    for bar, w in itf_elements(digits):
        if bar:
            pygame.draw.rect(surf, ink, (x, 140, w, 120))
        x += w
    put(f"VALIDATION {ticket['validation']}", mid, 272)
    when = time.strftime("%d %b %Y %H:%M:%S", time.localtime(ticket["created_at"]))
    put(f"TICKET #{ticket['cash_id']:06d}    {when}", small, 322, 30)
    put(f"CABINET {ticket['cabinet']}", small, 362, 30)
    return surf


def save_png(ticket: dict[str, Any], currency: Any) -> str | None:
    """Write the ticket's picture beside its JSON (cash_desk.write_ticket); the path,
    or None when the JSON could not be written or the disk refuses the picture."""
    base = ticket.get("file")
    if not base:
        return None
    try:
        pygame.image.save(render(ticket, currency), f"{base}.png")
    except (pygame.error, OSError):
        return None
    return f"{base}.png"


def thumbnail(ticket: dict[str, Any], currency: Any, width: int) -> pygame.Surface:
    surf = render(ticket, currency)
    h = int(SIZE[1] * width / SIZE[0])
    return pygame.transform.smoothscale(surf, (width, h))

