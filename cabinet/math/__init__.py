"""The math toolchain: book libraries with exact RTP per bet mode, the optimizer,
live simulation, PAR sheets and benchmarks. Run as `python -m cabinet.math VERB`.

Runtime API for the cabinet (no pygame, numpy only): `cabinet.math.books` —
`load_library(spec) -> Library`, `Library.draw(rng, mode, category=None)`,
`Library.round(mode, book_id)`, `Library.payout_x100(mode, book_id)`, `LibraryError`.
"""
