"""The cabinet's outcome selection in real play: the operating system's
cryptographic source.

Demos, book generation and replays use the seeded `Rng` (cabinet/core/rng.py: a
`Stream` on numpy's PCG64DXSM). In real play the cabinet's own outcome selection (which book, a
live round's seed, every gamble and spin-chance draw) comes from `SystemRng`, whose
every draw is `secrets.randbelow` (GLI-19 asks for a cryptographically strong source
for outcome selection). A book's rules still replay from its stored seed, so what is
shown is what the book holds. This module is not round code: a book never draws
from it, so it is outside the math fingerprint.
"""
from __future__ import annotations

import secrets

from .rng import Rng


class SystemRng(Rng):
    """`Rng`'s interface with every draw from `secrets`; it has no seeded stream
    (`gen` is None), so nothing can draw from a seeded stream through it."""

    __slots__ = ()

    def __init__(self) -> None:
        self.gen = None          # type: ignore[assignment]
        self.trace = None

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), from the OS's CSPRNG (rejection inside `secrets`)."""
        if n <= 0:
            raise ValueError(f"below() needs n >= 1, got {n}")
        return secrets.randbelow(int(n))

    def seed64(self) -> int:
        """A fresh 63-bit seed for a live round's stream."""
        return secrets.randbelow(2**63 - 1)
